package ai

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
	"time"
	"unsafe"

	"trihex/ai/knowledge"
	"trihex/game"
)

// Alpha-beta search, for games whose knowledge has a static evaluation
// (knowledge.Position): today Andantino's placement game. Andantino is a game
// of lines like gomoku: a handful of cells decide it, and sequences of forcing
// moves (make a four, the opponent must fill its cell) run deep. Random
// playouts read those badly; a negamax search with a window evaluation
// (Assess), an extension for forced replies (Assessment.Blocks), iterative
// deepening, a transposition table and killer and history move ordering reads
// them exactly as far as it looks. Traps are read the same way: the evaluation
// names the cells that close one, a move that leaves such a cell forces its
// filling, and the quiescence reads those moves as it reads fours (a wall
// grown one forced move at a time).
//
// Where the game has no evaluation (Abande, Attangle, Andantino's adjacency
// or continuation variant) the engine hands the move to the Monte Carlo search
// it carries.

const (
	abWin    = 1_000_000 // a won position at the root; minus the plies to the win
	abMaxPly = 64
	abTTBits = 21
)

// abEntry is a transposition table slot.
type abEntry struct {
	key   uint64
	move  game.Move
	score int32
	depth int8
	bound uint8 // abExact, abLower (the true value is at least score), abUpper (at most)
	gen   uint8 // the search that stored it: an older search's deep entry may go
}

const (
	abExact = iota + 1
	abLower
	abUpper
)

// ABConfig sets one alpha-beta search.
type ABConfig struct {
	Nodes    int           // node budget; 0 means only the time cap counts
	Time     time.Duration // wall-clock cap; 0 means none
	Progress func(Info)
	// NoQuiesce turns off the threat quiescence: reading, at the leaves, the side
	// to move's moves that make a four before trusting the evaluation. It is on
	// everywhere but in experiments (arena setting q=0).
	NoQuiesce bool
	// Defend is how many times the searching side weighs the opponent's windows
	// against its own; 0 means defaultDefend.
	Defend float64
	// Phase spends the budget by game phase (phaseFactor times the node budget
	// or, without one, the time): most in the opening, where Andantino is
	// decided, least in the endgame.
	Phase bool
	// Book plays the position's opening book move where it has one
	// (knowledge.Book; arena bk=1).
	Book bool
	// MultiPV, when above 1, scores that many root moves exactly (up to
	// TopMoves) for Info.Top: the root searches each move against the
	// MultiPV-th best score so far instead of the best, which costs depth, so
	// only analysis asks for it.
	MultiPV int
	// Threads is how many goroutines search at once (lazy SMP, parallel.go);
	// 0 or 1 is one. Each has the whole node budget, unless Split.
	Threads int
	// Split divides the node budget among the threads: about the same search,
	// answered sooner.
	Split bool
	// Depth, when above 0, ends the search once an iteration of that depth is
	// complete (by any thread): the budget of a benchmark that compares
	// searches by the work they need to reach a depth.
	Depth int
}

// phases are the budget factors of ABConfig.Phase from each ply on. Level 5's
// games against plain UCT are lost as Red between plies 9 and 29 (a search of
// 10 s a move finds the loss by then) and hardly ever decided after; over a game
// of 48 plies the factors average about 1.05. Twice the budget before ply 20
// and the plain one to ply 26 (0.35 after) did worse: 1-12-7 as Red in 20 games,
// the losses decided around plies 25-27.
var phases = [...]struct {
	from int
	f    float64
}{{0, 1.6}, {26, 0.4}}

// phaseFactor is the budget factor at ply.
func phaseFactor(ply int) float64 {
	f := phases[0].f
	for _, p := range phases {
		if ply >= p.from {
			f = p.f
		}
	}
	return f
}

// defaultDefend: a side that counts the opponent's windows twice blocks early.
// As Red against plain UCT at 0.25 s a move it scored 0.469 over 80 games
// against 0.319 with the symmetric evaluation (ai/README.md); as White it still
// won every game.
const defaultDefend = 2

