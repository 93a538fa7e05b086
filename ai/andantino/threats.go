package andantino

import (
	"trihex/game"
	rules "trihex/game/andantino"
	"trihex/game/hex"
)

// Andantino threat reading (knowledge.Options.Threat). A line of five wins, but a cell can be
// played only once it touches two tiles, so a four whose completing cell touches
// one tile cannot be blocked: whoever makes that cell playable hands it to the
// owner of the four, and the owner wins by making it playable together with a
// second threat. Priors and one-ply checks do not see this; a small threat-space
// search does. At each expansion (threatPrepare) the side to move reads:
//
//   - its own forced wins: a sequence of at most Threat moves, each of which leaves
//     a playable completing cell (so the reply is forced: take that cell), ending in
//     two playable completing cells or an immediate five. The first move of such a
//     sequence gets a prior of 0.99.
//   - the opponent's forced wins, as if the opponent moved now. When there is one,
//     the moves that break it (tried: the cells of the winning sequence, cells on
//     the opponent's lines, the mover's own threats) get 0.9, the others at most
//     0.15.
//
// The reading ignores traps and suicide cells, so it only guides the search
// (priors); the solver still proves what is proven. It works on its own small
// board (tboard) with place and undo, inside the knower, so it never allocates.
//
// Measured at equal playouts it gains nothing (README.md), so the levels leave it
// off (Threat 0); arenas switch it on with td=DEPTH. Experiment switches (kv):
// 3 own wins only, 4 defence only, 5 defence without lowering the other moves;
// 6-12 no threat search but static "latent four" priors (latent, weights below).

const (
	tbShift = 6
	tbW     = 1 << tbShift
	tbSize  = tbW * tbW
	tbEdge  = 10 // free cells around the tiles' box in the local board
	tbSafe  = 6  // no tile is placed nearer the edge (lines are read 5 cells on)
	// threatNodes bounds the threat-space nodes of one reading (each candidate
	// defence gets its own).
	threatNodes = 600
)

// tbDelta is the index step of each hex direction on the local board.
var tbDelta = func() (d [6]int) {
	for i, c := range hex.Dirs {
		d[i] = c.R*tbW + c.Q
	}
	return d
}()

type tboard struct {
	col            [tbSize]uint8 // 0 empty, 1 White, 2 Red (game.Player + 1)
	nb             [tbSize]uint8 // tiles among the six neighbours
	ox, oy         int           // local index of (q, r) = (r+oy)<<tbShift | (q+ox)
	x0, x1, y0, y1 int           // tiles' box, local coordinates
	loaded         bool
	nodes          int
	// the threat sequence being tried and the last one that won
	path   [16]int32
	win    [16]int32
	winLen int
	// results for the position prepared: the mover's winning first move (−1 none),
	// whether the opponent has a forced win and, if so, the refuting cells.
	myWin    int32
	oppWins  bool
	refute   [64]int32
	nRefute  int
	cand     [96]int32
	prepared uint64 // hash of the prepared position
}

func (b *tboard) index(q, r int) int32 { return int32((r+b.oy)<<tbShift | (q + b.ox)) }

// load copies the tiles of s; false when they spread too far for the local board.
func (b *tboard) load(s *rules.State) bool {
	lo, hi := s.Bounds()
	if hi.Q-lo.Q > tbW-2*tbEdge-2 || hi.R-lo.R > tbW-2*tbEdge-2 {
		b.loaded = false
		return false
	}
	if b.loaded {
		// Clear the old box (grown by one for the neighbour counts).
		for y := b.y0 - 1; y <= b.y1+1; y++ {
			for x := b.x0 - 1; x <= b.x1+1; x++ {
				b.col[y<<tbShift|x], b.nb[y<<tbShift|x] = 0, 0
			}
		}
	}
	b.ox, b.oy = tbEdge-lo.Q, tbEdge-lo.R
	b.x0, b.y0 = tbEdge, tbEdge
	b.x1, b.y1 = hi.Q+b.ox, hi.R+b.oy
	for r := lo.R; r <= hi.R; r++ {
		for q := lo.Q; q <= hi.Q; q++ {
			if p := s.At(hex.Coord{Q: q, R: r}); p != game.NoPlayer {
				i := b.index(q, r)
				b.col[i] = uint8(p) + 1
				for _, d := range tbDelta {
					b.nb[int(i)+d]++
				}
			}
		}
	}
	b.loaded = true
	return true
}

