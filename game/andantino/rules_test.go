package andantino

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

// board lays out a position directly from lists of cells ("q,r q,r …"), for rules
// that legal play reaches only after many moves. Tiles in hand are 25 minus the
// tiles down; cont puts the position in the continuation phase (tiles in hand 0).
func board(t *testing.T, once, cont bool, white, red string, toMove game.Player) *State {
	t.Helper()
	s := empty(once, cont)
	for p, list := range []string{white, red} {
		for _, f := range strings.Fields(list) {
			m, err := ParseMove(f)
			if err != nil {
				t.Fatal(err)
			}
			q, r := unpack(m.A)
			i := s.index(q, r)
			if s.grid[i]&colourMask != 0 {
				t.Fatalf("board: %s given twice", f)
			}
			s.dropLegal(i)
			s.addTile(i, byte(p)+1)
			s.left[p]--
		}
	}
	s.left[0] += 25
	s.left[1] += 25
	s.toMove = toMove
	if toMove == game.Second {
		s.hash ^= sideKey
	}
	s.recomputeHoles(game.First)
	s.recomputeHoles(game.Second)
	if cont {
		s.inCont = true
		s.left = [2]int{}
		s.history = []uint64{s.hash}
	}
	return s
}

func play(t *testing.T, s game.State, moves ...string) {
	t.Helper()
	for _, txt := range moves {
		m, err := s.ParseMove(txt)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("%v\n%s", err, s)
		}
	}
}

func mustRefuse(t *testing.T, s game.State, txt, why string) {
	t.Helper()
	m, err := s.ParseMove(txt)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Play(m)
	if err == nil || !errors.Is(err, game.ErrIllegal) || !strings.Contains(err.Error(), `"`+txt+`"`) ||
		!strings.Contains(err.Error(), why) {
		t.Fatalf("Play(%s) = %v, want an illegal-move error naming it and saying %q", txt, err, why)
	}
}

func wantResult(t *testing.T, s *State, winner game.Player, reason string) {
	t.Helper()
	res := s.Result()
	if !res.Over || res.Winner != winner || res.Reason != reason {
		t.Fatalf("result %+v, want winner %v by %q\n%s", res, winner, reason, s)
	}
	if len(s.LegalMoves(nil)) != 0 {
		t.Fatalf("legal moves after the end")
	}
}

func wantOngoing(t *testing.T, s *State) {
	t.Helper()
	if s.Result().Over {
		t.Fatalf("game over: %+v\n%s", s.Result(), s)
	}
}

func coords(list string) []hex.Coord {
	var out []hex.Coord
	for _, f := range strings.Fields(list) {
		m, _ := ParseMove(f)
		q, r := unpack(m.A)
		out = append(out, hex.Coord{Q: q, R: r})
	}
	return out
}

func sameCells(a, b []hex.Coord) bool {
	key := func(c hex.Coord) int { return c.R*1000 + c.Q }
	sortC := func(x []hex.Coord) []hex.Coord {
		y := slices.Clone(x)
		slices.SortFunc(y, func(p, q hex.Coord) int { return key(p) - key(q) })
		return y
	}
	return slices.Equal(sortC(a), sortC(b))
}

// Setup: White on 0,0, Red on 1,0, 24 tiles each in hand, White to move; the only
// cells touching two tiles are the two beside the pair.
func TestSetup(t *testing.T) {
	s := New(false, false)
	if got := s.Tiles(); len(got) != 2 || got[0] != (Tile{hex.Coord{Q: 0, R: 0}, game.First}) ||
		got[1] != (Tile{hex.Coord{Q: 1, R: 0}, game.Second}) {
		t.Fatalf("tiles %v", got)
	}
	if s.TilesLeft(game.First) != 24 || s.TilesLeft(game.Second) != 24 || s.ToMove() != game.First || s.Ply() != 0 {
		t.Fatalf("bad start: %s", s)
	}
	if got := sortedLegal(s); !slices.Equal(got, []string{"0,1", "1,-1"}) {
		t.Fatalf("legal %v", got)
	}
	if s.At(hex.Coord{}) != game.First || s.At(hex.Coord{Q: 1}) != game.Second || s.At(hex.Coord{Q: 5, R: 5}) != game.NoPlayer {
		t.Fatal("At")
	}
	if s.Options().String() != "adjacency=strict,continuation=off" {
		t.Fatal(s.Options())
	}
	g, err := game.Lookup("andantino")
	if err != nil || g != Info || g.Players != [2]string{"White", "Red"} {
		t.Fatal("not registered", err)
	}
	if _, err := g.Start("adjacency=twice"); err == nil {
		t.Fatal("bad option accepted")
	}
	if st, _ := g.Start("continuation=on, adjacency=once"); st.Options().String() != "adjacency=once,continuation=on" {
		t.Fatal(st.Options())
	}
}

