package ai

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"trihex/ai/knowledge"
	"trihex/game"
	"trihex/save"
)

// gameLines are the first plies of a reference game of each game: the
// positions the parallel benchmarks and tests search, one after another, as a
// game would.
var gameLines = []struct{ game, moves string }{
	{"Abande", "e6 d7 f5 d7-e6 d6 d5 c5 e5 e4 e5-d6"},
	{"Attangle", "e6 c6 g4 e4 b1 f3 d7 d6 a3 d3"},
	{"Andantino", "0,1 -1,1 1,-1 0,-1 -1,0 1,-2 2,-2 2,-1 -1,-1 -2,0"},
}

// linePositions returns the positions along a line from its fourth ply on.
func linePositions(t testing.TB, name, moves string) []game.State {
	f := strings.Fields(moves)
	var out []game.State
	for i := 4; i <= len(f); i++ {
		out = append(out, replay(t, name, "", strings.Join(f[:i], " ")))
	}
	return out
}

// TestParallelSearch: with three threads each game's Monte Carlo search plays a
// legal move, spends the budget on every thread, and is as deterministic as
// one thread: the same seed, the same move and value. Run under -race it checks
// that the threads share nothing they write.
func TestParallelSearch(t *testing.T) {
	for _, l := range gameLines {
		for _, pos := range linePositions(t, l.game, l.moves)[:2] {
			cfg := Config{Playouts: 600, Prior: defaultPrior, Heavy: TopHeavy, Seed: 5, Threads: 3, Roots: true}
			a := NewSearcher(0).Search(context.Background(), pos, cfg)
			b := NewSearcher(0).Search(context.Background(), pos, cfg)
			if !pos.IsLegal(a.Move) || a.Playouts != 3*600 {
				t.Errorf("%s ply %d: move %v legal %v after %d playouts; want 1800", l.game, pos.Ply(), a.Move, pos.IsLegal(a.Move), a.Playouts)
			}
			if a.Move != b.Move || a.Value != b.Value || len(a.Top) != len(b.Top) {
				t.Errorf("%s ply %d: two runs differ: %v %.4f, %v %.4f", l.game, pos.Ply(), a.Move, a.Value, b.Move, b.Value)
			}
			// The sums: the best move's visits are those of three trees.
			one := NewSearcher(0).Search(context.Background(), pos, Config{Playouts: 600, Prior: defaultPrior, Heavy: TopHeavy, Seed: 5})
			if a.Top[0].Visits <= one.Top[0].Visits {
				t.Errorf("%s ply %d: best move's visits %d with three threads, %d with one", l.game, pos.Ply(), a.Top[0].Visits, one.Top[0].Visits)
			}
		}
	}
}

// TestParallelSplit: with Split the threads share the budget.
func TestParallelSplit(t *testing.T) {
	pos := startOf(t, "Abande", "")
	inf := NewSearcher(0).Search(context.Background(), pos, Config{Playouts: 900, Threads: 3, Split: true, Roots: true})
	if inf.Playouts != 900 {
		t.Errorf("split budget of 900 over 3 threads: %d playouts", inf.Playouts)
	}
}

// TestParallelProof: a won position is proven by the parallel search as by one
// thread, and the proof stops the other threads at once.
func TestParallelProof(t *testing.T) {
	wins, _, _ := tacticalPositions(t, "Andantino", "", 3)
	for _, s := range wins {
		inf := NewSearcher(0).Search(context.Background(), s, Config{Playouts: 1_000_000, Threads: 2, Roots: true})
		if inf.Proven != 1 || inf.Value != 1 || inf.Playouts > 100_000 {
			t.Errorf("forced win: proven %d value %.2f after %d playouts", inf.Proven, inf.Value, inf.Playouts)
		}
	}
}

