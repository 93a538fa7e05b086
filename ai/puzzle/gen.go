package puzzle

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"trihex/ai"
	"trihex/game"
)

// GenConfig sets up a generation run.
type GenConfig struct {
	Game    string
	Seed    uint64
	Games   int // self-play games
	Limit   int // the prover's node budget per position (0: DefaultLimit)
	Workers int // games played at once (0: 1); the result does not depend on it
	Log     io.Writer

	// trace, when set, hears of every position tested (for the measurements).
	trace func(k Kind, ok bool, err error, nodes int, d time.Duration)
}

// DefaultLimit is the node budget per position of a generation run: past it a
// position is skipped. Measured (see the report in the package's test): a win3
// proof in the middle of an Andantino game takes up to a few hundred thousand.
const DefaultLimit = 400_000

// Quota is the most puzzles of a kind a generation run keeps per game, so that
// each difficulty is represented without one kind filling the file.
var Quota = map[Kind]int{Win1: 8, Defend: 8, Win2: 10, Keep: 12, Win3: 12}

// candidate is a position the prover found to be a puzzle.
type candidate struct {
	p     Puzzle
	hash  uint64
	theme string // how the win comes (the game's result reason), for variety
	order int    // discovery order, for a stable choice
	rank  int    // how many of its kind its game found before it, for variety
}

