package andantino

import (
	"math/bits"
	"slices"

	"trihex/game"
)

// Line facts for a search (the computer's evaluation lives in trihex/ai/andantino):
// how many windows of five cells along the three axes each side holds alone,
// the cells where a tile wins at once (a five, or a trap closed), the cells a
// placement would make into such a threat, and a fast reading of the four
// cells either side of a placement along each axis. Everything is read from
// the line bitboards, so it exists only while they are kept (placement phase
// on the 64-wide grid, Assessable).

// Assessable reports whether Windows, WinCells, AxisGains and TrapThreats know
// the position: the line bitboards are kept, play is by placement and the
// adjacency variant is off (its single-contact cells would make "playable"
// mean something else).
func (s *State) Assessable() bool {
	return s.linesOK() && !s.inCont && !s.once && !s.res.Over
}

// Windows returns, for each side (index by game.Player), how many windows of
// five cells in a row hold k of its tiles and none of the opponent's, at
// index k from 1 to 4 (index 0 is unused). Placements keep the count as they
// go; after a random playout it is counted again. It needs Assessable.
func (s *State) Windows() (n [2][5]int32) {
	w := s.windows()
	for p := range 2 {
		for k := 1; k <= 4; k++ {
			n[p][k] = int32(w.packed[p] >> (16 * (k - 1)) & 0xffff)
		}
	}
	return n
}

// WindowSums returns each side's windows weighed by w: the sum over k from 1
// to 4 of w[k] times Windows' count of k. It reads the kept count directly, as
// the search asks at every node. It needs Assessable.
func (s *State) WindowSums(w *[5]int32) (sums [2]int32) {
	c := s.windows()
	for p, x := range c.packed {
		sums[p] = w[1]*int32(x&0xffff) + w[2]*int32(x>>16&0xffff) +
			w[3]*int32(x>>32&0xffff) + w[4]*int32(x>>48)
	}
	return sums
}

// windows is the kept window count, counted again when placements did not
// keep it.
func (s *State) windows() *windows {
	if !s.counts.ok {
		s.counts = s.countWindows()
	}
	return &s.counts
}

// WinCells reads the cells where a tile wins at once, for the side to move:
// win is set when it has a playable one (a cell completing its five or, with
// traps, closing a trap); the opponent's such cells are appended to blocks
// (which it reuses) and returned: the side to move must fill one of them, and
// with two it has lost. With traps it puts a tile on s for a moment (one flood
// fill a candidate cell), so s must not be shared. It needs Assessable.
func (s *State) WinCells(blocks []game.Move, traps bool) (win bool, opp []game.Move) {
	w := s.windows()
	five := &w.five
	nFive := w.n
	me, op := int(s.toMove), 1-int(s.toMove)
	opp = blocks[:0]
	for _, i := range five[me][:nFive[me]] {
		if s.playable(i) {
			win = true
			break
		}
	}
	for _, i := range five[op][:nFive[op]] {
		if s.playable(i) {
			q, r := s.coord(i)
			opp = append(opp, PlaceMove(q, r))
		}
	}
	if !traps {
		return win, opp
	}
	// Traps: a tile can close a region only where its own neighbours form two
	// arcs or more around it, so only those cells are tried; the line boards
	// find them a row at a time.
	for p := range 2 {
		c := byte(p) + 1
		for y := int32(s.bbox[p].minR+s.offR) - 1; y <= int32(s.bbox[p].maxR+s.offR)+1; y++ {
			if p == me && win {
				break // one winning cell is enough
			}
			for xs := s.lines.trapCandidates(p, y); xs != 0; xs &= xs - 1 {
				i := y<<6 | int32(bits.TrailingZeros64(xs))
				if p == op && s.blocked(opp, i) || !s.closesTrap(i, c, s.neighbours(i, c)) {
					continue
				}
				if p == me {
					win = true
					break
				}
				q, r := s.coord(i)
				opp = append(opp, PlaceMove(q, r))
			}
		}
	}
	return win, opp
}

