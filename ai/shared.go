package ai

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"trihex/ai/knowledge"
	"trihex/game"
)

// Tree parallelism, the default for more than one thread (Config.Roots
// chooses root parallelism instead): the threads grow one tree without a lock.
// A node's statistics and flags are read and changed with atomic operations
// only, and the arena is reserved in full before the threads start, so that
// linking new children, a block claimed by an atomic counter, never moves it.
// A thread counts its visit on the way down (a virtual loss: until its result
// comes back, the path looks worse to the others, so they spread out) and adds
// the result on the way back. A leaf is expanded by the thread that marks it
// busy; its children are written before the parent's child index is stored,
// which publishes them. Unlike root parallelism (parallel.go), the threads'
// playouts deepen the same lines, so two threads read about as deep as one
// thread with twice the playouts; a search is not repeatable.
//
// What a thread reads may be a moment old (a visit counted but its 1/√visits
// not yet stored, a proof set just after a child was chosen): each is a
// slightly worse choice, never a wrong tree, and the next iteration sees it.

// cacheLine is the size of the memory block a core fetches and owns in whole:
// two threads writing near each other inside one such block slow each other
// down as much as writing the same word.
const cacheLine = 64

// lineCount is a counter the threads change, alone on its cache line, so that
// its writes do not take from the others the lines they only read (the
// searcher's settings, the arena's address).
type lineCount struct {
	_ [cacheLine]byte
	atomic.Int64
	_ [cacheLine - 8]byte
}

// batch is how many iterations a thread of a shared search claims from the
// budget at once, and runs before it adds them to the count done and its
// visits and points to the root's: counters every thread changed at every
// iteration were lines that all the cores took from each other in turn. The
// root's visits are read only for the exploration term's logarithm (a thread
// adds its own pending visits), its points only for reports.
const batch = 16

// worker is one thread's own part of a shared search. It is padded, and its
// states and knower are allocated each after a spacer, because the threads
// write them at every move of a playout: two workers' objects of the same size,
// allocated in turn, would lie side by side and share a cache line at their
// seam. That happened: BenchmarkThreads in Abande ran two threads at 2.05 times
// one thread's speed, or, with another heap layout, at 0.9 times.
type worker struct {
	_        [cacheLine]byte
	st       game.State
	probe    game.State
	rng      game.Rand
	moves    []game.Move
	kids     []child          // a leaf's children, read before they are linked
	mover    game.Player      // their mover: the side to move at the leaf
	know     knowledge.Knower // nil: uniform playouts
	knower   knowledge.Knower
	knowOf   knowledge.Game
	knowOpts knowledge.Options
	// rootVisits and rootPoints are the root's visits and points (for its
	// mover) of this thread's iterations not yet added to the root node.
	rootVisits int32
	rootPoints float32
	// spacers are never used: allocated just before the worker's own state
	// and knower, they keep them off the last worker's cache lines.
	stSpacer   game.State
	knowSpacer knowledge.Knower
	_          [cacheLine]byte
}

