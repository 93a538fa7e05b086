package ui

import (
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"trihex/input"
	"trihex/render"
)

// bar is the layer over the scene: the File, View, Game and Help buttons at the
// top left and the message row beside them. It takes the window-wide commands (the menus,
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
	wHelp   widgetID = "help"
	wBanner widgetID = "banner"
)

// helpX is where the Help button starts: after Game in a game, after View on
// the start screen (which has no Game menu).
func helpX(a *App) float64 {
	if a.play() != nil {
		return 218 * a.scale
	}
	return 148 * a.scale
}

func (b *bar) show(text string, err bool, until time.Time) {
	b.text, b.err, b.until = text, err, until
}

// How long a message shows: an error long enough to be read twice.
const (
	noticeFor = 4 * time.Second
	errorFor  = 12 * time.Second
)

// place is where the message shows: the top row right of the menu buttons,
// over the board's area (the board, its labels, the coach's and the lesson's
// lines and the end card all lie below that row), left of the result, review or
// pause banner when one shows. The same place on every screen and at a game's
// end. wide is the room it has.
func (b *bar) place(a *App) (r render.Rect, wide float64) {
	s := a.scale
	left, right := helpX(a)+72*s, a.w-8*s
	if p := a.play(); p != nil && p.lay != nil {
		right = p.lay.board.X + p.lay.board.W - 8*s
		if msg, _, tr := p.topBanner(p.lay, s); msg != "" {
			right = min(right, tr.X-8*s)
		}
	}
	wide = max(right-left, 80*s)
	w := min(wide, 760*s)
	return render.Rect{X: left, Y: 8 * s, W: w, H: 30 * s}, wide
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
	l.add(wHelp, render.Rect{X: helpX(a), Y: 8 * s, W: 64 * s, H: 30 * s}, true, "Help")
	if b.text != "" {
		r, _ := b.place(a)
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
		case wHelp:
			a.push(&menu{helpMenu: true})
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
			openMenuByKey(a, newMenu(false))
		case input.CmdViewMenu:
			openMenuByKey(a, newMenu(true))
		case input.CmdGameMenu:
			if a.play() == nil {
				continue
			}
			openMenuByKey(a, &menu{gameMenu: true})
		case input.CmdHelpMenu:
			openMenuByKey(a, &menu{helpMenu: true})
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
	for _, id := range []widgetID{wFile, wView, wGame, wHelp} {
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
	// One line when it fits, else two smaller ones, the rest cut: the row is the
	// height of a button.
	room := w.r.W - 44*s
	f := render.Face(14*s, false)
	lines := []string{b.text}
	if tw, _ := render.Measure(b.text, f); tw > room {
		f = render.Face(12*s, false)
		lines = wrap(b.text, f, room)
		if len(lines) > 2 {
			lines = []string{lines[0], clip(room, f, strings.Join(lines[1:], " "))}
		}
	}
	for i, line := range lines {
		y := w.r.CY() + (float64(i)-float64(len(lines)-1)/2)*14*s
		p.t.Add(line, f, w.r.X+12*s, y, render.Left, p.th.Text)
	}
	p.text("×", 18, true, w.r.X+w.r.W-16*s, w.r.CY(), render.Center, p.th.Text)
}

// clip cuts t to fit w, ending it with "…" when cut.
func clip(w float64, f *text.GoTextFace, t string) string {
	if tw, _ := render.Measure(t, f); tw <= w {
		return t
	}
	r := []rune(t)
	for len(r) > 0 {
		r = r[:len(r)-1]
		if tw, _ := render.Measure(string(r)+"…", f); tw <= w {
			break
		}
	}
	return string(r) + "…"
}
