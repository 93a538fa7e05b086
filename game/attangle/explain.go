package attangle

import (
	"slices"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

var _ game.Explainer = (*State)(nil)

// Refusal implements game.Explainer: why clicking c, with the points sel already
// chosen, cannot lead to a legal move, in the player's words; "" when it can. A
// move names one empty point (a placement) or three stacks (two attackers of the
// mover and the opponent's target, chosen in any order).
func (s *State) Refusal(sel []hex.Coord, c hex.Coord) string {
	return game.Refuse(Info, s.Result(), sel, c, s.refusal)
}

// PassRefusal implements game.Explainer: Attangle has no pass.
func (s *State) PassRefusal() string {
	if s.result.Over {
		return game.OverReason(Info, s.result)
	}
	return "there is no pass in Attangle"
}

// refusal is Refusal for a selection whose every point was a target in turn.
func (s *State) refusal(sel []hex.Coord, c hex.Coord) string {
	p, ok := hex.PointAt(c)
	switch {
	case !ok:
		return "that is not a point of the board"
	case p == hex.Centre:
		return "d4 stays empty"
	}
	me, opp := s.toMove, s.toMove.Other()
	var targets, attackers []hex.Point
	for _, x := range sel {
		q, _ := hex.PointAt(x)
		switch {
		case s.top[opp].Has(q):
			targets = append(targets, q)
		case s.top[me].Has(q):
			attackers = append(attackers, q)
		default:
			return "a placement names one point only"
		}
	}
	switch {
	case !s.occ.Has(p):
		switch {
		case len(targets) == 1:
			return "that point is empty: pick two of your stacks that see " + targets[0].Label()
		case len(sel) > 0:
			return "that point is empty: a capture ends on an opponent single or double"
		case s.pool[me] == 0:
			return "your pool is empty: you can only capture"
		}
		return ""
	case len(sel) >= 3:
		return "a capture names three points at most"
	case s.top[me].Has(p) && s.triple.Has(p):
		return "a triple cannot move (frozen)"
	case s.triple.Has(p):
		return "a triple cannot be captured (frozen): target a single or a double of the opponent"
	case s.top[opp].Has(p) && len(targets) == 1:
		return "one capture takes one target: pick two of your stacks that see " + targets[0].Label()
	case s.top[me].Has(p) && len(attackers) == 2:
		return "a capture moves two of your stacks: pick the opponent stack they both see"
	}
	if s.top[opp].Has(p) {
		targets = append(targets, p)
	} else {
		attackers = append(attackers, p)
	}
	switch {
	case len(targets) == 1 && len(attackers) == 2:
		t := targets[0]
		for _, a := range attackers {
			if why := s.blind(a, t); why != "" {
				return why
			}
		}
		if !s.fits(t, attackers[0], attackers[1]) {
			return s.tooTall(t)
		}
	case len(targets) == 1 && len(attackers) == 1:
		return s.pairRefusal(attackers[0], targets[0])
	case len(targets) == 1:
		return s.targetRefusal(targets[0])
	case len(attackers) == 1:
		return s.attackerRefusal(attackers[0])
	default:
		return s.partnersRefusal(attackers[0], attackers[1])
	}
	return ""
}

// sees returns the first stack on each of the six lines from p (NoPoint where a
// line holds none): the stacks p sees, and the stacks that see p.
func (s *State) sees(p hex.Point) [6]hex.Point {
	var out [6]hex.Point
	for d := hex.Dir(0); d < 6; d++ {
		out[d] = hex.FirstOnRay(s.occ, p, d)
	}
	return out
}

// candidates returns the mover's stacks that may attack t: the first stack on a
// line from t, the mover's, not a triple.
func (s *State) candidates(t hex.Point) []hex.Point {
	var out []hex.Point
	for _, a := range s.sees(t) {
		if a != hex.NoPoint && s.top[s.toMove].Has(a) && !s.triple.Has(a) {
			out = append(out, a)
		}
	}
	return out
}

// targetsOf returns the opponent's singles and doubles that a sees.
func (s *State) targetsOf(a hex.Point) []hex.Point {
	var out []hex.Point
	for _, t := range s.sees(a) {
		if t != hex.NoPoint && s.top[s.toMove.Other()].Has(t) && !s.triple.Has(t) {
			out = append(out, t)
		}
	}
	return out
}

// fits reports whether the stack made by a and b on t is at most 3 high.
func (s *State) fits(t, a, b hex.Point) bool {
	return height(s.cell[t])+height(s.cell[a])+height(s.cell[b])-1 <= 3
}

func (s *State) tooTall(t hex.Point) string {
	if s.tall.Has(t) {
		return "the capture would make a stack above 3: only two singles capture a double"
	}
	return "the capture would make a stack above 3: two doubles cannot capture together"
}

// blind explains why a does not see t, or returns "" when it does.
func (s *State) blind(a, t hex.Point) string {
	for d := hex.Dir(0); d < 6; d++ {
		if !hex.Ray[t][d].Has(a) {
			continue
		}
		if f := hex.FirstOnRay(s.occ, t, d); f != a {
			return "the first piece on each line is the one that sees it: no jumping over pieces (" +
				f.Label() + " stands between " + a.Label() + " and " + t.Label() + ")"
		}
		return ""
	}
	return a.Label() + " is on no line with " + t.Label() + ": attackers see the target along straight lines"
}

// pairRefusal explains why no capture of t has a among its attackers, or returns "".
func (s *State) pairRefusal(a, t hex.Point) string {
	if why := s.blind(a, t); why != "" {
		return why
	}
	partner := false
	for _, b := range s.candidates(t) {
		if b == a {
			continue
		}
		if s.fits(t, a, b) {
			return ""
		}
		partner = true
	}
	if partner {
		return s.tooTall(t)
	}
	return "a capture needs two of your stacks that see the target along two different lines: only " +
		a.Label() + " sees " + t.Label()
}

// targetRefusal explains why the opponent's stack t has no capture, or returns "".
func (s *State) targetRefusal(t hex.Point) string {
	cands := s.candidates(t)
	for i, a := range cands {
		for _, b := range cands[i+1:] {
			if s.fits(t, a, b) {
				return ""
			}
		}
	}
	if len(cands) >= 2 {
		return s.tooTall(t)
	}
	who := "none of yours sees " + t.Label()
	if len(cands) == 1 {
		who = "only " + cands[0].Label() + " sees " + t.Label()
	}
	// Stacks of the mover further along the lines, hidden behind the first ones.
	var hidden, frozen bool
	for d, f := range s.sees(t) {
		if f == hex.NoPoint {
			continue
		}
		if s.top[s.toMove].Has(f) && s.triple.Has(f) {
			frozen = true
		}
		if hex.Ray[f][d]&s.top[s.toMove]&^s.triple != 0 {
			hidden = true
		}
	}
	switch {
	case hidden:
		return "the first piece on each line is the one that sees it: no jumping over pieces (" + who + ")"
	case frozen:
		return "a triple cannot move (frozen), and a capture needs two other stacks that see the target (" + who + ")"
	}
	return "a capture needs two of your stacks that see the target along two different lines (" + who + ")"
}

// attackerRefusal explains why the mover's stack a has no capture, or returns "".
func (s *State) attackerRefusal(a hex.Point) string {
	ts := s.targetsOf(a)
	if len(ts) == 0 {
		return "that point is taken, and your stack there sees no opponent single or double"
	}
	partner := false
	for _, t := range ts {
		for _, b := range s.candidates(t) {
			if b == a {
				continue
			}
			if s.fits(t, a, b) {
				return ""
			}
			partner = true
		}
	}
	if partner {
		return "the capture would make a stack above 3"
	}
	return "a capture needs two of your stacks that see the target: no other one sees " + labels(ts, " or ")
}

// partnersRefusal explains why the mover's stacks a and b have no capture
// together, or returns "".
func (s *State) partnersRefusal(a, b hex.Point) string {
	common := false
	for _, t := range s.targetsOf(a) {
		if slices.Contains(s.targetsOf(b), t) {
			if s.fits(t, a, b) {
				return ""
			}
			common = true
		}
	}
	if common {
		return "the capture would make a stack above 3"
	}
	return a.Label() + " and " + b.Label() + " see no common opponent single or double"
}

func labels(ps []hex.Point, sep string) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Label()
	}
	return strings.Join(out, sep)
}
