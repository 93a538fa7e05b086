package attangle

import (
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

func BenchmarkPlayout(b *testing.B) {
	gametest.BenchmarkPlayouts(b, New(nil))
}

// busyPosition is a midgame position reached by random play with many captures for
// the side to move.
func busyPosition() *State {
	r := game.NewRand(3)
	var moves []game.Move
	for {
		s := New(nil)
		for !s.Result().Over {
			moves = s.LegalMoves(moves[:0])
			if s.Ply() >= 24 && len(moves)-s.placements() >= 12 {
				return s
			}
			s.Apply(moves[r.Intn(len(moves))])
		}
	}
}

func (s *State) placements() int {
	if s.pool[s.toMove] == 0 {
		return 0
	}
	return (hex.Board &^ s.occ &^ (1 << hex.Centre)).Count()
}

func BenchmarkLegalMoves(b *testing.B) {
	b.ReportAllocs()
	s := busyPosition()
	moves := make([]game.Move, 0, 128)
	for b.Loop() {
		moves = s.LegalMoves(moves[:0])
	}
}

// BenchmarkCaptures counts and lists the captures of a busy midgame position.
func BenchmarkCaptures(b *testing.B) {
	b.ReportAllocs()
	s := busyPosition()
	moves := make([]game.Move, 0, 128)
	for b.Loop() {
		var sc scan
		if sc.count(s, s.toMove) == 0 {
			b.Fatal("no captures")
		}
		moves = moves[:0]
		for x := sc.x; x != 0; x &= x - 1 {
			moves = sc.appendCaptures(s, x.First(), moves)
		}
	}
	b.ReportMetric(float64(len(moves)), "captures")
}

func BenchmarkApply(b *testing.B) {
	b.ReportAllocs()
	s := busyPosition()
	moves := s.LegalMoves(nil)
	var c State
	i := 0
	for b.Loop() {
		c.CopyFrom(s)
		c.Apply(moves[i])
		i++
		if i == len(moves) {
			i = 0
		}
	}
}
