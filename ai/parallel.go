package ai

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"trihex/ai/knowledge"
	"trihex/game"
)

// Parallel Monte Carlo search with Config.Roots: root parallelism (the
// default, one shared tree, is shared.go's). Each thread grows its own
// tree of the same position from its own seed, and at the end the root's
// children are summed over the trees: the move played is the one with the
// most playouts in all. The trees share nothing while they grow, so there is
// no locking and no contention, and a thread's playouts cost what they cost
// alone; what the threads lose against one shared tree is that each reads
// the same lines again (at 0.25 s a move in Attangle, 0.530 against one
// thread where the shared tree scores 0.685: ai/README.md). With the same
// budget per thread the search is as deterministic as a single one (seeded,
// the trees independent), except that a tree that proves the root stops the
// others wherever they are.

// DefaultThreads is the number of search threads for a headless command (every
// core) or, with window set, for the window's computer (every core but one,
// which draws).
func DefaultThreads(window bool) int {
	n := runtime.GOMAXPROCS(0) // the cores this process may use
	if window {
		n--
	}
	return max(n, 1)
}

// maxThreads bounds a search's threads: beyond it the trees' memory grows
// faster than their strength.
const maxThreads = 64

// parallel runs cfg.Threads searches of pos at once, s being the first.
func (s *Searcher) parallel(ctx context.Context, pos game.State, cfg Config) Info {
	t0 := time.Now()
	n := min(cfg.Threads, maxThreads)
	// Each helper's tree is smaller when there are many, so that memory stays
	// within a few times one tree's.
	helperNodes := min(s.maxNodes, max(s.maxNodes*4/(n-1), 1<<16))
	for len(s.helpers) < n-1 {
		s.helpers = append(s.helpers, NewSearcher(helperNodes))
	}
	trees := append([]*Searcher{s}, s.helpers[:n-1]...)
	if cfg.Split && cfg.Playouts > 0 {
		cfg.Playouts = max(cfg.Playouts/n, 1)
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	var total atomic.Int64
	cfg.counter = &total
	cfg.Threads = 1
	if report := cfg.Progress; report != nil {
		// Only the first tree reports (reading the others' while they grow
		// would need locks), with every tree's playouts.
		cfg.Progress = func(inf Info) {
			inf.Playouts = int(total.Load())
			report(inf)
		}
	}
	infos := make([]Info, n)
	var wg sync.WaitGroup
	for k := range trees {
		c := cfg
		c.Seed += uint64(k) * 0x9e3779b97f4a7c15
		if k > 0 {
			c.Progress = nil
		}
		// Each thread plays on its own copy: a state's methods may use scratch
		// memory inside it.
		own := pos.Clone()
		wg.Go(func() {
			infos[k] = trees[k].Search(ctx, own, c)
			if infos[k].Proven != 0 {
				stop() // solved: the others cannot change the answer
			}
		})
	}
	wg.Wait()
	inf := merge(trees)
	for _, t := range infos {
		inf.Playouts += t.Playouts
		inf.Nodes += t.Nodes
	}
	inf.Elapsed = time.Since(t0)
	return inf
}

// merge sums the trees' root children (each tree expanded the same root, so
// its children come in the same order; a tree that differs is matched move by
// move) and summarizes the sums.
func merge(trees []*Searcher) Info {
	first := trees[0]
	if first.nodes[first.root].over() {
		return Info{}
	}
	root := first.nodes[first.root]
	kids := append([]node(nil), first.children(first.root)...)
	best := make([]int, len(kids)) // the tree with the most playouts through each child
	for t, tr := range trees[1:] {
		r := &tr.nodes[tr.root]
		root.visits += r.visits
		root.wins += r.wins
		if root.proof() == 0 {
			root.setProof(r.proof())
		}
		theirs := tr.children(tr.root)
		aligned := len(theirs) == len(kids)
		for i := 0; aligned && i < len(kids); i++ {
			aligned = theirs[i].move == kids[i].move
		}
		for i, ch := range theirs {
			j := i
			if !aligned {
				// Not the same list (it cannot happen while move generation is
				// deterministic): add the statistics, keep the lines apart.
				if j = slices.IndexFunc(kids, func(k node) bool { return k.move == ch.move }); j < 0 {
					continue
				}
			} else if ch.visits > trees[best[j]].children(trees[best[j]].root)[j].visits {
				best[j] = t + 1
			}
			k := &kids[j]
			k.visits += ch.visits
			k.wins += ch.wins
			if k.proof() == 0 {
				k.setProof(ch.proof())
			}
		}
	}
	return summarize(&root, kids, int32(len(trees)), func(j int, dst []game.Move) []game.Move {
		return trees[best[j]].line(j, dst)
	})
}

// Parallel alpha-beta: lazy SMP. Every thread runs the same iterative
// deepening on the same root and they share the transposition table, nothing
// else: what one thread has searched, the others find in the table and skip,
// so together they reach deeper than one, and where they disagree on move
// order they search different parts of the tree first. Half the helpers start
// one ply deeper, so that they run ahead of the first thread rather than
// beside it. Two threads need about 1.25 times one thread's nodes to complete
// a depth (BenchmarkABToDepth), so they reach it about 1.6 times as fast. The
// first thread stops the others when it is done, and a helper that proves the
// root (or completes ABConfig.Depth) stops the rest; the answer is the deepest
// iteration any thread completed (the first thread's when none went deeper,
// and always in a multi-PV search, whose root only it scores).

// parallel runs cfg.Threads searches of pos on s's table, s being the first.
func (s *abSearcher) parallel(ctx context.Context, pos knowledge.Position, cfg ABConfig, t0 time.Time) Info {
	n := min(cfg.Threads, maxThreads)
	for len(s.helpers) < n-1 {
		s.helpers = append(s.helpers, newABThread(s.tt))
	}
	for _, h := range s.helpers {
		h.tt = s.tt // a released table was made again
	}
	if cfg.Split && cfg.Nodes > 0 {
		cfg.Nodes = max(cfg.Nodes/n, 1)
	}
	var halt atomic.Bool
	var count atomic.Int64
	s.halt, s.count, s.shared = &halt, &count, true
	s.prepare(ctx, pos, cfg, t0)
	hc := cfg
	hc.Progress, hc.MultiPV = nil, 0
	var wg sync.WaitGroup
	answers := make([]Info, n-1)
	for k, h := range s.helpers[:n-1] {
		h.gen, h.halt, h.count, h.shared = s.gen, &halt, &count, true
		own := pos.Clone().(knowledge.Position)
		h.prepare(ctx, own, hc, t0)
		wg.Go(func() {
			a := h.deepen(own, hc, 1+(k+1)%2)
			answers[k] = a
			if s.multi <= 1 && (a.Proven != 0 || cfg.Depth > 0 && a.Depth >= cfg.Depth) {
				halt.Store(true) // solved, or deep enough: the answer below is this one
			}
		})
	}
	inf := s.deepen(pos, cfg, 1)
	halt.Store(true)
	wg.Wait()
	nodes := inf.Nodes
	for k, h := range s.helpers[:n-1] {
		nodes += h.nodes
		if a := answers[k]; s.multi <= 1 && inf.Proven == 0 && a.Move != (game.Move{}) && (a.Depth > inf.Depth || a.Proven != 0) {
			inf = a
		}
	}
	inf.Nodes = nodes
	inf.Elapsed = time.Since(t0)
	return inf
}
