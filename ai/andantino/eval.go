package andantino

import (
	"math/bits"

	"trihex/ai/knowledge"
	"trihex/game"
	rules "trihex/game/andantino"
)

// The alpha-beta search's evaluation of Andantino's placement game, on the line
// facts the rules keep (rules.State.Windows, WinCells, AxisGains): windows of
// five cells in a row that hold tiles of one side only can still become its
// five, so each is worth windowWeight of its count to that side; a cell where a
// tile wins at once is a win for the side to move, and the opponent's such
// cells are the replies it is forced into.

// windowWeight[k] is the value of a window of five cells that holds k tiles of
// one side and none of the other. A window of four gives a five cell, which its
// owner can make playable together with a second threat, so it weighs most.
var windowWeight = [6]int32{0, 1, 6, 30, 150, 0}

// sumWeight is windowWeight as rules.State.WindowSums reads it.
var sumWeight = [5]int32(windowWeight[:5])

// winGain is what completing a five is worth in MoveScores: more than any
// window.
const winGain = 1 << 20

// position is a state the alpha-beta search reads: the rules' state with its
// evaluation.
type position struct{ *rules.State }

func (p *position) Clone() game.State { return &position{p.State.Clone().(*rules.State)} }

func (p *position) CopyFrom(o game.State) {
	if w, ok := o.(*position); ok {
		p.State.CopyFrom(w.State)
		return
	}
	p.State.CopyFrom(o)
}

// ApplyFrom: the copy and the move in one call from the search.
func (p *position) ApplyFrom(src knowledge.Position, m game.Move) {
	p.State.CopyFrom(src.(*position).State)
	p.State.Apply(m)
}

// Assess: each side's windows by their weights, and the cells where a tile
// wins at once.
func (p *position) Assess(blocks []game.Move, traps bool) knowledge.Assessment {
	a := knowledge.Assessment{Result: p.State.Result(), ToMove: p.State.ToMove()}
	if a.Result.Over {
		return a
	}
	a.Hash = p.State.Hash()
	a.Sums = p.State.WindowSums(&sumWeight)
	a.Win, a.Blocks = p.State.WinCells(blocks, traps)
	return a
}

// MoveScores: what the tile adds to its own windows plus what it takes from the
// opponent's (axisGain); winGain more for a five; a suicide cell last. A move
// that makes a four gains at least 150 − 30 = knowledge.Forcing; so do a few
// others (a tile between two pairs of its own on one axis, a block of the
// opponent's four whose fifth cell is not playable), which the quiescence then
// reads too.
func (p *position) MoveScores(moves []game.Move, dst []int32) {
	p.State.AxisGains(moves, &axisGain, dst)
	for k, g := range dst {
		if g >= axisWin {
			dst[k] = g + winGain - axisWin
		}
	}
}

// axisGain[mine<<8|theirs] is what a tile adds along one axis, from the side to
// move's and the opponent's tiles in the four cells either side of it
// (rules.State.AxisGains): its own windows' growth plus the opponent's windows
// it spoils, and axisWin more where it completes a five.
var axisGain [1 << 16]int16

// axisWin marks a five in axisGain: more than three axes of other gains (at most
// 3×5×150), and five of them (every window through the cell) still fit an int16.
const axisWin = 1 << 12

func init() {
	for key := range axisGain {
		// Back to a nine-cell row with the placement's cell (bit 4) empty.
		spread := func(v uint32) uint32 { return v&15 | v>>4<<5 }
		mine, theirs := spread(uint32(key>>8)), spread(uint32(key&255))
		var gain int32
		for lo := 0; lo <= 4; lo++ {
			mask := uint32(0x1f) << lo
			cm, ct := bits.OnesCount32(mine&mask), bits.OnesCount32(theirs&mask)
			switch {
			case ct == 0 && cm == 4:
				gain += axisWin
			case ct == 0:
				gain += windowWeight[cm+1] - windowWeight[cm]
			case cm == 0:
				gain += windowWeight[ct]
			}
		}
		axisGain[key] = int16(gain)
	}
}
