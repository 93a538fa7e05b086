package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/game/gametest"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPerftCommand(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "abande", "3"}, "perft(1) = 37\nperft(2) = 180\nperft(3) = 1176\n"},
		{[]string{"perft", "Attangle", "2"}, "perft(1) = 36\nperft(2) = 1260\n"},
		{[]string{"perft", "andantino", "4", "--options", "adjacency=strict"}, "perft(1) = 2\nperft(2) = 6\nperft(3) = 24\nperft(4) = 120\n"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(c.args...)
		if code != 0 || out != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
	for _, args := range [][]string{
		{"perft", "chess", "2"},
		{"perft", "abande"},
		{"perft", "abande", "x"},
		{"perft", "attangle", "2", "--options", "stalemate=maybe"},
	} {
		if code, _, errs := runCmd(args...); code == 0 || !strings.Contains(errs, "trihex:") {
			t.Errorf("%v: exit %d, stderr %q; want an error", args, code, errs)
		}
	}
}

// recordOf writes a reference game as a record, numbered as RULES.md §6 shows.
func recordOf(ref gametest.Reference) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Game %q]\n[Options %q]\n\n", ref.Game, ref.Options)
	for i, m := range ref.Moves {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m + " ")
	}
	b.WriteString("\n")
	return b.String()
}

// TestMovesCommand replays reference games through the real command and compares
// its output with the reference legal-move lists, ply by ply.
func TestMovesCommand(t *testing.T) {
	files := []string{
		"game/abande/testdata/abande-abstractplay.jsonl",
		"game/attangle/testdata/attangle-abstractplay.jsonl",
		"game/andantino/testdata/andantino-ludii.jsonl",
		"game/andantino/testdata/andantino-decisions.jsonl",
	}
	dir := t.TempDir()
	for _, f := range files {
		refs, err := gametest.LoadReferences(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, ref := range refs[:min(len(refs), 5)] {
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.trihex", ref.Game, i))
			if err := os.WriteFile(path, []byte(recordOf(ref)), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := runCmd("moves", path)
			if code != 0 {
				t.Fatalf("%s game %d: exit %d: %s", f, i, code, errs)
			}
			var want strings.Builder
			for ply, legal := range ref.Legal {
				fmt.Fprintf(&want, "ply %d: %s\n", ply, strings.Join(legal, " "))
			}
			fmt.Fprintf(&want, "result: %s (%s)\n", ref.Result, ref.End)
			if out != want.String() {
				t.Errorf("%s game %d: output differs\n got %.300s\nwant %.300s", f, i, out, want.String())
			}
		}
	}
}

func TestMovesCommandErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name, text, wantErr, wantOut string
	}{
		{"illegal", "[Game \"Attangle\"]\n\n1. d5 d4\n", `line 3, column 7: move 1... "d4"`, "ply 1: "},
		{"garbage", "[Game \"Abande\"]\n\n1. c3 zz9\n", `move 1... "zz9"`, "ply 1: "},
		{"nogame", "1. c3 c4\n", "no Game tag", ""},
		{"badopt", "[Game \"Andantino\"]\n[Options \"continuation=sometimes\"]\n\n", "continuation", ""},
	}
	for _, c := range cases {
		code, out, errs := runCmd("moves", write(c.name, c.text))
		if code != 1 || !strings.Contains(errs, c.wantErr) || !strings.Contains(out, c.wantOut) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and %q", c.name, code, out, errs, c.wantErr)
		}
	}
	// An unfinished game ends with "result: none".
	code, out, _ := runCmd("moves", write("open", "[Game \"Abande\"]\n\n1. d4 d5\n"))
	if code != 0 || !strings.HasSuffix(out, "result: none\n") {
		t.Errorf("unfinished game: exit %d, output %q", code, out)
	}
}

func TestBenchCommand(t *testing.T) {
	code, out, errs := runCmd("bench", "--time", "0.02", "--runs", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, name := range game.Names() {
		if !strings.Contains(out, strings.ToLower(name)+": ") || !strings.Contains(out, " playouts/s") {
			t.Errorf("no line for %s in %q", name, out)
		}
	}
	if code, _, _ := runCmd("bench", "go"); code == 0 {
		t.Errorf("bench of an unknown game succeeded")
	}
}

func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.trihex")
	bad := filepath.Join(dir, "bad.trihex")
	os.WriteFile(good, []byte("[Game \"Attangle\"]\n\n1. a1 g1 2. d1 a4\n"), 0o644)
	os.WriteFile(bad, []byte("[Game \"Attangle\"]\n\n1. a1 g1 2. d1 d4\n"), 0o644)
	if code, out, errs := runCmd("check", good); code != 0 || !strings.Contains(out, "1 records good") {
		t.Errorf("good file: exit %d, %q %q", code, out, errs)
	}
	code, _, errs := runCmd("check", good, bad, filepath.Join(dir, "missing.trihex"))
	if code != 1 || !strings.Contains(errs, `bad.trihex: save: line 3, column 16: move 2... "d4"`) ||
		!strings.Contains(errs, "missing.trihex") || strings.Contains(errs, "good.trihex:") {
		t.Errorf("bad files: exit %d, stderr %q", code, errs)
	}
}