// abSearcher holds the alpha-beta search's memory, reused between moves.
type abSearcher struct {
	st      [abMaxPly + 2]knowledge.Position
	moves   [abMaxPly + 1][]game.Move
	scores  [abMaxPly + 1][]int32
	blocks  [abMaxPly + 1][]game.Move
	killers [abMaxPly + 1][2]game.Move
	history [1 << 12]int32
	tt      *abTable // shared with the helpers; nil once released
	idle    idle     // Release waits for a running search

	nodes     int
	budget    int
	gen       uint8 // counts searches, for the table's replacement
	quiesce   bool
	weight    [2]int32 // eighths: each side's windows' weight in the evaluation
	salt      uint64   // mixed into table keys: scores under other weights differ
	deadline  time.Time
	cancelled <-chan struct{}
	halt      *atomic.Bool  // set when a parallel search's first thread is done
	count     *atomic.Int64 // a parallel search's nodes, all threads, in steps of 256
	helpers   []*abSearcher
	shared    bool // other threads use the table in this search
	stop      bool
	rootBest  game.Move // best move so far in this iteration
	prevBest  game.Move // the last complete iteration's, searched first

	// Multi-PV (ABConfig.MultiPV): the root moves' scores in this iteration and
	// the best multi of them, highest first.
	multi      int
	rootScores []rootScore
	floor      []int

	// Reports between iterations, which can last seconds: the last complete
	// iteration's answer with the nodes counted since.
	progress   func(Info)
	last       Info
	t0         time.Time
	lastReport time.Time
}

// rootScore is a root move's score in the current iteration: exact when it is
// among the best multi, else an upper bound.
type rootScore struct {
	move  game.Move
	score int
}

func newABSearcher() *abSearcher {
	return newABThread(newABTable())
}

// release gives back the table's memory, now or when the running search ends.
func (s *abSearcher) release() {
	s.idle.release(func() {
		if s.tt != nil {
			s.tt.free()
			s.tt = nil
		}
	})
}

// newABThread returns a searcher on the table tt.
func newABThread(tt *abTable) *abSearcher {
	s := &abSearcher{tt: tt}
	return s
}

// historyIndex folds a placement's cell into the history table.
func historyIndex(m game.Move) int {
	x := m.A * 0x9e3779b97f4a7c15
	return int(x >> 52)
}

// search runs iterative deepening on pos (Assessable) and returns the result.
func (s *abSearcher) search(ctx context.Context, pos knowledge.Position, cfg ABConfig) Info {
	t0 := time.Now()
	s.idle.enter()
	defer s.idle.leave()
	if s.tt == nil {
		s.tt = newABTable()
	}
	if cfg.Phase {
		f := phaseFactor(pos.Ply())
		if cfg.Nodes > 0 {
			cfg.Nodes = int(float64(cfg.Nodes) * f)
		} else {
			cfg.Time = time.Duration(float64(cfg.Time) * f)
		}
	}
	s.gen++
	if cfg.Threads > 1 {
		return s.parallel(ctx, pos, cfg, t0)
	}
	s.halt, s.count, s.shared = nil, nil, false
	s.prepare(ctx, pos, cfg, t0)
	return s.deepen(pos, cfg, 1)
}

// prepare sets the searcher for a search of pos.
func (s *abSearcher) prepare(ctx context.Context, pos knowledge.Position, cfg ABConfig, t0 time.Time) {
	s.nodes, s.budget, s.stop, s.quiesce = 0, cfg.Nodes, false, !cfg.NoQuiesce
	s.deadline = time.Time{}
	if cfg.Time > 0 {
		s.deadline = t0.Add(cfg.Time)
	}
	s.cancelled = ctx.Done()
	s.multi = min(max(cfg.MultiPV, 1), TopMoves)
	s.progress, s.last, s.t0, s.lastReport = cfg.Progress, Info{}, t0, t0
	d := cfg.Defend
	if d == 0 {
		d = defaultDefend
	}
	s.weight = [2]int32{8, 8}
	s.weight[1-pos.ToMove()] = int32(min(d, 16)*8 + 0.5)
	s.salt = uint64(s.weight[0])<<32 | uint64(s.weight[1])
	s.salt *= 0x9e3779b97f4a7c15
	for i := range s.history {
		s.history[i] /= 8 // old history still orders, but the new search's counts more
	}
	s.killers = [abMaxPly + 1][2]game.Move{}
	if s.st[0] == nil || s.st[0].Info() != pos.Info() || s.st[0].Options().String() != pos.Options().String() {
		for i := range s.st {
			s.st[i] = pos.Clone().(knowledge.Position)
		}
	}
	s.st[0].CopyFrom(pos)
}

