package ai

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"trihex/ai/knowledge"
	"trihex/game"
	"trihex/game/clock"
)

const (
	ms  = time.Millisecond
	sec = time.Second
)

// The limits for the clocks a game meets, at the default overhead (150 ms)
// and a game of 60 plies: the base time is what is left after the reserve
// (overhead and a sixteenth) over the moves to come, plus the increment less
// the overhead; soft is the base, hard three bases, both within the reserve.
func TestLimitsTable(t *testing.T) {
	tm := TimeManager{Plies: 60}
	for _, c := range []struct {
		name       string
		clock      ClockState
		ply        int
		soft, hard time.Duration
	}{
		// (30 s − 0.15 − 1.875) / 30 moves + (0.5 − 0.15)
		{"30+0.5 at the start", ClockState{Left: 30 * sec, Increment: 500 * ms}, 0, 1_282_500_000, 3_847_500_000},
		// past the typical length: 8 moves to go at least
		{"30+0.5 long after", ClockState{Left: 8 * sec, Increment: 500 * ms}, 90, 1_268_750_000, 3_806_250_000},
		{"tiny time left", ClockState{Left: 100 * ms, Increment: 0}, 20, minThink, minThink},
		{"nothing left", ClockState{}, 20, minThink, minThink},
		// a minute's increment comes after the move: 1 s − 0.15 − 0.0625 now
		{"huge increment", ClockState{Left: sec, Increment: time.Minute}, 20, 787_500_000, 787_500_000},
		// byo-yomi's last period: 10 s − 0.15 − 0.625 a move, no main time
		{"byo-yomi last period", ClockState{Periods: 1, Period: 10 * sec}, 30, 9_225_000_000, 9_225_000_000},
		{"byo-yomi periods left", ClockState{Periods: 5, Period: 10 * sec}, 30, 9_225_000_000, 9_225_000_000},
		// main time: (60 − 0.15 − 3.75)/30 + (30 − 0.15 − 1.875); hard: 90 s
		// less the reserve
		{"byo-yomi main time", ClockState{Left: time.Minute, Periods: 5, Period: 30 * sec}, 0, 29_845_000_000, 84_225_000_000},
		// correspondence: the day is this move's
		{"correspondence", ClockState{Left: 24 * time.Hour, MovesToGo: 1}, 0, 80_999_850_000_000, 80_999_850_000_000},
		// 2 moves to go, no increment: (10 s − 0.15 − 0.625 − 0.03 for the
		// next move) / 2
		{"moves to go", ClockState{Left: 10 * sec, MovesToGo: 2}, 0, 4_597_500_000, 9_195_000_000},
		// sudden death: 30 ms kept for each of the 29 moves to come
		// (10 s − 0.15 − 0.625 − 0.87) / 30
		{"10+0 at the start", ClockState{Left: 10 * sec}, 0, 278_500_000, 835_500_000},
		// late in a game without increment what is left is what the moves
		// to come need to be answered: the least search
		{"sudden death, late", ClockState{Left: 350 * ms}, 50, minThink, minThink},
	} {
		soft, hard := tm.Limits(c.clock, c.ply, Stability{})
		if soft != c.soft || hard != c.hard {
			t.Errorf("%s: soft %v hard %v, want %v %v", c.name, soft, hard, c.soft, c.hard)
		}
	}
}

// untilFlag is how long side c can think before it flags, and before it
// spends a byo-yomi period.
func untilFlag(c ClockState) time.Duration {
	if c.Periods > 0 {
		return c.Left + c.Period
	}
	return c.Left
}