// A tile goes on an empty cell touching at least two tiles.
func TestAdjacencyTwo(t *testing.T) {
	s := New(false, false)
	mustRefuse(t, s, "2,0", "fewer than two")  // touches Red only
	mustRefuse(t, s, "-1,0", "fewer than two") // touches White only
	mustRefuse(t, s, "9,9", "touches no tile")
	mustRefuse(t, s, "0,0", "occupied")
	mustRefuse(t, s, "0,0-0,1", "only once all 50 are down")
	play(t, s, "0,1")
	// 1,1 now touches 0,1 and 1,0; -1,1 touches only 0,1 and 0,0.
	if got := sortedLegal(s); !slices.Equal(got, []string{"-1,1", "1,-1", "1,1"}) {
		t.Fatalf("legal %v\n%s", got, s)
	}
}

// A straight line of five of the mover's tiles wins, on each of the three axes.
func TestLineOfFive(t *testing.T) {
	for _, tc := range []struct{ white, red, move string }{
		{"0,0 1,0 2,0 3,0", "0,1 1,1 2,1 3,1", "4,0"},        // E–W
		{"0,0 0,1 0,2 0,3", "1,0 1,1 1,2 1,3", "0,4"},        // NE–SW
		{"0,0 -1,1 -2,2 -3,3", "0,1 -1,2 -2,3 -3,4", "-4,4"}, // NW–SE
		{"0,0 1,0 3,0 4,0", "0,1 1,1 2,1 3,1", "2,0"},        // filling the middle
		{"1,0 2,0 3,0", "0,1 1,1 2,1 3,1 0,0", "4,0"},        // only four: no win
		{"0,0 1,0 2,0 3,0", "0,1 1,1 2,1 3,1 4,0", "-1,1"},   // not on the line
	} {
		s := board(t, false, false, tc.white, tc.red, game.First)
		play(t, s, tc.move)
		if len(strings.Fields(tc.white)) == 4 && tc.move != "-1,1" {
			wantResult(t, s, game.First, ReasonLine)
			line := append(coords(tc.white), coords(tc.move)...)
			if !sameCells(s.WinningCells(), line) {
				t.Errorf("winning cells %v, want %v", s.WinningCells(), line)
			}
		} else {
			wantOngoing(t, s)
		}
	}
}

// A tile joining a run of three and a run of two makes a line of six: a win too.
func TestLineOfSix(t *testing.T) {
	s := board(t, false, false, "0,0 1,0 2,0 4,0 5,0", "0,1 1,1 2,1 3,1 4,1", game.First)
	play(t, s, "3,0")
	wantResult(t, s, game.First, ReasonLine)
	mustRefuse(t, s, "3,-1", "the game is over")
	if len(s.WinningCells()) != 6 {
		t.Errorf("winning cells %v", s.WinningCells())
	}
}

// Closing a ring of six around a Red tile traps it.
//
//	 W W
//	W R W      ← White plays the last cell of the ring, 1,-1
//	 W .
func TestTrap(t *testing.T) {
	s := board(t, false, false, "1,0 0,1 -1,1 -1,0 0,-1", "0,0 2,0 2,-1", game.First)
	play(t, s, "1,-1")
	wantResult(t, s, game.First, ReasonTrap)
	if wall := s.EnclosureCells(); !sameCells(wall, coords("1,0 0,1 -1,1 -1,0 0,-1 1,-1")) {
		t.Errorf("enclosure %v, want White's ring", wall)
	}
	if !sameCells(s.WinningCells(), coords("0,0")) {
		t.Errorf("winning cells %v", s.WinningCells())
	}
}

