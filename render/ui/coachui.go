package ui

import (
	"fmt"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/input/coach"
	"trihex/save"
)

// coachTag marks a coached game's record, so that Continue (and opening the
// file) brings the coach back with the game. Other programs keep it as an
// unknown tag.
const coachTag = "Coach"

// coached reports whether sess is a coached game.
func coached(sess *input.Session) bool {
	for _, t := range sess.Tags {
		if t.Name == coachTag && t.Value == "on" {
			return true
		}
	}
	return false
}

// coachOn makes sess a coached game.
func coachOn(sess *input.Session) {
	if !coached(sess) {
		sess.Tags = append(sess.Tags, save.Tag{Name: coachTag, Value: "on"})
	}
}

// coaching is a coached game's state: against level 1 with hints on, a line under
// the board says after each computer move what it threatens, and a move that
// would let the computer win at once needs a second click.
type coaching struct {
	on     bool
	line   string
	ply    int // the position the line and losing moves were read for; -1: none
	losing map[game.Move]coach.Threat
}

// coachTick reads the position once the player is to move in it: the threats for
// the line, the losing moves for the warnings, and asks for the hint.
func (c *coaching) tick(p *playScene) {
	s := p.sess
	if !c.on || s.Match.Len() == c.ply {
		return
	}
	st := s.InputState()
	if st == nil {
		if s.Match.Live().Result().Over {
			c.line, c.losing = "", nil
		}
		return
	}
	c.ply = s.Match.Len()
	threats := coach.Threats(st)
	c.line = coach.Say(st, threats)
	if c.line == "" {
		c.line = "No threat against you now: follow your plan (the blue ring is the computer's suggestion)."
	}
	c.losing = coach.Losing(st)
	s.AskHint()
}

// danger is the warning for a click on c that would play a move losing at once:
// a tile into the opponent's enclosure, or in a coached game a move after which
// the opponent wins at once; "" when there is none.
func (p *playScene) danger(c hex.Coord) string {
	st := p.sess.InputState()
	if st == nil {
		return ""
	}
	o := p.sess.Picker.Hover(c)
	if o.Action != input.Play || len(o.Move.Cells) == 0 {
		return ""
	}
	if sc, ok := st.(suicider); ok && sc.IsSuicide(o.Move.Cells[len(o.Move.Cells)-1]) {
		last := o.Move.Cells[len(o.Move.Cells)-1]
		return fmt.Sprintf("%d,%d is enclosed by %s: a tile there loses at once.", last.Q, last.R, p.sess.Info.Players[st.ToMove().Other()])
	}
	if t, ok := p.coach.losing[o.Move.Move]; ok && p.coach.on && p.coach.ply == p.sess.Match.Len() {
		return coach.Warn(st, t)
	}
	return ""
}
