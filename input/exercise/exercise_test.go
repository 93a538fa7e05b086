package exercise

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"trihex/ai/puzzle"
	"trihex/game"
	_ "trihex/game/all"
	"trihex/input"
	"trihex/input/lesson"
)

// judged is the Judged event among evs.
func judged(t *testing.T, evs []input.Event) input.Judgement {
	t.Helper()
	for _, e := range evs {
		if e.Kind == input.Judged {
			return e.Judgement
		}
	}
	t.Fatalf("no Judged event in %v", evs)
	return input.Judgement{}
}

// The session consults a puzzle before a move counts: a wrong answer is played
// with its refutation and the board then offers nothing until Try again; the
// right one reports the puzzle's ID as progress, and nothing is the player's to
// save.
func TestPuzzleJudgesTheSession(t *testing.T) {
	ps, err := puzzle.Load("Abande")
	if err != nil {
		t.Fatal(err)
	}
	pz := NewPuzzles(ps, nil, 0)
	sess := pz.Session()
	defer sess.Close()
	st := sess.Match.Live()
	var wrong game.Move
	for _, m := range st.LegalMoves(nil) {
		if !ps[0].Check(m) {
			wrong = m
			break
		}
	}
	n := sess.Match.Len()
	j := judged(t, sess.Play(input.ChoiceOf(st, wrong)))
	if j.Right || j.Done != "" || sess.Match.Len() != n+1+len(j.Line) || sess.InputState() != nil {
		t.Fatalf("wrong answer: %+v, %d moves (were %d), board offers moves %v", j, sess.Match.Len(), n, sess.InputState() != nil)
	}
	if !pz.Press(Retry).Reset || pz.Waiting() {
		t.Fatal("Try again does not set the puzzle up afresh")
	}
	sess = pz.Session()
	defer sess.Close()
	ans, err := sess.Match.Live().ParseMove(ps[0].Answers[0])
	if err != nil {
		t.Fatal(err)
	}
	j = judged(t, sess.Play(input.ChoiceOf(sess.Match.Live(), ans)))
	if !j.Right || j.Done != ID(ps[0]) || !pz.Solved() || sess.Unsaved() {
		t.Fatalf("right answer: %+v, solved %v, unsaved %v", j, pz.Solved(), sess.Unsaved())
	}
	if b := pz.Buttons(); !slices.Contains(b, Offer{Next, "Next puzzle ›"}) || !slices.Contains(b, Offer{Retry, "Try again"}) {
		t.Fatalf("a solved puzzle offers %v", b)
	}
}

// Every puzzle kind has its goal in words, not the data's name.
func TestGoalInWords(t *testing.T) {
	for _, k := range puzzle.Kinds {
		if g := Goal(k); g == "find the move" || g == k.String() {
			t.Errorf("%s: goal %q", k, g)
		}
	}
}

// A game's mode judges nothing: every move plays.
func TestFreePlays(t *testing.T) {
	var m Mode = Free{}
	if m.Kind() != Game || m.Waiting() || !m.Judge(nil, game.Move{}).Play || m.Session() != nil {
		t.Fatal("a game's mode judges")
	}
}

// The list of a game's lessons and puzzles: every lesson and puzzle in order,
// the ones done marked from the progress the Judged events kept, and the one to
// continue with the first not done.
func TestListMarksProgress(t *testing.T) {
	info, _ := game.Lookup("Abande")
	ps, err := puzzle.Load("Abande")
	if err != nil {
		t.Fatal(err)
	}
	var pr Progress
	c := List(info, pr)
	if c.LessonsErr != nil || c.PuzzlesErr != nil || len(c.Lessons) < 5 || len(c.Puzzles) != len(ps) {
		t.Fatalf("list: %d lessons (%v), %d puzzles (%v)", len(c.Lessons), c.LessonsErr, len(c.Puzzles), c.PuzzlesErr)
	}
	if !c.Lessons[0].Next || !c.Puzzles[0].Next || c.Lessons[0].Done {
		t.Fatal("nothing done: the first lesson and the first puzzle are not the ones to continue")
	}
	// The first two lessons and the first puzzle, through the modes' Judged
	// events' Done, as the window keeps them.
	if !pr.Keep(Lesson, "abande/01-entering.txt") || !pr.Keep(Lesson, "abande/02-capturing.txt") ||
		!pr.Keep(Puzzle, ID(ps[0])) || pr.Keep(Puzzle, ID(ps[0])) || pr.Keep(Game, "x") || pr.Keep(Lesson, "") {
		t.Fatalf("Keep: %+v", pr)
	}
	c = List(info, pr)
	var marks []string
	for _, e := range c.Lessons {
		m := "-"
		switch {
		case e.Done:
			m = "done"
		case e.Next:
			m = "next"
		}
		marks = append(marks, m)
	}
	if want := []string{"done", "done", "next", "-", "-"}; !slices.Equal(marks, want) {
		t.Fatalf("lessons marked %v, want %v", marks, want)
	}
	if !c.Puzzles[0].Done || !c.Puzzles[1].Next || Continue(c.Puzzles) != 1 || Continue(c.Lessons) != 2 {
		t.Fatalf("puzzles: first %+v, second %+v", c.Puzzles[0], c.Puzzles[1])
	}
	// All done: the first is the one to go back to.
	for _, e := range c.Lessons {
		pr.Keep(Lesson, "abande/"+lessonFile(t, e.Index))
	}
	if c = List(info, pr); !c.Lessons[0].Next || !c.Lessons[len(c.Lessons)-1].Done {
		t.Fatalf("all done: %+v", c.Lessons)
	}
}

// lessonFile is the file name of Abande's lesson i.
func lessonFile(t *testing.T, i int) string {
	t.Helper()
	ls, err := lesson.Load("Abande")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(ls[i].Name, "abande/")
}

// No shipped puzzle's title, group, task or heading shows its data's kind
// (win1, …) or its ID: each says its goal in words and whose move it is.
func TestPuzzleWordsAreThePlayers(t *testing.T) {
	internal := regexp.MustCompile(`\bwin[123]\b|puzzle:|[0-9a-f]{16}`)
	for _, name := range game.Names() {
		info, _ := game.Lookup(name)
		ps, err := puzzle.Load(name)
		if err != nil {
			continue // a game without puzzles (a test's toy)
		}
		c := List(info, Progress{})
		for i, e := range c.Puzzles {
			m := NewPuzzles(ps, nil, i)
			for _, text := range []string{e.Title, e.Group, e.About, m.Say(), m.Heading()} {
				if internal.MatchString(text) || strings.Contains(text, ID(ps[i])) {
					t.Errorf("%s puzzle %d says %q", name, i+1, text)
				}
			}
			if !strings.Contains(e.Title, " to play and "+Goal(ps[i].Kind)) {
				t.Errorf("%s puzzle %d: title %q", name, i+1, e.Title)
			}
		}
	}
}
