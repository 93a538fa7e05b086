package arena

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"trihex/ai"
	"trihex/ai/ugi"
	"trihex/game"
	"trihex/game/cli"
	"trihex/game/clock"
	"trihex/save"
)

// ArenaUsage is the usage line of Arena.
const ArenaUsage = "trihex arena --game G --a X --b Y --games N --seed S [--time S] [--playouts N] [--clock BASE+INC] [--options K=V] [--workers W] [--threads N] [--records DIR] [--a-side first|second] [--from MOVES] [--openings K] [-v] (X, Y: 1-6, random, uct, ugi:COMMAND, FILE.ugi)"

// config is an arena's command line.
type config struct {
	start    game.State
	a, b     string // the engines' names, for ai.ParseEngine
	games    int
	seed     uint64
	playouts int
	limit    time.Duration
	workers  int
	threads  int // search threads of an engine whose spec names none
	verbose  bool
	records  string        // folder for the games' records, or ""
	aSide    string        // "first", "second", or "" to alternate
	openings int           // random plies before the engines take over, 0 for none
	from     []game.Move   // --from: every game's first moves, before any random ones
	fromPos  game.State    // the position after them
	control  clock.Control // --clock: each engine plays to its own clock; no clock when zero
	external [2]*ugi.Spec  // A's and B's external engine, or nil
}

func parseConfig(args []string) (config, error) {
	fs := cli.NewFlags("arena", ArenaUsage, nil)
	var c config
	gname := fs.String("game", "", "abande, attangle or andantino")
	fs.StringVar(&c.a, "a", "", "engine A: 1-6, random, uct, ugi:COMMAND or an engine file NAME.ugi")
	fs.StringVar(&c.b, "b", "", "engine B")
	fs.IntVar(&c.games, "games", 20, "number of games")
	fs.Uint64Var(&c.seed, "seed", 1, "random seed")
	secs := fs.Float64("time", 0, "seconds per move (replaces the levels' budgets)")
	fs.IntVar(&c.playouts, "playouts", 0, "playouts per move (replaces the levels' budgets)")
	opts := fs.String("options", "", "rules options")
	fs.IntVar(&c.workers, "workers", 2, "games played at once")
	fs.IntVar(&c.threads, "threads", 0, "search threads of each engine (default: the cores shared among the workers)")
	fs.BoolVar(&c.verbose, "v", false, "print each game")
	fs.StringVar(&c.records, "records", "", "folder to write each game's record into (game-N.trihex)")
	fs.StringVar(&c.aSide, "a-side", "", "A always moves first or second (default: alternate)")
	fs.IntVar(&c.openings, "openings", 0, "start each pair of games from K random plies, played once with each colour (unless --a-side)")
	from := fs.String("from", "", "every game's first moves, separated by spaces (then --openings' random plies, if any)")
	clk := fs.String("clock", "", "a clock for each engine, in seconds: BASE+INC (Fischer, 30+0.5) or BASE+NxPERIOD (byo-yomi, 60+3x10)")
	pos, err := fs.Parse(args, 0, "arena needs --game, --a, --b and a positive --games")
	if err != nil {
		return c, err
	}
	if c.threads == 0 {
		c.threads = max(1, ai.DefaultThreads(false)/max(c.workers, 1))
	}
	if c.threads < 1 {
		return c, cli.UsageError("--threads wants 1 or more")
	}
	if len(pos) != 0 || *gname == "" || c.a == "" || c.b == "" || c.games < 1 || c.workers < 1 {
		return c, cli.UsageError("arena needs --game, --a, --b and a positive --games")
	}
	if c.aSide != "" && c.aSide != "first" && c.aSide != "second" {
		return c, cli.UsageError("--a-side is first or second")
	}
	if c.openings < 0 || c.openings > maxOpening {
		return c, cli.UsageError(fmt.Sprintf("--openings wants 0 to %d plies", maxOpening))
	}
	if c.start, err = cli.Start(*gname, *opts); err != nil {
		return c, err
	}
	if c.from, c.fromPos, err = line(c.start, *from); err != nil {
		return c, cli.UsageError(err.Error())
	}
	c.limit = time.Duration(*secs * float64(time.Second))
	if c.control, err = parseClock(*clk); err != nil {
		return c, err
	}
	for i, name := range []string{c.a, c.b} {
		if ugi.IsSpec(name) {
			sp, err := ugi.ParseSpec(name)
			if err != nil {
				return c, err
			}
			c.external[i] = &sp
			continue
		}
		if _, err := ai.ParseEngine(name, c.playouts, c.limit, 0); err != nil {
			return c, cli.UsageError(err.Error())
		}
	}
	return c, nil
}

