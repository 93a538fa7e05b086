package ai

import (
	"context"
	"testing"

	_ "trihex/ai/all" // the games' knowledge, as the app has it
	"trihex/ai/knowledge"
	"trihex/game"
	_ "trihex/game/all"
)

// variants lists every game with every option that changes play.
var variants = []struct{ game, opts string }{
	{"Abande", ""},
	{"Attangle", ""},
	{"Attangle", "stalemate=loss"},
	{"Andantino", ""},
	{"Andantino", "adjacency=once"},
}

// evalPos returns s as the alpha-beta search reads it.
func evalPos(t testing.TB, s game.State) knowledge.Position {
	t.Helper()
	p, ok := evaluable(s)
	if !ok {
		t.Fatalf("%s: no evaluation", s.Info().Name)
	}
	return p
}

func startOf(t testing.TB, name, opts string) game.State {
	t.Helper()
	info, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := info.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// winsNow reports whether m ends the game at once with a win for the mover.
func winsNow(s game.State, m game.Move) bool {
	c := s.Clone()
	mover := c.ToMove()
	c.Apply(m)
	r := c.Result()
	return r.Over && r.Winner == mover
}

// immediateWins lists the moves that win at once in s.
func immediateWins(s game.State) []game.Move {
	var out []game.Move
	for _, m := range s.LegalMoves(nil) {
		if winsNow(s, m) {
			out = append(out, m)
		}
	}
	return out
}

// tacticalPositions plays seeded random games and collects positions of two kinds:
// the mover can win at once ("win"), or cannot, but the opponent threatens to win
// at once and some move stops every such threat ("block"). For a block position it
// also returns the set of moves that leave the opponent no immediate win.
func tacticalPositions(t *testing.T, name, opts string, want int) (wins []game.State, blocks []game.State, safe []map[game.Move]bool) {
	start := startOf(t, name, opts)
	r := game.NewRand(11)
	for g := 0; g < 4000 && (len(wins) < want || len(blocks) < want); g++ {
		s := start.Clone()
		for !s.Result().Over {
			moves := s.LegalMoves(nil)
			if len(moves) <= 600 {
				if len(immediateWins(s)) > 0 {
					if len(wins) < want {
						wins = append(wins, s.Clone())
					}
				} else if len(blocks) < want {
					ok := map[game.Move]bool{}
					threatened := false
					for _, m := range moves {
						c := s.Clone()
						c.Apply(m)
						if c.Result().Over {
							continue
						}
						if len(immediateWins(c)) == 0 {
							ok[m] = true
						} else {
							threatened = true
						}
					}
					if threatened && len(ok) > 0 {
						blocks = append(blocks, s.Clone())
						safe = append(safe, ok)
					}
				}
			}
			s.Apply(moves[r.Intn(len(moves))])
		}
	}
	return wins, blocks, safe
}

// TestTactics checks that level 3 takes an immediate win and, when it has none,
// stops the opponent's immediate win whenever that can be stopped, in positions
// from random games of every game. Abande's immediate wins include passing when
// the opponent has just passed and the score is ahead.
func TestTactics(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	for _, v := range variants {
		t.Run(v.game+v.opts, func(t *testing.T) {
			wins, blocks, safe := tacticalPositions(t, v.game, v.opts, n)
			if len(wins) == 0 {
				t.Fatalf("no positions with an immediate win found")
			}
			for i, s := range wins {
				e, _ := NewLevel(3, uint64(i))
				inf := e.Choose(context.Background(), s)
				if !winsNow(s, inf.Move) {
					t.Errorf("win position %d: played %s, winning moves were %v", i, s.FormatMove(inf.Move), spell(s, immediateWins(s)))
				}
			}
			for i, s := range blocks {
				e, _ := NewLevel(3, uint64(i))
				inf := e.Choose(context.Background(), s)
				if !safe[i][inf.Move] {
					t.Errorf("block position %d: played %s, which leaves the opponent an immediate win", i, s.FormatMove(inf.Move))
				}
			}
			t.Logf("%d win and %d block positions", len(wins), len(blocks))
		})
	}
}

func spell(s game.State, ms []game.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, s.FormatMove(m))
	}
	return out
}

// TestEnginesPlayLegalGames plays complete games between the engines and checks
// every move through Play.
func TestEnginesPlayLegalGames(t *testing.T) {
	for _, v := range variants {
		s := startOf(t, v.game, v.opts)
		a, _ := NewLevel(1, 1)
		engines := [2]Engine{a, NewUCT(100, 0, 2)}
		for !s.Result().Over {
			inf := engines[s.ToMove()].Choose(context.Background(), s)
			if err := s.Play(inf.Move); err != nil {
				t.Fatalf("%s: %v", v.game, err)
			}
		}
	}
}

// TestCancelBeforeFirstPlayout cancels before the search starts: still a legal move.
func TestCancelBeforeFirstPlayout(t *testing.T) {
	for _, v := range variants {
		s := startOf(t, v.game, v.opts)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		inf := NewMCTS("x", Config{Playouts: 1000}).Choose(ctx, s)
		if !s.IsLegal(inf.Move) {
			t.Errorf("%s: illegal move from a cancelled search", v.game)
		}
	}
}