// deepen runs the iterations from depth first on, as prepared.
func (s *abSearcher) deepen(pos knowledge.Position, cfg ABConfig, first int) Info {
	t0 := s.t0
	var best Info
	legal := pos.LegalMoves(nil)
	if len(legal) == 0 {
		return Info{Elapsed: time.Since(t0)}
	}
	best.Move, best.Value = legal[0], 0.5
	s.prevBest = game.Move{}
	for depth := first; depth <= abMaxPly-8; depth++ {
		s.rootBest = game.Move{}
		s.rootScores, s.floor = s.rootScores[:0], s.floor[:0]
		v := s.negamax(0, depth, -abWin-1, abWin+1)
		if s.stop && s.rootBest == (game.Move{}) {
			break // nothing from this iteration: keep the last one's answer
		}
		best.Move, s.prevBest = s.rootBest, s.rootBest
		if !s.stop {
			best.Value, best.Proven = abValue(v)
			best.PV = s.pv(pos, best.Move)
			best.Depth = depth
			best.Top = s.top(pos, best, depth)
		} else if best.PV == nil || best.PV[0] != best.Move {
			best.PV = []game.Move{best.Move}
			best.Top = s.keepTop(best)
		}
		best.Nodes, best.Elapsed, best.Mean = s.nodes, time.Since(t0), best.Value
		s.last = best
		if cfg.Progress != nil {
			cfg.Progress(best)
		}
		if s.stop || best.Proven != 0 || cfg.Depth > 0 && depth >= cfg.Depth {
			break
		}
		if cfg.Nodes > 0 && s.nodes*3 > cfg.Nodes*2 && depth > 2 {
			break // the next depth would not finish within the budget
		}
	}
	if best.Top == nil { // stopped before the first iteration ended
		best.Top = []MoveInfo{{Move: best.Move, Value: best.Value}}
	}
	best.Nodes, best.Elapsed, best.Mean = s.nodes, time.Since(t0), best.Value
	return best
}

// toTable is score v at ply as the table keeps it: a win or loss counted in
// plies from the position, not from the root, so that an entry found at
// another ply or by a later search (the analysis board moves between
// positions) gives the right distance. fromTable is its inverse.
func toTable(v, ply int) int {
	switch {
	case v >= abWin-abMaxPly*2:
		return v + ply
	case v <= -abWin+abMaxPly*2:
		return v - ply
	}
	return v
}

func fromTable(v, ply int) int { return toTable(v, -ply) }

// abValue maps a score to a win chance for the UI and says whether it is proven.
func abValue(v int) (float64, int) {
	switch {
	case v >= abWin-abMaxPly*2:
		return 1, 1
	case v <= -abWin+abMaxPly*2:
		return 0, -1
	}
	return 1 / (1 + math.Exp(-float64(v)/120)), 0
}

// pv follows the transposition table from the root's best move.
func (s *abSearcher) pv(pos knowledge.Position, first game.Move) []game.Move {
	st := pos.Clone()
	line := []game.Move{first}
	st.Apply(first)
	for len(line) < 12 && !st.Result().Over {
		e, ok := s.probe(s.key(st.Hash()))
		if !ok || e.move == (game.Move{}) || !st.IsLegal(e.move) {
			break
		}
		line = append(line, e.move)
		st.Apply(e.move)
	}
	return line
}

// key is a position's transposition-table key under this search's weights.
func (s *abSearcher) key(hash uint64) uint64 { return hash ^ s.salt }

