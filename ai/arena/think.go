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
	"trihex/save"
)

// ThinkUsage is the usage line of Think.
const ThinkUsage = "trihex think FILE [--level N | --playouts N | --time S] [--threads N]"

// Think prints the computer's move for the position after a record's moves: the
// move on the first line, then the win estimate and the expected line.
func Think(args []string, stdout, stderr io.Writer) int {
	f := cli.NewFlags("think", ThinkUsage, stderr)
	level := f.Int("level", 3, "level 1-5, 6 for Expert")
	playouts := f.Int("playouts", 0, "playout budget (replaces the level's)")
	secs := f.Float64("time", 0, "seconds (replaces the level's budget)")
	seed := f.Uint64("seed", 1, "random seed")
	threads := f.Threads(ai.DefaultThreads(false), "search threads (default: every core)")
	pos, err := f.Parse(args, 1, "think takes one record file")
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
	inf := ai.WithThreads(eng, *threads).Choose(context.Background(), g.Final)
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
