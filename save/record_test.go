package save

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"trihex/game"
	_ "trihex/game/all"
)

func TestParseSyntax(t *testing.T) {
	text := "\uFEFF[Game \"Attangle\"]\r\n[Options \"stalemate=loss\"]\r\n[Site \"a \\\"quoted\\\" place\"]\r\n\r\n" +
		"1. a1 g1 {a comment\nover two lines} 2.d1 a4 ; to the end of the line\r\n3... c2 *\n"
	rec, err := Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := rec.Get("site"); v != `a "quoted" place` {
		t.Errorf("Site tag = %q", v)
	}
	var moves []string
	for _, m := range rec.Moves {
		moves = append(moves, m.Text)
	}
	if got := strings.Join(moves, " "); got != "a1 g1 d1 a4 c2" {
		t.Errorf("moves %q", got)
	}
	if m := rec.Moves[2]; m.Line != 6 || m.Col != 19 {
		t.Errorf("d1 at line %d column %d, want 6:19", m.Line, m.Col)
	}
}

// TestReadErrors is the table of bad files and the exact message each one gets.
func TestReadErrors(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"no game tag", "1. a1\n",
			"save: no Game tag (one of Abande, Andantino, Attangle)"},
		{"unknown game", "[Game \"Chess\"]\n\n1. e4\n",
			`save: Game tag: game: unknown game "Chess" (known: Abande, Andantino, Attangle)`},
		{"bad tag", "[Game Attangle]\n",
			`save: line 1: bad tag "[Game Attangle]": value is not a quoted string`},
		{"bad tag name", "[Ga-me \"Attangle\"]\n",
			`save: line 1: bad tag "[Ga-me \"Attangle\"]": tag name has '-'`},
		{"unclosed tag", "[Game \"Attangle\"\n",
			`save: line 1: bad tag "[Game \"Attangle\"": missing "]"`},
		{"truncated in a tag", "[Game \"Abande\"]\n[Op",
			`save: line 2: bad tag "[Op": missing "]"`},
		{"bad option", "[Game \"Attangle\"]\n[Options \"stalemate=never\"]\n",
			`save: Options tag: game: Attangle option stalemate has no value "never" (values: draw, loss)`},
		{"illegal move at ply 2", "[Game \"Attangle\"]\n\n1. a1 a1\n",
			`save: line 3, column 7: move 1... "a1": attangle: illegal move "a1": a1 is occupied`},
		{"illegal move at ply 5", "[Game \"Abande\"]\n\n1. d4 d5\n2. d6 e4\n3. d5-d6\n",
			`save: line 5, column 4: move 3. "d5-d6": abande: illegal move "d5-d6": no stack of yours on d5`},
		{"move too early", "[Game \"Abande\"]\n\n1. d4 d5 2. d4-d5\n",
			`save: line 3, column 13: move 2. "d4-d5": abande: illegal move "d4-d5": no moves before Black has entered two pieces`},
		{"malformed move", "[Game \"Abande\"]\n\n1. d4 d5 2. q9\n",
			`save: line 3, column 13: move 2. "q9": abande: bad move "q9": "q9" is not a point (a1 … g4), a step like c3-d4, or pass`},
		{"truncated move", "[Game \"Andantino\"]\n\n1. 1,-\n",
			`save: line 3, column 4: move 1. "1,-": andantino: bad move "1,-": want q,r to place or q,r-q,r to move a tile, e.g. -1,2 or 0,0-2,-1`},
		{"result contradicted", "[Game \"Andantino\"]\n[Result \"red\"]\n\n1. 1,-1 2,-1 2. 0,1 -1,1 3. 0,-1 1,1 4. 2,-2 1,-2 5. 0,2 0,-2 6. 3,-2 2,0 7. -1,2 2,1 8. 3,-3 3,-1 9. -2,2 -2,3 10. -2,1 1,-3 11. 4,-3 -1,-1 12. 4,-2 -1,3 13. 0,3\n",
			`save: line 2: Result tag says "red", but the moves end in white (line of five)`},
		{"result of an unfinished game", "[Game \"Abande\"]\n[Result \"black\"]\n\n1. d4 d5\n",
			`save: line 2: Result tag says "black", but the game is not over`},
		{"unclosed comment", "[Game \"Abande\"]\n\n1. d4 {oops\n",
			"save: line 3: comment { not closed"},
		{"tag after moves", "[Game \"Abande\"]\n\n1. d4\n[Result \"*\"]\n",
			"save: line 4: tag after the move list"},
		{"random bytes", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe",
			"save: record is not UTF-8 text"},
		{"very long line", "[Game \"Abande\"]\n\n1. " + strings.Repeat("x", 1<<20) + "\n",
			`save: line 3, column 4: move 1. "` + strings.Repeat("x", 1<<20) + `": abande: bad move`},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.text))
		got := fmt.Sprint(err)
		if c.name == "very long line" {
			// The message quotes the move whole; only its start is pinned here.
			got = got[:min(len(got), len(c.want))]
		}
		if err == nil || got != c.want {
			t.Errorf("%s:\n got %.300s\nwant %.300s", c.name, got, c.want)
		}
	}
	_, err := Read(strings.NewReader("[Game \"Attangle\"]\n\n1. a1 a1\n"))
	if !errors.Is(err, game.ErrIllegal) {
		t.Errorf("an illegal move's error does not wrap game.ErrIllegal: %v", err)
	}
}