// trapCandidates returns the empty cells of row y (bit x for cell x) whose
// neighbours of side p form two arcs or more: where p's tile could close a region.
// A neighbour ring in direction order E, NE, NW, W, SW, SE reads rows y, y+1 and
// y−1; an arc starts where a direction holds p's tile and the one before does not.
func (b *lineBoards) trapCandidates(p int, y int32) uint64 {
	up, mid, dn := b.row[p][(y+1)&63], b.row[p][y&63], b.row[p][(y-1)&63]
	e, ne, nw, w, sw, se := mid>>1, up, up<<1, mid<<1, dn, dn>>1
	// Count arc starts up to two, unrolled: this runs for every row at every node.
	s0, s1, s2, s3, s4, s5 := e&^se, ne&^e, nw&^ne, w&^nw, sw&^w, se&^sw
	ones, twos := s0, s0&s1
	ones |= s1
	twos |= ones & s2
	ones |= s2
	twos |= ones & s3
	ones |= s3
	twos |= ones & s4
	ones |= s4
	twos |= ones & s5
	return twos &^ (b.row[0][y&63] | b.row[1][y&63])
}

// neighbours returns the directions of cell i's neighbours of colour c.
func (s *State) neighbours(i int32, c byte) uint8 {
	var mask uint8
	for d, step := range s.dir {
		mask |= uint8(b2i(s.grid[i+step]&colourMask == c)) << d
	}
	return mask
}

// maxWinFive bounds each side's list of five cells in windows; a count that would
// need more is dropped (and windows counts from scratch, keeping the first ones).
const maxWinFive = 16

// windows is the count of the windows of five (Windows): each side's windows by
// the tiles they hold, and its five cells (grid indices). Placements keep it up
// to date while the line boards exist and the hash is kept (not in random
// playouts): a tile changes only the fifteen windows through it, and a five
// cell stops being one only when it is filled, since it is the last empty cell
// of its window.
type windows struct {
	ok bool
	n  [2]uint8
	// packed holds each side's windows of k tiles in bits 16(k−1) to 16k−1,
	// for k from 1 to 4, so that a tile updates a side's count with one
	// addition (windowStep): no field goes below 0 or above the 750 windows
	// that 50 tiles touch, so no borrow or carry crosses fields.
	packed [2]uint64
	five   [2][maxWinFive]int32
}

// packStep[k] moves one window from k tiles to k+1 in a packed count (adding
// it is exact modulo 2⁶⁴): a window of five (k = 4) leaves the count.
var packStep = [5]uint64{1, 1<<16 - 1, 1<<32 - 1<<16, 1<<48 - 1<<32, 0xffff << 48}

// packOne[k] is one window of k tiles in a packed count; a five is not counted.
var packOne = [6]uint64{0, 1, 1 << 16, 1 << 32, 1 << 48, 0}

func (w *windows) addFive(p int, i int32) {
	for _, x := range w.five[p][:w.n[p]] {
		if x == i {
			return
		}
	}
	if int(w.n[p]) == maxWinFive {
		w.ok = false
		return
	}
	w.five[p][w.n[p]] = i
	w.n[p]++
}

// dropFive removes cell i from both sides' five cells.
func (w *windows) dropFive(i int32) {
	for p := range 2 {
		l := w.five[p][:w.n[p]]
		for k, x := range l {
			if x == i {
				l[k] = l[len(l)-1]
				w.n[p]--
				break
			}
		}
	}
}

// windowStep is the grid index step per bit along each line board: row along x,
// column along y, anti-diagonal along x with y falling.
var windowStep = [3]int32{1, 64, -63}

// countTile updates the count for a tile of side p about to go on empty cell i
// (before the line boards have it).
func (s *State) countTile(i int32, p int) {
	w := &s.counts
	w.dropFive(i)
	x, y := i&63, i>>6
	mine, theirs := s.lines.around(p, x, y), s.lines.around(1-p, x, y)
	for a := range 3 {
		for lo := 0; lo <= 4; lo++ {
			mask := uint32(0x1f) << lo
			cm, ct := bits.OnesCount32(mine[a]&mask), bits.OnesCount32(theirs[a]&mask)
			switch {
			case ct == 0:
				w.packed[p] += packStep[cm]
				if cm == 3 {
					j := int32(bits.TrailingZeros32(^(mine[a] | 1<<4) & mask))
					w.addFive(p, i+(j-4)*windowStep[a])
				}
			case cm == 0:
				w.packed[1-p] -= packOne[ct]
			}
		}
	}
}

