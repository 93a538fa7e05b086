package arena

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/game/clock"
	"trihex/save"
)

// A clocked arena: each engine on its own clock, the summary's line of games
// lost on time, and records with the time control and each move's clock.
// Level 1 answers in milliseconds; a minute and a second a move leave it time
// on any machine.
func TestArenaClock(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := run(Arena, "--game", "attangle", "--a", "1", "--b", "random", "--games", "2", "--seed", "7",
		"--clock", "60+1", "--records", dir)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !regexp.MustCompile(`\nlost on time: 0 \(A 0, B 0\); least left after a move: A \d+\.\d\ds, B \d+\.\d\ds\nresult: `).MatchString(out) {
		t.Errorf("summary:\n%s", out)
	}
	for n := 1; n <= 2; n++ {
		g, err := save.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%d.trihex", n)))
		if err != nil {
			t.Fatal(err)
		}
		if tc, _ := g.Record.Get("TimeControl"); tc != "60+1" || g.Control != clock.FischerControl(time.Minute, time.Second) {
			t.Errorf("game %d: TimeControl %q, control %v", n, tc, g.Control)
		}
		line := g.Root.MainLine()
		if len(line) == 0 {
			t.Fatalf("game %d: no moves", n)
		}
		for i, nd := range line {
			// Each side's first move is free: its clock shows the base.
			if !nd.Clock.Set || nd.Clock.Left <= 0 || nd.Clock.Left > 90*time.Second || i < 2 && nd.Clock.Left != time.Minute {
				t.Fatalf("game %d, ply %d: clock %+v", n, i+1, nd.Clock)
			}
		}
	}
}

// sleeper thinks for its time whatever it is told: an engine that does not
// play to the clock.
type sleeper struct{ think time.Duration }

func (s sleeper) Name() string { return "sleeper" }

func (s sleeper) Choose(ctx context.Context, pos game.State) ai.Info {
	time.Sleep(s.think)
	return ai.Info{Move: pos.LegalMoves(nil)[0], Value: 0.5}
}

// In fake time, an engine that overruns its clock loses on time: its second
// move (the first is free) takes 2 s of its 1 s; the record ends in a time
// forfeit, read back as such, and the summary counts it against A.
func TestArenaTimeForfeit(t *testing.T) {
	start, err := game.Lookup("Attangle")
	if err != nil {
		t.Fatal(err)
	}
	pos, _ := start.Start("")
	ctl := clock.FischerControl(time.Second, 0)
	dir := t.TempDir()
	synctest.Test(t, func(t *testing.T) {
		g := playGame(pos, nil, sleeper{2 * time.Second}, ai.NewRandom(3), true, ctl, io.Discard)
		if !g.flagged[0] || g.flagged[1] || len(g.moves) != 2 || len(g.stamps) != 2 {
			t.Fatalf("flagged %v after %d moves, %d stamps", g.flagged, len(g.moves), len(g.stamps))
		}
		if want := game.Ended(game.TimeForfeit, game.Second); g.res != want {
			t.Errorf("result %+v, want %+v", g.res, want)
		}
		if err := writeRecord(dir, 1, pos, g, "sleeper", "random", true, ctl); err != nil {
			t.Fatal(err)
		}
		var tl tally
		tl.add(g, true, 0)
		var out strings.Builder
		tl.summary(&config{games: 1, start: pos, control: ctl}, &out)
		if !strings.Contains(out.String(), "\nlost on time: 1 (A 1, B 0); least left after a move: A 1.00s, B 1.00s\n") {
			t.Errorf("summary:\n%s", out.String())
		}
	})
	rec, err := save.ReadFile(filepath.Join(dir, "game-1.trihex"))
	if err != nil {
		t.Fatal(err)
	}
	term, _ := rec.Record.Get("Termination")
	if res := rec.Result; term != "time forfeit" || res.Termination != game.TimeForfeit || res.Winner != game.Second {
		t.Errorf("record: Termination %q, result %+v", term, res)
	}
}

// Think plays to a clock: the side to move's time from --clock and --left,
// the time manager's limits said on the last line.
func TestThinkClock(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.trihex")
	if err := os.WriteFile(path, []byte("[Game \"Attangle\"]\n\n1. a1 g1 2. d1 a4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(Think, path, "--level", "1", "--seed", "5", "--clock", "30+0.5", "--left", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	tm := ai.NewTimeManager(must(game.Lookup("Attangle")))
	soft, hard := tm.Limits(ai.ClockState{Left: 4 * time.Second, Increment: 500 * time.Millisecond}, 4, ai.Stability{})
	want := fmt.Sprintf("\nclock: 30+0.5, 4.00s left: base %.2fs, hard %.2fs, took ", soft.Seconds(), hard.Seconds())
	if !strings.Contains(out, want) || !regexp.MustCompile(`took \d+\.\d\ds\n$`).MatchString(out) {
		t.Errorf("output %q, want %q", out, want)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{path, "--left", "4"}, "--left needs --clock"},
		{[]string{path, "--clock", "3d/move"}, "--clock: "},
		{[]string{path, "--clock", "fast"}, "--clock: "},
		{[]string{path, "--clock", "30+0.5", "--left", "-1"}, "--left -1"},
	} {
		code, out, errs := run(Think, c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || !strings.Contains(errs, "usage: "+ThinkUsage) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errs, c.want)
		}
	}
	for _, bad := range []string{"3d/move", "-", "30+x"} {
		if code, _, errs := run(Arena, "--game", "abande", "--a", "1", "--b", "2", "--clock", bad); code != 2 || !strings.Contains(errs, "--clock") {
			t.Errorf("arena --clock %q: exit %d, %q", bad, code, errs)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
