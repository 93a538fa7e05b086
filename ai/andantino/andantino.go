// Package andantino is what the computer knows of Andantino (registered with
// trihex/ai/knowledge when imported): move priors from the lines a tile makes
// and cuts, playout policies, and the alpha-beta search's evaluation of the placement game.
package andantino

import (
	"trihex/ai/knowledge"
	"trihex/game"
	rules "trihex/game/andantino"
	"trihex/game/hex"
)

func init() { knowledge.Register(rules.Info, Knowledge{}) }

// Knowledge is Andantino's knowledge.Game.
type Knowledge struct{}

// TopPlayouts: Andantino's playouts are the cheapest of the three games.
func (Knowledge) TopPlayouts() int { return 800_000 }

// Plies: games between the levels end after 23 to 42 plies, longer when Red
// holds.
func (Knowledge) Plies() int { return 40 }

// NewKnower returns the priors and playouts of one search thread.
func (Knowledge) NewKnower(o knowledge.Options) knowledge.Knower {
	return &knower{heavy: o.Heavy}
}

// Evaluable: the evaluation reads the placement game on the line bitboards,
// without the adjacency or continuation variants (Assessable).
func (Knowledge) Evaluable(pos game.State) (knowledge.Position, bool) {
	s, ok := pos.(*rules.State)
	if !ok || !s.Assessable() {
		return nil, false
	}
	return &position{s}, true
}

// knower scores moves and plays playouts for one search thread; it keeps its
// own scratch so that it never allocates.
type knower struct {
	heavy int
	moves []game.Move // playout scratch
}

// Prepare: Andantino's priors read each move on its own.
func (k *knower) Prepare(game.State) {}

// Prior: lines of five win and traps win, so a tile that lengthens the mover's
// lines or cuts the opponent's is good, a tile in the opponent's enclosure
// (suicide) loses at once, and a tile touching more tiles is a little better
// than an outlying one (it builds walls and closes areas).
func (k *knower) Prior(pos game.State, m game.Move) float64 {
	s, ok := pos.(*rules.State)
	if !ok {
		return 0.5
	}
	return Prior(s, m)
}

// Prior is the default prior of placement m in s.
func Prior(s *rules.State, m game.Move) float64 { return priorW(s, m, &weights) }

func clamp01(x, lo, hi float64) float64 { return min(max(x, lo), hi) }

// run counts the tiles of pl in a row from (q, r) (excluded) in direction d, up
// to 5.
func run(s *rules.State, q, r int, d hex.Dir, pl game.Player) int {
	st := hex.Dirs[d]
	n := 0
	for n < 5 {
		q, r = q+st.Q, r+st.R
		if s.At(hex.Coord{Q: q, R: r}) != pl {
			break
		}
		n++
	}
	return n
}

// lineWeights weighs line features: own[k] for a line of k+1 through the new
// tile, opp[k] for k opponent tiles in line on both sides of it.
type lineWeights struct{ own, opp [5]float64 }

var weights = lineWeights{own: [5]float64{0, 0.02, 0.08, 0.2}, opp: [5]float64{0, 0, 0.04, 0.15, 0.35}}

func priorW(s *rules.State, m game.Move, w *lineWeights) float64 {
	if m.B != 1 {
		return 0.5 // continuation relocation: no knowledge
	}
	q, r := int(int32(uint32(m.A))), int(int32(uint32(m.A>>32)))
	c := hex.Coord{Q: q, R: r}
	if s.IsSuicide(c) {
		return 0.02
	}
	me := s.ToMove()
	op := me.Other()
	v := 0.5
	for d := hex.Dir(0); d < 3; d++ {
		own := run(s, q, r, d, me) + run(s, q, r, d+3, me)
		if own >= 4 {
			return 0.98
		}
		v += w.own[own]
		opp := min(run(s, q, r, d, op)+run(s, q, r, d+3, op), 4)
		v += w.opp[opp]
	}
	n := 0
	for d := hex.Dir(0); d < 6; d++ {
		st := hex.Dirs[d]
		if s.At(hex.Coord{Q: q + st.Q, R: r + st.R}) != game.NoPlayer {
			n++
		}
	}
	v += 0.03 * float64(n-2)
	return clamp01(v, 0.05, 0.95)
}

// Playout: uniform playouts are Andantino's measured best (its heavy
// policies, best of k by the prior and the tactical playout, gained nothing on
// top of the priors), so AutoHeavy and TopHeavy play uniformly; 1 is the
// rules' tactical playout (complete fives, block them, avoid suicide cells and
// cells that hand over a five), k > 1 the best of k sampled cells by Prior.
func (k *knower) Playout(pos game.State, r *game.Rand) game.Result {
	s, ok := pos.(*rules.State)
	if !ok || k.heavy <= 0 {
		return pos.RandomPlayout(r)
	}
	if k.heavy == 1 {
		return s.TacticalPlayout(r)
	}
	if s.InContinuation() {
		return s.RandomPlayout(r)
	}
	return k.bestOf(s, r)
}

// bestOf plays the best of k.heavy sampled cells by Prior, so it mostly
// completes its lines and cuts the opponent's, and never a suicide cell while
// another placement is left.
func (k *knower) bestOf(s *rules.State, r *game.Rand) game.Result {
	for {
		if res := s.Result(); res.Over || s.InContinuation() {
			if !res.Over {
				return s.RandomPlayout(r)
			}
			return res
		}
		k.moves = s.LegalMoves(k.moves[:0])
		n := len(k.moves)
		best, bestV := k.moves[r.Intn(n)], -1.0
		for try := 0; try < k.heavy+3; try++ {
			j := r.Intn(n)
			m := k.moves[j]
			v := Prior(s, m) + 0.1*float64(r.Intn(1024))/1024
			if v > bestV {
				best, bestV = m, v
			}
			if v >= 0.1 && try+1 >= k.heavy {
				break
			}
			// A suicide cell: swap it out of the sample so it is not drawn again.
			if v < 0.1 {
				k.moves[j] = k.moves[n-1]
				n--
				if n == 0 {
					break
				}
			}
		}
		s.Apply(best)
	}
}