// countWindows counts the windows from scratch, reading every line that holds a
// tile. It needs the line boards.
func (s *State) countWindows() windows {
	w := windows{ok: true} // until a list overflows
	b := s.lines
	u := s.bbox[0]
	u.union(s.bbox[1])
	// scan adds the windows of one line: a and c are White's and Red's bits, cell
	// maps a bit position to a grid index.
	scan := func(a, c uint64, cell func(j int32) int32) {
		all := a | c
		if all == 0 {
			return
		}
		lo := int32(bits.TrailingZeros64(all)) - 4
		hi := int32(63 - bits.LeadingZeros64(all))
		lo, hi = max(lo, 0), min(hi, 59)
		for xs := lo; xs <= hi; xs++ {
			wa, wc := uint32(a>>xs)&31, uint32(c>>xs)&31
			switch {
			case wa != 0 && wc == 0:
				k := bits.OnesCount32(wa)
				w.packed[0] += packOne[k]
				if k == 4 {
					w.addFive(0, cell(xs+int32(bits.TrailingZeros32(^wa))))
				}
			case wc != 0 && wa == 0:
				k := bits.OnesCount32(wc)
				w.packed[1] += packOne[k]
				if k == 4 {
					w.addFive(1, cell(xs+int32(bits.TrailingZeros32(^wc))))
				}
			}
		}
	}
	for y := int32(u.minR + s.offR); y <= int32(u.maxR+s.offR); y++ {
		scan(b.row[0][y&63], b.row[1][y&63], func(j int32) int32 { return y<<6 | j })
	}
	for x := int32(u.minQ + s.offQ); x <= int32(u.maxQ+s.offQ); x++ {
		scan(b.col[0][x&63], b.col[1][x&63], func(j int32) int32 { return j<<6 | x })
	}
	for d := int32(u.minT + s.offQ + s.offR); d <= int32(u.maxT+s.offQ+s.offR); d++ {
		scan(b.diag[0][d&127], b.diag[1][d&127], func(j int32) int32 { return (d-j)<<6 | j })
	}
	return w
}

// blocked reports whether cell i is among the moves already in blocks.
func (s *State) blocked(blocks []game.Move, i int32) bool {
	q, r := s.coord(i)
	m := PlaceMove(q, r)
	for _, b := range blocks {
		if b == m {
			return true
		}
	}
	return false
}

// AxisGains sets dst[k] to table[key] summed over the three axes of placement
// moves[k], for the side to move, or to SuicideGain for a cell inside the
// opponent's enclosure. An axis's key reads the nine cells in a row centred on
// the placement, the placement itself left out: bits 0–3 and 4–7 the four cells
// either side, in order along the axis; the side to move's tiles in bits 8–15,
// the opponent's in bits 0–7. A table, because a search orders the moves of
// every node and their windows cost more to count than to look up (the
// computer's is in trihex/ai/andantino). It needs Assessable; dst must be as
// long as moves.
func (s *State) AxisGains(moves []game.Move, table *[1 << 16]int16, dst []int32) {
	me := int(s.toMove)
	op := 1 - me
	b := s.lines
	for k, m := range moves {
		q, r, _, _, _ := decode(m)
		i := s.index(q, r)
		if s.grid[i]&(holeBit<<op) != 0 {
			dst[k] = SuicideGain
			continue
		}
		x, y := i&63, i>>6
		mine, theirs := b.around(me, x, y), b.around(op, x, y)
		dst[k] = int32(table[ring8(mine[0])<<8|ring8(theirs[0])]) +
			int32(table[ring8(mine[1])<<8|ring8(theirs[1])]) +
			int32(table[ring8(mine[2])<<8|ring8(theirs[2])])
	}
}

// SuicideGain is AxisGains's value for a suicide cell: below any sum of table
// values.
const SuicideGain = -1 << 20

// ring8 drops bit 4 (the empty cell itself) from a nine-cell line reading.
func ring8(w uint32) uint32 { return w&15 | w>>5<<4 }

