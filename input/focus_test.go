package input

import (
	"math"
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/abande"
	"trihex/game/andantino"
	"trihex/game/attangle"
	"trihex/game/hex"
)

// screen places cells as the window does (render.View, one unit, unflipped):
// rows of equal R side by side, higher R further up.
func screen(c hex.Coord) (x, y float64) {
	return math.Sqrt(3) * (float64(c.Q) + float64(c.R)/2), -1.5 * float64(c.R)
}

// flipped is the board turned by 180°, for players sitting opposite.
func flipped(c hex.Coord) (x, y float64) {
	x, y = screen(c)
	return -x, -y
}

// label names a point or, off the 37 points, an Andantino cell.
func label(c hex.Coord) string {
	if p, ok := hex.PointAt(c); ok {
		return p.Label()
	}
	return game.Board{Kind: game.Surface}.FormatCell(c)
}

// tabs presses Tab (dir 1) or Shift+Tab (dir -1) n times from no ring and writes
// the ringed cells, a new line wherever the ring went down a row.
func tabs(targets []hex.Coord, at Screen, dir, n int) string {
	var f Focus
	var b strings.Builder
	lastY := math.NaN()
	for i := range n {
		c, ok := f.Step(targets, at, dir)
		if !ok {
			return b.String() + "(none)"
		}
		_, y := at(c)
		switch {
		case i == 0:
		case y != lastY:
			b.WriteString("\n")
		default:
			b.WriteString(" ")
		}
		lastY = y
		b.WriteString(label(c))
	}
	return b.String()
}

// Tab goes through Abande's 37 opening points as they are read on screen, row by
// row from the top; the 38th Tab is back at the first.
func TestFocusReadingOrder(t *testing.T) {
	p := NewPicker(abande.New())
	got := tabs(p.Targets(), screen, 1, 38)
	want := `g1 g2 g3 g4
f1 f2 f3 f4 f5
e1 e2 e3 e4 e5 e6
d1 d2 d3 d4 d5 d6 d7
c1 c2 c3 c4 c5 c6
b1 b2 b3 b4 b5
a1 a2 a3 a4
g1`
	if got != want {
		t.Errorf("Tab order:\n%s\nwant\n%s", got, want)
	}
	// Turned round, the board is read from a4: the screen decides, not the labels.
	if got := tabs(p.Targets(), flipped, 1, 5); got != "a4 a3 a2 a1\nb5" {
		t.Errorf("flipped Tab order:\n%s", got)
	}
	// Shift+Tab from no ring starts at the last target and goes backwards.
	if got := tabs(p.Targets(), screen, -1, 6); got != "a4 a3 a2 a1\nb5 b4" {
		t.Errorf("Shift+Tab order:\n%s", got)
	}
}

// Last says when one more Tab would wrap round the board: on a4, the last point
// read, going forward, and on g1 going back; never with no ring. A ring left on a
// cell that is no longer a target counts from where it rests.
func TestFocusLast(t *testing.T) {
	targets := NewPicker(abande.New()).Targets()
	var f Focus
	if f.Last(targets, screen, 1) {
		t.Error("Last with no ring")
	}
	at := func(label string) hex.Coord {
		pt, ok := hex.ParsePoint(label)
		if !ok {
			t.Fatalf("no point %s", label)
		}
		return pt.Coord()
	}
	for _, c := range []struct {
		cell string
		dir  int
		want bool
	}{{"a4", 1, true}, {"a4", -1, false}, {"g1", -1, true}, {"g1", 1, false}, {"d4", 1, false}} {
		f.Set(at(c.cell))
		if got := f.Last(targets, screen, c.dir); got != c.want {
			t.Errorf("ring on %s, dir %d: Last = %v, want %v", c.cell, c.dir, got, c.want)
		}
	}
	// a4 taken away from the targets: a3 is the last, and a ring left on a4 is past it.
	var rest []hex.Coord
	for _, c := range targets {
		if c != at("a4") {
			rest = append(rest, c)
		}
	}
	f.Set(at("a4"))
	if !f.Last(rest, screen, 1) {
		t.Error("a ring left past the last target: Last = false")
	}
	if f.Last(nil, screen, 1) {
		t.Error("Last with no target")
	}
}

// With no target (the computer's turn, a game over) Tab rings nothing, and a ring
// left from before goes away.
func TestFocusNoTargets(t *testing.T) {
	var f Focus
	f.Set(hex.Coord{})
	if _, ok := f.Step(nil, screen, 1); ok {
		t.Fatal("Tab rang a cell with no target")
	}
	if _, on := f.Cell(); on {
		t.Error("the ring stayed with no target")
	}
	if _, ok := f.Choose(NewPicker(abande.New())); ok {
		t.Error("Enter with no ring chose something")
	}
}