// engine makes engine k (0 for A, 1 for B) for one game.
func (c *config) engine(k int, seed uint64) ai.Engine {
	if sp := c.external[k]; sp != nil {
		var lim ugi.Limits
		switch {
		case c.limit > 0:
			lim.MoveTime = c.limit
		case c.playouts > 0:
			lim.Nodes = c.playouts
		}
		e := ugi.NewEngine(*sp, lim)
		e.SetDefault("threads", fmt.Sprint(c.threads))
		return e
	}
	name := c.a
	if k == 1 {
		name = c.b
	}
	e, _ := ai.ParseEngine(name, c.playouts, c.limit, seed)
	return ai.WithThreads(e, c.threads)
}

// checkExternal starts each external engine once and shakes hands with it,
// so that an engine that cannot play is refused before the games.
func (c *config) checkExternal() error {
	for k, sp := range c.external {
		if sp == nil {
			continue
		}
		if err := ugi.Check(context.Background(), *sp); err != nil {
			return fmt.Errorf("arena: engine %s: %w", "AB"[k:k+1], err)
		}
	}
	return nil
}

// Arena plays seeded games between two engines, alternating who moves first, and
// ends with "result: W-D-L score S ± E" from A's side (E is two standard errors).
// Before it come A's thinking time per move and A's results with each colour.
// An interrupt (Ctrl-C) starts no more games: those being played finish and the
// summary counts the games played, so that a long run can be cut short without
// losing it; a second interrupt quits at once.
func Arena(args []string, stdout, stderr io.Writer) int {
	c, err := parseConfig(args)
	if err != nil {
		return cli.Exit(err, stderr, ArenaUsage)
	}
	if err := c.checkExternal(); err != nil {
		fmt.Fprintln(stderr, "trihex:", err)
		return 1
	}
	errw := &syncWriter{w: stderr}
	stop := make(chan struct{})
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sig:
			signal.Stop(sig) // the next interrupt ends the process
			fmt.Fprintln(errw, "trihex: arena: interrupted: finishing the games in play (interrupt again to quit)")
			close(stop)
		case <-done:
			signal.Stop(sig)
		}
	}()
	t := c.run(stop, stdout, errw)
	t.summary(&c, stdout)
	return 0
}

// run plays the games on c.workers goroutines until all are played or stop is
// closed, when no more begin.
func (c *config) run(stop <-chan struct{}, stdout, stderr io.Writer) *tally {
	t := &tally{}
	var (
		mu   sync.Mutex
		next int
		wg   sync.WaitGroup
	)
	for range c.workers {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= c.games {
					return
				}
				c.play(i, t, stdout, stderr)
			}
		})
	}
	wg.Wait()
	return t
}

