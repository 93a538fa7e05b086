package andantino

import (
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

func BenchmarkPlayout(b *testing.B) {
	gametest.BenchmarkPlayouts(b, New(false, false))
}

func BenchmarkPlayoutContinuation(b *testing.B) {
	gametest.BenchmarkPlayouts(b, New(false, true))
}

// busyPosition is a mid-game position (20 tiles in) from a fixed random game.
func busyPosition() *State {
	r := game.NewRand(7)
	for {
		s := New(false, false)
		for s.nTiles < 22 && !s.res.Over {
			moves := s.LegalMoves(nil)
			s.Apply(moves[r.Intn(len(moves))])
		}
		if !s.res.Over {
			return s
		}
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	b.ReportAllocs()
	s := busyPosition()
	buf := make([]game.Move, 0, 512)
	for b.Loop() {
		buf = s.LegalMoves(buf[:0])
	}
}

// BenchmarkWinCheck times the line and enclosure checks on their own: each legal
// cell of a busy position is given a tile of the side to move (grid and line boards
// only), checked, and cleared again.
func BenchmarkWinCheck(b *testing.B) {
	b.ReportAllocs()
	s := busyPosition()
	cells := append([]int32(nil), s.legal...)
	c := byte(s.toMove) + 1
	t := s.Clone().(*State)
	t.nextGen()
	wins := 0
	for b.Loop() {
		for _, i := range cells {
			g := t.grid
			old := g[i]
			g[i] = old&countMask | c
			t.lines.set(int(c-1), i&63, i>>6)
			var mask uint8
			for d := 0; d < 6; d++ {
				if g[i+t.dir[d]]&colourMask == c {
					mask |= 1 << d
				}
			}
			if t.lineAt(i, c, mask) || hex.Arcs[mask] >= 2 && t.enclosure(i, c, mask, false) {
				wins++
			}
			t.lines.unset(int(c-1), i&63, i>>6)
			g[i] = old
			t.res = game.Ongoing
		}
	}
	b.ReportMetric(float64(len(cells)), "cells/op")
}