// Whatever the clock and the stability: soft ≤ hard, both at least minThink,
// and hard leaves the overhead on the clock (when there is more than that),
// spends no byo-yomi period and at most three base times; more time left
// never gives less.
func TestLimitsInvariants(t *testing.T) {
	tm := TimeManager{Overhead: 100 * ms}
	lefts := []time.Duration{0, ms, 50 * ms, 100 * ms, 101 * ms, 300 * ms, sec, 7 * sec, 30 * sec, 5 * time.Minute, 3 * time.Hour}
	incs := []time.Duration{0, 10 * ms, 500 * ms, 5 * sec, time.Hour}
	stabs := []Stability{{}, {Elapsed: sec, Held: sec}, {Elapsed: sec, Changes: 1, Held: 800 * ms},
		{Elapsed: sec, Changes: 2, Held: 100 * ms}, {Elapsed: sec, Changes: 40, Held: 0}}
	var clocks []ClockState
	for _, l := range lefts {
		for _, inc := range incs {
			clocks = append(clocks, ClockState{Left: l, Increment: inc})
			for _, n := range []int{1, 3} {
				clocks = append(clocks, ClockState{Left: l, Periods: n, Period: max(inc, ms)})
			}
			clocks = append(clocks, ClockState{Left: l, Increment: inc, MovesToGo: 3})
		}
	}
	for _, c := range clocks {
		for _, ply := range []int{0, 10, 40, 200} {
			prevSoft := time.Duration(0)
			for i, st := range stabs {
				soft, hard := tm.Limits(c, ply, st)
				base, _ := tm.Limits(c, ply, Stability{})
				switch {
				case soft > hard || soft < minThink:
					t.Fatalf("%+v ply %d %+v: soft %v hard %v", c, ply, st, soft, hard)
				case untilFlag(c) > tm.Overhead && hard > untilFlag(c)-tm.Overhead:
					t.Fatalf("%+v ply %d: hard %v leaves less than the overhead of %v", c, ply, hard, untilFlag(c))
				case hard > max(3*base+3, minThink):
					t.Fatalf("%+v ply %d: hard %v over three bases of %v", c, ply, hard, base)
				case i >= 2 && soft < prevSoft:
					t.Fatalf("%+v ply %d: more changes, less time: %v after %v", c, ply, soft, prevSoft)
				}
				if i >= 1 {
					prevSoft = soft
				}
			}
			more := c
			more.Left += sec
			s1, h1 := tm.Limits(c, ply, Stability{})
			s2, h2 := tm.Limits(more, ply, Stability{})
			if s2 < s1 || h2 < h1 {
				t.Fatalf("%+v ply %d: a second more gives %v %v, less than %v %v", c, ply, s2, h2, s1, h1)
			}
		}
	}
}

// Stability scales the base: 0.6 for a move that held the whole search, 0.85
// for one that held its second half, 1.3 and 1.6 after one and two late
// changes, never beyond twice the base.
func TestLimitsStability(t *testing.T) {
	tm := TimeManager{Plies: 60}
	c := ClockState{Left: 5 * time.Minute}
	base, hard := tm.Limits(c, 0, Stability{})
	for _, x := range []struct {
		st Stability
		f  float64
	}{
		{Stability{Elapsed: sec, Held: sec}, 0.6},
		{Stability{Elapsed: sec, Changes: 1, Held: 600 * ms}, 0.85},
		{Stability{Elapsed: sec, Changes: 1, Held: 200 * ms}, 1.3},
		{Stability{Elapsed: sec, Changes: 2, Held: 200 * ms}, 1.6},
		{Stability{Elapsed: sec, Changes: 9, Held: 0}, 2},
	} {
		soft, h := tm.Limits(c, 0, x.st)
		if want := time.Duration(x.f * float64(base)); soft != want || h != hard {
			t.Errorf("%+v: soft %v hard %v, want %v %v", x.st, soft, h, want, hard)
		}
	}
}

// Every game's knowledge says how long its games are, and the time manager
// reads it.
func TestTimeManagerKnowsTheGames(t *testing.T) {
	for _, name := range game.Names() {
		info, _ := game.Lookup(name)
		g := knowledge.Of(info)
		if g == nil {
			continue
		}
		l, ok := g.(knowledge.Length)
		if !ok {
			t.Errorf("%s: its knowledge has no length", info.Name)
			continue
		}
		if tm := NewTimeManager(info); tm.Plies != l.Plies() || l.Plies() < 20 {
			t.Errorf("%s: %d plies, the time manager %d", info.Name, l.Plies(), tm.Plies)
		}
	}
}

// ClockFor reads each control's side.
func TestClockFor(t *testing.T) {
	f := clock.FischerControl(3*time.Minute, 2*sec)
	if c, ok := ClockFor(f, clock.Side{Main: 90 * sec, Moved: true}); !ok || c != (ClockState{Left: 90 * sec, Increment: 2 * sec}) {
		t.Errorf("Fischer: %+v %v", c, ok)
	}
	b := clock.ByoYomiControl(time.Minute, 5, 30*sec)
	if c, ok := ClockFor(b, clock.Side{Periods: 2, Period: 12 * sec}); !ok || c != (ClockState{Periods: 2, Period: 12 * sec}) {
		t.Errorf("byo-yomi: %+v %v", c, ok)
	}
	d := clock.CorrespondenceControl(3)
	if c, ok := ClockFor(d, d.Start().Sides[0]); !ok || c != (ClockState{Left: 72 * time.Hour, MovesToGo: 1}) {
		t.Errorf("correspondence: %+v %v", c, ok)
	}
	if _, ok := ClockFor(clock.Control{}, clock.Side{}); ok {
		t.Error("no clock gave a state")
	}
}