// Decision: a trap may hold empty cells (the seed and the 1995 rules; Ludii
// disagrees). White encloses Red's 0,0 together with the empty 1,0.
func TestTrapWithGap(t *testing.T) {
	s := board(t, false, false, "0,1 -1,1 -1,0 0,-1 1,-1 1,1 2,-1", "0,0 3,0 3,-1", game.First)
	play(t, s, "2,0")
	wantResult(t, s, game.First, ReasonTrapGap)
	if !sameCells(s.WinningCells(), coords("0,0 1,0")) {
		t.Errorf("winning cells %v", s.WinningCells())
	}
	// A move that closes a gap-free trap and a trap with a gap at once is a "trap".
	s = board(t, false, false, "1,0 0,1 -1,1 -1,0 0,-1 3,0 2,1 1,1 3,-1 2,-2 3,-2", "0,0 2,-1", game.First)
	play(t, s, "1,-1")
	wantResult(t, s, game.First, ReasonTrap)
}

// Decision: a loop around empty cells only is not a win, but it makes them White's
// hole: a Red tile played there is trapped, and White wins ("suicide").
func TestHoleThenSuicide(t *testing.T) {
	s := board(t, false, false, "1,0 0,1 -1,1 -1,0 0,-1", "2,0 2,-1 3,-1", game.First)
	play(t, s, "1,-1")
	wantOngoing(t, s)
	hole := hex.Coord{}
	if !s.IsSuicide(hole) || !sameCells(s.SuicideCells(), []hex.Coord{hole}) {
		t.Fatalf("0,0 not marked for Red: %v\n%s", s.SuicideCells(), s)
	}
	play(t, s, "0,0")
	wantResult(t, s, game.First, ReasonSuicide)
	if !sameCells(s.WinningCells(), []hex.Coord{hole}) {
		t.Errorf("winning cells %v", s.WinningCells())
	}
	// The wall that closed the hole: White's six tiles round it.
	var round []hex.Coord
	for _, d := range hex.Dirs {
		round = append(round, hole.Add(d))
	}
	if wall := s.EnclosureCells(); !sameCells(wall, round) {
		t.Errorf("enclosure %v, want the hole's six neighbours\n%s", wall, s)
	}
	// White may fill its own hole: nothing happens.
	s = board(t, false, false, "1,0 0,1 -1,1 -1,0 0,-1", "2,0 2,-1 3,-1", game.First)
	play(t, s, "1,-1", "3,-2", "0,0")
	wantOngoing(t, s)
	if s.IsSuicide(hole) || len(s.SuicideCells()) != 0 {
		t.Fatal("filled hole still marked")
	}
}

// The checks run in order: line, then trap, then suicide. White's last ring cell also
// completes a line of five: the line is the reason. (A tile in the opponent's hole
// touches none of the mover's tiles, so in play a suicide never coincides with a
// line or a trap of the mover; the order only matters between line and trap.)
func TestCheckOrder(t *testing.T) {
	s := board(t, false, false, "1,0 0,1 -1,1 -1,0 0,-1 -2,-1 -1,-1 2,-1", "0,0 3,0", game.First)
	play(t, s, "1,-1")
	wantResult(t, s, game.First, ReasonLine)
	n := naiveFrom(board(t, false, false, "1,0 0,1 -1,1 -1,0 0,-1 -2,-1 -1,-1 2,-1", "0,0 3,0", game.First))
	n.play("1,-1")
	if n.res.Reason != ReasonLine {
		t.Fatalf("naive: %v", n.res)
	}
}

// All 50 tiles down without a win: a draw, or with continuation=on the game goes on.
func TestFiftyTileDraw(t *testing.T) {
	r := game.NewRand(3)
	for {
		s := New(false, false)
		var moves []string
		for !s.Result().Over {
			ms := s.LegalMoves(nil)
			m := ms[r.Intn(len(ms))]
			moves = append(moves, s.FormatMove(m))
			s.Apply(m)
		}
		if s.Result().Reason != ReasonFifty {
			continue
		}
		wantResult(t, s, game.NoPlayer, ReasonFifty)
		if len(moves) != 48 || s.TilesLeft(0) != 0 || s.TilesLeft(1) != 0 || len(s.Tiles()) != 50 {
			t.Fatalf("%d moves, %d tiles", len(moves), len(s.Tiles()))
		}
		c, _ := Info.Start("continuation=on")
		play(t, c, moves...)
		cs := c.(*State)
		wantOngoing(t, cs)
		if !cs.InContinuation() || !strings.Contains(cs.FormatMove(cs.LegalMoves(nil)[0]), ",") ||
			cs.LegalMoves(nil)[0].B == 1 {
			t.Fatalf("continuation did not start: %s", cs)
		}
		return
	}
}

