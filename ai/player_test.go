package ai

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"trihex/game"
	"trihex/save"
)

// fakeClock is the Player's clock in tests: it moves only when told.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// scriptEngine answers at once (or, with a gate, once the gate is closed or the
// search cancelled) with pick's move, by default the first legal one.
type scriptEngine struct {
	gate      chan struct{}
	pick      func(game.State) game.Move
	cancelled atomic.Int32
}

func (e *scriptEngine) Name() string { return "script" }

func (e *scriptEngine) Choose(ctx context.Context, pos game.State) Info {
	if e.gate != nil {
		select {
		case <-e.gate:
		case <-ctx.Done():
			e.cancelled.Add(1)
		}
	}
	if e.pick != nil {
		return Info{Move: e.pick(pos), Value: 0.5}
	}
	return Info{Move: pos.LegalMoves(nil)[0], Value: 0.5}
}

// engineMaker is a Player's NewEngine that keeps the engines it made.
type engineMaker struct {
	gate chan struct{}
	pick func(game.State) game.Move
	made []*scriptEngine
}

func (m *engineMaker) make(level int, seed uint64) (Engine, error) {
	e := &scriptEngine{gate: m.gate, pick: m.pick}
	m.made = append(m.made, e)
	return e, nil
}

func newTestPlayer(m *engineMaker) (*Player, *fakeClock) {
	clk := newFakeClock()
	p := NewPlayer(clk.now)
	p.NewEngine = m.make
	return p, clk
}

// until polls cond for up to ten seconds of real time: the searches run on
// goroutines of their own.
func until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// waitAnswer polls p, without a move being played, until an answer waits.
func waitAnswer(t *testing.T, p *Player, live game.State, ply int) {
	t.Helper()
	until(t, "the answer", func() bool {
		if _, ok, err := p.Poll(live, ply, 1, true, Pace(1)); ok || err != nil {
			t.Fatalf("moved before the pace: %v", err)
		}
		return p.ready != nil
	})
}

func TestPlayerPace(t *testing.T) {
	m := &engineMaker{}
	p, clk := newTestPlayer(m)
	live := startOf(t, "Attangle", "")
	waitAnswer(t, p, live, 0)
	if p.StatusText(true) != "thinking" || p.ProgressText() != "thinking… · T shows its idea" {
		t.Errorf("status %q, box %q", p.StatusText(true), p.ProgressText())
	}
	clk.advance(Pace(1) - time.Millisecond)
	if _, ok, _ := p.Poll(live, 0, 1, true, Pace(1)); ok {
		t.Fatal("moved before the pace")
	}
	clk.advance(time.Millisecond)
	if _, ok, _ := p.Poll(live, 0, 1, false, Pace(1)); ok {
		t.Fatal("moved while it could not play (animation or review)")
	}
	mv, ok, err := p.Poll(live, 0, 1, true, Pace(1))
	if !ok || err != nil || !live.IsLegal(mv) {
		t.Fatalf("move %v %v %v", mv, ok, err)
	}
	if p.Thinking() || len(m.made) != 1 {
		t.Fatalf("thinking %v after the move, %d engines", p.Thinking(), len(m.made))
	}
	// The pace counts from the last move played.
	next := live.Clone()
	next.Apply(mv)
	p.MovePlayed()
	waitAnswer(t, p, next, 1)
	clk.advance(Pace(2) - time.Millisecond)
	if _, ok, _ := p.Poll(next, 1, 1, true, Pace(2)); ok {
		t.Fatal("moved before the pace after MovePlayed")
	}
	clk.advance(time.Millisecond)
	if _, ok, _ := p.Poll(next, 1, 1, true, Pace(2)); !ok {
		t.Fatal("no move after the pace")
	}
	if len(m.made) != 2 {
		t.Fatalf("%d engines: one per side, kept between moves", len(m.made))
	}
}

func TestPlayerStaleAnswer(t *testing.T) {
	m := &engineMaker{}
	p, clk := newTestPlayer(m)
	start := startOf(t, "Attangle", "")
	waitAnswer(t, p, start, 0)
	// A move is played (taken back and replayed, say) before the answer is used.
	after := start.Clone()
	after.Apply(start.LegalMoves(nil)[3])
	clk.advance(time.Hour)
	if _, ok, _ := p.Poll(after, 1, 1, true, Pace(1)); ok {
		t.Fatal("the answer for ply 0 was played at ply 1")
	}
	var mv game.Move
	until(t, "the fresh answer", func() bool {
		var ok bool
		mv, ok, _ = p.Poll(after, 1, 1, true, Pace(1))
		return ok
	})
	if !after.IsLegal(mv) {
		t.Fatal("the fresh answer is not legal")
	}

	// A search still running when the ply changes is cancelled, its engine
	// replaced.
	m = &engineMaker{gate: make(chan struct{})}
	p, _ = newTestPlayer(m)
	p.Poll(start, 0, 1, true, Pace(1))
	p.Poll(after, 1, 1, true, Pace(1))
	until(t, "the cancellation", func() bool { return m.made[0].cancelled.Load() == 1 })
	if len(m.made) != 2 || p.jobPly != 1 {
		t.Fatalf("%d engines, job at ply %d", len(m.made), p.jobPly)
	}
	close(m.gate)
	p.Cancel()
}

