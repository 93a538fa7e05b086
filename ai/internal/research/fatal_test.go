package research_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"trihex/ai"
	_ "trihex/ai/all"
	"trihex/game"
	"trihex/game/andantino"
	"trihex/save"
)

// TestRedFatalMoves measures where level 5's lost Red games were decided, and
// whether another search would have chosen differently there. For each game Red lost it walks back from the end: the first
// Red move after which a search of RED_FATAL_NODES nodes (default 10 million,
// the analysis board's symmetric evaluation, one thread) proves White's win is
// Red's fatal move, found in a position the same search does not prove lost
// (else the game was decided before any proof reaches). Then each engine of
// RED_FATAL_ENGINES (specs as in arena, separated by spaces) chooses a move in
// those positions and the same search checks it:
//
//	RED_FATAL=testdata/andantino RED_FATAL_ENGINES="ab,n=4500000,t=1000,ph=1,th=1" \
//	  go test -run RedFatal -v -timeout 0 ./ai/internal/research
//
// The walk takes about half an hour on one core for 95 lost games, and each
// engine ten to fifteen minutes more.
func TestRedFatalMoves(t *testing.T) {
	root := os.Getenv("RED_FATAL")
	if root == "" {
		t.Skip("set RED_FATAL=DIR (a folder of folders of records)")
	}
	nodes := 10_000_000
	if v := os.Getenv("RED_FATAL_NODES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatal(err)
		}
		nodes = n
	}
	files, err := filepath.Glob(filepath.Join(root, "*", "*.trihex"))
	if err != nil {
		t.Fatal(err)
	}
	check := ai.NewAnalysis(ai.Analysis{Nodes: nodes, Time: time.Hour, Threads: 1})
	// whiteWins is whether the search proves White's win in pos (White to move
	// or Red to move: Proven is for the side to move).
	whiteWins := func(pos game.State) bool {
		if r := pos.Result(); r.Over {
			return r.Winner == 0
		}
		inf := check.Choose(context.Background(), pos)
		if pos.ToMove() == 0 {
			return inf.Proven == 1
		}
		return inf.Proven == -1
	}
	type fatal struct {
		name string
		pos  game.State
	}
	var suite []fatal
	lost, early := 0, 0
	for _, f := range files {
		g, err := save.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if r := g.Final.Result(); g.Info != andantino.Info || !r.Over || r.Winner != 0 {
			continue
		}
		lost++
		pos := []game.State{g.Start.Clone()}
		for _, m := range g.Moves {
			st := pos[len(pos)-1].Clone()
			if err := st.Play(m); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			pos = append(pos, st)
		}
		// Red moves at odd plies (pos[k] has k moves played, Red to move); pos[k+1]
		// follows its move.
		k := len(g.Moves) - 1
		if k%2 == 0 {
			k--
		}
		first := -1
		for ; k >= 1 && whiteWins(pos[k+1]); k -= 2 {
			first = k
		}
		name := fmt.Sprintf("%s/%s", filepath.Base(filepath.Dir(f)), filepath.Base(f))
		switch {
		case first < 0:
			t.Logf("%s: Red's last move not proven losing", name)
		case whiteWins(pos[first]):
			early++
			t.Logf("%s: lost before Red's move at ply %d, the first proven losing", name, first)
		default:
			t.Logf("%s: Red's move %s at ply %d proven losing, the position before it not", name, g.Start.FormatMove(g.Moves[first]), first)
			suite = append(suite, fatal{name, pos[first]})
		}
	}
	t.Logf("%d lost games: %d with a fatal move in a position not proven lost, %d lost before the first proof", lost, len(suite), early)
	for _, spec := range strings.Fields(os.Getenv("RED_FATAL_ENGINES")) {
		losing := 0
		for i, p := range suite {
			e, err := ai.ParseEngine(spec, 0, 0, uint64(i+1))
			if err != nil {
				t.Fatal(err)
			}
			inf := e.Choose(context.Background(), p.pos)
			after := p.pos.Clone()
			if err := after.Play(inf.Move); err != nil {
				t.Fatal(err)
			}
			if whiteWins(after) {
				losing++
				t.Logf("%s: %s chose %s, proven losing", spec, p.name, p.pos.FormatMove(inf.Move))
			}
		}
		t.Logf("%s: chose a move proven losing in %d of %d fatal positions", spec, losing, len(suite))
	}
}
