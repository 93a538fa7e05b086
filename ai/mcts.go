// Package ai plays the three games through the game.State interface: Monte Carlo
// tree search with solver backups, decisive and anti-decisive move checks, tree
// reuse, per-game knowledge as prior values of new children and (Abande) a heavier
// playout policy (knowledge.go), levels defined by playout budgets, and a worker
// that searches on its own goroutine. Measurements are in README.md here.
package ai

import (
	"context"
	"math"
	"sync/atomic"
	"time"

	"trihex/ai/knowledge"
	"trihex/game"
)

// node is one position of the search tree, kept in an arena (a slice) and linked by
// indices so that iterations do not allocate. Its statistics are seen from the
// player who made move, the move that leads here.
type node struct {
	move   game.Move
	hash   uint64
	parent int32
	child  int32 // first child; children are contiguous; -1 until expanded
	nchild int32
	visits int32
	rs     float32 // 1/√visits, kept by backup so that selection needs no square roots
	// wins counts 1 per win, 0.5 per draw, for mover: exact in a float32 up to 8
	// million playouts, far above any level's budget; it keeps the node at 64 bytes.
	wins float32
	_    [8]byte // pads the node to 64 bytes, a cache line
	// flags: the proof, whether the game is over here and whether that is
	// known yet; one word, so that a shared search (shared.go) reads and sets
	// them atomically.
	flags uint32
	mover game.Player
	prior uint8 // virtual playouts from the per-game prior, included in visits
}

const (
	provenWin  = 1
	provenLoss = -1
)

const (
	flagWin  uint32 = 1 << iota // proven: mover wins by force
	flagLoss                    // proven: mover loses by force
	flagOver                    // the game is over at this node
	flagSeen                    // hash and over are known
	flagBusy                    // a thread of a shared search has taken it to expand
)

// proofOf reads the proof in flags: +1 mover wins by force, −1 mover loses by
// force, 0 unknown.
func proofOf(f uint32) int8 {
	switch {
	case f&flagWin != 0:
		return provenWin
	case f&flagLoss != 0:
		return provenLoss
	}
	return 0
}

// proofFlag is the flag for proof p.
func proofFlag(p int8) uint32 {
	switch p {
	case provenWin:
		return flagWin
	case provenLoss:
		return flagLoss
	}
	return 0
}

func (nd *node) proof() int8     { return proofOf(nd.flags) }
func (nd *node) over() bool      { return nd.flags&flagOver != 0 }
func (nd *node) setProof(p int8) { nd.flags = nd.flags&^(flagWin|flagLoss) | proofFlag(p) }

// Config sets one search.
type Config struct {
	Playouts int           // iteration budget; 0 means only the time cap counts
	Time     time.Duration // wall-clock cap; 0 means none
	// Exploration is the UCT constant; 0 picks the default.
	Exploration float64
	// Plain turns off everything but UCT with uniform playouts: no solver, no
	// decisive-move checks. It is the baseline the levels are measured against.
	Plain bool
	// Prior is the number of virtual playouts with which a new child starts, at
	// the value the game's knowledge gives its move (knowledge.Knower.Prior);
	// 0 turns priors off.
	Prior int
	// Heavy selects the playout policy where the game's knowledge has one
	// (knowledge.Options.Heavy): 0 uniform (the game's own fast playout); k > 0
	// the game's heavy policy (ai/abande, ai/attangle, ai/andantino say what
	// k means there); AutoHeavy each game's measured best for levels 1–4,
	// TopHeavy level 5's.
	Heavy int
	Seed  uint64
	// Threads is how many goroutines search at once (parallel.go); 0 or 1 is
	// one. Each spends the whole playout budget, so that a level, defined by
	// its budget, is the same or stronger on any machine; more threads search
	// more within the same time cap, unless Split.
	Threads int
	// Split divides the playout budget among the threads: the same search,
	// answered sooner.
	Split bool
	// Roots has each thread grow its own tree (root parallelism,
	// parallel.go: repeatable at a fixed budget) instead of all of them one
	// (tree parallelism, shared.go: stronger in the same time).
	Roots bool
	// counter, when set, is added the iterations as they go: a parallel
	// search's total for its reports.
	counter *atomic.Int64
	// Progress, when set, is called about ten times a second from the searching
	// goroutine with the current best line.
	Progress func(Info)
}

