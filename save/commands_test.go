package save_test

// The record commands (trihex moves and check, in game/cli) on records with
// variations. Here, with the records, rather than in game/cli, whose tests
// cover the commands' plumbing.

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "trihex/game/all"
	"trihex/game/cli"
)

func run(cmd func([]string, io.Writer, io.Writer) int, args ...string) (int, string, string) {
	var out, errs bytes.Buffer
	code := cmd(args, &out, &errs)
	return code, out.String(), errs.String()
}

func TestMovesAndCheckWithVariations(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	moves, check := cli.Moves, cli.Check

	// moves lists the main line only: a record with variations, comments and
	// marks prints what the plain game prints.
	for _, name := range []string{"abande", "attangle", "andantino"} {
		code, tree, errs := run(moves, filepath.Join("testdata", "tree", name+".trihex"))
		_, plain, _ := run(moves, filepath.Join("testdata", "golden", name+".trihex"))
		if code != 0 || tree != plain || !strings.Contains(tree, "\nresult: ") {
			t.Errorf("%s: moves with variations: exit %d, %s\n%.300s\nwant\n%.300s", name, code, errs, tree, plain)
		}
	}

	// A bad move in a variation fails both, naming it; moves has printed the
	// main line's plies, not the result.
	bad := write("bad.trihex", "[Game \"Attangle\"]\n\n1. a1 g1 (1... f1 2. b2 (2. c2 d2 (2... a1))) 2. d1\n")
	code, out, errs := run(moves, bad)
	wantErr := `bad.trihex: save: line 3, column 41: move 2... "a1" in the variation 2... a1 (instead of 2... d2) in the variation 2. c2 (instead of 2. b2) in the variation 1... f1 (instead of 1... g1): attangle: illegal move "a1": a1 is occupied`
	if code != 1 || strings.Count(out, "ply ") != 4 || strings.Contains(out, "result:") || !strings.Contains(errs, wantErr) {
		t.Errorf("moves, bad variation: exit %d\n%s\n%s", code, out, errs)
	}
	good := write("good.trihex", "[Game \"Attangle\"]\n\n1. a1 g1 (1... f1 2. b2 (2. c2 d2 (2... e2))) 2. d1\n")
	code, _, errs = run(check, good, bad)
	if code != 1 || !strings.Contains(errs, bad+": "+wantErr[len("bad.trihex: "):]) || strings.Contains(errs, "good.trihex") {
		t.Errorf("check: exit %d, %s", code, errs)
	}
	// A bad move of the main line is still met first, with the plies before it.
	code, out, errs = run(moves, write("main.trihex", "[Game \"Attangle\"]\n\n1. a1 g1 (1... a1) 2. g1\n"))
	if code != 1 || strings.Count(out, "ply ") != 3 || !strings.Contains(errs, `move 2. "g1": attangle`) {
		t.Errorf("moves, bad main line: exit %d\n%s\n%s", code, out, errs)
	}
}

// Games ended beyond the board: moves gives the Termination as the result's
// reason, check says how each ended; a resignation after the moves had ended
// the game fails both.
func TestMovesAndCheckEnds(t *testing.T) {
	ends := map[string]string{
		"resignation.trihex": "Black resigned",
		"agreement.trihex":   "Draw agreed",
		"timeforfeit.trihex": "Black lost on time",
		"byoyomi.trihex":     "Black lost on time",
	}
	reasons := map[string]string{
		"resignation.trihex": "result: white (resignation)\n",
		"agreement.trihex":   "result: draw (agreement)\n",
		"timeforfeit.trihex": "result: white (time forfeit)\n",
		"byoyomi.trihex":     "result: white (time forfeit)\n",
	}
	var paths []string
	for name, words := range ends {
		path := filepath.Join("testdata", "ends", name)
		paths = append(paths, path)
		code, out, errs := run(cli.Moves, path)
		if code != 0 || !strings.HasSuffix(out, reasons[name]) {
			t.Errorf("moves %s: exit %d %s\n%s", name, code, errs, out)
		}
		if code, out, _ := run(cli.Check, path); code != 0 || out != path+": "+words+"\n1 records good\n" {
			t.Errorf("check %s: exit %d %q", name, code, out)
		}
	}
	refused := filepath.Join("testdata", "ends", "refused.trihex")
	code, out, errs := run(cli.Check, append(paths, refused)...)
	want := refused + `: save: line 8: Termination "resignation", but the moves had already ended the game: move 23... "b3,e3-d3" on line 13: Black wins: three triples`
	if code != 1 || !strings.Contains(errs, want) || strings.Count(out, "\n") != 4 {
		t.Errorf("check with the refused record: exit %d\n%s\n%s", code, out, errs)
	}
	if code, out, errs := run(cli.Moves, refused); code != 1 || strings.Contains(out, "result:") || !strings.Contains(errs, `Termination "resignation"`) {
		t.Errorf("moves of the refused record: exit %d\n%s", code, errs)
	}
}
