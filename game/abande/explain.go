package abande

import (
	"fmt"

	"trihex/game"
	"trihex/game/hex"
)

var _ game.Explainer = (*State)(nil)

// Refusal implements game.Explainer: why clicking c, with the points sel already
// chosen, cannot lead to a legal move, in the player's words; "" when it can. A
// move names one point (an entry) or two (a stack and the enemy stack it moves
// onto, chosen in either order).
func (s *State) Refusal(sel []hex.Coord, c hex.Coord) string {
	return game.Refuse(info, s.Result(), sel, c, s.refusal)
}

// PassRefusal implements game.Explainer.
func (s *State) PassRefusal() string {
	if r := s.Result(); r.Over {
		return overReason(r)
	}
	if n := s.hand[s.toMove]; n > 0 {
		return fmt.Sprintf("no pass with pieces in hand (you have %d)", n)
	}
	return ""
}

func overReason(r game.Result) string { return game.OverReason(info, r) }

// refusal is Refusal for a selection whose every point was a target in turn.
func (s *State) refusal(sel []hex.Coord, c hex.Coord) string {
	p, ok := hex.PointAt(c)
	if !ok {
		return "that is not a point of the board"
	}
	switch len(sel) {
	case 0:
		return s.alone(p)
	case 1:
		x, _ := hex.PointAt(sel[0])
		switch s.Owner(x) {
		case s.toMove:
			return s.step(x, p, false)
		case s.toMove ^ 1:
			return s.step(p, x, true)
		}
		return "an entry names one point only"
	}
	return "a move names two points at most"
}

// alone explains a click on p with nothing chosen: an entry, or the first point of
// a stack move (the stack, or the enemy stack it would move onto).
func (s *State) alone(p hex.Point) string {
	me := s.toMove
	switch {
	case !s.occ.Has(p):
		switch {
		case s.hand[me] == 0:
			return "all your pieces are on the board: move a stack onto an enemy stack, or pass"
		case s.occ != 0 && hex.Neighbours[p]&s.occ == 0:
			return "not next to the band: a piece enters next to another stack (it must keep one band)"
		}
		return ""
	case s.own[me].Has(p):
		return s.cannotMove(p)
	}
	return s.cannotBeTaken(p)
}

// fitting returns the stacks of set whose height added to h is at most 3.
func (s *State) fitting(set hex.Set, h int) hex.Set {
	var out hex.Set
	for x := set; x != 0; x &= x - 1 {
		q := x.First()
		if codeHeight(s.code[q])+h <= 3 {
			out |= 1 << q
		}
	}
	return out
}

// cannotMove explains why the mover's stack on p has no move, or returns "".
func (s *State) cannotMove(p hex.Point) string {
	h := codeHeight(s.code[p])
	enemies := hex.Neighbours[p] & s.own[s.toMove^1]
	switch {
	case !s.movesAllowed():
		return "no capture before Black has entered two pieces"
	case h == 3:
		return "a stack of 3 cannot move: stacks may not grow above 3"
	case enemies == 0:
		return "a stack moves one step onto an enemy stack, and none is next to this one"
	case s.fitting(enemies, h) == 0:
		return "stacks may not grow above 3: every enemy stack next to this one is too tall"
	case !s.keepsBand(p):
		return "moving this stack would split the band"
	}
	return ""
}

// cannotBeTaken explains why no stack of the mover can move onto the enemy stack
// on p, or returns "".
func (s *State) cannotBeTaken(p hex.Point) string {
	h := codeHeight(s.code[p])
	mine := hex.Neighbours[p] & s.own[s.toMove]
	fit := s.fitting(mine, h)
	switch {
	case !s.movesAllowed():
		return "no capture before Black has entered two pieces"
	case h == 3:
		return "a stack of 3 cannot be moved onto: stacks may not grow above 3"
	case mine == 0:
		return "that stack is the opponent's, and none of yours is next to it"
	case fit == 0:
		return "stacks may not grow above 3: your stacks next to it are too tall"
	}
	for x := fit; x != 0; x &= x - 1 {
		if s.keepsBand(x.First()) {
			return ""
		}
	}
	if fit.Count() == 1 {
		return "the move would split the band"
	}
	return "moving any of your stacks next to it would split the band"
}

// step explains why the stack on from cannot move onto to, or returns "". The
// clicked point is from when targetFirst (to was chosen first), else to.
func (s *State) step(from, to hex.Point, targetFirst bool) string {
	me := s.toMove
	if !s.movesAllowed() {
		return "no capture before Black has entered two pieces"
	}
	if targetFirst {
		switch {
		case !s.occ.Has(from):
			return "pick one of your stacks next to " + to.Label() + " to move onto it"
		case !s.own[me].Has(from):
			return "that stack is the opponent's: pick one of yours next to " + to.Label()
		}
	} else {
		switch {
		case !s.occ.Has(to):
			return "a stack moves onto an enemy stack, not onto an empty point"
		case s.own[me].Has(to):
			return "a stack moves onto an enemy stack, not onto one of yours"
		}
	}
	hf, ht := codeHeight(s.code[from]), codeHeight(s.code[to])
	switch {
	case !hex.Neighbours[from].Has(to):
		return "a stack moves one step: " + from.Label() + " is not next to " + to.Label()
	case hf+ht > 3:
		return fmt.Sprintf("stacks may not grow above 3 (%d onto %d makes %d)", hf, ht, hf+ht)
	case !s.keepsBand(from):
		return "the move would split the band"
	}
	return ""
}
