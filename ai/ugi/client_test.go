package ugi

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/game/cli"
)

// scripted is the path of the scripted engine (testdata/scripted), built
// once for the package's tests.
var scripted string

// TestMain builds the scripted engine, and serves as `trihex ugi` when the
// tests run this binary as an engine (selfCommand).
func TestMain(m *testing.M) {
	if os.Getenv("TRIHEX_TEST_UGI") == "1" {
		os.Exit(Command(os.Args[1:], os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "ugi-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	scripted = filepath.Join(dir, "scripted")
	if out, err := exec.Command("go", "build", "-o", scripted, "./testdata/scripted").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the scripted engine: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// selfCommand is `trihex ugi ARGS` as this test binary runs it.
func selfCommand(t *testing.T, args string) string {
	t.Setenv("TRIHEX_TEST_UGI", "1")
	return joinCommand([]string{os.Args[0]}) + " " + args
}

func attangle(t *testing.T) game.State {
	s, err := cli.Start("attangle", "")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestClientAgainstTrihex plays Trihex's own engine, over UGI, through the
// client: handshake, options, a new game, moves checked by the rules.
func TestClientAgainstTrihex(t *testing.T) {
	// A quit timeout the slowest build (-race) keeps well within.
	c, err := Dial(context.Background(), selfCommand(t, "--game attangle --level 1 --threads 1"), [][2]string{{"hash", "8"}}, Timeouts{Quit: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Name != "Trihex" || !c.HasOption("Threads") || !c.HasOption("stalemate") {
		t.Fatalf("handshake: name %q, options %+v", c.Name, c.Options)
	}
	if err := c.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	start := attangle(t)
	var moves []game.Move
	pos := start.Clone()
	for range 6 {
		m, err := c.Move(context.Background(), start, moves, Limits{Nodes: 200})
		if err != nil {
			t.Fatal(err)
		}
		if err := pos.Play(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	<-c.exited
	if st := c.cmd.ProcessState; st == nil || !st.Success() {
		t.Errorf("after quit the engine ended with %v, want status 0", st)
	}
}

// TestBrokenEngines: each way an engine can fail ends with an error that
// says so, within the timeouts, and the process is gone.
func TestBrokenEngines(t *testing.T) {
	short := Timeouts{Handshake: 300 * time.Millisecond, Grace: 300 * time.Millisecond, Move: 300 * time.Millisecond, Quit: 100 * time.Millisecond}
	cases := []struct {
		mode string
		kind error
		text string // in the message
	}{
		{"silent", ErrSilent, "no ugiok within 300ms"},
		{"crash", ErrCrashed, "scripted: crashing as asked"},
		{"illegal", ErrIllegal, "played a move that is not legal: \"a1\""},
		{"garbage", ErrGarbage, "101 lines that are not UGI while waiting for bestmove"},
		{"binary", ErrGarbage, "bytes that are not text"},
		{"slow", ErrSilent, "no bestmove within 310ms"},
	}
	for _, tc := range cases {
		t.Run(tc.mode, func(t *testing.T) {
			start := attangle(t)
			e := NewEngine(Spec{Name: tc.mode, Command: joinCommand([]string{scripted, "-mode", tc.mode}), Timeouts: short}, Limits{MoveTime: 10 * time.Millisecond})
			pos := start.Clone()
			var moves []game.Move
			for range 4 {
				e.Follow(start, moves)
				inf := e.Choose(context.Background(), pos)
				if inf.Move == (game.Move{}) {
					break
				}
				pos.Apply(inf.Move)
				moves = append(moves, inf.Move)
				// The other side plays the first legal move.
				m := pos.LegalMoves(nil)[0]
				pos.Apply(m)
				moves = append(moves, m)
			}
			err := e.Err()
			t.Log(err)
			if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.text) || !strings.HasPrefix(err.Error(), "ugi: engine \""+tc.mode+"\" ") {
				t.Fatalf("error %q, want %v and %q", err, tc.kind, tc.text)
			}
			if c := e.client; c != nil {
				select {
				case <-c.exited:
				default:
					t.Error("the engine's process still runs")
				}
			}
			if inf := e.Choose(context.Background(), pos); inf.Move != (game.Move{}) {
				t.Error("a failed engine played on")
			}
		})
	}
}

// TestNoSuchEngine: a command that cannot start is refused at once.
func TestNoSuchEngine(t *testing.T) {
	_, err := Dial(context.Background(), "./no-such-engine --x", nil, Timeouts{})
	if !errors.Is(err, ErrStart) {
		t.Fatalf("got %v, want ErrStart", err)
	}
	if _, err := Dial(context.Background(), `engine "unclosed`, nil, Timeouts{}); !errors.Is(err, ErrStart) {
		t.Fatalf("got %v, want ErrStart", err)
	}
}

// TestCancelledMove: a cancelled move sends stop and takes the answer.
func TestCancelledMove(t *testing.T) {
	c, err := Dial(context.Background(), selfCommand(t, "--game attangle --level 1 --threads 1"), nil, Timeouts{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// Cancelled before it starts: the engine is sent go infinite, then stop
	// straight away, and its answer is taken.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := attangle(t)
	m, err := c.Move(ctx, start, nil, Limits{Go: "infinite"})
	if err != nil {
		t.Fatal(err)
	}
	if !start.IsLegal(m) {
		t.Fatalf("%v is not legal", m)
	}
}

// TestRulesOptions: a game under rules options the engine does not announce
// is refused; one it announces is sent.
func TestRulesOptions(t *testing.T) {
	start, err := cli.Start("attangle", "stalemate=loss")
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(Spec{Name: "scripted", Command: scripted}, Limits{})
	defer e.Close()
	if inf := e.Choose(context.Background(), start); inf.Move != (game.Move{}) || !errors.Is(e.Err(), ErrRefused) {
		t.Fatalf("scripted engine under stalemate=loss: move %v, error %v", inf.Move, e.Err())
	}
	self := NewEngine(Spec{Name: "trihex", Command: selfCommand(t, "--game attangle --level 1 --threads 1")}, Limits{Nodes: 100})
	defer self.Close()
	if inf := self.Choose(context.Background(), start); !start.IsLegal(inf.Move) {
		t.Fatalf("trihex under stalemate=loss: %v", self.Err())
	}
}

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string]string{
		`trihex ugi --game attangle`:    `trihex|ugi|--game|attangle`,
		`"/my engines/x" -a 'b c' d\ e`: `/my engines/x|-a|b c|d e`,
		`  a  `:                         `a`,
		`'it'\''s'`:                     `it's`,
	} {
		w, err := splitCommand(in)
		if err != nil || strings.Join(w, "|") != want {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", in, w, err, want)
		}
		if back, _ := splitCommand(joinCommand(w)); strings.Join(back, "|") != want {
			t.Errorf("joinCommand(%q) = %q does not split back", w, joinCommand(w))
		}
	}
}

func TestEngineFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "natsel.ugi")
	text := `# an engine file
name = Natural Selection
command = ./bin/natsel --ugi
option Hash = 128
option threads = 2
go = movetime 2000
timeout = 2.5
`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	sp, err := ParseSpec(path)
	if err != nil {
		t.Fatal(err)
	}
	want := Spec{Name: "Natural Selection", Command: joinCommand([]string{filepath.Join(dir, "bin/natsel"), "--ugi"}),
		Options: [][2]string{{"Hash", "128"}, {"threads", "2"}}, Go: "movetime 2000", Timeouts: Timeouts{Grace: 2500 * time.Millisecond, Handshake: 2500 * time.Millisecond}}
	if fmt.Sprint(sp) != fmt.Sprint(want) {
		t.Errorf("got %+v\nwant %+v", sp, want)
	}
	for _, bad := range []string{"name = x", "command = a\nspeed = 3", "command = a\ngo = fast", "command = a\ntimeout = -1", "command = 'a", "just words"} {
		if _, err := ParseFile(bad); err == nil {
			t.Errorf("ParseFile(%q): no error", bad)
		}
	}
}

func FuzzParseFile(f *testing.F) {
	f.Add("name = x\ncommand = a b\noption h = 1\ngo = nodes 5\ntimeout = 3\n")
	f.Add("command = 'a\n")
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := ParseFile(text)
		if err == nil && (sp.Command == "" || sp.Name == "") {
			t.Fatalf("%q: accepted without a command or a name: %+v", text, sp)
		}
	})
}
