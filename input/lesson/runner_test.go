package lesson

import (
	"slices"
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

func mustParse(t *testing.T, text string) *Lesson {
	t.Helper()
	l, err := Parse("t.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func move(t *testing.T, s game.State, text string) game.Move {
	t.Helper()
	m, err := s.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// same fails t unless s looks like the picture want.
func same(t *testing.T, s game.State, want string) {
	t.Helper()
	if got := picture(board(s)); got != picture(want) {
		t.Errorf("position:\n%s\nwant:\n%s", got, picture(want))
	}
}

const captureLesson = `title: Capture
game: Abande
summary: S
else: Not that one.
---
moves: d4 c3 d5 c4
say: Capture c4 with d5.
look: d5 c4
expect: d5-c4
wrong d4-c4: Use d5.
illegal d5-e4: Only onto an enemy stack.
right: Yours now.
reply: c3-d4
---
say: White took d4.
---
say: Enter on d5.
expect: d5
`

func TestRunnerPlaysALesson(t *testing.T) {
	r := Start(mustParse(t, captureLesson))
	r.Refuse = func(s game.State, m game.Move) string { return "refused " + s.FormatMove(m) }
	pos := r.Position()
	same(t, pos, `
		      g .   .   .   .
		    f .   .   .   .   .
		  e .   .   .   .   .   .
		d .   .   .   B   B   .   .
		  c .   .   W   W   .   .
		    b .   .   .   .   .
		      a .   .   .   .`)
	if st := r.Step(); st.Say != "Capture c4 with d5." || st.Explain() || len(st.Look) != 2 {
		t.Fatalf("step 1: %+v", st)
	}

	// Wrong moves are answered and change nothing.
	for _, c := range []struct {
		move string
		want Verdict
	}{
		{"d4-c4", Verdict{Text: "Use d5."}},                                  // anticipated
		{"d4-c3", Verdict{Text: "Not that one."}},                            // the step's else
		{"d5-e4", Verdict{Text: "Only onto an enemy stack.", Illegal: true}}, // anticipated, illegal
		{"c3-d4", Verdict{Text: "refused c3-d4", Illegal: true}},             // the rules' reason
	} {
		if v := r.Try(move(t, pos, c.move)); v.OK != c.want.OK || v.Text != c.want.Text || v.Illegal != c.want.Illegal {
			t.Errorf("Try(%s) = %+v, want %+v", c.move, v, c.want)
		}
	}
	if r.Index() != 0 || r.Position().Hash() != pos.Hash() {
		t.Fatal("a wrong move changed the step or the position")
	}

	// A click the picker refuses is explained when it starts an anticipated
	// illegal move, in either order.
	d5, _ := hex.ParsePoint("d5")
	e4, _ := hex.ParsePoint("e4")
	c3, _ := hex.ParsePoint("c3")
	if text, ok := r.Refused([]hex.Coord{e4.Coord(), d5.Coord()}); !ok || text != "Only onto an enemy stack." {
		t.Errorf("Refused(e4, d5) = %q, %v", text, ok)
	}
	if text, ok := r.Refused([]hex.Coord{c3.Coord()}); ok {
		t.Errorf("Refused(c3) = %q: no anticipated move names c3", text)
	}

	// The right move advances with White's reply to animate.
	v := r.Try(move(t, pos, "d5-c4"))
	if !v.OK || v.Text != "Yours now." || !slices.Equal(v.Replies, []game.Move{move(t, pos, "c3-d4")}) {
		t.Fatalf("Try(d5-c4) = %+v", v)
	}
	same(t, r.Position(), `
		      g .   .   .   .
		    f .   .   .   .   .
		  e .   .   .   .   .   .
		d .   .   .   bW  .   .   .
		  c .   .   .   wB  .   .
		    b .   .   .   .   .
		      a .   .   .   .`)

	// An explanation step waits for Next.
	if st := r.Step(); !st.Explain() || st.Say != "White took d4." {
		t.Fatalf("step 2: %+v", st)
	}
	if v := r.Try(move(t, pos, "d5")); v.OK {
		t.Error("a move passed an explanation step")
	}
	if shown, ok := r.Next(); !ok || len(shown) != 0 {
		t.Fatalf("Next = %v, %v", shown, ok)
	}

	// The last step continues from the position the first one left.
	if _, ok := r.Next(); ok {
		t.Error("Next passed a step that waits for a move")
	}
	if v := r.Try(move(t, pos, "d5")); !v.OK || v.Text != "" || len(v.Replies) != 0 {
		t.Fatalf("Try(d5) = %+v", v)
	}
	if !r.Done() || r.Step() != nil || r.Index() != 3 {
		t.Fatal("the lesson is not done")
	}
	same(t, r.Position(), `
		      g .   .   .   .
		    f .   .   .   .   .
		  e .   .   .   .   .   .
		d .   .   .   bW  B   .   .
		  c .   .   .   wB  .   .
		    b .   .   .   .   .
		      a .   .   .   .`)
}

// TestRunnerShowsMoves plays the suicide lesson's demonstration: Next plays the
// step's moves, and the game ends as its check says.
func TestRunnerShowsMoves(t *testing.T) {
	ls, err := Load("andantino")
	if err != nil {
		t.Fatal(err)
	}
	var l *Lesson
	for _, x := range ls {
		if x.Name == "andantino/05-suicide.txt" {
			l = x
		}
	}
	if l == nil {
		t.Fatal("no suicide lesson")
	}
	r := Start(l)
	r.Next()
	if v := r.Try(move(t, r.Position(), "-1,1")); v.OK || v.Illegal {
		t.Fatalf("the suicide cell was accepted: %+v", v)
	}
	if v := r.Try(move(t, r.Position(), "-1,-1")); !v.OK {
		t.Fatalf("a safe cell was refused: %+v", v)
	}
	// The demonstration step sets up its position again.
	same(t, r.Position(), `
		  4  . . . . .
		  3 . R W R R .
		  2  . W W W .
		  1 . W . W R .
		  0  . W W R .
		 -1   . R R .
		 -2    . . .`)
	shown, ok := r.Next()
	if !ok || len(shown) != 1 || r.Position().FormatMove(shown[0]) != "-1,1" {
		t.Fatalf("Next = %v, %v", shown, ok)
	}
	if res := r.Position().Result(); !r.Done() || res.Winner != game.First || res.Reason != "suicide" {
		t.Fatalf("after the demonstration: done %v, %+v", r.Done(), res)
	}
}

// TestPositionIsACopy: the window may play on the position it is given.
func TestPositionIsACopy(t *testing.T) {
	r := Start(mustParse(t, captureLesson))
	p := r.Position()
	p.Apply(move(t, p, "d5-c4"))
	if r.Position().Hash() == p.Hash() {
		t.Error("changing the returned position changed the runner's")
	}
}
