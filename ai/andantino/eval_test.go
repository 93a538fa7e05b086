package andantino

import (
	"slices"
	"testing"

	"trihex/game"
	rules "trihex/game/andantino"
	"trihex/game/hex"
)

// randomPositions calls f at every ply of seeded random placement games while
// the evaluation applies.
func randomPositions(games int, seed uint64, f func(g int, s *rules.State)) {
	r := game.NewRand(seed)
	for g := range games {
		s := rules.New(false, false)
		for s.Assessable() {
			f(g, s)
			moves := s.LegalMoves(nil)
			s.Apply(moves[r.Intn(len(moves))])
		}
	}
}

// naiveSums weighs every window of five cells near the tiles, read cell by cell.
func naiveSums(s *rules.State) (sum [2]int32) {
	lo, hi := s.Bounds()
	for r := lo.R - 6; r <= hi.R+6; r++ {
		for q := lo.Q - 6; q <= hi.Q+6; q++ {
			for d := hex.Dir(0); d < 3; d++ {
				var n [3]int
				c := hex.Coord{Q: q, R: r}
				for range 5 {
					if p := s.At(c); p != game.NoPlayer {
						n[p]++
					}
					c = c.Add(hex.Dirs[d])
				}
				for p := range 2 {
					if n[p] > 0 && n[1-p] == 0 {
						sum[p] += windowWeight[n[p]]
					}
				}
			}
		}
	}
	return sum
}

// TestAssessAgainstNaive: the sums are the windows' weights counted cell by
// cell, and win and blocks the rules' WinCells, at every ply of random games.
func TestAssessAgainstNaive(t *testing.T) {
	randomPositions(40, 23, func(g int, s *rules.State) {
		a := (&position{s}).Assess(nil, false)
		win, blocks := s.WinCells(nil, false)
		if want := naiveSums(s); a.Sums != want || a.Win != win || !slices.Equal(a.Blocks, blocks) {
			t.Fatalf("game %d ply %d: sums %v win %v blocks %v; want %v %v %v\n%v", g, s.Ply(), a.Sums, a.Win, a.Blocks, want, win, blocks, s)
		}
	})
}

// naiveMoveScore counts a placement's gain window by window, as the table does:
// the tile's own windows' growth, the opponent's windows it spoils, and a win
// (reported apart) where it completes a five.
func naiveMoveScore(s *rules.State, c hex.Coord) (gain int32, five bool) {
	me := s.ToMove()
	for d := hex.Dir(0); d < 3; d++ {
		for back := 0; back < 5; back++ {
			var n [2]int
			x := c
			for range back {
				x = x.Add(hex.Dirs[d+3])
			}
			for range 5 {
				if p := s.At(x); p != game.NoPlayer {
					n[p]++
				}
				x = x.Add(hex.Dirs[d])
			}
			switch mine, theirs := n[me], n[1-me]; {
			case theirs == 0 && mine == 4:
				five = true
			case theirs == 0:
				gain += windowWeight[mine+1] - windowWeight[mine]
			case mine == 0:
				gain += windowWeight[theirs]
			}
		}
	}
	return gain, five
}

// TestMoveScoresAgainstNaive compares MoveScores with the window-by-window count
// for every legal move at every ply of random games.
func TestMoveScoresAgainstNaive(t *testing.T) {
	fives := 0
	randomPositions(60, 41, func(g int, s *rules.State) {
		moves := s.LegalMoves(nil)
		sc := make([]int32, len(moves))
		(&position{s}).MoveScores(moves, sc)
		for k, m := range moves {
			c := cell(m)
			if s.IsSuicide(c) {
				if sc[k] >= 0 {
					t.Fatalf("game %d ply %d: suicide cell %s scores %d", g, s.Ply(), rules.FormatMove(m), sc[k])
				}
				continue
			}
			gain, five := naiveMoveScore(s, c)
			if five {
				fives++
			}
			if five && sc[k] < winGain || !five && sc[k] != gain {
				t.Fatalf("game %d ply %d move %s: MoveScores %d, window by window %d (five %v)\n%v",
					g, s.Ply(), rules.FormatMove(m), sc[k], gain, five, s)
			}
		}
	})
	if fives == 0 {
		t.Fatal("no five made: the test proves nothing")
	}
}

// cell is a placement's cell.
func cell(m game.Move) hex.Coord {
	return hex.Coord{Q: int(int32(uint32(m.A))), R: int(int32(uint32(m.A >> 32)))}
}

// TestEvaluable: only the placement game without the adjacency variant is read
// by alpha-beta, and the position it returns plays as the state does.
func TestEvaluable(t *testing.T) {
	s := replay(t, "0,1 -1,1")
	p, ok := Knowledge{}.Evaluable(s)
	if !ok {
		t.Fatal("the placement game is not evaluable")
	}
	c := p.Clone()
	if _, isPos := c.(*position); !isPos || c.Hash() != s.Hash() {
		t.Fatal("a clone of the position should be a position of the same game")
	}
	c.CopyFrom(replay(t, "0,1 -1,1 1,-1"))
	if c.Ply() != 3 {
		t.Errorf("CopyFrom a state: ply %d", c.Ply())
	}
	if _, ok := (Knowledge{}).Evaluable(rules.New(true, false)); ok {
		t.Error("the adjacency variant is evaluable")
	}
}
