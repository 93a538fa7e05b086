package ui

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"trihex/input"
)

// The game review (G) analyses every position on its own goroutine, with the
// engine: once it is done the guide says so and the win-chance graph shows, and
// a click on the graph reviews a position. In a bubble, so that the test waits
// for the review's goroutines rather than for a time.
func TestSceneGameReview(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sa := newSceneApp(t, 1280, 800)
		p := sa.newGame("Abande", "", [2]input.Seat{})
		sa.run("click d4", "click d5", "click d6", "click e4", "key G")
		if p.analysis.review == nil {
			t.Fatalf("G started no review: status %q", sa.status())
		}
		sa.key("G")
		if st := sa.status(); st != "The game is being analysed: Cancel stops it." {
			t.Fatalf("G again while it runs: status %q", st)
		}
		synctest.Wait() // the review has answered
		sa.frame(input.Frame{})
		if g := sa.view().Guide; !strings.Contains(g, "Game analysed") || !sa.shows("graph") {
			t.Fatalf("after the review: guide %q, graph shown %v", g, sa.shows("graph"))
		}
		sa.wait(4 * time.Second) // the refusal's reason gone from the status line
		sa.click("graph")
		if st := sa.status(); !strings.Contains(st, "(reviewing)") {
			t.Fatalf("a click on the graph did not review a position: status %q", st)
		}
	})
}
