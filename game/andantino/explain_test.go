package andantino

import (
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

// cellsOf returns the cells a move names, as the picker reads them.
func cellsOf(m game.Move) []hex.Coord {
	tq, tr, fq, fr, reloc := decode(m)
	if reloc {
		return []hex.Coord{{Q: fq, R: fr}, {Q: tq, R: tr}}
	}
	return []hex.Coord{{Q: tq, R: tr}}
}

// around returns the cells of the tiles' hull grown by two, and one far away.
func around(s *State) []hex.Coord {
	lo, hi := s.Bounds()
	out := []hex.Coord{{Q: 1000, R: -1000}}
	for q := lo.Q - 2; q <= hi.Q+2; q++ {
		for r := lo.R - 2; r <= hi.R+2; r++ {
			out = append(out, hex.Coord{Q: q, R: r})
		}
	}
	return out
}

// Refusal agrees with the legal moves at every ply of random games under each
// option, and for a stretch of the continuation phase.
func TestRefusalAgreesWithLegalMoves(t *testing.T) {
	r := game.NewRand(29)
	games, contPlies := 3, 20
	if testing.Short() {
		games, contPlies = 1, 10
	}
	n, inCont := 0, 0
	for _, opts := range []string{"", "adjacency=once", "adjacency=once,continuation=on", "continuation=on"} {
		// With the continuation, play on until enough of its positions are checked.
		want := inCont
		if strings.Contains(opts, "continuation=on") {
			want += games * contPlies
		}
		for g := 0; g < games || inCont < want && g < 100; g++ {
			st, err := Info.Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for plies := 0; plies < contPlies; {
				n += gametest.CheckRefusals(t, s, cellsOf, around(s), r)
				moves := s.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				if s.inCont {
					plies++
					inCont++
				}
				s.Apply(moves[r.Intn(len(moves))])
			}
		}
	}
	if inCont == 0 {
		t.Error("no game reached the continuation phase")
	}
	t.Logf("%d clicks checked, %d positions of the continuation", n, inCont)
}

// Why a click is refused: the position (a move list from the start, or tiles laid
// out), the cells already chosen, the click, and a part of the reason ("" when the
// click is a target).
func TestRefusals(t *testing.T) {
	start := func(once bool, moves ...string) func(*testing.T) *State {
		return func(t *testing.T) *State {
			s := New(once, false)
			play(t, s, moves...)
			return s
		}
	}
	laid := func(white, red string) func(*testing.T) *State {
		return func(t *testing.T) *State { return board(t, false, true, white, red, game.First) }
	}
	// Continuation: W W R R in a row, plus a Red pair above (RULES.md §4).
	row := laid("0,0 1,0", "2,0 3,0 0,1 1,1")
	cases := []struct {
		pos        func(*testing.T) *State
		sel, click string
		want       string
	}{
		{start(false), "", "0,1", ""},
		{start(false), "", "0,0", "that cell is taken"},
		{start(false), "", "-1,0", "strict adjacency: a tile must touch at least two tiles (this cell touches only one)"},
		{start(false), "", "5,5", "strict adjacency: a tile must touch at least two tiles (this cell touches none)"},
		{start(false), "0,1", "1,-1", "a tile goes on one cell"},
		// Adjacency once: Red only, and only once.
		{start(true), "", "-1,0", "a tile must touch at least two tiles: only Red may, once, place one touching a single tile"},
		{start(true, "0,1"), "", "2,0", ""},
		{start(true, "0,1"), "", "5,5", "a tile must touch at least two tiles (this cell touches none)"},
		{start(true, "0,1", "2,0", "1,1"), "", "3,0", "a tile must touch at least two tiles: Red has used its one tile touching a single tile"},
		// Continuation: one of the mover's tiles and where it goes, in either order.
		{row, "", "0,0", ""},
		{row, "", "2,-1", ""},
		{row, "", "2,0", "that tile is Red's: pick up one of your own tiles"},
		{row, "", "7,7", "a tile must touch at least two tiles (this cell touches none)"},
		{row, "0,0", "2,-1", ""},
		{row, "1,0", "2,-1", "a tile must touch at least two tiles, not counting the one picked up"},
		{row, "2,-1", "1,0", "that tile cannot move there: without it, 2,-1 touches fewer than two tiles"},
		{row, "2,-1", "-1,0", "pick up one of your own tiles first"},
		{row, "2,-1", "3,0", "that tile is Red's: pick up one of your own tiles"},
		{row, "0,0", "1,0", "a move picks up one tile: 0,0 is already picked up"},
		{row, "0,0", "2,0", "that cell is taken"},
		{row, "0,0 2,-1", "-1,0", "a move names two cells at most"},
		// White's only tile is needed by every cell touching two tiles.
		{laid("0,0", "1,0"), "", "0,0", "that tile cannot move: without it, no free cell touches two tiles"},
		{laid("0,0", "1,0"), "", "0,1", "a tile must touch at least two tiles, not counting the one picked up"},
		// The end of a game.
		{start(false, strings.Fields("1,-1 2,-1 0,1 -1,1 0,-1 1,1 2,-2 1,-2 0,2 0,-2 3,-2 2,0 -1,2 2,1 3,-3 3,-1 -2,2 -2,3 -2,1 1,-3 4,-3 -1,-1 4,-2 -1,3 0,3")...),
			"", "5,5", "the game is over (White wins: line of five)"},
	}
	cell := func(txt string) hex.Coord {
		m, err := ParseMove(txt)
		if err != nil {
			t.Fatal(err)
		}
		q, r := unpack(m.A)
		return hex.Coord{Q: q, R: r}
	}
	for _, c := range cases {
		s := c.pos(t)
		var sel []hex.Coord
		for _, f := range strings.Fields(c.sel) {
			sel = append(sel, cell(f))
		}
		got := s.Refusal(sel, cell(c.click))
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("chosen %q, click %s: %q, want %q\n%s", c.sel, c.click, got, c.want, s)
		}
	}
	if got := New(false, false).PassRefusal(); got != "there is no pass in Andantino" {
		t.Errorf("pass: %q", got)
	}
}