// TestParallelAB: lazy SMP plays a legal move, counts every thread's nodes, and
// searches at least as deep as one thread on the same budget per thread, unless
// it proves the position first.
func TestParallelAB(t *testing.T) {
	for _, g := range abMidgames {
		pos := evalPos(t, replay(t, "Andantino", "", g))
		one := newABSearcher().search(context.Background(), pos, ABConfig{Nodes: 60_000})
		two := newABSearcher().search(context.Background(), pos, ABConfig{Nodes: 60_000, Threads: 3})
		// A solved position ends the search early, with fewer nodes.
		if !pos.IsLegal(two.Move) || two.Nodes <= one.Nodes && two.Proven == 0 {
			t.Errorf("ply %d: move %v legal %v, %d nodes with three threads, %d with one", pos.Ply(), two.Move, pos.IsLegal(two.Move), two.Nodes, one.Nodes)
		}
		if two.Proven != 0 && one.Proven == 0 {
			// The threads proved what one thread's budget did not, and stopped
			// there (a helper a ply ahead may find it first): a larger budget
			// must not prove the opposite.
			if deep := newABSearcher().search(context.Background(), pos, ABConfig{Nodes: 400_000}); deep.Proven == -two.Proven {
				t.Errorf("ply %d: proven %d with three threads, %d with one and a larger budget", pos.Ply(), two.Proven, deep.Proven)
			}
			continue
		}
		if two.Depth < one.Depth-1 || two.Proven != one.Proven && one.Proven != 0 {
			t.Errorf("ply %d: depth %d proven %d with three threads, %d %d with one", pos.Ply(), two.Depth, two.Proven, one.Depth, one.Proven)
		}
	}
}

// TestParallelDepth: with ABConfig.Depth the search ends at that depth (or
// with a proof), on one thread and on several.
func TestParallelDepth(t *testing.T) {
	for _, g := range abMidgames {
		pos := evalPos(t, replay(t, "Andantino", "", g))
		for _, th := range []int{1, 2, 3} {
			s := newABSearcher()
			inf := s.search(context.Background(), pos, ABConfig{Depth: 6, Threads: th})
			if inf.Depth != 6 && inf.Proven == 0 || !pos.IsLegal(inf.Move) {
				t.Errorf("ply %d, %d threads: depth %d, move %v", pos.Ply(), th, inf.Depth, inf.Move)
			}
		}
	}
}