// prepare readies w as thread k of s's search, begun with cfg.
func (w *worker) prepare(s *Searcher, cfg Config, k int) {
	if w.st == nil || w.st.Info() != s.rootPos.Info() || w.st.Options().String() != s.rootPos.Options().String() {
		w.stSpacer = s.rootPos.Clone()
		w.st, w.probe = s.rootPos.Clone(), s.rootPos.Clone()
	}
	w.rng.Seed(cfg.Seed ^ s.rootPos.Hash() ^ uint64(k+1)*0x9e3779b97f4a7c15)
	w.know = nil
	if s.know != nil {
		// Its own knower: a knower's playouts use scratch memory inside it.
		if w.knower == nil || w.knowOf != s.knowOf || w.knowOpts != s.knowOpts {
			w.knowSpacer = s.knowOf.NewKnower(s.knowOpts)
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
	r := &sharedRun{cfg: cfg, c: c, t0: t0, budget: int64(cfg.Playouts), cancelled: ctx.Done()}
	if !cfg.Split {
		r.budget *= int64(n)
	}
	if cfg.Time > 0 {
		r.deadline = t0.Add(cfg.Time)
	}
	for len(s.workers) < n {
		s.workers = append(s.workers, &worker{})
	}
	// The whole arena is reserved (reroot): a slice that grew would move
	// under the other threads. Memory the tree does not reach is never
	// touched.
	s.reserve()
	s.used.Store(int64(len(s.nodes)))
	s.nodes = s.nodes[:s.maxNodes]
	var wg sync.WaitGroup
	for k, w := range s.workers[:n] {
		w.prepare(s, cfg, k)
		wg.Go(func() { s.thread(r, w, k) })
	}
	wg.Wait()
	s.nodes = s.nodes[:s.used.Load()]
	return s.info(int(r.done.Load()), time.Since(t0))
}

// sharedRun is one shared search as its threads see it.
type sharedRun struct {
	cfg       Config
	c         float64
	t0        time.Time
	budget    int64 // all threads' iterations; 0 none
	deadline  time.Time
	cancelled <-chan struct{}
	// claimed counts the iterations the threads took from the budget, done
	// those they ran; stop, once set, ends every thread.
	claimed, done lineCount
	stop          struct {
		_ [cacheLine]byte
		atomic.Bool
		_ [cacheLine - 1]byte
	}
}

// thread runs thread k's iterations, with worker w, until the budget is
// spent (then it ends alone: the others run what they have claimed) or the
// clock, a cancel or a proof ends them all.
func (s *Searcher) thread(r *sharedRun, w *worker, k int) {
	lastReport := r.t0
	left, ran := int64(0), int64(0) // claimed and not run; run and not counted
	defer func() {
		r.done.Add(ran)
		s.flushRoot(w)
	}()
	for i := 1; !r.stop.Load(); i++ {
		if left == 0 {
			left = batch
			if r.budget > 0 {
				from := r.claimed.Add(batch) - batch
				if from >= r.budget {
					return
				}
				left = min(batch, r.budget-from)
			}
			r.done.Add(ran)
			ran = 0
			s.flushRoot(w)
		}
		left--
		select {
		case <-r.cancelled:
			r.stop.Store(true)
			return
		default:
		}
		if i&63 == 0 {
			now := time.Now()
			if !r.deadline.IsZero() && now.After(r.deadline) {
				r.stop.Store(true)
				return
			}
			if k == 0 && r.cfg.Progress != nil && now.Sub(lastReport) > 100*time.Millisecond {
				lastReport = now
				r.cfg.Progress(s.infoShared(int(r.done.Load()+ran), time.Since(r.t0)))
			}
		}
		if !s.iterateShared(w, r.c, r.cfg.Plain) {
			r.stop.Store(true) // solved
			return
		}
		ran++
	}
}

// flushRoot adds w's pending visits and points to the root.
func (s *Searcher) flushRoot(w *worker) {
	nd := &s.nodes[s.root]
	if w.rootVisits > 0 {
		v := atomic.AddInt32(&nd.visits, w.rootVisits)
		storeF32(&nd.rs, float32(1/math.Sqrt(float64(v))))
	}
	if w.rootPoints > 0 {
		addF32(&nd.wins, w.rootPoints)
	}
	w.rootVisits, w.rootPoints = 0, 0
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
// arena has no room for them. Only the thread that marked n busy links it.
func (s *Searcher) link(n int32, kids []child, mover game.Player) bool {
	k := int64(len(kids))
	var first int64
	for {
		first = s.used.Load()
		if first+k > int64(s.maxNodes) {
			return false
		}
		if s.used.CompareAndSwap(first, first+k) {
			break
		}
	}
	p := s.prior
	for j, kid := range kids {
		ch := node{move: kid.move, parent: n, child: -1, mover: mover}
		if p > 0 && len(kids) > 1 {
			ch.prior, ch.visits = uint8(p), int32(p)
			ch.rs = float32(1 / math.Sqrt(float64(p)))
			ch.wins = float32(float64(p) * kid.prior)
		}
		if kid.seen {
			ch.flags, ch.hash = flagSeen, kid.hash
			if kid.res.Over {
				ch.flags |= endFlags(kid.res, mover)
			}
		}
		s.nodes[first+int64(j)] = ch
	}
	nd := &s.nodes[n]
	nd.nchild = int32(k)
	atomic.StoreInt32(&nd.child, int32(first)) // publishes the children
	s.resolveShared(n)
	return true
}

// iterateShared runs one iteration of a shared search for thread w, as iterate
// does for one thread; it reports false, doing nothing, once the root is
// proven.
func (s *Searcher) iterateShared(w *worker, c float64, plain bool) bool {
	st := w.st
	st.CopyFrom(s.rootPos) // nothing writes the root position during a search
	if proofOf(atomic.LoadUint32(&s.nodes[s.root].flags)) != 0 {
		return false
	}
	n := s.root
	w.rootVisits++ // the virtual loss: a visit counted on the way down
	for {
		nd := &s.nodes[n]
		f := atomic.LoadUint32(&nd.flags)
		if f&flagOver != 0 || !plain && proofOf(f) != 0 {
			break
		}
		if atomic.LoadInt32(&nd.child) < 0 {
			// This thread's visit is counted already (the virtual loss; the
			// 1 takes it off): expand on the same visit as one thread would.
			// A leaf another thread is expanding is played out from as it is.
			if f&flagBusy != 0 || n != s.root && atomic.LoadInt32(&nd.visits)-1-int32(nd.prior) < s.expandAt(s.used.Load()) {
				break
			}
			if !atomic.CompareAndSwapUint32(&nd.flags, f, f|flagBusy) {
				break // another thread has it, or it has just changed
			}
			w.read(s, st, plain)
			if len(w.kids) == 0 || !s.link(n, w.kids, w.mover) {
				atomic.AndUint32(&nd.flags, ^flagBusy)
				break // the arena is full (or the game over): play out from the leaf
			}
			// The mark stays: a thread that found the leaf unexpanded a moment
			// ago must not link it again.
			if !plain && proofOf(atomic.LoadUint32(&nd.flags)) != 0 {
				break
			}
		}
		n = s.selectShared(w, n, c, plain)
		s.visitShared(n)
		st.Apply(s.nodes[n].move)
		s.seeShared(n, st, plain)
	}
	f := atomic.LoadUint32(&s.nodes[n].flags)
	var winner game.Player
	switch {
	case f&flagOver != 0 || !plain && proofOf(f) != 0:
		winner = outcomeOf(f, s.nodes[n].mover)
	default:
		// Another thread may have claimed the first look at this node and not
		// yet marked its end: the state says it.
		if r := st.Result(); r.Over {
			winner = r.Winner
		} else {
			winner = w.playout(st)
		}
	}
	s.backupShared(w, n, winner, plain)
	return true
}

// visitShared counts a visit of n.
func (s *Searcher) visitShared(n int32) {
	nd := &s.nodes[n]
	v := atomic.AddInt32(&nd.visits, 1)
	storeF32(&nd.rs, float32(1/math.Sqrt(float64(v))))
}

// seeShared is see for a shared search: the thread that first marks n seen
// records its hash (read only after the search) and its end.
func (s *Searcher) seeShared(n int32, pos game.State, plain bool) {
	nd := &s.nodes[n]
	for {
		f := atomic.LoadUint32(&nd.flags)
		if f&flagSeen != 0 {
			return
		}
		if atomic.CompareAndSwapUint32(&nd.flags, f, f|flagSeen) {
			break
		}
	}
	nd.hash = pos.Hash()
	r := pos.Result()
	if !r.Over {
		return
	}
	bits := endFlags(r, nd.mover)
	atomic.OrUint32(&nd.flags, bits)
	if !plain && bits != flagOver {
		s.resolveShared(nd.parent)
	}
}

// setProofShared proves nd with flag p unless it is proven already.
func setProofShared(nd *node, p uint32) {
	for {
		f := atomic.LoadUint32(&nd.flags)
		if proofOf(f) != 0 || atomic.CompareAndSwapUint32(&nd.flags, f, f|p) {
			return
		}
	}
}

// resolveShared is resolve for a shared search.
func (s *Searcher) resolveShared(n int32) {
	if n < 0 {
		return
	}
	nd := &s.nodes[n]
	first := atomic.LoadInt32(&nd.child)
	if first < 0 || proofOf(atomic.LoadUint32(&nd.flags)) != 0 {
		return
	}
	allLost := true
	for i := first; i < first+nd.nchild; i++ {
		f := atomic.LoadUint32(&s.nodes[i].flags)
		if f&flagWin != 0 {
			setProofShared(nd, flagLoss)
			return
		}
		if f&flagLoss == 0 {
			allLost = false
		}
	}
	if allLost {
		setProofShared(nd, flagWin)
	}
}

// selectShared is selectChild for a shared search, with thread w's own
// random numbers and, at the root, its visits not yet added there.
func (s *Searcher) selectShared(w *worker, n int32, c float64, plain bool) int32 {
	nd := &s.nodes[n]
	first := atomic.LoadInt32(&nd.child)
	visits := atomic.LoadInt32(&nd.visits)
	if n == s.root {
		visits += w.rootVisits
	}
	cs := c * math.Sqrt(math.Log(float64(visits+1)))
	rng := &w.rng
	best, bestScore := first, math.Inf(-1)
	for i := first; i < first+nd.nchild; i++ {
		ch := &s.nodes[i]
		f := atomic.LoadUint32(&ch.flags)
		visits := atomic.LoadInt32(&ch.visits)
		var score float64
		switch {
		case !plain && f&flagWin != 0:
			return i
		case !plain && f&flagLoss != 0:
			score = -1 + float64(visits)*1e-9 // only when all else is lost
		case visits == 0:
			score = 1e6 + float64(rng.Intn(1000))
		default:
			rs := float64(loadF32(&ch.rs))
			q := float64(loadF32(&ch.wins)) * rs * rs
			score = q + cs*rs
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// backupShared adds one playout's result to the path from n to the root, whose
// visits are counted already (the virtual loss), and propagates proofs; the root's visit and points wait in w (flushRoot).
func (s *Searcher) backupShared(w *worker, n int32, winner game.Player, plain bool) {
	for n >= 0 {
		nd := &s.nodes[n]
		if n == s.root {
			w.rootPoints += points(winner, nd.mover)
			break // the root has no parent to resolve
		}
		if p := points(winner, nd.mover); p > 0 {
			addF32(&nd.wins, p)
		}
		if !plain && proofOf(atomic.LoadUint32(&nd.flags)) != 0 {
			s.resolveShared(nd.parent)
		}
		n = nd.parent
	}
}

// snapshot is node i as a shared search's report reads it: the statistics
// loaded atomically, the fields set before it was linked read as they are.
func (s *Searcher) snapshot(i int32) node {
	nd := &s.nodes[i]
	sn := node{
		move:   nd.move,
		parent: nd.parent,
		mover:  nd.mover,
		prior:  nd.prior,
		child:  atomic.LoadInt32(&nd.child),
		visits: atomic.LoadInt32(&nd.visits),
		wins:   loadF32(&nd.wins),
		flags:  atomic.LoadUint32(&nd.flags),
	}
	if sn.child >= 0 {
		sn.nchild = nd.nchild
	}
	return sn
}

// infoShared is info while the threads of a shared search run.
func (s *Searcher) infoShared(playouts int, el time.Duration) Info {
	root := s.snapshot(s.root)
	kids := make([]node, root.nchild)
	for j := range kids {
		kids[j] = s.snapshot(root.child + int32(j))
	}
	line := func(j int, dst []game.Move) []game.Move {
		for n := root.child + int32(j); n >= 0 && len(dst) < cap(dst); {
			sn := s.snapshot(n)
			dst = append(dst, sn.move)
			if sn.visits-int32(sn.prior) < 2 || sn.child < 0 {
				break
			}
			best, bestKey := int32(-1), math.Inf(-1)
			for i := sn.child; i < sn.child+sn.nchild; i++ {
				c := s.snapshot(i)
				if key := playKey(&c); key > bestKey {
					best, bestKey = i, key
				}
			}
			n = best
		}
		return dst
	}
	inf := summarize(&root, kids, 1, line)
	inf.Playouts, inf.Nodes, inf.Elapsed = playouts, int(s.used.Load()), el
	return inf
}

// The float statistics are changed atomically through their bits.
func loadF32(p *float32) float32 {
	return math.Float32frombits(atomic.LoadUint32((*uint32)(unsafe.Pointer(p))))
}

func storeF32(p *float32, v float32) {
	atomic.StoreUint32((*uint32)(unsafe.Pointer(p)), math.Float32bits(v))
}

func addF32(p *float32, d float32) {
	u := (*uint32)(unsafe.Pointer(p))
	for {
		old := atomic.LoadUint32(u)
		if atomic.CompareAndSwapUint32(u, old, math.Float32bits(math.Float32frombits(old)+d)) {
			return
		}
	}
}
