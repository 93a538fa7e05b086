package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"trihex/game"
	"trihex/save"
)

// headless maps subcommand names to the commands that need no window.
var headless = map[string]func(args []string, stdout, stderr io.Writer) int{
	"perft": cmdPerft,
	"moves": cmdMoves,
	"bench": cmdBench,
	"check": cmdCheck,
}

// usageError is printed with the command's usage line and exit status 2.
type usageError string

func (e usageError) Error() string { return string(e) }

func exitCode(err error, stderr io.Writer, usage string) int {
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "trihex:", err)
	var u usageError
	if errors.As(err, &u) {
		fmt.Fprintln(stderr, "usage:", usage)
		return 2
	}
	return 1
}

// splitFlags lets flags follow the positional arguments ("perft abande 4 --options x").
func splitFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, usageError(err.Error())
		}
		args = fs.Args()
		if len(args) > 0 {
			pos = append(pos, args[0])
			args = args[1:]
		}
	}
	return pos, nil
}

const perftUsage = "trihex perft GAME DEPTH [--options K=V,…]"

func cmdPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	opts := fs.String("options", "", "rules options, key=value joined by commas")
	pos, err := splitFlags(fs, args)
	if err == nil && len(pos) != 2 {
		err = usageError("perft takes a game and a depth")
	}
	var depth int
	if err == nil {
		if _, e := fmt.Sscan(pos[1], &depth); e != nil || depth < 1 || depth > 20 {
			err = usageError(fmt.Sprintf("depth %q is not a number from 1 to 20", pos[1]))
		}
	}
	var s game.State
	if err == nil {
		s, err = newStart(pos[0], *opts)
	}
	if err != nil {
		return exitCode(err, stderr, perftUsage)
	}
	for d := 1; d <= depth; d++ {
		fmt.Fprintf(stdout, "perft(%d) = %d\n", d, game.Perft(s, d))
	}
	return 0
}

func newStart(name, opts string) (game.State, error) {
	info, err := game.Lookup(name)
	if err != nil {
		return nil, err
	}
	return info.Start(opts)
}

const movesUsage = "trihex moves FILE   (- reads standard input)"

func cmdMoves(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		return exitCode(usageError("moves takes one record file"), stderr, movesUsage)
	}
	var in io.Reader = os.Stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return exitCode(err, stderr, movesUsage)
		}
		defer f.Close()
		in = f
	}
	rec, err := save.Parse(in)
	if err != nil {
		return exitCode(err, stderr, movesUsage)
	}
	// Replay here rather than with save.Load so the lines before a bad move are
	// printed too.
	s, err := rec.Start()
	if err != nil {
		return exitCode(err, stderr, movesUsage)
	}
	var buf []game.Move
	for ply := 0; ; ply++ {
		buf = s.LegalMoves(buf[:0])
		texts := make([]string, len(buf))
		for i, m := range buf {
			texts[i] = s.FormatMove(m)
		}
		sort.Strings(texts)
		fmt.Fprintf(stdout, "ply %d: %s\n", ply, strings.Join(texts, " "))
		if ply == len(rec.Moves) {
			break
		}
		tok := rec.Moves[ply]
		m, err := s.ParseMove(tok.Text)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return exitCode(&save.MoveError{Token: tok, Ply: ply + 1, Err: err}, stderr, movesUsage)
		}
	}
	res := s.Result()
	tag := s.Info().ResultTag(res)
	if tag == "*" {
		fmt.Fprintln(stdout, "result: none")
	} else {
		fmt.Fprintf(stdout, "result: %s (%s)\n", tag, res.Reason)
	}
	return 0
}

const benchUsage = "trihex bench [GAME] [--time SECONDS] [--runs N] [--options K=V,…]"

func cmdBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	secs := fs.Float64("time", 0.5, "seconds per run")
	runs := fs.Int("runs", 5, "runs per game; the median is printed")
	opts := fs.String("options", "", "rules options (with one GAME)")
	pos, err := splitFlags(fs, args)
	if err == nil && len(pos) > 1 {
		err = usageError("bench takes at most one game")
	}
	if err == nil && (*secs <= 0 || *runs < 1) {
		err = usageError("--time and --runs must be positive")
	}
	names := game.Names()
	if err == nil && len(pos) == 1 {
		var info *game.Info
		info, err = game.Lookup(pos[0])
		if err == nil {
			names = []string{info.Name}
		}
	}
	if err != nil {
		return exitCode(err, stderr, benchUsage)
	}
	// One goroutine, one core: the figure is per core.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, name := range names {
		o := ""
		if len(pos) == 1 {
			o = *opts
		}
		s, err := newStart(name, o)
		if err != nil {
			return exitCode(err, stderr, benchUsage)
		}
		rates := make([]float64, *runs)
		for i := range rates {
			rates[i] = playoutRate(s, time.Duration(*secs*float64(time.Second)), uint64(i+1))
		}
		slices.Sort(rates)
		fmt.Fprintf(stdout, "%s: %.0f playouts/s\n", strings.ToLower(name), rates[len(rates)/2])
	}
	return 0
}

// playoutRate plays random games from s for about d and returns games per second.
func playoutRate(s game.State, d time.Duration, seed uint64) float64 {
	scratch := s.Clone()
	r := game.NewRand(seed)
	n := 0
	t0 := time.Now()
	for {
		for i := 0; i < 64; i++ {
			scratch.CopyFrom(s)
			scratch.RandomPlayout(r)
		}
		n += 64
		if el := time.Since(t0); el >= d {
			return float64(n) / el.Seconds()
		}
	}
}

const checkUsage = "trihex check FILE…"

// cmdCheck validates records: each bad file gets one line naming what is wrong.
func cmdCheck(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return exitCode(usageError("check takes one or more record files"), stderr, checkUsage)
	}
	bad := 0
	for _, path := range args {
		if err := checkFile(path); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			bad++
		}
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "%d of %d records bad\n", bad, len(args))
		return 1
	}
	fmt.Fprintf(stdout, "%d records good\n", len(args))
	return 0
}

func checkFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = save.Read(f)
	return err
}
