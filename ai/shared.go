package ai

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"trihex/ai/knowledge"
	"trihex/game"
)

// Tree parallelism (Config.Shared): the threads grow one tree. Selection,
// expansion and backup hold the tree's lock; the playout, most of an
// iteration's cost, runs outside it on the thread's own state. A thread counts
// its visit on the way down (a virtual loss: until its result comes back, the
// path looks worse to the others, so they spread out) and adds the result on
// the way back. Unlike root parallelism (parallel.go), the threads' playouts
// deepen the same lines, so two threads read about as deep as one thread with
// twice the playouts; they wait for the lock instead, and a search is not
// repeatable.

// worker is one thread's own part of a shared search.
type worker struct {
	st       game.State
	probe    game.State
	rng      game.Rand
	moves    []game.Move
	kids     []child          // a leaf's children, read outside the lock
	mover    game.Player      // their mover: the side to move at the leaf
	know     knowledge.Knower // nil: uniform playouts
	knower   knowledge.Knower
	knowOf   knowledge.Game
	knowOpts knowledge.Options
}

// prepare readies w as thread k of s's search, begun with cfg.
func (w *worker) prepare(s *Searcher, cfg Config, k int) {
	if w.st == nil || w.st.Info() != s.rootPos.Info() || w.st.Options().String() != s.rootPos.Options().String() {
		w.st = s.rootPos.Clone()
	}
	w.rng.Seed(cfg.Seed ^ s.rootPos.Hash() ^ uint64(k+1)*0x9e3779b97f4a7c15)
	w.know = nil
	if s.know != nil {
		// Its own knower: a knower's playouts use scratch memory inside it.
		if w.knower == nil || w.knowOf != s.knowOf || w.knowOpts != s.knowOpts {
			w.knower, w.knowOf, w.knowOpts = s.knowOf.NewKnower(s.knowOpts), s.knowOf, s.knowOpts
		}
		w.know = w.knower
	}
}

// playout plays st to its end with the game's policy, or uniformly.
func (w *worker) playout(st game.State) game.Player { return playWith(w.know, st, &w.rng) }

// shared runs cfg.Threads threads on s's tree, begun by Search; c is the
// exploration constant. The budget is per thread, as in root parallelism,
// unless Split.
func (s *Searcher) shared(ctx context.Context, cfg Config, c float64, t0 time.Time) Info {
	n := min(cfg.Threads, maxThreads)
	budget := int64(cfg.Playouts)
	if !cfg.Split {
		budget *= int64(n)
	}
	var deadline time.Time
	if cfg.Time > 0 {
		deadline = t0.Add(cfg.Time)
	}
	for len(s.workers) < n {
		s.workers = append(s.workers, &worker{})
	}
	var claimed, done atomic.Int64
	var stop atomic.Bool
	cancelled := ctx.Done()
	var wg sync.WaitGroup
	for k, w := range s.workers[:n] {
		w.prepare(s, cfg, k)
		wg.Go(func() {
			lastReport := t0
			for i := 1; !stop.Load(); i++ {
				if budget > 0 && claimed.Add(1) > budget {
					break
				}
				select {
				case <-cancelled:
					stop.Store(true)
					return
				default:
				}
				if i&63 == 0 {
					now := time.Now()
					if !deadline.IsZero() && now.After(deadline) {
						break
					}
					if k == 0 && cfg.Progress != nil && now.Sub(lastReport) > 100*time.Millisecond {
						lastReport = now
						s.mu.Lock()
						inf := s.info(int(done.Load()), time.Since(t0))
						s.mu.Unlock()
						cfg.Progress(inf)
					}
				}
				if !s.iterateShared(w, c, cfg.Plain) {
					break // solved
				}
				done.Add(1)
			}
			stop.Store(true)
		})
	}
	wg.Wait()
	return s.info(int(done.Load()), time.Since(t0))
}

// child is a new child as a worker reads it before it is linked in.
type child struct {
	move  game.Move
	prior float64 // the knowledge's prior value, with priors on
	seen  bool    // probed: hash and result known
	hash  uint64
	res   game.Result
}

