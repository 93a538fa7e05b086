package ugi

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"trihex/ai"
	"trihex/ai/knowledge"
	"trihex/game"
	"trihex/game/cli"
)

// Usage is the usage line of Command.
const Usage = "trihex ugi [--game G] [--options K=V,…] [--level N] [--threads N] [--hash MB]"

// Settings are the engine's options when a session starts; setoption changes
// them.
type Settings struct {
	Level   int // 1 to 5, 6 for Expert
	Threads int // search threads
	Hash    int // megabytes for the search's tree or table; 0 for the engine's own sizes
}

// defaultHash is the hash option's default as announced: the tree's own size
// (4 million nodes of 64 bytes).
const defaultHash = 256

// Command is `trihex ugi`: Trihex's engine for one game on standard input and
// output.
func Command(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ugi", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gname := fs.String("game", "", "abande, attangle or andantino (default: the first; the game option changes it)")
	opts := fs.String("options", "", "rules options, key=value joined by commas")
	var set Settings
	fs.IntVar(&set.Level, "level", 5, "level 1-5, 6 for Expert")
	fs.IntVar(&set.Threads, "threads", ai.DefaultThreads(false), "search threads")
	fs.IntVar(&set.Hash, "hash", 0, "megabytes for the search's tree or table")
	pos, err := cli.SplitFlags(fs, args)
	if err == nil && len(pos) != 0 {
		err = cli.UsageError("ugi takes no argument but its flags")
	}
	if *gname == "" {
		*gname = game.Names()[0]
	}
	if err == nil {
		err = set.check()
	}
	var start game.State
	if err == nil {
		start, err = cli.Start(*gname, *opts)
	}
	if err != nil {
		return cli.Exit(err, stderr, Usage)
	}
	if err := Serve(context.Background(), start, set, os.Stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "trihex:", err)
		return 1
	}
	return 0
}

func (s Settings) check() error {
	switch {
	case s.Level < 1 || s.Level > ai.MaxLevel:
		return cli.UsageError(fmt.Sprintf("--level %d: levels are 1 to 5, and 6 for Expert", s.Level))
	case s.Threads < 1 || s.Threads > maxThreads:
		return cli.UsageError(fmt.Sprintf("--threads %d: want 1 to %d", s.Threads, maxThreads))
	case s.Hash < 0 || s.Hash > maxHash:
		return cli.UsageError(fmt.Sprintf("--hash %d: want 1 to %d megabytes", s.Hash, maxHash))
	}
	return nil
}

const (
	maxThreads = 64
	maxHash    = 4096
)