func (b *tboard) place(i int32, c uint8) {
	b.col[i] = c
	for _, d := range tbDelta {
		b.nb[int(i)+d]++
	}
}

func (b *tboard) unplace(i int32) {
	b.col[i] = 0
	for _, d := range tbDelta {
		b.nb[int(i)+d]--
	}
}

// run counts the tiles of colour c in a row from i (excluded) along step d, up to 4.
func (b *tboard) run(i int32, d int, c uint8) int {
	n := 0
	for j := int(i) + d; n < 4 && b.col[j] == c; j += d {
		n++
	}
	return n
}

// completes reports whether a tile of colour c on the empty cell i makes five.
func (b *tboard) completes(i int32, c uint8) bool {
	for a := 0; a < 3; a++ {
		if b.run(i, tbDelta[a], c)+b.run(i, tbDelta[a+3], c) >= 4 {
			return true
		}
	}
	return false
}

func (b *tboard) playable(i int32) bool { return b.col[i] == 0 && b.nb[i] >= 2 }

// box is the scan area: the tiles' box grown by one (every playable cell is in it)
// within the board.
func (b *tboard) box(i int32) {
	x, y := int(i)&(tbW-1), int(i)>>tbShift
	b.x0, b.x1, b.y0, b.y1 = min(b.x0, x), max(b.x1, x), min(b.y0, y), max(b.y1, y)
}

// wins counts (up to 2) the playable cells where c completes five, the first in *at.
func (b *tboard) wins(c uint8, at *int32) int {
	n := 0
	for y := b.y0 - 1; y <= b.y1+1; y++ {
		for x := b.x0 - 1; x <= b.x1+1; x++ {
			i := int32(y<<tbShift | x)
			if b.playable(i) && b.completes(i, c) {
				if n == 0 {
					*at = i
				}
				if n++; n == 2 {
					return n
				}
			}
		}
	}
	return n
}

// potential is a cheap filter for threat moves of c on i: three tiles of c within
// four steps along one axis (no opponent tile between), or a neighbouring
// completing cell of c that i makes playable.
func (b *tboard) potential(i int32, c uint8) bool {
	for a := 0; a < 3; a++ {
		n := 0
		for _, d := range [2]int{tbDelta[a], tbDelta[a+3]} {
			j := int(i)
			for k := 0; k < 4; k++ {
				j += d
				if b.col[j] == c {
					n++
				} else if b.col[j] != 0 {
					break
				}
			}
		}
		if n >= 3 {
			return true
		}
	}
	for _, d := range tbDelta {
		j := int32(int(i) + d)
		if b.col[j] == 0 && b.nb[j] == 1 && b.completes(j, c) {
			return true
		}
	}
	return false
}

// newWins counts (up to 2) the playable completing cells of c near i, just played:
// on i's lines within four steps and among i's neighbours; the first in *at.
func (b *tboard) newWins(i int32, c uint8, at *int32) int {
	n := 0
	check := func(j int32) bool {
		if j == *at && n > 0 || !b.playable(j) || !b.completes(j, c) {
			return false
		}
		if n == 0 {
			*at = j
		}
		n++
		return n == 2
	}
	for _, d := range tbDelta {
		j := int(i)
		for k := 0; k < 5; k++ {
			j += d
			if b.col[j] == 0 && check(int32(j)) {
				return n
			}
			if b.col[j] != 0 && b.col[j] != c {
				break
			}
		}
	}
	return n
}

