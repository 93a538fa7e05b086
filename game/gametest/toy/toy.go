// Package toy is a fourth game for tests only: Tri, three in a row on the
// 37-point hexagon. Each side in turn places a piece on an empty point; three of
// one side's pieces in a straight line of adjacent points win, a full board is a
// draw. It registers itself when imported, so that a test can check that
// whatever the registry describes is listed, drawn and played without naming it.
package toy

import (
	"fmt"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// Info describes Tri for the registry.
var Info = &game.Info{
	Name:        "Tri",
	Players:     [2]string{"Black", "White"},
	Description: "Place pieces in turn; three in a row win.",
	Order:       4,
	Board:       game.Board{Kind: game.Hexagon},
	New:         func(game.Options) game.State { return New() },
}

func init() { game.Register(Info) }

var (
	_ game.State         = (*State)(nil)
	_ game.MoveDescriber = (*State)(nil)
)

// The end reasons.
const (
	ReasonThree = "three in a row"
	ReasonFull  = "board full"
)

// State is a Tri position.
type State struct {
	pieces [2]hex.Set
	toMove game.Player
	ply    int
	res    game.Result
}

// New returns the empty board, Black to move.
func New() *State { return &State{res: game.Ongoing} }

// Place is the move placing a piece on p.
func Place(p hex.Point) game.Move { return game.Move{A: 1<<8 | uint64(p)} }

func decode(m game.Move) (hex.Point, bool) {
	p := hex.Point(m.A)
	return p, m.B == 0 && m.A>>8 == 1 && p.Valid()
}

func (s *State) occupied() hex.Set { return s.pieces[0] | s.pieces[1] }

// Info implements game.State.
func (s *State) Info() *game.Info { return Info }

// Options implements game.State: Tri has none.
func (s *State) Options() game.Options { return game.Options{} }

// ToMove implements game.State.
func (s *State) ToMove() game.Player { return s.toMove }

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Result implements game.State.
func (s *State) Result() game.Result { return s.res }

// LegalMoves implements game.State: every empty point.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	if s.res.Over {
		return dst
	}
	for _, p := range hex.Points {
		if !s.occupied().Has(p) {
			dst = append(dst, Place(p))
		}
	}
	return dst
}

// IsLegal implements game.State.
func (s *State) IsLegal(m game.Move) bool {
	p, ok := decode(m)
	return ok && !s.res.Over && !s.occupied().Has(p)
}

// Play implements game.State.
func (s *State) Play(m game.Move) error {
	if !s.IsLegal(m) {
		return fmt.Errorf("toy: %w %s", game.ErrIllegal, s.FormatMove(m))
	}
	s.Apply(m)
	return nil
}

// Apply implements game.State.
func (s *State) Apply(m game.Move) {
	p, _ := decode(m)
	me := s.toMove
	s.pieces[me] |= 1 << p
	s.ply++
	s.toMove = me.Other()
	switch {
	case s.three(me, p):
		s.res = game.Result{Over: true, Winner: me, Reason: ReasonThree}
	case s.occupied() == hex.Board:
		s.res = game.Result{Over: true, Winner: game.NoPlayer, Reason: ReasonFull}
	}
}

// three reports whether pl's piece on p makes a line of three along some axis.
func (s *State) three(pl game.Player, p hex.Point) bool {
	mine := s.pieces[pl]
	for d := hex.Dir(0); d < 3; d++ {
		n := 1
		for _, dir := range []hex.Dir{d, d.Opposite()} {
			for q := hex.Step[p][dir]; q != hex.NoPoint && mine.Has(q); q = hex.Step[q][dir] {
				n++
			}
		}
		if n >= 3 {
			return true
		}
	}
	return false
}

// FormatMove implements game.State: the point's label.
func (s *State) FormatMove(m game.Move) string {
	if p, ok := decode(m); ok {
		return p.Label()
	}
	return "?"
}

// ParseMove implements game.State.
func (s *State) ParseMove(text string) (game.Move, error) {
	p, ok := hex.ParsePoint(strings.TrimSpace(text))
	if !ok {
		return game.Move{}, fmt.Errorf("toy: bad move %q", text)
	}
	return Place(p), nil
}

// MoveCells implements game.MoveDescriber: the point placed on.
func (s *State) MoveCells(dst []hex.Coord, m game.Move) ([]hex.Coord, game.MoveKind) {
	if p, ok := decode(m); ok {
		return append(dst, p.Coord()), game.MovePlace
	}
	return dst, game.MovePass
}

// Stack is what the window draws on p: one piece or none.
func (s *State) Stack(p hex.Point) (height int, layers [3]game.Player) {
	layers = [3]game.Player{game.NoPlayer, game.NoPlayer, game.NoPlayer}
	for pl := range s.pieces {
		if s.pieces[pl].Has(p) {
			layers[0] = game.Player(pl)
			return 1, layers
		}
	}
	return 0, layers
}

// Clone implements game.State.
func (s *State) Clone() game.State { c := *s; return &c }

// CopyFrom implements game.State.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// RandomPlayout implements game.State.
func (s *State) RandomPlayout(r *game.Rand) game.Result {
	var buf []game.Move
	for !s.res.Over {
		buf = s.LegalMoves(buf[:0])
		s.Apply(buf[r.Intn(len(buf))])
	}
	return s.res
}

// Hash implements game.State.
func (s *State) Hash() uint64 {
	return uint64(s.pieces[0])*0x9e3779b97f4a7c15 ^ uint64(s.pieces[1])*0xc2b2ae3d27d4eb4f ^ uint64(s.toMove)
}