// Info describes the state of a search.
type Info struct {
	Move     game.Move   // the move the search would play now
	Value    float64     // estimated chance that the side to move wins (draw = ½) by playing Move
	Proven   int         // +1 the side to move wins by force, −1 loses, 0 unknown
	Playouts int         // iterations so far in this search
	Nodes    int         // size of the tree; nodes searched by alpha-beta
	Depth    int         // alpha-beta: the last depth searched in full; 0 for Monte Carlo
	PV       []game.Move // principal variation, starting with Move
	Elapsed  time.Duration
	// Mean is the position's value for the side to move: Monte Carlo's mean
	// result over the playouts through the root (exact when proven), which,
	// unlike the best move's Value, a small search does not inflate for the side
	// to move; alpha-beta's Value. Analysis compares positions by it.
	Mean float64
	// Top lists the best root moves, best first, Top[0] being Move (empty when
	// the game is over): up to TopMoves from the Monte Carlo search (the root's
	// children by visits); from alpha-beta the best move only, unless
	// ABConfig.MultiPV asks for more. Its slices are shared with the search's
	// reports: read them, do not change them.
	Top []MoveInfo
}

// TopMoves is the most root moves Info.Top lists: the analysis board shows three.
const TopMoves = 3

// MoveInfo is one root move as the search sees it.
type MoveInfo struct {
	Move   game.Move
	Value  float64 // estimated chance that the side to move wins by playing Move
	Proven int     // +1 Move wins by force, −1 it loses by force, 0 unknown
	Visits int     // Monte Carlo: playouts through Move (priors not counted); 0 for alpha-beta
	Depth  int     // alpha-beta: the depth at which Move was scored; 0 for Monte Carlo
	PV     []game.Move
}

// pvMax is the longest principal variation reported.
const pvMax = 12

// Searcher runs searches and keeps its tree between them, so that the next search
// starts from what the last one learned about the position that came up.
type Searcher struct {
	// nodes is the tree's arena, reserved whole (capacity maxNodes) in mem
	// on first use, so that it never moves or grows: a tree that grew by
	// append copied itself again at every step and touched five times its
	// size, most of a one-thread search's time (ai/README.md, "Threads and
	// memory"). Pages the tree never reaches are never touched.
	nodes    []node
	mem      *region
	idle     idle // Release waits for a running search
	root     int32
	rootPos  game.State
	scratch  game.State
	probeSt  game.State
	moves    []game.Move
	rng      game.Rand
	maxNodes int
	helpers  []*Searcher // the other threads' searchers (parallel.go)
	used     *lineCount  // the arena's nodes in use during a shared search (shared.go)
	workers  []*worker   // their own states, random numbers and playouts
	prior    int         // Config.Prior of the running search
	// know is the game's knowledge in this search (nil: none, or Plain);
	// knower is the one made for knowOf with knowOpts, kept while they stay.
	know     knowledge.Knower
	knower   knowledge.Knower
	knowOf   knowledge.Game
	knowOpts knowledge.Options
}

// NewSearcher returns a searcher whose tree holds at most maxNodes nodes (0 picks a
// default of a few million, about 64 bytes each).
func NewSearcher(maxNodes int) *Searcher {
	if maxNodes <= 0 {
		maxNodes = 4 << 20
	}
	return &Searcher{maxNodes: maxNodes, used: new(lineCount)}
}