func TestPlayerCancel(t *testing.T) {
	m := &engineMaker{gate: make(chan struct{})}
	defer close(m.gate)
	p, _ := newTestPlayer(m)
	p.NewHintEngine = func() Engine { return &scriptEngine{gate: m.gate} }
	live := startOf(t, "Abande", "")
	p.Poll(live, 0, 2, true, Pace(1))
	p.AskHint(live, 0)
	if !p.Thinking() || !p.HintRunning() {
		t.Fatal("no search or no hint started")
	}
	p.Cancel()
	if p.Thinking() || p.HintRunning() || p.StatusText(true) != "" || p.ProgressText() != "" {
		t.Fatal("still thinking after Cancel")
	}
	until(t, "the cancellation", func() bool { return m.made[0].cancelled.Load() == 1 })
	p.Poll(live, 0, 2, true, Pace(1))
	if len(m.made) != 2 || !p.Thinking() {
		t.Fatalf("%d engines: a cancelled engine is replaced", len(m.made))
	}
	p.Close()
	until(t, "the second cancellation", func() bool { return m.made[1].cancelled.Load() == 1 })
}

func TestPlayerHint(t *testing.T) {
	p, _ := newTestPlayer(&engineMaker{})
	p.NewHintEngine = func() Engine { return NewRandom(7) }
	for _, name := range []string{"Abande", "Attangle", "Andantino"} {
		live := startOf(t, name, "")
		live.Apply(live.LegalMoves(nil)[0])
		p.AskHint(live, 1)
		until(t, "the hint", func() bool {
			p.Poll(live, 1, 0, true, Pace(1)) // a human to move
			return !p.HintRunning()
		})
		mv, ok := p.Hint()
		if !ok || !live.IsLegal(mv) || p.HintText() != live.FormatMove(mv) {
			t.Fatalf("%s: hint %v %v %q", name, mv, ok, p.HintText())
		}
		p.MovePlayed()
		if _, ok := p.Hint(); ok || p.HintText() != "" {
			t.Fatalf("%s: the hint outlives the move", name)
		}
	}
	// The answer for another ply is dropped.
	live := startOf(t, "Attangle", "")
	p.AskHint(live, 0)
	until(t, "the hint", func() bool {
		p.Poll(live, 5, 0, true, Pace(1))
		return !p.HintRunning()
	})
	if _, ok := p.Hint(); ok {
		t.Fatal("a stale hint was kept")
	}
}

func TestPlayerPaused(t *testing.T) {
	m := &engineMaker{}
	p, clk := newTestPlayer(m)
	live := startOf(t, "Attangle", "")
	p.Paused = true
	for range 20 {
		clk.advance(time.Second)
		if _, ok, _ := p.Poll(live, 0, 3, true, Pace(1)); ok || p.Thinking() {
			t.Fatal("a paused player thinks or moves")
		}
	}
	if got := p.StatusText(true); got != "paused · Space resumes" {
		t.Fatalf("status %q", got)
	}
	if got := p.StatusText(false); got != "" {
		t.Fatalf("status on a human's turn %q", got)
	}
	// Space resumes, and the computer moves as soon as it has its answer.
	p.TogglePause()
	until(t, "the move", func() bool {
		_, ok, _ := p.Poll(live, 0, 3, true, Pace(1))
		return ok
	})
}

// TestPlayerPausedThinking: paused while it thinks (or holds its answer back),
// the box says paused, as the status line does, not "thinking…".
func TestPlayerPausedThinking(t *testing.T) {
	p, _ := newTestPlayer(&engineMaker{})
	waitAnswer(t, p, startOf(t, "Attangle", ""), 0)
	p.TogglePause()
	if p.StatusText(true) != "paused · Space resumes" || p.ProgressText() != "paused · Space resumes" {
		t.Errorf("paused: status %q, box %q", p.StatusText(true), p.ProgressText())
	}
}

func TestPlayerIllegalAnswer(t *testing.T) {
	m := &engineMaker{pick: func(game.State) game.Move { return game.Move{A: 1<<64 - 1} }}
	p, clk := newTestPlayer(m)
	live := startOf(t, "Attangle", "")
	waitAnswer(t, p, live, 0)
	clk.advance(time.Minute)
	mv, ok, err := p.Poll(live, 0, 1, true, Pace(1))
	if ok || err == nil || !strings.HasPrefix(err.Error(), "ai: ") || !p.Paused {
		t.Fatalf("move %v %v, error %v, paused %v", mv, ok, err, p.Paused)
	}
	if _, ok, err := p.Poll(live, 0, 1, true, Pace(1)); ok || err != nil {
		t.Fatal("paused, it should neither move nor complain again")
	}
}

