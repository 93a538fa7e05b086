package andantino

import (
	"fmt"
	"slices"
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

func TestFiveCellsTable(t *testing.T) {
	for _, tc := range []struct {
		window string // bit 0 first: x own tile, . empty; the centre (bit 4) is own
		want   string // ^ under the cells that complete five
	}{
		{".xxxx....", "^....^..."},
		{"...xxxx..", "..^....^."},
		{"..x.xx.x.", "........."},
		{"x.xxx....", ".^......."},
		{"xx.xx.xx.", "..^..^..."},
		{"....x....", "........."},
		{"...xx.xx.", ".....^..."},
		{"xxx.x....", "...^....."},
	} {
		w, want := 0, 0
		for j := 0; j < 9; j++ {
			if tc.window[j] == 'x' {
				w |= 1 << j
			}
			if tc.want[j] == '^' {
				want |= 1 << j
			}
		}
		if got := int(fiveCells[w]); got != want {
			t.Errorf("%s: five cells %09b (reversed), want %09b", tc.window, got, want)
		}
	}
}

// naiveFives lists, per side, the empty cells where a tile of that side would make
// a line of five or more, by reading the board cell by cell.
func naiveFives(s *State) [2][]hex.Coord {
	var out [2][]hex.Coord
	lo, hi := s.Bounds()
	for r := lo.R - 5; r <= hi.R+5; r++ {
		for q := lo.Q - 5; q <= hi.Q+5; q++ {
			c := hex.Coord{Q: q, R: r}
			if s.At(c) != game.NoPlayer {
				continue
			}
			for p := game.First; p <= game.Second; p++ {
				for d := hex.Dir(0); d < 3; d++ {
					if 1+runFrom(s, c, d, p)+runFrom(s, c, d+3, p) >= 5 {
						out[p] = append(out[p], c)
						break
					}
				}
			}
		}
	}
	return out
}

func runFrom(s *State, c hex.Coord, d hex.Dir, p game.Player) int {
	n := 0
	for st := hex.Dirs[d]; ; n++ {
		c = hex.Coord{Q: c.Q + st.Q, R: c.R + st.R}
		if s.At(c) != p {
			return n
		}
	}
}

func sortedCoords(cs []hex.Coord) []string {
	out := make([]string, len(cs))
	for k, c := range cs {
		out[k] = spell(c)
	}
	slices.Sort(out)
	return out
}

// TestFivesAgainstNaive compares the five cells the playout keeps with a
// cell-by-cell reading, at every ply of random games.
func TestFivesAgainstNaive(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	r := game.NewRand(11)
	var f fives
	seen := 0
	for g := 0; g < games; g++ {
		s := New(false, false)
		for !s.res.Over {
			s.scanFives(&f)
			want := naiveFives(s)
			for p := range 2 {
				var got []hex.Coord
				for _, i := range f.cell[p][:f.n[p]] {
					q, rr := s.coord(i)
					got = append(got, hex.Coord{Q: q, R: rr})
				}
				seen += len(got)
				if a, b := sortedCoords(got), sortedCoords(want[p]); !slices.Equal(a, b) {
					t.Fatalf("game %d ply %d side %d: five cells %v, want %v\n%v", g, s.ply, p, a, b, s)
				}
			}
			moves := s.LegalMoves(nil)
			s.Apply(moves[r.Intn(len(moves))])
		}
	}
	if seen == 0 {
		t.Fatal("no five cell in any position: the test proves nothing")
	}
}

// TestTacticalPlayoutTakesAndBlocksFives: with a playable five cell the mover
// completes it; facing the opponent's, it fills it.
//
//	   . R . . .        Red -1,0 closes the row's west end; 4,0 touches
//	R W W W W ^         3,0 and 3,1, so it is playable: White's five cell.
//	   R . . R
func TestTacticalPlayoutTakesAndBlocksFives(t *testing.T) {
	white, red := "0,0 1,0 2,0 3,0", "-1,0 0,1 3,1 1,-1"
	five := hex.Coord{Q: 4, R: 0}
	for k := range 50 {
		s := board(t, false, false, white, red, game.First)
		if !s.playable(s.index(4, 0)) || s.playable(s.index(-1, 0)) {
			t.Fatal("set-up: want exactly one playable five cell")
		}
		r := game.NewRand(uint64(k))
		res := s.TacticalPlayout(r)
		if res.Winner != game.First || res.Reason != ReasonLine || s.ply != 1 || s.At(five) != game.First {
			t.Fatalf("playout %d: %v after %d plies, want White's line on 4,0 at once\n%v", k, res, s.ply, s)
		}
		s = board(t, false, false, white, red, game.Second)
		s.TacticalPlayout(r)
		if s.At(five) != game.Second {
			t.Fatalf("playout %d: Red left White's five cell 4,0 (%v)\n%v", k, s.res, s)
		}
	}
}

// TestTacticalPlayoutGames checks the state after tactical playouts started from
// every ply of random games, and that the policy ends games.
func TestTacticalPlayoutGames(t *testing.T) {
	r := game.NewRand(5)
	ends := map[string]int{}
	for g := 0; g < 40; g++ {
		s := New(false, false)
		for !s.res.Over {
			p := s.Clone().(*State)
			res := p.TacticalPlayout(r)
			if !res.Over {
				t.Fatalf("playout did not end the game")
			}
			ends[res.Reason]++
			if err := checkState(p, true); err != nil {
				t.Fatalf("after a tactical playout from ply %d: %v", s.ply, err)
			}
			moves := s.LegalMoves(nil)
			s.Apply(moves[r.Intn(len(moves))])
		}
	}
	if ends[ReasonLine] == 0 || ends[ReasonTrap]+ends[ReasonTrapGap] == 0 {
		t.Fatalf("endings %v: want lines and traps", ends)
	}
	t.Log(fmt.Sprint(ends))
}

func BenchmarkTacticalPlayout(b *testing.B) {
	b.ReportAllocs()
	start := New(false, false)
	s := start.Clone().(*State)
	r := game.NewRand(1)
	for b.Loop() {
		s.CopyFrom(start)
		s.TacticalPlayout(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}
