package ladder

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"trihex/ai"
	"trihex/ai/knowledge"
	"trihex/game"
	"trihex/game/cli"
	"trihex/save"
)

// Usage is the usage line of Run.
const Usage = "trihex ladder [--game G|all] [--games N] [--seed S] [--workers W] [--results FILE] [--out FILE.png] [--skip E,…] [--time-budget D] [--plot-only]"

// uctSpec is the ladder's plain UCT: level 4's playout budget with uniform
// playouts and no knowledge, so that the distance between it and level 4 is
// what the knowledge is worth at equal playouts.
const uctSpec = "uct,p=40000"

// Games are the games of the ladder, in the order of the plot's series: the
// registered games the computer has knowledge of, in the registry's order.
func Games() []string {
	var out []string
	for _, info := range game.Games() {
		if knowledge.Of(info) != nil {
			out = append(out, info.Name)
		}
	}
	return out
}

// Schedule is the pairings played in every game. Neighbouring levels carry the
// ladder; 1–3 and 3–5 tie it across two steps so that an error in one step does
// not carry up unchecked; UCT meets the levels around its strength.
var Schedule = [][2]string{
	{"random", "1"}, {"1", "2"}, {"2", "3"}, {"3", "4"}, {"4", "5"},
	{"1", "3"}, {"3", "5"},
	{uctSpec, "3"}, {uctSpec, "4"}, {uctSpec, "5"},
}

// PlyCap ends a game that runs this long as a draw, the neutral score, so that no
// pair of engines can keep a run going for ever; real games end far sooner.
const PlyCap = 400

// config is a ladder's command line.
type config struct {
	games    []string
	n        int
	seed     uint64
	workers  int
	results  string
	out      string
	skip     []string // engine specs whose pairings are not played
	budget   time.Duration
	plotOnly bool
}

func parseConfig(args []string) (config, error) {
	fs := cli.NewFlags("ladder", Usage, nil)
	c := config{}
	gname := fs.String("game", "all", "abande, attangle, andantino or all")
	fs.IntVar(&c.n, "games", 20, "games per pairing to reach")
	fs.Uint64Var(&c.seed, "seed", 1, "random seed")
	fs.IntVar(&c.workers, "workers", 1, "games played at once")
	fs.StringVar(&c.results, "results", "ai/ladder/results.tsv", "results file, read and extended")
	fs.StringVar(&c.out, "out", "ai/ladder.png", "picture to write")
	skip := fs.String("skip", "", "engines whose pairings are not played this run, by commas (e.g. 5)")
	fs.DurationVar(&c.budget, "time-budget", 0, "start no game after this much wall time (0: no limit)")
	fs.BoolVar(&c.plotOnly, "plot-only", false, "only refit and redraw from the results file")
	if _, err := fs.Parse(args, 0, ""); err != nil {
		return c, cli.UsageError("ladder: " + err.Error())
	}
	if c.n < 1 || c.workers < 1 || c.budget < 0 {
		return c, cli.UsageError("ladder: --games and --workers must be positive, --time-budget not negative")
	}
	if c.results == "" || c.out == "" {
		return c, cli.UsageError("ladder: --results and --out need a path")
	}
	if strings.EqualFold(strings.TrimSpace(*gname), "all") {
		c.games = Games()
	} else {
		info, err := cli.Game(*gname)
		if err != nil {
			return c, cli.UsageError("ladder: " + err.Error())
		}
		c.games = []string{info.Name}
	}
	for _, e := range strings.Split(*skip, ",") {
		e = strings.ToLower(strings.TrimSpace(e))
		switch e {
		case "":
			continue
		case "uct":
			e = uctSpec
		}
		if !slices.ContainsFunc(Schedule, func(p [2]string) bool { return p[0] == e || p[1] == e }) {
			return c, cli.UsageError(fmt.Sprintf("ladder: --skip %q: not an engine of the schedule (random, 1-5, uct)", e))
		}
		c.skip = append(c.skip, e)
	}
	return c, nil
}

// Run is the ladder subcommand: it plays the schedule's missing games (appending
// each to the results file as it ends), then fits every game in the file, prints
// the table and writes the picture. Progress goes to stderr.
func Run(args []string, stdout, stderr io.Writer) int {
	c, err := parseConfig(args)
	if err != nil {
		return cli.Exit(err, stderr, Usage)
	}
	results, err := ReadFile(c.results)
	if err != nil {
		return cli.Exit(err, stderr, Usage)
	}
	if !c.plotOnly {
		if err := c.play(results, stderr); err != nil {
			return cli.Exit(err, stderr, Usage)
		}
		if results, err = ReadFile(c.results); err != nil {
			return cli.Exit(err, stderr, Usage)
		}
	}
	ladders, err := fitAll(results, stdout)
	if err != nil {
		return cli.Exit(err, stderr, Usage)
	}
	pic, err := Plot(ladders)
	if err != nil {
		return cli.Exit(err, stderr, Usage)
	}
	if err := save.WriteFileAtomic(c.out, pic); err != nil {
		return cli.Exit(fmt.Errorf("ladder: %w", err), stderr, Usage)
	}
	fmt.Fprintf(stderr, "ladder: wrote %s\n", c.out)
	return 0
}

