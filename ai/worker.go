package ai

import (
	"context"

	"trihex/game"
)

// Job is a search running on its own goroutine.
type Job struct {
	cancel context.CancelFunc
	// Done delivers the final answer once, then is closed.
	Done <-chan Info
	// Progress delivers the current best line now and then; stale values are
	// dropped rather than blocking the search.
	Progress <-chan Info
}

// Start searches pos (a copy is taken, the caller may go on changing pos) with e on
// a new goroutine. Cancel stops it early; the answer still arrives on Done, with a
// legal move. The search runs on this goroutine and, with the engine's threads
// (WithThreads), as many more; the window's engines leave one core to drawing.
func Start(ctx context.Context, e Engine, pos game.State) *Job {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan Info, 1)
	progress := make(chan Info, 1)
	own := pos.Clone()
	report := func(inf Info) {
		select {
		case progress <- inf:
		default:
		}
	}
	withProgress := func(m *mcts) *mcts {
		cp := *m
		cp.cfg.Progress = report
		return &cp
	}
	switch m := e.(type) {
	case *mcts:
		e = withProgress(m)
	case *abEngine:
		cfg := m.cfg
		cfg.Progress = report
		e = &abEngine{name: m.name, cfg: cfg, fallback: withProgress(m.fallback), owner: m}
	}
	go func() {
		defer close(done)
		defer cancel()
		done <- e.Choose(ctx, own)
	}()
	return &Job{cancel: cancel, Done: done, Progress: progress}
}

// Cancel asks the search to stop; it answers within a few milliseconds.
func (j *Job) Cancel() { j.cancel() }
