package andantino

import (
	"math/bits"
	"slices"
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

// naiveWindows reads Windows and the five cells cell by cell: every window of
// five cells along the three axes near the tiles, counted by its tiles for the
// side that alone holds tiles in it, and the empty cell of every window holding
// four.
func naiveWindows(s *State) (hist [2][5]int32, five [2][]hex.Coord) {
	seen := [2]map[hex.Coord]bool{{}, {}}
	lo, hi := s.Bounds()
	for r := lo.R - 6; r <= hi.R+6; r++ {
		for q := lo.Q - 6; q <= hi.Q+6; q++ {
			for d := hex.Dir(0); d < 3; d++ {
				var n [3]int
				var empty hex.Coord
				c := hex.Coord{Q: q, R: r}
				for range 5 {
					p := s.At(c)
					if p == game.NoPlayer {
						empty = c
						n[2]++
					} else {
						n[p]++
					}
					c = c.Add(hex.Dirs[d])
				}
				for p := range 2 {
					if n[p] > 0 && n[1-p] == 0 {
						if n[p] < 5 {
							hist[p][n[p]]++
						}
						if n[p] == 4 && !seen[p][empty] {
							seen[p][empty] = true
							five[p] = append(five[p], empty)
						}
					}
				}
			}
		}
	}
	return hist, five
}

// TestWindowsAgainstNaive compares Windows and WinCells with the cell-by-cell
// reading at every ply of random games: each side's windows, the win flag and
// the blocks.
func TestWindowsAgainstNaive(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	wins, blocks := 0, 0
	randomPlies(games, 23, func(g int, s *State) {
		gotHist := s.Windows()
		gotWin, gotBlocks := s.WinCells(nil, false)
		hist, five := naiveWindows(s)
		me := s.ToMove()
		var win bool
		var want []string
		for _, c := range five[me] {
			win = win || s.playable(s.index(c.Q, c.R))
		}
		for _, c := range five[1-me] {
			if s.playable(s.index(c.Q, c.R)) {
				want = append(want, spell(c))
			}
		}
		slices.Sort(want)
		var have []string
		for _, m := range gotBlocks {
			have = append(have, FormatMove(m))
		}
		slices.Sort(have)
		if gotHist != hist || gotWin != win || !slices.Equal(have, want) {
			t.Fatalf("game %d ply %d: Windows %v, WinCells %v %v; cell by cell %v %v %v\n%v",
				g, s.ply, gotHist, gotWin, have, hist, win, want, s)
		}
		if win {
			wins++
		}
		blocks += len(want)
	})
	if wins == 0 || blocks == 0 {
		t.Fatalf("%d wins, %d blocks seen: the test proves nothing", wins, blocks)
	}
}

// TestWinCellsLatentFour: a four whose completing cell touches one tile is no
// threat yet; once a tile touches the cell, it is a win for the side to move or a
// block for the other.
//
//	r=1        .  .  .  .          White 0,0 … 3,0; Red -1,0 closes the west end.
//	r=0     R  W  W  W  W  ^       4,0 touches only 3,0: a latent four.
//	r=-1      R  R  R  .  .        Red 4,-1 (instead of 2,-1) makes it playable.
func TestWinCellsLatentFour(t *testing.T) {
	s := board(t, false, false, "0,0 1,0 2,0 3,0", "-1,0 0,-1 1,-1 2,-1", game.First)
	if win, blocks := s.WinCells(nil, false); win || len(blocks) != 0 {
		t.Fatalf("latent four: win %v, blocks %v; want none\n%v", win, blocks, s)
	}
	if s.Windows()[game.First][4] != 1 {
		t.Fatalf("latent four: White's windows %v, want one of four", s.Windows()[game.First])
	}
	s = board(t, false, false, "0,0 1,0 2,0 3,0", "-1,0 0,-1 1,-1 4,-1", game.First)
	if win, _ := s.WinCells(nil, false); !win {
		t.Fatalf("White to move with 4,0 playable: no win\n%v", s)
	}
	s = board(t, false, false, "0,0 1,0 2,0 3,0", "-1,0 0,-1 1,-1 4,-1", game.Second)
	win, blocks := s.WinCells(nil, false)
	if win || len(blocks) != 1 || FormatMove(blocks[0]) != "4,0" {
		t.Fatalf("Red to move: win %v, blocks %v; want block 4,0\n%v", win, blocks, s)
	}
}

// TestAxisGains: the table is read with the nine cells of each axis around
// the placement, and a suicide cell gets SuicideGain.
func TestAxisGains(t *testing.T) {
	// A table that counts the mover's tiles next to the cell (bits 3 and 4 of
	// each side's eight) on each axis.
	var table [1 << 16]int16
	for key := range table {
		mine := key >> 8
		table[key] = int16(mine>>3&1 + mine>>4&1)
	}
	s := board(t, false, false, "0,0 1,0 2,0 3,0", "-1,0 0,-1 1,-1 4,-1", game.First)
	moves := s.LegalMoves(nil)
	sc := make([]int32, len(moves))
	s.AxisGains(moves, &table, sc)
	for k, m := range moves {
		q, r, _, _, _ := decode(m)
		n := int32(0)
		for _, d := range hex.Dirs {
			if s.At(hex.Coord{Q: q + d.Q, R: r + d.R}) == game.First {
				n++
			}
		}
		if sc[k] != n {
			t.Errorf("%s: %d, want its %d White neighbours", FormatMove(m), sc[k], n)
		}
	}
	// A ring of White around 1,0: Red there would be trapped.
	s = board(t, false, false, "0,0 0,1 1,1 2,0 2,-1 1,-1", "9,9 9,10", game.Second)
	hole := hex.Coord{Q: 1, R: 0}
	if !s.IsSuicide(hole) {
		t.Fatalf("set-up: %v is not a suicide cell for Red\n%v", hole, s)
	}
	moves = s.LegalMoves(nil)
	sc = make([]int32, len(moves))
	s.AxisGains(moves, &table, sc)
	for k, m := range moves {
		if FormatMove(m) == "1,0" && sc[k] != SuicideGain {
			t.Fatalf("suicide cell 1,0 scores %d", sc[k])
		}
	}
}

func BenchmarkAssess(b *testing.B) {
	for _, traps := range []bool{false, true} {
		b.Run(map[bool]string{false: "lines", true: "traps"}[traps], func(b *testing.B) { benchAssess(b, traps) })
	}
}

// randomPlies calls f at every ply of games random games (seeded), before the
// move; f must leave s as it found it.
func randomPlies(games int, seed uint64, f func(g int, s *State)) {
	r := game.NewRand(seed)
	for g := 0; g < games; g++ {
		s := New(false, false)
		for !s.res.Over {
			f(g, s)
			moves := s.LegalMoves(nil)
			s.Apply(moves[r.Intn(len(moves))])
		}
	}
}

// randomMidgame is a random game's position at ply 30 (no game ended there).
func randomMidgame() *State {
	s := New(false, false)
	r := game.NewRand(3)
	for s.ply < 30 {
		moves := s.LegalMoves(nil)
		c := s.Clone().(*State)
		c.Apply(moves[r.Intn(len(moves))])
		if c.res.Over {
			continue
		}
		s = c
	}
	return s
}

func benchAssess(b *testing.B, traps bool) {
	s := randomMidgame()
	buf := make([]game.Move, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		_, buf = s.WinCells(buf, traps)
	}
}

func BenchmarkTrapThreats(b *testing.B) {
	s := randomMidgame()
	buf := make([]game.Move, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.TrapThreats(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "threats")
}

// TestWinCellsTraps: with traps, win says whether some tile of the side to
// move wins at once (five or trap), and Blocks are exactly the cells where a tile
// of the opponent would, found by playing every legal cell for each side, at every
// ply of random games.
func TestWinCellsTraps(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	traps := 0
	randomPlies(games, 29, func(g int, s *State) {
		before := s.Clone().(*State)
		aWin, aBlocks := s.WinCells(nil, true)
		if !slices.Equal(before.grid, s.grid) || *before.lines != *s.lines {
			t.Fatalf("game %d ply %d: WinCells changed the position", g, s.ply)
		}
		var win bool
		var want []string
		for _, m := range s.LegalMoves(nil) {
			for _, p := range []game.Player{s.toMove, 1 - s.toMove} {
				c := s.Clone().(*State)
				c.toMove = p
				c.Apply(m)
				if c.res.Winner != p || !c.res.Over {
					continue
				}
				if c.res.Reason != ReasonLine {
					traps++
				}
				if p == s.toMove {
					win = true
				} else {
					want = append(want, FormatMove(m))
				}
			}
		}
		var have []string
		for _, m := range aBlocks {
			have = append(have, FormatMove(m))
		}
		slices.Sort(have)
		slices.Sort(want)
		if aWin != win || !slices.Equal(have, want) {
			t.Fatalf("game %d ply %d: WinCells win %v blocks %v; playing every cell: win %v, opponent wins on %v\n%v",
				g, s.ply, aWin, have, win, want, s)
		}
	})
	if traps == 0 {
		t.Fatal("no trap cell in any position: the test proves nothing")
	}
	t.Logf("%d trap cells", traps)
}

// TestWindowsKeptByPlacement: the window count the placements keep equals the
// count from scratch at every ply of random games, through copies too.
func TestWindowsKeptByPlacement(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 20
	}
	r := game.NewRand(31)
	fives := 0
	for g := 0; g < games; g++ {
		s := New(false, false)
		c := New(false, false)
		for !s.res.Over {
			if !s.counts.ok {
				t.Fatalf("game %d ply %d: count not kept\n%v", g, s.ply, s)
			}
			want := s.countWindows()
			for p := range 2 {
				have := slices.Clone(s.counts.five[p][:s.counts.n[p]])
				exp := slices.Clone(want.five[p][:want.n[p]])
				slices.Sort(have)
				slices.Sort(exp)
				if s.counts.packed[p] != want.packed[p] || !slices.Equal(have, exp) {
					t.Fatalf("game %d ply %d side %d: kept %x %v, counted %x %v\n%v",
						g, s.ply, p, s.counts.packed[p], have, want.packed[p], exp, s)
				}
				fives += len(have)
			}
			moves := s.LegalMoves(nil)
			c.CopyFrom(s)
			c.Apply(moves[r.Intn(len(moves))])
			s, c = c, s
		}
	}
	t.Logf("%d five cells checked", fives)
	if fives == 0 {
		t.Fatal("no five cells seen: the test proves nothing")
	}
}

// TestWindowsNotKeptInPlayouts: a random playout lets the count go (it would slow
// the playouts) and Windows then counts from scratch.
func TestWindowsNotKeptInPlayouts(t *testing.T) {
	s := New(false, false)
	for _, m := range []string{"0,1", "-1,1", "1,1", "0,2"} {
		mv, err := ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(mv)
	}
	want := s.Windows()
	s.RandomPlayout(game.NewRand(1))
	if s.counts.ok {
		t.Fatal("count still marked kept after a playout")
	}
	if got, exp := s.Windows(), s.countWindows().packed; got[0][1] != int32(exp[0]&0xffff) || got[1][4] != int32(exp[1]>>48) {
		t.Fatalf("after playout Windows %v, counted %v", got, exp)
	}
	if want == s.Windows() {
		t.Fatal("playout changed nothing: the test proves nothing")
	}
}

// TestTrapCandidates: the row-at-a-time reading of the line boards names exactly
// the empty cells whose neighbours of a side form two arcs or more.
func TestTrapCandidates(t *testing.T) {
	seen := 0
	randomPlies(40, 37, func(g int, s *State) {
		for p := range 2 {
			for y := int32(0); y < 64; y++ {
				got := s.lines.trapCandidates(p, y)
				var want uint64
				for x := int32(1); x < 63; x++ {
					i := y<<6 | x
					if y > 0 && y < 63 && s.grid[i]&colourMask == 0 && hex.Arcs[s.neighbours(i, byte(p)+1)] >= 2 {
						want |= 1 << x
					}
				}
				if got != want {
					t.Fatalf("game %d ply %d side %d row %d: %064b, want %064b\n%v", g, s.ply, p, y, got, want, s)
				}
				seen += bits.OnesCount64(want)
			}
		}
	})
	if seen == 0 {
		t.Fatal("no candidate seen: the test proves nothing")
	}
}

// TestTrapThreats: at every ply of random games, TrapThreats (and its slow
// form, for positions with many cells of two arcs) names exactly the placements
// after which some cell of the mover closes a trap, found by playing every legal
// cell after each.
func TestTrapThreats(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	found, oneArc := 0, 0
	randomPlies(games, 41, func(g int, s *State) {
		me := s.toMove
		// The last tile ends the game: no threat is left to make.
		if win, _ := s.WinCells(nil, true); !win && s.TilesLeft(me) > 1 {
			before := s.Clone().(*State)
			var have, slow []string
			for _, m := range s.TrapThreats(nil) {
				have = append(have, FormatMove(m))
			}
			for _, m := range s.trapThreats(nil, true) {
				slow = append(slow, FormatMove(m))
			}
			if !slices.Equal(before.grid, s.grid) || *before.lines != *s.lines {
				t.Fatalf("game %d ply %d: TrapThreats changed the position", g, s.ply)
			}
			var want []string
			for _, m := range s.LegalMoves(nil) {
				q, rr, _, _, _ := decode(m)
				i := s.index(q, rr)
				if s.grid[i]&(holeBit<<(1-me)) != 0 {
					continue
				}
				c := s.Clone().(*State)
				c.Apply(m)
				if c.res.Over {
					continue
				}
				c.toMove = me
				// A cell that also completes a five ends the game as a line, so
				// the trap is read from the tiles.
				nv := naiveFrom(c)
				threat := false
				for _, n := range c.LegalMoves(nil) {
					q, rr, _, _, _ := decode(n)
					d := nv.clone()
					d.tiles[hex.Coord{Q: q, R: rr}] = me
					for cell := range d.enclosed(me) {
						if owner, ok := d.tiles[cell]; ok && owner != me {
							threat = true
						}
					}
					if threat {
						break
					}
				}
				if threat {
					want = append(want, FormatMove(m))
					if hex.Arcs[s.neighbours(i, byte(me)+1)] < 2 {
						oneArc++
					}
				}
			}
			slices.Sort(have)
			slices.Sort(want)
			slices.Sort(slow)
			if !slices.Equal(have, want) || !slices.Equal(slow, want) {
				t.Fatalf("game %d ply %d: TrapThreats %v (reading every row %v), playing every cell %v\n%v", g, s.ply, have, slow, want, s)
			}
			found += len(want)
		}
	})
	if found == 0 {
		t.Fatal("no trap threat in any position: the test proves nothing")
	}
	if oneArc == 0 {
		t.Fatal("no threat by a cell with one arc of the mover's tiles: the test misses a case")
	}
	t.Logf("%d trap threats, %d by a cell with one arc", found, oneArc)
}
