package ui

import (
	"fmt"
	"image/color"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/input"
	"trihex/render"
)

// The review bar under the board: first, back, play/pause, forward and last
// position, a slider over all positions and the replay's pace. It shows once a
// move has been played, so a finished or loaded game can be replayed; J, K and L
// step back, play/pause and step forward.

// reviewBarH is the review bar's height in logical pixels, kept free under the board.
const reviewBarH = 48

// reviewBar is the bar's rectangle (empty before the first move).
func (p *play) reviewBar() render.Rect {
	if p.match.Len() == 0 || p.screen.Board.W == 0 {
		return render.Rect{}
	}
	s := p.screen.Scale
	b := p.screen.Board
	return render.Rect{X: b.X + 8*s, Y: b.Y + b.H - (reviewBarH-4)*s, W: b.W - 16*s, H: (reviewBarH - 8) * s}
}

// reviewRects lays out the bar's buttons ("rv-…") and slider.
func (p *play) reviewRects() map[string]render.Rect {
	bar := p.reviewBar()
	if bar.W == 0 {
		return nil
	}
	s := p.screen.Scale
	out := map[string]render.Rect{}
	x := bar.X + 6*s
	y := bar.Y + 4*s
	h := bar.H - 8*s
	for _, b := range []struct {
		name string
		w    float64
	}{{"rv-start", 34}, {"rv-back", 34}, {"rv-play", 62}, {"rv-fwd", 34}, {"rv-end", 34}} {
		out[b.name] = render.Rect{X: x, Y: y, W: b.w * s, H: h}
		x += (b.w + 4) * s
	}
	speed := render.Rect{X: bar.X + bar.W - 6*s - 58*s, Y: y, W: 58 * s, H: h}
	out["rv-speed"] = speed
	// The counter's room ("123/123") sits between the slider and the pace.
	sl := render.Rect{X: x + 14*s, Y: y, W: speed.X - 84*s - (x + 14*s), H: h}
	if sl.W > 20*s {
		out["rv-slider"] = sl
	}
	return out
}

// tickReplay moves a running replay on.
func (p *play) tickReplay(a *app) {
	now := time.Now()
	dt := 0.0
	if !p.lastTick.IsZero() {
		dt = now.Sub(p.lastTick).Seconds()
	}
	p.lastTick = now
	if p.replay.Tick(p.match, dt) {
		p.anims.clear()
		p.afterReview(a)
	}
}

// reviewStep moves the review by f, stopping a running replay.
func (p *play) reviewStep(a *app, f func()) {
	p.replay.Stop()
	p.anims.clear()
	f()
	p.afterReview(a)
}

// updateReview handles the bar's clicks, the slider's drag and J, K, L. It reports
// whether it used the input.
func (p *play) updateReview(a *app) bool {
	m := p.match
	rects := p.reviewRects()
	step := func(f func()) { p.reviewStep(a, f) }
	switch {
	case keyPressed(ebiten.KeyJ):
		step(m.Back)
		return true
	case keyPressed(ebiten.KeyL):
		step(m.Forward)
		return true
	case keyPressed(ebiten.KeyK):
		p.replay.Toggle(m)
		p.afterReview(a)
		return true
	case keyPressed(ebiten.KeyN) && !ctrl() && p.seriesNext():
		a.nextSeriesGame(p)
		return true
	}
	if rects == nil {
		return false
	}
	// The slider follows a press and drag that began on it.
	if sl, ok := rects["rv-slider"]; ok && p.ptr.down && sl.Contains(p.ptr.downX, p.ptr.downY) {
		if i := input.SliderIndex(p.ptr.x, sl.X, sl.W, m.Len()); i != m.ViewIndex() {
			step(func() { m.Review(i) })
		}
		return true
	}
	if !p.ptr.click || !p.reviewBar().Contains(p.ptr.downX, p.ptr.downY) {
		return false
	}
	x, y := p.ptr.downX, p.ptr.downY
	for name, r := range rects {
		if !r.Contains(x, y) {
			continue
		}
		switch name {
		case "rv-start":
			step(func() { m.Review(0) })
		case "rv-back":
			step(m.Back)
		case "rv-fwd":
			step(m.Forward)
		case "rv-end":
			step(m.ToLive)
		case "rv-play":
			p.replay.Toggle(m)
			p.afterReview(a)
		case "rv-speed":
			p.replay.Speed = input.NextSpeed(p.replay.Speed)
		case "rv-slider":
			i := input.SliderIndex(x, r.X, r.W, m.Len())
			step(func() { m.Review(i) })
		}
	}
	a.layoutDirty = true
	return true // a click on the bar never reaches the board
}

