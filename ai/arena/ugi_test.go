package arena

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"trihex/ai/ugi"
)

// TestMain lets the tests run this binary as `trihex ugi` (selfUGI).
func TestMain(m *testing.M) {
	if os.Getenv("TRIHEX_TEST_UGI") == "1" {
		os.Exit(ugi.Command(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// selfUGI is the command line of `trihex ugi ARGS` as this test binary runs it.
func selfUGI(t *testing.T, args string) string {
	t.Setenv("TRIHEX_TEST_UGI", "1")
	return "'" + os.Args[0] + "' " + args
}

var (
	scriptedOnce sync.Once
	scriptedPath string
	scriptedErr  error
)

// scriptedEngine builds the scripted UGI engine of ai/ugi's tests, once.
func scriptedEngine(t *testing.T) string {
	scriptedOnce.Do(func() {
		dir, err := os.MkdirTemp("", "arena-ugi")
		if err != nil {
			scriptedErr = err
			return
		}
		scriptedPath = filepath.Join(dir, "scripted")
		if out, err := exec.Command("go", "build", "-o", scriptedPath, "../ugi/testdata/scripted").CombinedOutput(); err != nil {
			scriptedErr = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if scriptedErr != nil {
		t.Fatal(scriptedErr)
	}
	return scriptedPath
}

// engineFile writes an engine file for the scripted engine in mode and
// returns its path.
func engineFile(t *testing.T, mode string) string {
	path := filepath.Join(t.TempDir(), mode+".ugi")
	text := fmt.Sprintf("name = scripted %s\ncommand = '%s' -mode %s\ntimeout = 1\n", mode, scriptedEngine(t), mode)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var resultRE = regexp.MustCompile(`(?m)^result: (\d+)-(\d+)-(\d+) score`)

// TestArenaUGI plays Trihex's engine over UGI (ugi:COMMAND) against the
// scripted engine (an engine file) through the arena: every game is played
// to its end by the rules, and nothing goes wrong on the way.
func TestArenaUGI(t *testing.T) {
	var out, errs strings.Builder
	code := Arena([]string{"--game", "attangle", "--a", "ugi:" + selfUGI(t, "--game attangle --level 2"),
		"--b", engineFile(t, "good"), "--games", "2", "--workers", "1", "--playouts", "300", "-v"}, &out, &errs)
	if code != 0 || errs.Len() != 0 {
		t.Fatalf("status %d, stderr:\n%s", code, errs.String())
	}
	m := resultRE.FindStringSubmatch(out.String())
	if m == nil || strings.Count(out.String(), "\ngame ") != 1 || !strings.HasPrefix(out.String(), "game 1: A first, ") {
		t.Fatalf("output:\n%s", out.String())
	}
	if strings.Contains(out.String(), "engine failed") || strings.Contains(out.String(), "illegal") {
		t.Fatalf("output:\n%s", out.String())
	}
}

// TestArenaBrokenEngines: an engine that cannot shake hands is refused
// before the games; one that crashes, garbles or plays an illegal move loses
// each game, with a message that says what it did.
func TestArenaBrokenEngines(t *testing.T) {
	var out, errs strings.Builder
	code := Arena([]string{"--game", "attangle", "--a", "1", "--b", engineFile(t, "silent"), "--games", "2"}, &out, &errs)
	if code != 1 || errs.String() != `trihex: arena: engine B: ugi: engine "scripted silent" stopped answering: no ugiok within 1s`+"\n" {
		t.Fatalf("silent engine: status %d, stderr %q", code, errs.String())
	}
	for mode, said := range map[string]string{
		"crash":   `quit or crashed: exit status 3; it said: scripted: crashing as asked`,
		"garbage": `sent something that is not UGI: 101 lines that are not UGI while waiting for bestmove`,
		"binary":  `sent something that is not UGI: bytes that are not text`,
		"illegal": `played a move that is not legal: `,
		"slow":    `stopped answering: no bestmove within 1.01s`,
	} {
		t.Run(mode, func(t *testing.T) {
			var out, errs strings.Builder
			code := Arena([]string{"--game", "attangle", "--a", "1", "--b", engineFile(t, mode), "--games", "2", "--workers", "1", "--time", "0.01"}, &out, &errs)
			if code != 0 {
				t.Fatalf("status %d, stderr:\n%s", code, errs.String())
			}
			lines := strings.Split(strings.TrimSpace(errs.String()), "\n")
			if len(lines) != 2 {
				t.Fatalf("stderr, want a line a game:\n%s", errs.String())
			}
			for _, l := range lines {
				want := `trihex: arena: scripted ` + mode + ` loses the game: ugi: engine "scripted ` + mode + `" ` + said
				if !strings.HasPrefix(l, want) {
					t.Errorf("stderr line\n%s\nwant it to start\n%s", l, want)
				}
			}
			if m := resultRE.FindStringSubmatch(out.String()); m == nil || m[1] != "2" {
				t.Errorf("A should win both games:\n%s", out.String())
			}
		})
	}
}
