package ai

import (
	"trihex/game"
	"trihex/game/abande"
	"trihex/game/andantino"
	"trihex/game/attangle"
	"trihex/game/hex"
)

// Per-game knowledge: a cheap estimate, in [0, 1], of how good each legal move is
// for the side to move, from the position before the move. The search seeds a new
// child with a few virtual playouts at that value (a prior), so that it tries the
// promising moves first and neglects the bad ones until their real playouts say
// otherwise. 0.5 is neutral. The hook is a type switch on the concrete state, so a
// game without knowledge simply gets no priors.

// knower scores moves of one game; it keeps its own scratch so that it never
// allocates.
type knower struct {
	ab    abande.State // scratch copy for Abande's score after a move
	moves []game.Move  // playout scratch
	// variant selects experimental knowledge (Config.variant): 0 is the default.
	variant int
	// threat is the depth of Andantino's threat reading (Config.Threat); 0 off.
	threat int
	tb     tboard
}

// prepare reads what score needs once per position, before the moves are scored.
func (k *knower) prepare(pos game.State) {
	if s, ok := pos.(*andantino.State); ok && k.threat > 0 {
		k.threatPrepare(s)
	}
}

// hasKnowledge reports whether the knower has anything to say about pos's game.
func hasKnowledge(pos game.State) bool {
	switch pos.(type) {
	case *abande.State, *attangle.State, *andantino.State:
		return true
	}
	return false
}

// score returns the prior value of m for the side to move in pos.
func (k *knower) score(pos game.State, m game.Move) float64 {
	switch s := pos.(type) {
	case *andantino.State:
		if k.variant == 2 {
			return andantinoPriorW(s, m, &andantinoDefensive)
		}
		if k.threat > 0 {
			return k.threatScore(s, m, andantinoPrior(s, m))
		}
		return andantinoPrior(s, m)
	case *attangle.State:
		if k.variant == 1 {
			if _, _, _, capture, _ := attangle.Decode(m); !capture {
				return 0.5
			}
		}
		return attanglePrior(s, m)
	case *abande.State:
		return k.abandePrior(s, m)
	}
	return 0.5
}