func TestReadTooLarge(t *testing.T) {
	huge := "[Game \"Abande\"]\n\n" + strings.Repeat("; padding\n", MaxRecordSize/10+1)
	if _, err := Read(strings.NewReader(huge)); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("huge record: %v", err)
	}
}

// TestRoundTrip writes random games of every game and option and reads them back.
func TestRoundTrip(t *testing.T) {
	variants := []struct{ game, opts string }{
		{"Abande", ""},
		{"Attangle", ""},
		{"Attangle", "stalemate=loss"},
		{"Andantino", ""},
		{"Andantino", "adjacency=once"},
		{"Andantino", "continuation=on"},
	}
	r := game.NewRand(7)
	n := 40
	if testing.Short() {
		n = 10
	}
	for _, v := range variants {
		info, err := game.Lookup(v.game)
		if err != nil {
			t.Fatal(err)
		}
		start, err := info.Start(v.opts)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i++ {
			s := start.Clone()
			var moves []game.Move
			// Stop some games early so unfinished records are covered too.
			limit := 300
			if i%3 == 0 {
				limit = r.Intn(20)
			}
			for len(moves) < limit {
				legal := s.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				m := legal[r.Intn(len(legal))]
				s.Apply(m)
				moves = append(moves, m)
			}
			text, err := Format(start, moves, []Tag{{"White", "Ann"}, {"Event", "test"}})
			if err != nil {
				t.Fatal(err)
			}
			g, err := Read(strings.NewReader(text))
			if err != nil {
				t.Fatalf("%s: %v\n%s", v.game, err, text)
			}
			if len(g.Moves) != len(moves) || g.Final.Hash() != s.Hash() {
				t.Fatalf("%s: read back %d moves, want %d\n%s", v.game, len(g.Moves), len(moves), text)
			}
			if got, _ := g.Record.Get("Result"); got != info.ResultTag(s.Result()) {
				t.Errorf("Result tag %q, want %q", got, info.ResultTag(s.Result()))
			}
			if got, _ := g.Record.Get("Event"); got != "test" {
				t.Errorf("unknown tag lost: %q", got)
			}
			again, err := Format(g.Start, g.Moves, g.Record.Tags)
			if err != nil || again != text {
				t.Fatalf("second write differs: %v\n%s\n---\n%s", err, text, again)
			}
		}
	}
}

func FuzzReadRecord(f *testing.F) {
	f.Add("[Game \"Attangle\"]\n\n1. a1 g1 2. d1 a4\n")
	f.Add("[Game \"Abande\"]\n\n1. d4 d5 2. c4 d5-c4 3. pass\n")
	f.Add("[Game \"Andantino\"]\n[Options \"continuation=on\"]\n\n1. 1,-1 0,1 {x} ; y\n")
	f.Add("\uFEFF[Game \"Abande\"]\r\n\r\n1...d4\r\n")
	f.Add("[Game \"Attangle\"]\n[Result \"black\"]\n[Termination \"time forfeit\"]\n[TimeControl \"60+1\"]\n\n1. a1 {[%clk 0:01:00]} g1\n")
	f.Add("[Game \"Abande\"]\n[Result \"draw\"]\n[Termination \"agreement\"]\n\n1. d4 d5\n")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Read(strings.NewReader(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "save: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		text, err := g.Format()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Read(strings.NewReader(text))
		if err != nil || back.Final.Hash() != g.Final.Hash() || back.Result != g.Result {
			t.Fatalf("written record does not read back: %v\n%s", err, text)
		}
	})
}
