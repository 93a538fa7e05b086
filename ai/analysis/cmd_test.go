package analysis

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run calls Command with args and returns its status and output.
func run(args ...string) (int, string, string) {
	var out, errs bytes.Buffer
	code := Command(args, &out, &errs)
	return code, out.String(), errs.String()
}

// TestCommand: the text and the JSON of a short finished game carry the same
// numbers, a line (an element) a move, the last move's After exact. One thread,
// so that the two runs search alike: with more, a tree that proves a position
// stops the others wherever they are.
func TestCommand(t *testing.T) {
	path := filepath.Join("testdata", "andantino.trihex")
	code, text, errs := run(path, "--level", "1", "--threads", "1")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, js, errs := run("--json", path, "--level", "1", "--threads", "1")
	if code != 0 || errs != "" {
		t.Fatalf("--json: exit %d: %s", code, errs)
	}
	var plies []Ply
	if err := json.Unmarshal([]byte(js), &plies); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(plies) != 25 || len(lines) != 27 {
		t.Fatalf("%d plies, %d lines:\n%s", len(plies), len(lines), text)
	}
	if want := "Andantino, 25 plies, level 1; win chances are the mover's"; lines[0] != want {
		t.Errorf("header %q, want %q", lines[0], want)
	}
	if f := strings.Fields(lines[1]); strings.Join(f, " ") != "move before after best mark" {
		t.Errorf("column heads %q", lines[1])
	}
	for i, p := range plies {
		want := strings.TrimRight(fmt.Sprintf("%s %s %.0f%% %.0f%% %s (%.0f%%) %s", p.Number, p.Move,
			100*p.Before, 100*p.After, p.Best, 100*p.BestValue, p.Mark), " ")
		if got := strings.Join(strings.Fields(lines[i+2]), " "); got != want {
			t.Errorf("line %d: %q, JSON says %q", i+2, got, want)
		}
		if p.N != i+1 || p.Player == "" || p.Before < 0 || p.Before > 1 || p.After < 0 || p.After > 1 {
			t.Errorf("ply %d: %+v", i+1, p)
		}
	}
	if !strings.HasPrefix(lines[2], "1. 1,-1 ") || !strings.HasPrefix(lines[3], "1... 2,-1 ") {
		t.Errorf("first moves:\n%s\n%s", lines[2], lines[3])
	}
	if last := plies[24]; !last.Exact || last.After != 1 || last.Mark != "" || last.Player != "White" {
		t.Errorf("the winning move: %+v", last)
	}
	for _, key := range []string{`"ply": 1,`, `"number": "1.",`, `"move": "1,-1",`, `"before": `, `"after": `,
		`"drop": `, `"best": `, `"best_value": `, `"best_line": [`, `"exact": true`} {
		if !strings.Contains(js, key) {
			t.Errorf("JSON lacks %s", key)
		}
	}
}

// TestCommandErrors: usage errors exit 2 with the usage line; a bad or missing
// record exits 1 with its message, like trihex think.
func TestCommandErrors(t *testing.T) {
	good := filepath.Join("testdata", "andantino.trihex")
	for _, args := range [][]string{
		{}, {good, good}, {good, "--level", "9"}, {good, "--level", "0"}, {good, "--time", "0"},
		{good, "--time", "-1"}, {good, "--time", "abc"}, {good, "--time", "NaN"}, {good, "--bogus"},
	} {
		code, out, errs := run(args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "trihex: ") || !strings.HasSuffix(errs, "usage: "+Usage+"\n") {
			t.Errorf("%q: exit %d, out %q, err %q", args, code, out, errs)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.trihex")
	if err := os.WriteFile(bad, []byte("[Game \"Andantino\"]\n\n1. 1,-1 1,-1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{bad, filepath.Join(t.TempDir(), "none.trihex")} {
		code, out, errs := run(path)
		if code != 1 || out != "" || !strings.HasPrefix(errs, "trihex: ") || strings.Contains(errs, "usage:") {
			t.Errorf("%s: exit %d, out %q, err %q", path, code, out, errs)
		}
	}
}
