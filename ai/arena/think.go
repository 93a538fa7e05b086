// Package arena holds the computer's headless commands: think, the engine's move
// for a record's position; arena, seeded games between two engines; and book,
// which builds Andantino's opening book. Like the commands of trihex/game/cli
// they take their arguments and writers and return the exit status.
package arena

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/game/cli"
	"trihex/game/clock"
	"trihex/save"
)

// ThinkUsage is the usage line of Think.
const ThinkUsage = "trihex think FILE [--level N | --playouts N | --time S] [--clock BASE+INC [--left S]] [--threads N]"

// Think prints the computer's move for the position after a record's moves: the
// move on the first line, then the win estimate and the expected line. With
// --clock it plays to the side to move's clock (--left: its main time left,
// by default the whole base) and says the time manager's limits.
func Think(args []string, stdout, stderr io.Writer) int {
	f := cli.NewFlags("think", ThinkUsage, stderr)
	level := f.Int("level", 3, "level 1-5, 6 for Expert")
	playouts := f.Int("playouts", 0, "playout budget (replaces the level's)")
	secs := f.Float64("time", 0, "seconds (replaces the level's budget)")
	seed := f.Uint64("seed", 1, "random seed")
	threads := f.Threads(ai.DefaultThreads(false), "search threads (default: every core)")
	clk := f.String("clock", "", "the time control, in seconds: BASE+INC or BASE+NxPERIOD")
	left := f.Float64("left", 0, "with --clock: the side to move's main time left, in seconds (default: the base)")
	pos, err := f.Parse(args, 1, "think takes one record file")
	var ctl clock.Control
	if err == nil {
		ctl, err = parseClock(*clk)
	}
	leftSet := f.Set("left")
	if err == nil && leftSet && ctl.Kind == clock.NoClock {
		err = cli.UsageError("--left needs --clock")
	}
	if err == nil && (!(*left >= 0) || *left > clock.MaxBase.Seconds()) {
		err = cli.UsageError(fmt.Sprintf("--left %g: want 0 to %g seconds", *left, clock.MaxBase.Seconds()))
	}
	if err != nil {
		return f.Fail(err)
	}
	g, err := save.ReadFile(pos[0])
	if err != nil {
		return f.Fail(err)
	}
	eng, err := ai.ParseEngine(fmt.Sprint(*level), *playouts, time.Duration(*secs*float64(time.Second)), *seed)
	if err != nil {
		return f.Fail(cli.UsageError(err.Error()))
	}
	if g.Final.Result().Over {
		return f.Fail(fmt.Errorf("the game is over: %s", g.Info.DescribeResult(g.Final.Result())))
	}
	eng = ai.WithThreads(eng, *threads)
	var inf ai.Info
	var limits string
	if ctl.Kind != clock.NoClock {
		side := ctl.Start().Sides[0]
		if leftSet {
			side.Main = time.Duration(*left * float64(time.Second))
		}
		cs, _ := ai.ClockFor(ctl, side)
		tm := ai.NewTimeManager(g.Info)
		soft, hard := tm.Limits(cs, g.Final.Ply(), ai.Stability{})
		limits = fmt.Sprintf("clock: %s, %.2fs left: base %.2fs, hard %.2fs, took %%.2fs\n", ctl, side.Main.Seconds(), soft.Seconds(), hard.Seconds())
		inf = ai.ChooseOnClock(context.Background(), eng, g.Final, cs, tm)
	} else {
		inf = eng.Choose(context.Background(), g.Final)
	}
	fmt.Fprintln(stdout, g.Final.FormatMove(inf.Move))
	fmt.Fprintf(stdout, "value: %.3f\n", inf.Value)
	if inf.Proven != 0 {
		fmt.Fprintf(stdout, "proven: %+d\n", inf.Proven)
	}
	fmt.Fprintf(stdout, "pv: %s\n", pvString(g.Final, inf.PV))
	if inf.Depth > 0 {
		fmt.Fprintf(stdout, "alpha-beta: depth %d, %d nodes in %.2fs (%.0f a second)\n", inf.Depth, inf.Nodes, inf.Elapsed.Seconds(), rate(inf.Nodes, inf.Elapsed))
	} else {
		fmt.Fprintf(stdout, "playouts: %d in %.2fs (%.0f a second)\n", inf.Playouts, inf.Elapsed.Seconds(), rate(inf.Playouts, inf.Elapsed))
	}
	if limits != "" {
		fmt.Fprintf(stdout, limits, inf.Elapsed.Seconds())
	}
	return 0
}

// rate is n a second over d.
func rate(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// pvString writes the expected line from pos, up to its first illegal move.
func pvString(pos game.State, pv []game.Move) string {
	s := pos.Clone()
	var parts []string
	for _, m := range pv {
		if !s.IsLegal(m) {
			break
		}
		parts = append(parts, s.FormatMove(m))
		s.Apply(m)
	}
	return strings.Join(parts, " ")
}