// Generate plays cfg.Games seeded self-play games and returns the puzzles found in
// them, chosen and ordered deterministically for the seed: by difficulty, then
// kind, then discovery.
func Generate(cfg GenConfig) ([]Puzzle, error) {
	info, err := game.Lookup(cfg.Game)
	if err != nil {
		return nil, err
	}
	if cfg.Limit == 0 {
		cfg.Limit = DefaultLimit
	}
	if cfg.Workers < 1 {
		cfg.Workers = 1
	}
	found := make([][]candidate, cfg.Games)
	var wg sync.WaitGroup
	var mu sync.Mutex
	next := 0
	for w := 0; w < cfg.Workers; w++ {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= cfg.Games {
					return
				}
				found[i] = playGame(info, cfg, i)
				if cfg.Log != nil {
					mu.Lock()
					fmt.Fprintf(cfg.Log, "game %d: %d positions found\n", i+1, len(found[i]))
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	var all []candidate
	for _, f := range found {
		rank := map[Kind]int{}
		for _, c := range f {
			c.order = len(all)
			c.rank = rank[c.p.Kind]
			rank[c.p.Kind]++
			all = append(all, c)
		}
	}
	return choose(all), nil
}

// gameSeed mixes the run's seed and the game's number (splitmix64).
func gameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// playGame plays game i of the run between levels 2 and 3 (chosen by the seed),
// with a random move now and then for variety, and tests every position of the
// game and, beside each, the position after one random move (an opponent's slip
// is where wins in two and three appear).
func playGame(info *game.Info, cfg GenConfig, i int) []candidate {
	seed := gameSeed(cfg.Seed, i)
	rng := game.NewRand(seed)
	var eng [2]ai.Engine
	for side := range eng {
		level := 2 + rng.Intn(2)
		// A playout budget and no time cap, so that the moves depend on the seed only.
		e, err := ai.ParseEngine(fmt.Sprint(level), ai.Levels[level].Budget(info), 0, seed+uint64(side))
		if err != nil {
			panic(err) // levels 2 and 3 always exist
		}
		eng[side] = e
	}
	slip := 0.08 + 0.08*float64(rng.Intn(3)) // chance of a random move
	f := newFinder(info, cfg)
	s, err := info.Start("")
	if err != nil {
		panic(err) // the default options always resolve
	}
	var moves []string
	test := f.try
	var buf []game.Move
	for !s.Result().Over {
		test(s, moves)
		// Beside the game, the positions after other moves: where wins in two and
		// three and Abande's endgames appear. All of them near Abande's end (few
		// moves, and keep needs them), else a few at random.
		buf = s.LegalMoves(buf[:0])
		sides := slices.Clone(buf)
		if !endgame(s) {
			for j := range min(sideMoves, len(sides)) {
				k := j + rng.Intn(len(sides)-j)
				sides[j], sides[k] = sides[k], sides[j]
			}
			sides = sides[:min(sideMoves, len(sides))]
		}
		for _, r := range sides {
			side := s.Clone()
			side.Apply(r)
			if side.Result().Over {
				continue
			}
			line := append(slices.Clone(moves), s.FormatMove(r))
			test(side, line)
			if !endgame(s) && !endgame(side) {
				continue
			}
			// Near Abande's end every position two moves away too.
			for _, r2 := range side.LegalMoves(nil) {
				side2 := side.Clone()
				side2.Apply(r2)
				if !side2.Result().Over {
					test(side2, append(line, side.FormatMove(r2)))
				}
			}
		}
		var m game.Move
		if float64(rng.Intn(1000)) < slip*1000 {
			m = buf[rng.Intn(len(buf))]
		} else {
			m = eng[s.ToMove()].Choose(context.Background(), s).Move
		}
		moves = append(moves, s.FormatMove(m))
		s.Apply(m)
	}
	return f.out
}

// finder tests positions with a prover and keeps the puzzles.
type finder struct {
	info *game.Info
	cfg  GenConfig
	pr   *Prover
	same map[string]bool
	out  []candidate
}

func newFinder(info *game.Info, cfg GenConfig) *finder {
	pr := NewProver()
	pr.Limit = cfg.Limit
	return &finder{info: info, cfg: cfg, pr: pr, same: map[string]bool{}}
}

// try tests the position pos, reached by the moves line from the start, and keeps
// it when it is a puzzle.
func (f *finder) try(pos game.State, line []string) {
	start, nodes := time.Now(), f.pr.Nodes
	k, answers, ok, err := f.pr.Classify(pos)
	if f.cfg.trace != nil {
		f.cfg.trace(k, ok, err, f.pr.Nodes-nodes, time.Since(start))
	}
	if err != nil || !ok {
		return
	}
	p := Puzzle{Game: f.info.Name, Kind: k, Moves: slices.Clone(line), Difficulty: k.Difficulty()}
	for _, a := range answers {
		p.Answers = append(p.Answers, pos.FormatMove(a))
	}
	sort.Strings(p.Answers)
	// One puzzle per kind and answers in a game: a threat left standing for
	// several plies would otherwise give the same puzzle again and again.
	key := k.String() + "\t" + strings.Join(p.Answers, " ")
	if f.same[key] {
		return
	}
	f.same[key] = true
	f.out = append(f.out, candidate{p: p, hash: pos.Hash(), theme: theme(f.pr, pos, k, answers[0])})
}

// FindInLine tests every position of the game g reached by the moves (from the
// start, default options) as the generator does, and returns the puzzles found, in
// order: the generator's judgement on a game given by hand.
func FindInLine(g string, moves []string) ([]Puzzle, error) {
	info, err := game.Lookup(g)
	if err != nil {
		return nil, err
	}
	f := newFinder(info, GenConfig{Limit: DefaultLimit})
	p := Puzzle{Game: info.Name}
	for i := 0; i <= len(moves); i++ {
		p.Moves = moves[:i]
		s, err := p.Position()
		if err != nil {
			if i == len(moves) && errors.Is(err, errOver) {
				break
			}
			return nil, err
		}
		f.try(s, p.Moves)
	}
	var out []Puzzle
	for _, c := range f.out {
		out = append(out, c.p)
	}
	return out, nil
}

// sideMoves is how many other moves are tried beside each position of a game.
const sideMoves = 3

// endgame reports an Abande position near the end, the place of keep: the side to
// move has entered all its pieces (so its moves are captures and the pass) and the
// opponent has at most endHand left.
func endgame(s game.State) bool {
	h, ok := s.(interface{ Hand(game.Player) int })
	return ok && h.Hand(s.ToMove()) == 0 && h.Hand(s.ToMove().Other()) <= endHand
}

// endHand is the most pieces the opponent may still hold in a keep puzzle.
const endHand = 2

// theme says how the answer's win comes: the result reason at the end of a line
// where the answer is played and the defender makes its first reply each time (the
// defender's win for defend, after a move that ignores the threat).
func theme(pr *Prover, s game.State, k Kind, answer game.Move) string {
	if k == Keep {
		return "keep" // the game ends by two passes, but not soon
	}
	t := s.Clone()
	me := s.ToMove()
	if k == Defend {
		for _, m := range t.LegalMoves(nil) {
			if m == answer {
				continue
			}
			c := t.Clone()
			c.Apply(m)
			if c.Result().Over {
				continue
			}
			for _, r := range c.LegalMoves(nil) {
				d := c.Clone()
				d.Apply(r)
				if res := d.Result(); res.Over && res.Winner == me.Other() {
					return res.Reason
				}
			}
		}
		return ""
	}
	t.Apply(answer)
	for n := k.Moves() - 1; !t.Result().Over && n > 0; n-- {
		t.Apply(t.LegalMoves(nil)[0])
		if t.Result().Over {
			break
		}
		for _, m := range t.LegalMoves(nil) {
			c := t.Clone()
			c.Apply(m)
			if r := c.Result(); (r.Over && r.Winner == me) || (!r.Over && n > 1 && pr.holds(c, n-1, 1)) {
				t = c
				break
			}
		}
	}
	return t.Result().Reason
}

// choose deduplicates the candidates by position and keeps up to Quota of each
// kind: single-answer puzzles first, the themes taken in turn, each theme
// spread over the games (every game's first of the kind before any second).
func choose(all []candidate) []Puzzle {
	seen := map[uint64]bool{}
	byKind := map[Kind][]candidate{}
	for _, c := range all {
		if seen[c.hash] {
			continue
		}
		seen[c.hash] = true
		byKind[c.p.Kind] = append(byKind[c.p.Kind], c)
	}
	var out []Puzzle
	for _, d := range Difficulties {
		for _, k := range Kinds {
			if k.Difficulty() != d {
				continue
			}
			cs := byKind[k]
			sort.SliceStable(cs, func(i, j int) bool {
				if a, b := len(cs[i].p.Answers), len(cs[j].p.Answers); a != b {
					return a < b
				}
				return cs[i].rank < cs[j].rank
			})
			var themes []string
			queue := map[string][]candidate{}
			for _, c := range cs {
				if _, ok := queue[c.theme]; !ok {
					themes = append(themes, c.theme)
				}
				queue[c.theme] = append(queue[c.theme], c)
			}
			var kept []candidate
			for len(kept) < Quota[k] {
				took := false
				for _, th := range themes {
					if q := queue[th]; len(q) > 0 && len(kept) < Quota[k] {
						kept = append(kept, q[0])
						queue[th] = q[1:]
						took = true
					}
				}
				if !took {
					break
				}
			}
			sort.Slice(kept, func(i, j int) bool { return kept[i].order < kept[j].order })
			for _, c := range kept {
				out = append(out, c.p)
			}
		}
	}
	return out
}

// Format writes puzzles as a data file.
func Format(ps []Puzzle) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.Line())
		b.WriteByte('\n')
	}
	return b.String()
}