// Serve answers the UGI commands read from in on out until quit or the end of
// in, for the game whose start position is start. Nothing a controller sends
// stops it but those: a command it cannot follow is answered with an "info
// string" that says why. It returns an error only when in cannot be read.
func Serve(ctx context.Context, start game.State, set Settings, in io.Reader, out io.Writer) error {
	s := &server{out: &lineWriter{w: out}, start: start, set: set, rules: start.Options()}
	s.pos = start.Clone()
	defer s.close()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	for sc.Scan() {
		if ctx.Err() != nil {
			return nil
		}
		if !s.handle(sc.Text()) {
			return nil
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("ugi: reading commands: %w", err)
	}
	return nil
}

// server is one session's state. Commands are handled on one goroutine; the
// search reports from its own, through out.
type server struct {
	out   *lineWriter
	start game.State // the game's start under rules
	rules game.Options
	pos   game.State // the position to search; nil after a position that could not be set
	set   Settings
	eng   ai.Engine // made on the first go for set, kept between moves for its tree
	games uint64    // new games so far: each engine's seed

	search *running
}

// running is a search in progress.
type running struct {
	job      *ai.Job
	stop     chan struct{} // closed by stop: an infinite search may answer
	stopOnce sync.Once
	done     chan struct{} // closed once bestmove is written
	answered bool          // bestmove is written; guarded by the writer's lock
}

// finished reports whether the search has written its bestmove: a
// controller that has read it may send the next go at once.
func (r *running) finished(out *lineWriter) bool {
	out.mu.Lock()
	defer out.mu.Unlock()
	return r.answered
}

// handle runs one command line; it returns false on quit.
func (s *server) handle(line string) bool {
	c, err := parseCommand(line)
	if err != nil {
		if c.name == "go" {
			// A controller waits for a bestmove after any go.
			s.out.printf("info string %v", err)
			s.out.printf("bestmove none")
			return true
		}
		s.out.printf("info string %v", err)
		return true
	}
	switch c.name {
	case "":
	case "ugi", "uci":
		s.identify()
	case "isready":
		s.out.printf("readyok")
	case "setoption":
		s.halt()
		s.setOption(c.option, c.value)
	case "uginewgame", "ucinewgame":
		s.halt()
		s.drop()
		s.games++
		s.pos = s.start.Clone()
	case "position":
		s.halt()
		s.position(c)
	case "go":
		if s.search != nil && !s.search.finished(s.out) {
			s.out.printf("info string a search is running: stop it first")
			return true
		}
		s.search = nil
		s.goSearch(c.search)
	case "stop":
		s.halt()
	case "query":
		s.query(c.args[0])
	case "quit":
		return false
	default:
		s.out.printf("info string unknown command %q", truncate(c.name))
	}
	return true
}

// identify answers ugi: the name, the options and ugiok.
func (s *server) identify() {
	s.out.printf("id name Trihex")
	s.out.printf("id author the Trihex authors")
	s.out.printf("option name level type spin default %d min 1 max %d", s.set.Level, ai.MaxLevel)
	s.out.printf("option name threads type spin default %d min 1 max %d", s.set.Threads, maxThreads)
	hash := s.set.Hash
	if hash == 0 {
		hash = defaultHash
	}
	s.out.printf("option name hash type spin default %d min 1 max %d", hash, maxHash)
	s.out.printf("option name game type combo default %s var %s", s.start.Info().Name, strings.Join(game.Names(), " var "))
	for _, o := range s.start.Info().Options {
		s.out.printf("option name %s type combo default %s var %s", o.Key, o.Values[0], strings.Join(o.Values, " var "))
	}
	s.out.printf("ugiok")
}

// setOption sets one option. The game and a rules option change the start
// of the next game (uginewgame or position); the game's rules options take
// their defaults.
func (s *server) setOption(name, value string) {
	key := strings.ToLower(name)
	n, numErr := strconv.Atoi(value)
	var bad string
	switch key {
	case "level":
		if numErr != nil || n < 1 || n > ai.MaxLevel {
			bad = fmt.Sprintf("want 1 to %d", ai.MaxLevel)
		} else {
			s.set.Level = n
		}
	case "threads":
		if numErr != nil || n < 1 || n > maxThreads {
			bad = fmt.Sprintf("want 1 to %d", maxThreads)
		} else {
			s.set.Threads = n
		}
	case "hash":
		if numErr != nil || n < 1 || n > maxHash {
			bad = fmt.Sprintf("want 1 to %d megabytes", maxHash)
		} else {
			s.set.Hash = n
		}
	case "game":
		info, err := game.Lookup(value)
		if err != nil {
			s.out.printf("info string option game: %v", err)
			return
		}
		s.start, _ = info.Start("")
		s.rules = s.start.Options()
		s.pos = s.start.Clone()
	default:
		info := s.start.Info()
		found := false
		var kv []string
		for _, o := range s.rules {
			if strings.EqualFold(o.Key, name) {
				o.Value, found = value, true
			}
			kv = append(kv, o.Key+"="+o.Value)
		}
		if !found {
			s.out.printf("info string unknown option %q", truncate(name))
			return
		}
		opts, err := info.ResolveOptions(strings.Join(kv, ","))
		if err != nil {
			s.out.printf("info string %v", err)
			return
		}
		s.rules = opts
		s.start = info.New(opts)
		s.pos = s.start.Clone()
	}
	if bad != "" {
		s.out.printf("info string option %s: value %q: %s", key, truncate(value), bad)
		return
	}
	s.drop() // the next search makes an engine with the new settings
}

// position sets the position from the start and a move list, checking each
// move; a position that cannot be set leaves none, so that a go after it is
// refused rather than answered for another position.
func (s *server) position(c command) {
	s.pos = nil
	if c.fen != "" {
		s.out.printf("info string position fen: %s has no position string; send position startpos moves …", s.start.Info().Name)
		return
	}
	p := s.start.Clone()
	for i, text := range c.moves {
		m, err := p.ParseMove(text)
		if err == nil {
			err = p.Play(m)
		}
		if err != nil {
			s.out.printf("info string position: move %d %q: %v", i+1, truncate(text), err)
			return
		}
	}
	s.pos = p
}

// query answers gameover, p1turn and result for the position.
func (s *server) query(q string) {
	p := s.pos
	if p == nil {
		s.out.printf("info string query: no position set")
		s.out.printf("response none")
		return
	}
	r := p.Result()
	switch q {
	case "gameover":
		s.out.printf("response %t", r.Over)
	case "p1turn":
		s.out.printf("response %t", p.ToMove() == game.First)
	case "result":
		switch {
		case !r.Over:
			s.out.printf("response none")
		case r.Winner == game.First:
			s.out.printf("response p1win")
		case r.Winner == game.Second:
			s.out.printf("response p2win")
		default:
			s.out.printf("response draw")
		}
	default:
		s.out.printf("info string query: unknown question %q (gameover, p1turn, result)", truncate(q))
		s.out.printf("response none")
	}
}

// engine is the engine for the settings, made on first use.
func (s *server) engine() (ai.Engine, error) {
	if s.eng != nil {
		return s.eng, nil
	}
	e, err := ai.NewLevel(s.set.Level, 1+s.games)
	if err != nil {
		return nil, err
	}
	if s.set.Hash > 0 {
		ai.SetMemory(e, s.set.Hash)
	}
	s.eng = ai.WithThreads(e, s.set.Threads)
	return s.eng, nil
}

// drop gives back the engine's memory; the next search makes a new one.
func (s *server) drop() {
	if s.eng != nil {
		ai.Release(s.eng)
		s.eng = nil
	}
}

// goSearch starts a search of the position with g's limits. It reports on
// its own goroutine and ends with bestmove; an infinite search holds its
// bestmove back until stop.
func (s *server) goSearch(g goArgs) {
	if s.pos == nil {
		s.out.printf("info string go: no position (the last position command was refused)")
		s.out.printf("bestmove none")
		return
	}
	if s.pos.Result().Over {
		s.out.printf("info string go: the game is over (%s)", s.pos.Info().DescribeResult(s.pos.Result()))
		s.out.printf("bestmove none")
		return
	}
	e, err := s.engine()
	if err != nil {
		s.out.printf("info string %v", err)
		s.out.printf("bestmove none")
		return
	}
	view, note := budgetFor(e, g, s.pos)
	if note != "" {
		s.out.printf("info string %s", note)
	}
	pos := s.pos.Clone()
	var job *ai.Job
	if view == e && g.clock {
		// The time manager spends the clock; the level its own budget or less.
		side := pos.ToMove()
		c := ai.ClockState{Left: g.time[side], Increment: g.inc[side], MovesToGo: g.movesToGo}
		job = ai.StartOnClock(context.Background(), e, pos, c, ai.NewTimeManager(pos.Info()))
	} else {
		job = ai.Start(context.Background(), view, pos)
	}
	r := &running{job: job, stop: make(chan struct{}), done: make(chan struct{})}
	s.search = r
	t0 := time.Now()
	go func() {
		defer close(r.done)
		var last ai.Info
		nodes := 0 // the most counted so far: the threads report unevenly
		for {
			select {
			case inf := <-r.job.Progress:
				nodes = max(nodes, count(inf))
				s.out.printf("%s", infoLine(pos, inf, nodes, time.Since(t0)))
				continue
			case inf, ok := <-r.job.Done:
				if ok {
					last = inf
				}
			}
			break
		}
		if g.infinite {
			<-r.stop // a controller reads no bestmove before its stop
		}
		if last.Move == (game.Move{}) {
			s.out.answer(r, "bestmove none")
			return
		}
		s.out.printf("%s", infoLine(pos, last, max(nodes, count(last)), time.Since(t0)))
		s.out.answer(r, "bestmove "+pos.FormatMove(last.Move))
	}()
}

// budgetFor is the view of e that searches with g's limits, and a note when
// a limit cannot be kept; e itself for a clock (StartOnClock) or no limit
// (the level's own budget).
func budgetFor(e ai.Engine, g goArgs, pos game.State) (ai.Engine, string) {
	switch {
	case g.infinite:
		return ai.WithBudget(e, ai.Budget{}), ""
	case g.moveTime > 0:
		return ai.WithBudget(e, ai.Budget{Time: g.moveTime}), ""
	case g.nodes > 0:
		return ai.WithBudget(e, ai.Budget{Playouts: g.nodes, Nodes: g.nodes}), ""
	case g.depth > 0:
		note := ""
		if k := knowledge.Of(pos.Info()); k == nil || !evaluable(k, pos) {
			note = "depth limits only the alpha-beta search (Andantino's placement game); elsewhere the search runs until stop"
		}
		return ai.WithBudget(e, ai.Budget{Depth: g.depth}), note
	}
	return e, "" // the level's own budget
}

func evaluable(k knowledge.Game, pos game.State) bool {
	_, ok := k.Evaluable(pos)
	return ok
}

// halt stops a running search and waits for its bestmove.
func (s *server) halt() {
	r := s.search
	if r == nil {
		return
	}
	r.job.Cancel()
	r.stopOnce.Do(func() { close(r.stop) })
	<-r.done
	s.search = nil
}

// close ends the session: the search stops and the engine's memory goes back.
func (s *server) close() {
	s.halt()
	s.drop()
}

// count is a search's work: alpha-beta's nodes, or the Monte Carlo playouts.
func count(inf ai.Info) int {
	if inf.Depth > 0 {
		return inf.Nodes
	}
	return inf.Playouts
}

// infoLine writes a search's progress: depth (alpha-beta's, or the length
// of the Monte Carlo line), nodes (alpha-beta's nodes or the playouts), the
// time, the score of the side to move and the line.
func infoLine(pos game.State, inf ai.Info, nodes int, el time.Duration) string {
	depth := inf.Depth
	if depth == 0 {
		depth = len(inf.PV)
	}
	ms := el.Milliseconds()
	nps := int64(0)
	if ms > 0 {
		nps = int64(nodes) * 1000 / ms
	}
	line := fmt.Sprintf("info depth %d nodes %d time %d nps %d score %s", depth, nodes, ms, nps, score(inf))
	if pv := pvText(pos, inf.PV); pv != "" {
		line += " pv " + pv
	}
	return line
}

// score is the search's estimate for the side to move: "mate N" (moves to a
// proven win, negative for a loss) or "cp N", N = 400·log10(p/(1−p)) for the
// chance p to win, as chess engines' centipawns map onto winning chances.
func score(inf ai.Info) string {
	if inf.Proven != 0 {
		n := max((len(inf.PV)+1)/2, 1)
		return fmt.Sprintf("mate %d", inf.Proven*n)
	}
	p := min(max(inf.Value, 0.001), 0.999)
	return fmt.Sprintf("cp %d", int(math.Round(400*math.Log10(p/(1-p)))))
}

// pvText spells the line from pos, up to its first move that is not legal.
func pvText(pos game.State, pv []game.Move) string {
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

// truncate keeps a controller's word short enough to quote back.
func truncate(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// lineWriter writes whole lines from the session and its search at once.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, format+"\n", args...)
}

// answer writes a search's bestmove line and marks it answered.
func (l *lineWriter) answer(r *running, line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintln(l.w, line)
	r.answered = true
}
