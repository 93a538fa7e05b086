package exercise

import (
	"slices"
	"testing"

	"trihex/ai/puzzle"
	"trihex/game"
	_ "trihex/game/all"
	"trihex/input"
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
