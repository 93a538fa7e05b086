// Package analysis is the engine side of the analysis board, without a display:
// live analysis of the position shown, run on the worker and polled without
// blocking (Live); a review of a whole game, with the win chance before and after
// every move and marks for the moves that threw it away (Review); and the
// headless command `trihex analyse` (Command), which prints the review the window
// draws.
//
// The window uses it so, all from its Update, none of it waiting:
//
//   - Analysis mode: NewLive(nil) on entering; Follow(shown) whenever the shown
//     position may have changed (every frame will do: the same position again
//     costs a hash); Latest() to draw, once its Ply and Hash are the shown
//     position's: Lines (up to three moves, best first, each with Text, Value,
//     PVText) for the markers and the list, ChanceOf(side) for the bar; Stop()
//     on leaving (and when the game closes).
//   - Analyse game: StartReview(start, moves, Budget{}); Progress() for the bar,
//     Cancel() for its button; once Result() says finished, the plies: the
//     graph's point for the position before ply i is plies[i].ChanceOf(side,
//     false), the last position's plies[n-1].ChanceOf(side, true); Mark, Best
//     and Comment() for the move list; BestPV is the variation to save.
package analysis

import (
	"fmt"
	"strconv"
	"time"

	"trihex/ai"
	"trihex/game"
)

// Budget is what the engine may spend on each position of a review. The zero
// Budget is the default: DefaultPlayouts playouts or DefaultNodes alpha-beta nodes
// with level 5's searches, about 0.2 s a position, the same numbers on every
// machine (a budget in time is not).
type Budget struct {
	Level int           // 1 to 6 (Expert): that level's engine and budget; 0 none
	Time  time.Duration // a time a position: replaces the level's budget, or with no level, level 5's searches for that time
	Seed  uint64        // the Monte Carlo search's seed: the same seed, the same numbers
	// Threads is how many goroutines each search uses (0 or 1: one); each
	// spends the whole budget, so more threads read deeper in the same time.
	Threads int
}

// The default budget (Budget{}): level 5's searches, so Andantino's placement
// game is read by alpha-beta, stopped early enough that a game of 60 plies is
// reviewed in about ten seconds.
const (
	DefaultPlayouts = 20000
	DefaultNodes    = 400_000
	// defaultCap caps the default budget's time a position on a slow machine,
	// as the levels' time caps do.
	defaultCap = 3 * time.Second
)

// Engine returns the engine the budget asks for, or an error naming the bad
// level or time.
func (b Budget) Engine() (ai.Engine, error) {
	e, err := b.engine()
	if err != nil {
		return nil, err
	}
	return ai.WithThreads(e, b.Threads), nil
}

func (b Budget) engine() (ai.Engine, error) {
	switch {
	case b.Level < 0 || b.Level > ai.MaxLevel:
		return nil, fmt.Errorf("analysis: no level %d (levels are 1 to 5, and 6 for Expert)", b.Level)
	case b.Time < 0:
		return nil, fmt.Errorf("analysis: time %v is negative", b.Time)
	case b.Level > 0:
		e, err := ai.ParseEngine(strconv.Itoa(b.Level), 0, b.Time, b.Seed)
		if err != nil {
			return nil, fmt.Errorf("analysis: %v", err)
		}
		return e, nil
	case b.Time > 0:
		return ai.NewAnalysis(ai.Analysis{Time: b.Time, Seed: b.Seed}), nil
	}
	return ai.NewAnalysis(ai.Analysis{Playouts: DefaultPlayouts, Nodes: DefaultNodes, Time: defaultCap, Seed: b.Seed}), nil
}

// String describes the budget for a report's header.
func (b Budget) String() string {
	switch {
	case b.Level > 0 && b.Time > 0:
		return fmt.Sprintf("level %d, %gs a position", b.Level, b.Time.Seconds())
	case b.Level > 0:
		return fmt.Sprintf("level %d", b.Level)
	case b.Time > 0:
		return fmt.Sprintf("%gs a position", b.Time.Seconds())
	}
	return fmt.Sprintf("%d playouts or %d nodes a position", DefaultPlayouts, DefaultNodes)
}

// Line is one of the engine's best moves in a position, ready to be shown.
type Line struct {
	Move   game.Move
	Text   string  // Move in the game's notation
	Value  float64 // the side to move's chance to win by playing Move, 0 to 1 (a draw counts ½)
	Proven int     // +1 Move wins by force, −1 it loses by force, 0 unknown
	Visits int     // Monte Carlo: playouts through Move; 0 for alpha-beta
	Depth  int     // alpha-beta: the depth of Move's score; 0 for Monte Carlo
	// PV is the expected line, starting with Move; PVText spells it, up to its
	// first move that is not legal (there is none unless the engine errs).
	PV     []game.Move
	PVText []string
}

// lines spells the search's best moves in pos.
func lines(pos game.State, top []ai.MoveInfo) []Line {
	if len(top) == 0 {
		return nil
	}
	out := make([]Line, len(top))
	scratch := pos.Clone()
	for i, m := range top {
		out[i] = Line{Move: m.Move, Text: pos.FormatMove(m.Move), Value: m.Value, Proven: m.Proven,
			Visits: m.Visits, Depth: m.Depth, PV: m.PV, PVText: spell(pos, scratch, m.PV)}
	}
	return out
}

// spell writes the moves of pv from pos, up to the first one that is not legal,
// playing them on scratch.
func spell(pos, scratch game.State, pv []game.Move) []string {
	scratch.CopyFrom(pos)
	out := make([]string, 0, len(pv))
	for _, m := range pv {
		if !scratch.IsLegal(m) {
			break
		}
		out = append(out, scratch.FormatMove(m))
		scratch.Apply(m)
	}
	return out
}

// resultFor is the exact win chance of player p in a finished game: 1, 0, or ½
// for a draw.
func resultFor(r game.Result, p game.Player) float64 {
	switch r.Winner {
	case game.NoPlayer:
		return 0.5
	case p:
		return 1
	}
	return 0
}
