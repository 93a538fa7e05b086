package attangle

import (
	"trihex/game"
	"trihex/game/hex"
)

// scan holds, for the side to move, which opponent stacks each candidate attacker
// sees. single[d] is the set of occupied points whose first stack along ray d (empty
// points, d4 included, crossed) is a single controlled by the mover; double[d] the
// same for the mover's doubles. They are computed for all points at once by an
// occluded (Kogge-Stone) fill from the candidates through the empty points, so no
// per-target ray walk is needed to count captures.
type scan struct {
	single [6]hex.Set
	double [6]hex.Set
	x      hex.Set // targets with at least one capture
}

// fillUp spreads g by shift k through the empty points e (at most 7 steps, more than
// the longest ray) and returns the points one step beyond: where a ray from g stops.
// The never-a-point eighth column stops the spread at row ends.
func fillUp(g, e hex.Set, k uint) hex.Set {
	g |= e & (g << k)
	e &= e << k
	g |= e & (g << (2 * k))
	e &= e << (2 * k)
	g |= e & (g << (4 * k))
	return g << k
}

func fillDown(g, e hex.Set, k uint) hex.Set {
	g |= e & (g >> k)
	e &= e >> k
	g |= e & (g >> (2 * k))
	e &= e >> (2 * k)
	g |= e & (g >> (4 * k))
	return g >> k
}

// rays fills from c in all six directions; out[d] holds the occupied points whose
// first stack along ray d is in c (the fill runs the opposite way, from c to them).
func rays(out *[6]hex.Set, c, e, occ hex.Set) {
	out[hex.W] = fillUp(c, e, 1) & occ
	out[hex.E] = fillDown(c, e, 1) & occ
	out[hex.SW] = fillUp(c, e, 8) & occ
	out[hex.NE] = fillDown(c, e, 8) & occ
	out[hex.SE] = fillUp(c, e, 7) & occ
	out[hex.NW] = fillDown(c, e, 7) & occ
}

// count fills sc for player me and returns the number of legal captures. Per target,
// with c1 candidate singles and c2 candidate doubles, there are C(c1,2) captures, plus
// c1·c2 onto a single. The counts are kept bit-sliced (c = s0 + 2·s1 + 4·s2 at every
// point at once) and summed with popcounts, so no target is visited.
func (sc *scan) count(s *State, me game.Player) int {
	cand := s.top[me] &^ s.triple
	targets := s.top[me.Other()] &^ s.triple
	if targets == 0 || cand&(cand-1) == 0 {
		return 0
	}
	e := hex.Board &^ s.occ
	doubles := cand & s.tall
	rays(&sc.single, cand&^doubles, e, s.occ)
	var s0, s1, s2 hex.Set
	for _, v := range sc.single {
		c := s0 & v
		s0 ^= v
		s2 |= s1 & c // c1 ≤ 6: no carry out of s2
		s1 ^= c
	}
	s0, s1, s2 = s0&targets, s1&targets, s2&targets
	x := s1 | s2 // c1 ≥ 2
	// Σ C(c1,2) = Σ (c1² − c1)/2 expanded over the bit planes.
	n := s1.Count() + 6*s2.Count() + 2*(s0&s1).Count() + 4*(s0&s2).Count() + 8*(s1&s2).Count()
	if doubles != 0 {
		rays(&sc.double, doubles, e, s.occ)
		var d0, d1, d2 hex.Set
		for _, v := range sc.double {
			c := d0 & v
			d0 ^= v
			d2 |= d1 & c
			d1 ^= c
		}
		singles := targets &^ s.tall
		s0, s1, s2 = s0&singles, s1&singles, s2&singles
		if any := (s0 | s1 | s2) & (d0 | d1 | d2); any != 0 {
			x |= any
			n += (s0 & d0).Count() + 2*((s0&d1).Count()+(s1&d0).Count()) +
				4*((s0&d2).Count()+(s1&d1).Count()+(s2&d0).Count()) +
				8*((s1&d2).Count()+(s2&d1).Count()) + 16*(s2&d2).Count()
		}
	}
	sc.x = x
	return n
}

// targetCount is the number of captures onto t.
func (sc *scan) targetCount(s *State, t hex.Point, doubles bool) int {
	c1 := 0
	for d := range sc.single {
		c1 += int(sc.single[d] >> t & 1)
	}
	n := c1 * (c1 - 1) / 2
	if doubles && !s.tall.Has(t) {
		c2 := 0
		for d := range sc.double {
			c2 += int(sc.double[d] >> t & 1)
		}
		n += c1 * c2
	}
	return n
}

// pick returns the k-th capture (attackers a, b and target t) in the order of
// LegalMoves; count must have been called.
func (sc *scan) pick(s *State, k int) (a, b, t hex.Point) {
	for x := sc.x; ; x &= x - 1 {
		t = x.First()
		n := sc.targetCount(s, t, true)
		if k >= n {
			k -= n
			continue
		}
		var buf [15]game.Move
		m := sc.appendCaptures(s, t, buf[:0])[k]
		return hex.Point(m.A >> 8), hex.Point(m.A >> 16), t
	}
}

// appendCaptures appends the captures onto t: pairs of candidates on different rays
// whose heights add up to at most 4 with the target's.
func (sc *scan) appendCaptures(s *State, t hex.Point, dst []game.Move) []game.Move {
	var cand [6]hex.Point
	var tall [6]bool
	n := 0
	for d := hex.Dir(0); d < 6; d++ {
		if sc.single[d].Has(t) || sc.double[d].Has(t) {
			cand[n] = hex.FirstOnRay(s.occ, t, d)
			tall[n] = sc.double[d].Has(t)
			n++
		}
	}
	tTall := s.tall.Has(t)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if tall[i] && tall[j] || (tall[i] || tall[j]) && tTall {
				continue
			}
			dst = append(dst, Capture(cand[i], cand[j], t))
		}
	}
	return dst
}