// poll sets stop when the budget, the clock or the context says so.
func (s *abSearcher) poll() {
	if s.budget > 0 && s.nodes >= s.budget {
		s.stop = true
		return
	}
	// The context and the clock every 16 nodes, tens of microseconds, so that
	// a cancel is answered at once even while the first probes of a fresh
	// table wait on the system for their pages; the shared count and the
	// reports every 256, so that many threads do not queue on its line.
	if s.nodes&15 != 0 {
		return
	}
	if s.nodes&255 == 0 {
		if s.count != nil {
			s.count.Add(256)
		}
		if s.progress != nil && s.last.Move != (game.Move{}) {
			s.report()
		}
	}
	select {
	case <-s.cancelled:
		s.stop = true
	default:
	}
	if s.halt != nil && s.halt.Load() {
		s.stop = true
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stop = true
	}
}

// report sends the last complete iteration's answer, with the nodes and time
// spent since, at most ten times a second: a deep iteration takes seconds, and
// the analysis board shows that the search goes on.
func (s *abSearcher) report() {
	now := time.Now()
	if now.Sub(s.lastReport) < 100*time.Millisecond {
		return
	}
	s.lastReport = now
	inf := s.last
	inf.Nodes, inf.Elapsed = s.nodes, now.Sub(s.t0)
	if s.count != nil {
		inf.Nodes = int(s.count.Load())
	}
	s.progress(inf)
}

// top lists the root moves of a complete iteration for Info.Top: the best multi
// of them by score, each with its line, or with multi 1 the best move alone.
func (s *abSearcher) top(pos knowledge.Position, best Info, depth int) []MoveInfo {
	if s.multi <= 1 || len(s.rootScores) < 2 {
		return []MoveInfo{{Move: best.Move, Value: best.Value, Proven: best.Proven, Depth: depth, PV: best.PV}}
	}
	// Stable, so that among equal scores the move the search chose stays first.
	slices.SortStableFunc(s.rootScores, func(a, b rootScore) int { return b.score - a.score })
	if i := slices.IndexFunc(s.rootScores, func(r rootScore) bool { return r.move == best.Move }); i > 0 {
		// An equal score searched later can only be a bound: the chosen move leads.
		r := s.rootScores[i]
		copy(s.rootScores[1:i+1], s.rootScores[:i])
		s.rootScores[0] = r
	}
	n := min(s.multi, len(s.rootScores))
	top := make([]MoveInfo, n)
	for i, r := range s.rootScores[:n] {
		v, p := abValue(r.score)
		top[i] = MoveInfo{Move: r.move, Value: v, Proven: p, Depth: depth, PV: s.pv(pos, r.move)}
	}
	top[0].Value, top[0].Proven, top[0].PV = best.Value, best.Proven, best.PV
	return top
}

// keepTop is Info.Top after an iteration cut short found a new best move: that
// move, with the last complete iteration's value, then the moves that iteration
// listed after it.
func (s *abSearcher) keepTop(best Info) []MoveInfo {
	top := []MoveInfo{{Move: best.Move, Value: best.Value, Proven: best.Proven, Depth: best.Depth, PV: best.PV}}
	for _, m := range best.Top {
		if m.Move != best.Move && len(top) < s.multi {
			top = append(top, m)
		}
	}
	return top
}

// rootFloor is the score a root move must beat to be among the best multi: the
// multi-th best so far, or below any score while fewer have been searched.
func (s *abSearcher) rootFloor() int {
	if len(s.floor) < s.multi {
		return -abWin - 1
	}
	return s.floor[s.multi-1]
}

// addRootScore records a root move's score and keeps the best multi scores.
func (s *abSearcher) addRootScore(m game.Move, v int) {
	s.rootScores = append(s.rootScores, rootScore{m, v})
	i := len(s.floor)
	if i == s.multi {
		if v <= s.floor[i-1] {
			return
		}
		i--
	} else {
		s.floor = append(s.floor, v)
	}
	for ; i > 0 && s.floor[i-1] < v; i-- {
		s.floor[i] = s.floor[i-1]
	}
	s.floor[i] = v
}

