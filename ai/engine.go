package ai

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"trihex/ai/knowledge"
	"trihex/game"
)

// Engine chooses moves. An engine keeps what it learned between calls (its search
// tree), so give each player its own, and use one from one goroutine at a time.
type Engine interface {
	Name() string
	// Choose returns the move for the side to move in pos (not changed), or an Info
	// with a zero Move when the game is over. It returns early, still with a legal
	// move, when ctx is cancelled.
	Choose(ctx context.Context, pos game.State) Info
}

// Level is one of the five playing strengths. Budgets are counted in playouts so
// that strength does not depend on the machine; the time cap keeps the slowest
// game responsive on a slow one.
type Level struct {
	N        int
	Playouts int
	Time     time.Duration
	// PerGame: each game's knowledge sets the playout budget
	// (knowledge.Game.TopPlayouts, times Top), so that the top levels spend
	// about the same time per move in each game although their playouts
	// differ threefold in cost; Playouts is for a game without knowledge.
	PerGame bool
	// Top multiplies the game's top budget (0 means 1).
	Top int
	// Nodes, when not 0, is the node budget of the alpha-beta search, which plays
	// Andantino's placement phase instead of the Monte Carlo search (alphabeta.go),
	// spent by game phase (ABConfig.Phase): most in the opening, least after ply 26.
	Nodes int
	// Reply is the longest a player waits for the level's answer, counted from
	// the search's start (the player's own move), the README's promise: the
	// window's player (Player) cuts a search short to keep it, whatever the
	// machine's load or the engine's overrun of its own Time.
	Reply time.Duration
}

// Budget is the level's playout budget in the game info describes.
func (l Level) Budget(info *game.Info) int {
	if g := knowledge.Of(info); l.PerGame && g != nil {
		return g.TopPlayouts() * max(l.Top, 1)
	}
	return l.Playouts
}

// Expert is the level above 5, for strong players: about 10 s a move on one
// core of the machine the budgets were set on (five times level 5's node
// budget, seven times its playouts: level 5 took 1.0–1.85 s a move), and in
// the middle game at most 12 s, where it would take 15–25 s here (level 5
// meets its 3 s cap there too); more threads search more in the same time.
const Expert = 6

// MaxLevel is the strongest level.
const MaxLevel = Expert

// LevelName names level n for players: "level 3", or "Expert".
func LevelName(n int) string {
	if n == Expert {
		return "Expert"
	}
	return "level " + strconv.Itoa(n)
}

// Levels holds levels 1 to 5 and Expert at indices 1 to 6.
var Levels = [MaxLevel + 1]Level{
	1: {N: 1, Playouts: 150, Time: 2 * time.Second, Reply: 3 * time.Second},
	2: {N: 2, Playouts: 1500, Time: 3 * time.Second, Reply: 3 * time.Second},
	3: {N: 3, Playouts: 8000, Time: 3 * time.Second, Reply: 3 * time.Second},
	4: {N: 4, Playouts: 40000, Time: 3 * time.Second, Reply: 3 * time.Second},
	5: {N: 5, Playouts: 250000, Time: 3 * time.Second, PerGame: true, Nodes: 5_800_000, Reply: 3 * time.Second},
	6: {N: 6, Playouts: 600000, Time: 12 * time.Second, PerGame: true, Nodes: 30_000_000, Top: 7, Reply: 12 * time.Second},
}

// Knowledge settings of the levels and the hint, measured (see the report): a new
// child starts with defaultPrior virtual playouts at its move's prior value, and
// playouts use each game's best policy.
const (
	defaultPrior = 30
	defaultHeavy = AutoHeavy
)

// AutoHeavy, as Config.Heavy, picks each game's measured best playout policy
// for levels 1–4 (Abande's heavy policy, uniform playouts elsewhere); TopHeavy
// adds Attangle's capture-biased playouts, for level 5 and the hint. The games'
// packages under ai/ say what each means there.
const (
	AutoHeavy = knowledge.AutoHeavy
	TopHeavy  = knowledge.TopHeavy
)

// HintConfig is the budget for the Hint button: the strongest move in about a
// second.
var HintConfig = Config{Playouts: 0, Time: time.Second, Prior: defaultPrior, Heavy: TopHeavy}

// NewHint returns the engine for the Hint button: a second of the strongest
// search of each game, on every core but the one that draws.
func NewHint() Engine {
	e := &abEngine{name: "hint", cfg: ABConfig{Time: HintConfig.Time}, fallback: &mcts{name: "hint", cfg: HintConfig, s: NewSearcher(0)}}
	return WithThreads(e, DefaultThreads(true))
}

