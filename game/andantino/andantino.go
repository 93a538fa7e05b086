// Package andantino implements Andantino (RULES.md §4): hexagonal tiles placed on an
// unbounded surface, each touching at least two tiles; a line of five or a trap wins.
package andantino

import "trihex/game"

// Cell byte layout in State.grid.
const (
	colourMask = 3      // 0 empty, 1 White, 2 Red (player + 1)
	countUnit  = 4      // neighbour count (0–6) in bits 2–4
	countMask  = 7 << 2 //
	holeBit    = 1 << 5 // holeBit << p: the cell is empty and enclosed by p's tiles
	holeMask   = 3 << 5

	// margin is the least distance kept between a tile and the grid's edge: floods
	// look at most two cells beyond the tiles' bounding box.
	margin     = 4
	startShift = 6 // a 64×64 grid holds every placement-phase game (tiles stay within 26 steps of the origin)
	slack      = 16
	totalTiles = 50
	legalCap   = 512 // power of two above the most cells that can touch two of 50 tiles, plus 6
)

// Reasons a game ends (the reference files' `end` strings).
const (
	ReasonLine       = "line of five"
	ReasonTrap       = "trap"
	ReasonTrapGap    = "trap with a gap"
	ReasonSuicide    = "suicide"
	ReasonFifty      = "50 tiles"
	ReasonRepetition = "repetition"
)

// Info describes Andantino for the registry.
var Info = &game.Info{
	Name:        "Andantino",
	Players:     [2]string{"White", "Red"},
	Description: "Place hexagonal tiles touching two others; five in a row or a trap wins.",
	Options: []game.OptionSpec{
		{Key: "adjacency", Values: []string{"strict", "once"},
			Help: "once: Red may once per game place a tile touching only one tile"},
		{Key: "continuation", Values: []string{"off", "on"},
			Help: "on: when all 50 tiles are down, play goes on by moving own tiles; third repetition draws"},
	},
	New: func(opts game.Options) game.State {
		return New(opts.Get("adjacency") == "once", opts.Get("continuation") == "on")
	},
	Order: 3,
	Board: game.Board{Kind: game.Surface},
	SeriesPoints: func(final game.State) int {
		if s, ok := game.Unconcluded(final).(*State); ok {
			return SeriesPoints(final.Result(), s.nTiles) // a resignation or a flag scores as a win
		}
		return 0
	},
	SeriesHelp: "a win scores 50 minus the tiles on the surface",
}

func init() { game.Register(Info) }

var _ game.State = (*State)(nil)
var _ game.MoveDescriber = (*State)(nil)

// box is a bounding box of tiles in absolute coordinates, along q, r and t = q+r
// (the third cube axis, negated), so that it is a hexagon-shaped hull.
type box struct{ minQ, maxQ, minR, maxR, minT, maxT int }

func emptyBox() box {
	const big = 1 << 62
	return box{big, -big, big, -big, big, -big}
}

func (b *box) union(o box) {
	b.minQ, b.maxQ = min(b.minQ, o.minQ), max(b.maxQ, o.maxQ)
	b.minR, b.maxR = min(b.minR, o.minR), max(b.maxR, o.maxR)
	b.minT, b.maxT = min(b.minT, o.minT), max(b.maxT, o.maxT)
}

func (b *box) add(q, r int) {
	b.minQ, b.maxQ = min(b.minQ, q), max(b.maxQ, q)
	b.minR, b.maxR = min(b.minR, r), max(b.maxR, r)
	b.minT, b.maxT = min(b.minT, q+r), max(b.maxT, q+r)
}
