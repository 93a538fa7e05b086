package online

import (
	"context"
	"errors"
	"time"

	"trihex/ai"
	"trihex/game"
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
// authority's figures, less what has run since they arrived when our time
// runs; false without a clock.
func clockState(v *View, now time.Time) (ai.ClockState, bool) {
	c := v.Clock
	if c == nil || v.Seat < 1 || v.Seat > 2 {
		return ai.ClockState{}, false
	}
	tc, err := proto.ParseTC(c.TC)
	if err != nil || tc.Kind == proto.TCNone {
		return ai.ClockState{}, false
	}
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	left := ms(c.Left[v.Seat-1])
	var ran time.Duration
	if c.Running == v.Seat && !v.ClockAt.IsZero() {
		ran = max(now.Sub(v.ClockAt), 0)
	}
	st := ai.ClockState{Left: max(left-ran, 0)}
	switch tc.Kind {
	case proto.TCFischer:
		st.Increment = ms(tc.Inc)
	case proto.TCByoyomi:
		st.Periods, st.Period = c.Periods[v.Seat-1], ms(tc.Period)
		switch {
		case st.Periods == 0:
			st.Period = 0
		case c.Running == v.Seat && left < st.Period:
			// The authority writes a running period's time where the main
			// time goes, and counts that period in Periods: what is under
			// a period is taken for one (at worst a little main time is
			// not counted on), and never as main time and a whole period
			// more.
			st.Left, st.Period = 0, max(left-ran, 0)
		default:
			// What has run past the main time comes out of the current
			// period.
			st.Period = max(st.Period-max(ran-left, 0), 0)
		}
	case proto.TCDays:
		st.MovesToGo = 1
	}
	return st, true
}

// Record writes the game of v as a record: the same text at both ends, since
// every part of it comes from the authority (names, the day it was created).
func Record(v *View) (string, error) {
	var moves []game.Move
	s := v.Start.Clone()
	for _, t := range v.Moves {
		m, err := s.ParseMove(t)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return "", err
		}
		moves = append(moves, m)
	}
	tags := []save.Tag{{Name: "Date", Value: v.Created.Format("2006-01-02")}}
	for i, side := range v.Info.Players {
		if v.Names[i] != "" {
			tags = append(tags, save.Tag{Name: side, Value: v.Names[i]})
		}
	}
	if tc, err := proto.ParseTC(v.TC); err == nil && tc.Kind != proto.TCNone {
		tags = append(tags, save.Tag{Name: "TimeControl", Value: tc.Tag()})
	}
	// Until records say how a game ended beyond the board, a resignation, a
	// flag or an agreement is kept in a tag of its own.
	if r := v.Result; r != nil && r.Termination != proto.TermRules {
		tags = append(tags, save.Tag{Name: "Ended", Value: v.Describe()})
	}
	return save.Format(v.Start, moves, tags)
}
