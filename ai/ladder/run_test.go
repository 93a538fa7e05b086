package ladder

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"trihex/ai"
	_ "trihex/ai/all" // the levels as the app has them
	_ "trihex/game/all"
	"trihex/game/cli"
)

func run(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// The ladder's UCT has level 4's playout budget, as its label says.
func TestUCTBudget(t *testing.T) {
	if want := "uct,p=" + strconv.Itoa(ai.Levels[4].Playouts); uctSpec != want {
		t.Errorf("uctSpec %q, level 4's budget gives %q", uctSpec, want)
	}
	for _, g := range Games() {
		start, err := cli.Start(g, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range Schedule {
			for _, e := range p {
				if _, err := newEngine(e, start.Info(), 1); err != nil {
					t.Error(err)
				}
			}
		}
	}
}

// Bad command lines are usage errors: exit 2 with the usage line.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--games", "0"},
		{"--workers", "0"},
		{"--game", "chess"},
		{"--skip", "7"},
		{"extra"},
		{"--no-such-flag"},
	} {
		if code, _, errs := run(args...); code != 2 || !strings.HasPrefix(errs, "trihex: ladder: ") || !strings.Contains(errs, "usage: "+Usage) {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// The missing games come round by round, the games already played counted
// whichever way their lines name the pairing, colours alternating by the
// game's number; skipped engines' pairings are left out.
func TestJobs(t *testing.T) {
	results := []Result{
		{Game: "Abande", A: "random", B: "1", L: 3},
		{Game: "Abande", A: "2", B: "1", W: 1, D: 1},
		{Game: "Attangle", A: "random", B: "1", L: 5},
	}
	c := config{games: []string{"Abande", "Attangle"}, n: 4, seed: 1, skip: []string{"5", uctSpec}}
	jobs, err := c.jobs(results)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	last := 0
	for _, j := range jobs {
		if j.i < last {
			t.Fatalf("game %d after game %d", j.i+1, last+1)
		}
		last = j.i
		if j.a == "5" || j.b == "5" || j.a == uctSpec || j.b == uctSpec {
			t.Errorf("skipped engine played: %+v", j)
		}
		count[j.game+" "+j.a+"-"+j.b]++
	}
	for k, want := range map[string]int{"Abande random-1": 1, "Abande 1-2": 2, "Abande 2-3": 4, "Attangle random-1": 0, "Attangle 1-3": 4} {
		if count[k] != want {
			t.Errorf("%s: %d games to play, want %d", k, count[k], want)
		}
	}
	if len(jobs) != 2*5*4-3-2-4 {
		t.Errorf("%d jobs", len(jobs))
	}
	if jobs[0].seed == jobs[1].seed {
		t.Error("two games share a seed")
	}
}

// A game between random movers ends, at the latest at the ply cap, and scores A
// from A's side.
func TestPlayGame(t *testing.T) {
	for _, g := range Games() {
		start, err := cli.Start(g, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, aFirst := range []bool{true, false} {
			sA, res, plies := PlayGame(start, ai.NewRandom(1), ai.NewRandom(2), aFirst)
			if !res.Over || plies > PlyCap || (sA != 0 && sA != 0.5 && sA != 1) {
				t.Errorf("%s: score %v, %+v after %d plies", g, sA, res, plies)
			}
			if start.Ply() != 0 {
				t.Fatalf("%s: the start position changed", g)
			}
		}
	}
}

// A whole run on a schedule of one quick pairing: it plays the games, appends
// them, prints the table and writes the picture; a second run with the same
// target plays nothing, and --plot-only only redraws.
func TestRun(t *testing.T) {
	saved := Schedule
	defer func() { Schedule = saved }()
	Schedule = [][2]string{{"random", "uct,p=20"}}
	dir := t.TempDir()
	res, out := filepath.Join(dir, "r.tsv"), filepath.Join(dir, "l.png")
	args := []string{"--game", "attangle", "--games", "3", "--results", res, "--out", out}
	code, stdout, stderr := run(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := ReadFile(res)
	if err != nil || len(got) != 3 {
		t.Fatalf("%d results, %v", len(got), err)
	}
	if !strings.Contains(stdout, "Attangle: 3 games, Elo with random = 0") || !strings.Contains(stdout, "uct,p=20") || strings.Count(stderr, "] Attangle random vs uct,p=20 game") != 3 {
		t.Errorf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
	if !strings.Contains(stderr, "(A first)") || !strings.Contains(stderr, "(A second)") {
		t.Errorf("colours do not alternate:\n%s", stderr)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(first)); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(args...); code != 0 || !strings.Contains(stderr, "0 games to play") {
		t.Errorf("second run: exit %d, %s", code, stderr)
	}
	os.Remove(out)
	if code, stdout2, _ := run(append(args, "--plot-only")...); code != 0 || stdout2 != stdout {
		t.Errorf("--plot-only: exit %d, table\n%s", code, stdout2)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, first) {
		t.Error("the redrawn picture differs")
	}
	// A malformed line stops the run before any game, naming the line.
	bad := filepath.Join(dir, "bad.tsv")
	os.WriteFile(bad, []byte(header+"Abande\t1\t2\t1\t0\t0\t1\n"), 0o644)
	if code, _, stderr := run("--results", bad, "--out", out); code != 1 || !strings.Contains(stderr, "trihex: ladder: "+bad+":2: ") {
		t.Errorf("malformed file: exit %d, %s", code, stderr)
	}
	// No results at all is a failure, not a usage error.
	if code, _, stderr := run("--plot-only", "--results", filepath.Join(dir, "none.tsv"), "--out", out); code != 1 || !strings.Contains(stderr, "ladder: no results") {
		t.Errorf("no results: exit %d, %s", code, stderr)
	}
}
