// Package attangle is what the computer knows of Attangle (registered with
// trihex/ai/knowledge when imported): captures first, placements that the
// opponent cannot take at once, and capture-biased playouts at the top level.
package attangle

import (
	"trihex/ai/knowledge"
	"trihex/game"
	rules "trihex/game/attangle"
	"trihex/game/hex"
)

func init() { knowledge.Register(rules.Info, Knowledge{}) }

// Knowledge is Attangle's knowledge.Game.
type Knowledge struct{}

// TopPlayouts is the top level's budget in Attangle.
func (Knowledge) TopPlayouts() int { return 500_000 }

// Plies: games between the levels end after 43 to 58 plies.
func (Knowledge) Plies() int { return 52 }

// Bias is the top level's playout policy: each capture Bias times as likely as
// each placement (0.750 ± 0.139 over 40 games against uniform playouts at
// equal time, 0.3 s a move). Levels 1–4 keep uniform playouts, with which
// their steps were measured.
const Bias = 8

// NewKnower returns the priors and playouts of one search thread.
func (Knowledge) NewKnower(o knowledge.Options) knowledge.Knower {
	h := o.Heavy
	switch h {
	case knowledge.AutoHeavy:
		h = 0
	case knowledge.TopHeavy:
		h = Bias
	}
	return &knower{bias: h}
}

// Evaluable: Attangle has no static evaluation; the Monte Carlo search plays it.
func (Knowledge) Evaluable(game.State) (knowledge.Position, bool) { return nil, false }

type knower struct {
	bias int
}

func (k *knower) Prepare(game.State) {}

// Prior: captures gain a piece back and take a stack; a capture that builds a
// triple is worth most (three triples win).
func (k *knower) Prior(pos game.State, m game.Move) float64 {
	s, ok := pos.(*rules.State)
	if !ok {
		return 0.5
	}
	t, a, b, capture, ok := rules.Decode(m)
	if !ok {
		return 0.5
	}
	if !capture {
		return placement(s, t)
	}
	ht, _ := s.Stack(t)
	ha, _ := s.Stack(a)
	hb, _ := s.Stack(b)
	switch ht + ha + hb - 1 {
	case 3:
		return 0.85
	case 2:
		return 0.7
	}
	return 0.6
}

// Playout plays captures bias times as likely as each placement (uniformly
// with bias 0).
func (k *knower) Playout(pos game.State, r *game.Rand) game.Result {
	if s, ok := pos.(*rules.State); ok && k.bias > 0 {
		return s.BiasedPlayout(r, k.bias)
	}
	return pos.RandomPlayout(r)
}

// candidates returns the heights (0 for none) of the stacks of pl that are
// candidate attackers of point t, one per ray, given the occupied set occ.
func candidates(s *rules.State, occ, own hex.Set, t hex.Point) (h [6]int) {
	for d := hex.Dir(0); d < 6; d++ {
		q := hex.FirstOnRay(occ, t, d)
		if q == hex.NoPoint || !own.Has(q) {
			continue
		}
		if hq, _ := s.Stack(q); hq == 0 {
			h[d] = 1 // the piece being placed
		} else if hq < 3 {
			h[d] = hq
		}
	}
	return h
}

// capturable reports whether two of the attacker heights h, on different rays,
// can take a target of height ht.
func capturable(h [6]int, ht int) bool {
	for i := 0; i < 6; i++ {
		for j := i + 1; j < 6; j++ {
			if h[i] > 0 && h[j] > 0 && ht+h[i]+h[j]-1 <= 3 {
				return true
			}
		}
	}
	return false
}

// placement: a new single that the opponent can capture at once is worse, one
// that sets up a capture of an opponent stack is better.
func placement(s *rules.State, p hex.Point) float64 {
	me := s.ToMove()
	op := me.Other()
	occ := s.Occupied() | 1<<p
	v := 0.5
	if capturable(candidates(s, occ, s.Controlled(op), p), 1) {
		v -= 0.2
	}
	opp := s.Controlled(op)
	for d := hex.Dir(0); d < 6; d++ {
		t := hex.FirstOnRay(occ, p, d)
		if t == hex.NoPoint || !opp.Has(t) {
			continue
		}
		ht, _ := s.Stack(t)
		if ht < 3 && capturable(candidates(s, occ, s.Controlled(me)|1<<p, t), ht) {
			v += 0.1
			break
		}
	}
	return v
}