// Adjacency variant: once per game Red (only Red) may place a tile touching one
// tile; those cells join the usual ones while the right is unused.
func TestAdjacencyOnce(t *testing.T) {
	s := New(true, false)
	if got := sortedLegal(s); !slices.Equal(got, []string{"0,1", "1,-1"}) {
		t.Fatalf("White may not use it: %v", got)
	}
	play(t, s, "0,1")
	// Usual cells -1,1 1,-1 1,1 plus every cell touching exactly one tile.
	n := newNaive(true, false)
	n.play("0,1")
	got, want := sortedLegal(s), n.legal()
	if !slices.Equal(got, want) || len(got) != 3+6 {
		t.Fatalf("legal %v, want %v", got, want)
	}
	h := s.Hash()
	play(t, s, "2,0") // touches only 1,0
	if !s.onceUsed || s.Hash() == h^sideKey^tileKey(2, 0, 2) {
		t.Fatal("single contact not recorded in the position")
	}
	play(t, s, "1,1")
	mustRefuse(t, s, "3,0", "Red has used its single contact")
	if s.Options().String() != "adjacency=once,continuation=off" {
		t.Fatal(s.Options())
	}
	// A normal placement keeps the right.
	s = New(true, false)
	play(t, s, "0,1", "1,1", "-1,1", "1,2") // 1,1 touched two tiles; 1,2 touches one
	if wantOngoing(t, s); !s.onceUsed {
		t.Fatal("single contact not used")
	}
}

// Continuation: a move picks up one of the mover's tiles and puts it on another
// empty cell touching two tiles, the picked-up tile not counting.
func TestContinuationMoves(t *testing.T) {
	// W W R R in a row, plus a Red pair above.
	s := board(t, false, true, "0,0 1,0", "2,0 3,0 0,1 1,1", game.First)
	// 2,-1 touches 1,0 and 2,0: fine for the tile from 0,0, not for the one from 1,0.
	play(t, s.Clone(), "0,0-2,-1")
	mustRefuse(t, s, "1,0-2,-1", "fewer than two")
	mustRefuse(t, s, "1,0-1,0", "occupied")
	mustRefuse(t, s, "2,0-2,-1", "no tile of yours")
	mustRefuse(t, s, "2,-1", "all tiles are down")
	// A tile cannot go back to its own cell, though the cell touches two others.
	for _, m := range sortedLegal(s) {
		if m == "0,0-0,0" || m == "1,0-1,0" {
			t.Fatal("relocation to the same cell")
		}
	}
	if err := compareNaive(s, naiveFrom(s)); err != nil {
		t.Fatal(err)
	}
}

// Wins are checked after a relocation as after a placement.
func TestContinuationWin(t *testing.T) {
	s := board(t, false, true, "0,0 1,0 2,0 3,0 -3,3", "0,1 1,1 2,1 3,1", game.First)
	play(t, s, "-3,3-4,0")
	wantResult(t, s, game.First, ReasonLine)
	s = board(t, false, true, "1,0 0,1 -1,1 -1,0 0,-1 3,0", "0,0 2,0 2,-1", game.First)
	play(t, s, "3,0-1,-1")
	wantResult(t, s, game.First, ReasonTrap)
}

// Picking up a tile of a loop reopens the hole it closed; picking up a tile inside
// one's own loop leaves a hole.
func TestContinuationReopensHole(t *testing.T) {
	s := board(t, false, true, "1,0 0,1 -1,1 -1,0 0,-1 1,-1 5,5", "2,0 2,-1 3,-1", game.Second)
	if !s.IsSuicide(hex.Coord{}) {
		t.Fatal("no hole at 0,0")
	}
	play(t, s, "3,-1-1,-2", "1,-1-3,-1")
	if s.isHole(hex.Coord{}, game.First) {
		t.Fatalf("hole survived\n%s", s)
	}
	if err := compareNaive(s, naiveFrom(s)); err != nil {
		t.Fatal(err)
	}
	// White ring with a White tile inside it; moving that tile out leaves a hole.
	s = board(t, false, true, "0,0 1,0 0,1 -1,1 -1,0 0,-1 1,-1 2,2", "2,0 2,-1 3,-1", game.First)
	play(t, s, "0,0-3,-2")
	if !s.isHole(hex.Coord{}, game.First) {
		t.Fatalf("no hole at 0,0\n%s", s)
	}
	play(t, s, "3,-1-0,0")
	wantResult(t, s, game.First, ReasonSuicide)
}

