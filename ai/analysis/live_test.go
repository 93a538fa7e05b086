package analysis

import (
	"runtime"
	"testing"
	"time"

	"trihex/ai"
	"trihex/game"
)

// waitFor polls l (as the window does, never blocking) until ok holds for its
// snapshot, or fails after a few seconds.
func waitFor(t *testing.T, l *Live, what string, ok func(Snapshot) bool) Snapshot {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s := l.Latest()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 5 s: %+v", what, s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// checkLines checks that a snapshot is pos's, with one to three legal lines
// whose spelling matches their moves and whose values are chances.
func checkLines(t *testing.T, s Snapshot, pos game.State) {
	t.Helper()
	if s.Ply != pos.Ply() || s.Hash != pos.Hash() || s.ToMove != pos.ToMove() {
		t.Fatalf("snapshot of ply %d %x, want %d %x", s.Ply, s.Hash, pos.Ply(), pos.Hash())
	}
	if len(s.Lines) == 0 || len(s.Lines) > ai.TopMoves || s.Value < 0 || s.Value > 1 {
		t.Fatalf("%d lines, value %v", len(s.Lines), s.Value)
	}
	for _, l := range s.Lines {
		if !pos.IsLegal(l.Move) || l.Text != pos.FormatMove(l.Move) || l.Value < 0 || l.Value > 1 ||
			len(l.PVText) == 0 || l.PVText[0] != l.Text || len(l.PV) < len(l.PVText) {
			t.Errorf("line %+v", l)
		}
	}
}

// settled waits until the goroutines started since base have ended.
func settled(t *testing.T, base int) {
	t.Helper()
	for i := 0; runtime.NumGoroutine() > base; i++ {
		if i == 200 {
			t.Fatalf("%d goroutines left, %d before", runtime.NumGoroutine(), base)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestLive: live analysis answers with three lines, follows a new position (at
// once without the old lines, then with its own), ignores the same position
// again, and Stop ends the search and the goroutines.
func TestLive(t *testing.T) {
	base := runtime.NumGoroutine()
	l := NewLive(nil)
	pos := mustStart(t, "Attangle")
	l.Follow(pos)
	if s := l.Latest(); !s.Searching || len(s.Lines) != 0 || s.Hash != pos.Hash() {
		t.Errorf("right after Follow: %+v", s)
	}
	s := waitFor(t, l, "three lines", func(s Snapshot) bool { return len(s.Lines) == ai.TopMoves })
	checkLines(t, s, pos)
	if !s.Searching || s.Playouts == 0 {
		t.Errorf("searching %v after %d playouts", s.Searching, s.Playouts)
	}
	// The same position again (a new copy) keeps the analysis.
	l.Follow(pos.Clone())
	if s2 := l.Latest(); len(s2.Lines) == 0 || s2.Serial < s.Serial {
		t.Errorf("the same position restarted the analysis: %+v", s2)
	}

	next := pos.Clone()
	next.Apply(s.Lines[0].Move)
	l.Follow(next)
	if s := l.Latest(); s.Hash != next.Hash() || len(s.Lines) != 0 {
		t.Errorf("right after following a new position: %+v", s)
	}
	pos.Apply(s.Lines[1].Move) // the caller's position is its own
	s = waitFor(t, l, "lines of the new position", func(s Snapshot) bool { return len(s.Lines) > 0 })
	checkLines(t, s, next)

	l.Stop()
	select {
	case <-l.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("still running 2 s after Stop")
	}
	if s := l.Latest(); s.Searching {
		t.Error("stopped but searching")
	}
	l.Follow(pos)
	l.Stop()
	if s := l.Latest(); s.Hash != next.Hash() {
		t.Error("Follow after Stop changed the snapshot")
	}
	settled(t, base)
}

// TestLiveAlphaBeta: in Andantino the alpha-beta search scores three moves
// exactly, reports its depth, and its reports go on between iterations.
func TestLiveAlphaBeta(t *testing.T) {
	base := runtime.NumGoroutine()
	l := NewLive(nil)
	defer func() { l.Stop(); <-l.Done(); settled(t, base) }()
	g := load(t, "andantino.trihex")
	pos := after(g, 6)
	l.Follow(pos)
	s := waitFor(t, l, "three lines at depth 3", func(s Snapshot) bool { return len(s.Lines) == 3 && s.Depth >= 3 })
	checkLines(t, s, pos)
	for i, ln := range s.Lines {
		if ln.Depth == 0 || i > 0 && ln.Value > s.Lines[i-1].Value {
			t.Errorf("line %d: %+v", i, ln)
		}
	}
	s2 := waitFor(t, l, "a later report", func(s2 Snapshot) bool { return s2.Nodes > s.Nodes })
	checkLines(t, s2, pos)
}

// TestLiveEnds: a search with a budget ends with its answer; a finished game
// has the result and nothing to search.
func TestLiveEnds(t *testing.T) {
	base := runtime.NumGoroutine()
	l := NewLive(ai.NewAnalysis(ai.Analysis{Playouts: 500, Nodes: 5000}))
	pos := mustStart(t, "Abande")
	l.Follow(pos)
	s := waitFor(t, l, "the end of the search", func(s Snapshot) bool { return !s.Searching })
	checkLines(t, s, pos)
	if s.Playouts != 500 {
		t.Errorf("%d playouts, want 500", s.Playouts)
	}

	g := load(t, "andantino.trihex")
	l.Follow(g.Final)
	s = l.Latest()
	if !s.Over || s.Searching || len(s.Lines) != 0 || s.Value != 0 || s.ChanceOf(game.First) != 1 {
		t.Errorf("finished game (White won, Red to move): %+v", s)
	}
	l.Stop()
	<-l.Done()
	settled(t, base)
}

func mustStart(t *testing.T, name string) game.State {
	t.Helper()
	info, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := info.Start("")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