// attack reports whether colour c, to move, wins by threats within depth moves.
// The sequence is left in b.win.
func (b *tboard) attack(c uint8, depth, ply int) bool {
	b.nodes++
	var x int32
	if b.wins(c, &x) > 0 {
		b.path[ply] = x
		b.winLen = ply + 1
		copy(b.win[:], b.path[:ply+1])
		return true
	}
	o := 3 - c
	if depth == 0 || b.nodes > threatNodes || ply+2 >= len(b.path) {
		return false
	}
	var forced int32 = -1
	switch b.wins(o, &x) {
	case 2:
		return false
	case 1:
		forced = x // the opponent threatens five: only blocking it can go on
	}
	x0, x1, y0, y1 := b.x0, b.x1, b.y0, b.y1
	for y := y0 - 1; y <= y1+1; y++ {
		for xx := x0 - 1; xx <= x1+1; xx++ {
			if xx < tbSafe || xx >= tbW-tbSafe || y < tbSafe || y >= tbW-tbSafe {
				continue // too near the edge of the local board to read its lines
			}
			i := int32(y<<tbShift | xx)
			if !b.playable(i) || forced >= 0 && i != forced || !b.potential(i, c) {
				continue
			}
			b.place(i, c)
			b.box(i)
			var at int32 = -1
			n := b.newWins(i, c, &at)
			ok := false
			if n > 0 && b.newWins(i, o, new(int32)) == 0 {
				b.path[ply] = i
				if n >= 2 {
					b.path[ply+1] = at
					b.winLen = ply + 2
					copy(b.win[:], b.path[:ply+2])
					ok = true
				} else if !b.completes(at, o) {
					// The reply is forced: the opponent takes the completing cell.
					b.path[ply+1] = at
					b.place(at, o)
					b.box(at)
					ok = b.attack(c, depth-1, ply+2)
					b.unplace(at)
				}
			}
			b.unplace(i)
			b.x0, b.x1, b.y0, b.y1 = x0, x1, y0, y1
			if ok {
				return true
			}
			if b.nodes > threatNodes {
				return false
			}
		}
	}
	return false
}

// threatPrepare reads the threats of the position s for its side to move, once per
// position, for threatScore.
func (k *knower) threatPrepare(s *rules.State) {
	b := &k.tb
	h := s.Hash()
	if b.prepared == h && h != 0 {
		return
	}
	b.prepared = h
	b.myWin, b.oppWins, b.nRefute = -1, false, 0
	if s.InContinuation() || s.Result().Over || !b.load(s) {
		return
	}
	me := uint8(s.ToMove()) + 1
	op := 3 - me
	if k.variant >= 6 {
		return
	}
	b.nodes = 0
	if k.variant != 4 && b.attack(me, k.threat, 0) {
		b.myWin = b.win[0]
		return
	}
	b.nodes = 0
	if k.variant == 3 || !b.attack(op, k.threat, 0) {
		return
	}
	b.oppWins = true
	// Candidate defences: the cells of the opponent's sequence, then cells on the
	// opponent's lines and the mover's own threats.
	nc := 0
	add := func(i int32) {
		if nc == len(b.cand) || !b.playable(i) {
			return
		}
		for _, j := range b.cand[:nc] {
			if j == i {
				return
			}
		}
		b.cand[nc] = i
		nc++
	}
	for _, i := range b.win[:b.winLen] {
		add(i)
	}
	for y := b.y0 - 1; y <= b.y1+1; y++ {
		for x := b.x0 - 1; x <= b.x1+1; x++ {
			i := int32(y<<tbShift | x)
			if b.playable(i) && (b.potential(i, op) || b.potential(i, me)) {
				add(i)
			}
		}
	}
	for _, i := range b.cand[:nc] {
		b.place(i, me)
		x0, x1, y0, y1 := b.x0, b.x1, b.y0, b.y1
		b.box(i)
		b.nodes = 0
		held := b.attack(op, k.threat, 0)
		b.unplace(i)
		b.x0, b.x1, b.y0, b.y1 = x0, x1, y0, y1
		// A search cut off by the node budget proves nothing.
		if !held && b.nodes <= threatNodes && b.nRefute < len(b.refute) {
			b.refute[b.nRefute] = i
			b.nRefute++
		}
	}
}

