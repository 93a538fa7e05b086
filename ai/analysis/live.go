package analysis

import (
	"context"
	"slices"
	"sync"
	"time"

	"trihex/ai"
	"trihex/game"
)

// Snapshot is the live analysis of one position as it stands.
type Snapshot struct {
	// The position analysed: its ply (moves from the start), hash and side to
	// move, so that the window can tell it is the one it shows.
	Ply    int
	Hash   uint64
	ToMove game.Player
	// Lines are the engine's best moves, best first (up to ai.TopMoves); none
	// until the first report, and none when the game is over.
	Lines []Line
	// Value is the side to move's chance to win, 0 to 1 (the evaluation bar:
	// ai.Info.Mean, the number a review gives the position); ½ until the first
	// report, the result when the game is over.
	Value  float64
	Proven int // +1 the side to move wins by force, −1 it loses, 0 unknown
	// Depth is alpha-beta's last complete depth (0 for Monte Carlo), Playouts
	// Monte Carlo's playouts, Nodes the tree's or alpha-beta's nodes.
	Depth, Playouts, Nodes int
	Elapsed                time.Duration
	// Searching: the engine is still at work on it. It stops when the position
	// is solved, when the search reaches its limits, or on Stop.
	Searching bool
	Over      bool // the game is over in this position: nothing to search
	// Serial counts the updates of a Live, so that the window redraws only on
	// a change.
	Serial uint64
}

// ChanceOf is player p's chance to win in the snapshot's position, for an
// evaluation bar drawn from one side.
func (s Snapshot) ChanceOf(p game.Player) float64 {
	if p == s.ToMove {
		return s.Value
	}
	return 1 - s.Value
}

// Live runs the engine without end on the position it follows, on its own
// goroutine (one core), and keeps its latest analysis for Latest, which never
// waits on the search. Its methods may be called from any goroutine. Stop it
// when the analysis is left: its goroutine lives until then.
type Live struct {
	eng  ai.Engine
	want chan request // the next position, the newest only
	quit chan struct{}
	done chan struct{}
	once sync.Once

	mu      sync.Mutex
	snap    Snapshot
	gen     uint64     // counts Follow's changes of position
	cur     game.State // the position followed, to ignore the same again
	stopped bool
}

type request struct {
	pos game.State
	gen uint64
}

// NewLiveEngine is Live's engine: level 5's searches without a budget, the
// alpha-beta search scoring its best three moves exactly, on every core but
// the one that draws.
func NewLiveEngine() ai.Engine {
	return ai.NewAnalysis(ai.Analysis{Top: ai.TopMoves, Seed: 1, Threads: ai.DefaultThreads(true)})
}

// NewLive starts live analysis with eng (nil: NewLiveEngine()), idle until
// Follow gives it a position. The engine should have no budget, or a large one:
// once its search ends, the analysis stands until the position changes.
func NewLive(eng ai.Engine) *Live {
	if eng == nil {
		eng = NewLiveEngine()
	}
	l := &Live{eng: eng, want: make(chan request, 1), quit: make(chan struct{}), done: make(chan struct{})}
	go l.run()
	return l
}

// Follow analyses pos from now on (a copy is taken). Another position cancels
// the search under way and starts one on pos, reusing what the engine learned
// when pos follows the last one by a move or two (stepping through a game); the
// same position again changes nothing, so the window may call Follow every
// frame. The snapshot is at once pos's, without lines until the engine reports.
func (l *Live) Follow(pos game.State) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped || l.same(pos) {
		return
	}
	l.cur = pos.Clone()
	l.gen++
	r := l.cur.Result()
	l.snap = Snapshot{Ply: pos.Ply(), Hash: pos.Hash(), ToMove: pos.ToMove(), Value: 0.5, Searching: !r.Over,
		Over: r.Over, Serial: l.snap.Serial + 1}
	if r.Over {
		l.snap.Value = resultFor(r, pos.ToMove())
	}
	// The worker takes only the newest position: one it has not picked up yet
	// is replaced. Nothing else sends, so after the drain the send succeeds.
	select {
	case <-l.want:
	default:
	}
	l.want <- request{l.cur.Clone(), l.gen}
}

// same reports whether pos is the position followed now.
func (l *Live) same(pos game.State) bool {
	c := l.cur
	return c != nil && c.Info() == pos.Info() && c.Hash() == pos.Hash() && c.Ply() == pos.Ply() &&
		c.ToMove() == pos.ToMove() && slices.Equal(c.Options(), pos.Options())
}

// Latest returns the newest analysis; it never waits on the search. The lines'
// slices are shared between calls: read them, do not change them.
func (l *Live) Latest() Snapshot {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.snap
}

// Stop ends the analysis: the search is cancelled and the goroutine ends within
// milliseconds (Done says when); Follow then does nothing. Stop does not wait
// and may be called more than once.
func (l *Live) Stop() {
	l.mu.Lock()
	l.stopped = true
	if l.snap.Searching {
		l.snap.Searching = false
		l.snap.Serial++
	}
	l.mu.Unlock()
	l.once.Do(func() { close(l.quit) })
}

// Done is closed once Stop has ended the search and the goroutine.
func (l *Live) Done() <-chan struct{} { return l.done }

// run is the worker's loop: it starts a search for each new position, after the
// last one's has answered (an engine searches one position at a time), and
// turns the search's reports into snapshots.
func (l *Live) run() {
	defer close(l.done)
	var (
		job *ai.Job
		pos game.State
		gen uint64
	)
	end := func() {
		if job != nil {
			job.Cancel()
			for range job.Done { // answers within milliseconds of the cancel
			}
			job = nil
		}
	}
	defer func() {
		end()
		ai.Release(l.eng) // its tree and table: the analysis is over
	}()
	for {
		var progress, answer <-chan ai.Info
		if job != nil {
			progress, answer = job.Progress, job.Done
		}
		select {
		case <-l.quit:
			return
		case r := <-l.want:
			end()
			pos, gen = r.pos, r.gen
			if !pos.Result().Over {
				job = ai.Start(context.Background(), l.eng, pos)
			}
		case inf := <-progress:
			l.publish(gen, pos, inf, true)
		case inf, ok := <-answer:
			job = nil
			if ok {
				l.publish(gen, pos, inf, false)
			}
		}
	}
}

// publish makes a search's report of pos the snapshot, unless Follow has moved
// on since (gen) or the analysis was stopped.
func (l *Live) publish(gen uint64, pos game.State, inf ai.Info, searching bool) {
	if inf.Move == (game.Move{}) {
		return
	}
	ls := lines(pos, inf.Top) // spelt outside the lock: Latest never waits on it
	l.mu.Lock()
	defer l.mu.Unlock()
	if gen != l.gen || l.stopped {
		return
	}
	l.snap = Snapshot{Ply: pos.Ply(), Hash: pos.Hash(), ToMove: pos.ToMove(), Lines: ls, Value: inf.Mean,
		Proven: inf.Proven, Depth: inf.Depth, Playouts: inf.Playouts, Nodes: inf.Nodes, Elapsed: inf.Elapsed,
		Searching: searching, Serial: l.snap.Serial + 1}
}
