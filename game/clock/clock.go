package clock

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"trihex/game"
)

// Side is one side's time. Between moves a byo-yomi side has a full period;
// Period is less only while one runs.
type Side struct {
	Main    time.Duration // main time left; correspondence: left for this move
	Periods int           // byo-yomi: periods left, the running one included
	Period  time.Duration // byo-yomi: time left in the current period
	// Moved: the side has made its first move. A side's clock runs only on its
	// turns after that, so that each side's first move is free (as Lichess and
	// the large servers start their clocks once both sides have moved): nobody
	// loses on time before both have played, and a game can be set up without
	// a clock ticking.
	Moved bool
}

// Snapshot is a clock's state at one moment: what undo restores, what a record's
// clock comments and a saved game give back, what a network message carries.
// The side to move's time is as it was at the moment taken; restored, it runs
// on from then.
type Snapshot struct {
	Sides   [2]Side
	ToMove  game.Player
	Flagged game.Player // the side whose time ran out, or game.NoPlayer
}

// Start is the snapshot of a game not begun: both sides' full time, the first
// side to move.
func (c Control) Start() Snapshot {
	s := Side{Main: c.Base, Periods: c.Periods, Period: c.Period}
	if c.Kind == Correspondence {
		s.Main = c.PerMove
	}
	return Snapshot{Sides: [2]Side{s, s}, ToMove: game.First, Flagged: game.NoPlayer}
}

// Errors of Press.
var (
	ErrFlagged = errors.New("clock: the time has run out")
	ErrTurn    = errors.New("clock: not that side's turn")
	ErrStopped = errors.New("clock: stopped")
)

// Clock is the clock of one game: the side to move's time runs (once that side
// has made its first move, see Side.Moved), Press ends a turn, and the flag
// falls when a side's time is exactly used up. It is not safe for concurrent
// use; the session owns it.
type Clock struct {
	ctl     Control
	now     func() time.Time
	snap    Snapshot      // the sides; the side to move's as at the start of its turn
	spent   time.Duration // charged to the side to move this turn, before since
	since   time.Time     // when the running stretch began; zero while stopped
	paused  bool
	stopped bool
}

// New starts a clock for ctl, the first side to move; now reads the time (nil:
// time.Now, whose monotonic reading makes the durations immune to changes of
// the wall clock).
func New(ctl Control, now func() time.Time) *Clock {
	if now == nil {
		now = time.Now
	}
	return &Clock{ctl: ctl, now: now, snap: ctl.Start()}
}

// Control is the clock's time control.
func (c *Clock) Control() Control { return c.ctl }

// ToMove is the side whose turn it is.
func (c *Clock) ToMove() game.Player { return c.snap.ToMove }

// Running reports whether a side's time runs now.
func (c *Clock) Running() bool { c.Flag(); return !c.since.IsZero() }

// Paused reports whether Pause stopped the clock.
func (c *Clock) Paused() bool { return c.paused }

// Stopped reports whether Stop ended the clock.
func (c *Clock) Stopped() bool { return c.stopped }

// runs says whether the side to move's time should run.
func (c *Clock) runs() bool {
	return c.ctl.Kind != NoClock && !c.paused && !c.stopped && c.snap.Flagged == game.NoPlayer &&
		c.snap.Sides[c.snap.ToMove].Moved
}

// settle starts or stops the running stretch after a change of state.
func (c *Clock) settle() {
	switch run := c.runs(); {
	case run && c.since.IsZero():
		c.since = c.now()
	case !run && !c.since.IsZero():
		c.spent += c.now().Sub(c.since)
		c.since = time.Time{}
	}
}

// elapsed is the side to move's time used this turn.
func (c *Clock) elapsed() time.Duration {
	e := c.spent
	if !c.since.IsZero() {
		e += c.now().Sub(c.since)
	}
	return max(e, 0)
}

// use charges e to side s: what is left, and whether the flag falls.
func (c *Clock) use(s Side, e time.Duration) (Side, bool) {
	switch c.ctl.Kind {
	case NoClock:
		return s, false
	case ByoYomi:
		if e < s.Main {
			s.Main -= e
			return s, false
		}
		e -= s.Main
		s.Main = 0
		if e < s.Period {
			s.Period -= e
			return s, false
		}
		e -= s.Period
		rest, l := int64(s.Periods-1), c.ctl.Period
		if n := int64(e / l); n < rest {
			s.Periods, s.Period = int(rest-n), l-e%l
			return s, false
		}
		s.Periods, s.Period = 0, 0
		return s, true
	}
	if e < s.Main {
		s.Main -= e
		return s, false
	}
	s.Main = 0
	return s, true
}

// Side is side p's time now.
func (c *Clock) Side(p game.Player) Side {
	c.Flag()
	s := c.snap.Sides[p&1]
	if p&1 == c.snap.ToMove && c.snap.Flagged == game.NoPlayer {
		s, _ = c.use(s, c.elapsed())
	}
	return s
}

// Remaining is what side p's clock shows: its main time, or once that is spent
// (byo-yomi), the time left in the running period.
func (c *Clock) Remaining(p game.Player) time.Duration {
	s := c.Side(p)
	if c.ctl.Kind == ByoYomi && s.Main == 0 {
		return s.Period
	}
	return s.Main
}

// UntilFlag is the time side p can still use before its flag falls: for
// byo-yomi, its main time and every period left.
func (c *Clock) UntilFlag(p game.Player) time.Duration {
	s := c.Side(p)
	if c.ctl.Kind == ByoYomi && s.Periods > 0 {
		return s.Main + s.Period + time.Duration(s.Periods-1)*c.ctl.Period
	}
	return s.Main
}