// reportEngine searches until cancelled, reporting every 100 ms the move its
// script names for that report (the last one from then on); without report
// it reports nothing.
type reportEngine struct {
	moves   []int // the index of the legal move best at each report
	report  func(Info)
	elapsed time.Duration
}

func (e *reportEngine) Name() string { return "reports" }

func (e *reportEngine) WithProgress(report func(Info)) Engine {
	e.report = report
	return e
}

func (e *reportEngine) Choose(ctx context.Context, pos game.State) Info {
	t0 := time.Now()
	legal := pos.LegalMoves(nil)
	best := legal[0]
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			e.elapsed = time.Since(t0)
			return Info{Move: best, Value: 0.5}
		case <-time.After(100 * ms):
		}
		if e.report != nil && len(e.moves) > 0 {
			best = legal[e.moves[min(i, len(e.moves)-1)]]
			e.report(Info{Move: best, Value: 0.5})
		}
	}
}

// On a clock, in fake time: a search whose best move never changes stops at
// 0.6 base times, one whose move changed early at 0.85, one that keeps
// changing at twice the base, one that says nothing at the base, and none
// goes past the hard limit.
func TestChooseOnClockStability(t *testing.T) {
	pos := startOf(t, "attangle", "")
	tm := TimeManager{Plies: 60}
	c := ClockState{Left: 60 * sec, Increment: sec}
	base, hard := tm.Limits(c, pos.Ply(), Stability{})
	for _, x := range []struct {
		name  string
		moves []int
		want  time.Duration
	}{
		{"stable", []int{0}, time.Duration(0.6 * float64(base))},
		{"changed early", []int{0, 1, 1}, time.Duration(0.85 * float64(base))},
		{"changing", []int{0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29}, 2 * base},
		{"silent", nil, base},
	} {
		synctest.Test(t, func(t *testing.T) {
			e := &reportEngine{moves: x.moves}
			inf := ChooseOnClock(context.Background(), e, pos, c, tm)
			if !pos.IsLegal(inf.Move) {
				t.Errorf("%s: illegal move", x.name)
			}
			// The reports come every 100 ms: a limit between two is met
			// on time by the timer.
			if e.elapsed != x.want || e.elapsed > hard {
				t.Errorf("%s: searched %v, want %v (base %v, hard %v)", x.name, e.elapsed, x.want, base, hard)
			}
		})
	}
}