// threatScore adjusts the prior v of the placement m after threatPrepare.
func (k *knower) threatScore(s *rules.State, m game.Move, v float64) float64 {
	b := &k.tb
	if !b.loaded || m.B != 1 {
		return v
	}
	q, r := int(int32(uint32(m.A))), int(int32(uint32(m.A>>32)))
	i := b.index(q, r)
	switch k.variant {
	case 6:
		return b.latent(i, uint8(s.ToMove())+1, v, &latentOwnOnly)
	case 7:
		return b.latent(i, uint8(s.ToMove())+1, v, &latentFull)
	case 8:
		return b.latent(i, uint8(s.ToMove())+1, v, &latentGifts)
	case 9:
		return b.latent(i, uint8(s.ToMove())+1, v, &latentGiftsOnly)
	case 10, 11, 12:
		return b.latent(i, uint8(s.ToMove())+1, v, &latentSingle[k.variant-10])
	}
	if b.myWin < 0 && !b.oppWins {
		return v
	}
	if b.myWin >= 0 {
		if i == b.myWin {
			return 0.99
		}
		return v
	}
	if b.nRefute == 0 {
		return v // nothing found holds: leave the search to it
	}
	for _, j := range b.refute[:b.nRefute] {
		if j == i {
			return max(v, 0.9)
		}
	}
	if k.variant == 5 {
		return v
	}
	return min(v, 0.15)
}

// latent adjusts the prior v of a tile of colour c on i by the fours it makes and
// the ones it prevents. A cell that completes five but touches only one tile
// cannot be blocked (whoever makes it playable hands it over), so such a "latent"
// four is a lasting asset: the first player wins most games at these strengths by
// building one from its start tile within a few moves. So: a move next to the
// opponent's latent completing cell loses at once; a move that makes cells
// completing five for c is better, much better when they are latent; and a move
// on a cell where the opponent would make one is better (it is blocked while it
// can still be).
func (b *tboard) latent(i int32, c uint8, v float64, wt *latentW) float64 {
	o := 3 - c
	for _, d := range tbDelta {
		j := int32(int(i) + d)
		if b.col[j] == 0 && b.nb[j] == 1 && b.completes(j, o) {
			return min(v, 0.03)
		}
	}
	lat, pl := b.fours(i, c)
	v += wt.ownLatent*float64(min(lat, 2)) + wt.ownPlayable*float64(min(pl, 2))
	lat, pl = b.fours(i, o)
	v += wt.oppLatent*float64(min(lat, 2)) + wt.oppPlayable*float64(min(pl, 2))
	if wt.gift != 0 || wt.giftPlayable != 0 {
		// Cells next to i that only i makes playable, where the opponent would then
		// make a four: a gift.
		b.place(i, c)
		gl, gp := 0, 0
		for _, d := range tbDelta {
			j := int32(int(i) + d)
			if b.col[j] == 0 && b.nb[j] == 2 {
				l, p := b.fours(j, o)
				gl += l
				gp += p
			}
		}
		b.unplace(i)
		if gl > 0 {
			v -= wt.gift
		} else if gp > 0 {
			v -= wt.giftPlayable
		}
	}
	return clamp01(v, 0.02, 0.97)
}

// latentW weighs latent's features.
type latentW struct {
	ownLatent, ownPlayable, oppLatent, oppPlayable float64
	gift, giftPlayable                             float64
}

var (
	latentOwnOnly   = latentW{0.12, 0.12, 0, 0, 0, 0}
	latentFull      = latentW{0.2, 0.08, 0.25, 0.1, 0, 0}
	latentGifts     = latentW{0.2, 0.08, 0.25, 0.1, 0.3, 0.1}
	latentGiftsOnly = latentW{0, 0, 0, 0, 0.3, 0.1}
	latentSingle    = [3]latentW{{0.2, 0, 0, 0, 0, 0}, {0, 0, 0.25, 0, 0, 0}, {0, 0, 0, 0, 0.15, 0}}
)

// fours counts the empty cells on i's lines that complete five for c once c has a
// tile on i: latent ones (touching one tile) and playable ones.
func (b *tboard) fours(i int32, c uint8) (lat, pl int) {
	b.place(i, c)
	for _, d := range tbDelta {
		j := int(i)
		for k := 0; k < 5; k++ {
			j += d
			if b.col[j] == 0 {
				if b.nb[j] >= 1 && b.completes(int32(j), c) {
					if b.nb[j] == 1 {
						lat++
					} else {
						pl++
					}
				}
			} else if b.col[j] != c {
				break
			}
		}
	}
	b.unplace(i)
	return lat, pl
}

// coord is the cell of local index i.
func (b *tboard) coord(i int32) (q, r int) {
	return int(i)&(tbW-1) - b.ox, int(i)>>tbShift - b.oy
}