func TestPlayerLevelOne(t *testing.T) {
	clk := newFakeClock()
	p := NewPlayer(clk.now) // the real engines
	live := startOf(t, "Andantino", "")
	clk.advance(time.Minute)
	var mv game.Move
	until(t, "level 1's move", func() bool {
		var ok bool
		var err error
		mv, ok, err = p.Poll(live, 0, 1, true, Pace(1))
		if err != nil {
			t.Fatal(err)
		}
		return ok
	})
	if !live.IsLegal(mv) {
		t.Fatal("level 1 played an illegal move")
	}
	p.Close()
}

func TestPlayerTexts(t *testing.T) {
	p, clk := newTestPlayer(&engineMaker{})
	p.ready = &Info{}
	p.jobStart = clk.now()
	for i, want := range []string{"thinking", "thinking.", "thinking..", "thinking...", "thinking"} {
		if got := p.StatusText(true); got != want {
			t.Errorf("after %d steps: %q, want %q", i, got, want)
		}
		clk.advance(300 * time.Millisecond)
	}
	if got := p.ProgressText(); got != "thinking… · T shows its idea" {
		t.Errorf("details off by default: %q", got)
	}
	p.Details = true
	if got := p.ProgressText(); got != "thinking…" {
		t.Errorf("details on, no move yet: %q", got)
	}
	p.hasBest, p.bestTxt = true, "e4"
	for _, inf := range []Info{{Value: 0.734, Depth: 14}, {Value: 0.5, Playouts: 12345}} {
		p.best = inf
		if got := p.ProgressText(); got != "thinking · likes e4" {
			t.Errorf("%+v: %q, want the move in words, no engine figures", inf, got)
		}
	}
	p.Details = false
	if got := p.ProgressText(); got != "thinking… · T shows its idea" {
		t.Errorf("details off: %q", got)
	}
	for n, want := range map[int]string{950: "950", 12345: "12k", 1234567: "1.2M"} {
		if got := Kilo(n); got != want {
			t.Errorf("Kilo(%d) = %q", n, got)
		}
	}
	for sp, want := range map[float64]time.Duration{0: 1200 * time.Millisecond, 0.5: 2400 * time.Millisecond, 1: 1200 * time.Millisecond, 2: 600 * time.Millisecond, 4: 600 * time.Millisecond} {
		if got := Pace(sp); got != want {
			t.Errorf("Pace(%v) = %v", sp, got)
		}
	}
}

// holds reports whether e's Monte Carlo search holds a tree's memory.
func holds(e Engine) bool {
	s := monteCarlo(e).s
	s.idle.mu.Lock()
	defer s.idle.mu.Unlock()
	return s.mem != nil
}

// TestPlayerReleases: the engines give their trees' memory back when the
// player drops them: on Close, on a cancel (the running search gives it back
// when it ends), at the end of the game, and the hint's engine after its
// answer.
func TestPlayerReleases(t *testing.T) {
	var made []Engine
	p := NewPlayer(newFakeClock().now)
	p.NewEngine = func(level int, seed uint64) (Engine, error) {
		e, err := NewLevel(level, seed)
		made = append(made, e)
		return e, err
	}
	var hints []Engine
	p.NewHintEngine = func() Engine {
		e := NewMCTS("hint", Config{Playouts: 500})
		hints = append(hints, e)
		return e
	}
	live := startOf(t, "Attangle", "")
	waitAnswer(t, p, live, 0)
	if !holds(made[0]) {
		t.Fatal("the engine holds no tree after its search")
	}
	p.Close()
	if holds(made[0]) {
		t.Error("Close kept the engine's tree")
	}

	// Cancelled while it searches (level 4, long enough): given back once the
	// search has ended.
	p = NewPlayer(newFakeClock().now)
	p.NewEngine = func(level int, seed uint64) (Engine, error) {
		e, err := NewLevel(level, seed)
		made = append(made, e)
		return e, err
	}
	if _, _, err := p.Poll(live, 0, 4, true, Pace(1)); err != nil || p.job == nil {
		t.Fatalf("no search started: %v", err)
	}
	e := made[len(made)-1]
	p.Cancel()
	until(t, "the cancelled engine's memory", func() bool { return !holds(e) })

	// The game over: the engines go.
	waitAnswer(t, p, live, 0)
	e = made[len(made)-1]
	rec, err := save.ReadFile("../save/testdata/golden/attangle.trihex")
	if err != nil || !rec.Final.Result().Over {
		t.Fatalf("a finished game: %v", err)
	}
	p.Poll(rec.Final, 46, 1, true, Pace(1))
	if holds(e) || p.engines != [2]Engine{} {
		t.Error("the engines outlived the game")
	}

	// The hint's engine, after its answer.
	p.NewHintEngine = func() Engine {
		e := NewMCTS("hint", Config{Playouts: 500})
		hints = append(hints, e)
		return e
	}
	p.AskHint(live, 0)
	until(t, "the hint", func() bool { p.Poll(live, 0, 0, true, Pace(1)); return !p.HintRunning() })
	if _, ok := p.Hint(); !ok || holds(hints[0]) {
		t.Errorf("hint %v, its engine holds its tree %v", ok, holds(hints[0]))
	}
}

