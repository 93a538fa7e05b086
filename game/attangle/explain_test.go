package attangle

import (
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

// cellsOf returns the points a move names, as the picker reads them.
func cellsOf(m game.Move) []hex.Coord {
	t, a, b, capture, _ := Decode(m)
	if capture {
		return []hex.Coord{a.Coord(), b.Coord(), t.Coord()}
	}
	return []hex.Coord{t.Coord()}
}

// Refusal agrees with the legal moves at every ply of random games (captures
// preferred, so that many positions have some) and of the reference games.
func TestRefusalAgreesWithLegalMoves(t *testing.T) {
	cells := gametest.BoardCells()
	r := game.NewRand(23)
	games := 12
	if testing.Short() {
		games = 3
	}
	n := 0
	for g := 0; g < games; g++ {
		opts := ""
		if g%2 == 1 {
			opts = "stalemate=loss"
		}
		s := start(t, opts)
		for {
			n += gametest.CheckRefusals(t, s, cellsOf, cells, r)
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[r.Intn(len(moves))]
			if last := moves[len(moves)-1]; len(cellsOf(last)) == 3 && r.Intn(3) > 0 {
				m = moves[len(moves)-1-r.Intn(3)]
				if len(cellsOf(m)) != 3 {
					m = last
				}
			}
			s.Apply(m)
		}
	}
	refs, err := gametest.LoadReferences("testdata/attangle-abstractplay.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range refs[:games] {
		s := start(t, ref.Options)
		for _, mv := range ref.Moves {
			n += gametest.CheckRefusals(t, s, cellsOf, cells, r)
			mustPlay(t, s, mv)
		}
		n += gametest.CheckRefusals(t, s, cellsOf, cells, r)
	}
	t.Logf("%d clicks checked", n)
}

// Why a click is refused, board by board (White to move, w and b stacks bottom to
// top): the points already chosen, the click, and a part of the reason ("" when the
// click is a target).
func TestRefusals(t *testing.T) {
	boards := map[string]string{
		// d1 and d7 see Black's d5 across the empty d4: d1,d7-d5. a1 sees a4, and so
		// does d7 up the line c6, b5: a1,d7-a4. Only d1 sees f1.
		"open": `
	        .   .   .   .
	      b   .   .   .   .
	    .   .   .   .   .   .
	  w   .   .   +   b   .   w
	    .   .   .   .   .   .
	      .   .   .   .   .
	        w   .   .   b`,
		// d6 stands between d7 and d5: only d1 sees d5, only d7 sees d6.
		"blocked": `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  w   .   .   +   b   b   w
	    .   .   .   .   .   .
	      .   .   .   .   .
	        w   .   .   .`,
		// Black's c4 hides White's b3 from d5.
		"screen": `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  w   .   .   +   b   .   w
	    .   .   .   b   .   .
	      .   .   w   .   .
	        .   .   .   .`,
		// Black's double d5 seen by a single and a double of White.
		"double": `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  w   .   .   +   wb  .   ww
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`,
		// Black's single d5 seen by two doubles.
		"doubles": `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  bw  .   .   +   b   .   ww
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`,
		// Triples: White's on d1, Black's on d7.
		"triples": `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  bww .   .   +   b   .   wbb
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   b`,
		// White's pool is empty.
		"pool": `
	        w   w   w   w
	      w   w   w   w   w
	    w   w   w   w   w   w
	  w   w   w   +   b   .   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`,
	}
	cases := []struct {
		board, sel, click, want string
	}{
		{"open", "", "c3", ""},
		{"open", "", "d4", "d4 stays empty"},
		{"open", "", "off", "not a point of the board"},
		{"open", "", "d5", ""},
		{"open", "d7", "d1", ""},
		{"open", "d5", "d6", "that point is empty: pick two of your stacks that see d5"},
		{"open", "d1", "a2", "that point is empty: a capture ends on an opponent single or double"},
		{"open", "d5", "a4", "one capture takes one target: pick two of your stacks that see d5"},
		{"open", "d1 d7", "a1", "a capture moves two of your stacks"},
		{"open", "d1 d7", "d5", ""},
		{"open", "d1", "a1", "d1 and a1 see no common opponent single or double"},
		{"open", "d5", "a1", "a1 is on no line with d5"},
		{"open", "d1", "f1", "a capture needs two of your stacks that see the target along two different lines: only d1 sees f1"},
		{"open", "d5 d1 d7", "a2", "that point is empty"},
		{"open", "d5 d1 d7", "a4", "a capture names three points at most"},
		{"open", "c3", "d5", "a placement names one point only"},
		{"screen", "d5", "b3", "no jumping over pieces (c4 stands between b3 and d5)"},
		{"blocked", "", "d5", "the first piece on each line is the one that sees it: no jumping over pieces (only d1 sees d5)"},
		{"blocked", "", "d7", "a capture needs two of your stacks that see the target: no other one sees d6"},
		{"blocked", "d1", "d7", "no other one sees d5"}, // d1 was no target
		{"blocked", "", "a1", "that point is taken, and your stack there sees no opponent single or double"},
		{"double", "", "d5", "the capture would make a stack above 3: only two singles capture a double"},
		{"double", "d1", "d7", "the capture would make a stack above 3"},
		{"doubles", "", "d5", "the capture would make a stack above 3: two doubles cannot capture together"},
		{"triples", "", "d1", "a triple cannot move (frozen)"},
		{"triples", "", "d7", "a triple cannot be captured (frozen): target a single or a double of the opponent"},
		{"triples", "", "d5", "a triple cannot move (frozen), and a capture needs two other stacks that see the target (none of yours sees d5)"},
		{"triples", "", "a4", "a capture needs two of your stacks that see the target along two different lines (none of yours sees a4)"},
		{"pool", "", "c1", "your pool is empty: you can only capture"},
		{"pool", "", "d5", ""},
	}
	for _, c := range cases {
		s := position(t, "", white, boards[c.board])
		var sel []hex.Coord
		for _, l := range strings.Fields(c.sel) {
			sel = append(sel, coordOf(l))
		}
		got := s.Refusal(sel, coordOf(c.click))
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s, chosen %q, click %s: %q, want %q\n%v", c.board, c.sel, c.click, got, c.want, s)
		}
	}
	// The end of the game, and the pass that Attangle does not have.
	s := start(t, "", strings.Fields("e6 c6 g4 e4 b1 f3 d7 d6 a3 d3 e2 c1 f2 b5 b1,e2-c1 f4 g2 e5 b2 d5 f1 a1 a3,e6-d6 d1 a2 a1,e4-b2 g3 b2,d5-a2 d5 e3 c1,f1-d1 c6,e5-d6 e6 d2 e4 f3,f4-e4 a1 f5 f1 d2,f5-f2 g1 b3 d5,f1-d3 c1 e1")...)
	if got := s.PassRefusal(); got != "there is no pass in Attangle" {
		t.Errorf("pass: %q", got)
	}
	mustPlay(t, s, "b3,e3-d3")
	for _, got := range []string{s.Refusal(nil, coordOf("a4")), s.PassRefusal()} {
		if got != "the game is over (Black wins: three triples)" {
			t.Errorf("game over: %q", got)
		}
	}
}

// coordOf reads a label, or "off" for a cell just off the board.
func coordOf(label string) hex.Coord {
	if label == "off" {
		return hex.Coord{Q: 4, R: 0}
	}
	return pt(label).Coord()
}
