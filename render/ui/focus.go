package ui

import (
	"fmt"

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
		if p.sess.Match.Reviewing() {
			p.say("Reviewing an earlier position: End goes back to the live one, where Tab rings the moves you can make.")
			return true
		}
		targets := p.sess.Picker.Targets()
		if p.sess.InputState() == nil {
			targets = nil
		}
		if _, ok := p.focus.Step(targets, p.bv.view.ToPixel, dir); !ok {
			if why := p.refusal(hex.Coord{}); why != "" && p.sess.InputState() == nil {
				p.say(why)
			} else if _, pass := p.sess.Picker.Pass(); pass {
				p.say("No point can be chosen now: P passes.")
			}
		}
		return true
	case input.CmdChoose:
		cell, on := p.focus.Cell()
		if !on {
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

// focusText says which cell is ringed and what Enter would do there, for the
// status line; "" when nothing is ringed or no move can be built now.
func (p *playScene) focusText() string {
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