// Search looks for the best move for the side to move in pos, within cfg's budget,
// until ctx is cancelled. pos is not changed. When the game is over the returned
// Info has a zero Move.
func (s *Searcher) Search(ctx context.Context, pos game.State, cfg Config) Info {
	s.idle.enter()
	defer s.idle.leave()
	if cfg.Threads > 1 && cfg.Roots {
		return s.parallel(ctx, pos, cfg)
	}
	t0 := time.Now()
	c, over := s.begin(pos, cfg)
	if over {
		return Info{Elapsed: time.Since(t0)}
	}
	if cfg.Threads > 1 {
		return s.shared(ctx, cfg, c, t0)
	}
	var deadline time.Time
	if cfg.Time > 0 {
		deadline = t0.Add(cfg.Time)
	}
	lastReport := t0
	done := 0
	cancelled := ctx.Done()
	for {
		if cfg.Playouts > 0 && done >= cfg.Playouts {
			break
		}
		// Cancellation is looked at every iteration (a channel poll costs a few
		// nanoseconds against microseconds per playout) so that a loaded machine
		// still answers within milliseconds; the clock only every 64.
		select {
		case <-cancelled:
			return s.info(done, time.Since(t0))
		default:
		}
		if done&63 == 0 && done > 0 {
			if cfg.counter != nil {
				cfg.counter.Add(64)
			}
			now := time.Now()
			if !deadline.IsZero() && now.After(deadline) {
				break
			}
			if cfg.Progress != nil && now.Sub(lastReport) > 100*time.Millisecond {
				lastReport = now
				cfg.Progress(s.info(done, time.Since(t0)))
			}
		}
		if s.nodes[s.root].proof() != 0 {
			break // solved: more playouts cannot change the answer
		}
		s.iterate(c, cfg.Plain)
		done++
	}
	return s.info(done, time.Since(t0))
}

// begin prepares a search of pos: the knowledge, the tree rerooted at pos and
// its root expanded. It returns the exploration constant, and over when the
// game is over at pos.
func (s *Searcher) begin(pos game.State, cfg Config) (c float64, over bool) {
	s.rng.Seed(cfg.Seed ^ pos.Hash())
	s.prior, s.know = 0, nil
	if g := knowledge.Of(pos.Info()); g != nil && !cfg.Plain {
		s.prior = min(cfg.Prior, 255)
		o := knowledge.Options{Heavy: cfg.Heavy}
		if g != s.knowOf || o != s.knowOpts || s.knower == nil {
			s.knower, s.knowOf, s.knowOpts = g.NewKnower(o), g, o
		}
		s.know = s.knower
	}
	c = cfg.Exploration
	if c == 0 {
		c = 0.9
	}
	s.reroot(pos)
	if s.nodes[s.root].over() {
		return c, true
	}
	// Expanded at once, so that even a search cancelled before its first playout
	// answers with a legal move.
	if s.nodes[s.root].child < 0 && !s.expand(s.root, pos, cfg.Plain) {
		s.nodes = s.nodes[:1]
		s.nodes[0].child = -1
		s.maxNodes = max(s.maxNodes, 1<<12)
		s.reserve()
		s.expand(s.root, pos, cfg.Plain)
	}
	return c, false
}

// reroot makes pos the root, keeping the subtree of the old tree that starts at pos
// when pos is the old root or lies one or two moves below it.
func (s *Searcher) reroot(pos game.State) {
	if s.rootPos == nil || s.rootPos.Info() != pos.Info() || s.rootPos.Options().String() != pos.Options().String() {
		s.rootPos = pos.Clone()
		s.scratch = pos.Clone()
		s.nodes = s.nodes[:0]
	} else {
		keep := int32(-1)
		h := pos.Hash()
		if len(s.nodes) > 0 && s.rootPos.Ply() <= pos.Ply() && pos.Ply() <= s.rootPos.Ply()+2 {
			keep = s.find(s.root, h, pos.Ply()-s.rootPos.Ply())
		}
		s.rootPos.CopyFrom(pos)
		if keep == s.root && s.root == 0 {
			return // the same position again (a hint, an undone move): nothing to drop
		}
		if keep >= 0 {
			s.compact(keep)
			return
		}
		s.nodes = s.nodes[:0]
	}
	if s.nodes == nil {
		s.reserve()
	}
	s.nodes = append(s.nodes, node{hash: pos.Hash(), parent: -1, child: -1, mover: pos.ToMove().Other(), flags: flagSeen})
	s.root = 0
	s.markOver(0, pos)
}

