package ui

import (
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/input"
)

// Every click or key that does nothing says why in the status line, in the
// rules' or the window's words, and changes nothing; the reason shows for four
// seconds (of the app's clock), then the status line is back.
func TestSceneRefusals(t *testing.T) {
	human := [2]input.Seat{}
	cases := []struct {
		name  string
		setup func(sa *sceneApp) // the game on screen, and what led to the refusal
		do    string             // clicks ("click d4") and keys ("key Ctrl+Z"), one a line
		want  string
	}{
		{"attangle centre", func(sa *sceneApp) { sa.newGame("Attangle", "", human) }, "click d4", "D4 stays empty"},
		{"abande not adjacent", func(sa *sceneApp) { sa.newGame("Abande", "", human) }, "click d4\nclick g1", "next to"},
		{"abande pass in hand", func(sa *sceneApp) { sa.newGame("Abande", "", human) }, "key P", "No pass with pieces in hand"},
		{"andantino taken", func(sa *sceneApp) { sa.newGame("Andantino", "", human) }, "click 0,0", "taken"},
		{"nothing to undo", func(sa *sceneApp) { sa.newGame("Andantino", "", human) }, "key Ctrl+Z", "Nothing to undo: no move has been played."},
		{"nothing to redo", func(sa *sceneApp) { sa.newGame("Andantino", "", human) }, "click 0,1\nkey Ctrl+Y", "Nothing to redo: no move was taken back."},
		{"nothing to analyse", func(sa *sceneApp) { sa.newGame("Abande", "", human) }, "key G", "Nothing to analyse yet: no move has been played."},
		{"hint while reviewing", func(sa *sceneApp) { sa.newGame("Andantino", "", human) }, "click 0,1\nclick 1,-1\nkey Left\nkey H",
			"The hint is for your own turn in the game, not for the computer's or a reviewed position."},
		{"nobody to resign", func(sa *sceneApp) { sa.load(computersRecord) }, "key Ctrl+R", "Nobody plays at this screen: there is no one here to resign."},
		{"game over", func(sa *sceneApp) { sa.load(suicideRecord) }, "click -1,1\nclick -1,1\nclick 0,0", "The game is over: Red played into White's enclosure: White wins."},
		{"game over, resign", func(sa *sceneApp) { sa.load(suicideRecord) }, "click -1,1\nclick -1,1\nkey Ctrl+R", "The game is over: nothing to resign."},
		{"computer paused", func(sa *sceneApp) { sa.load(computerToMoveRecord) }, "click 1,0", "It is the computer's turn, and it is paused: Space lets it move."},
		{"lesson undo", func(sa *sceneApp) { sa.lesson("Abande") }, "key Ctrl+Z", "In a lesson or a puzzle, try another move"},
		{"lesson analysis", func(sa *sceneApp) { sa.lesson("Abande") }, "key A", "The engine's analysis is for games, not for lessons and puzzles."},
		{"lesson resign", func(sa *sceneApp) { sa.lesson("Abande") }, "key Ctrl+R", "Lessons and puzzles are not games to resign or draw"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sa := newSceneApp(t, 1024, 700)
			c.setup(sa)
			lines := strings.Split(c.do, "\n")
			sa.run(lines[:len(lines)-1]...)
			before := sa.status()
			p := sa.game()
			n := p.sess.Match.Len()
			sa.run(lines[len(lines)-1])
			got := sa.view().Status
			if !strings.Contains(got, c.want) {
				t.Fatalf("status %q, want it to say %q", got, c.want)
			}
			if sa.play() != p || p.sess.Match.Len() != n || len(sa.overlays) != 0 {
				t.Fatalf("the refused action did something: %d moves (were %d), overlays %d", p.sess.Match.Len(), n, len(sa.overlays))
			}
			sa.wait(3900 * time.Millisecond)
			if got := sa.view().Status; !strings.Contains(got, c.want) {
				t.Fatalf("the reason went before its four seconds: %q", got)
			}
			sa.wait(200 * time.Millisecond)
			if got := sa.status(); got != before {
				t.Fatalf("after four seconds the status reads %q, want %q again", got, before)
			}
		})
	}
}

// run carries out the driver-like commands: "click NAME" or "key CHORD".
func (sa *sceneApp) run(cmds ...string) {
	sa.t.Helper()
	for _, c := range cmds {
		verb, arg, _ := strings.Cut(c, " ")
		switch verb {
		case "click":
			sa.click(arg)
		case "key":
			sa.key(arg)
		default:
			sa.t.Fatalf("bad command %q", c)
		}
	}
}

// status is the status line, with a lesson's or a puzzle's heading.
func (sa *sceneApp) status() string { return sa.view().Status }

// lesson shows the first lesson of name.
func (sa *sceneApp) lesson(name string) *playScene {
	sa.t.Helper()
	info, _ := game.Lookup(name)
	p, err := sa.newLessons(info, 0)
	if err != nil {
		sa.t.Fatal(err)
	}
	sa.show(p)
	return p
}

// The second click on a losing cell plays it: the first only warns, in the
// status line, and plays nothing; a click elsewhere disarms it.
func TestSceneLosingCell(t *testing.T) {
	sa := newSceneApp(t, 1280, 800)
	p := sa.load(suicideRecord)
	n := p.sess.Match.Len()
	sa.click("-1,1")
	if st := sa.status(); p.sess.Match.Len() != n || !strings.Contains(st, "Click it again to play it.") {
		t.Fatalf("first click: %d moves (were %d), status %q", p.sess.Match.Len(), n, st)
	}
	sa.click("0,0") // refused (taken): the warning is off
	sa.click("-1,1")
	if p.sess.Match.Len() != n {
		t.Fatal("a click elsewhere did not disarm the losing cell: it was played")
	}
	sa.click("-1,1")
	r := p.sess.Result()
	if p.sess.Match.Len() != n+1 || !r.Over || r.Winner != game.First {
		t.Fatalf("second click: %d moves, result %+v", p.sess.Match.Len(), r)
	}
	if st := sa.status(); !strings.Contains(st, "Red played into White's enclosure: White wins") {
		t.Fatalf("status %q", st)
	}
}

// computersRecord is a game the computer plays on both sides; computerToMoveRecord
// one where it plays Red, to move.
const (
	computersRecord      = "[Game \"Andantino\"]\n[White \"Trihex level 1\"]\n[Red \"Trihex level 1\"]\n\n1. 0,1 1,-1\n"
	computerToMoveRecord = "[Game \"Andantino\"]\n[Red \"Trihex level 1\"]\n\n1. 0,1\n"
)