// summary prints the tally's figures, saying so when fewer games were played
// than asked for.
func (t *tally) summary(c *config, stdout io.Writer) {
	if n := len(t.scores); n < c.games {
		fmt.Fprintf(stdout, "stopped after %d of %d games\n", n, c.games)
	}
	mean, e := meanAnd2Sigma(t.scores)
	fmt.Fprintf(stdout, "time per move: A %.3fs, B %.3fs\n", perMove(t.spent[0], t.nmoves[0]), perMove(t.spent[1], t.nmoves[1]))
	fmt.Fprintf(stdout, "work per move: A %s, B %s\n", t.work(0), t.work(1))
	pl := c.start.Info().Players
	fmt.Fprintf(stdout, "A as %s: %d-%d-%d, as %s: %d-%d-%d\n", pl[0], t.bySide[0][0], t.bySide[0][1], t.bySide[0][2],
		pl[1], t.bySide[1][0], t.bySide[1][1], t.bySide[1][2])
	if c.control.Kind != clock.NoClock {
		fmt.Fprintf(stdout, "lost on time: %d (A %d, B %d); least left after a move: A %s, B %s\n",
			t.onTime[0]+t.onTime[1], t.onTime[0], t.onTime[1], t.leastLeft(0), t.leastLeft(1))
	}
	fmt.Fprintf(stdout, "result: %d-%d-%d score %.3f ± %.3f\n", t.w, t.d, t.l, mean, e)
}

