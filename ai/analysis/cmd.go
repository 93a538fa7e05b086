package analysis

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"trihex/ai"
	"trihex/game/cli"
	"trihex/save"
)

// Usage is the usage line of Command.
const Usage = "trihex analyse FILE [--time S | --level N] [--threads N] [--json]"

// Command is `trihex analyse`: it reviews a record's main line (ReviewGame, with
// the default Budget unless --time or --level says otherwise; both: the level's
// engine for that time) and prints a line a move, or with --json the plies as a
// JSON array: the numbers the window's review shows.
func Command(args []string, stdout, stderr io.Writer) int {
	f := cli.NewFlags("analyse", Usage, stderr)
	level := f.Int("level", 0, "level 1-5, 6 for Expert")
	secs := f.Float64("time", 0, "seconds a position")
	asJSON := f.Bool("json", false, "print a JSON array")
	threads := f.Threads(ai.DefaultThreads(false), "search threads")
	pos, err := f.Parse(args, 1, "analyse takes one record file")
	switch {
	case err != nil:
	case f.Set("level") && (*level < 1 || *level > ai.MaxLevel):
		err = cli.UsageError(fmt.Sprintf("--level %d: levels are 1 to 5, and 6 for Expert", *level))
	case f.Set("time") && (!(*secs > 0) || math.IsInf(*secs, 0) || *secs > 3600):
		err = cli.UsageError(fmt.Sprintf("--time %g: want seconds, more than 0 and at most 3600", *secs))
	}
	if err != nil {
		return f.Fail(err)
	}
	g, err := save.ReadFile(pos[0])
	if err != nil {
		return f.Fail(err)
	}
	b := Budget{Level: *level, Time: time.Duration(*secs * float64(time.Second)), Threads: *threads}
	plies, err := ReviewGame(context.Background(), g, b, nil)
	if err != nil {
		return f.Fail(err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return f.Fail(enc.Encode(plies))
	}
	_, err = io.WriteString(stdout, Text(g.Info.Name, b, plies))
	return f.Fail(err)
}

// Text writes a review as a table: a header, then per move its number and
// spelling, the mover's win chance before and after it in percent, the engine's
// move with its win chance, and the mark.
func Text(gameName string, b Budget, plies []Ply) string {
	moveW, bestW := len("move"), len("best")
	best := make([]string, len(plies))
	for i, p := range plies {
		moveW = max(moveW, len(p.Number)+1+len(p.Move))
		best[i] = fmt.Sprintf("%s (%s)", p.Best, percent(p.BestValue))
		bestW = max(bestW, len(best[i]))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s, %d plies, %s; win chances are the mover's\n", gameName, len(plies), b)
	fmt.Fprintf(&sb, "%-*s  %6s  %5s  %-*s  %s\n", moveW, "move", "before", "after", bestW, "best", "mark")
	for i, p := range plies {
		line := fmt.Sprintf("%-*s  %6s  %5s  %-*s  %s", moveW, p.Number+" "+p.Move, percent(p.Before), percent(p.After), bestW, best[i], p.Mark)
		sb.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return sb.String()
}

// percent writes a chance as a whole percentage.
func percent(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }
