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
	return start(ctx, e, pos, func(ctx context.Context, report func(Info)) (context.Context, func(Engine) Engine, func()) {
		return ctx, func(e Engine) Engine { return withProgress(e, report) }, func() {}
	})
}

// setup prepares a job's search: given the job's context and its progress
// report, it returns the search's context, the engine to search with (made
// from the caller's) and what to do once it has answered.
type setup func(ctx context.Context, report func(Info)) (context.Context, func(Engine) Engine, func())

// start is Start and StartOnClock.
func start(ctx context.Context, e Engine, pos game.State, prepare setup) *Job {
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
	sctx, engine, end := prepare(ctx, report)
	e = engine(e)
	go func() {
		defer close(done)
		defer cancel()
		defer end()
		done <- e.Choose(sctx, own)
	}()
	return &Job{cancel: cancel, Done: done, Progress: progress}
}

// Reporter is an Engine that can report its progress as it searches (an
// engine of this package is one): Start passes the reports on, and
// ChooseOnClock reads the stability of the best move from them.
type Reporter interface {
	Engine
	// WithProgress returns an engine that searches as this one does (with
	// its tree) and calls report with its best line now and then, from the
	// searching goroutine, never blocking for long.
	WithProgress(report func(Info)) Engine
}

// withProgress returns a copy of e that reports its progress to report, or e
// itself where it cannot.
func withProgress(e Engine, report func(Info)) Engine {
	switch m := e.(type) {
	case Reporter:
		return m.WithProgress(report)
	case *mcts:
		cp := *m
		cp.cfg.Progress = report
		return &cp
	case *abEngine:
		cfg := m.cfg
		cfg.Progress = report
		fb := *m.fallback
		fb.cfg.Progress = report
		return &abEngine{name: m.name, cfg: cfg, fallback: &fb, owner: m}
	}
	return e
}

// Cancel asks the search to stop; it answers within a few milliseconds.
func (j *Job) Cancel() { j.cancel() }