// negamax returns the value of position st[ply] for its side to move, searched
// depth plies (more along forced replies), within (alpha, beta).
func (s *abSearcher) negamax(ply, depth, alpha, beta int) int {
	s.nodes++
	s.poll()
	if s.stop {
		return 0 // the caller drops this value; going on would spend nodes past the budget
	}
	st := s.st[ply]
	if depth > 0 {
		// The table is probed after the evaluation; its line comes in meanwhile.
		prefetch(unsafe.Pointer(s.tt.bucket(s.key(st.Hash()))))
	}
	a := st.Assess(s.blocks[ply], true)
	if r := a.Result; r.Over {
		switch r.Winner {
		case game.NoPlayer:
			return 0
		case a.ToMove:
			return abWin - ply
		}
		return -abWin + ply
	}
	s.blocks[ply] = a.Blocks
	switch {
	case ply == 0:
		// The root searches every move, so that it has one to play.
	case a.Win:
		return abWin - ply - 1
	case len(a.Blocks) >= 2:
		return -abWin + ply + 2 // two winning cells cannot both be filled
	}
	forced := len(a.Blocks) == 1 && ply > 0
	me := a.ToMove
	score := int((a.Sums[me]*s.weight[me] - a.Sums[1-me]*s.weight[1-me]) / 8)
	if ply >= abMaxPly || depth < 0 && !forced {
		return score
	}
	if depth == 0 && !forced {
		if !s.quiesce || ply >= abMaxPly-8 {
			return score
		}
		return s.threats(ply, st, score, alpha, beta)
	}
	// A forced reply does not use up depth: threat sequences (a four, or a trap
	// cell, every other ply) are read to their end, as they cost one node a ply.
	// At a leaf only the reply itself is read.
	ext := 0
	if forced && depth > 0 {
		ext = 1
	}
	if forced && depth <= 0 {
		depth = 1
	}

	key := s.key(a.Hash)
	var ttMove game.Move
	if e, ok := s.probe(key); ok {
		ttMove = e.move
		if int(e.depth) >= depth && ply > 0 {
			v := fromTable(int(e.score), ply)
			switch {
			case e.bound == abExact,
				e.bound == abLower && v >= beta,
				e.bound == abUpper && v <= alpha:
				return v
			}
		}
	}

	moves := s.moves[ply][:0]
	if forced {
		moves = append(moves, a.Blocks[0])
	} else {
		moves = st.LegalMoves(moves)
	}
	s.moves[ply] = moves
	if len(moves) == 0 {
		return 0
	}
	if ply == 0 && s.prevBest != (game.Move{}) {
		// A cut-short iteration is trusted only where it beat the last one's move,
		// so that move must come first whatever the table now holds.
		ttMove = s.prevBest
	}
	s.order(ply, st, moves, ttMove)

	alpha0 := alpha
	bestV, bestM := -abWin-1, moves[0]
	child := s.st[ply+1]
	for k, m := range moves {
		child.ApplyFrom(st, m)
		// lo is the score a move must beat to matter: alpha, but at the root of a
		// multi-PV search the multi-th best so far, so that the best multi moves
		// are scored exactly (searched in full until there are multi of them).
		lo, full := alpha, k == 0
		if ply == 0 && s.multi > 1 {
			lo = s.rootFloor()
			full = full || lo < -abWin
		}
		var v int
		if full {
			v = -s.negamax(ply+1, depth-1+ext, -beta, -lo)
		} else {
			// Late quiet moves are first searched one ply shallower, all with a null
			// window; a move that beats lo is searched again in full.
			r := 0
			if depth >= 3 && k >= 4 && !forced {
				r = 1
			}
			v = -s.negamax(ply+1, depth-1-r, -lo-1, -lo)
			if v > lo && (r > 0 || v < beta) && !s.stop {
				v = -s.negamax(ply+1, depth-1, -beta, -lo)
			}
		}
		if s.stop {
			break
		}
		if ply == 0 && s.multi > 1 {
			s.addRootScore(m, v)
		}
		if v > bestV {
			bestV, bestM = v, m
			if ply == 0 {
				s.rootBest = m
			}
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			if m != s.killers[ply][0] {
				s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
			}
			s.history[historyIndex(m)] += int32(depth * depth)
			break
		}
	}
	if s.stop {
		return bestV
	}
	bound := uint8(abExact)
	switch {
	case bestV <= alpha0:
		bound = abUpper
	case bestV >= beta:
		bound = abLower
	}
	s.store(abEntry{key: key, move: bestM, score: int32(toTable(bestV, ply)), depth: int8(depth), bound: bound})
	return bestV
}

