package online

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/game/clock"
	"trihex/online/proto"
	"trihex/save"
)

// Mover chooses our move in a view where it is our move, in the game's notation.
type Mover func(ctx context.Context, v *View) (string, error)

// Play plays c's seat with choose until the game ends, declining every offer, and
// returns the last view. An opponent gone past the game's limit is claimed
// from (the win), so that a game left by the other side ends. It ends early
// when ctx does or the seat is refused.
func Play(ctx context.Context, c *Client, choose Mover) (View, error) {
	now := c.cfg.Now
	claimed := time.Time{}
	for {
		for _, e := range c.Poll() {
			switch e.Kind {
			case Failed:
				return c.View(), e.Err
			case Offered:
				if v := c.View(); e.Seat != v.Seat && v.Result == nil {
					c.Answer(e.Offer, false)
				}
			}
		}
		v := c.View()
		if v.Result != nil {
			return v, nil
		}
		if v.CanClaim(v.Seat, now()) && now().Sub(claimed) > c.cfg.Resend {
			c.Claim(proto.ClaimWin)
			claimed = now()
		}
		if v.YourMove() && v.Pending == "" {
			mv, err := choose(ctx, &v)
			if err != nil {
				return v, err
			}
			_ = c.Move(mv) // refused only when the view moved on meanwhile: look again
			continue
		}
		var limit <-chan time.Time
		var timer *time.Timer
		if o := 2 - v.Seat; v.Seat != 0 && v.AwayLimit > 0 && v.Joined[o] && !v.Present[o] {
			timer = time.NewTimer(max(v.AwayLimit-now().Sub(v.AwaySince[o]), c.cfg.Resend))
			limit = timer.C
		}
		select {
		case <-c.Wake():
		case <-limit:
		case <-c.Done():
			return c.View(), ErrClosed
		case <-ctx.Done():
			return v, ctx.Err()
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// EngineMover plays with an engine of package ai. With a clock it plays to
// its time as the window's computer does (ai.ChooseOnClock): its level's
// budget or less, never more than its share of the time left.
func EngineMover(e ai.Engine) Mover {
	return func(ctx context.Context, v *View) (string, error) {
		var info ai.Info
		if c, ok := clockState(v, time.Now()); ok {
			info = ai.ChooseOnClock(ctx, e, v.Position, c, ai.NewTimeManager(v.Position.Info()))
		} else {
			info = e.Choose(ctx, v.Position)
		}
		if info.Move == (game.Move{}) {
			return "", errors.New("online: the engine found no move")
		}
		return v.Position.FormatMove(info.Move), nil
	}
}

// clockState is our seat's time in v at now, for the time manager: the
// authority's clocks, run on since they arrived when our time runs; false
// without a clock.
func clockState(v *View, now time.Time) (ai.ClockState, bool) {
	c, ctl := v.Clock, v.Control()
	if c == nil || ctl.Kind == clock.NoClock || v.Seat < 1 || v.Seat > 2 {
		return ai.ClockState{}, false
	}
	snap := c.Snapshot()
	if snap.ToMove == game.Player(v.Seat-1) && !v.ClockAt.IsZero() {
		snap = charged(ctl, snap, now.Sub(v.ClockAt))
	}
	sd := snap.Sides[v.Seat-1]
	st := ai.ClockState{Left: sd.Main}
	switch ctl.Kind {
	case clock.Fischer:
		st.Increment = ctl.Increment
	case clock.ByoYomi:
		st.Periods, st.Period = sd.Periods, sd.Period
		if st.Periods == 0 {
			st.Period = 0
		}
	case clock.Correspondence:
		st.MovesToGo = 1
	}
	return st, true
}

// Record writes the game of v as a record: the same text at both ends, since
// every part of it comes from the authority (names, the day it was created, the
// clocks after each move, how the game ended). An aborted game has no result:
// its record is unterminated.
func Record(v *View) (string, error) {
	root := &save.Node{}
	n := root
	s := v.Start.Clone()
	for i, t := range v.Moves {
		m, err := s.ParseMove(t)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return "", err
		}
		n = n.AddChild(m)
		if i < len(v.Clk) {
			n.Clock = stamp(v.Clk[i])
		}
	}
	tags := []save.Tag{{Name: "Date", Value: v.Created.Format("2006-01-02")}}
	for i, side := range v.Info.Players {
		if v.Names[i] != "" {
			tags = append(tags, save.Tag{Name: side, Value: v.Names[i]})
		}
	}
	if ctl := v.Control(); ctl.Kind != clock.NoClock {
		tags = append(tags, save.Tag{Name: "TimeControl", Value: ctl.String()})
	}
	end := game.Ongoing
	if r, ok := v.Result.Game(); ok && r.Termination != game.ByRules {
		end = r
	}
	return save.FormatEnd(v.Start, root, tags, end)
}

// stamp is a move's [%clk] from its wire form (proto.Snapshot.Clk).
func stamp(ms int64) save.ClockStamp {
	if ms < 0 {
		return save.ClockStamp{Periods: int32(min(-ms, clock.MaxPeriods)), Set: true}
	}
	return save.ClockStamp{Left: time.Duration(ms) * time.Millisecond, Set: true}
}

// clkOf is a side's time after its move in the wire form of a [%clk]
// (proto.Snapshot.Clk).
func clkOf(sd proto.ClockSide) int64 {
	if sd.Main == 0 && sd.Periods > 0 {
		return -int64(sd.Periods)
	}
	return sd.Main
}

// ParseClock reads a time control as the window writes it, minutes first
// (clock.ParseLabel: "5+3", "10m 5×30s", "3 days", "3d"), and "10+5x30" for
// 10 minutes then 5 periods of 30 s.
func ParseClock(s string) (clock.Control, error) {
	t := strings.TrimSpace(s)
	if base, rest, ok := strings.Cut(t, "+"); ok && strings.ContainsAny(rest, "x×") && !strings.ContainsAny(base, "hms ") {
		t = base + "m " + rest
	}
	c, err := clock.ParseLabel(t)
	if err != nil {
		return clock.Control{}, fmt.Errorf("online: %v", strings.TrimPrefix(err.Error(), "clock: "))
	}
	return c, nil
}
