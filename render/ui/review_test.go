package ui

import (
	"strings"
	"testing"
	"time"

	"trihex/ai/analysis"
	"trihex/game"
	"trihex/input"
)

// reviewScene is a game of Attangle between humans with moves played, laid
// out, its review's budget b.
func reviewScene(t *testing.T, a *App, b analysis.Budget, moves ...string) *playScene {
	t.Helper()
	info, _ := game.Lookup("Attangle")
	opts, _ := info.ResolveOptions("")
	p := a.newPlay(input.NewSession(info, opts, [2]input.Seat{{}, {}}, nil))
	t.Cleanup(p.close)
	a.scene = p
	for _, txt := range moves {
		m, err := p.sess.Match.Live().ParseMove(txt)
		if err != nil {
			t.Fatal(err)
		}
		p.handle(a, p.sess.PlayMove(m))
	}
	p.anims.clear()
	p.analysis.budget = b
	a.relayout()
	return p
}

// reviewDone waits for the review's job to end (an event: its Done channel),
// then lets the scene collect it and lays out.
func reviewDone(t *testing.T, a *App, p *playScene) *Layout {
	t.Helper()
	rv := p.analysis.review
	if rv == nil {
		t.Fatalf("no review; status %q", a.layouts[p].Status)
	}
	<-rv.job.Done()
	p.tick(a)
	a.relayout()
	return a.layouts[p]
}

// A review whose engine cannot be made says why in the box under the board and
// in the status line, in the player's words, until Close: not an empty box,
// not a box that silently goes away.
func TestReviewSaysItsError(t *testing.T) {
	a := newTestApp(1280, 800)
	p := reviewScene(t, a, analysis.Budget{Level: 99}, "a1", "g4")
	p.command(a, input.CmdReviewGame)
	l := reviewDone(t, a, p)
	const want = "The game could not be analysed: no level 99"
	if !strings.HasPrefix(l.Guide, want) || !strings.HasPrefix(l.Status, want) || strings.Contains(l.Guide, "analysis:") {
		t.Fatalf("guide %q, status %q; want %q…", l.Guide, l.Status, want)
	}
	if w, ok := l.get(wReviewCancel); !ok || w.label != "Close" || hasButton(l, wGraph) {
		t.Fatalf("a failed review offers %v", l.widgets)
	}
	clickButton(t, a, p, wReviewCancel)
	if p.analysis.review != nil || a.layouts[p].Guide != "" {
		t.Fatalf("Close leaves %q", a.layouts[p].Guide)
	}
}

// ai/analysis' review job reviews the game: the graph is laid out with a point
// for each position, and a click on it reviews a position. Cancel stops a
// running one and says so.
func TestReviewRunsTheJob(t *testing.T) {
	a := newTestApp(1280, 800)
	p := reviewScene(t, a, analysis.Budget{Time: 2 * time.Millisecond}, "a1", "g4", "b1")
	p.command(a, input.CmdReviewGame)
	a.relayout()
	if l := a.layouts[p]; !strings.HasPrefix(l.Guide, "Analysing the game: position ") {
		t.Fatalf("while it runs: guide %q", l.Guide)
	}
	l := reviewDone(t, a, p)
	if rv := p.analysis.review; rv.err != nil || len(rv.plies) != 3 || len(rv.chances) != 4 {
		t.Fatalf("review: err %v, %d plies, %d points", rv.err, len(rv.plies), len(rv.chances))
	}
	if !hasButton(l, wGraph) || !strings.HasPrefix(l.Guide, "Game analysed") {
		t.Fatalf("done: guide %q", l.Guide)
	}
	g := l.rect(wGraph)
	clickAt(a, p, g.X+1, g.CY())
	if !p.sess.Match.Reviewing() || p.sess.Match.ViewIndex() != 0 {
		t.Fatalf("a click at the graph's left edge shows position %d", p.sess.Match.ViewIndex())
	}
	p.handle(a, p.sess.ToLive())
	p.analysis.budget = analysis.Budget{Time: time.Minute} // long enough to be cancelled while it runs
	p.command(a, input.CmdReviewGame)
	a.relayout()
	clickButton(t, a, p, wReviewCancel)
	if p.analysis.review != nil || !strings.HasPrefix(a.layouts[p].Status, "Analysis cancelled") {
		t.Fatalf("Cancel: review %v, status %q", p.analysis.review != nil, a.layouts[p].Status)
	}
}