// With little time left the hard limit cuts a search short; cancelling the
// caller's context stops it at once.
func TestChooseOnClockHard(t *testing.T) {
	pos := startOf(t, "abande", "")
	tm := TimeManager{}
	c := ClockState{Left: 400 * ms}
	_, hard := tm.Limits(c, pos.Ply(), Stability{})
	synctest.Test(t, func(t *testing.T) {
		e := &reportEngine{moves: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
		ChooseOnClock(context.Background(), e, pos, c, tm)
		if e.elapsed > hard || hard > 400*ms-tm.reserve(400*ms) {
			t.Errorf("searched %v, hard %v", e.elapsed, hard)
		}
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(30*ms, cancel)
		ChooseOnClock(ctx, e, pos, ClockState{Left: time.Hour}, tm)
		if e.elapsed != 30*ms {
			t.Errorf("cancelled after 30 ms, searched %v", e.elapsed)
		}
	})
}

// A level on a clock with plenty of time spends its own budget, no more:
// level 1's 150 playouts; with a millisecond left it still answers a legal
// move, its search cut short.
func TestChooseOnClockBudget(t *testing.T) {
	pos := startOf(t, "attangle", "")
	e, err := NewLevel(1, 5)
	if err != nil {
		t.Fatal(err)
	}
	inf := ChooseOnClock(context.Background(), e, pos, ClockState{Left: time.Hour}, TimeManager{})
	if inf.Playouts != Levels[1].Playouts || !pos.IsLegal(inf.Move) {
		t.Errorf("an hour left: %d playouts, move legal %v", inf.Playouts, pos.IsLegal(inf.Move))
	}
	e5, _ := NewLevel(5, 5)
	defer Release(e5)
	inf = ChooseOnClock(context.Background(), e5, pos, ClockState{Left: ms}, TimeManager{})
	if inf.Playouts >= Levels[5].Budget(pos.Info()) || !pos.IsLegal(inf.Move) {
		t.Errorf("a millisecond left: %d playouts, move legal %v", inf.Playouts, pos.IsLegal(inf.Move))
	}
}

// The window's computer on a clock, in fake time: told the side's time by
// Player.Clock, it searches within the move's base time (an engine that
// would think forever is cancelled there), and the pace holds its answer
// back no longer than that; without a clock it thinks until the engine
// answers and waits the whole pace.
func TestPlayerOnClock(t *testing.T) {
	live := startOf(t, "Attangle", "")
	tm := NewTimeManager(live.Info())
	c := ClockState{Left: 20 * sec}
	base, _ := tm.Limits(c, 0, Stability{})
	pace := 10 * sec // longer than the base, so that the clock decides
	synctest.Test(t, func(t *testing.T) {
		p := NewPlayer(nil)
		var asked []game.Player
		p.Clock = func(side game.Player) (ClockState, bool) {
			asked = append(asked, side)
			return c, true
		}
		gate := make(chan struct{}) // never closed: only the clock ends the search
		m := &engineMaker{gate: gate}
		p.NewEngine = m.make
		t0 := time.Now()
		var mv game.Move
		for ok := false; !ok; {
			var err error
			if mv, ok, err = p.Poll(live, 0, 3, true, pace); err != nil {
				t.Fatal(err)
			}
			if !ok {
				time.Sleep(10 * ms) // a frame
			}
		}
		took := time.Since(t0)
		if !live.IsLegal(mv) || m.made[0].cancelled.Load() != 1 {
			t.Errorf("move %v, cancelled %d times", mv, m.made[0].cancelled.Load())
		}
		if took < base || took > base+10*ms {
			t.Errorf("answered after %v, the base time is %v", took, base)
		}
		if len(asked) != 1 || asked[0] != game.First {
			t.Errorf("asked the clock of %v", asked)
		}

		// Without a clock the same engine would wait on its gate: it
		// answers at once once the gate is open, then the pace holds it.
		p.Clock = nil
		close(gate)
		next := live.Clone()
		next.Apply(mv)
		p.MovePlayed()
		t0 = time.Now()
		for ok := false; !ok; {
			if _, ok, _ = p.Poll(next, 1, 3, true, pace); !ok {
				time.Sleep(10 * ms)
			}
		}
		if took := time.Since(t0); took < pace || took > pace+10*ms {
			t.Errorf("without a clock answered after %v, the pace is %v", took, pace)
		}
		p.Close()
	})
}

// Whole games on the time manager's arithmetic: each move searches to its
// soft limit (a stable move's 0.6 bases, or a changing one's two) and then
// costs 20 ms more, for answering and handing the move over on a busy
// machine. Over a game of the expected length and ten own moves more, in
// sudden death from 2 s and 10 s, at 30+0.5, 1+0 and byo-yomi, no flag falls.
func TestLimitsWholeGames(t *testing.T) {
	tm := TimeManager{Plies: 52}
	const answer = 20 * ms
	for _, c := range []struct {
		name string
		ctl  clock.Control
	}{
		{"2+0", clock.FischerControl(2*sec, 0)},
		{"10+0", clock.FischerControl(10*sec, 0)},
		{"1+0", clock.FischerControl(time.Minute, 0)},
		{"30+0.5", clock.FischerControl(30*sec, 500*ms)},
		{"0+1x2", clock.ByoYomiControl(0, 1, 2*sec)},
		{"10+3x1", clock.ByoYomiControl(10*sec, 3, sec)},
	} {
		for _, st := range []Stability{{Elapsed: sec, Held: sec}, {Elapsed: sec, Changes: 5}} {
			// A Clock in fake time charges each move as a game's does.
			synctest.Test(t, func(t *testing.T) {
				clk := clock.New(c.ctl, nil)
				side := game.First
				for ply := range tm.Plies + 20 {
					cs, _ := ClockFor(c.ctl, clk.Side(side))
					soft, _ := tm.Limits(cs, ply, st)
					time.Sleep(soft + answer)
					if err := clk.Press(side); err != nil {
						t.Fatalf("%s, %+v: flag at ply %d: %v", c.name, st, ply+1, err)
					}
					side = side.Other()
				}
			})
		}
	}
}
