package ui

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/input"
)

// A move's animation, a banner's end and a refused action's fade follow the
// app's clock, not the wall's: the animation runs while the clock moves and
// only then, the banner goes after noticeFor.
func TestSceneAnimationOnAppClock(t *testing.T) {
	sa := newSceneApp(t, 1024, 700)
	p := sa.newGame("Abande", "", [2]input.Seat{})
	sa.click("d4")
	an := p.anims.current()
	if an == nil || an.dur <= 0 {
		t.Fatal("a placed piece is not animated")
	}
	if k := an.progress(sa.now()); k != 0 {
		t.Fatalf("the animation is %.2f done before the clock moved", k)
	}
	sa.wait(an.dur / 2)
	if k := an.progress(sa.now()); k <= 0.5 || k >= 1 {
		t.Fatalf("half its time gone, the animation is %.2f done (eased out: more than half)", k)
	}
	sa.App.timedFrames()
	if !sa.redraw.busy() {
		t.Fatal("a running animation does not ask for frames")
	}
	sa.wait(an.dur/2 + time.Millisecond)
	if p.anims.current() != nil {
		t.Fatal("the animation is still running after its time")
	}

	sa.showNotice("Saved somewhere")
	sa.wait(noticeFor - time.Millisecond)
	if sa.view().Banner == "" {
		t.Fatal("the notice went early")
	}
	sa.wait(2 * time.Millisecond)
	if b := sa.view().Banner; b != "" {
		t.Fatalf("the notice %q stays after noticeFor", b)
	}
}

// The computer's answer to a person waits for its pace (ai.ReplyPace: 0.6 s at
// normal speed, for the person's piece to land) on the app's clock: here a fake one, in a bubble whose own time never moves,
// so the answer comes when the app's clock says and not before.
func TestSceneComputerPaceOnAppClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sa := newSceneApp(t, 1024, 700)
		p := sa.newGame("Andantino", "", [2]input.Seat{{}, input.SeatOf(true, 1)})
		p.sess.Computer.NewEngine = func(int, uint64) (ai.Engine, error) { return firstLegal{}, nil }
		sa.click("0,1")
		synctest.Wait() // the search has answered
		pace := ai.ReplyPace(p.sess.Speed)
		sa.wait(pace - time.Millisecond)
		if n := p.sess.Match.Len(); n != 1 || !p.sess.Computer.Thinking() {
			t.Fatalf("before its pace: %d moves, thinking %v", n, p.sess.Computer.Thinking())
		}
		if st := sa.status(); !strings.Contains(st, "Red to move · ") {
			t.Fatalf("while the answer waits, the status reads %q", st)
		}
		sa.wait(time.Millisecond)
		if n := p.sess.Match.Len(); n != 2 {
			t.Fatalf("at its pace: %d moves, want the computer's answer", n)
		}
		if st := sa.status(); st != "White to move" {
			t.Fatalf("after the answer the status reads %q", st)
		}
	})
}

// firstLegal is an engine that answers at once with the first legal move.
type firstLegal struct{}

func (firstLegal) Name() string { return "first legal move" }

func (firstLegal) Choose(_ context.Context, pos game.State) ai.Info {
	if ms := pos.LegalMoves(nil); len(ms) > 0 {
		return ai.Info{Move: ms[0]}
	}
	return ai.Info{}
}

// Against the computer: its answer comes, one Undo takes back its move and the
// player's, and the window's close button with moves on the board asks first;
// Don't save quits.
func TestSceneComputerUndoAndClose(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sa := newSceneApp(t, 1024, 700)
		p := sa.newGame("Andantino", "", [2]input.Seat{{}, input.SeatOf(true, 1)})
		p.sess.Computer.NewEngine = func(int, uint64) (ai.Engine, error) { return firstLegal{}, nil }
		sa.click("0,1")
		synctest.Wait()
		sa.wait(ai.Pace(p.sess.Speed))
		rec, _ := p.sess.Record()
		if p.sess.Match.Len() != 2 || !strings.Contains(rec, `[Red "Trihex level 1"]`) {
			t.Fatalf("after the computer's answer:\n%s", rec)
		}
		sa.key("Ctrl+Z")
		if n := p.sess.Match.Len(); n != 0 {
			t.Fatalf("one undo against the computer leaves %d moves, want none", n)
		}
		sa.click("0,1")
		sa.frame(input.Frame{CloseRequested: true})
		if !sa.shows("confirm-save") || sa.quit {
			t.Fatalf("closing the window with unsaved moves did not ask: %v", sa.buttons())
		}
		sa.click("confirm-discard")
		if !sa.quit {
			t.Fatal("Don't save did not quit")
		}
	})
}