// The table holds buckets of two slots: the first keeps the deepest entry of
// this search (a deep result costs millions of nodes to redo, and a search of
// level 5's budget can store more entries than the table holds), the second
// always takes the newest.
//
// The threads of a parallel search share the table without locks: a slot is
// three words, each read and written atomically, the first the key XOR the
// other two, so that a slot read while another thread writes it (a mix of two
// entries) fails the check and counts as empty. A move keeps its second word
// only up to 255 (Andantino's placements have 1); a larger one is stored as
// no move, which costs its ordering, nothing else: a table move is always
// checked against the legal moves before it is played.

// abSlot is one entry of the shared table: the check word, the move's first
// word, and the score, depth, bound, search and the move's second word.
type abSlot struct{ check, a, meta uint64 }

// abBucket is a bucket of two slots, padded to a 64-byte cache line so that a
// probe reads one line.
type abBucket struct {
	slot [2]abSlot
	_    [2]uint64
}

// abTable is the transposition table, shared by a search's threads.
type abTable struct {
	buckets []abBucket
	mem     *region
}

func newABTable() *abTable { return newTableOf(1 << (abTTBits - 1)) }

// newTableOf returns a table of n buckets (a power of two), empty, in a region
// of its own: on a 2 MB boundary in huge pages on Linux (hugetable_linux.go).
func newTableOf(n int) *abTable {
	mem := newRegion(n * int(unsafe.Sizeof(abBucket{})))
	return &abTable{buckets: unsafe.Slice((*abBucket)(unsafe.Pointer(unsafe.SliceData(mem.mem))), n), mem: mem}
}

// free gives the table's memory back; it must not be used after.
func (t *abTable) free() {
	t.mem.free()
	t.buckets = nil
}

// bucket is key's bucket.
func (t *abTable) bucket(key uint64) *abBucket { return &t.buckets[key&uint64(len(t.buckets)-1)] }

// load reads a slot's entry; a slot torn by another thread's write comes
// out with a key no position has.
func (sl *abSlot) load() abEntry {
	a, meta := atomic.LoadUint64(&sl.a), atomic.LoadUint64(&sl.meta)
	return abEntry{key: atomic.LoadUint64(&sl.check) ^ a ^ meta, move: game.Move{A: a, B: meta >> 56},
		score: int32(uint32(meta)), depth: int8(meta >> 32), bound: uint8(meta >> 40), gen: uint8(meta >> 48)}
}

// put writes e; shared, its words are stored atomically, as other threads
// read the table meanwhile (an atomic store costs a locked instruction on
// amd64; a search on one thread does without).
func (sl *abSlot) put(e abEntry, shared bool) {
	if e.move.B > 255 {
		e.move = game.Move{}
	}
	meta := uint64(uint32(e.score)) | uint64(uint8(e.depth))<<32 | uint64(e.bound)<<40 | uint64(e.gen)<<48 | e.move.B<<56
	if !shared {
		sl.a, sl.meta, sl.check = e.move.A, meta, e.key^e.move.A^meta
		return
	}
	atomic.StoreUint64(&sl.a, e.move.A)
	atomic.StoreUint64(&sl.meta, meta)
	atomic.StoreUint64(&sl.check, e.key^e.move.A^meta)
}

// probe returns the table's entry for key.
func (s *abSearcher) probe(key uint64) (abEntry, bool) {
	b := s.tt.bucket(key)
	if e := b.slot[0].load(); e.key == key {
		return e, true
	}
	if e := b.slot[1].load(); e.key == key {
		return e, true
	}
	return abEntry{}, false
}

// store puts e in its bucket: in the first slot if that holds the same
// position, an older search's entry or a shallower one; else in the second.
func (s *abSearcher) store(e abEntry) {
	e.gen = s.gen
	b := s.tt.bucket(e.key)
	if d := b.slot[0].load(); d.key == e.key || d.gen != s.gen || d.depth <= e.depth {
		b.slot[0].put(e, s.shared)
		return
	}
	b.slot[1].put(e, s.shared)
}

