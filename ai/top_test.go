package ai

import (
	"context"
	"slices"
	"testing"
	"time"

	"trihex/game"
)

// checkTop checks the invariants of inf.Top in s: at least one entry and at most
// max, the first being the answer (move, value, line), distinct legal moves with
// values in [0, 1] best first, each line legal and starting with its move.
func checkTop(t *testing.T, s game.State, inf Info, max int) {
	t.Helper()
	if len(inf.Top) == 0 || len(inf.Top) > max {
		t.Fatalf("%d top moves, want 1 to %d", len(inf.Top), max)
	}
	if top := inf.Top[0]; top.Move != inf.Move || top.Value != inf.Value || !slices.Equal(top.PV, inf.PV) {
		t.Errorf("first top move %s %.3f %v, answer %s %.3f %v", s.FormatMove(top.Move), top.Value, top.PV,
			s.FormatMove(inf.Move), inf.Value, inf.PV)
	}
	seen := map[game.Move]bool{}
	for i, m := range inf.Top {
		if seen[m.Move] || !s.IsLegal(m.Move) || m.Value < 0 || m.Value > 1 || len(m.PV) == 0 || m.PV[0] != m.Move {
			t.Errorf("top move %d: %+v", i, m)
		}
		seen[m.Move] = true
		c := s.Clone()
		for _, pm := range m.PV {
			if err := c.Play(pm); err != nil {
				t.Errorf("top move %d's line %v: %v", i, m.PV, err)
				break
			}
		}
	}
}

// TestTopMovesMonteCarlo: the Monte Carlo search lists its three most visited
// root moves, by visits, with their values and lines.
func TestTopMovesMonteCarlo(t *testing.T) {
	for _, v := range variants[:4] {
		s := startOf(t, v.game, v.opts)
		r := game.NewRand(5)
		for i := 0; i < 6; i++ {
			ms := s.LegalMoves(nil)
			s.Apply(ms[r.Intn(len(ms))])
		}
		inf := NewSearcher(0).Search(context.Background(), s, Config{Playouts: 3000, Prior: defaultPrior, Heavy: defaultHeavy, Seed: 1})
		checkTop(t, s, inf, TopMoves)
		if len(inf.Top) != TopMoves {
			t.Errorf("%s: %d top moves after 3000 playouts", v.game, len(inf.Top))
		}
		for i := 1; i < len(inf.Top); i++ {
			if inf.Top[i].Visits > inf.Top[i-1].Visits || inf.Top[i].Visits == 0 {
				t.Errorf("%s: visits %d after %d", v.game, inf.Top[i].Visits, inf.Top[i-1].Visits)
			}
		}
	}
}

// TestTopMovesMultiPV: with MultiPV 3 the alpha-beta search scores three root
// moves exactly: where one move stops the opponent's five, it comes first and
// the moves listed after it that do not stop it are proven losses (a bound
// would not say so); without MultiPV it lists the best move alone.
func TestTopMovesMultiPV(t *testing.T) {
	_, blocks, safe := tacticalPositions(t, "Andantino", "", 3)
	if len(blocks) == 0 {
		t.Fatal("no block positions")
	}
	for i, s := range blocks {
		st := evalPos(t, s)
		inf := newABSearcher().search(context.Background(), st, ABConfig{Nodes: 20_000, MultiPV: 3})
		checkTop(t, s, inf, 3)
		if n := len(s.LegalMoves(nil)); len(inf.Top) != min(n, 3) {
			t.Errorf("block %d: %d top moves of %d legal", i, len(inf.Top), n)
		}
		if !safe[i][inf.Move] {
			t.Errorf("block %d: best %s does not block", i, s.FormatMove(inf.Move))
		}
		for _, m := range inf.Top {
			if !safe[i][m.Move] && (m.Proven != -1 || m.Value != 0) {
				t.Errorf("block %d: %s hands over a five but is listed at %.3f, proven %d", i, s.FormatMove(m.Move), m.Value, m.Proven)
			}
		}
		for j := 1; j < len(inf.Top); j++ {
			if inf.Top[j].Value > inf.Top[j-1].Value {
				t.Errorf("block %d: values %.3f after %.3f", i, inf.Top[j].Value, inf.Top[j-1].Value)
			}
		}
		one := newABSearcher().search(context.Background(), st, ABConfig{Nodes: 20_000})
		checkTop(t, s, one, 1)
	}
	// A middle game: three distinct moves, scored at the depth reached.
	s := evalPos(t, replay(t, "Andantino", "", abMidgames[0]))
	inf := newABSearcher().search(context.Background(), s, ABConfig{Nodes: 100_000, MultiPV: 3})
	checkTop(t, s, inf, 3)
	if len(inf.Top) != 3 || inf.Top[2].Depth != inf.Depth || inf.Top[2].Value > inf.Top[1].Value || inf.Top[1].Value > inf.Top[0].Value {
		t.Errorf("middle game: %+v at depth %d", inf.Top, inf.Depth)
	}
	one := newABSearcher().search(context.Background(), s, ABConfig{Nodes: 100_000})
	t.Logf("100 000 nodes: depth %d with three exact moves, %d with one", inf.Depth, one.Depth)
}

// TestAnalysisWorker: the analysis engine without a budget, run by the worker,
// reports three exact moves, and reports between iterations too (the same
// depth with more nodes), so that a long iteration does not look stuck; a
// cancel ends it with its answer first in Top.
func TestAnalysisWorker(t *testing.T) {
	s := replay(t, "Andantino", "", abMidgames[1])
	job := Start(context.Background(), NewAnalysis(Analysis{Top: 3}), s)
	seen := map[int]int{} // nodes of the first report of each depth
	between := false
	timeout := time.After(1500 * time.Millisecond)
	for !between {
		select {
		case inf := <-job.Progress:
			checkTop(t, s, inf, 3)
			if n, ok := seen[inf.Depth]; !ok {
				seen[inf.Depth] = inf.Nodes
			} else if inf.Nodes > n {
				between = true
			}
		case <-timeout:
			t.Fatalf("no report between iterations in 1.5 s (depths %v)", seen)
		}
	}
	job.Cancel()
	inf := <-job.Done
	checkTop(t, s, inf, 3)
	if len(inf.Top) != 3 || inf.Mean != inf.Value {
		t.Errorf("answer: %d top moves, mean %v, value %v", len(inf.Top), inf.Mean, inf.Value)
	}
}
