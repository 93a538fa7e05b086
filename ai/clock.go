package ai

import (
	"context"
	"sync"
	"time"

	"trihex/ai/knowledge"
	"trihex/game"
	"trihex/game/clock"
)

// Playing to a clock (ai/README.md, "Playing to a clock"): a TimeManager
// turns the time a side has left into two limits for its next search, and
// ChooseOnClock and StartOnClock run a search within them. A level still
// spends its own budget (playouts, nodes, its time cap) or less: the clock only
// ever shortens a search.

// ClockState is the time a side has when it begins to think, as its clock
// shows it (ClockFor reads it off a game's clock; an engine protocol's "go
// wtime … winc …" gives it too).
type ClockState struct {
	// Left is the main time left: Fischer's, byo-yomi's main time (0 once
	// spent), or correspondence's time for this move.
	Left time.Duration
	// Increment is Fischer's: added after each move, so it is not there for
	// the move being thought about.
	Increment time.Duration
	// Periods is byo-yomi's number of periods left, the current one
	// included; 0 without byo-yomi.
	Periods int
	// Period is byo-yomi's time left in the current period (a full period
	// between moves). A move made within Left plus Period keeps every period.
	Period time.Duration
	// MovesToGo is the number of moves (the side's own) until the time is
	// renewed, when the control says so: 1 for correspondence, an engine
	// protocol's movestogo; 0 when unknown, and the game's length decides.
	MovesToGo int
}

// ClockFor is the state of a side whose clock under ctl shows s (clock.Clock's
// Side, or a Snapshot's Sides[p]); false without a clock.
func ClockFor(ctl clock.Control, s clock.Side) (ClockState, bool) {
	switch ctl.Kind {
	case clock.Fischer:
		return ClockState{Left: s.Main, Increment: ctl.Increment}, true
	case clock.ByoYomi:
		return ClockState{Left: s.Main, Periods: s.Periods, Period: s.Period}, true
	case clock.Correspondence:
		return ClockState{Left: s.Main, MovesToGo: 1}, true
	}
	return ClockState{}, false
}

// Stability is what a running search has shown of its best move, for the
// soft limit: a move that has held the whole search stops it early, a move
// that changed late extends it.
type Stability struct {
	Elapsed time.Duration // searched so far; 0: nothing known yet
	Changes int           // how many times the best move changed
	Held    time.Duration // how long the current best move has been best
}

// factor scales the base time by stability: 1 while nothing is known, 0.6
// for a move that held the whole search, 0.85 for one that has held its
// second half, else 1 + 0.3 a change, at most maxStretch.
func (st Stability) factor() float64 {
	switch {
	case st.Elapsed <= 0:
		return 1
	case st.Changes == 0 || st.Held >= st.Elapsed:
		return 0.6
	case 2*st.Held >= st.Elapsed:
		return 0.85
	}
	return min(1+0.3*float64(st.Changes), maxStretch)
}

// maxStretch bounds the soft limit, in base times: the hard limit is
// hardStretch base times, so a search whose move keeps changing still stops
// before it.
const (
	maxStretch  = 2.0
	hardStretch = 3.0
)

// TimeManager gives a side's search its limits on a clock. The zero value is
// usable: the default overhead and a game of defaultPlies.
type TimeManager struct {
	// Overhead is kept back from every move for what the clock counts
	// outside the search: starting it and taking its answer, handing the move
	// over, a machine busy with other work. 0 means DefaultOverhead.
	Overhead time.Duration
	// Plies is a typical game's length in plies between engines (the game's
	// knowledge says it, knowledge.Length); 0 means defaultPlies.
	Plies int
}

// DefaultOverhead is TimeManager.Overhead's default: above the scheduling
// delays of a loaded two-core machine and a search's cancel latency (a few
// milliseconds), the table's first pages of a fresh alpha-beta search.
const DefaultOverhead = 150 * time.Millisecond

// defaultPlies is a game's length where its knowledge does not say: about
// the three games' (ai/abande, ai/attangle, ai/andantino).
const defaultPlies = 60

