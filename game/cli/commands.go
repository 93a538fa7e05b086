package cli

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"trihex/game"
	"trihex/save"
)

// PerftUsage is the usage line of Perft.
const PerftUsage = "trihex perft GAME DEPTH [--options K=V,…]"

// Perft prints "perft(d) = N" for d = 1…DEPTH: the number of legal move sequences.
func Perft(args []string, stdout, stderr io.Writer) int {
	f := NewFlags("perft", PerftUsage, stderr)
	opts := f.String("options", "", "rules options, key=value joined by commas")
	pos, err := f.Parse(args, 2, "perft takes a game and a depth")
	var depth int
	if err == nil {
		if _, e := fmt.Sscan(pos[1], &depth); e != nil || depth < 1 || depth > 20 {
			err = UsageError(fmt.Sprintf("depth %q is not a number from 1 to 20", pos[1]))
		}
	}
	var s game.State
	if err == nil {
		s, err = Start(pos[0], *opts)
	}
	if err != nil {
		return f.Fail(err)
	}
	for d := 1; d <= depth; d++ {
		fmt.Fprintf(stdout, "perft(%d) = %d\n", d, game.Perft(s, d))
	}
	return 0
}

// MovesUsage is the usage line of Moves.
const MovesUsage = "trihex moves FILE   (- reads standard input)"

// Moves replays a record's main line and prints "ply K: m1 m2 …", the sorted legal
// moves before move K+1, for every ply, then "result: R (reason)" or "result: none".
// A game ended beyond the board prints its Termination as the reason ("result:
// white (resignation)"); Result and Termination tags the moves contradict fail
// the command as they fail check.
// It replays the moves itself rather than with save.ReadFile, so that the lines
// before a bad move are printed too. Variations are not listed, but they are
// replayed after the main line, before the result: a bad move in one fails the
// command as a bad move of the main line does, so that moves never passes a record
// that the app and check refuse for its moves.
func Moves(args []string, stdout, stderr io.Writer) int {
	f := NewFlags("moves", MovesUsage, stderr)
	pos, err := f.Parse(args, 1, "moves takes one record file")
	if err != nil {
		return f.Fail(err)
	}
	path := pos[0]
	rec, err := save.ParseFile(path)
	if err != nil {
		return f.Fail(err)
	}
	start, err := rec.Start()
	if err != nil {
		return f.Fail(&save.FileError{Path: path, Err: err})
	}
	s := start.Clone()
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
			err = &save.MoveError{Token: tok, Ply: ply + 1, Err: err}
			return f.Fail(&save.FileError{Path: path, Err: err})
		}
	}
	if _, err := save.Replay(start, rec.Root); err != nil {
		return f.Fail(&save.FileError{Path: path, Err: err})
	}
	res, err := rec.EndFromTags(s, rec.Root)
	if err != nil {
		return f.Fail(&save.FileError{Path: path, Err: err})
	}
	if tag := s.Info().ResultTag(res); tag == "*" {
		fmt.Fprintln(stdout, "result: none")
	} else {
		fmt.Fprintf(stdout, "result: %s (%s)\n", tag, res.Reason)
	}
	return 0
}

// BenchUsage is the usage line of Bench.
const BenchUsage = "trihex bench [GAME] [--time SECONDS] [--runs N] [--options K=V,…]"

// Bench prints uniformly random playouts per second on one core for each game (or
// the one named), the median of --runs runs.
func Bench(args []string, stdout, stderr io.Writer) int {
	f := NewFlags("bench", BenchUsage, stderr)
	secs := f.Float64("time", 0.5, "seconds per run")
	runs := f.Int("runs", 5, "runs per game; the median is printed")
	opts := f.String("options", "", "rules options (with one GAME)")
	pos, err := f.Parse(args, -1, "")
	if err == nil && len(pos) > 1 {
		err = UsageError("bench takes at most one game")
	}
	if err == nil && (*secs <= 0 || *runs < 1) {
		err = UsageError("--time and --runs must be positive")
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
		return f.Fail(err)
	}
	// One goroutine, one core: the figure is per core.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, name := range names {
		o := ""
		if len(pos) == 1 {
			o = *opts
		}
		s, err := Start(name, o)
		if err != nil {
			return f.Fail(err)
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

// CheckUsage is the usage line of Check.
const CheckUsage = "trihex check FILE…"

// Check validates records: each bad file gets one line naming what is wrong, and
// the status is 1 when any is bad. A good record of a game ended beyond the board
// gets a line saying how, in the player's words ("game.trihex: Red resigned"),
// since the moves alone cannot show it.
func Check(args []string, stdout, stderr io.Writer) int {
	f := NewFlags("check", CheckUsage, stderr)
	paths, err := f.Parse(args, -1, "")
	if err == nil && len(paths) == 0 {
		err = UsageError("check takes one or more record files")
	}
	if err != nil {
		return f.Fail(err)
	}
	bad := 0
	for _, path := range paths {
		g, err := save.ReadFile(path)
		if err != nil {
			if fe, ok := errors.AsType[*save.FileError](err); ok {
				err = fe.Err // the line names the file by the path as given
			}
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			bad++
			continue
		}
		if g.Result.Termination != game.ByRules {
			fmt.Fprintf(stdout, "%s: %s\n", path, g.Info.ResultSentence(g.Result))
		}
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "%d of %d records bad\n", bad, len(args))
		return 1
	}
	fmt.Fprintf(stdout, "%d records good\n", len(args))
	return 0
}
