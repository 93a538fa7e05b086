package ai

import (
	"context"
	"strings"
	"testing"
	"time"

	"trihex/ai/knowledge"
	"trihex/game"
	"trihex/game/andantino"
)

// TestABTactics: the alpha-beta engine takes an immediate win and blocks the
// opponent's, in the Andantino positions TestTactics uses.
func TestABTactics(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	wins, blocks, safe := tacticalPositions(t, "Andantino", "", n)
	if len(wins) == 0 || len(blocks) == 0 {
		t.Fatalf("%d win and %d block positions: the test proves nothing", len(wins), len(blocks))
	}
	e, err := ParseEngine("ab,n=20000", 0, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range wins {
		if inf := e.Choose(context.Background(), s); !winsNow(s, inf.Move) {
			t.Errorf("win position %d: played %s, winning moves were %v", i, s.FormatMove(inf.Move), spell(s, immediateWins(s)))
		}
	}
	for i, s := range blocks {
		if inf := e.Choose(context.Background(), s); !safe[i][inf.Move] {
			t.Errorf("block position %d: played %s, which leaves the opponent an immediate win", i, s.FormatMove(inf.Move))
		}
	}
}

// TestABGames plays the alpha-beta engine against level 1 in Andantino and in
// its variants (where it hands over to its Monte Carlo search), checking every
// move through Play and that the engine's value and variation make sense.
func TestABGames(t *testing.T) {
	rules := []string{"", "adjacency=once", "continuation=on"}
	if testing.Short() {
		rules = rules[:1] // the race run: one game is enough to race the search
	}
	for _, opts := range rules {
		s := startOf(t, "Andantino", opts)
		a, err := ParseEngine("ab,n=3000", 300, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := NewLevel(1, 2)
		for ply := 0; !s.Result().Over && ply < 150; ply++ {
			e := a
			if ply%2 == 1 {
				e = b
			}
			inf := e.Choose(context.Background(), s)
			if err := s.Play(inf.Move); err != nil {
				t.Fatalf("%s ply %d: %s: %v", opts, ply, e.Name(), err)
			}
			if e == a && (inf.Value < 0 || inf.Value > 1 || len(inf.PV) == 0 || inf.PV[0] != inf.Move) {
				t.Fatalf("%s ply %d: value %v, variation %v for move %v", opts, ply, inf.Value, inf.PV, inf.Move)
			}
		}
	}
}

// TestABProvesForcedLoss: in positions of random games where the side to move
// faces two playable five cells and cannot win at once, the game is lost, and the
// search says so.
func TestABProvesForcedLoss(t *testing.T) {
	r := game.NewRand(9)
	e, _ := ParseEngine("ab,n=2000", 0, 0, 1)
	found := 0
	for g := 0; g < 400 && found < 10; g++ {
		s := startOf(t, "Andantino", "").(*andantino.State)
		for !s.Result().Over {
			if _, blocks := s.WinCells(nil, false); len(blocks) >= 2 && len(immediateWins(s)) == 0 {
				found++
				if inf := e.Choose(context.Background(), s); inf.Proven != -1 || inf.Value != 0 {
					t.Fatalf("lost position: proven %d, value %v\n%v", inf.Proven, inf.Value, s)
				}
				break
			}
			moves := s.LegalMoves(nil)
			s.Apply(moves[r.Intn(len(moves))])
		}
	}
	if found == 0 {
		t.Fatal("no lost position found: the test proves nothing")
	}
}

// TestLevel5Andantino: level 5 plays Andantino's placement game by alpha-beta
// within its node budget, through the worker with progress reports, and the
// variants by Monte Carlo; --time keeps alpha-beta, --playouts means Monte Carlo.
func TestLevel5Andantino(t *testing.T) {
	s := startOf(t, "Andantino", "")
	e, _ := NewLevel(5, 1)
	e.(*abEngine).cfg.Nodes = 50_000 // small, so the test is quick
	job := Start(context.Background(), e, s)
	inf := <-job.Done
	// In the opening level 5 spends phaseFactor times its budget.
	if inf.Depth < 3 || inf.Nodes > int(50_000*phaseFactor(s.Ply())) || !s.IsLegal(inf.Move) {
		t.Errorf("level 5: move %v, depth %d, %d nodes; want alpha-beta to depth 3 or more within 80 000 nodes", inf.Move, inf.Depth, inf.Nodes)
	}
	select {
	case p := <-job.Progress:
		if p.Depth == 0 || !s.IsLegal(p.Move) {
			t.Errorf("progress report %+v", p)
		}
	default:
		t.Error("no progress report")
	}
	if e.(*abEngine).ab == nil {
		t.Error("the worker's copy did not share the engine's searcher")
	}
	e, _ = ParseEngine("5", 0, 100*time.Millisecond, 1)
	// The bound is the time plus the cancel latency allowed on a busy machine
	// (500 ms): a search that ignored --time would run for seconds.
	if inf := e.Choose(context.Background(), s); inf.Depth == 0 || inf.Elapsed > 600*time.Millisecond {
		t.Errorf("--time 0.1: depth %d after %v", inf.Depth, inf.Elapsed)
	}
	e, _ = ParseEngine("5", 300, 0, 1)
	if inf := e.Choose(context.Background(), s); inf.Depth != 0 || inf.Playouts != 300 {
		t.Errorf("--playouts 300: depth %d, %d playouts", inf.Depth, inf.Playouts)
	}
	v := startOf(t, "Andantino", "adjacency=once")
	e, _ = NewLevel(5, 1)
	monteCarlo(e).perGame, monteCarlo(e).cfg.Playouts = false, 400
	if inf := e.Choose(context.Background(), v); inf.Depth != 0 || inf.Playouts != 400 {
		t.Errorf("adjacency variant: depth %d, %d playouts; want Monte Carlo", inf.Depth, inf.Playouts)
	}
}

func BenchmarkABSearch(b *testing.B) {
	s := evalPos(b, startOf(b, "Andantino", ""))
	ab := newABSearcher()
	b.ReportAllocs()
	for b.Loop() {
		ab.search(context.Background(), s, ABConfig{Nodes: 100_000, NoQuiesce: true})
	}
}

// abMidgames are Red-to-move positions from level 5's games against plain UCT,
// where the search decided those games.
var abMidgames = []string{
	"0,1 -1,1 1,-1 0,-1 -1,0 1,-2 2,-2 2,-1 -1,-1 -2,0 -2,1 -1,2 0,2",
	"0,1 -1,1 -1,0 0,-1 1,-1 1,1 0,2 -1,2 2,-1 2,-2 1,-2 -2,2 1,2 2,1 0,3 2,2 -1,3",
}

// BenchmarkABSearchMidgame: the search as level 5 runs it (with quiescence) on
// middle-game positions, 200 000 nodes each.
func BenchmarkABSearchMidgame(b *testing.B) {
	var pos []knowledge.Position
	for _, g := range abMidgames {
		pos = append(pos, evalPos(b, replay(b, "Andantino", "", g)))
	}
	b.Run("fours", func(b *testing.B) {
		ab := newABSearcher()
		depth := 0
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range pos {
				depth += ab.search(context.Background(), s, ABConfig{Nodes: 200_000}).Depth
			}
		}
		b.ReportMetric(float64(depth)/float64(b.N*len(pos)), "depth")
	})
}

// BenchmarkABSearchDeep: level 5's search at its opening budget (9 280 000
// nodes: 1.6 × 5 800 000), where the table fills and its replacement matters;
// depth is the deepest iteration completed. Run with -benchtime 1x.
func BenchmarkABSearchDeep(b *testing.B) {
	var pos []knowledge.Position
	for _, g := range abMidgames {
		pos = append(pos, evalPos(b, replay(b, "Andantino", "", g)))
	}
	depth := 0
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range pos {
			depth += newABSearcher().search(context.Background(), s, ABConfig{Nodes: Levels[5].Nodes, Phase: true}).Depth
		}
	}
	b.ReportMetric(float64(depth)/float64(b.N*len(pos)), "depth")
}

