package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/save"
)

func init() {
	headless["think"] = cmdThink
	headless["arena"] = cmdArena
}

const thinkUsage = "trihex think FILE [--level N | --playouts N | --time S]"

// cmdThink prints the computer's move for the position after a record's moves: the
// move on the first line, then the win estimate and the expected line.
func cmdThink(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("think", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	level := fs.Int("level", 3, "level 1-5")
	playouts := fs.Int("playouts", 0, "playout budget (replaces the level's)")
	secs := fs.Float64("time", 0, "seconds (replaces the level's budget)")
	seed := fs.Uint64("seed", 1, "random seed")
	pos, err := splitFlags(fs, args)
	if err == nil && len(pos) != 1 {
		err = usageError("think takes one record file")
	}
	if err != nil {
		return exitCode(err, stderr, thinkUsage)
	}
	g, err := readRecord(pos[0])
	if err != nil {
		return exitCode(err, stderr, thinkUsage)
	}
	eng, err := ai.ParseEngine(fmt.Sprint(*level), *playouts, time.Duration(*secs*float64(time.Second)), *seed)
	if err != nil {
		return exitCode(usageError(err.Error()), stderr, thinkUsage)
	}
	if g.Final.Result().Over {
		return exitCode(fmt.Errorf("the game is over: %s", g.Info.DescribeResult(g.Final.Result())), stderr, thinkUsage)
	}
	inf := eng.Choose(context.Background(), g.Final)
	fmt.Fprintln(stdout, g.Final.FormatMove(inf.Move))
	fmt.Fprintf(stdout, "value: %.3f\n", inf.Value)
	if inf.Proven != 0 {
		fmt.Fprintf(stdout, "proven: %+d\n", inf.Proven)
	}
	fmt.Fprintf(stdout, "pv: %s\n", pvString(g.Final, inf.PV))
	if inf.Depth > 0 {
		fmt.Fprintf(stdout, "alpha-beta: depth %d, %d nodes in %.2fs\n", inf.Depth, inf.Nodes, inf.Elapsed.Seconds())
	} else {
		fmt.Fprintf(stdout, "playouts: %d in %.2fs\n", inf.Playouts, inf.Elapsed.Seconds())
	}
	return 0
}

func readRecord(path string) (*save.Game, error) {
	var in io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in = f
	}
	return save.Read(in)
}

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

const arenaUsage = "trihex arena --game G --a X --b Y --games N --seed S [--time S] [--playouts N] [--options K=V] [--workers W] [--records DIR] [--a-side first|second] [-v]"

