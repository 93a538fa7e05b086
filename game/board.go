package game

import (
	"fmt"
	"strconv"
	"strings"

	"trihex/game/hex"
)

// BoardKind is the shape of a game's playing area.
type BoardKind uint8

// The playing areas the window knows how to draw.
const (
	// Hexagon is the 37-point hexagon of package hex, points named a1 … g7;
	// pieces stack on points (render.Stacker) and the view is fitted once.
	Hexagon BoardKind = iota
	// Surface is an unbounded surface of hexagonal cells named "q,r"; the view
	// follows the pieces, pans and zooms.
	Surface
)

// Board is where a game is played, as the window draws it and as lessons,
// puzzles and rules pages name its cells.
type Board struct {
	Kind BoardKind
	// ClosedCentre: the centre point d4 of the hexagon is never occupied
	// (Attangle), so the window shades it.
	ClosedCentre bool
}

// Bounded reports whether the board has a fixed set of points (the hexagon).
func (b Board) Bounded() bool { return b.Kind != Surface }

// FormatCell names cell c as the game's notation does: "c3" on the hexagon,
// "q,r" on the surface (and for a cell off the hexagon).
func (b Board) FormatCell(c hex.Coord) string {
	if p, ok := hex.PointAt(c); ok && b.Bounded() {
		return p.Label()
	}
	return strconv.Itoa(c.Q) + "," + strconv.Itoa(c.R)
}

// farCell bounds the coordinates ParseCell accepts on the surface: a cell that
// far is a typo, and the bound keeps coordinate arithmetic far from overflow.
const farCell = 1 << 20

// ParseCell reads one cell as FormatCell writes it (either case, spaces around
// the parts allowed); ok is false for anything that is not a cell of the board.
func (b Board) ParseCell(s string) (c hex.Coord, ok bool) {
	s = strings.TrimSpace(s)
	if b.Bounded() {
		p, ok := hex.ParsePoint(s)
		return p.Coord(), ok
	}
	qs, rs, ok := strings.Cut(s, ",")
	if !ok {
		return hex.Coord{}, false
	}
	q, err1 := strconv.Atoi(strings.TrimSpace(qs))
	r, err2 := strconv.Atoi(strings.TrimSpace(rs))
	if err1 != nil || err2 != nil || q < -farCell || q > farCell || r < -farCell || r > farCell {
		return hex.Coord{}, false
	}
	return hex.Coord{Q: q, R: r}, true
}

// String names the board for messages: "the 37-point hexagon", "the surface".
func (b Board) String() string {
	if b.Bounded() {
		return "the 37-point hexagon"
	}
	return "the surface"
}

// MoveKind is what a move does under the rules, for its sound, its animation,
// a lesson's checks and the coach's reading of threats.
type MoveKind uint8

// The kinds of moves. The cells a move names (MoveDescriber) give its shape.
const (
	// MovePass names no cell.
	MovePass MoveKind = iota
	// MovePlace puts a new piece or tile on its one cell (Abande's entry,
	// Attangle's placement, Andantino's tile).
	MovePlace
	// MoveStep moves the piece on its first cell to its second, which is empty,
	// and takes nothing (Andantino's relocation).
	MoveStep
	// MoveCapture takes the enemy stack on its last cell with the stacks on the
	// others, which move onto it (Abande's one stack; Attangle's two, where
	// pieces then leave the board).
	MoveCapture
)

var kindNames = [...]string{"pass", "place", "step", "capture"}

func (k MoveKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("MoveKind(%d)", k)
}

// MoveDescriber is satisfied by games that say which cells a move names and what
// it does, straight from its encoding, so that the window, the picker and the
// lessons never read a move's spelling back. A game without it cannot be
// played by clicks.
type MoveDescriber interface {
	// MoveCells appends the cells m names to dst, in notation order (the cells
	// a player clicks for it, in any order), and returns them with m's kind.
	MoveCells(dst []hex.Coord, m Move) ([]hex.Coord, MoveKind)
}

// MoveCells returns the cells s's game names for m and its kind: none and Pass
// for a game that does not describe its moves.
func MoveCells(s State, m Move) ([]hex.Coord, MoveKind) {
	if d, ok := s.(MoveDescriber); ok {
		return d.MoveCells(nil, m)
	}
	return nil, MovePass
}

// IsPass reports whether m is a pass in s's game: a move that names no cell
// (false for a game that does not describe its moves).
func IsPass(s State, m Move) bool {
	d, ok := s.(MoveDescriber)
	if !ok {
		return false
	}
	_, k := d.MoveCells(nil, m)
	return k == MovePass
}

// WinBounder is satisfied by games that can tell cheaply, by a count, that a side
// cannot win within n of its own moves whatever happens: a proof search's cut.
type WinBounder interface {
	// CannotWinWithin reports that pl surely cannot win within n of its own
	// moves; false says nothing.
	CannotWinWithin(pl Player, n int) bool
}
