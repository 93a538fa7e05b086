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

// EngineMover plays with an engine of package ai. With a clock it spends at most
// a 25th of its time left on a move, and less than the level's own cap.
func EngineMover(e ai.Engine) Mover {
	return func(ctx context.Context, v *View) (string, error) {
		if c := v.Clock; c != nil && c.Left[v.Seat-1] > 0 {
			budget := time.Duration(c.Left[v.Seat-1]/25) * time.Millisecond
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