// play plays game i (0-based) and adds it to t; with -v it prints the game's line.
func (c *config) play(i int, t *tally, stdout, stderr io.Writer) {
	gameSeed := c.seed*1_000_003 + uint64(i)
	ea, eb := c.engine(0, gameSeed), c.engine(1, gameSeed^0x5bd1e995)
	defer ai.Release(ea) // an external engine's process ends with its game
	defer ai.Release(eb)
	// Colours alternate, unless A's side is fixed: in Andantino, where White wins
	// nearly every game, experiments can then watch Red's games only.
	aFirst := i%2 == 0 && c.aSide == "" || c.aSide == "first"
	open := c.from
	if c.openings > 0 {
		open = append(slices.Clip(c.from), opening(c.fromPos, c.openings, c.seed*1_000_003+uint64(i/2)^0x9e3779b97f4a7c15)...)
	}
	g := playGame(c.start, open, ea, eb, aFirst, c.control, stderr)
	if c.records != "" {
		if err := writeRecord(c.records, i+1, c.start, g, ea.Name(), eb.Name(), aFirst, c.control); err != nil {
			fmt.Fprintln(stderr, "trihex:", err)
		}
	}
	sA := 0.5
	switch {
	case g.res.Winner == game.NoPlayer:
	case (g.res.Winner == game.First) == aFirst:
		sA = 1
	default:
		sA = 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.add(g, aFirst, sA)
	if c.verbose {
		side := "second"
		if aFirst {
			side = "first"
		}
		fmt.Fprintf(stdout, "game %d: A %s, %s after %d moves, A scores %.1f\n", i+1, side,
			c.start.Info().ResultSentence(g.res), len(g.moves), sA)
	}
}

// tally is the arena's score so far, from A's side.
type tally struct {
	mu      sync.Mutex
	w, d, l int
	spent   [2]time.Duration // thinking time of A and B
	nmoves  [2]int
	// playouts and alpha-beta nodes of A and B, and the moves each counted in
	playouts, nodes  [2]int
	mcMoves, abMoves [2]int
	scores           []float64
	bySide           [2][3]int // A's wins, draws, losses when first and when second
	// On a clock: the games A and B lost on time, and the least time each
	// had left after a move (least is set once some game counted it).
	onTime [2]int
	least  [2]time.Duration
	timed  [2]bool
}

// add counts one game in which A scored sA; the caller holds t.mu.
func (t *tally) add(g played, aFirst bool, sA float64) {
	switch sA {
	case 1:
		t.w++
	case 0:
		t.l++
	default:
		t.d++
	}
	t.scores = append(t.scores, sA)
	side := 0
	if !aFirst {
		side = 1
	}
	t.bySide[side][2-int(2*sA)]++
	for k := range t.spent {
		t.spent[k] += g.used[k]
		t.nmoves[k] += g.count[k]
		t.playouts[k] += g.playouts[k]
		t.nodes[k] += g.nodes[k]
		t.mcMoves[k] += g.mcMoves[k]
		t.abMoves[k] += g.abMoves[k]
		if g.flagged[k] {
			t.onTime[k]++
		}
		if g.clock != nil && g.clock.moved[k] && (!t.timed[k] || g.clock.least[k] < t.least[k]) {
			t.least[k], t.timed[k] = g.clock.least[k], true
		}
	}
}

// leastLeft writes engine k's least time left after a move, or "-".
func (t *tally) leastLeft(k int) string {
	if !t.timed[k] {
		return "-"
	}
	return fmt.Sprintf("%.2fs", t.least[k].Seconds())
}

// work says what engine k searched a move on average: Monte Carlo playouts,
// alpha-beta nodes, or both when it used both.
func (t *tally) work(k int) string {
	var parts []string
	if t.mcMoves[k] > 0 {
		parts = append(parts, fmt.Sprintf("%.0f playouts", float64(t.playouts[k])/float64(t.mcMoves[k])))
	}
	if t.abMoves[k] > 0 {
		parts = append(parts, fmt.Sprintf("%.0f nodes", float64(t.nodes[k])/float64(t.abMoves[k])))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

func perMove(d time.Duration, n int) float64 {
	if n == 0 {
		return 0
	}
	return d.Seconds() / float64(n)
}

// played is one arena game: its result, its moves, and the thinking time and the
// number of moves of A and of B; on a clock, each move's clock stamp and
// whether A or B lost on time.
type played struct {
	res              game.Result
	moves            []game.Move
	stamps           []save.ClockStamp
	clock            *gameClock
	flagged          [2]bool
	used             [2]time.Duration
	count            [2]int
	playouts, nodes  [2]int
	mcMoves, abMoves [2]int
}

// line plays moves (as a player writes them, separated by spaces) from start
// and returns them and the position after them; it refuses a move that does
// not parse or is not legal there, and a line that ends the game (the engines
// would have nothing to play).
func line(start game.State, moves string) ([]game.Move, game.State, error) {
	s := start.Clone()
	var ms []game.Move
	for i, text := range strings.Fields(moves) {
		m, err := s.ParseMove(text)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("arena: --from: move %d %q: %v", i+1, text, err)
		}
		ms = append(ms, m)
	}
	if s.Result().Over {
		return nil, nil, fmt.Errorf("arena: --from: the game is over after %q", moves)
	}
	return ms, s, nil
}

// maxOpening bounds --openings: a longer random start is no longer a game
// between the engines.
const maxOpening = 20

// opening returns plies random legal moves from start, never a pass, drawn from
// seed. Games 2j and 2j+1 get the same opening with the colours swapped, so each
// engine plays it once from each side: in Andantino, where White wins nearly every
// game from the start between engines this close, the two engines then meet in
// positions either can win or hold, and an opening that favours one colour
// favours both engines alike. An opening that ends the game is drawn again (nil,
// the start itself, if a hundred do).
func opening(start game.State, plies int, seed uint64) []game.Move {
	r := game.NewRand(seed)
	var buf []game.Move
	for range 100 {
		s := start.Clone()
		var moves []game.Move
		for len(moves) < plies && !s.Result().Over {
			buf = slices.DeleteFunc(s.LegalMoves(buf[:0]), func(m game.Move) bool { return game.IsPass(s, m) })
			if len(buf) == 0 {
				break
			}
			m := buf[r.Intn(len(buf))]
			s.Apply(m)
			moves = append(moves, m)
		}
		if len(moves) == plies && !s.Result().Over {
			return moves
		}
	}
	return nil
}

// playGame plays one game between two engines from start after the moves of
// open, which count as the game's moves but as neither engine's. With a time
// control each engine plays to its own clock (ai.ChooseOnClock), which runs
// on the machine's time as the window's does (each side's first move free),
// and an engine whose flag falls loses on time.
func playGame(start game.State, open []game.Move, a, b ai.Engine, aFirst bool, ctl clock.Control, stderr io.Writer) (g played) {
	s := start.Clone()
	g.clock = newGameClock(ctl)
	for _, m := range open {
		if g.clock != nil {
			g.clock.press(s.ToMove(), -1) // no time runs before a side's first move
			g.stamps = append(g.stamps, save.Stamp(g.clock.c.Side(s.ToMove())))
		}
		s.Apply(m) // legal: opening drew it from this start
	}
	g.moves = append(g.moves, open...)
	var tm ai.TimeManager
	if g.clock != nil {
		tm = ai.NewTimeManager(start.Info())
	}
	first, second := a, b
	if !aFirst {
		first, second = b, a
	}
	for {
		if r := s.Result(); r.Over {
			g.res = r
			return g
		}
		e := first
		if s.ToMove() == game.Second {
			e = second
		}
		k := 0
		if e != a {
			k = 1
		}
		if f, ok := e.(ai.Follower); ok {
			f.Follow(start, g.moves)
		}
		t0 := time.Now()
		var inf ai.Info
		if g.clock != nil {
			inf = ai.ChooseOnClock(context.Background(), e, s, g.clock.state(s.ToMove()), tm)
		} else {
			inf = e.Choose(context.Background(), s)
		}
		g.used[k] += time.Since(t0)
		g.count[k]++
		if inf.Depth > 0 {
			g.nodes[k] += inf.Nodes
			g.abMoves[k]++
		} else if inf.Playouts > 0 {
			g.playouts[k] += inf.Playouts
			g.mcMoves[k]++
		}
		if err := ai.EngineErr(e); err != nil {
			// An external engine that fails loses the game, and says why.
			fmt.Fprintf(stderr, "trihex: arena: %s loses the game: %v\n", e.Name(), err)
			g.res = game.Result{Over: true, Winner: s.ToMove().Other(), Reason: "engine failed"}
			return g
		}
		if g.clock != nil && !g.clock.press(s.ToMove(), k) {
			g.flagged[k] = true
			g.res = game.Ended(game.TimeForfeit, s.ToMove().Other())
			return g
		}
		if err := s.Play(inf.Move); err != nil {
			// An engine that answers with an illegal move loses: it must never happen.
			fmt.Fprintf(stderr, "trihex: %s played an illegal move: %v\n", e.Name(), err)
			g.res = game.Result{Over: true, Winner: s.ToMove().Other(), Reason: "illegal move"}
			return g
		}
		g.moves = append(g.moves, inf.Move)
		if g.clock != nil {
			g.stamps = append(g.stamps, save.Stamp(g.clock.c.Side(s.ToMove().Other())))
		}
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

// writeRecord saves one arena game as DIR/game-N.trihex, players named by
// engine; on a clock with its TimeControl tag, each move's clock, and a loss
// on time as its Termination.
func writeRecord(dir string, n int, start game.State, g played, a, b string, aFirst bool, ctl clock.Control) error {
	pl := start.Info().Players
	first, second := "A: "+a, "B: "+b
	if !aFirst {
		first, second = second, first
	}
	tags := []save.Tag{{Name: pl[0], Value: first}, {Name: pl[1], Value: second}}
	if ctl.Kind != clock.NoClock {
		tags = append(tags, save.Tag{Name: "TimeControl", Value: ctl.String()})
	}
	root := &save.Node{}
	node := root
	for i, m := range g.moves {
		node = node.AddChild(m)
		if i < len(g.stamps) {
			node.Clock = g.stamps[i]
		}
	}
	txt, err := save.FormatEnd(start, root, tags, g.res)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return save.WriteFileAtomic(filepath.Join(dir, fmt.Sprintf("game-%d.trihex", n)), []byte(txt))
}

// syncWriter lets the arena's workers share stderr.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