// The usage lists every command of the table, and help prints it on stdout.
func TestUsage(t *testing.T) {
	code, out, errs := runCmd("help")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "usage:\n  trihex ") {
		t.Fatalf("help: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, c := range commands {
		if !strings.Contains(out, "\n  "+c.usage+"\n") || !strings.Contains(c.usage, c.name) {
			t.Errorf("the usage lacks %s (%q)", c.name, c.usage)
		}
	}
	for _, name := range []string{"perft", "moves", "bench", "check", "think", "arena", "book", "install-desktop", "uninstall-desktop"} {
		if !strings.Contains(out, "trihex "+name) && !strings.Contains(out, "|"+name) {
			t.Errorf("the usage lacks %s", name)
		}
	}
	// A bad flag of the app: its usage line, then the general usage, exit 2.
	code, out, errs = runCmd("--no-such-flag")
	if code != 2 || out != "" || !strings.Contains(errs, "usage: trihex [FILE.trihex]") || !strings.Contains(errs, "\n  trihex arena ") {
		t.Errorf("bad flag: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// Each command of the table is reached through run: a usage error exits 2 with
// the command's own usage line.
func TestDispatch(t *testing.T) {
	for _, c := range commands {
		args := []string{c.name, "--no-such-flag"}
		if c.name == "moves" || c.name == "check" { // no flags: a file of that name
			args = args[:1]
		}
		if code, _, errs := runCmd(args...); code != 2 || !strings.Contains(errs, "usage: "+c.usage) {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
	// think on a finished game says so.
	code, out, errs := runCmd("think", "save/testdata/golden/andantino.trihex")
	if code != 1 || out != "" || !strings.Contains(errs, "trihex: the game is over: White wins") {
		t.Errorf("think: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A tiny arena ends with its result line.
	code, out, _ = runCmd("arena", "--game", "attangle", "--a", "1", "--b", "random", "--games", "2", "--playouts", "50")
	if code != 0 || !strings.Contains(out, "\nresult: ") {
		t.Errorf("arena: exit %d, stdout %q", code, out)
	}
}

// The app's flags: the file may stand before or after them; bad values are
// refused before any window opens.
func TestAppOptions(t *testing.T) {
	for _, args := range [][]string{
		{"game.trihex", "--size", "1024x700", "--white", "computer"},
		{"--size", "1024x700", "game.trihex", "--white", "computer"},
		{"--size", "1024x700", "--white", "computer", "game.trihex"},
	} {
		o, err := appOptions(args)
		if err != nil || o.File != "game.trihex" || o.W != 1024 || o.H != 700 || o.Players["white"] != "computer" {
			t.Errorf("%q: %+v, %v", args, o, err)
		}
	}
	if o, err := appOptions(strings.Fields("--game abande --clock 10m 5x30s")); err == nil {
		t.Errorf("an unquoted byo-yomi clock is two arguments: %+v", o)
	}
	if o, err := appOptions([]string{"--game", "abande", "--clock", "10m 5x30s"}); err != nil || o.Clock != clock.ByoYomiControl(10*time.Minute, 5, 30*time.Second) {
		t.Errorf("--clock \"10m 5x30s\": %+v, %v", o.Clock, err)
	}
	if o, err := appOptions(nil); err != nil || o.W != 0 || o.File != "" {
		t.Errorf("no flags: %+v, %v (the remembered size is used)", o, err)
	}
	for args, want := range map[string]string{
		"a.trihex b.trihex":             `unexpected argument "b.trihex"`,
		"--level 7":                     "levels are 1 to 5, and 6 for Expert",
		"--size 100x100":                "at least 800x600",
		"--size 640x480":                "at least 800x600",
		"--options stalemate=draw":      "--options needs --game",
		"--game chess":                  "chess",
		"--white robot":                 "want human or computer",
		"--scale 9":                     "want 0.5 to 4",
		"--load /nonexistent.trihex":    "nonexistent",
		"--game attangle --options x":   "x",
		"--clock 3+2":                   "--clock needs --game",
		"--game abande --clock 3d":      "days a move are for games by mail",
		"--game abande --clock 3":       "minutes+seconds",
		"--game abande --time-scale -1": "want 0 to 1000",
	} {
		if _, err := appOptions(strings.Fields(args)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", args, err, want)
		}
	}
	if code, _, errs := runCmd("--level", "9"); code != 2 || !strings.Contains(errs, "usage:") {
		t.Errorf("a bad flag: exit %d, %q", code, errs)
	}
}
