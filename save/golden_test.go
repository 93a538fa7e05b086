package save

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trihex/game"
)

var update = flag.Bool("update", false, "rewrite the golden records from the move lists in this test")

// goldenGames are complete games of the reference engines (Abstract Play, Ludii)
// and one game of each Andantino decision, kept as the records the app writes.
var goldenGames = []struct {
	file, game, opts, moves, result, termination string
}{
	{"abande.trihex", "Abande", "",
		"e6 d7 f5 d7-e6 d6 d5 c5 e5 e4 e5-d6 e5 d7 b5 e3 e5-e6 e3-e4 f3 g4 c4 g3 e5 c6 e5-d6 c3 g2 e5 f4 e3 f3-e3 c6-c5 f2 c3-c4 f4-g3 e5-f5 g1 g4-g3 c3 a4 d4 f3 f2-f3 g4 d4-e4 a3 f4 b2 e2 a1 f4-f5 c2 pass pass",
		"black", "two passes"},
	{"attangle.trihex", "Attangle", "stalemate=draw",
		"e6 c6 g4 e4 b1 f3 d7 d6 a3 d3 e2 c1 f2 b5 b1,e2-c1 f4 g2 e5 b2 d5 f1 a1 a3,e6-d6 d1 a2 a1,e4-b2 g3 b2,d5-a2 d5 e3 c1,f1-d1 c6,e5-d6 e6 d2 e4 f3,f4-e4 a1 f5 f1 d2,f5-f2 g1 b3 d5,f1-d3 c1 e1 b3,e3-d3",
		"black", "three triples"},
	{"andantino.trihex", "Andantino", "adjacency=strict,continuation=off",
		"1,-1 2,-1 0,1 -1,1 0,-1 1,1 2,-2 1,-2 0,2 0,-2 3,-2 2,0 -1,2 2,1 3,-3 3,-1 -2,2 -2,3 -2,1 1,-3 4,-3 -1,-1 4,-2 -1,3 0,3",
		"white", "line of five"},
}

func TestGoldenRecords(t *testing.T) {
	for _, g := range goldenGames {
		path := filepath.Join("testdata", "golden", g.file)
		if *update {
			info, err := game.Lookup(g.game)
			if err != nil {
				t.Fatal(err)
			}
			start, err := info.Start(g.opts)
			if err != nil {
				t.Fatal(err)
			}
			s := start.Clone()
			var moves []game.Move
			for _, txt := range strings.Fields(g.moves) {
				m, err := s.ParseMove(txt)
				if err == nil {
					err = s.Play(m)
				}
				if err != nil {
					t.Fatalf("%s: %v", g.file, err)
				}
				moves = append(moves, m)
			}
			text, err := Format(start, moves, []Tag{{"Date", "2026-11-30"}, {info.Players[0], "Reference engine"}, {info.Players[1], "Reference engine"}})
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rg, err := Read(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", g.file, err)
		}
		res := rg.Final.Result()
		if tag := rg.Info.ResultTag(res); tag != g.result || res.Reason != g.termination {
			t.Errorf("%s: result %s (%s), want %s (%s)", g.file, tag, res.Reason, g.result, g.termination)
		}
		if got := strings.Join(strings.Fields(g.moves), " "); len(rg.Moves) != len(strings.Fields(got)) {
			t.Errorf("%s: %d moves read, want %d", g.file, len(rg.Moves), len(strings.Fields(got)))
		}
		again, err := Format(rg.Start, rg.Moves, rg.Record.Tags)
		if err != nil || again != string(data) {
			t.Errorf("%s: writing the game read back does not give the same file: %v\n%s", g.file, err, again)
		}
	}
}
