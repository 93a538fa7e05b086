package arena

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/game/cli"
	"trihex/game/clock"
)

// parseClock reads --clock: a time control as a record's TimeControl tag
// writes it, in seconds ("30+0.5", "60+3x10" for byo-yomi); "" is none. A
// correspondence control, of days a move, is no arena's.
func parseClock(s string) (clock.Control, error) {
	if strings.TrimSpace(s) == "" {
		return clock.Control{}, nil
	}
	ctl, err := clock.Parse(s)
	if err == nil && ctl.Kind != clock.Fischer && ctl.Kind != clock.ByoYomi {
		err = fmt.Errorf("clock: time control %q: want BASE+INC or BASE+NxPERIOD, in seconds", s)
	}
	if err != nil {
		return clock.Control{}, cli.UsageError("--clock: " + strings.TrimPrefix(err.Error(), "clock: "))
	}
	return ctl, nil
}

// gameClock is an arena game's clock: one clock.Clock for the two sides, on
// the machine's time.
type gameClock struct {
	ctl   clock.Control
	c     *clock.Clock
	least [2]time.Duration // the least time each engine had left after a move of its own
	moved [2]bool
}

func newGameClock(ctl clock.Control) *gameClock {
	if ctl.Kind == clock.NoClock {
		return nil
	}
	return &gameClock{ctl: ctl, c: clock.New(ctl, nil)}
}

// state is the clock of the side to move, for its engine's time manager.
func (g *gameClock) state(side game.Player) ai.ClockState {
	cs, _ := ai.ClockFor(g.ctl, g.c.Side(side))
	return cs
}

// press ends side's turn after its move: false when its flag fell first (the
// clock then stops). The games alternate sides, so no other error comes. k is the engine (0 A, 1 B) that moved, or -1 for an
// opening move.
func (g *gameClock) press(side game.Player, k int) bool {
	if err := g.c.Press(side); errors.Is(err, clock.ErrFlagged) {
		g.c.Stop()
		return false
	}
	if k >= 0 {
		left := g.c.UntilFlag(side)
		if !g.moved[k] || left < g.least[k] {
			g.least[k], g.moved[k] = left, true
		}
	}
	return true
}