// Analysis is the budget of the analysis board's engine (NewAnalysis). A zero
// budget is none: with no budget at all the search runs until it is cancelled
// or has solved the position.
type Analysis struct {
	Playouts int           // Monte Carlo playouts per search, at most AnalysisPlayouts
	Nodes    int           // alpha-beta nodes per search
	Time     time.Duration // cap per search
	// Top is how many root moves Info.Top lists with exact values (at most
	// TopMoves): alpha-beta pays for each in depth (ABConfig.MultiPV), so a
	// review, which needs only the best, leaves it at 0.
	Top  int
	Seed uint64
	// Threads is how many goroutines search (1: one); 0 leaves the count to
	// a later WithThreads, one if none comes.
	Threads int
}

// AnalysisPlayouts bounds an analysis search's playouts: beyond about 8 million a
// child's float32 win count stops being exact.
const AnalysisPlayouts = 4_000_000

// analysisNodes is the analysis search's arena: 128 MB (twice that while the
// tree is kept for the next position), enough for a minute's search, which then
// goes on with playouts from the leaves.
const analysisNodes = 1 << 21

// NewAnalysis returns the analysis board's engine: level 5's searches (alpha-beta
// for Andantino's placement game, Monte Carlo with level 5's playouts for the
// rest) with the budget a sets. Like every engine it keeps its tree between
// searches, which pays when the positions follow one another.
func NewAnalysis(a Analysis) Engine {
	p := a.Playouts
	if p <= 0 || p > AnalysisPlayouts {
		p = AnalysisPlayouts
	}
	cfg := Config{Playouts: p, Time: a.Time, Seed: a.Seed, Prior: defaultPrior, Heavy: TopHeavy}
	m := &mcts{name: "analysis", cfg: cfg, s: NewSearcher(analysisNodes)}
	// The evaluation is symmetric (Defend 1): the level's, which counts the
	// opponent's windows twice to block early, would judge every position worse
	// for its side to move, and a review compares positions of both sides.
	e := &abEngine{name: "analysis", cfg: ABConfig{Nodes: a.Nodes, Time: a.Time, MultiPV: a.Top, Defend: 1}, fallback: m}
	if a.Threads > 0 {
		// Only when asked: a count set here would keep a later WithThreads
		// (the analysis command's, the review's) from setting its own.
		return WithThreads(e, a.Threads)
	}
	return e
}

// mcts is an engine that runs the searcher with a fixed configuration.
type mcts struct {
	name string
	cfg  Config
	// perGame: the budget is the game's (Level.PerGame, times top), until
	// one is given explicitly.
	perGame bool
	top     int
	s       *Searcher
}

func (e *mcts) Name() string { return e.name }

// budget is the playout budget in the game info describes.
func (e *mcts) budget(info *game.Info) int {
	if g := knowledge.Of(info); e.perGame && g != nil {
		return g.TopPlayouts() * max(e.top, 1)
	}
	return e.cfg.Playouts
}

func (e *mcts) Choose(ctx context.Context, pos game.State) Info {
	cfg := e.cfg
	cfg.Seed += uint64(pos.Ply())
	cfg.Playouts = e.budget(pos.Info())
	return e.s.Search(ctx, pos, cfg)
}

// NewLevel returns the engine of level n (1–5, or Expert).
func NewLevel(n int, seed uint64) (Engine, error) {
	if n < 1 || n > MaxLevel {
		return nil, fmt.Errorf("ai: no level %d (levels are 1 to 5, and 6 for Expert)", n)
	}
	l := Levels[n]
	cfg := Config{Playouts: l.Playouts, Time: l.Time, Seed: seed, Prior: defaultPrior, Heavy: defaultHeavy}
	if n >= 5 {
		cfg.Heavy = TopHeavy
	}
	m := &mcts{name: LevelName(n), cfg: cfg, perGame: l.PerGame, top: l.Top, s: NewSearcher(0)}
	if l.Nodes > 0 {
		return &abEngine{name: m.name, cfg: ABConfig{Nodes: l.Nodes, Time: l.Time, Phase: true}, fallback: m}, nil
	}
	return m, nil
}

// monteCarlo returns the Monte Carlo search of an engine made by NewLevel.
func monteCarlo(e Engine) *mcts {
	if a, ok := e.(*abEngine); ok {
		return a.fallback
	}
	return e.(*mcts)
}

// NewMCTS returns a full-strength search engine with the given budget.
func NewMCTS(name string, cfg Config) Engine {
	return &mcts{name: name, cfg: cfg, s: NewSearcher(0)}
}