// TestPhaseBudget: with Phase the search spends up to phaseFactor times its node
// budget: more than the plain budget in the opening, less in the endgame.
func TestPhaseBudget(t *testing.T) {
	const budget = 20_000
	early := evalPos(t, replay(t, "Andantino", "", abMidgames[0]))
	late := evalPos(t, replay(t, "Andantino", "", abMidgames[1]+
		" -2,3 -2,4 3,1 -3,4 -3,5 3,-2 2,-3 -3,3 -3,2 3,-3"))
	if phaseFactor(early.Ply()) <= 1 || phaseFactor(late.Ply()) >= 1 {
		t.Fatalf("plies %d and %d: factors %v and %v", early.Ply(), late.Ply(),
			phaseFactor(early.Ply()), phaseFactor(late.Ply()))
	}
	for _, s := range []knowledge.Position{early, late} {
		// It stops once two thirds of its budget are spent, never past it.
		max := int(budget * phaseFactor(s.Ply()))
		inf := newABSearcher().search(context.Background(), s, ABConfig{Nodes: budget, Phase: true})
		if inf.Nodes < max*2/3 || inf.Nodes > max {
			t.Errorf("ply %d: %d nodes, want %d to %d", s.Ply(), inf.Nodes, max*2/3, max)
		}
	}
	for _, c := range []struct {
		ply int
		f   float64
	}{{0, 1.6}, {25, 1.6}, {26, 0.4}, {48, 0.4}} {
		if f := phaseFactor(c.ply); f != c.f {
			t.Errorf("phaseFactor(%d) = %v, want %v", c.ply, f, c.f)
		}
	}
}

