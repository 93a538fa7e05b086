package ui

import (
	"time"

	"trihex/input"
	"trihex/render"
)

// bar is the layer over the scene: the File and View buttons at the top left and
// the message banner at the bottom. It takes the window-wide commands (the menus,
// file commands, View settings, fullscreen) and passes the rest of the input down
// to the scene.
type bar struct {
	text  string
	err   bool
	until time.Time // zero: until dismissed
}

const (
	wFile   widgetID = "file"
	wView   widgetID = "view"
	wGame   widgetID = "game"
	wBanner widgetID = "banner"
)

func (b *bar) show(text string, err bool, until time.Time) {
	b.text, b.err, b.until = text, err, until
}

// expire drops a notice whose time is up.
func (b *bar) expire(now time.Time) {
	if b.text != "" && !b.until.IsZero() && now.After(b.until) {
		*b = bar{}
	}
}

func (b *bar) layout(a *App) *Layout {
	s := a.scale
	l := newLayout()
	l.add(wFile, render.Rect{X: 8 * s, Y: 8 * s, W: 64 * s, H: 30 * s}, true, "File")
	l.add(wView, render.Rect{X: 78 * s, Y: 8 * s, W: 64 * s, H: 30 * s}, true, "View")
	if a.play() != nil {
		l.add(wGame, render.Rect{X: 148 * s, Y: 8 * s, W: 64 * s, H: 30 * s}, true, "Game")
	}
	if b.text != "" {
		// At the foot of the board, clear of the panel and of the review bar.
		area, bottom := a.w, a.h-4*s
		if p := a.play(); p != nil && p.lay != nil {
			area = p.lay.board.W
			if p.lay.bar.H > 0 {
				bottom = p.lay.bar.Y - 6*s
			}
		}
		w := min(area-40*s, 760*s)
		r := render.Rect{X: (area - w) / 2, Y: bottom - 64*s, W: w, H: 64 * s}
		_, start := a.scene.(*startScreen)
		ended := false
		if p := a.play(); p != nil && p.lay != nil {
			_, ended = p.lay.get(wResult)
		}
		if start || ended {
			// The start screen's foot holds Start and Continue, a finished game's
			// the result card and its buttons: the banner goes to the top instead,
			// right of File and View, over the title or the board's top.
			left, right := 220*s, a.w-8*s
			if start {
				left = 150 * s // no Game button there
			}
			if ended {
				right = area - 8*s
			}
			w = min(right-left, 760*s)
			r = render.Rect{X: left + (right-left-w)/2, Y: 6 * s, W: w, H: 64 * s}
		}
		l.add(wBanner, r, true, "")
		l.Banner = b.text
	}
	return l
}

// update takes the input when the bar is on top of the stack (it never is: the
// scene is under it); take is what the stack calls.
func (b *bar) update(a *App, f *input.Frame) { b.take(a, f) }

// take reports whether it used the input; the scene gets it otherwise.
func (b *bar) take(a *App, f *input.Frame) bool {
	l := a.layouts[b]
	if f.Click {
		switch id, _ := l.hit(f.DownX, f.DownY); id {
		case wFile:
			a.push(newMenu(false))
			return true
		case wView:
			a.push(newMenu(true))
			return true
		case wGame:
			a.push(&menu{gameMenu: true})
			return true
		case wBanner:
			*b = bar{}
			return true
		}
	}
	used := false
	for _, c := range f.Commands(input.ScopeGlobal) {
		switch c {
		case input.CmdDismiss:
			if b.text == "" {
				continue // Esc is the scene's then (cancel a half-built move)
			}
			*b = bar{}
		case input.CmdFileMenu:
			a.push(newMenu(false))
		case input.CmdViewMenu:
			a.push(newMenu(true))
		case input.CmdGameMenu:
			if a.play() == nil {
				continue
			}
			a.push(&menu{gameMenu: true})
		case input.CmdNew, input.CmdOpen, input.CmdSave, input.CmdSaveAs, input.CmdQuit,
			input.CmdNextTheme, input.CmdCoords, input.CmdFlip, input.CmdSound, input.CmdVolumeUp, input.CmdVolumeDown, input.CmdFaster:
			a.run(c)
		default:
			continue // the scene's (rules, shortcuts) or the App's (fullscreen)
		}
		used = true
	}
	return used
}

func (b *bar) draw(a *App, p painter, l *Layout) {
	s := p.s
	for _, id := range []widgetID{wFile, wView, wGame} {
		w, ok := l.get(id)
		if !ok {
			continue
		}
		p.button(w, w.label, plainButton, 14, true)
	}
	w, ok := l.get(wBanner)
	if !ok {
		return
	}
	c := p.th.BannerInfo
	if b.err {
		c = p.th.BannerError
	}
	render.FillRoundRect(p.dst, w.r, 8*s, c)
	f := render.Face(14*s, false)
	lines := wrap(b.text, f, w.r.W-60*s)
	if len(lines) > 3 {
		lines = append(lines[:2], lines[2]+" …")
	}
	for i, line := range lines {
		y := w.r.CY() + (float64(i)-float64(len(lines)-1)/2)*18*s
		p.t.Add(line, f, w.r.X+14*s, y, render.Left, p.th.Text)
	}
	p.text("×", 20, true, w.r.X+w.r.W-20*s, w.r.Y+16*s, render.Center, p.th.Text)
}
