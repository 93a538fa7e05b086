package table

import (
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/online/proto"
)

// The game's clock is game/clock's, read at the times stamped on the events
// (t.at), never at the wall clock: any node that folds the same events charges
// the same times and sees the same flag. Each side's first move is free, as
// game/clock has it, so the clocks run once both sides have moved.

// Lag forgiveness, after Lichess's LagTracker: each move may be forgiven the lag
// the authority measured on the mover's connection, up to a quota that grows by a
// gain each move (at most 1 s, less in faster games) and is capped at 7 gains; a
// flag waits for up to 2 s of what is left of the quota.
const (
	maxGain  = 1000
	maxGrace = 2000
)

func gain(ctl clock.Control) int64 {
	var est time.Duration // an estimate of a whole game for one side
	switch ctl.Kind {
	case clock.Fischer:
		est = ctl.Base + 40*ctl.Increment
	case clock.ByoYomi:
		est = ctl.Base + 40*ctl.Period
	default:
		return 0
	}
	return min(maxGain, int64(est/time.Second)*4+150)
}

// startClock gives t its clock, read at t.at.
func (t *Table) startClock(ctl clock.Control) {
	t.ctl = ctl
	if ctl.Kind == clock.NoClock {
		return
	}
	t.clk = clock.New(ctl, func() time.Time { return time.UnixMilli(t.at) })
	g := 3 * gain(ctl)
	t.quota = [2]int64{g, g}
}

// peek is a copy of the clock read at time at, so that looking at the clock
// (a flag that would fall) changes nothing in the game.
func (t *Table) peek(at int64) *clock.Clock {
	c := *t.clk
	t.at = at
	return &c
}

// TimeControl is the game's time control.
func (t *Table) TimeControl() clock.Control { return t.ctl }

// grace is how long past its time seat s's flag waits: none in correspondence.
func (t *Table) grace(s int) int64 {
	if t.ctl.Kind == clock.Correspondence {
		return 0
	}
	return min(t.quota[s-1], maxGrace)
}

// compensation is the lag forgiven on seat s's move, given the measured lag;
// none while its clock does not run.
func (t *Table) compensation(s int, lag int64) int64 {
	if t.clk == nil || t.ctl.Kind == clock.Correspondence || lag <= 0 || !t.peek(t.turnAt).Running() {
		return 0
	}
	return min(lag, t.quota[s-1])
}

// inTime reports whether seat s's move at time at, forgiven comp, is in time.
func (t *Table) inTime(at, comp int64) bool {
	if t.clk == nil {
		return true
	}
	return t.peek(max(at-comp, t.turnAt)).Flag() == game.NoPlayer
}

// press charges seat s's move at time at, comp ms of lag forgiven: the clock is
// pressed at at-comp, and the other side's time runs from at.
func (t *Table) press(s int, at, comp int64) error {
	defer func() { t.turnAt = at }()
	if t.clk == nil {
		return nil
	}
	running := t.peek(t.turnAt).Running()
	t.at = max(at-comp, t.turnAt)
	if err := t.clk.Press(game.Player(s - 1)); err != nil {
		return err
	}
	snap := t.clk.Snapshot()
	t.at = at
	if err := t.clk.Restore(snap); err != nil {
		return err
	}
	if running && t.ctl.Kind != clock.Correspondence {
		g := gain(t.ctl)
		t.quota[s-1] = min(t.quota[s-1]-comp+g, 7*g)
	}
	return nil
}

// flag stops the clock with seat s's time run out, at time at.
func (t *Table) flag(s int, at int64) {
	if t.clk == nil {
		return
	}
	t.at = at
	snap := t.clk.Snapshot()
	snap.Sides[s-1].Main, snap.Sides[s-1].Periods, snap.Sides[s-1].Period = 0, 0, 0
	snap.Flagged = game.Player(s - 1)
	_ = t.clk.Restore(snap) // a side at zero: a snapshot any control can have
}

// stopClock stands the clock at time at: the game is over.
func (t *Table) stopClock(at int64) {
	if t.clk != nil {
		t.at = at
		t.clk.Stop()
	}
}

// Deadline is when the side to move loses on time if it has not moved (Unix ms),
// grace included; false when no clock runs.
func (t *Table) Deadline() (int64, bool) {
	if t.res.Over || t.aborted || t.clk == nil || !t.Joined(1) || !t.Joined(2) {
		return 0, false
	}
	c := t.peek(t.turnAt)
	if !c.Running() {
		return 0, false
	}
	s := t.ToMove()
	return t.turnAt + c.UntilFlag(game.Player(s-1)).Milliseconds() + t.grace(s), true
}

// Due returns the event the passing of time makes at now: the side to move's
// flag, once its deadline has passed.
func (t *Table) Due(now int64) (*Event, bool) {
	d, ok := t.Deadline()
	if !ok || now < d {
		return nil, false
	}
	return &Event{K: KFlag, At: now, Seat: t.ToMove()}, true
}

// Clock is the clocks as of now, for the wire; nil without a time control.
func (t *Table) Clock(now int64) *proto.Clock {
	if t.clk == nil {
		return nil
	}
	return proto.ClockOf(t.peek(max(now, t.turnAt)).Snapshot(), now)
}

// ClockSnapshot is the clocks as of now, as game/clock has them; false without
// a time control.
func (t *Table) ClockSnapshot(now int64) (clock.Snapshot, bool) {
	if t.clk == nil {
		return clock.Snapshot{}, false
	}
	return t.peek(max(now, t.turnAt)).Snapshot(), true
}

// stamps are each move's clock as the record's [%clk] writes it (see
// proto.Snapshot.Clk): only Fischer and byo-yomi clocks are written.
func (t *Table) stamps() []int64 {
	if t.ctl.Kind != clock.Fischer && t.ctl.Kind != clock.ByoYomi {
		return nil
	}
	out := make([]int64, 0, len(t.moves))
	for i := 1; i <= len(t.moves); i++ {
		sd := t.snaps[i].Sides[(i-1)%2]
		if sd.Main == 0 && sd.Periods > 0 {
			out = append(out, -int64(sd.Periods))
		} else {
			out = append(out, sd.Main.Milliseconds())
		}
	}
	return out
}