// threats is the quiescence search at a leaf: the side to move may stand on the
// evaluation or play a forcing move (scored knowledge.Forcing or more: in
// Andantino one that makes a four); the children are searched at depth −1, where only a forced reply (a
// playable five or trap cell) is read further.
func (s *abSearcher) threats(ply int, st knowledge.Position, stand, alpha, beta int) int {
	if stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	moves := st.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	sc := s.scoreMoves(ply, st, moves)
	best := stand
	// try searches one forcing move; it reports a cutoff or a stop.
	try := func(m game.Move) bool {
		child := s.st[ply+1]
		child.ApplyFrom(st, m)
		v := -s.negamax(ply+1, -1, -beta, -alpha)
		if s.stop {
			return true
		}
		best = max(best, v)
		alpha = max(alpha, v)
		return alpha >= beta
	}
	for k, m := range moves {
		if sc[k] >= knowledge.Forcing && try(m) {
			return best
		}
	}
	return best
}

// scoreMoves returns MoveScores of moves in ply's reused buffer.
func (s *abSearcher) scoreMoves(ply int, st knowledge.Position, moves []game.Move) []int32 {
	sc := slices.Grow(s.scores[ply][:0], len(moves))[:len(moves)]
	s.scores[ply] = sc
	st.MoveScores(moves, sc)
	return sc
}

// order sorts moves best first: the table's move, then killers, then by the
// evaluation's move score plus history.
func (s *abSearcher) order(ply int, st knowledge.Position, moves []game.Move, ttMove game.Move) {
	if len(moves) < 2 {
		return
	}
	sc := s.scoreMoves(ply, st, moves)
	for k, m := range moves {
		sc[k] += min(s.history[historyIndex(m)], 1<<14)
		switch m {
		case ttMove:
			sc[k] = math.MaxInt32
		case s.killers[ply][0]:
			sc[k] += 1 << 16
		case s.killers[ply][1]:
			sc[k] += 1 << 15
		}
	}
	// Insertion sort: the lists are short and this allocates nothing.
	for i := 1; i < len(moves); i++ {
		m, v := moves[i], sc[i]
		j := i
		for ; j > 0 && sc[j-1] < v; j-- {
			moves[j], sc[j] = moves[j-1], sc[j-1]
		}
		moves[j], sc[j] = m, v
	}
}

// abEngine plays by alpha-beta where the game's knowledge has an evaluation
// (Andantino's placement game) and by its Monte Carlo search everywhere else.
type abEngine struct {
	name     string
	cfg      ABConfig
	ab       *abSearcher // made on first use: other games never need its table
	fallback *mcts
	owner    *abEngine // the engine whose searcher this copy (Start) uses, or nil
	buckets  int       // the table's buckets (SetMemory), 0 for the default
}

func (e *abEngine) Name() string { return e.name }

func (e *abEngine) Choose(ctx context.Context, pos game.State) Info {
	if p, ok := evaluable(pos); ok {
		o := e
		for o.owner != nil {
			o = o.owner
		}
		if b, ok := p.(knowledge.Book); ok && e.cfg.Book {
			if m, v, ok := b.BookMove(); ok {
				return Info{Move: m, Value: v, Mean: v, PV: []game.Move{m}, Top: []MoveInfo{{Move: m, Value: v, PV: []game.Move{m}}}}
			}
		}
		if o.ab == nil {
			o.ab = newABSearcher()
			if o.buckets > 0 {
				o.ab = newABThread(newTableOf(o.buckets))
			}
		}
		return o.ab.search(ctx, p, e.cfg)
	}
	return e.fallback.Choose(ctx, pos)
}

// evaluable returns pos as its game's knowledge lets alpha-beta read it.
func evaluable(pos game.State) (knowledge.Position, bool) {
	if g := knowledge.Of(pos.Info()); g != nil {
		return g.Evaluable(pos)
	}
	return nil, false
}
