package arena

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	_ "trihex/ai/all"
	aiandantino "trihex/ai/andantino"
	_ "trihex/game/all"
	"trihex/game/cli"
	"trihex/save"
)

func run(cmd func([]string, io.Writer, io.Writer) int, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = cmd(args, &out, &errb)
	return code, out.String(), errb.String()
}

// A tiny seeded arena prints one line per game with -v, then the four summary
// lines README.md documents, and writes each game's record.
func TestArena(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--game", "attangle", "--a", "1", "--b", "random", "--games", "2", "--seed", "7", "-v", "--records", dir}
	code, out, errs := run(Arena, args...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	game := regexp.MustCompile(`^game [12]: A (first|second), .+ after \d+ moves, A scores (0\.0|0\.5|1\.0)$`)
	for _, l := range lines[:2] {
		if !game.MatchString(l) {
			t.Errorf("game line %q", l)
		}
	}
	if !strings.Contains(out, "game 1: A first") || !strings.Contains(out, "game 2: A second") {
		t.Errorf("colours do not alternate:\n%s", out)
	}
	for i, re := range []string{
		`^time per move: A \d+\.\d{3}s, B \d+\.\d{3}s$`,
		`^work per move: A 150 playouts, B -$`, // level 1's budget; random searches nothing
		`^A as White: \d-\d-\d, as Black: \d-\d-\d$`,
		`^result: \d-\d-\d score \d\.\d{3} ± \d\.\d{3}$`,
	} {
		if l := lines[2+i]; !regexp.MustCompile(re).MatchString(l) {
			t.Errorf("line %q does not match %s", l, re)
		}
	}
	var w, d, l int
	var score, e float64
	if _, err := fmt.Sscanf(lines[5], "result: %d-%d-%d score %f ± %f", &w, &d, &l, &score, &e); err != nil || w+d+l != 2 {
		t.Errorf("result line %q: %v", lines[5], err)
	}
	for n := 1; n <= 2; n++ {
		g, err := save.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%d.trihex", n)))
		if err != nil {
			t.Fatal(err)
		}
		if !g.Final.Result().Over {
			t.Errorf("game %d: the record's game is not over", n)
		}
		// A moves first in game 1, B in game 2.
		white, _ := g.Record.Get("White")
		if want := []string{"", "A: ", "B: "}[n]; !strings.HasPrefix(white, want) {
			t.Errorf("game %d: White is %q", n, white)
		}
	}
}

// With a playout budget and no time limit, the same seed gives the same games.
func TestArenaSeeded(t *testing.T) {
	args := []string{"--game", "abande", "--a", "1", "--b", "random", "--games", "2", "--seed", "3", "--playouts", "100", "-v"}
	games := func() string {
		_, out, _ := run(Arena, args...)
		var lines []string
		for l := range strings.Lines(out) {
			if !strings.HasPrefix(l, "time per move: ") {
				lines = append(lines, l)
			}
		}
		slices.Sort(lines) // the workers may finish the games in either order
		return strings.Join(lines, "")
	}
	if a, b := games(), games(); a != b || !strings.Contains(a, "result: ") {
		t.Errorf("two runs differ:\n%s\n%s", a, b)
	}
}

// With --openings K, games 2j+1 and 2j+2 (as numbered in the records) begin
// with the same K random plies, A first in one and second in the other, and
// another pair with other plies; the records hold the opening.
func TestArenaOpenings(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--game", "andantino", "--a", "1", "--b", "random", "--games", "4", "--seed", "5", "--playouts", "100", "--openings", "6", "-v", "--records", dir}
	if code, out, errs := run(Arena, args...); code != 0 || errs != "" || !strings.Contains(out, "result: ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	var open [4]string
	for n := 1; n <= 4; n++ {
		g, texts := recordStart(t, dir, n, 6)
		open[n-1] = strings.Join(texts, " ")
		if g.Start.Result().Over {
			t.Errorf("game %d: over after its opening %s", n, open[n-1])
		}
		white, _ := g.Record.Get("White")
		if want := []string{"", "A: ", "B: ", "A: ", "B: "}[n]; !strings.HasPrefix(white, want) {
			t.Errorf("game %d: White is %q", n, white)
		}
	}
	if open[0] != open[1] || open[2] != open[3] || open[0] == open[2] {
		t.Errorf("openings of games 1-4:\n%s", strings.Join(open[:], "\n"))
	}
	// The opening comes from the seed alone.
	start, err := cli.Start("andantino", "")
	if err != nil {
		t.Fatal(err)
	}
	if a, b := opening(start, 6, 99), opening(start, 6, 99); !slices.Equal(a, b) || len(a) != 6 {
		t.Errorf("opening(seed 99) gives %v and %v", a, b)
	}
}

// With --from every game starts with the line given, then the random plies of
// --openings, shared by each pair of games.
func TestArenaFrom(t *testing.T) {
	dir := t.TempDir()
	const from = "0,1 -1,1 -1,0"
	args := []string{"--game", "andantino", "--a", "1", "--b", "random", "--games", "4", "--seed", "5", "--playouts", "100",
		"--from", from, "--openings", "2", "--a-side", "second", "--records", dir}
	if code, out, errs := run(Arena, args...); code != 0 || errs != "" || !strings.Contains(out, "as Red: ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	var open [4]string
	for n := 1; n <= 4; n++ {
		_, texts := recordStart(t, dir, n, 5)
		if got := strings.Join(texts[:3], " "); got != from {
			t.Errorf("game %d starts %s, want %s", n, got, from)
		}
		open[n-1] = strings.Join(texts[3:], " ")
	}
	if open[0] != open[1] || open[2] != open[3] || open[0] == open[2] {
		t.Errorf("random plies after the line, games 1-4: %q", open)
	}
	for _, c := range []struct{ from, want string }{
		{"0,1 9,9", `move 2 "9,9"`},
		{"0,1 -1,1 nowhere", `move 3 "nowhere"`},
	} {
		code, _, errs := run(Arena, "--game", "andantino", "--a", "1", "--b", "2", "--from", c.from)
		if code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "usage: ") {
			t.Errorf("--from %q: exit %d, stderr %q, want it to name %s", c.from, code, errs, c.want)
		}
	}
}

// recordStart reads game n's record from dir and plays its first plies moves
// on its start, returning the game and those moves as written.
func recordStart(t *testing.T, dir string, n, plies int) (*save.Game, []string) {
	t.Helper()
	g, err := save.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%d.trihex", n)))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) < plies {
		t.Fatalf("game %d: %d moves, fewer than %d", n, len(g.Moves), plies)
	}
	var texts []string
	for _, m := range g.Moves[:plies] {
		texts = append(texts, g.Start.FormatMove(m))
		if err := g.Start.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g, texts
}

// In Abande an opening never passes (two passes would end the game).
func TestOpeningNoPass(t *testing.T) {
	start, err := cli.Start("abande", "")
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(50) {
		s := start.Clone()
		for _, m := range opening(start, 8, seed) {
			if s.FormatMove(m) == "pass" {
				t.Fatalf("seed %d: the opening passes", seed)
			}
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestArenaUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--game", "abande", "--a", "1"},
		{"--game", "abande", "--a", "1", "--b", "2", "--games", "0"},
		{"--game", "abande", "--a", "1", "--b", "2", "--a-side", "middle"},
		{"--game", "abande", "--a", "1", "--b", "2", "--openings", "-1"},
		{"--game", "abande", "--a", "1", "--b", "2", "--openings", "21"},
		{"--game", "abande", "--a", "1", "--b", "chess"},
		{"--game", "abande", "--a", "1", "--b", "2", "stray"},
		{"--bogus"},
	} {
		code, out, errs := run(Arena, args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "trihex: ") || !strings.Contains(errs, "usage: "+ArenaUsage) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if code, _, errs := run(Arena, "--game", "go", "--a", "1", "--b", "2"); code != 1 || !strings.Contains(errs, "go") {
		t.Errorf("unknown game: exit %d, %q", code, errs)
	}
}

// Think answers a legal move on its first line, then the documented lines.
func TestThink(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.trihex")
	if err := os.WriteFile(path, []byte("[Game \"Attangle\"]\n\n1. a1 g1 2. d1 a4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(Think, path, "--level", "1", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	g, err := save.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.Final.ParseMove(lines[0])
	if err != nil || !g.Final.IsLegal(m) {
		t.Fatalf("first line %q is not a legal move: %v", lines[0], err)
	}
	if len(lines) < 3 || !strings.HasPrefix(lines[1], "value: ") || !strings.Contains(out, "\npv: "+lines[0]) ||
		!regexp.MustCompile(`\n(playouts: \d+|alpha-beta: depth \d+, \d+ nodes) in \d+\.\d\ds \(\d+ a second\)\n$`).MatchString(out) {
		t.Errorf("output %q", out)
	}

	bad := filepath.Join(dir, "bad.trihex")
	if err := os.WriteFile(bad, []byte("[Game \"Attangle\"]\n\n1. d5 d4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{filepath.Join(dir, "missing.trihex")}, 1, "trihex: open "},
		{[]string{bad}, 1, `trihex: bad.trihex: save: line 3, column 7: move 1... "d4"`},
		{[]string{"../../save/testdata/golden/andantino.trihex"}, 1, "trihex: the game is over: "},
		{[]string{path, "--level", "9"}, 2, "usage: " + ThinkUsage},
		{[]string{path, "--bogus"}, 2, "usage: " + ThinkUsage},
		{[]string{}, 2, "think takes one record file"},
		{[]string{path, path}, 2, "think takes one record file"},
	} {
		code, out, errs := run(Think, c.args...)
		if code != c.code || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", c.args, code, out, errs, c.code, c.want)
		}
	}
}

// Book writes a book the knowledge package reads: at --plies 2 Red's first
// move only, found by a short search.
func TestBook(t *testing.T) {
	code, out, errs := run(Book, "--plies", "2", "--time", "0.05", "--threads", "1")
	if code != 0 || !strings.HasPrefix(out, "# trihex book --plies 2") || !strings.Contains(errs, "1 Red positions") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	b, err := aiandantino.ParseBook(out)
	if err != nil || len(b) != 1 || !regexp.MustCompile(`(?m)^0,1 : -?\d+,-?\d+ [01]\.\d{4}$`).MatchString(out) {
		t.Errorf("book %q: %d entries, %v", out, len(b), err)
	}
	// --out writes the same into a file; a folder that does not exist fails.
	path := filepath.Join(t.TempDir(), "book.txt")
	if code, _, errs := run(Book, "--plies", "2", "--time", "0.05", "--threads", "1", "--out", path); code != 0 {
		t.Fatalf("--out: exit %d, %q", code, errs)
	}
	if data, err := os.ReadFile(path); err != nil || !strings.HasPrefix(string(data), "# trihex book --plies 2") {
		t.Errorf("--out wrote %q, %v", data, err)
	}
	if code, _, errs := run(Book, "--plies", "2", "--out", filepath.Join(path, "no", "book.txt")); code != 1 || !strings.HasPrefix(errs, "trihex: book: ") {
		t.Errorf("bad --out: exit %d, %q", code, errs)
	}
	// Counting follows every White move: 5 Red positions before ply 4.
	if code, out, errs := run(Book, "--plies", "4", "--count"); code != 0 || out != "" || !strings.Contains(errs, "5 Red positions") {
		t.Errorf("--count: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, args := range [][]string{{"--plies", "0"}, {"--time", "0"}, {"stray"}, {"--bogus"},
		{"--white", "random"}, {"--games", "2"}, {"--count", "--white", "random", "--games", "1"}, {"--white", "nonsense", "--games", "1"}} {
		if code, out, errs := run(Book, args...); code != 2 || out != "" || !strings.Contains(errs, "usage: "+BookUsage) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if code, _, errs := run(Book, "--white", "random", "--games", "1", "--in", filepath.Join(path, "none")); code != 1 || !strings.HasPrefix(errs, "trihex: book: ") {
		t.Errorf("missing --in: exit %d, %q", code, errs)
	}
}

// With --white the book follows games: Red's positions met in them are
// searched once each (a mirror image counts as met), and an old book's
// entries follow for the positions not searched.
func TestBookGames(t *testing.T) {
	old := filepath.Join(t.TempDir(), "old.txt")
	// The first entry is one the games will search again; the second, at
	// ply 5, they cannot meet.
	text := "# old\n0,1 : -1,1 0.5000\n0,1 -1,1 1,-1 0,-1 -1,0 : 2,-1 0.5000\n"
	if err := os.WriteFile(old, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(Book, "--plies", "4", "--time", "0.02", "--threads", "1",
		"--white", "x,p=50", "--white", "random", "--games", "6", "--seed", "3", "--in", old)
	if code != 0 || strings.Count(errs, "game with seed") != 6 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	b, err := aiandantino.ParseBook(out)
	if err != nil {
		t.Fatalf("book %q: %v", out, err)
	}
	searched := strings.Count(errs, " ply ")
	if !strings.Contains(errs, fmt.Sprintf("%d Red positions", searched)) || len(b) != searched+1 {
		t.Errorf("%d searched, %d entries:\n%s\n%s", searched, len(b), out, errs)
	}
	// The old line for the opening is replaced, the other kept after a note.
	before, after, ok := strings.Cut(out, "# from "+old)
	if !ok || strings.Contains(out, "0,1 : -1,1 0.5000") || strings.TrimSpace(after[strings.Index(after, "\n"):]) != "0,1 -1,1 1,-1 0,-1 -1,0 : 2,-1 0.5000" {
		t.Errorf("old entries kept wrong:\n%s", out)
	}
	// Each Red position is written once, however often the games met it.
	lines := strings.Split(strings.TrimSpace(before), "\n")[1:]
	if len(lines) != searched {
		t.Errorf("%d lines for %d searches:\n%s", len(lines), searched, before)
	}
}

// closeOnWrite closes stop at the first write: the first game's -v line.
type closeOnWrite struct {
	bytes.Buffer
	stop chan struct{}
}

func (w *closeOnWrite) Write(p []byte) (int, error) {
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	return w.Buffer.Write(p)
}

// Stopped after its first game (as an interrupt stops it), an arena of three
// games plays no other and sums up the one it played.
func TestArenaStop(t *testing.T) {
	c, err := parseConfig([]string{"--game", "attangle", "--a", "1", "--b", "random", "--games", "3", "--seed", "7", "--workers", "1", "-v"})
	if err != nil {
		t.Fatal(err)
	}
	out := &closeOnWrite{stop: make(chan struct{})}
	tl := c.run(out.stop, out, io.Discard)
	if n := len(tl.scores); n != 1 {
		t.Fatalf("%d games played after the stop, want 1", n)
	}
	var sum bytes.Buffer
	tl.summary(&c, &sum)
	if !strings.HasPrefix(sum.String(), "stopped after 1 of 3 games\n") || !strings.Contains(sum.String(), "result: ") {
		t.Errorf("summary:\n%s", sum.String())
	}
}