// find returns the node depth moves below n whose position hash is h, or −1.
func (s *Searcher) find(n int32, h uint64, depth int) int32 {
	if depth == 0 {
		if s.nodes[n].hash == h {
			return n
		}
		return -1
	}
	nd := &s.nodes[n]
	for i := nd.child; i >= 0 && i < nd.child+nd.nchild; i++ {
		if f := s.find(i, h, depth-1); f >= 0 {
			return f
		}
	}
	return -1
}

// reserve gives the arena its whole capacity, maxNodes, keeping the nodes it
// holds.
func (s *Searcher) reserve() {
	if s.nodes != nil && cap(s.nodes) >= s.maxNodes {
		return
	}
	mem, nodes := newNodes(s.maxNodes)
	s.nodes = append(nodes, s.nodes...)
	s.mem.free()
	s.mem = mem
}

// Release gives back the memory of e's trees and tables (an engine keeps
// them between moves); a search running on e gives it back when it ends. The
// engine stays usable: its next search starts afresh. The window releases an
// engine when its game ends or it is replaced.
func Release(e Engine) {
	switch e := e.(type) {
	case *mcts:
		e.s.release()
	case *abEngine:
		o := e
		for o.owner != nil {
			o = o.owner
		}
		if o.ab != nil {
			o.ab.release()
		}
		e.fallback.s.release()
	case interface{ Close() error }:
		e.Close() // an external engine: its process ends
	}
}

// release gives back the memory of s's tree and of its helpers' (parallel.go).
func (s *Searcher) release() {
	s.idle.release(func() {
		s.mem.free()
		s.mem, s.nodes, s.rootPos = nil, nil, nil
		for _, h := range s.helpers {
			h.release()
		}
	})
}

// compact moves the subtree at keep to the front of the arena and makes it
// the root. The subtree is copied to a block of its own and back, so that one
// arena holds the tree from move to move: with two taking turns, an engine
// held twice its largest tree in memory.
func (s *Searcher) compact(keep int32) {
	old := s.nodes
	tmp, fresh := newNodes(len(old) - int(keep))
	defer tmp.free()
	fresh = append(fresh, old[keep])
	fresh[0].parent = -1
	// Breadth-first, copying each node's children as one block so they stay
	// contiguous.
	for i := 0; i < len(fresh); i++ {
		nd := fresh[i]
		if nd.child < 0 {
			continue
		}
		first := int32(len(fresh))
		for j := nd.child; j < nd.child+nd.nchild; j++ {
			c := old[j]
			c.parent = int32(i)
			fresh = append(fresh, c)
		}
		fresh[i].child = first
	}
	s.nodes = old[:copy(old, fresh)]
	s.root = 0
}

func (s *Searcher) markOver(n int32, pos game.State) {
	r := pos.Result()
	if !r.Over {
		return
	}
	nd := &s.nodes[n]
	nd.flags |= endFlags(r, nd.mover)
}

// endFlags are the flags of a node whose mover is mover where the game has
// ended with r: over, and proven for the winner.
func endFlags(r game.Result, mover game.Player) uint32 {
	switch r.Winner {
	case mover:
		return flagOver | flagWin
	case mover.Other():
		return flagOver | flagLoss
	}
	return flagOver
}

// expandAt is the number of real visits after which a leaf is expanded (on the
// next one): 1, so a leaf is expanded on its second visit (most leaves are visited
// once, and a playout is cheaper than generating their moves), and later once the
// arena is half full, so that a long search in a game with hundreds of moves
// (Attangle) keeps growing where it matters instead of filling up. used is the
// arena's nodes in use (a shared search counts them apart from the slice).
func (s *Searcher) expandAt(used int64) int32 {
	if used > int64(s.maxNodes/2) {
		return 8
	}
	return 1
}

