package game_test

import (
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

// A cell reads back as it is written, in either notation, and what is not a cell
// of the board is refused.
func TestBoardCells(t *testing.T) {
	hexagon, surface := game.Board{Kind: game.Hexagon}, game.Board{Kind: game.Surface}
	for _, c := range []struct {
		b    game.Board
		text string
		want hex.Coord
		ok   bool
	}{
		{hexagon, "d4", hex.Coord{}, true},
		{hexagon, " A1 ", hex.Coord{Q: 0, R: -3}, true},
		{hexagon, "h1", hex.Coord{}, false},
		{hexagon, "0,0", hex.Coord{}, false},
		{surface, "0,0", hex.Coord{}, true},
		{surface, "-2, 3", hex.Coord{Q: -2, R: 3}, true},
		{surface, "d4", hex.Coord{}, false},
		{surface, "2", hex.Coord{}, false},
		{surface, "9999999,0", hex.Coord{}, false},
	} {
		got, ok := c.b.ParseCell(c.text)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("%v ParseCell(%q) = %v %v, want %v %v", c.b, c.text, got, ok, c.want, c.ok)
		}
		if ok {
			if back, _ := c.b.ParseCell(c.b.FormatCell(got)); back != got {
				t.Errorf("%v: %v formats as %q, which reads %v", c.b, got, c.b.FormatCell(got), back)
			}
		}
	}
	if got := surface.FormatCell(hex.Coord{Q: -1, R: 2}); got != "-1,2" {
		t.Errorf("surface cell spelled %q", got)
	}
}

// A series: the points go to the participant who won, whichever side they
// had; sides alternate; an unfinished game or a finished series refuses a game.
func TestSeries(t *testing.T) {
	win := func(p game.Player) game.Result { return game.Result{Over: true, Winner: p} }
	s := &game.Series{Games: 3}
	steps := []struct {
		first int
		res   game.Result
		pts   int
		tot   [2]int
	}{
		{0, win(game.First), 30, [2]int{30, 0}},
		{1, win(game.First), 20, [2]int{30, 20}},
		{0, game.Result{Over: true, Winner: game.NoPlayer}, 0, [2]int{30, 20}},
	}
	for i, st := range steps {
		if s.FirstPlayer() != st.first {
			t.Fatalf("game %d: participant %d has First", i, s.FirstPlayer())
		}
		if err := s.Record(st.res, st.pts); err != nil || s.Totals != st.tot {
			t.Fatalf("game %d: %v %v", i, err, s.Totals)
		}
	}
	if !s.Over() || s.Leader() != 0 || s.Record(win(game.First), 5) == nil {
		t.Fatal("the series should be over, led by participant 0")
	}
	s = &game.Series{Games: 2}
	if s.Record(game.Ongoing, 5) == nil {
		t.Fatal("an unfinished game was recorded")
	}
	s.Record(win(game.Second), 12)
	if s.Totals != [2]int{0, 12} {
		t.Fatalf("participant 1 had Second and won: totals %v", s.Totals)
	}
}