// fitAll fits each game of results, in the order of Games (then any other game
// the file names), and prints its table. A game whose results cannot be fitted is
// reported and left out of the picture; no game at all is an error.
func fitAll(results []Result, stdout io.Writer) ([]Ladder, error) {
	names := Games()
	for _, r := range results {
		if !slices.ContainsFunc(names, func(g string) bool { return strings.EqualFold(g, r.Game) }) {
			names = append(names, r.Game)
		}
	}
	var out []Ladder
	for _, g := range names {
		pairs := Totals(results, g)
		if len(pairs) == 0 {
			continue
		}
		ratings, err := Fit(pairs)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n\n", g, err)
			continue
		}
		n := 0
		for _, p := range pairs {
			n += p.N()
		}
		out = append(out, Ladder{Game: g, Ratings: ratings, Games: n})
		fmt.Fprint(stdout, Table(g, ratings, n))
	}
	if len(out) == 0 {
		return nil, errors.New("ladder: no results to fit")
	}
	return out, nil
}

// Table formats one game's ratings for the terminal: each engine's Elo and
// error bar against the anchor, its games, and its step from the engine below it
// with that step's own, narrower, error bar.
func Table(gameName string, ratings []Rating, games int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d games, Elo with %s = 0, ± two standard errors\n", gameName, games, Label(anchor(ratings)))
	// ± and σ are two bytes each, so the header is spaced by hand.
	b.WriteString("  engine          Elo    ±2σ  games   step  ±2σ  from\n")
	for _, r := range ratings {
		fmt.Fprintf(&b, "  %-12s %6.0f %6.0f %6d", Label(r.Engine), r.Elo, r.Err2, r.Games)
		if r.Below != "" {
			fmt.Fprintf(&b, " %+6.0f %4.0f  %s", r.Step, r.StepErr2, Label(r.Below))
		}
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	return b.String()
}

// job is one game to play: game i (0-based) of a pairing, A moving first when i
// is even so that colours alternate within every pairing.
type job struct {
	game  string
	start game.State
	a, b  string
	i     int
	seed  uint64
}

// jobs lists the games missing from results, round by round: every pairing's
// game i before any pairing's game i+1, so that a run stopped early leaves the
// ladder evenly filled rather than some pairings complete and others empty.
func (c *config) jobs(results []Result) ([]job, error) {
	var out []job
	for _, g := range c.games {
		start, err := cli.Start(g, "")
		if err != nil {
			return nil, fmt.Errorf("ladder: %w", err)
		}
		if knowledge.Of(start.Info()) == nil {
			// The levels would quietly play plain Monte Carlo search.
			return nil, fmt.Errorf("ladder: the computer has no knowledge of %s: the binary must import trihex/ai/all", g)
		}
		have := map[[2]string]int{}
		for _, p := range Totals(results, g) {
			have[[2]string{p.A, p.B}] += p.N()
			have[[2]string{p.B, p.A}] += p.N()
		}
		for _, p := range Schedule {
			if slices.Contains(c.skip, p[0]) || slices.Contains(c.skip, p[1]) {
				continue
			}
			for i := have[p]; i < c.n; i++ {
				out = append(out, job{game: g, start: start, a: p[0], b: p[1], i: i, seed: gameSeed(c.seed, g, p[0], p[1], i)})
			}
		}
	}
	slices.SortStableFunc(out, func(x, y job) int { return x.i - y.i })
	return out, nil
}

// gameSeed gives every game its own seed from the run's seed and the game's
// place in the schedule, so that a later run does not replay an earlier one's
// games move for move.
func gameSeed(seed uint64, g, a, b string, i int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s\x00%s\x00%s\x00%d", seed, g, a, b, i)
	return h.Sum64()
}

// play plays the missing games with c.workers workers, appending each result to
// the results file as soon as the game ends.
func (c *config) play(results []Result, stderr io.Writer) error {
	todo, err := c.jobs(results)
	if err != nil {
		return err
	}
	for _, p := range Schedule {
		for _, e := range p {
			if _, err := newEngine(e, nil, 0); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(stderr, "ladder: %d games to play\n", len(todo))
	t0 := time.Now()
	var (
		mu      sync.Mutex
		next    int
		done    int
		failure error
		wg      sync.WaitGroup
	)
	for range c.workers {
		wg.Go(func() {
			for {
				mu.Lock()
				if next >= len(todo) || failure != nil || (c.budget > 0 && time.Since(t0) >= c.budget) {
					mu.Unlock()
					return
				}
				j := todo[next]
				next++
				mu.Unlock()
				res, line, err := playJob(j)
				mu.Lock()
				if err == nil {
					err = Append(c.results, res)
				}
				if err != nil {
					failure = err
				} else {
					done++
					fmt.Fprintf(stderr, "[%d/%d %s] %s\n", done, len(todo), time.Since(t0).Round(time.Second), line)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if failure != nil {
		return failure
	}
	if done < len(todo) {
		fmt.Fprintf(stderr, "ladder: time budget spent after %d of %d games; run again to continue\n", done, len(todo))
	}
	return nil
}

// newEngine makes the engine of a spec for a game. Levels 1 to 4 play their
// playout budget without their wall-clock cap: on an idle machine the cap never
// binds at their budgets (level 4 spends well under a second a move), but on a
// machine shared at nice 19 it would, and the ladder would measure the load
// rather than the level. Level 5's cap binds even on an idle machine (it is part
// of how strong level 5 is), so level 5 is played as shipped; the progress
// lines show the CPU share each game had, to tell whether it was starved.
func newEngine(spec string, info *game.Info, seed uint64) (ai.Engine, error) {
	p := 0
	if n, err := strconv.Atoi(spec); err == nil && n >= 1 && n <= 4 {
		p = ai.Levels[n].Budget(info)
	}
	e, err := ai.ParseEngine(spec, p, 0, seed)
	if err != nil {
		return nil, fmt.Errorf("ladder: %v", err)
	}
	return e, nil
}

// playJob plays one game and returns its result line and a progress line.
func playJob(j job) (Result, string, error) {
	a, err := newEngine(j.a, j.start.Info(), j.seed)
	if err != nil {
		return Result{}, "", err
	}
	b, err := newEngine(j.b, j.start.Info(), j.seed^0x5bd1e995)
	if err != nil {
		return Result{}, "", err
	}
	aFirst := j.i%2 == 0
	t0, cpu0 := time.Now(), cpuTime()
	sA, res, plies := PlayGame(j.start, a, b, aFirst)
	wall, cpu := time.Since(t0), cpuTime()-cpu0
	r := Result{Game: j.game, A: j.a, B: j.b, Seed: j.seed, Date: time.Now().Format(dateLayout)}
	switch sA {
	case 1:
		r.W = 1
	case 0:
		r.L = 1
	default:
		r.D = 1
	}
	side := "second"
	if aFirst {
		side = "first"
	}
	line := fmt.Sprintf("%s %s vs %s game %d (A %s): A scores %s, %s after %d plies, %.1fs", j.game, Label(j.a), Label(j.b),
		j.i+1, side, strconv.FormatFloat(sA, 'f', -1, 64), j.start.Info().DescribeResult(res), plies, wall.Seconds())
	if cpu > 0 && wall > 0 {
		line += fmt.Sprintf(", cpu %.0f%%", 100*cpu.Seconds()/wall.Seconds())
	}
	return r, line, nil
}

// PlayGame plays one game from start between a and b and returns A's score (1,
// ½ or 0), the result and the number of plies. A game reaching PlyCap is a draw;
// an engine that answers with an illegal move loses, which must never happen.
func PlayGame(start game.State, a, b ai.Engine, aFirst bool) (float64, game.Result, int) {
	s := start.Clone()
	first, second := a, b
	if !aFirst {
		first, second = b, a
	}
	res := s.Result()
	plies := 0
	for !res.Over {
		if plies >= PlyCap {
			res = game.Result{Over: true, Winner: game.NoPlayer, Reason: fmt.Sprintf("ladder's cap of %d plies", PlyCap)}
			break
		}
		e := first
		if s.ToMove() == game.Second {
			e = second
		}
		inf := e.Choose(context.Background(), s)
		if err := s.Play(inf.Move); err != nil {
			res = game.Result{Over: true, Winner: s.ToMove().Other(), Reason: "illegal move by " + e.Name()}
			break
		}
		plies++
		res = s.Result()
	}
	switch {
	case res.Winner == game.NoPlayer:
		return 0.5, res, plies
	case (res.Winner == game.First) == aFirst:
		return 1, res, plies
	}
	return 0, res, plies
}