// NewUCT returns plain UCT with uniform playouts and the given budget: the baseline.
func NewUCT(playouts int, limit time.Duration, seed uint64) Engine {
	return &mcts{name: "uct", cfg: Config{Playouts: playouts, Time: limit, Plain: true, Seed: seed}, s: NewSearcher(0)}
}

// random plays uniformly random legal moves.
type random struct {
	rng   game.Rand
	moves []game.Move
}

// NewRandom returns the engine that plays uniformly random legal moves.
func NewRandom(seed uint64) Engine {
	r := &random{}
	r.rng.Seed(seed)
	return r
}

func (r *random) Name() string { return "random" }

func (r *random) Choose(ctx context.Context, pos game.State) Info {
	r.moves = pos.LegalMoves(r.moves[:0])
	if len(r.moves) == 0 {
		return Info{}
	}
	m := r.moves[r.rng.Intn(len(r.moves))]
	return Info{Move: m, Value: 0.5, Mean: 0.5, PV: []game.Move{m}}
}

// ParseEngine reads an engine name for the command line: "1" to "5" (or "level3"),
// "6" or "expert",
// "random", "uct" (plain UCT with the budget of level 5 unless playouts or limit
// say otherwise). playouts and limit, when not zero, replace the level's budget.
// Any of them may end in ",th=N": N search threads (WithThreads).
func ParseEngine(name string, playouts int, limit time.Duration, seed uint64) (Engine, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	name, threads, err := cutThreads(name)
	if err != nil {
		return nil, err
	}
	e, err := parseEngine(name, playouts, limit, seed)
	if err != nil || threads == 0 {
		return e, err
	}
	return WithThreads(e, threads), nil
}

// cutThreads takes the setting th=N out of an engine spec.
func cutThreads(spec string) (string, int, error) {
	parts := strings.Split(spec, ",")
	threads := 0
	keep := parts[:1]
	for _, kv := range parts[1:] {
		if !strings.HasPrefix(kv, "th=") {
			keep = append(keep, kv)
			continue
		}
		n, err := strconv.Atoi(kv[3:])
		if err != nil || n < 1 || n > maxThreads {
			return "", 0, fmt.Errorf("ai: bad setting %q in engine %q (threads 1 to %d)", kv, spec, maxThreads)
		}
		threads = n
	}
	return strings.Join(keep, ","), threads, nil
}

// WithThreads gives e n search threads (1 or more), unless e already has a
// count (an engine spec's th=N, or an earlier WithThreads), and returns it. Levels spend their budget on each
// thread, so more threads search more within the level's time cap.
func WithThreads(e Engine, n int) Engine {
	n = min(max(n, 1), maxThreads)
	switch e := e.(type) {
	case *mcts:
		if e.cfg.Threads == 0 {
			e.cfg.Threads = n
		}
	case *abEngine:
		if e.cfg.Threads == 0 {
			e.cfg.Threads = n
		}
		WithThreads(e.fallback, n)
	}
	return e
}

// SetSplit makes e's threads share its budget (on) or each spend it whole
// (off, the default): with a budget per thread a level is as strong on one
// core as anywhere and stronger on more; shared, it answers sooner instead.
func SetSplit(e Engine, on bool) {
	switch e := e.(type) {
	case *mcts:
		e.cfg.Split = on
	case *abEngine:
		e.cfg.Split = on
		e.fallback.cfg.Split = on
	}
}

// parseEngine is ParseEngine without the threads.
func parseEngine(name string, playouts int, limit time.Duration, seed uint64) (Engine, error) {
	switch name {
	case "random":
		return NewRandom(seed), nil
	case "uct":
		p, t := Levels[5].Playouts, Levels[5].Time
		if playouts > 0 || limit > 0 {
			p, t = playouts, limit
		}
		return NewUCT(p, t, seed), nil
	}
	if name == "ab" || strings.HasPrefix(name, "ab,") {
		return parseAB(name, playouts, limit, seed)
	}
	if i := strings.IndexByte(name, ','); i >= 0 {
		return parseTuned(name[:i], name[i+1:], playouts, limit, seed)
	}
	if name == "expert" {
		name = strconv.Itoa(Expert)
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(name, "level"), " "))
	if err != nil {
		return nil, fmt.Errorf("ai: unknown engine %q (levels 1-5, expert, random, uct)", name)
	}
	e, err := NewLevel(n, seed)
	if err != nil {
		return nil, err
	}
	if playouts > 0 || limit > 0 {
		m := monteCarlo(e)
		m.cfg.Playouts, m.cfg.Time, m.perGame = playouts, limit, false
		if a, ok := e.(*abEngine); ok {
			if playouts > 0 {
				return m, nil // a playout budget is the Monte Carlo search's
			}
			a.cfg = ABConfig{Time: limit}
		}
	}
	return e, nil
}