// iterate runs one selection, expansion, playout and backup. When the arena is full
// it stops growing the tree but goes on with playouts from its leaves.
func (s *Searcher) iterate(c float64, plain bool) {
	st := s.scratch
	st.CopyFrom(s.rootPos)
	n := s.root
	for {
		nd := &s.nodes[n]
		if nd.over() || !plain && nd.proof() != 0 {
			break
		}
		if nd.child < 0 {
			if n != s.root && nd.visits-int32(nd.prior) < s.expandAt(int64(len(s.nodes))) {
				break
			}
			if !s.expand(n, st, plain) {
				break // the arena is full: play out from the leaf
			}
			if !plain && s.nodes[n].proof() != 0 {
				break
			}
		}
		n = s.selectChild(n, c, plain)
		st.Apply(s.nodes[n].move)
		s.see(n, st, plain)
	}
	nd := &s.nodes[n]
	winner := game.NoPlayer
	if nd.over() || !plain && nd.proof() != 0 {
		winner = outcome(nd)
	} else {
		winner = s.playout(st)
	}
	s.backup(n, winner, plain)
}

// playout plays st to its end with the game's policy, or uniformly.
func (s *Searcher) playout(st game.State) game.Player { return playWith(s.know, st, &s.rng) }

// playWith plays st to its end with k's policy, or uniformly when k is nil.
func playWith(k knowledge.Knower, st game.State, r *game.Rand) game.Player {
	if k == nil {
		return st.RandomPlayout(r).Winner
	}
	return k.Playout(st, r).Winner
}

// points is what a playout won by winner (NoPlayer: drawn) is worth to mover.
func points(winner, mover game.Player) float32 {
	switch winner {
	case mover:
		return 1
	case game.NoPlayer:
		return 0.5
	}
	return 0
}

// outcome is the winner at a finished or proven node.
func outcome(nd *node) game.Player { return outcomeOf(nd.flags, nd.mover) }

// outcomeOf is the winner at a finished or proven node with flags f whose
// mover is mover.
func outcomeOf(f uint32, mover game.Player) game.Player {
	switch proofOf(f) {
	case provenWin:
		return mover
	case provenLoss:
		return mover.Other()
	}
	return game.NoPlayer
}

// probeLimit bounds the number of moves for which expand plays every move ahead to
// find the ones that end the game. Above it (Attangle's openings, with a thousand
// moves that cannot end anything) each child is looked at when first visited.
const probeLimit = 96

// expand adds the children of n. Unless plain, and when there are not too many, it
// plays each move on a copy to see whether it ends the game, so that an immediate
// win is known at once (decisive move) and a position where the opponent has one is
// recognised as lost one level up (anti-decisive move), through the solver.
func (s *Searcher) expand(n int32, st game.State, plain bool) bool {
	s.moves = st.LegalMoves(s.moves[:0])
	if len(s.nodes)+len(s.moves) > s.maxNodes {
		return false
	}
	first := int32(len(s.nodes))
	mover := st.ToMove()
	for _, m := range s.moves {
		s.nodes = append(s.nodes, node{move: m, parent: n, child: -1, mover: mover})
	}
	s.nodes[n].child = first
	s.nodes[n].nchild = int32(len(s.moves))
	if p := s.prior; p > 0 && len(s.moves) > 1 {
		s.know.Prepare(st)
		for i := first; i < first+int32(len(s.moves)); i++ {
			ch := &s.nodes[i]
			ch.prior = uint8(p)
			ch.visits = int32(p)
			ch.rs = float32(1 / math.Sqrt(float64(p)))
			ch.wins = float32(float64(p) * s.know.Prior(st, ch.move))
		}
	}
	if plain || len(s.moves) > probeLimit {
		return true
	}
	if s.probeSt == nil || s.probeSt.Info() != st.Info() {
		s.probeSt = st.Clone()
	}
	for i := first; i < first+int32(len(s.moves)); i++ {
		s.probeSt.CopyFrom(st)
		s.probeSt.Apply(s.nodes[i].move)
		s.see(i, s.probeSt, plain)
		if s.nodes[n].proof() != 0 {
			break // a winning reply: n is lost, the rest does not matter
		}
	}
	return true
}

