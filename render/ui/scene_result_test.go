package ui

import (
	"strings"
	"testing"

	"trihex/game"
	"trihex/input"
	"trihex/save"
)

// A game ends: the end card shows with its buttons and the status line says
// why; Review puts the card away and steps through the game from its start
// (the review bar's buttons; Live, End or the last step back to the end, where
// the card returns);
// Rematch starts the same game with the colours swapped.
func TestSceneResultAndReview(t *testing.T) {
	sa := newSceneApp(t, 1280, 800)
	g, err := save.Read(strings.NewReader(suicideRecord))
	if err != nil {
		t.Fatal(err)
	}
	sess := input.SessionFromGame(g, 2, sa.sessionNow())
	sess.Seats[game.First] = input.SeatOf(true, 2) // --white computer --level 2
	sess.Computer.Paused = false
	p := sa.newPlay(sess)
	sa.show(p)
	sa.run("click -1,1", "click -1,1")
	for _, id := range []string{"result", "result-rematch", "result-review", "result-save", "result-new"} {
		if !sa.shows(id) {
			t.Fatalf("the end card lacks %q: %v", id, sa.buttons())
		}
	}
	if st := sa.status(); !strings.Contains(st, "Red played into White's enclosure: White wins") {
		t.Fatalf("status %q", st)
	}
	rec, err := sess.Record()
	if err != nil || !strings.Contains(rec, `[Result "white"]`) {
		t.Fatalf("the record does not say White won (%v):\n%s", err, rec)
	}

	sa.click("result-review")
	if sa.shows("result-rematch") || sess.Match.ViewIndex() != 0 {
		t.Fatalf("Review: the card stays (%v) or the review is not at the start (%d)", sa.shows("result-rematch"), sess.Match.ViewIndex())
	}
	sa.click("rv-fwd")
	sa.click("rv-fwd")
	if i := sess.Match.ViewIndex(); i != 2 || sa.status() != "White to move here (reviewing)" {
		t.Fatalf("two steps forward: at %d, status %q", i, sa.status())
	}
	sa.click("rv-back")
	if i := sess.Match.ViewIndex(); i != 1 || sa.status() != "Red to move here (reviewing)" {
		t.Fatalf("a step back: at %d, status %q", i, sa.status())
	}
	sa.click("rv-end") // the last position is the live one: the card returns
	if sess.Match.Reviewing() || !sa.shows("result-rematch") || !strings.Contains(sa.status(), "White wins") {
		t.Fatalf("the review's end: reviewing %v, card %v, status %q", sess.Match.Reviewing(), sa.shows("result-rematch"), sa.status())
	}
	sa.click("rv-start")
	sa.click("live")
	if sess.Match.Reviewing() || !sa.shows("result-rematch") {
		t.Fatalf("Live: reviewing %v, the card with Rematch shown %v", sess.Match.Reviewing(), sa.shows("result-rematch"))
	}
	sa.click("rv-start")
	sa.key("End")
	if sess.Match.Reviewing() || !sa.shows("result-rematch") {
		t.Fatal("End did not bring the end card back")
	}

	sa.click("result-rematch")
	q := sa.game()
	if q == p || q.sess.Match.Len() != 0 || q.sess.Seats[game.First].Kind != input.Human || q.sess.Seats[game.Second] != input.SeatOf(true, 2) {
		t.Fatalf("Rematch: %d moves, seats %+v", q.sess.Match.Len(), q.sess.Seats)
	}
	rec, _ = q.sess.Record()
	if !strings.Contains(rec, `[White "Human"]`) || !strings.Contains(rec, `[Red "Trihex level 2"]`) {
		t.Fatalf("the rematch is not the game with the colours swapped:\n%s", rec)
	}
}