// read puts in w.kids the children of the leaf at st, as expand would make
// them: priors from w's knower, and where expand probes, each move played
// ahead. It reads s's settings only, which do not change during a search.
func (w *worker) read(s *Searcher, st game.State, plain bool) {
	w.moves = st.LegalMoves(w.moves[:0])
	w.kids, w.mover = w.kids[:0], st.ToMove()
	for _, m := range w.moves {
		w.kids = append(w.kids, child{move: m})
	}
	if s.prior > 0 && len(w.moves) > 1 {
		w.know.Prepare(st)
		for i := range w.kids {
			w.kids[i].prior = w.know.Prior(st, w.kids[i].move)
		}
	}
	if plain || len(w.moves) > probeLimit {
		return
	}
	if w.probe == nil || w.probe.Info() != st.Info() {
		w.probe = st.Clone()
	}
	for i := range w.kids {
		k := &w.kids[i]
		w.probe.CopyFrom(st)
		w.probe.Apply(k.move)
		k.seen, k.hash, k.res = true, w.probe.Hash(), w.probe.Result()
		if k.res.Over && k.res.Winner == st.ToMove() {
			break // a winning move: the leaf is won, the rest does not matter
		}
	}
}

// link makes kids n's children, as expand does, or reports false when the
// arena has no room for them. It holds the lock.
func (s *Searcher) link(n int32, kids []child, mover game.Player) bool {
	if len(s.nodes)+len(kids) > s.maxNodes {
		return false
	}
	first := int32(len(s.nodes))
	p := s.prior
	for _, k := range kids {
		ch := node{move: k.move, parent: n, child: -1, mover: mover}
		if p > 0 && len(kids) > 1 {
			ch.prior, ch.visits = uint8(p), int32(p)
			ch.rs = float32(1 / math.Sqrt(float64(p)))
			ch.wins = float32(float64(p) * k.prior)
			ch.amafN, ch.amafW = float32(p), ch.wins
		}
		if k.seen {
			ch.seen, ch.hash = true, k.hash
			if k.res.Over {
				ch.over = true
				switch k.res.Winner {
				case mover:
					ch.proof = provenWin
				case mover.Other():
					ch.proof = provenLoss
				}
			}
		}
		s.nodes = append(s.nodes, ch)
	}
	s.nodes[n].child = first
	s.nodes[n].nchild = int32(len(kids))
	if s.nodes[n].proof == 0 {
		s.resolve(n)
	}
	return true
}

// iterateShared runs one iteration of a shared search for thread w, as iterate
// does for one thread; it reports false, doing nothing, once the root is
// proven.
func (s *Searcher) iterateShared(w *worker, c float64, plain bool) bool {
	st := w.st
	st.CopyFrom(s.rootPos) // nothing writes the root position during a search
	s.mu.Lock()
	if s.nodes[s.root].proof != 0 {
		s.mu.Unlock()
		return false
	}
	n := s.root
	s.visit(n)
	for {
		nd := &s.nodes[n]
		if nd.over || !plain && nd.proof != 0 {
			break
		}
		if nd.child < 0 {
			// This thread's visit is counted already: expand on the same visit
			// as one thread would. A leaf another thread is expanding is played
			// out from as it is.
			if nd.busy || n != s.root && nd.visits-1-int32(nd.prior) < s.expandAt() {
				break
			}
			// The moves, priors and probes are read without the lock (they are
			// most of an expansion's cost, and Attangle expands at every other
			// iteration), then linked in under it.
			nd.busy = true
			s.mu.Unlock()
			w.read(s, st, plain)
			s.mu.Lock()
			s.nodes[n].busy = false
			if !s.link(n, w.kids, w.mover) {
				break // the arena is full: play out from the leaf
			}
			if !plain && s.nodes[n].proof != 0 {
				break
			}
		}
		n = s.selectChild(n, c, plain)
		s.visit(n)
		st.Apply(s.nodes[n].move)
		s.see(n, st, plain)
	}
	nd := &s.nodes[n]
	decided := nd.over || !plain && nd.proof != 0
	var winner game.Player
	if decided {
		winner = outcome(nd)
	}
	s.mu.Unlock()
	if !decided {
		winner = w.playout(st)
	}
	s.mu.Lock()
	if s.rave > 0 {
		s.backupAMAF(n, st.(placer), winner)
	}
	s.backupResult(n, winner, plain)
	s.mu.Unlock()
	return true
}