// see records, the first time node n's position is at hand, its hash (for tree
// reuse) and whether the game is over there, and lets a decided end settle n's
// parent.
func (s *Searcher) see(n int32, pos game.State, plain bool) {
	nd := &s.nodes[n]
	if nd.flags&flagSeen != 0 {
		return
	}
	nd.flags |= flagSeen
	nd.hash = pos.Hash()
	s.markOver(n, pos)
	if !plain && nd.proof() != 0 {
		s.resolve(nd.parent)
	}
}

// resolve sets n's proof from its children when they settle it: a child that wins
// for its mover loses n for n's mover; when every child loses for its mover, n
// wins.
func (s *Searcher) resolve(n int32) {
	if n < 0 {
		return
	}
	nd := &s.nodes[n]
	if nd.child < 0 || nd.proof() != 0 {
		return
	}
	allLost := true
	for i := nd.child; i < nd.child+nd.nchild; i++ {
		switch s.nodes[i].proof() {
		case provenWin:
			nd.setProof(provenLoss)
			return
		case 0:
			allLost = false
		}
	}
	if allLost {
		nd.setProof(provenWin)
	}
}

// selectChild picks n's child by UCT, preferring a proven win and avoiding proven
// losses while anything else is left.
func (s *Searcher) selectChild(n int32, c float64, plain bool) int32 {
	nd := &s.nodes[n]
	cs := c * math.Sqrt(math.Log(float64(nd.visits+1)))
	best, bestScore := nd.child, math.Inf(-1)
	for i := nd.child; i < nd.child+nd.nchild; i++ {
		ch := &s.nodes[i]
		var score float64
		switch {
		case !plain && ch.flags&flagWin != 0:
			return i
		case !plain && ch.flags&flagLoss != 0:
			score = -1 + float64(ch.visits)*1e-9 // only when all else is lost
		case ch.visits == 0:
			// Unvisited children first, in order; a little noise breaks ties so that
			// move-generation order does not bias the search.
			score = 1e6 + float64(s.rng.Intn(1000))
		default:
			rs := float64(ch.rs)
			q := float64(ch.wins) * rs * rs
			score = q + cs*rs
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// backup adds one playout's result to the path from n to the root and propagates
// proofs.
func (s *Searcher) backup(n int32, winner game.Player, plain bool) {
	for i := n; i >= 0; i = s.nodes[i].parent {
		s.visit(i)
	}
	s.backupResult(n, winner, plain)
}

// visit counts a visit of n.
func (s *Searcher) visit(n int32) {
	nd := &s.nodes[n]
	nd.visits++
	nd.rs = float32(1 / math.Sqrt(float64(nd.visits)))
}

// backupResult adds one playout's result to the path from n to the root, whose
// visits are counted already, and propagates proofs.
func (s *Searcher) backupResult(n int32, winner game.Player, plain bool) {
	for n >= 0 {
		nd := &s.nodes[n]
		nd.wins += points(winner, nd.mover)
		// Only a proven child can settle its parent.
		if !plain && nd.proof() != 0 {
			s.resolve(nd.parent)
		}
		n = nd.parent
	}
}

// bestChild is the move to play: a proven win, else the most visited child that is
// not a proven loss, else (all lost) the most visited.
func (s *Searcher) bestChild(n int32) int32 {
	nd := &s.nodes[n]
	best, bestKey := int32(-1), math.Inf(-1)
	for i := nd.child; i >= 0 && i < nd.child+nd.nchild; i++ {
		if key := playKey(&s.nodes[i]); key > bestKey {
			best, bestKey = i, key
		}
	}
	return best
}

// playKey orders children for play (bestChild): proven wins, then by visits with
// wins breaking ties, proven losses last.
func playKey(ch *node) float64 {
	key := float64(ch.visits) + float64(ch.wins)*1e-6
	switch ch.proof() {
	case provenWin:
		key += 1e12
	case provenLoss:
		key -= 1e12
	}
	return key
}

// topChildren puts the indices of the best of kids (a root's children) in top,
// best first as bestChild orders them, and returns how many: the first always,
// the others only once a playout has gone through them or they are proven (an
// unvisited child's value is its prior's guess). Each child's visits include
// trees times its prior's virtual playouts.
func topChildren(kids []node, trees int32, top *[TopMoves]int32) int {
	var keys [TopMoves]float64
	k := 0
	for i := range kids {
		key := playKey(&kids[i])
		j := k
		for j > 0 && keys[j-1] < key {
			j--
		}
		if j == TopMoves {
			continue
		}
		k = min(k+1, TopMoves)
		copy(top[j+1:k], top[j:k-1])
		copy(keys[j+1:k], keys[j:k-1])
		top[j], keys[j] = int32(i), key
	}
	n := min(k, 1)
	for n < k {
		ch := &kids[top[n]]
		if ch.visits == int32(ch.prior)*trees && ch.proof() == 0 {
			break
		}
		n++
	}
	return n
}

// children returns n's children as a slice of the arena.
func (s *Searcher) children(n int32) []node {
	nd := &s.nodes[n]
	if nd.child < 0 {
		return nil
	}
	return s.nodes[nd.child : nd.child+nd.nchild]
}

// line appends to dst the principal variation from the root's child j.
func (s *Searcher) line(j int, dst []game.Move) []game.Move {
	for n := s.nodes[s.root].child + int32(j); n >= 0 && len(dst) < cap(dst); n = s.bestChild(n) {
		dst = append(dst, s.nodes[n].move)
		if s.nodes[n].visits-int32(s.nodes[n].prior) < 2 {
			break
		}
	}
	return dst
}

// info reports the search: it allocates (the lines), so it runs at progress
// intervals and at the end, never per iteration.
func (s *Searcher) info(playouts int, el time.Duration) Info {
	inf := summarize(&s.nodes[s.root], s.children(s.root), 1, s.line)
	inf.Playouts, inf.Nodes, inf.Elapsed = playouts, len(s.nodes), el
	return inf
}

// summarize builds an Info from a root and its children (one tree's, or the
// sums of trees' trees in a parallel search); line gives the principal
// variation through child j.
func summarize(root *node, kids []node, trees int32, line func(j int, dst []game.Move) []game.Move) Info {
	inf := Info{Value: 0.5, Mean: 0.5}
	if root.visits > 0 {
		inf.Mean = 1 - float64(root.wins)/float64(root.visits) // root.wins are its mover's
	}
	var top [TopMoves]int32
	k := topChildren(kids, trees, &top)
	if k == 0 {
		return inf
	}
	// One block holds every line, each capped so that appending to one cannot
	// overwrite the next.
	buf := make([]game.Move, k*pvMax)
	inf.Top = make([]MoveInfo, k)
	for j, c := range top[:k] {
		ch := &kids[c]
		mi := &inf.Top[j]
		mi.Move, mi.Visits, mi.Value = ch.move, int(ch.visits)-int(ch.prior)*int(trees), 0.5
		switch ch.proof() {
		case provenWin:
			mi.Proven, mi.Value = 1, 1
		case provenLoss:
			mi.Proven, mi.Value = -1, 0
		default:
			if ch.visits > 0 {
				mi.Value = float64(ch.wins) / float64(ch.visits)
			}
		}
		mi.PV = line(int(c), buf[j*pvMax:j*pvMax:(j+1)*pvMax])
	}
	best := &inf.Top[0]
	inf.Move, inf.PV = best.Move, best.PV
	switch root.proof() {
	case provenWin: // the player who moved into the root wins: we lose
		inf.Proven, inf.Value, inf.Mean = -1, 0, 0
	case provenLoss:
		inf.Proven, inf.Value, inf.Mean = 1, 1, 1
	default:
		inf.Value = best.Value
	}
	return inf
}
