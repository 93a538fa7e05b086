package ui

import (
	"fmt"
	"slices"

	"trihex/game/hex"
	"trihex/input"
)

// Playing by keys: Tab and Shift+Tab ring the picker's targets in reading order
// (input.Focus), Enter chooses the ringed one through the same path as a click,
// Esc takes back the last choice. The ring is drawn in the theme's Focus colour
// and the status line names the ringed cell and what Enter would do.

// keyCommand carries out the board's keyboard commands; it reports whether c was
// one of them.
func (p *playScene) keyCommand(a *App, c input.Command) bool {
	switch c {
	case input.CmdFocusNext, input.CmdFocusPrev:
		dir := 1
		if c == input.CmdFocusPrev {
			dir = -1
		}
		p.stepRing(dir)
		return true
	case input.CmdChoose:
		if p.pressRinged(a) {
			return true
		}
		cell, on := p.focus.Cell()
		if !on {
			if box := p.boxButtons(); len(box) > 0 {
				p.ringBtn.set(box[0]) // Next, Try again, Rematch: ringed, and the next Enter presses it
				return true
			}
			p.say("Tab rings a point, stack or cell to choose; E types a move.")
			return true
		}
		if p.sess.Match.Reviewing() && !p.guided() && askResume(a, p) {
			return true
		}
		p.anims.clear() // as a click does, Enter finishes a running animation
		p.clickCell(a, cell)
		if _, on := p.focus.Cell(); on {
			p.focus.Set(cell) // the ring stays where the eye is; Tab goes on from there
		}
		return true
	case input.CmdCancel:
		if _, on := p.keyFocus(nil); on {
			p.ringBtn.clear()
			return true
		}
		p.armed = nil
		if !p.focus.Back(p.sess.Picker) {
			p.focus.Clear()
		}
		return true
	case input.CmdTypeMove:
		a.push(&movePrompt{play: p})
		return true
	}
	return false
}

// stepRing is Tab (dir 1) or Shift+Tab (dir -1): the ring goes through the
// board's targets in reading order, then through the buttons, and round again.
// With no target (the computer's turn, a review, the game over) it goes through
// the buttons alone, and the status line says why the board offers nothing.
func (p *playScene) stepRing(dir int) {
	targets := p.sess.Picker.Targets()
	if p.sess.InputState() == nil || p.sess.Match.Reviewing() {
		targets = nil
	}
	buttons := p.keyButtons()
	if id, on := p.ringBtn.at(buttons); on {
		i := slices.Index(buttons, id) + dir
		if (i >= 0 && i < len(buttons)) || len(targets) == 0 {
			p.ringBtn.step(buttons, dir)
			return
		}
		p.ringBtn.clear() // past the last button: the board's first target
		p.focus.Clear()
		p.focus.Step(targets, p.bv.view.ToPixel, dir)
		return
	}
	p.ringBtn.clear()
	if len(targets) > 0 && !p.focus.Last(targets, p.bv.view.ToPixel, dir) {
		p.focus.Step(targets, p.bv.view.ToPixel, dir)
		return
	}
	p.focus.Clear()
	if len(buttons) > 0 {
		p.ringBtn.step(buttons, dir)
	}
	if len(targets) > 0 {
		return
	}
	switch _, pass := p.sess.Picker.Pass(); {
	case p.sess.Match.Reviewing():
		p.say("Reviewing an earlier position: End goes back to the live one, where Tab rings the moves you can make.")
	case p.sess.InputState() == nil:
		if why := p.refusal(hex.Coord{}); why != "" {
			p.say(why)
		}
	case pass:
		p.say("No point can be chosen now: P passes.")
	}
}

// boxButtons are the buttons of the end card or of the lesson's or puzzle's box,
// as shown.
func (p *playScene) boxButtons() []widgetID {
	if p.lay == nil {
		return nil
	}
	return enabledIDs(p.lay.Layout, append(append([]widgetID(nil), p.lay.endButtons...), p.lay.trainButtons...))
}

// focusText says which cell is ringed and what Enter would do there, for the
// status line; "" when nothing is ringed or no move can be built now.
func (p *playScene) focusText() string {
	if id, on := p.keyFocus(nil); on {
		return p.buttonName(id) + " ringed: Enter presses it, Esc takes the ring off"
	}
	c, on := p.focus.Cell()
	if !on || p.sess.InputState() == nil || p.sess.Match.Reviewing() {
		return ""
	}
	name := p.sess.Info.Board.FormatCell(c)
	switch o := p.sess.Picker.Hover(c); o.Action {
	case input.Play:
		if msg := p.danger(c); msg != "" {
			return fmt.Sprintf("%s ringed: %s", name, msg)
		}
		return fmt.Sprintf("%s ringed: Enter plays %s", name, o.Move.Text)
	case input.Select, input.Restart:
		return fmt.Sprintf("%s ringed: Enter chooses it", name)
	case input.Deselect:
		return fmt.Sprintf("%s chosen: Tab goes on, Esc takes it back", name)
	}
	return ""
}

// buttonName is the name of a button of the game screen, as it is drawn.
func (p *playScene) buttonName(id widgetID) string {
	l := p.lay
	if w, ok := l.get(id); ok && w.label != "" {
		return w.label
	}
	names := map[widgetID]string{"undo": "Undo", "redo": "Redo", "new": l.newLabel, "pass": "Pass", "hint": "Hint",
		wLive: l.liveLabel, wResume: l.resumeLabel, wResultRematch: "Rematch", wResultNext: "Next game",
		wResultReview: "Review", wResultSave: "Save", wResultNew: "New game", "rv-start": "First position",
		"rv-back": "Back", "rv-play": "Play", "rv-fwd": "Forward", "rv-end": "Last position", "rv-speed": "Replay speed"}
	if n := names[id]; n != "" {
		return n
	}
	return "A button"
}

// focusRing is the ringed cell to draw, if it is one the keys can act on.
func (p *playScene) focusRing() (hex.Coord, bool) {
	c, on := p.focus.Cell()
	return c, on && p.focusText() != ""
}

// drawFocus rings the cell c in the theme's Focus colour, a band thick enough
// to be told from the hover's thin ring and the selection's halo.
func (bv *boardView) drawFocus(p painter, c hex.Coord) {
	x, y := bv.view.ToPixel(c)
	for _, k := range []float64{1.06, 1.1, 1.14, 1.18} {
		bv.sprites.Ring(p.dst, x, y, k, p.th.Focus)
	}
}