// parseTuned reads an experimental engine for arenas: a level, "uct" or "x" (level 5's
// search without a budget), then comma-separated settings: p=playouts, t=seconds,
// c=exploration, pr=prior playouts, hp=playout policy (Config.Heavy), sh=0 a
// tree per thread (root parallelism, Config.Roots) instead of one tree shared
// by the threads. E.g. "3,pr=0" or "x,p=20000,c=0.6".
func parseTuned(base, settings string, playouts int, limit time.Duration, seed uint64) (Engine, error) {
	var e *mcts
	switch base {
	case "uct":
		e = NewUCT(0, 0, seed).(*mcts)
	case "x":
		l, _ := NewLevel(5, seed)
		e = monteCarlo(l)
		e.cfg.Playouts, e.cfg.Time, e.perGame = 0, 0, false
	default:
		l, err := parseEngine(base, 0, 0, seed)
		if err != nil {
			return nil, err
		}
		switch l := l.(type) {
		case *mcts:
			e = l
		case *abEngine:
			e = l.fallback // the settings are the Monte Carlo search's
		default:
			return nil, fmt.Errorf("ai: engine %q takes no settings", base)
		}
	}
	e.name = base + "," + settings
	for _, kv := range strings.Split(settings, ",") {
		k, f, err := parseSetting(kv, e.name)
		if err != nil {
			return nil, err
		}
		switch k {
		case "p":
			e.cfg.Playouts, e.perGame = int(f), false
		case "t":
			e.cfg.Time = time.Duration(f * float64(time.Second))
		case "c":
			e.cfg.Exploration = f
		case "hp":
			e.cfg.Heavy = int(f)
		case "pr":
			e.cfg.Prior = int(f)
		case "sh":
			e.cfg.Roots = f == 0
		default:
			return nil, fmt.Errorf("ai: unknown setting %q in engine %q (p, t, c, pr, hp, sh)", k, e.name)
		}
	}
	if playouts > 0 || limit > 0 {
		e.cfg.Playouts, e.cfg.Time, e.perGame = playouts, limit, false
	}
	if e.cfg.Playouts <= 0 && e.cfg.Time <= 0 {
		// A search without a budget would never answer.
		return nil, fmt.Errorf("ai: engine %q has no budget: give p=playouts or t=seconds", e.name)
	}
	return e, nil
}

// parseSetting reads one key=value setting of an engine spec: a finite value ≥ 0.
func parseSetting(kv, engine string) (string, float64, error) {
	k, v, _ := strings.Cut(kv, "=")
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return "", 0, fmt.Errorf("ai: bad setting %q in engine %q", kv, engine)
	}
	return k, f, nil
}

// parseAB reads the alpha-beta engine for arenas: "ab" then optional settings
// n=nodes, t=seconds (default: level 5's time cap, no node budget), q=0 to turn
// the threat quiescence off, d=weight of the opponent's windows (1 symmetric),
// ph=1 to spend the budget by game phase as level 5 does, bk=1 to play Red's
// opening book; mp=K scores the K best root moves
// exactly (ABConfig.MultiPV).
func parseAB(name string, playouts int, limit time.Duration, seed uint64) (Engine, error) {
	fb, _ := NewLevel(5, seed)
	e := &abEngine{name: name, cfg: ABConfig{Time: Levels[5].Time}, fallback: monteCarlo(fb)}
	if _, settings, ok := strings.Cut(name, ","); ok {
		for _, kv := range strings.Split(settings, ",") {
			k, f, err := parseSetting(kv, name)
			if err != nil {
				return nil, err
			}
			switch k {
			case "n":
				e.cfg.Nodes = int(f)
			case "t":
				e.cfg.Time = time.Duration(f * float64(time.Second))
			case "q":
				e.cfg.NoQuiesce = f == 0
			case "bk":
				e.cfg.Book = f != 0
			case "d":
				e.cfg.Defend = f
			case "ph":
				e.cfg.Phase = f != 0
			case "mp":
				e.cfg.MultiPV = int(f)
			default:
				return nil, fmt.Errorf("ai: unknown setting %q in engine %q (n, t, q, d, ph, bk, mp)", k, name)
			}
		}
	}
	if playouts > 0 || limit > 0 {
		e.cfg.Nodes, e.cfg.Time = playouts, limit
	}
	if e.cfg.Nodes <= 0 && e.cfg.Time <= 0 {
		return nil, fmt.Errorf("ai: engine %q has no budget: give n=nodes or t=seconds", name)
	}
	return e, nil
}
