package table

import "trihex/online/proto"

// clockState is both sides' time, charged at each move from the stored times.
// Clocks run from the third move on, when both sides have moved once (as the
// large servers do), and only while the game goes on.
type clockState struct {
	Left    [2]int64 // ms: Fischer time, byo-yomi main time, or the day allowance
	Periods [2]int   // byo-yomi periods left
	Quota   [2]int64 // ms of lag each side may still be forgiven
	Since   int64    // when the side to move's time started (Unix ms)
}

// Lag forgiveness, after Lichess's LagTracker: each move may be forgiven the lag
// the authority measured on the mover's connection, up to a quota that grows by a
// gain each move (at most 1 s, less in faster games) and is capped at 7 gains; a
// flag waits for up to 2 s of what is left of the quota.
const (
	maxGain  = 1000
	maxGrace = 2000
)

func gain(tc proto.Control) int64 {
	var est int64 // estimated seconds of a whole game for one side
	switch tc.Kind {
	case proto.TCFischer:
		est = (tc.Base + 40*tc.Inc) / 1000
	case proto.TCByoyomi:
		est = (tc.Base + 40*tc.Period) / 1000
	default:
		return 0
	}
	return min(maxGain, est*4+150)
}

func newClock(tc proto.Control) clockState {
	var c clockState
	g := gain(tc)
	for i := range 2 {
		c.Quota[i] = 3 * g
		switch tc.Kind {
		case proto.TCFischer, proto.TCByoyomi:
			c.Left[i] = tc.Base
			c.Periods[i] = tc.Periods
		case proto.TCDays:
			c.Left[i] = int64(tc.Days) * proto.Day
		}
	}
	return c
}

// runs reports whether the side to move's clock runs after ply moves.
func runs(tc proto.Control, ply int) bool { return tc.Kind != proto.TCNone && ply >= 2 }

// allowance is the time seat s may still spend on its move (ms).
func (c *clockState) allowance(tc proto.Control, s int) int64 {
	a := c.Left[s-1]
	if tc.Kind == proto.TCByoyomi {
		a += int64(c.Periods[s-1]) * tc.Period
	}
	return a
}

// grace is how long past its allowance seat s's flag waits.
func (c *clockState) grace(tc proto.Control, s int) int64 {
	if tc.Kind == proto.TCDays {
		return 0
	}
	return min(c.Quota[s-1], maxGrace)
}

// compensation is the lag forgiven on seat s's move, given the measured lag.
func (c *clockState) compensation(tc proto.Control, s int, lag int64) int64 {
	if tc.Kind == proto.TCDays || lag <= 0 {
		return 0
	}
	return min(lag, c.Quota[s-1])
}

// inTime reports whether seat s's move at time at, forgiven comp, is in time.
func (c *clockState) inTime(tc proto.Control, s, ply int, at, comp int64) bool {
	if !runs(tc, ply) {
		return true
	}
	return max(0, at-c.Since-comp) < c.allowance(tc, s)
}

// charge charges seat s for its move at time at (ply moves were played before
// it), forgiving comp ms of lag.
func (c *clockState) charge(tc proto.Control, s, ply int, at, comp int64) {
	i := s - 1
	defer func() { c.Since = at }()
	if !runs(tc, ply) {
		return
	}
	used := max(0, at-c.Since-comp)
	c.Quota[i] -= comp
	switch tc.Kind {
	case proto.TCFischer:
		c.Left[i] = max(0, c.Left[i]-used) + tc.Inc
	case proto.TCByoyomi:
		if used <= c.Left[i] {
			c.Left[i] -= used
			break
		}
		over := used - c.Left[i]
		c.Left[i] = 0
		c.Periods[i] = max(0, c.Periods[i]-int(over/tc.Period))
	case proto.TCDays:
		return
	}
	c.Quota[i] = min(c.Quota[i]+gain(tc), 7*gain(tc))
}

// stop sets seat s's time to what was left at time at (a flag: none).
func (c *clockState) stop(tc proto.Control, s int, at int64) {
	if tc.Kind == proto.TCNone {
		return
	}
	c.Left[s-1], c.Periods[s-1] = 0, 0
	c.Since = at
}

// Deadline is when the side to move loses on time if it has not moved (Unix ms),
// grace included; false when no clock runs.
func (t *Table) Deadline() (int64, bool) {
	if t.result != nil || !runs(t.TC, len(t.moves)) || !t.Joined(1) || !t.Joined(2) {
		return 0, false
	}
	s := t.ToMove()
	return t.clk.Since + t.clk.allowance(t.TC, s) + t.clk.grace(t.TC, s), true
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

// Clock is the clocks as of now: the running side's time already charged up to
// now. Nil without a time control.
func (t *Table) Clock(now int64) *proto.Clock {
	if t.TC.Kind == proto.TCNone {
		return nil
	}
	c := &proto.Clock{TC: t.TC.String(), Left: t.clk.Left, Periods: t.clk.Periods, At: now}
	if t.result == nil && runs(t.TC, len(t.moves)) {
		s := t.ToMove()
		c.Running = s
		used := max(0, now-t.clk.Since)
		left := c.Left[s-1]
		switch {
		case t.TC.Kind != proto.TCByoyomi || used <= left:
			c.Left[s-1] = max(0, left-used)
		default:
			// In byo-yomi past the main time, Left is what is left of the
			// period that runs, and Periods counts it.
			over := used - left
			c.Periods[s-1] = max(0, c.Periods[s-1]-int(over/t.TC.Period))
			c.Left[s-1] = 0
			if c.Periods[s-1] > 0 {
				c.Left[s-1] = t.TC.Period - over%t.TC.Period
			}
		}
	}
	return c
}
