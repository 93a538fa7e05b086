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
	wantErr := `bad.trihex: save: line 3, column 41: move 4 "a1" in the variation 2... a1 (instead of 2... d2) in the variation 2. c2 (instead of 2. b2) in the variation 1... f1 (instead of 1... g1): attangle: illegal move "a1": a1 is occupied`
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
	if code != 1 || strings.Count(out, "ply ") != 3 || !strings.Contains(errs, `move 3 "g1": attangle`) {
		t.Errorf("moves, bad main line: exit %d\n%s\n%s", code, out, errs)
	}
}