// A position repeated for the third time with the same side to move is a draw.
func TestThirdRepetition(t *testing.T) {
	// Each side shuttles one tile across its pair.
	s := board(t, false, true, "0,0 1,0 0,1", "5,0 6,0 5,1", game.First)
	shuttle := []string{"0,1-1,-1", "5,1-6,-1", "1,-1-0,1", "6,-1-5,1"}
	play(t, s, shuttle...) // the start position is back: second time
	wantOngoing(t, s)
	play(t, s, shuttle[:3]...)
	wantOngoing(t, s)
	play(t, s, shuttle[3])
	wantResult(t, s, game.NoPlayer, ReasonRepetition)
}

// Series: 50 minus the tiles on the surface for a win, nothing for a draw; colours
// alternate; the higher total leads.
func TestSeries(t *testing.T) {
	win := func(p game.Player) game.Result { return game.Result{Over: true, Winner: p, Reason: ReasonLine} }
	if SeriesPoints(win(game.First), 21) != 29 || SeriesPoints(game.Result{Over: true, Winner: game.NoPlayer}, 50) != 0 ||
		SeriesPoints(game.Ongoing, 10) != 0 {
		t.Fatal("SeriesPoints")
	}
	s := board(t, false, false, "0,0 1,0 2,0 3,0", "0,1 1,1 2,1 3,1", game.First)
	play(t, s, "4,0")
	if s.Points() != 50-9 {
		t.Fatalf("points %d", s.Points())
	}
	ser := &game.Series{Games: 3}
	steps := []struct {
		white int
		res   game.Result
		tiles int
		tot   [2]int
	}{
		{0, win(game.First), 20, [2]int{30, 0}},                                 // participant 0 (White) wins
		{1, win(game.First), 30, [2]int{30, 20}},                                // participant 1 (White) wins
		{0, game.Result{Over: true, Winner: game.NoPlayer}, 50, [2]int{30, 20}}, // draw
	}
	for i, st := range steps {
		if ser.FirstPlayer() != st.white {
			t.Fatalf("game %d: white is %d", i, ser.FirstPlayer())
		}
		if err := ser.Record(st.res, SeriesPoints(st.res, st.tiles)); err != nil || ser.Totals != st.tot {
			t.Fatalf("game %d: %v %v", i, err, ser.Totals)
		}
	}
	if !ser.Over() || ser.Leader() != 0 || ser.Record(win(0), SeriesPoints(win(0), 10)) == nil {
		t.Fatal("series end")
	}
	ser = &game.Series{Games: 2}
	ser.Record(win(game.Second), SeriesPoints(win(game.Second), 12)) // Red is participant 1
	if ser.Totals != [2]int{0, 38} || ser.Record(game.Ongoing, 0) == nil {
		t.Fatal(ser.Totals)
	}
}

// Notation: placements q,r and relocations q,r-q,r, one spelling each.
func TestNotation(t *testing.T) {
	for txt, want := range map[string]game.Move{
		"-1,2":         PlaceMove(-1, 2),
		" 0,0-2,-1 ":   RelocateMove(0, 0, 2, -1),
		"1,-1--1,2":    RelocateMove(1, -1, -1, 2),
		"2147483647,0": PlaceMove(1<<31-1, 0),
	} {
		m, err := ParseMove(txt)
		if err != nil || m != want || FormatMove(m) != strings.TrimSpace(txt) {
			t.Errorf("%q: %v %v %q", txt, m, err, FormatMove(m))
		}
	}
	for _, bad := range []string{"", "1", "1,", ",1", "+1,2", "01,2", "-0,1", "1,2-", "1,2-3", "1, 2", "a,b",
		"1,2,3", "2147483648,0", "-2147483648,0", "1,2--", "1,2-3,4-5,6"} {
		if _, err := ParseMove(bad); err == nil || !strings.Contains(err.Error(), "andantino: bad move") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if (game.Move{}) == PlaceMove(0, 0) || (game.Move{}) == RelocateMove(0, 0, 0, 0) {
		t.Error("zero move is a real move")
	}
}
