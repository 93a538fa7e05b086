package ui

import (
	"strings"
	"time"
	"unicode/utf8"

	"trihex/input"
	"trihex/render"
)

// The boxes over the window: a question with Yes and Cancel, the path field that
// stands in for the native file dialogs, and the notice shown while a native
// dialog is open. Each is an overlay: it has all the input while it is open.

const (
	wBox            widgetID = "box"
	wConfirmSave    widgetID = "confirm-save"
	wConfirmDiscard widgetID = "confirm-discard"
	wConfirmCancel  widgetID = "confirm-cancel"
)

// boxRect is where every box sits: the middle of the window.
func boxRect(a *App) render.Rect {
	s := a.scale
	return render.Rect{X: a.w/2 - 230*s, Y: a.h/2 - 80*s, W: 460 * s, H: 160 * s}
}

// drawBox dims the window and draws an empty box.
func drawBox(a *App, p painter, box render.Rect) {
	render.FillRect(p.dst, render.Rect{W: a.w, H: a.h}, p.th.Scrim)
	render.FillRoundRect(p.dst, box, 10*p.s, p.th.Panel)
	render.StrokeRoundRect(p.dst, box, 10*p.s, 1*p.s, p.th.MenuEdge)
}

// confirmBox asks a question with a row of buttons; the first is the default
// (Enter), and Esc is the last, which does nothing.
type confirmBox struct {
	title, text string
	buttons     []boxButton
	// keep, when set, says whether the question still stands; the box closes
	// unanswered once it does not (an offer withdrawn, the game over).
	keep func() bool
	ring keyRing // the button Enter presses, the first until Tab moves it (keynav.go)
}

// boxButton is one answer of a confirm box; a nil run only closes the box.
type boxButton struct {
	id    widgetID
	label string
	style buttonStyle
	run   func()
}

func (c *confirmBox) layout(a *App) *Layout {
	s := a.scale
	box := boxRect(a)
	l := newLayout()
	l.add(wBox, box, false, "")
	x := box.X + box.W - 16*s
	for i := len(c.buttons) - 1; i >= 0; i-- {
		b := c.buttons[i]
		w, _ := render.Measure(b.label, render.Face(14*s, true))
		w = max(96*s, w+28*s)
		x -= w
		l.add(b.id, render.Rect{X: x, Y: box.Y + box.H - 50*s, W: w, H: 34 * s}, true, b.label)
		x -= 8 * s
	}
	return l
}

func (c *confirmBox) update(a *App, f *input.Frame) {
	if c.keep != nil && !c.keep() {
		a.pop(c)
		return
	}
	chosen := -1
	if f.Click {
		if id, ok := a.layouts[c].hit(f.DownX, f.DownY); ok {
			for i, b := range c.buttons {
				if b.id == id {
					chosen = i
				}
			}
		}
	}
	for _, cmd := range f.Commands(input.ScopeBox) {
		switch cmd {
		case input.CmdConfirm, input.CmdActivate:
			chosen = c.ringed()
		case input.CmdDismiss:
			chosen = len(c.buttons) - 1
		default:
			c.keyStep(cmd)
		}
	}
	if chosen < 0 {
		return
	}
	a.pop(c)
	if run := c.buttons[chosen].run; run != nil {
		run()
	}
}

func (c *confirmBox) draw(a *App, p painter, l *Layout) {
	s := p.s
	box := l.rect(wBox)
	drawBox(a, p, box)
	p.text(c.title, 18, true, box.X+20*s, box.Y+26*s, render.Left, p.th.Text)
	f := render.Face(14*s, false)
	for i, line := range wrap(c.text, f, box.W-40*s) {
		p.t.Add(line, f, box.X+20*s, box.Y+56*s+float64(i)*18*s, render.Left, p.th.TextDim)
	}
	for i, b := range c.buttons {
		w, _ := l.get(b.id)
		p.button(w, c.buttonLabel(i), b.style, 14, true)
	}
}

// pathPrompt is the path field drawn in the window when there is no native dialog.
type pathPrompt struct {
	title     string
	text      string
	then      func(string)
	keepEmpty bool // Enter with an empty field still answers (a comment removed)
	plain     bool // words, not a path: no ~ expanded
}

// frames draws the cursor's blink, every half second.
func (pr *pathPrompt) frames(a *App, fr *frames, now time.Time) {
	const blink = 500 * time.Millisecond
	fr.drawAt(now.Truncate(blink).Add(blink))
}

func (pr *pathPrompt) layout(a *App) *Layout {
	l := newLayout()
	l.add(wBox, boxRect(a), false, "")
	return l
}

func (pr *pathPrompt) update(a *App, f *input.Frame) {
	for _, r := range f.Text {
		if r >= ' ' && len(pr.text) < 4096 {
			pr.text += string(r)
		}
	}
	for _, c := range f.Commands(input.ScopeBox) {
		switch c {
		case input.CmdBackspace:
			if pr.text != "" {
				_, n := utf8.DecodeLastRuneInString(pr.text)
				pr.text = pr.text[:len(pr.text)-n]
			}
		case input.CmdConfirm:
			a.pop(pr)
			if t := strings.TrimSpace(pr.text); t != "" || pr.keepEmpty {
				if !pr.keepEmpty && !pr.plain {
					t = expandHome(t)
				}
				pr.then(t)
			}
			return
		case input.CmdDismiss:
			a.pop(pr)
			return
		}
	}
}

func (pr *pathPrompt) draw(a *App, p painter, l *Layout) {
	s := p.s
	box := l.rect(wBox)
	drawBox(a, p, box)
	p.text(pr.title, 16, true, box.X+20*s, box.Y+26*s, render.Left, p.th.Text)
	field := render.Rect{X: box.X + 20*s, Y: box.Y + 56*s, W: box.W - 40*s, H: 34 * s}
	render.FillRoundRect(p.dst, field, 4*s, p.th.Field)
	f := render.Face(14*s, false)
	shown := pr.text
	for shown != "" {
		if w, _ := render.Measure(shown+"|", f); w < field.W-16*s {
			break
		}
		_, n := utf8.DecodeRuneInString(shown)
		shown = shown[n:] // keep the end of a long path in view
	}
	cursor := ""
	if p.now.UnixMilli()/500%2 == 0 {
		cursor = "|"
	}
	p.t.Add(shown+cursor, f, field.X+8*s, field.CY(), render.Left, p.th.Text)
	p.text("Enter accepts · Esc cancels", 12, false, box.X+20*s, box.Y+box.H-24*s, render.Left, p.th.TextDim)
}

// dialogWait is shown while a native file dialog is open; the dialog runs on its
// own goroutine so the window keeps drawing, and its answer is polled here.
type dialogWait struct {
	ch       chan dlgResult
	then     func(string)
	fallback *pathPrompt // the path field, if GTK cannot start
}

type dlgResult struct {
	path string
	err  error
}

func (d *dialogWait) layout(a *App) *Layout { return newLayout() }

// frames polls for the dialog's answer, which comes on another goroutine.
func (d *dialogWait) frames(a *App, fr *frames, now time.Time) {
	fr.pollAt(now.Add(frameGap))
}

func (d *dialogWait) update(a *App, f *input.Frame) {
	select {
	case r := <-d.ch:
		a.pop(d)
		a.files.dialogDone(a, d, r)
	default:
	}
}

func (d *dialogWait) draw(a *App, p painter, l *Layout) {
	render.FillRect(p.dst, render.Rect{W: a.w, H: a.h}, p.th.ScrimLight)
	p.text("Waiting for the file dialog…", 16, true, a.w/2, a.h/2, render.Center, p.th.Text)
}