// Low reports whether side p's time is short: UntilFlag at or under the
// control's LowTime (a flagged side's too), so the window warns.
func (c *Clock) Low(p game.Player) bool {
	return c.ctl.Kind != NoClock && c.UntilFlag(p) <= c.ctl.LowTime()
}

// Flag returns the side whose time has run out (game.NoPlayer: none). The flag
// falls when the time used reaches the time there was, exactly; the clock then
// stops with that side at zero.
func (c *Clock) Flag() game.Player {
	if c.snap.Flagged != game.NoPlayer || c.since.IsZero() {
		return c.snap.Flagged
	}
	p := c.snap.ToMove
	if s, flag := c.use(c.snap.Sides[p], c.elapsed()); flag {
		c.snap.Sides[p], c.snap.Flagged = s, p
		c.spent, c.since = 0, time.Time{}
	}
	return c.snap.Flagged
}

// Press ends side p's turn: its time used is charged (an error if its flag has
// fallen, ErrFlagged, and the flag stays), then Fischer adds the increment,
// byo-yomi gives a full period again and correspondence the days for the next
// move. A side's first move is free (Side.Moved). The other side's turn begins.
func (c *Clock) Press(p game.Player) error {
	switch {
	case c.Flag() != game.NoPlayer:
		return ErrFlagged
	case c.stopped:
		return ErrStopped
	case p != c.snap.ToMove:
		return ErrTurn
	}
	s := c.snap.Sides[p]
	if s.Moved {
		s, _ = c.use(s, c.elapsed())
		switch c.ctl.Kind {
		case Fischer:
			s.Main += c.ctl.Increment
		case ByoYomi:
			s.Period = c.ctl.Period
		case Correspondence:
			s.Main = c.ctl.PerMove
		}
	}
	s.Moved = true
	c.snap.Sides[p], c.snap.ToMove = s, p.Other()
	c.spent, c.since = 0, time.Time{}
	c.settle()
	return nil
}

// Pause stops the clock until Resume; the time used so far this turn stays
// charged.
func (c *Clock) Pause() {
	c.Flag()
	c.paused = true
	c.settle()
}

// Resume runs the clock again after Pause.
func (c *Clock) Resume() {
	c.paused = false
	c.settle()
}

// Stop ends the clock for good (the game is over): the times stay as they are.
func (c *Clock) Stop() {
	c.Flag()
	c.stopped = true
	c.settle()
}

// Snapshot is the clock's state now.
func (c *Clock) Snapshot() Snapshot {
	c.Flag()
	s := c.snap
	s.Sides[s.ToMove] = c.Side(s.ToMove)
	return s
}

// Restore sets the clock to s (taken by Snapshot, kept for undo, or sent by a
// peer): the side to move's time runs on from now unless the clock is paused
// or stopped. A snapshot the control cannot have is refused and changes
// nothing.
func (c *Clock) Restore(s Snapshot) error {
	if err := c.ctl.Check(s); err != nil {
		return err
	}
	c.snap, c.spent, c.since = s, 0, time.Time{}
	c.settle()
	return nil
}

// Check says why s cannot be a snapshot of a clock of c (a peer may send
// anything), or nil.
func (c Control) Check(s Snapshot) error {
	if s.ToMove != game.First && s.ToMove != game.Second {
		return fmt.Errorf("clock: side to move %d", s.ToMove)
	}
	if s.Flagged < game.NoPlayer || s.Flagged > game.Second {
		return fmt.Errorf("clock: flagged side %d", s.Flagged)
	}
	top := max(c.Base+MaxBase, c.PerMove)
	for _, d := range s.Sides {
		switch {
		case d.Main < 0 || d.Main > top:
			return fmt.Errorf("clock: main time %v out of range", d.Main)
		case c.Kind == ByoYomi && (d.Periods < 0 || d.Periods > c.Periods || d.Period < 0 || d.Period > c.Period):
			return fmt.Errorf("clock: byo-yomi %d × %v out of range", d.Periods, d.Period)
		case c.Kind == ByoYomi && d.Periods > 0 && d.Period == 0:
			return errors.New("clock: a running period with no time")
		case c.Kind != ByoYomi && (d.Periods != 0 || d.Period != 0):
			return errors.New("clock: periods without byo-yomi")
		}
	}
	return nil
}

// Text is side p's clock as the window shows it (see Display); byo-yomi's
// periods once its main time is spent: "0:30 ×3".
func (c *Clock) Text(p game.Player) string {
	s := c.Side(p)
	if c.ctl.Kind == ByoYomi && s.Main == 0 {
		return Display(s.Period) + " ×" + strconv.Itoa(s.Periods)
	}
	return Display(s.Main)
}

// Display writes a time left as a clock shows it, rounded down so that it never
// shows time that is not there: "4:55", "1:02:03", tenths under 10 s ("0:09.4"),
// and days with hours from a day on ("2d 05h").
func Display(d time.Duration) string {
	d = max(d, 0)
	switch {
	case d >= day:
		return fmt.Sprintf("%dd %02dh", d/day, d%day/time.Hour)
	case d >= time.Hour:
		return fmt.Sprintf("%d:%02d:%02d", d/time.Hour, d%time.Hour/time.Minute, d%time.Minute/time.Second)
	case d >= 10*time.Second:
		return fmt.Sprintf("%d:%02d", d/time.Minute, d%time.Minute/time.Second)
	}
	return fmt.Sprintf("0:%02d.%d", d/time.Second, d%time.Second/(100*time.Millisecond))
}