// minMovesToGo: the time left is always spread over at least this many own
// moves, so that a game longer than expected, or a misjudged one, still
// leaves time for the moves after: each move takes a fraction of what is
// left, and what is left never runs out.
const minMovesToGo = 8

// minThink is the shortest limit: a search must have some time to answer,
// and 0 means no cap to the searches.
const minThink = time.Millisecond

// NewTimeManager is the time manager of the game info describes: its length
// from the game's knowledge, the default overhead.
func NewTimeManager(info *game.Info) TimeManager {
	var m TimeManager
	if l, ok := knowledge.Of(info).(knowledge.Length); ok {
		m.Plies = l.Plies()
	}
	return m
}

// MovesToGo is how many moves the side to move at ply may still have to
// make, as the time manager spreads its time: the rest of a typical game,
// never fewer than minMovesToGo.
func (m TimeManager) MovesToGo(ply int) int {
	plies := m.Plies
	if plies <= 0 {
		plies = defaultPlies
	}
	return max((plies-ply+1)/2, minMovesToGo)
}

// reserve is what is kept back from time t: the overhead and a sixteenth,
// so that a machine slower than it was when the search began still answers
// in time.
func (m TimeManager) reserve(t time.Duration) time.Duration {
	o := m.Overhead
	if o <= 0 {
		o = DefaultOverhead
	}
	return o + t/16
}

// Limits are the search's limits for a side on clock c at ply (the moves
// played so far) with the search's stability so far (the zero Stability
// before it starts): it should stop at soft and must stop at hard, both
// counted from when it began. The base time is the time left spread over the
// moves to come (MovesToGo, or c.MovesToGo when the control renews sooner)
// plus what each move brings back (Fischer's increment less the overhead,
// byo-yomi's period less the reserve: every move has it once the main time
// is spent); soft is the base scaled by stability (0.6 to 2 times), hard at
// most three times the base. Neither ever reaches into the time the clock
// needs kept back (the overhead and a sixteenth of the time there is, and in
// a game without increment a fifth of the overhead for each move to come),
// nor into a byo-yomi period beyond the current one: so the side never loses
// on time while it answers by hard.
func (m TimeManager) Limits(c ClockState, ply int, st Stability) (soft, hard time.Duration) {
	mtg := m.MovesToGo(ply)
	if c.MovesToGo > 0 {
		mtg = min(mtg, c.MovesToGo)
	}
	o := m.Overhead
	if o <= 0 {
		o = DefaultOverhead
	}
	// Each move to come after this one costs at least a fifth of the
	// overhead however short its search, where what it brings back (an
	// increment, a period) does not pay for it: kept back for them, so that
	// a game without increment does not run its clock down to what its
	// last moves need just to be answered.
	later := time.Duration(mtg-1) * max(o/5-c.Increment, 0)
	if c.Periods > 0 && c.Period > o/5 {
		later = 0
	}
	// now is the most this move may take; bank is the part of it that must
	// last the game, each is what every move gets back.
	var now, bank, each time.Duration
	switch {
	case c.Periods > 0:
		now = max(c.Left+c.Period-m.reserve(c.Left+c.Period)-later, 0)
		bank = max(c.Left-m.reserve(c.Left)-later, 0)
		// Every move has its period once the main time is spent: over the
		// moves to come the period counts as an increment does.
		each = max(c.Period-m.reserve(c.Period), 0)
	default:
		now = max(c.Left-m.reserve(c.Left)-later, 0)
		bank = now
		each = max(c.Increment-o, 0)
	}
	base := bank/time.Duration(mtg) + each
	hard = min(now, time.Duration(hardStretch*float64(base)))
	soft = min(time.Duration(st.factor()*float64(base)), hard)
	return max(soft, minThink), max(hard, minThink)
}

// ChooseOnClock is e.Choose for a side on clock c: the search spends its own
// budget or less, and stops at the soft limit tm gives (shortened or
// extended by the stability of its best move, read from its progress
// reports) or at the latest at the hard one. An engine made here (a level,
// the analysis engine) honours both; any other is cancelled at its base
// time, at the latest at the hard limit.
func ChooseOnClock(ctx context.Context, e Engine, pos game.State, c ClockState, tm TimeManager) Info {
	r := newClockRun(ctx, pos.Ply(), c, tm, nil)
	defer r.end()
	return r.capped(e).Choose(r.ctx, pos)
}

