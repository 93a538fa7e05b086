package game

import (
	"strings"
	"testing"
)

var testInfo = &Info{
	Name:    "Testgame",
	Players: [2]string{"White", "Red"},
	Options: []OptionSpec{
		{Key: "adjacency", Values: []string{"strict", "once"}},
		{Key: "continuation", Values: []string{"off", "on"}},
	},
}

func TestResolveOptions(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "adjacency=strict,continuation=off"},
		{"continuation=on", "adjacency=strict,continuation=on"},
		{" Continuation = ON , adjacency=once ", "adjacency=once,continuation=on"},
		{"adjacency=once,", "adjacency=once,continuation=off"},
	}
	for _, c := range cases {
		got, err := testInfo.ResolveOptions(c.in)
		if err != nil || got.String() != c.want {
			t.Errorf("ResolveOptions(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if got, _ := testInfo.ResolveOptions("continuation=on"); got.Get("continuation") != "on" || got.Get("nothing") != "" {
		t.Errorf("Get wrong: %v", got)
	}
}

func TestResolveOptionsErrors(t *testing.T) {
	cases := []struct{ in, names string }{
		{"speed=fast", `"speed"`},
		{"adjacency=twice", `"twice"`},
		{"adjacency", `"adjacency"`},
		{"adjacency=once,adjacency=strict", "twice"},
	}
	for _, c := range cases {
		_, err := testInfo.ResolveOptions(c.in)
		if err == nil || !strings.Contains(err.Error(), c.names) || !strings.HasPrefix(err.Error(), "game: ") {
			t.Errorf("ResolveOptions(%q) error %v; want one naming %s", c.in, err, c.names)
		}
	}
	none := &Info{Name: "Plain"}
	if _, err := none.ResolveOptions("x=y"); err == nil || !strings.Contains(err.Error(), "no options") {
		t.Errorf("game without options: %v", err)
	}
}

func TestResultTag(t *testing.T) {
	cases := []struct {
		r    Result
		tag  string
		text string
	}{
		{Ongoing, "*", "game in progress"},
		{Result{Over: true, Winner: NoPlayer, Reason: "50 tiles"}, "draw", "Draw: 50 tiles"},
		{Result{Over: true, Winner: Second, Reason: "trap"}, "red", "Red wins: trap"},
	}
	for _, c := range cases {
		if got := testInfo.ResultTag(c.r); got != c.tag {
			t.Errorf("ResultTag(%v) = %q, want %q", c.r, got, c.tag)
		}
		if got := testInfo.DescribeResult(c.r); got != c.text {
			t.Errorf("DescribeResult(%v) = %q, want %q", c.r, got, c.text)
		}
	}
}

func TestRandIntnRange(t *testing.T) {
	r := NewRand(1)
	seen := make([]int, 7)
	for i := 0; i < 7000; i++ {
		seen[r.Intn(7)]++
	}
	for v, n := range seen {
		if n < 800 || n > 1200 {
			t.Errorf("Intn(7) gave %d %d times in 7000", v, n)
		}
	}
}

func FuzzResolveOptions(f *testing.F) {
	f.Add("adjacency=once,continuation=on")
	f.Add(",,=,")
	f.Fuzz(func(t *testing.T, s string) {
		o, err := testInfo.ResolveOptions(s)
		if err != nil {
			return
		}
		again, err := testInfo.ResolveOptions(o.String())
		if err != nil || again.String() != o.String() {
			t.Fatalf("%q resolved to %q, which resolves to %q, %v", s, o, again, err)
		}
	})
}

func TestOptionWords(t *testing.T) {
	o := Options{{"adjacency", "strict"}, {"continuation", "off"}}
	if got := o.Describe(); got != "Adjacency: strict · Continuation: off" {
		t.Errorf("%q", got)
	}
	if OptionTitle("") != "" || (Options{}).Describe() != "" {
		t.Error("empty options")
	}
}

// Games ended by something other than the rules: the record's words, the
// player's sentence and DescribeResult's line, and which winners each allows.
func TestTermination(t *testing.T) {
	cases := []struct {
		term       Termination
		winner     Player
		tag, words string
		sentence   string
		describe   string
	}{
		{Resignation, First, "white", "resignation", "Red resigned", "White wins: Red resigned"},
		{TimeForfeit, Second, "red", "time forfeit", "White lost on time", "Red wins: White lost on time"},
		{Agreement, NoPlayer, "draw", "agreement", "Draw agreed", "Draw: agreed"},
		{Abandoned, First, "white", "abandoned", "Red abandoned the game", "White wins: Red abandoned the game"},
		{Abandoned, NoPlayer, "draw", "abandoned", "Game abandoned: a draw", "Draw: the game was abandoned"},
		{Adjudication, Second, "red", "adjudication", "Red wins by adjudication", "Red wins: adjudication"},
		{Adjudication, NoPlayer, "draw", "adjudication", "Drawn by adjudication", "Draw: adjudication"},
	}
	for _, c := range cases {
		r := Ended(c.term, c.winner)
		if !r.Over || r.Reason != c.words || c.term.String() != c.words || testInfo.ResultTag(r) != c.tag {
			t.Errorf("%v: %+v, tag %q", c.term, r, testInfo.ResultTag(r))
		}
		if got, ok := ParseTermination(" " + strings.ToUpper(c.words) + " "); !ok || got != c.term {
			t.Errorf("ParseTermination(%q) = %v, %v", c.words, got, ok)
		}
		if got := testInfo.ResultSentence(r); got != c.sentence {
			t.Errorf("ResultSentence(%v) = %q, want %q", c.term, got, c.sentence)
		}
		if got := testInfo.DescribeResult(r); got != c.describe {
			t.Errorf("DescribeResult(%v) = %q, want %q", c.term, got, c.describe)
		}
		if !c.term.Allows(c.winner) {
			t.Errorf("%v does not allow %v", c.term, c.winner)
		}
	}
	for _, bad := range []struct {
		term   Termination
		winner Player
	}{{Resignation, NoPlayer}, {TimeForfeit, NoPlayer}, {Agreement, First}, {Abandoned, 2}} {
		if bad.term.Allows(bad.winner) {
			t.Errorf("%v allows winner %d", bad.term, bad.winner)
		}
	}
	for _, s := range []string{"", "three triples", "unterminated", "resigned"} {
		if _, ok := ParseTermination(s); ok {
			t.Errorf("ParseTermination(%q) is a Termination", s)
		}
	}
	// The rules' ends read as before, in the sentence too.
	rules := Result{Over: true, Winner: Second, Reason: "trap"}
	if testInfo.ResultSentence(rules) != "Red wins: trap" || rules.Termination != ByRules || Termination(9).String() != "" {
		t.Errorf("a rules end: %q", testInfo.ResultSentence(rules))
	}
}

// A game ended beyond the board is Concluded: its Result is that end, and
// Unconcluded gives the position back; the rules' own end or none changes
// nothing.
func TestConcluded(t *testing.T) {
	var st State // any position: Concluded never asks it
	r := Ended(Resignation, Second)
	c := Concluded(st, r)
	if c == nil || c.Result() != r || Unconcluded(c) != st {
		t.Errorf("Concluded: %v, result %+v", c, c.Result())
	}
	if got := Concluded(st, Result{}); got != st {
		t.Error("no end: not the position itself")
	}
	if got := Concluded(st, Result{Over: true, Winner: First, Reason: "trap"}); got != st {
		t.Error("the rules' end: not the position itself")
	}
}
