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
// returns the last view. It ends early when ctx does or the seat is refused.
func Play(ctx context.Context, c *Client, choose Mover) (View, error) {
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
		if v.YourMove() && v.Pending == "" {
			mv, err := choose(ctx, &v)
			if err != nil {
				return v, err
			}
			_ = c.Move(mv) // refused only when the view moved on meanwhile: look again
			continue
		}
		select {
		case <-c.Wake():
		case <-c.Done():
			return c.View(), ErrClosed
		case <-ctx.Done():
			return v, ctx.Err()
		}
	}
}

// EngineMover plays with an engine of package ai. With a clock it spends at most
// a 25th of its main time left on a move (a quarter of a byo-yomi period once
// the main time is spent), and less than the level's own cap.
func EngineMover(e ai.Engine) Mover {
	return func(ctx context.Context, v *View) (string, error) {
		if c := v.Clock; c != nil && v.Control().Kind != clock.Correspondence {
			// A 25th of the main time, or once a byo-yomi main time is
			// spent, a quarter of the period that runs.
			sd := c.Sides[v.Seat-1]
			budget := time.Duration(sd.Main/25) * time.Millisecond
			if sd.Main == 0 {
				budget = time.Duration(sd.Period/4) * time.Millisecond
			}
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, max(budget, 20*time.Millisecond))
			defer cancel()
		}
		info := e.Choose(ctx, v.Position)
		if info.Move == (game.Move{}) {
			return "", errors.New("online: the engine found no move")
		}
		return v.Position.FormatMove(info.Move), nil
	}
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