// playOn plays the moves of a record line on s.
func playOn(t *testing.T, s game.State, moves ...string) game.State {
	t.Helper()
	for _, txt := range moves {
		m, err := s.ParseMove(txt)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// An Attangle capture built by keys only: the ring is taken to a1 and chosen; the
// next Tab goes on from a1 to the next target on screen; Esc takes back the last
// choice and rings it; three Enters play a1,a3-a2.
//
//	row b:  . . . . .        a2 is White's, a1 and a3 Black's:
//	row a:   a1 a2 a3 .      Black takes a2 with a1 and a3.
func TestFocusBuildsACapture(t *testing.T) {
	s := playOn(t, attangle.New(nil), "a1", "a2", "a3", "g1")
	p := NewPicker(s)
	var f Focus
	to := func(want string) {
		t.Helper()
		for range 40 {
			if c, ok := f.Step(p.Targets(), screen, 1); ok && label(c) == want {
				return
			}
		}
		t.Fatalf("Tab never rang %s among %v", want, p.Targets())
	}
	enter := func(want Action) {
		t.Helper()
		if o, ok := f.Choose(p); !ok || o.Action != want {
			t.Fatalf("Enter: %v %v, want %v", o.Action, ok, want)
		}
	}
	to("a1")
	enter(Select)
	// The ring stays on a1, no longer a target; Tab goes to the first target after
	// it on screen.
	if c, _ := f.Cell(); label(c) != "a1" {
		t.Errorf("after Enter the ring is on %s, want a1", label(c))
	}
	if c, _ := f.Step(p.Targets(), screen, 1); label(c) != "a2" {
		t.Errorf("Tab after a1 rang %s, want a2 (next on screen)", label(c))
	}
	to("a3")
	enter(Select)
	if !f.Back(p) || len(p.Selection()) != 1 {
		t.Fatalf("Esc kept the selection %v", p.Selection())
	}
	if c, _ := f.Cell(); label(c) != "a3" {
		t.Errorf("after Esc the ring is on %s, want a3", label(c))
	}
	enter(Select) // a3 again
	to("a2")
	o, _ := f.Choose(p)
	if o.Action != Play || o.Move.Text != "a1,a3-a2" {
		t.Fatalf("the third Enter: %v %q, want Play a1,a3-a2", o.Action, o.Move.Text)
	}
	if f.Back(p) {
		t.Error("Esc with nothing chosen took something back")
	}
}

// A typed move is read in the game's notation and played only when legal; else
// the error says why in the rules' words.
func TestTypedMove(t *testing.T) {
	cases := []struct {
		name  string
		state game.State
		text  string
		want  string // the move's spelling, or a piece of the error
		legal bool
	}{
		{"abande", abande.New(), " D4 ", "d4", true},
		{"abande", abande.New(), "z9", `"z9" is not a point`, false},
		{"abande", abande.New(), "pass", "no pass with pieces in hand", false},
		{"abande", abande.New(), "", "type a move, such as", false},
		{"abande occupied", playOn(t, abande.New(), "d4"), "d4", "d4 is not legal here", false},
		{"attangle", attangle.New(nil), "e6", "e6", true},
		{"attangle centre", attangle.New(nil), "d4", "d4 is not legal here:", false},
		{"attangle capture", playOn(t, attangle.New(nil), "a1", "a2", "a3", "g1"), "a3,a1-a2", "a1,a3-a2", true},
		{"andantino", andantino.New(false, true), "0,1", "0,1", true},
		{"andantino far", andantino.New(false, true), "5,5", "5,5 is not legal here:", false},
		{"andantino spelling", andantino.New(false, true), "d4", "andantino:", false},
	}
	for _, c := range cases {
		ch, err := TypedMove(c.state, c.text)
		switch {
		case c.legal && (err != nil || ch.Text != c.want):
			t.Errorf("%s %q: %q %v, want %s", c.name, c.text, ch.Text, err, c.want)
		case !c.legal && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s %q: error %v, want one saying %q", c.name, c.text, err, c.want)
		case !c.legal:
			t.Logf("%s %q: %v", c.name, c.text, err)
		}
	}
	if _, err := TypedMove(nil, "d4"); err == nil {
		t.Error("a move typed with no position offered was taken")
	}
}
