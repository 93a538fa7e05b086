package puzzle

import (
	"fmt"
	"io"
	"os"
	"time"

	"trihex/game/cli"
)

// Usage is the usage line of Command.
const Usage = "trihex puzzles list GAME | trihex puzzles gen GAME [--seed S] [--games N] [--out FILE] [--workers W]"

// DefaultGames is the number of self-play games of `puzzles gen` when --games is
// not given: enough for every kind's quota in each game (the shipped data).
const DefaultGames = 32

// Command is `trihex puzzles`: list prints the shipped puzzles of a game, one a
// line in the data format; gen plays self-play games and prints (or writes to
// --out) the puzzles found, the same for the same seed whatever the workers.
func Command(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return cli.Exit(cli.UsageError("puzzles takes list or gen"), stderr, Usage)
	}
	switch args[0] {
	case "list":
		return cli.Exit(list(args[1:], stdout), stderr, Usage)
	case "gen":
		return cli.Exit(gen(args[1:], stdout, stderr), stderr, Usage)
	}
	return cli.Exit(cli.UsageError(fmt.Sprintf("unknown puzzles command %q (list, gen)", args[0])), stderr, Usage)
}

func list(args []string, stdout io.Writer) error {
	pos, err := cli.NewFlags("puzzles list", Usage, nil).Parse(args, 1, "puzzles list takes one game")
	if err != nil {
		return err
	}
	if _, err := cli.Game(pos[0]); err != nil {
		return err
	}
	ps, err := Load(pos[0])
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, Format(ps))
	return err
}

func gen(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlags("puzzles gen", Usage, stderr)
	seed := fs.Uint64("seed", 1, "random seed")
	games := fs.Int("games", DefaultGames, "self-play games")
	out := fs.String("out", "", "write the puzzles to this file instead of standard output")
	workers := fs.Int("workers", 2, "games played at once")
	pos, err := fs.Parse(args, 1, "puzzles gen takes one game")
	switch {
	case err != nil:
		return err
	case *games < 1 || *games > 10000:
		return cli.UsageError(fmt.Sprintf("--games %d: want 1 to 10000", *games))
	case *workers < 1 || *workers > 64:
		return cli.UsageError(fmt.Sprintf("--workers %d: want 1 to 64", *workers))
	}
	info, err := cli.Game(pos[0])
	if err != nil {
		return err
	}
	start := time.Now()
	ps, err := Generate(GenConfig{Game: info.Name, Seed: *seed, Games: *games, Workers: *workers, Log: stderr})
	if err != nil {
		return err
	}
	counts := map[Kind]int{}
	for _, p := range ps {
		counts[p.Kind]++
	}
	fmt.Fprintf(stderr, "%s: %d puzzles", info.Name, len(ps))
	for _, k := range Kinds {
		if counts[k] > 0 {
			fmt.Fprintf(stderr, ", %s %d", k, counts[k])
		}
	}
	fmt.Fprintf(stderr, " (%d games, seed %d, %.0f s)\n", *games, *seed, time.Since(start).Seconds())
	if *out == "" {
		_, err = io.WriteString(stdout, Format(ps))
		return err
	}
	if err := os.WriteFile(*out, []byte(Format(ps)), 0o644); err != nil {
		return fmt.Errorf("puzzle: %w", err)
	}
	return nil
}