// TestTableTornWrites: threads writing the same bucket never make a probe return
// an entry that was not stored whole.
func TestTableTornWrites(t *testing.T) {
	tt := newABTable()
	const key = 0x1234 << 4
	var wg sync.WaitGroup
	for w := range 2 {
		s := newABThread(tt)
		s.shared = true
		wg.Go(func() {
			for i := range 20000 {
				// Every entry's move and score follow from its key.
				k := uint64(key | (w*20000+i)<<24)
				s.store(abEntry{key: k, move: game.Move{A: k * 3, B: k >> 24 & 0xff}, score: int32(k >> 24), depth: int8(i % 50), bound: abExact})
				if e, ok := s.probe(k ^ 1<<25); ok && (e.move.A != e.key*3 || e.move.B != e.key>>24&0xff || e.score != int32(e.key>>24)) {
					t.Errorf("torn entry read: %+v", e)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestEngineThreads: th=N in an engine spec, WithThreads and its precedence.
func TestEngineThreads(t *testing.T) {
	for _, c := range []struct {
		spec string
		want int
	}{{"3", 0}, {"3,th=2", 2}, {"uct,p=100,th=4", 4}, {"ab,t=0.1,th=3", 3}, {"5,th=2", 2}, {"x,p=10,th=2,c=0.5", 2}} {
		e, err := ParseEngine(c.spec, 0, 0, 1)
		if err != nil {
			t.Fatalf("%s: %v", c.spec, err)
		}
		if got := threadsOf(e); got != c.want {
			t.Errorf("%s: %d threads, want %d", c.spec, got, c.want)
		}
		if got := threadsOf(WithThreads(e, 7)); c.want != 0 && got != c.want || c.want == 0 && got != 7 {
			t.Errorf("%s then WithThreads(7): %d threads", c.spec, got)
		}
	}
	for _, bad := range []string{"3,th=0", "3,th=x", "uct,th=-1", fmt.Sprintf("5,th=%d", maxThreads+1)} {
		if _, err := ParseEngine(bad, 0, 0, 1); err == nil || !strings.Contains(err.Error(), "th=") {
			t.Errorf("%s: %v, want an error naming th=", bad, err)
		}
	}
	if e, _ := NewLevel(5, 1); threadsOf(WithThreads(e, 3)) != 3 || monteCarlo(e).cfg.Threads != 3 {
		t.Error("level 5: WithThreads should reach both its searches")
	}
	// The analysis engine takes its count from Analysis.Threads when given,
	// and otherwise from a later WithThreads (the review's, the command's).
	if e := NewAnalysis(Analysis{Time: time.Second}); threadsOf(WithThreads(e, 3)) != 3 || monteCarlo(e).cfg.Threads != 3 {
		t.Errorf("analysis then WithThreads(3): %d threads", threadsOf(e))
	}
	if e := NewAnalysis(Analysis{Time: time.Second, Threads: 2}); threadsOf(WithThreads(e, 3)) != 2 {
		t.Errorf("analysis with 2 threads then WithThreads(3): %d threads", threadsOf(e))
	}
}

func threadsOf(e Engine) int {
	switch e := e.(type) {
	case *abEngine:
		return e.cfg.Threads
	case *mcts:
		return e.cfg.Threads
	}
	return -1
}

// midgames are the positions of testdata/midgame, each with the two plies
// that follow as level 5 plays them: the positions BenchmarkThreads searches
// in turn, as a game does (the tree of one kept for the next).
var midgames = []struct{ file, then string }{
	{"abande", "e5-d6 e4-f3"},
	{"attangle", "b2,c1-a1 c6,e5-d6"},
	{"andantino", "1,1 0,-2"},
}

// midgamePositions returns a midgame's three positions.
func midgamePositions(t testing.TB, file, then string) []game.State {
	rec, err := save.ReadFile("testdata/midgame/" + file + ".trihex")
	if err != nil {
		t.Fatal(err)
	}
	out := []game.State{rec.Final.Clone()}
	for _, f := range strings.Fields(then) {
		s := out[len(out)-1].Clone()
		m, err := s.ParseMove(f)
		if err != nil {
			t.Fatal(err)
		}
		s.Apply(m)
		out = append(out, s)
	}
	return out
}

// BenchmarkThreads measures playouts (Abande, Attangle: Monte Carlo) or nodes
// (Andantino: alpha-beta) a second with one and two threads (or the counts
// in TRIHEX_THREADS, e.g. 1,2,4,8,16), searching a middle game's positions
// in turn with the same searcher, as a game does, with about level 5's
// trees: 150 000 playouts or 1 500 000 nodes a move. The threads share that
// budget (Split), so that every count does the same work on trees of the
// same size: with a budget per thread, two threads grow a tree twice as
// large, whose playouts are shorter, and the rates do not compare.
// playouts/cpu-s divides by the CPU time the process used, user and system,
// which a loaded machine does not inflate as it does the wall time: one
// thread at 0.9 times two threads' rate per CPU second or better pays
// nothing for being alone. "2roots" is two threads with a tree each
// (Config.Roots).
func BenchmarkThreads(b *testing.B) {
	counts := []int{1, 2, -2}
	if env := os.Getenv("TRIHEX_THREADS"); env != "" {
		counts = nil
		for _, f := range strings.Split(env, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n == 0 {
				b.Fatalf("TRIHEX_THREADS=%q: want thread counts, e.g. 1,2,4", env)
			}
			counts = append(counts, n)
		}
	}
	for _, mg := range midgames {
		pos := midgamePositions(b, mg.file, mg.then)
		name := pos[0].Info().Name
		for _, th := range counts {
			sub := fmt.Sprint(th)
			roots := th < 0
			if roots {
				if name == "Andantino" {
					continue // alpha-beta
				}
				th, sub = -th, fmt.Sprint(-th)+"roots"
			}
			b.Run(name+"/"+sub, func(b *testing.B) {
				work, unit := 0, "playouts"
				b.ReportAllocs()
				cpu0 := cpuTime()
				if name == "Andantino" {
					unit = "nodes"
					ab := newABSearcher()
					for b.Loop() {
						for _, p := range pos {
							work += ab.search(context.Background(), evalPos(b, p), ABConfig{Nodes: 1_500_000, Threads: th, Split: true}).Nodes
						}
					}
				} else {
					se := NewSearcher(0)
					cfg := Config{Playouts: 150_000, Prior: defaultPrior, Heavy: TopHeavy, Threads: th, Roots: roots, Split: true}
					for b.Loop() {
						for _, p := range pos {
							work += se.Search(context.Background(), p, cfg).Playouts
						}
					}
				}
				b.ReportMetric(float64(work)/b.Elapsed().Seconds(), unit+"/s")
				if cpu := cpuTime() - cpu0; cpu > 0 {
					b.ReportMetric(float64(work)/cpu.Seconds(), unit+"/cpu-s")
				}
			})
		}
	}
}

// TestSplit: with Split the threads share the level's budget (alpha-beta's
// nodes too), and SetSplit reaches both searches of a level's engine.
func TestSplit(t *testing.T) {
	pos := evalPos(t, replay(t, "Andantino", "", abMidgames[0]))
	inf := newABSearcher().search(context.Background(), pos, ABConfig{Nodes: 60_000, Threads: 3, Split: true})
	// Each thread's share is 20 000, but a thread ends after an iteration once
	// two thirds of its budget are spent (the next would not finish: one thread
	// alone stops near 19 000 here), and the first thread stops the others: on
	// a loaded machine the helpers may have searched little by then. Without
	// the split the total would be near 180 000; split twice, 6 667.
	if inf.Nodes > 60_000 || inf.Nodes < 10_000 {
		t.Errorf("split budget of 60 000 nodes over 3 threads: %d nodes", inf.Nodes)
	}
	e, _ := NewLevel(5, 1)
	SetSplit(e, true)
	if !e.(*abEngine).cfg.Split || !monteCarlo(e).cfg.Split {
		t.Error("SetSplit should reach both searches")
	}
}

// TestSharedSearch: with three threads on one tree each game's search plays a
// legal move, spends the budget of every thread (or with Split their share),
// grows one tree as large as one thread's with the same playouts, and proves
// a forced win as one thread does. Run under -race it checks that the threads
// touch the tree only through atomic operations, or before a node is linked.
func TestSharedSearch(t *testing.T) {
	for _, l := range gameLines {
		for _, pos := range linePositions(t, l.game, l.moves)[:2] {
			cfg := Config{Playouts: 600, Prior: defaultPrior, Heavy: TopHeavy, Seed: 5, Threads: 3}
			a := NewSearcher(0).Search(context.Background(), pos, cfg)
			if !pos.IsLegal(a.Move) || a.Playouts != 3*600 && a.Proven == 0 {
				t.Errorf("%s ply %d: move %v legal %v after %d playouts; want 1800", l.game, pos.Ply(), a.Move, pos.IsLegal(a.Move), a.Playouts)
			}
			// One tree: every playout went through the root's children.
			visits := 0
			for _, m := range a.Top {
				visits += m.Visits
			}
			if a.Proven == 0 && (a.Top[0].Visits < 1800/len(pos.LegalMoves(nil)) || visits > 1800) {
				t.Errorf("%s ply %d: top visits %d (of %d listed) after 1800 playouts", l.game, pos.Ply(), a.Top[0].Visits, visits)
			}
			cfg.Split = true
			if b := NewSearcher(0).Search(context.Background(), pos, cfg); b.Playouts != 600 && b.Proven == 0 {
				t.Errorf("%s ply %d: split 600 over three threads: %d playouts", l.game, pos.Ply(), b.Playouts)
			}
		}
	}
	wins, _, _ := tacticalPositions(t, "Andantino", "", 3)
	for _, s := range wins {
		inf := NewSearcher(0).Search(context.Background(), s, Config{Playouts: 1_000_000, Threads: 2})
		if inf.Proven != 1 || inf.Value != 1 || inf.Playouts > 100_000 {
			t.Errorf("forced win: proven %d value %.2f after %d playouts", inf.Proven, inf.Value, inf.Playouts)
		}
	}
	// Cancelled, it still answers with a legal move.
	pos := startOf(t, "Attangle", "")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if inf := NewSearcher(0).Search(ctx, pos, Config{Time: time.Second, Threads: 2}); !pos.IsLegal(inf.Move) {
		t.Errorf("cancelled shared search: move %v", inf.Move)
	}
	if e, err := ParseEngine("5,th=2,sh=0", 0, 0, 1); err != nil || !monteCarlo(e).cfg.Roots || threadsOf(e) != 2 {
		t.Errorf("5,th=2,sh=0: %v", err)
	}
}

// TestSharedTree checks the tree threads grew together without a lock: every
// iteration's visit is in the root, a node's children point back to it and
// are all moved by one side, no node has more points than visits, and the
// children's visits never exceed their parent's; a small arena fills up
// without harm, and the next move's search keeps the subtree.
func TestSharedTree(t *testing.T) {
	for _, l := range gameLines {
		pos := linePositions(t, l.game, l.moves)[1]
		for _, size := range []int{0, 3000} {
			s := NewSearcher(size)
			cfg := Config{Playouts: 4000, Prior: defaultPrior, Heavy: TopHeavy, Seed: 7, Threads: 2}
			a := s.Search(context.Background(), pos, cfg)
			if a.Proven != 0 {
				continue
			}
			if root := s.nodes[s.root]; int(root.visits) != a.Playouts {
				t.Errorf("%s arena %d: root visits %d after %d playouts", l.game, size, root.visits, a.Playouts)
			}
			if size > 0 && len(s.nodes) > size {
				t.Errorf("%s: %d nodes in an arena of %d", l.game, len(s.nodes), size)
			}
			checkTree(t, l.game, s)
			next := pos.Clone()
			next.Apply(a.Move)
			b := s.Search(context.Background(), next, cfg)
			if !next.IsLegal(b.Move) {
				t.Errorf("%s: the next search answered %v", l.game, b.Move)
			}
			checkTree(t, l.game, s)
		}
	}
}

// checkTree checks the links and counts of s's tree from its root.
func checkTree(t *testing.T, name string, s *Searcher) {
	t.Helper()
	stack := []int32{s.root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &s.nodes[n]
		if nd.wins > float32(nd.visits)+0.01 {
			t.Fatalf("%s node %d: %.1f points in %d visits", name, n, nd.wins, nd.visits)
		}
		if nd.child < 0 {
			continue
		}
		if nd.child <= n || int(nd.child+nd.nchild) > len(s.nodes) {
			t.Fatalf("%s node %d: children %d+%d in an arena of %d", name, n, nd.child, nd.nchild, len(s.nodes))
		}
		var real int32
		for i := nd.child; i < nd.child+nd.nchild; i++ {
			ch := &s.nodes[i]
			if ch.parent != n || ch.mover != s.nodes[nd.child].mover {
				t.Fatalf("%s node %d: child %d has parent %d, mover %v", name, n, i, ch.parent, ch.mover)
			}
			real += ch.visits - int32(ch.prior)
			stack = append(stack, i)
		}
		if real > nd.visits {
			t.Fatalf("%s node %d: children visited %d times in its %d visits", name, n, real, nd.visits)
		}
	}
}

// TestWorkersApart: the objects a shared search's threads write at every move
// of a playout (their states, their knowers' scratch, their workers) never
// share a cache line with another thread's.
func TestWorkersApart(t *testing.T) {
	// Attangle's knower holds only settings, which no thread writes.
	scratch := map[string]bool{"Abande": true, "Andantino": true}
	for _, l := range gameLines {
		pos := linePositions(t, l.game, l.moves)[0]
		se := NewSearcher(1 << 16)
		// Monte Carlo in every game, with its knowledge, on four threads.
		se.Search(context.Background(), pos, Config{Playouts: 200, Prior: defaultPrior, Heavy: TopHeavy, Threads: 4})
		type span struct {
			what   string
			lo, hi uintptr // the first and last cache line
		}
		spanOf := func(what string, x any) span {
			v := reflect.ValueOf(x)
			p, size := v.Pointer(), v.Type().Elem().Size()
			return span{what, p / cacheLine, (p + size - 1) / cacheLine}
		}
		objs := make([][]span, len(se.workers))
		for k, w := range se.workers {
			// A worker's own fields, between its pads.
			wk := spanOf("worker", w)
			wk.lo, wk.hi = wk.lo+1, wk.hi-1
			objs[k] = []span{wk, spanOf("state", w.st), spanOf("probe", w.probe)}
			if scratch[l.game] {
				objs[k] = append(objs[k], spanOf("knower", w.knower))
			}
		}
		for k := range objs {
			for j := k + 1; j < len(objs); j++ {
				for _, a := range objs[k] {
					for _, b := range objs[j] {
						if a.lo <= b.hi && b.lo <= a.hi {
							t.Errorf("%s: threads %d and %d write the same cache line (%s, %s)", l.game, k, j, a.what, b.what)
						}
					}
				}
			}
		}
	}
}

// TestTableMemory checks the table's memory: every bucket there and empty,
// and, mapped outside Go's heap (Linux), on the 2 MB boundary that huge pages
// need.
func TestTableMemory(t *testing.T) {
	const n = 1 << 16
	tt := newTableOf(n)
	defer tt.free()
	b := tt.buckets
	if len(b) != n {
		t.Fatalf("%d buckets, want %d", len(b), n)
	}
	for i := range b {
		if b[i] != (abBucket{}) {
			t.Fatalf("bucket %d not empty: %+v", i, b[i])
		}
	}
	b[n-1].slot[1].put(abEntry{key: 7, depth: 3}, false)
	if e := b[n-1].slot[1].load(); e.key != 7 || e.depth != 3 {
		t.Errorf("last slot read back %+v", e)
	}
	if addr := uintptr(unsafe.Pointer(&b[0])); mapped && addr%(2<<20) != 0 {
		t.Errorf("table at %#x, not on a 2 MB boundary", addr)
	}
}

// BenchmarkABToDepth: the work the alpha-beta search needs to complete an
// iteration of abBenchDepth on the Andantino line's positions, with one thread
// and with two: nodes/op is all threads' nodes (the threads' interleaving
// varies it from run to run), so its ratio is lazy SMP's overhead.
func BenchmarkABToDepth(b *testing.B) {
	var pos []knowledge.Position
	for _, p := range linePositions(b, "Andantino", gameLines[2].moves) {
		pos = append(pos, evalPos(b, p))
	}
	for _, c := range []struct {
		name string
		cfg  ABConfig
	}{
		{"1", ABConfig{Threads: 1}},
		{"2", ABConfig{Threads: 2}},
	} {
		b.Run(c.name, func(b *testing.B) {
			cfg := c.cfg
			cfg.Depth = abBenchDepth
			nodes, depth := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				ab := newABSearcher()
				for _, p := range pos {
					inf := ab.search(context.Background(), p, cfg)
					nodes += inf.Nodes
					depth += inf.Depth
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(depth)/float64(b.N*len(pos)), "depth")
		})
	}
}

// abBenchDepth is BenchmarkABToDepth's depth: about what level 5 reaches in
// the opening.
const abBenchDepth = 11

// TestManyThreads runs the searches with more threads than a small machine
// has cores (8 and 16; 8 only with -short): many threads' interleavings and
// contention. Each search plays a legal move and spends its budget exactly;
// the shared tree keeps its links and counts over three moves (checkTree,
// the root's visits are the playouts); alpha-beta on every thread plays a
// legal move with every thread's nodes counted; a cancelled search answers.
// Run under -race (.ci/run), it checks that they share only what they may.
func TestManyThreads(t *testing.T) {
	counts, playouts, nodes := []int{8, 16}, 200, 10_000
	if testing.Short() {
		counts, playouts, nodes = counts[:1], 50, 2_000
	}
	for _, th := range counts {
		for _, mg := range midgames {
			pos := midgamePositions(t, mg.file, mg.then)
			name := fmt.Sprintf("%s, %d threads", pos[0].Info().Name, th)
			if ep, ok := evaluable(pos[0]); ok {
				ab := newABSearcher()
				inf := ab.search(context.Background(), ep, ABConfig{Nodes: nodes, Threads: th})
				if !pos[0].IsLegal(inf.Move) || inf.Nodes < nodes && inf.Proven == 0 {
					t.Errorf("%s: alpha-beta answered %v after %d nodes", name, inf.Move, inf.Nodes)
				}
				continue
			}
			se := NewSearcher(0)
			cfg := Config{Playouts: playouts, Prior: defaultPrior, Heavy: TopHeavy, Seed: 3, Threads: th}
			for _, p := range pos {
				inf := se.Search(context.Background(), p, cfg)
				if !p.IsLegal(inf.Move) || inf.Playouts != playouts*th && inf.Proven == 0 {
					t.Errorf("%s, ply %d: answered %v after %d playouts, want %d", name, p.Ply(), inf.Move, inf.Playouts, playouts*th)
				}
				if root := se.nodes[se.root]; inf.Proven == 0 && int(root.visits) < inf.Playouts {
					t.Errorf("%s, ply %d: the root has %d visits after %d playouts", name, p.Ply(), root.visits, inf.Playouts)
				}
				checkTree(t, name, se)
			}
			split := cfg
			split.Playouts, split.Split = 4*playouts+3, true
			if inf := NewSearcher(0).Search(context.Background(), pos[0], split); inf.Playouts != split.Playouts && inf.Proven == 0 {
				t.Errorf("%s: %d playouts split, %d run", name, split.Playouts, inf.Playouts)
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		p := midgamePositions(t, "attangle", "")[0]
		if inf := NewSearcher(0).Search(ctx, p, Config{Time: time.Hour, Prior: defaultPrior, Threads: th}); !p.IsLegal(inf.Move) {
			t.Errorf("%d threads, cancelled: answered %v", th, inf.Move)
		}
	}
}