// StartOnClock is Start for a side on clock c: the search runs on its own
// goroutine within the limits of ChooseOnClock. Its progress reports come
// as Start's do.
func StartOnClock(ctx context.Context, e Engine, pos game.State, c ClockState, tm TimeManager) *Job {
	return start(ctx, e, pos, func(ctx context.Context, report func(Info)) (context.Context, func(Engine) Engine, func()) {
		r := newClockRun(ctx, pos.Ply(), c, tm, report)
		return r.ctx, r.capped, r.end
	})
}

// clockRun watches one search on a clock: it cancels the search at the soft
// limit of the stability it has seen, or at the hard limit.
type clockRun struct {
	ctx    context.Context
	cancel context.CancelFunc
	tm     TimeManager
	clock  ClockState
	ply    int
	hard   time.Duration
	fwd    func(Info) // the caller's progress, or nil

	mu      sync.Mutex
	t0      time.Time
	best    game.Move
	reports int
	changes int
	changed time.Time // when the best move last changed; t0 before
	timer   *time.Timer
	done    bool
}

func newClockRun(ctx context.Context, ply int, c ClockState, tm TimeManager, fwd func(Info)) *clockRun {
	soft, hard := tm.Limits(c, ply, Stability{})
	r := &clockRun{tm: tm, clock: c, ply: ply, hard: hard, fwd: fwd, t0: time.Now()}
	r.changed = r.t0
	r.ctx, r.cancel = context.WithDeadline(ctx, r.t0.Add(hard))
	r.mu.Lock() // the timer may fire before it is kept
	r.timer = time.AfterFunc(soft, r.check)
	r.mu.Unlock()
	return r
}

// end stops the watch once the search has answered.
func (r *clockRun) end() {
	r.mu.Lock()
	r.done = true
	r.timer.Stop()
	r.mu.Unlock()
	r.cancel()
}

// stability is the search's stability now; the caller holds r.mu.
func (r *clockRun) stability(now time.Time) Stability {
	if r.reports == 0 {
		return Stability{}
	}
	return Stability{Elapsed: now.Sub(r.t0), Changes: r.changes, Held: now.Sub(r.changed)}
}

// check stops the search if its soft limit has passed, or else looks again
// when it will have; the caller does not hold r.mu.
func (r *clockRun) check() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return
	}
	now := time.Now()
	soft, _ := r.tm.Limits(r.clock, r.ply, r.stability(now))
	if el := now.Sub(r.t0); el < soft {
		r.timer.Reset(soft - el)
		return
	}
	r.done = true
	r.cancel()
}

// progress reads a report of the search (called on the searching goroutine)
// and passes it on.
func (r *clockRun) progress(inf Info) {
	if inf.Move != (game.Move{}) {
		r.mu.Lock()
		if r.reports > 0 && inf.Move != r.best {
			r.changes++
			r.changed = time.Now()
		}
		r.best = inf.Move
		r.reports++
		r.mu.Unlock()
		// A stable move may already be past its shortened soft limit.
		r.check()
	}
	if r.fwd != nil {
		r.fwd(inf)
	}
}

// capped returns e with the hard limit as its time cap and r's progress
// reports, where e is an engine of this package; another engine as it is
// (the context's deadline and the soft cancel still stop it).
func (r *clockRun) capped(e Engine) Engine {
	limit := func(t time.Duration) time.Duration {
		if t <= 0 || t > r.hard {
			return r.hard
		}
		return t
	}
	switch m := withProgress(e, r.progress).(type) {
	case *mcts:
		m.cfg.Time = limit(m.cfg.Time)
		return m
	case *abEngine:
		// A time budget spent by phase may grow past the hard limit; the
		// context's deadline still holds it there.
		m.cfg.Time = limit(m.cfg.Time)
		m.fallback.cfg.Time = limit(m.fallback.cfg.Time)
		return m
	}
	return e
}