func clamp01(x, lo, hi float64) float64 {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// andantinoRun counts the tiles of pl in a row from (q, r) (excluded) in direction d,
// up to 5.
func andantinoRun(s *andantino.State, q, r int, d hex.Dir, pl game.Player) int {
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

// andantinoPrior: lines of five win and traps win, so a tile that lengthens the
// mover's lines or cuts the opponent's is good, a tile in the opponent's enclosure
// (suicide) loses at once, and a tile touching more tiles is a little better than an
// outlying one (it builds walls and closes areas).
func andantinoPrior(s *andantino.State, m game.Move) float64 {
	return andantinoPriorW(s, m, &andantinoWeights)
}

// andantinoW weighs line features: own[k] for a line of k+1 through the new tile,
// opp[k] for k opponent tiles in line on both sides of it.
type andantinoW struct{ own, opp [5]float64 }

var (
	andantinoWeights   = andantinoW{own: [5]float64{0, 0.02, 0.08, 0.2}, opp: [5]float64{0, 0, 0.04, 0.15, 0.35}}
	andantinoDefensive = andantinoW{own: [5]float64{0, 0.02, 0.08, 0.2}, opp: [5]float64{0, 0.01, 0.1, 0.3, 0.45}}
)

func andantinoPriorW(s *andantino.State, m game.Move, w *andantinoW) float64 {
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
		a := andantinoRun(s, q, r, d, me)
		b := andantinoRun(s, q, r, d+3, me)
		own := a + b
		if own >= 4 {
			return 0.98
		}
		v += w.own[own]
		opp := min(andantinoRun(s, q, r, d, op)+andantinoRun(s, q, r, d+3, op), 4)
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

// attanglePrior: captures gain a piece back and take a stack; a capture that builds
// a triple is worth most (three triples win).
func attanglePrior(s *attangle.State, m game.Move) float64 {
	t, a, b, capture, ok := attangle.Decode(m)
	if !ok {
		return 0.5
	}
	if !capture {
		return attanglePlacement(s, t)
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

// abandePrior: the change of the mover's score lead (as if the game ended now)
// that the move makes.
func (k *knower) abandePrior(s *abande.State, m game.Move) float64 {
	me := s.ToMove()
	before := s.Score()
	k.ab = *s
	k.ab.Apply(m)
	after := k.ab.Score()
	d := (after[me] - after[me.Other()]) - (before[me] - before[me.Other()])
	return clamp01(0.5+0.07*float64(d), 0.1, 0.9)
}

// AutoHeavy, as Config.Heavy, picks each game's measured best playout policy: the
// heavy policy in Abande (best of abandeHeavy sampled moves by score change: 68% at
// equal playouts), uniform playouts elsewhere (Andantino's heavy policies, best of
// k by the prior and the tactical playout, measured no gain on top of the priors;
// Attangle's capture-biased playouts are TopHeavy's).
const AutoHeavy = -1

// TopHeavy is AutoHeavy plus Attangle's capture-biased playouts (each capture
// attangleBias times as likely as each placement: 0.750 ± 0.139 over 40 games at
// equal time, 0.3 s a move). Level 5 and the hint use it; levels 1–4 keep AutoHeavy,
// with which their steps were measured.
const TopHeavy = -2

const (
	abandeHeavy  = 4
	attangleBias = 8
)

// playout plays st to the end with the policy heavy (see Config.Heavy) and returns
// the result. Games without a heavy policy use their own uniform playout.
func (k *knower) playout(st game.State, r *game.Rand, heavy int) game.Result {
	if heavy == AutoHeavy || heavy == TopHeavy {
		top := heavy == TopHeavy
		heavy = 0
		switch st.(type) {
		case *abande.State:
			heavy = abandeHeavy
		case *attangle.State:
			if top {
				heavy = attangleBias
			}
		}
	}
	if heavy > 0 {
		switch s := st.(type) {
		case *andantino.State:
			if heavy == 1 {
				return s.TacticalPlayout(r)
			}
			if !s.InContinuation() {
				return k.andantinoPlayout(s, r, heavy)
			}
		case *abande.State:
			if heavy > 1 {
				return k.abandePlayout(s, r, heavy)
			}
		case *attangle.State:
			return s.BiasedPlayout(r, heavy)
		}
	}
	return st.RandomPlayout(r)
}

// andantinoPlayout plays the best of heavy (> 1) sampled cells by andantinoPrior,
// so it mostly completes its lines and cuts the opponent's, and never a suicide
// cell while another placement is left.
func (k *knower) andantinoPlayout(s *andantino.State, r *game.Rand, heavy int) game.Result {
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
		for try := 0; try < heavy+3; try++ {
			j := r.Intn(n)
			m := k.moves[j]
			v := andantinoPrior(s, m) + 0.1*float64(r.Intn(1024))/1024
			if v > bestV {
				best, bestV = m, v
			}
			if v >= 0.1 && try+1 >= heavy {
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

// abandePlayout plays, at each turn, the best of heavy sampled moves by the change
// of the mover's score lead, ties broken at random.
func (k *knower) abandePlayout(s *abande.State, r *game.Rand, heavy int) game.Result {
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
		for try := 0; try < heavy; try++ {
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

// attangleCandidates returns the heights (0 for none) of the stacks of pl that are
// candidate attackers of point t, one per ray, given the occupied set occ.
func attangleCandidates(s *attangle.State, occ, own hex.Set, t hex.Point) (h [6]int) {
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

// attanglePlacement: a new single that the opponent can capture at once is worse,
// one that sets up a capture of an opponent stack is better.
func attanglePlacement(s *attangle.State, p hex.Point) float64 {
	me := s.ToMove()
	op := me.Other()
	occ := s.Occupied() | 1<<p
	v := 0.5
	if capturable(attangleCandidates(s, occ, s.Controlled(op), p), 1) {
		v -= 0.2
	}
	opp := s.Controlled(op)
	for d := hex.Dir(0); d < 6; d++ {
		t := hex.FirstOnRay(occ, p, d)
		if t == hex.NoPoint || !opp.Has(t) {
			continue
		}
		ht, _ := s.Stack(t)
		if ht < 3 && capturable(attangleCandidates(s, occ, s.Controlled(me)|1<<p, t), ht) {
			v += 0.1
			break
		}
	}
	return v
}
