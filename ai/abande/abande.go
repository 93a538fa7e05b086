// Package abande is what the computer knows of Abande (registered with
// trihex/ai/knowledge when imported): the score a move gains, as a prior and
// as a heavy playout policy.
package abande

import (
	"trihex/ai/knowledge"
	"trihex/game"
	rules "trihex/game/abande"
)

func init() { knowledge.Register(rules.Info(), Knowledge{}) }

// Knowledge is Abande's knowledge.Game.
type Knowledge struct{}

// TopPlayouts: Abande's playouts are the dearest of the three games.
func (Knowledge) TopPlayouts() int { return 350_000 }

// Plies: games between the levels end by two passes after 55 to 65 plies.
func (Knowledge) Plies() int { return 64 }

// NewKnower returns the priors and playouts of one search thread.
func (Knowledge) NewKnower(o knowledge.Options) knowledge.Knower {
	h := o.Heavy
	if h == knowledge.AutoHeavy || h == knowledge.TopHeavy {
		h = heavy
	}
	return &knower{heavy: h}
}

// Evaluable: Abande has no static evaluation; the Monte Carlo search plays it.
func (Knowledge) Evaluable(game.State) (knowledge.Position, bool) { return nil, false }

// heavy is the measured best playout policy: the best of 4 sampled moves by
// score change (68% against uniform playouts at equal playouts).
const heavy = 4

// knower keeps a scratch state for the score after a move, so that it never
// allocates.
type knower struct {
	heavy int
	ab    rules.State
	moves []game.Move
}

func (k *knower) Prepare(game.State) {}

// Prior: the change of the mover's score lead (as if the game ended now) that
// the move makes.
func (k *knower) Prior(pos game.State, m game.Move) float64 {
	s, ok := pos.(*rules.State)
	if !ok {
		return 0.5
	}
	me := s.ToMove()
	before := s.Score()
	k.ab = *s
	k.ab.Apply(m)
	after := k.ab.Score()
	d := (after[me] - after[me.Other()]) - (before[me] - before[me.Other()])
	return min(max(0.5+0.07*float64(d), 0.1), 0.9)
}

// Playout plays, at each turn, the best of k.heavy sampled moves by the change
// of the mover's score lead, ties broken at random; with heavy 1 or less,
// uniformly.
func (k *knower) Playout(pos game.State, r *game.Rand) game.Result {
	s, ok := pos.(*rules.State)
	if !ok || k.heavy <= 1 {
		return pos.RandomPlayout(r)
	}
	for {
		if res := s.Result(); res.Over {
			return res
		}
		k.moves = s.LegalMoves(k.moves[:0])
		n := len(k.moves)
		me := s.ToMove()
		sc := s.Score()
		lead := sc[me] - sc[me.Other()]
		best, bestV := k.moves[0], -1<<30
		for try := 0; try < k.heavy; try++ {
			m := k.moves[r.Intn(n)]
			k.ab = *s
			k.ab.Apply(m)
			a := k.ab.Score()
			v := (a[me]-a[me.Other()]-lead)*64 + r.Intn(64)
			if v > bestV {
				best, bestV = m, v
			}
		}
		s.Apply(best)
	}
}