func (p *play) drawReview(dst *ebiten.Image, t *render.Texts) {
	rects := p.reviewRects()
	if rects == nil {
		return
	}
	s := p.screen.Scale
	m := p.match
	render.FillRoundRect(dst, p.reviewBar(), 8*s, color.NRGBA{0x14, 0x16, 0x1a, 0xd8})
	f := render.Face(15*s, true)
	labels := map[string]string{"rv-start": "«", "rv-back": "‹", "rv-fwd": "›", "rv-end": "»", "rv-play": "Play",
		"rv-speed": fmt.Sprintf("%g×", p.replay.Speed)}
	if p.replay.Playing {
		labels["rv-play"] = "Pause"
	}
	for name, label := range labels {
		r := rects[name]
		on := true
		switch name {
		case "rv-start", "rv-back":
			on = m.ViewIndex() > 0
		case "rv-fwd", "rv-end":
			on = m.ViewIndex() < m.Len()
		}
		bg := render.ButtonBG
		if on && r.Contains(p.ptr.x, p.ptr.y) {
			bg = render.ButtonHot
		}
		if name == "rv-play" && p.replay.Playing {
			bg = color.RGBA{0x2d, 0x5f, 0x9a, 0xff}
		}
		render.FillRoundRect(dst, r, 6*s, bg)
		tc := color.Color(render.TextColor)
		if !on {
			tc = color.RGBA{0x70, 0x74, 0x7c, 0xff}
		}
		ff := f
		if len([]rune(label)) == 1 {
			ff = render.Face(20*s, true)
		}
		t.Add(label, ff, r.CX(), r.CY(), render.Center, tc)
	}
	sl, ok := rects["rv-slider"]
	if !ok {
		return
	}
	n := m.Len()
	track := render.Rect{X: sl.X, Y: sl.CY() - 2*s, W: sl.W, H: 4 * s}
	render.FillRoundRect(dst, track, 2*s, color.RGBA{0x50, 0x56, 0x60, 0xff})
	kx := input.SliderX(m.ViewIndex(), sl.X, sl.W, n)
	render.FillRoundRect(dst, render.Rect{X: sl.X, Y: track.Y, W: kx - sl.X, H: track.H}, 2*s, render.Accent)
	knob := render.Rect{X: kx - 8*s, Y: sl.CY() - 8*s, W: 16 * s, H: 16 * s}
	render.FillRoundRect(dst, knob, 8*s, render.TextColor)
	t.Add(fmt.Sprintf("%d/%d", m.ViewIndex(), n), render.Face(13*s, false), sl.X+sl.W+16*s, sl.CY(), render.Left, render.TextDim)
}

// moveSound plays the sound of a move just played: the game's end, a capture
// (Attangle), a stack or tile moved (Abande, Andantino's continuation) or a piece
// placed.
func (p *play) moveSound(a *app, ch input.Choice) {
	k := sndPlace
	switch {
	case p.match.Live().Result().Over:
		k = sndEnd
	case len(ch.Cells) >= 3:
		k = sndCapture
	case len(ch.Cells) == 2:
		k = sndMove
	}
	a.sound.play(k)
}

// seriesNext reports whether the series' next game can start now.
func (p *play) seriesNext() bool {
	return p.series != nil && p.match.Live().Result().Over && !p.match.Reviewing() && !p.series.over(p.match.Live())
}