// TestTableBuckets: within a search the first slot of a bucket keeps the
// deepest entry and the second takes the rest; a later search's entry may take
// the first slot whatever its depth.
func TestTableBuckets(t *testing.T) {
	s := newABSearcher()
	s.gen = 1
	// k, k|1<<30 and k|1<<40 share a bucket: its index is the key's low 20 bits.
	const k = 0x5a5a << 4
	deep := abEntry{key: k, depth: 9, score: 1}
	s.store(deep)
	s.store(abEntry{key: k | 1<<30, depth: 3, score: 2})
	s.store(abEntry{key: k | 1<<40, depth: 2, score: 3}) // takes the second slot
	if e, ok := s.probe(k); !ok || e.score != 1 {
		t.Fatalf("deep entry lost: %+v", e)
	}
	if _, ok := s.probe(k | 1<<30); ok {
		t.Error("the second slot should hold the newest entry")
	}
	if _, ok := s.probe(k | 1<<40); !ok {
		t.Error("the second slot should hold the newest entry")
	}
	s.store(abEntry{key: k, depth: 4, score: 4}) // the same position, searched again
	if e, ok := s.probe(k); !ok || e.score != 4 {
		t.Errorf("same position not replaced: %+v", e)
	}
	s.store(deep)
	s.gen = 2
	s.store(abEntry{key: k | 1<<41, depth: 1, score: 5})
	_, ok := s.probe(k | 1<<41)
	if _, old := s.probe(k); !ok || old {
		t.Error("a new search's entry should take an old search's first slot")
	}
	// A move's second word up to 255 is kept; a larger one is stored as none.
	s.store(abEntry{key: k | 1<<42, depth: 7, move: game.Move{A: 77, B: 3}})
	s.store(abEntry{key: k | 1<<43, depth: 2, move: game.Move{A: 77, B: 300}}) // the second slot
	if e, _ := s.probe(k | 1<<42); e.move != (game.Move{A: 77, B: 3}) {
		t.Errorf("move kept as %v", e.move)
	}
	if e, ok := s.probe(k | 1<<43); !ok || e.move != (game.Move{}) {
		t.Errorf("a move with a large second word kept as %v", e.move)
	}
}

// TestABBook: with Book the engine plays the position's book move without
// searching; without it, it searches.
func TestABBook(t *testing.T) {
	s := replay(t, "Andantino", "", "0,1")
	p, _ := evaluable(s)
	want, _, ok := p.(knowledge.Book).BookMove()
	if !ok {
		t.Fatal("no book move for Red's first move")
	}
	for _, spec := range []string{"ab,n=2000,bk=1", "ab,n=2000"} {
		e, err := ParseEngine(spec, 0, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		inf := e.Choose(context.Background(), s)
		booked := inf.Nodes == 0
		if booked != strings.HasSuffix(spec, "bk=1") || booked && (inf.Move != want || len(inf.PV) != 1 || len(inf.Top) != 1) {
			t.Errorf("%s: %s after %d nodes (book: %s)", spec, s.FormatMove(inf.Move), inf.Nodes, s.FormatMove(want))
		}
	}
}
