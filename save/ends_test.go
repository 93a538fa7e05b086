package save

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/game/clock"
)

// endGames are games ended beyond the board, kept as the records the app writes:
// each loads, replays and writes back byte for byte. The clocks are each move's
// [%clk] in seconds ("" for none).
var endGames = []struct {
	file, game, moves string
	term              game.Termination
	winner            game.Player
	control, clocks   string
}{
	{"resignation.trihex", "Attangle", "e6 c6 g4 e4 b1 f3 d7 d6 a3 d3", game.Resignation, game.First, "", ""},
	{"agreement.trihex", "Andantino", "1,-1 2,-1 0,1 -1,1 0,-1 1,1 2,-2 1,-2", game.Agreement, game.NoPlayer, "", ""},
	{"timeforfeit.trihex", "Abande", "e6 d7 f5 d7-e6 d6 d5 c5 e5 e4 e5-d6",
		game.TimeForfeit, game.Second, "60+1", "60 60 58.4 55 42 39 21.5 9.4 3.2 0.7"},
	{"byoyomi.trihex", "Attangle", "e6 c6 g4 e4 b1 f3 d7", game.TimeForfeit, game.First, "10+3x5", "10 10 4.5 0/2 0/3 0/1 0/2"},
}

func TestEndRecords(t *testing.T) {
	for _, g := range endGames {
		path := filepath.Join("testdata", "ends", g.file)
		end := game.Ended(g.term, g.winner)
		if *update {
			info, err := game.Lookup(g.game)
			if err != nil {
				t.Fatal(err)
			}
			start := info.New(nil)
			root := &Node{}
			n, s := root, start.Clone()
			clocks := strings.Fields(g.clocks)
			for i, txt := range strings.Fields(g.moves) {
				m, err := s.ParseMove(txt)
				if err == nil {
					err = s.Play(m)
				}
				if err != nil {
					t.Fatalf("%s: %v", g.file, err)
				}
				n = n.AddChild(m)
				if i < len(clocks) {
					n.Clock = stampOf(t, clocks[i])
				}
			}
			tags := []Tag{{"Date", "2026-12-05"}, {info.Players[0], "Ann"}, {info.Players[1], "Bob"}}
			if g.control != "" {
				tags = append(tags, Tag{"TimeControl", g.control})
			}
			text, err := FormatEnd(start, root, tags, end)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rg, err := Read(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", g.file, err)
		}
		if rg.Result != end || rg.Final.Result().Over {
			t.Errorf("%s: result %+v, want %+v", g.file, rg.Result, end)
		}
		if tc, _ := rg.Record.Get("Termination"); tc != g.term.String() {
			t.Errorf("%s: Termination tag %q", g.file, tc)
		}
		if want, _ := clock.Parse(g.control); rg.Control != want {
			t.Errorf("%s: control %v, want %v", g.file, rg.Control, want)
		}
		for i, n := range rg.Root.MainLine() {
			var want ClockStamp
			if c := strings.Fields(g.clocks); i < len(c) {
				want = stampOf(t, c[i])
			}
			if n.Clock != want || strings.Contains(n.Comment, "%") {
				t.Errorf("%s: move %d: clock %+v, comment %q; want %+v", g.file, i+1, n.Clock, n.Comment, want)
			}
		}
		again, err := rg.Format()
		if err != nil || again != string(data) {
			t.Errorf("%s: writing the game read back does not give the same file: %v\n%s", g.file, err, again)
		}
	}
}

// stampOf reads "58.4" (seconds) or "5/3" (5 s, 3 byo-yomi periods).
func stampOf(t *testing.T, s string) ClockStamp {
	t.Helper()
	secs, periods, _ := strings.Cut(s, "/")
	f, err := strconv.ParseFloat(secs, 64)
	if err != nil {
		t.Fatal(err)
	}
	st := ClockStamp{Left: time.Duration(f*10+0.5) * 100 * time.Millisecond, Set: true}
	if periods != "" {
		n, _ := strconv.Atoi(periods)
		st.Periods = int32(n)
	}
	return st
}

// A resignation after a game the moves had already ended is refused, naming
// the tag's line and the move that ended it.
func TestRefusedEnds(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "ends", "refused.trihex"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Read(strings.NewReader(string(data)))
	want := `save: line 8: Termination "resignation", but the moves had already ended the game: move 23... "b3,e3-d3" on line 13: Black wins: three triples`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	cases := []struct{ name, rec, want string }{
		{"resigned with a draw", "[Game \"Attangle\"]\n[Result \"draw\"]\n[Termination \"resignation\"]\n\n1. a1 g1\n",
			`save: line 3: Termination "resignation" needs a Result tag of "white" or "black", not "draw"`},
		{"resigned without a result", "[Game \"Attangle\"]\n[Termination \"Resignation\"]\n\n1. a1 g1\n",
			`save: line 2: Termination "Resignation" needs a Result tag of "white" or "black", not ""`},
		{"agreed with a winner", "[Game \"Abande\"]\n[Result \"black\"]\n[Termination \"agreement\"]\n\n1. d4 d5\n",
			`save: line 3: Termination "agreement" needs a Result tag of "draw", not "black"`},
		{"still going", "[Game \"Abande\"]\n[Result \"*\"]\n[Termination \"time forfeit\"]\n\n1. d4 d5\n",
			`save: line 3: Termination "time forfeit" needs a Result tag of "black" or "white", not "*"`},
		{"moves after the end", "[Game \"Andantino\"]\n[Result \"red\"]\n[Termination \"resignation\"]\n\n1. 1,-1 2,-1 2. 0,1 -1,1 3. 0,-1 1,1 4. 2,-2 1,-2 5. 0,2 0,-2 6. 3,-2 2,0 7. -1,2 2,1 8. 3,-3 3,-1 9. -2,2 -2,3 10. -2,1 1,-3 11. 4,-3 -1,-1 12. 4,-2 -1,3 13. 0,3 5,5\n",
			`save: line 5, column 164: move 13... "5,5": andantino: illegal move "5,5": the game is over`},
		{"a bad clock", "[Game \"Abande\"]\n[TimeControl \"5 minutes\"]\n\n1. d4\n",
			`save: line 2: TimeControl tag: clock: time control "5 minutes": `},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.rec))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
	// The writer refuses the same.
	info, _ := game.Lookup("Attangle")
	start := info.New(nil)
	if _, err := FormatEnd(start, &Node{}, nil, game.Ended(game.Resignation, game.NoPlayer)); err == nil {
		t.Error("a draw by resignation written")
	}
	g, err := ReadFile(filepath.Join("testdata", "golden", "attangle.trihex"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FormatEnd(g.Start, g.Root, nil, game.Ended(game.Resignation, game.First)); err == nil || !strings.Contains(err.Error(), "before the resignation") {
		t.Errorf("a resignation after three triples written: %v", err)
	}
	// An end by the rules passed to FormatEnd is the moves' own.
	if text, err := FormatEnd(g.Start, g.Root, nil, game.Result{Over: true, Winner: game.First, Reason: "made up"}); err != nil || !strings.Contains(text, `[Result "black"]`) {
		t.Errorf("a rules end given: %v", err)
	}
}

// A move's clock is read from its comment, apart from the player's words, in the
// forms the chess programs write; what is not a clock command stays words.
func TestClockComments(t *testing.T) {
	cases := []struct {
		comment string
		stamp   ClockStamp
		text    string
	}{
		{"[%clk 0:04:55]", ClockStamp{Left: 4*time.Minute + 55*time.Second, Set: true}, ""},
		{" [%clk 0:00:09.4] fast ", ClockStamp{Left: 9400 * time.Millisecond, Set: true}, "fast"},
		{"[%clk 0:00:09.45]", ClockStamp{Left: 9400 * time.Millisecond, Set: true}, ""},
		{"[%clk 0:04:55.9]", ClockStamp{Left: 4*time.Minute + 55*time.Second, Set: true}, ""},
		{"[%clk 12:00:00]", ClockStamp{Left: 12 * time.Hour, Set: true}, ""},
		{"a [%clk 0:00:00] [%periods 3] b", ClockStamp{Periods: 3, Set: true}, "a b"},
		{"[%periods 3]", ClockStamp{}, ""},
		{"[%eval 0.3] [%clk 1:00:00]", ClockStamp{Left: time.Hour, Set: true}, "[%eval 0.3]"},
		{"[%clk 0:4:55] [% clk 0:04:55] [%clk 0:04:60] [%clk x] [%periods 0]", ClockStamp{},
			"[%clk 0:4:55] [% clk 0:04:55] [%clk 0:04:60] [%clk x] [%periods 0]"},
		{"[%cl[%clk 0:00:01]k 0:00:02]", ClockStamp{Left: time.Second, Set: true}, "[%cl k 0:00:02]"},
	}
	for _, c := range cases {
		rec, err := Parse(strings.NewReader("[Game \"Abande\"]\n\n1. d4 {" + c.comment + "}\n"))
		if err != nil {
			t.Fatal(err)
		}
		n := rec.Root.Children[0]
		if n.Clock != c.stamp || n.Comment != c.text {
			t.Errorf("{%s}: clock %+v comment %q; want %+v %q", c.comment, n.Clock, n.Comment, c.stamp, c.text)
		}
	}
	// Two comments after a move are one: the clock of either, the words of both.
	rec, _ := Parse(strings.NewReader("[Game \"Abande\"]\n\n{[%clk 0:01:00] start} 1. d4 {a} {[%clk 0:00:30.5] b}\n"))
	n := rec.Root.Children[0]
	if n.Clock.Left != 30500*time.Millisecond || n.Comment != "a b" || rec.Root.Comment != "start" || rec.Root.Clock.Set {
		t.Errorf("joined: %+v %q, root %q", n.Clock, n.Comment, rec.Root.Comment)
	}
	if CleanComment(" x [%clk 0:00:01]  y ") != "x y" {
		t.Error("CleanComment keeps a clock")
	}
	// Written: the clock first, then the words; byo-yomi's periods once the
	// main time is spent.
	info, _ := game.Lookup("Abande")
	start := info.New(nil)
	root := &Node{}
	s := start.Clone()
	for i, txt := range []string{"d4", "d5", "c4"} {
		m, _ := s.ParseMove(txt)
		s.Apply(m)
		root.MainLine()
		last := root
		if line := root.MainLine(); len(line) > 0 {
			last = line[len(line)-1]
		}
		c := last.AddChild(m)
		switch i {
		case 0:
			c.Clock, c.Comment = Stamp(clock.Side{Main: 2*time.Hour + 3*time.Minute + 4*time.Second + 999*time.Millisecond}), "slow"
		case 1:
			c.Clock = Stamp(clock.Side{Main: 0, Periods: 2, Period: 30 * time.Second})
		case 2:
			c.Clock = Stamp(clock.Side{Main: 59999 * time.Millisecond, Periods: 2})
		}
	}
	text, err := FormatTree(start, root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(oneLine(text), "1. d4 {[%clk 2:03:04] slow} 1... d5 {[%clk 0:00:00.0] [%periods 2]} 2. c4 {[%clk 0:00:59.9]}") {
		t.Errorf("written:\n%s", text)
	}
}

// The clocks at a node come from the last [%clk] of each side before it.
func TestClockAt(t *testing.T) {
	rec := "[Game \"Attangle\"]\n[TimeControl \"60+2\"]\n\n1. e6 {[%clk 0:01:00]} c6 {[%clk 0:01:00]} 2. g4 {[%clk 0:00:41.5]} e4 3. b1 {[%clk 99:00:00]}\n"
	g, err := Read(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	line := g.Root.MainLine()
	cases := []struct {
		n       *Node
		first   time.Duration
		second  time.Duration
		toMove  game.Player
		movedBy [2]bool
	}{
		{g.Root, time.Minute, time.Minute, game.First, [2]bool{}},
		{line[0], time.Minute, time.Minute, game.Second, [2]bool{true, false}},
		{line[2], 41500 * time.Millisecond, time.Minute, game.Second, [2]bool{true, true}},
		{line[3], 41500 * time.Millisecond, time.Minute, game.First, [2]bool{true, true}}, // e4 has no clock: whole
		{line[4], time.Minute, time.Minute, game.Second, [2]bool{true, true}},             // 99 hours: not this control's
	}
	for i, c := range cases {
		snap, ok := g.ClockAt(c.n)
		if !ok || snap.Sides[0].Main != c.first || snap.Sides[1].Main != c.second || snap.ToMove != c.toMove ||
			snap.Sides[0].Moved != c.movedBy[0] || snap.Sides[1].Moved != c.movedBy[1] || snap.Flagged != game.NoPlayer {
			t.Errorf("case %d: %+v", i, snap)
		}
		if err := clock.New(g.Control, nil).Restore(snap); err != nil {
			t.Errorf("case %d: %v", i, err)
		}
	}
	plain, _ := Read(strings.NewReader("[Game \"Attangle\"]\n\n1. e6 {[%clk 0:01:00]}\n"))
	if _, ok := plain.ClockAt(plain.Root); ok {
		t.Error("a game without a TimeControl has clocks")
	}
	byo, err := Read(strings.NewReader("[Game \"Attangle\"]\n[TimeControl \"10+3x5\"]\n\n1. e6 c6 2. g4 {[%clk 0:00:00.0] [%periods 2]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := byo.ClockAt(byo.Root.MainLine()[2])
	if sd := snap.Sides[0]; sd.Main != 0 || sd.Periods != 2 || sd.Period != 5*time.Second {
		t.Errorf("byo-yomi: %+v", sd)
	}
}

// A review's notes are written where they lie in the tree, wherever that is.
func TestApplyNotes(t *testing.T) {
	g, err := Read(strings.NewReader("[Game \"Attangle\"]\n\n1. a1 f1 {mine} (1... g1) 2. d1\n"))
	if err != nil {
		t.Fatal(err)
	}
	f1 := g.Root.Children[0].Children[0]
	g1 := g.Root.Children[0].Children[1]
	better, _ := g.Start.ParseMove("b1")
	g1.Note = &Note{Mark: "??", Comment: "g1 was a blunder", Better: better}
	f1.Note = &Note{Mark: "?!", Comment: "dubious"}
	cp := g.Root.Clone()
	ApplyNotes(cp)
	text, err := FormatTree(g.Start, cp, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "1. a1 f1?! {mine dubious} (1... g1?? {g1 was a blunder}) (1... b1 {better}) 2. d1"; !strings.HasSuffix(oneLine(text), want) {
		t.Errorf("written:\n%s\nwant the move list %s", text, want)
	}
	if g1.Note == nil || g1.Mark != "" || len(g.Root.Children[0].Children) != 2 {
		t.Error("ApplyNotes changed the tree it was not given")
	}
}

// oneLine is text with its line breaks made spaces.
func oneLine(text string) string { return strings.Join(strings.Fields(text), " ") }
