package andantino

import (
	"math/bits"

	"trihex/game"
)

// A tactical playout policy for the search (package ai). Uniformly random playouts
// hand out and miss fives all the time, so their results say little about a
// position where one side holds a four. This policy keeps, for each side, the empty
// cells that would complete a line of five for it ("five cells"; tiles placed from
// hand never move, so a five cell stays one until it is filled) and each turn:
//
//  1. completes a five when one of its five cells is playable;
//  2. else fills the opponent's playable five cell (the only way not to lose at once);
//  3. else plays a random playable cell, drawing again (a few times) when the cell
//     is a suicide cell or touches an opponent five cell that only lacks a second
//     neighbour, which would make it playable for the opponent.
//
// Traps are left to chance. The policy lives here rather than in package ai
// because it reads the line bitboards and the legal-cell list directly: it costs
// about a third more than a uniform playout.

// fiveCells[w], for a 9-cell window w along one axis (bit 4 the centre cell, set),
// holds the bits j of empty window cells that would complete five or more in a row
// including j.
var fiveCells [512]uint16

func init() {
	for w := 0; w < 512; w++ {
		if w&(1<<4) == 0 {
			continue
		}
		for j := 0; j < 9; j++ {
			if w&(1<<j) != 0 {
				continue
			}
			x := w | 1<<j
			for lo := max(0, j-4); lo <= min(j, 4); lo++ {
				if run := 0x1f << lo; x&run == run {
					fiveCells[w] |= 1 << j
					break
				}
			}
		}
	}
}

// maxFive bounds each side's list of five cells in a playout; more are ignored.
const maxFive = 32

// fives is a playout's list of five cells per side, as grid indices.
type fives struct {
	cell [2][maxFive]int32
	n    [2]int
}

func (f *fives) add(p game.Player, i int32) {
	l := f.cell[p][:f.n[p]]
	for _, x := range l {
		if x == i {
			return
		}
	}
	if f.n[p] < maxFive {
		f.cell[p][f.n[p]] = i
		f.n[p]++
	}
}

// addFivesAt adds the five cells of colour c made with the tile at i. The line
// bitboards must be kept (linesOK).
func (s *State) addFivesAt(f *fives, i int32, c byte) {
	p := int(c - 1)
	g := s.grid
	wins := s.lines.around(p, i&63, i>>6)
	for a, w := range wins {
		for js := fiveCells[w]; js != 0; js &= js - 1 {
			j := int32(bits.TrailingZeros16(js))
			e := i + (j-4)*windowStep[a]
			if g[e]&colourMask == 0 {
				f.add(game.Player(p), e)
			}
		}
	}
}

// scanFives fills f with every five cell of both sides.
func (s *State) scanFives(f *fives) {
	f.n = [2]int{}
	for k := 0; k < s.nTiles; k++ {
		t := s.tiles[k]
		s.addFivesAt(f, t, s.grid[t]&colourMask)
	}
}

// playable reports whether cell i is empty and touches two tiles: a legal
// placement without the adjacency variant.
func (s *State) playable(i int32) bool {
	v := s.grid[i]
	return v&colourMask == 0 && v&countMask >= 2*countUnit
}

// TacticalPlayout plays to the end with the policy above and returns the result.
// With the adjacency variant, in the continuation phase or on a grid wider than 64
// it plays uniformly at random (RandomPlayout). It changes the state.
func (s *State) TacticalPlayout(rnd *game.Rand) game.Result {
	if s.once || s.inCont || !s.linesOK() || s.res.Over {
		return s.RandomPlayout(rnd)
	}
	s.stale = true
	s.counts.ok = false
	var f fives
	s.scanFives(&f)
	offQ, offR := s.offQ, s.offR
	lo, hi := int32(margin), int32(64-margin)
	for !s.res.Over && !s.inCont {
		p := s.toMove
		i := s.pickTactical(&f, p, rnd)
		if x, y := i&63, i>>6; x < lo || x >= hi || y < lo || y >= hi {
			q, r := s.coord(i)
			s.ensureRoom(q, r)
			i = s.index(q, r)
			if !s.linesOK() {
				s.place(i)
				return s.RandomPlayout(rnd)
			}
		}
		s.place(i)
		if s.offQ != offQ || s.offR != offR {
			// The grid was re-centred: indices moved.
			offQ, offR = s.offQ, s.offR
			s.scanFives(&f)
		} else if !s.res.Over {
			s.addFivesAt(&f, i, byte(p)+1)
		}
	}
	if !s.res.Over {
		return s.RandomPlayout(rnd)
	}
	return s.res
}

// pickTactical chooses p's cell and takes it off the legal list.
func (s *State) pickTactical(f *fives, p game.Player, rnd *game.Rand) int32 {
	for _, want := range [2]game.Player{p, 1 - p} {
		for k := 0; k < f.n[want]; k++ {
			if e := f.cell[want][k]; s.playable(e) {
				for j, x := range s.legal {
					if x == e {
						s.takeLegal(j)
						return e
					}
				}
			}
		}
	}
	l := s.legal
	k := rnd.Intn(len(l))
	for try := 0; try < 4 && len(l) > 1; try++ {
		if !s.badCell(f, l[k], p) {
			break
		}
		k = rnd.Intn(len(l))
	}
	i := l[k]
	s.takeLegal(k)
	return i
}

// takeLegal removes entry k of the legal list.
func (s *State) takeLegal(k int) {
	l := s.legal
	l[k] = l[len(l)-1]
	s.legal = l[:len(l)-1]
}

// badCell reports whether p's tile on i loses at once (a suicide cell) or makes an
// opponent five cell playable.
func (s *State) badCell(f *fives, i int32, p game.Player) bool {
	if s.grid[i]&(holeBit<<(1-p)) != 0 {
		return true
	}
	o := 1 - p
	for k := 0; k < f.n[o]; k++ {
		e := f.cell[o][k]
		if v := s.grid[e]; v&colourMask == 0 && v&countMask == countUnit {
			for _, d := range s.dir {
				if e+d == i {
					return true
				}
			}
		}
	}
	return false
}