// TestTreeReuse checks that the second search after two moves starts from the
// subtree the first one built.
func TestTreeReuse(t *testing.T) {
	s := startOf(t, "Andantino", "")
	se := NewSearcher(0)
	inf := se.Search(context.Background(), s, Config{Playouts: 3000, Seed: 1})
	if len(inf.PV) < 2 {
		t.Fatalf("principal variation too short: %d", len(inf.PV))
	}
	s.Apply(inf.PV[0])
	s.Apply(inf.PV[1])
	se.reroot(s)
	if v := se.nodes[se.root].visits; v < 50 {
		t.Errorf("reused root has %d visits, want the old subtree's", v)
	}
	if se.nodes[se.root].hash != s.Hash() {
		t.Errorf("reused root is not the position")
	}
	// A position not below the old root starts afresh.
	other := startOf(t, "Andantino", "")
	se.reroot(other)
	if se.nodes[se.root].visits != 0 || len(se.nodes) != 1 {
		t.Errorf("unrelated position kept %d nodes", len(se.nodes))
	}
}

// TestSolverFindsForcedWin: in a position with an immediate win the root is
// proven at once, without spending the budget.
func TestSolverFindsForcedWin(t *testing.T) {
	wins, _, _ := tacticalPositions(t, "Andantino", "", 3)
	for _, s := range wins {
		inf := NewSearcher(0).Search(context.Background(), s, Config{Playouts: 1_000_000})
		if inf.Proven != 1 || inf.Value != 1 || inf.Playouts > 10 {
			t.Errorf("forced win: proven %d value %.2f after %d playouts", inf.Proven, inf.Value, inf.Playouts)
		}
	}
}

// BenchmarkSearch measures the search as the levels run it (priors and playout
// policy on), reusing one searcher so that allocations are those of the search
// loop: a few per search (the principal variation, the arena when it grows), none
// per iteration.
func BenchmarkSearch(b *testing.B) {
	for _, v := range variants[:4] {
		for _, plain := range []bool{false, true} {
			name := v.game + v.opts
			if plain {
				name += "/uct"
			}
			b.Run(name, func(b *testing.B) {
				s := startOf(b, v.game, v.opts)
				cfg := Config{Playouts: 2000, Prior: defaultPrior, Heavy: defaultHeavy, Plain: plain}
				se := NewSearcher(0)
				b.ReportAllocs()
				for b.Loop() {
					se.Search(context.Background(), s, cfg)
				}
				b.ReportMetric(float64(b.N*2000)/b.Elapsed().Seconds(), "playouts/s")
			})
		}
	}
}

// TestSearchAllocations: iterations do not allocate. A search allocates a handful
// of times (the options check, the reused arena, the principal variation), the same
// for 400 playouts as for 4000 (200 and 2000 with -short).
func TestSearchAllocations(t *testing.T) {
	for _, v := range variants {
		s := startOf(t, v.game, v.opts)
		r := game.NewRand(3)
		for i := 0; i < 8; i++ {
			ms := s.LegalMoves(nil)
			s.Apply(ms[r.Intn(len(ms))])
		}
		var allocs [2]float64
		sizes := []int{400, 4000}
		if testing.Short() {
			sizes = []int{200, 2000} // the race run: the same growth, a quarter of the time
		}
		for k, n := range sizes {
			se := NewSearcher(0)
			cfg := Config{Playouts: n, Prior: defaultPrior, Heavy: defaultHeavy}
			se.Search(context.Background(), s, cfg)
			allocs[k] = testing.AllocsPerRun(3, func() { se.Search(context.Background(), s, cfg) })
		}
		if allocs[1] > allocs[0]+2 || allocs[1] > 24 {
			t.Errorf("%s %s: %v allocations per search of %d playouts, %v of %d", v.game, v.opts, allocs[0], sizes[0], allocs[1], sizes[1])
		}
	}
}

// TestTopLevelBudgetPerGame: level 5 takes each game's own playout budget, and an
// explicit budget replaces it.
func TestTopLevelBudgetPerGame(t *testing.T) {
	for _, v := range variants[:4] {
		s := startOf(t, v.game, v.opts)
		e, _ := NewLevel(5, 1)
		m := monteCarlo(e)
		want := Levels[5].Budget(s.Info())
		if want == Levels[5].Playouts || want != knowledge.Of(s.Info()).TopPlayouts() || m.budget(s.Info()) != want {
			t.Errorf("%s: level 5's budget %d, the engine's %d; want the game's own", v.game, want, m.budget(s.Info()))
		}
		if Levels[4].Budget(s.Info()) != Levels[4].Playouts {
			t.Errorf("%s: level 4 has a budget of its own", v.game)
		}
		e, _ = ParseEngine("5", 300, 0, 1)
		if inf := e.Choose(context.Background(), s); inf.Playouts != 300 {
			t.Errorf("%s: --playouts 300 gave %d", v.game, inf.Playouts)
		}
	}
}

// TestSamePositionKeepsTree: searching the root position again (a hint after the
// computer's search, an undo and redo) keeps the whole tree.
func TestSamePositionKeepsTree(t *testing.T) {
	s := startOf(t, "Attangle", "")
	se := NewSearcher(0)
	se.Search(context.Background(), s, Config{Playouts: 2000, Seed: 1})
	n, v := len(se.nodes), se.nodes[se.root].visits
	se.reroot(s.Clone())
	if len(se.nodes) != n || se.nodes[se.root].visits != v {
		t.Errorf("tree went from %d nodes, %d visits to %d, %d", n, v, len(se.nodes), se.nodes[se.root].visits)
	}
}