// TestRelease: an engine released while it searches keeps its memory until
// the search ends, then gives it back, and searches again afterwards from
// scratch.
func TestRelease(t *testing.T) {
	pos := replay(t, "Andantino", "", abMidgames[0])
	e, _ := ParseEngine("ab,t=60", 0, 0, 1)
	ab := e.(*abEngine)
	job := Start(context.Background(), e, pos)
	<-job.Progress // it searches
	Release(e)
	table := func() bool {
		ab.ab.idle.mu.Lock()
		defer ab.ab.idle.mu.Unlock()
		return ab.ab.tt != nil
	}
	if !table() {
		t.Fatal("the table went while its search ran")
	}
	job.Cancel()
	<-job.Done
	if table() {
		t.Error("the table stayed after the search ended")
	}
	ab.cfg.Time = 50 * time.Millisecond
	if inf := e.Choose(context.Background(), pos.Clone()); !pos.IsLegal(inf.Move) {
		t.Errorf("after Release: move %v", inf.Move)
	}
	m := NewMCTS("m", Config{Playouts: 300, Prior: defaultPrior})
	s := startOf(t, "Abande", "")
	m.Choose(context.Background(), s)
	Release(m)
	if holds(m) {
		t.Error("Release kept the tree")
	}
	if inf := m.Choose(context.Background(), s); !s.IsLegal(inf.Move) || inf.Playouts != 300 {
		t.Errorf("after Release: move %v, %d playouts", inf.Move, inf.Playouts)
	}
}

// A search that would run past its level's promise is told to answer, with its
// best so far, just before the promise: counted from the person's move, the
// answer is played within Levels[n].Reply however long the engine would take.
// An external engine keeps its own time.
func TestPlayerReplyWithinPromise(t *testing.T) {
	for _, level := range []int{1, 3, 5, Expert} {
		m := &engineMaker{gate: make(chan struct{})} // never opened: only a cancel ends the search
		p, clk := newTestPlayer(m)
		live := startOf(t, "Attangle", "")
		p.MovePlayed() // the person's move
		reply := Levels[level].Reply
		if _, ok, _ := p.Poll(live, 0, level, true, ReplyPace(1)); ok || p.job == nil {
			t.Fatalf("level %d: no search started", level)
		}
		clk.advance(reply - replyMargin - time.Millisecond)
		if _, ok, _ := p.Poll(live, 0, level, true, ReplyPace(1)); ok || p.jobCut {
			t.Fatalf("level %d: cut before the promise's margin", level)
		}
		clk.advance(time.Millisecond)
		var played bool
		until(t, "the cut answer", func() bool {
			_, played, _ = p.Poll(live, 0, level, true, ReplyPace(1))
			return played
		})
		if waited := clk.now().Sub(p.lastMove); waited > reply {
			t.Errorf("level %d: answered %v after the move, promise %v", level, waited, reply)
		}
		if n := m.made[0].cancelled.Load(); n != 1 {
			t.Errorf("level %d: search cancelled %d times, want once", level, n)
		}
		p.Close()
	}
	m := &engineMaker{gate: make(chan struct{})}
	p, clk := newTestPlayer(m)
	p.External = func(game.Player) (Engine, error) { return m.make(0, 0) }
	live := startOf(t, "Attangle", "")
	p.Poll(live, 0, 3, true, ReplyPace(1))
	clk.advance(time.Minute)
	p.Poll(live, 0, 3, true, ReplyPace(1))
	if p.jobCut || m.made[0].cancelled.Load() != 0 {
		t.Error("an external engine's search was cut at the level's promise")
	}
	close(m.gate)
	p.Close()
}

// After a person's move the computer waits only for their piece to land
// (ReplyPace); between its own moves, the whole Pace so that they can be
// followed.
func TestReplyPace(t *testing.T) {
	for _, sp := range []float64{0.5, 1, 2, 4} {
		if r, pc := ReplyPace(sp), Pace(sp); r >= pc || r < 300*time.Millisecond {
			t.Errorf("speed %g: reply pace %v, pace %v", sp, r, pc)
		}
	}
}