// TrapThreats appends to dst the placements of the side to move after which it
// has a trap cell (a cell where its next tile would close a trap), so that the
// opponent must fill that cell: as forcing as a four. A tile can only wall in
// a region next to its own tiles, so the cells tried are the playable ones with
// a neighbour of the mover's; suicide cells are left out. Like WinCells it puts
// tiles on s for a moment, so s must not be shared; it needs Assessable, and
// the side to move must have no trap cell already (it would simply win).
func (s *State) TrapThreats(dst []game.Move) []game.Move { return s.trapThreats(dst, false) }

// trapThreats is TrapThreats; with slow (or when the mover has many cells of
// two arcs) it reads every row for a trap cell after each tile tried.
func (s *State) trapThreats(dst []game.Move, slow bool) []game.Move {
	me := int(s.toMove)
	c := byte(me) + 1
	hole := byte(holeBit) << (1 - me)
	g := s.grid
	b := s.lines
	lo, hi := int32(s.bbox[me].minR+s.offR)-1, int32(s.bbox[me].maxR+s.offR)+1
	// A trap cell after the new tile either already had two arcs of the
	// mover's tiles, or gains its second arc from the new tile next to it.
	var arcs [16]int32
	n := 0
	for y := lo; y <= hi && n < len(arcs); y++ {
		for xs := b.trapCandidates(me, y); xs != 0 && n < len(arcs); xs &= xs - 1 {
			arcs[n] = y<<6 | int32(bits.TrailingZeros64(xs))
			n++
		}
	}
	slow = slow || n == len(arcs)
	for y := lo; y <= hi; y++ {
		for xs := b.nextTo(me, y); xs != 0; xs &= xs - 1 {
			x := int32(bits.TrailingZeros64(xs))
			i := y<<6 | x
			v := g[i]
			if v&hole != 0 || !s.playable(i) {
				continue
			}
			g[i] = v | c
			b.set(me, x, y)
			var t bool
			if slow {
				// A trap cell has the mover's tiles next to it, so it lies
				// within a row of them, the new tile included.
				t = s.hasTrapCell(me, c, lo-1, hi+1)
			} else {
				t = s.trapCellNear(i, c, arcs[:n])
			}
			b.unset(me, x, y)
			g[i] = v
			if t {
				q, r := s.coord(i)
				dst = append(dst, PlaceMove(q, r))
			}
		}
	}
	return dst
}

// trapCellNear reports whether the mover (colour c), with its new tile on i,
// has a trap cell among arcs (its cells of two arcs before the tile) and the
// tile's neighbours.
func (s *State) trapCellNear(i int32, c byte, arcs []int32) bool {
	for _, j := range arcs {
		if j != i && s.closesTrap(j, c, s.neighbours(j, c)) {
			return true
		}
	}
	// The new tile's neighbours lie in rows y-1..y+1, bits x-1..x+1.
	x, y := i&63, i>>6
	for yy := y - 1; yy <= y+1; yy++ {
		for ns := s.lines.trapCandidates(int(c-1), yy) & (7 << x >> 1); ns != 0; ns &= ns - 1 {
			j := yy<<6 | int32(bits.TrailingZeros64(ns))
			if j == i-64-1 || j == i+64+1 || slices.Contains(arcs, j) {
				continue // not a neighbour, or tried above
			}
			if s.closesTrap(j, c, s.neighbours(j, c)) {
				return true
			}
		}
	}
	return false
}

// nextTo returns the empty cells of row y (bit x for cell x) next to a tile of p.
func (b *lineBoards) nextTo(p int, y int32) uint64 {
	up, mid, dn := b.row[p][(y+1)&63], b.row[p][y&63], b.row[p][(y-1)&63]
	return (mid>>1 | up | up<<1 | mid<<1 | dn | dn>>1) &^ (b.row[0][y&63] | b.row[1][y&63])
}

// hasTrapCell reports whether side p (tile colour c) has a cell in rows lo..hi
// where its tile would close a trap.
func (s *State) hasTrapCell(p int, c byte, lo, hi int32) bool {
	for y := lo; y <= hi; y++ {
		for xs := s.lines.trapCandidates(p, y); xs != 0; xs &= xs - 1 {
			i := y<<6 | int32(bits.TrailingZeros64(xs))
			if s.closesTrap(i, c, s.neighbours(i, c)) {
				return true
			}
		}
	}
	return false
}