// cmdArena plays seeded games between two engines, alternating who moves first,
// and ends with "result: W-D-L score S ± E" from A's side (E is two standard
// errors).
func cmdArena(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gname := fs.String("game", "", "abande, attangle or andantino")
	a := fs.String("a", "", "engine A: 1-5, random, uct")
	b := fs.String("b", "", "engine B")
	n := fs.Int("games", 20, "number of games")
	seed := fs.Uint64("seed", 1, "random seed")
	secs := fs.Float64("time", 0, "seconds per move (replaces the levels' budgets)")
	playouts := fs.Int("playouts", 0, "playouts per move (replaces the levels' budgets)")
	opts := fs.String("options", "", "rules options")
	workers := fs.Int("workers", 2, "games played at once")
	verbose := fs.Bool("v", false, "print each game")
	records := fs.String("records", "", "folder to write each game's record into (game-N.trihex)")
	aSide := fs.String("a-side", "", "A always moves first or second (default: alternate)")
	pos, err := splitFlags(fs, args)
	if err == nil && (len(pos) != 0 || *gname == "" || *a == "" || *b == "" || *n < 1 || *workers < 1) {
		err = usageError("arena needs --game, --a, --b and a positive --games")
	}
	if err == nil && *aSide != "" && *aSide != "first" && *aSide != "second" {
		err = usageError("--a-side is first or second")
	}
	var start game.State
	if err == nil {
		start, err = newStart(*gname, *opts)
	}
	limit := time.Duration(*secs * float64(time.Second))
	if err == nil {
		for _, name := range []string{*a, *b} {
			if _, e := ai.ParseEngine(name, *playouts, limit, 0); e != nil {
				err = usageError(e.Error())
			}
		}
	}
	if err != nil {
		return exitCode(err, stderr, arenaUsage)
	}
	var (
		mu      sync.Mutex
		w, d, l int
		spent   [2]time.Duration // thinking time of A and B
		nmoves  [2]int
		scores  []float64
		bySide  [2][3]int // A's wins, draws, losses when first and when second
		next    int
		wg      sync.WaitGroup
	)
	for k := 0; k < *workers; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= *n {
					return
				}
				gameSeed := *seed*1_000_003 + uint64(i)
				ea, _ := ai.ParseEngine(*a, *playouts, limit, gameSeed)
				eb, _ := ai.ParseEngine(*b, *playouts, limit, gameSeed^0x5bd1e995)
				// Colours alternate, unless A's side is fixed: in Andantino, where White
				// wins nearly every game, experiments can then watch Red's games only.
				aFirst := i%2 == 0 && *aSide == "" || *aSide == "first"
				res, moves, used, count, played := playGame(start, ea, eb, aFirst)
				if *records != "" {
					if err := writeArenaRecord(*records, i+1, start, played, ea.Name(), eb.Name(), aFirst); err != nil {
						fmt.Fprintln(stderr, "trihex:", err)
					}
				}
				sA := 0.5
				switch {
				case res.Winner == game.NoPlayer:
				case (res.Winner == game.First) == aFirst:
					sA = 1
				default:
					sA = 0
				}
				mu.Lock()
				switch sA {
				case 1:
					w++
				case 0:
					l++
				default:
					d++
				}
				scores = append(scores, sA)
				side := 0
				if !aFirst {
					side = 1
				}
				bySide[side][2-int(2*sA)]++
				for k := range spent {
					spent[k] += used[k]
					nmoves[k] += count[k]
				}
				if *verbose {
					side := "second"
					if aFirst {
						side = "first"
					}
					fmt.Fprintf(stdout, "game %d: A %s, %s after %d moves, A scores %.1f\n", i+1, side,
						start.Info().DescribeResult(res), moves, sA)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	mean, e := meanAnd2Sigma(scores)
	fmt.Fprintf(stdout, "time per move: A %.3fs, B %.3fs\n", perMove(spent[0], nmoves[0]), perMove(spent[1], nmoves[1]))
	pl := start.Info().Players
	fmt.Fprintf(stdout, "A as %s: %d-%d-%d, as %s: %d-%d-%d\n", pl[0], bySide[0][0], bySide[0][1], bySide[0][2],
		pl[1], bySide[1][0], bySide[1][1], bySide[1][2])
	fmt.Fprintf(stdout, "result: %d-%d-%d score %.3f ± %.3f\n", w, d, l, mean, e)
	return 0
}

func perMove(d time.Duration, n int) float64 {
	if n == 0 {
		return 0
	}
	return d.Seconds() / float64(n)
}

// playGame plays one game between two engines from start. It also returns the
// thinking time and the number of moves of A and of B.
func playGame(start game.State, a, b ai.Engine, aFirst bool) (res game.Result, plies int, used [2]time.Duration, count [2]int, moves []game.Move) {
	s := start.Clone()
	first, second := a, b
	if !aFirst {
		first, second = b, a
	}
	for ply := 0; ; ply++ {
		if r := s.Result(); r.Over {
			return r, ply, used, count, moves
		}
		e := first
		if s.ToMove() == game.Second {
			e = second
		}
		k := 0
		if e != a {
			k = 1
		}
		t0 := time.Now()
		inf := e.Choose(context.Background(), s)
		used[k] += time.Since(t0)
		count[k]++
		if err := s.Play(inf.Move); err != nil {
			// An engine that answers with an illegal move loses: it must never happen.
			fmt.Fprintf(os.Stderr, "trihex: %s played an illegal move: %v\n", e.Name(), err)
			return game.Result{Over: true, Winner: s.ToMove().Other(), Reason: "illegal move"}, ply, used, count, moves
		}
		moves = append(moves, inf.Move)
	}
}

// meanAnd2Sigma returns the mean score and two standard errors of it.
func meanAnd2Sigma(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	if len(xs) > 1 {
		v /= float64(len(xs) - 1)
	}
	return mean, 2 * math.Sqrt(v/float64(len(xs)))
}

// writeArenaRecord saves one arena game as DIR/game-N.trihex, players named by
// engine.
func writeArenaRecord(dir string, n int, start game.State, moves []game.Move, a, b string, aFirst bool) error {
	pl := start.Info().Players
	first, second := "A: "+a, "B: "+b
	if !aFirst {
		first, second = second, first
	}
	txt, err := save.Format(start, moves, []save.Tag{{Name: pl[0], Value: first}, {Name: pl[1], Value: second}})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return save.WriteFileAtomic(filepath.Join(dir, fmt.Sprintf("game-%d.trihex", n)), []byte(txt))
}
