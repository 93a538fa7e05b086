package ui

import (
	"strings"
	"time"
	"unicode/utf8"

	"trihex/game/hex"
	"trihex/input"
	"trihex/render"
)

// movePrompt is the field E opens at the foot of the window, as chess programs
// have: a move typed in the game's notation is played with Enter when it is
// legal; otherwise the field stays, with the rules' reason under it. Esc closes
// it. The board stays in view above it.
type movePrompt struct {
	play *playScene
	text string
	why  string // why the last Enter played nothing
}

const wMoveField widgetID = "move-field"

// moveFieldRect is the field's box: the width of a confirm box, at the window's
// foot, so that the board it speaks of is not covered.
func moveFieldRect(a *App) render.Rect {
	s := a.scale
	return render.Rect{X: a.w/2 - 230*s, Y: a.h - 150*s, W: 460 * s, H: 130 * s}
}

func (m *movePrompt) frames(a *App, fr *frames, now time.Time) {
	const blink = 500 * time.Millisecond
	fr.drawAt(now.Truncate(blink).Add(blink))
}

func (m *movePrompt) layout(a *App) *Layout {
	l := newLayout()
	l.add(wMoveField, moveFieldRect(a), false, "")
	l.Status = m.why
	if m.why == "" {
		l.Status = "typing a move: " + m.text
	}
	return l
}

func (m *movePrompt) update(a *App, f *input.Frame) {
	for _, r := range f.Text {
		if r >= ' ' && len(m.text) < 64 {
			m.text += string(r)
			m.why = ""
		}
	}
	for _, c := range f.Commands(input.ScopeBox) {
		switch c {
		case input.CmdBackspace:
			if m.text != "" {
				_, n := utf8.DecodeLastRuneInString(m.text)
				m.text = m.text[:len(m.text)-n]
				m.why = ""
			}
		case input.CmdConfirm:
			if m.enter(a) {
				a.pop(m)
				return
			}
		case input.CmdDismiss:
			a.pop(m)
			return
		}
	}
}

// enter plays the typed move if it is legal now and reports whether it did;
// otherwise it keeps the reason to show.
func (m *movePrompt) enter(a *App) bool {
	p := m.play
	s := p.sess
	st := s.InputState()
	if st == nil {
		switch {
		case s.Match.Reviewing():
			m.why = "An earlier position is shown: End goes back to the live one to play."
		case p.refusal(hex.Coord{}) != "":
			m.why = p.refusal(hex.Coord{})
		default:
			m.why = "No move can be played now."
		}
		return false
	}
	ch, err := input.TypedMove(st, m.text)
	if err != nil {
		m.why = capitalize(plain(err.Error()))
		return false
	}
	s.Picker.Cancel()
	p.focus.Clear()
	p.handle(a, s.Play(ch))
	return true
}

func (m *movePrompt) draw(a *App, p painter, l *Layout) {
	s := p.s
	box := l.rect(wMoveField)
	render.FillRoundRect(p.dst, box, 10*s, p.th.Panel)
	render.StrokeRoundRect(p.dst, box, 10*s, 1*s, p.th.MenuEdge)
	p.text("Type a move ("+m.example()+")", 16, true, box.X+20*s, box.Y+24*s, render.Left, p.th.Text)
	field := render.Rect{X: box.X + 20*s, Y: box.Y + 42*s, W: box.W - 40*s, H: 34 * s}
	render.FillRoundRect(p.dst, field, 4*s, p.th.Field)
	render.StrokeRoundRect(p.dst, field, 4*s, 2*s, p.th.Focus) // the keys are here
	cursor := ""
	if p.now.UnixMilli()/500%2 == 0 {
		cursor = "|"
	}
	f := render.Face(14*s, false)
	p.t.Add(m.text+cursor, f, field.X+8*s, field.CY(), render.Left, p.th.Text)
	note, colour := "Enter plays it · Esc closes", p.th.TextDim
	if m.why != "" {
		note, colour = m.why, p.th.Warning
	}
	lines := wrap(note, render.Face(12*s, false), box.W-40*s)
	for i, line := range lines[:min(2, len(lines))] {
		p.text(line, 12, false, box.X+20*s, box.Y+92*s+float64(i)*16*s, render.Left, colour)
	}
}

// example shows the notation with moves legal now, or the game's first moves.
func (m *movePrompt) example() string {
	st := m.play.sess.InputState()
	if st == nil {
		st = m.play.sess.Match.Live()
	}
	var ex []string
	seen := map[string]bool{}
	for _, mv := range st.LegalMoves(nil) {
		t := st.FormatMove(mv)
		kind := strings.ContainsAny(t, "-,") // a step or capture reads differently
		key := "place"
		if kind {
			key = "other"
		}
		if !seen[key] {
			seen[key] = true
			ex = append(ex, t)
		}
		if len(ex) == 2 {
			break
		}
	}
	if len(ex) == 0 {
		return "the game is over"
	}
	return "e.g. " + strings.Join(ex, ", ")
}
