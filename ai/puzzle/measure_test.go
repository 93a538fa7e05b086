package puzzle

import (
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestMeasure times the prover on every position a generation run tests, by
// outcome (the kind found, none, or the budget), to size DefaultLimit and the
// runs: PUZZLE_MEASURE=GAME [PUZZLE_GAMES=N] go test -run Measure -v ./ai/puzzle.
func TestMeasure(t *testing.T) {
	g := os.Getenv("PUZZLE_MEASURE")
	if g == "" {
		t.Skip("set PUZZLE_MEASURE=GAME")
	}
	games, _ := strconv.Atoi(os.Getenv("PUZZLE_GAMES"))
	type stat struct {
		n           int
		total, max  time.Duration
		nodes, maxN int
	}
	var mu sync.Mutex
	stats := map[string]*stat{}
	var durs []time.Duration
	cfg := GenConfig{Game: g, Seed: 1, Games: max(games, 4), Limit: 10 * DefaultLimit, Workers: 2}
	cfg.trace = func(k Kind, ok bool, err error, nodes int, d time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		key := "none"
		if err != nil {
			key = "budget"
		} else if ok {
			key = k.String()
		}
		s := stats[key]
		if s == nil {
			s = &stat{}
			stats[key] = s
		}
		s.n++
		s.total += d
		s.max = max(s.max, d)
		s.nodes += nodes
		s.maxN = max(s.maxN, nodes)
		durs = append(durs, d)
	}
	start := time.Now()
	ps, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d puzzles from %d games in %v", g, len(ps), cfg.Games, time.Since(start))
	var sum time.Duration
	for k, s := range stats {
		sum += s.total
		t.Logf("%-7s n=%5d mean=%10v max=%10v mean nodes=%7d max nodes=%7d", k, s.n, s.total/time.Duration(s.n), s.max, s.nodes/s.n, s.maxN)
	}
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	t.Logf("prover total %v; per position p50 %v p90 %v p99 %v", sum, durs[len(durs)/2], durs[len(durs)*9/10], durs[len(durs)*99/100])
}
