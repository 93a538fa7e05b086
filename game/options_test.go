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
