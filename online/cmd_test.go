package online

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/game/cli"
	"trihex/online/proto"
	"trihex/online/relay"
)

// TestMain lets a test run this test binary as trihex serve or trihex bot (a real
// process, for the tests that kill one): TRIHEX_TEST_RUN names the command and
// TRIHEX_TEST_ARGS holds its arguments as a JSON list.
func TestMain(m *testing.M) {
	if cmd := os.Getenv("TRIHEX_TEST_RUN"); cmd != "" {
		var args []string
		if err := json.Unmarshal([]byte(os.Getenv("TRIHEX_TEST_ARGS")), &args); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		run := map[string]func([]string, io.Writer, io.Writer) int{"serve": Serve, "bot": Bot}[cmd]
		os.Exit(run(args, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// firstLine runs f with a pipe as stdout and returns the pipe's first line and
// f's exit status (once f returns).
func firstLine(t *testing.T, f func(stdout io.Writer) int) (string, chan int) {
	t.Helper()
	pr, pw := io.Pipe()
	status := make(chan int, 1)
	go func() {
		status <- f(pw)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no first line: %v", err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	return strings.TrimSpace(line), status
}

// botGame plays one game between two trihex bot commands: the host with host's
// arguments, the guest joining with the code it printed. It checks that both
// exit 0 with the same record, which trihex check passes.
func botGame(t *testing.T, g string, host, guest []string) string {
	t.Helper()
	dir := t.TempDir()
	a, b := filepath.Join(dir, "host.trihex"), filepath.Join(dir, "guest.trihex")
	var stderr strings.Builder
	code, hostDone := firstLine(t, func(w io.Writer) int {
		return Bot(append(host, "--host", g, "--level", "1", "--record-out", a, "--timeout", "3m"), w, io.Discard)
	})
	if st := Bot(append(guest, "--join", code, "--level", "1", "--record-out", b, "--timeout", "3m"), io.Discard, &stderr); st != 0 {
		t.Fatalf("%s: the guest bot exited %d: %s", g, st, stderr.String())
	}
	if st := <-hostDone; st != 0 {
		t.Fatalf("%s: the hosting bot exited %d", g, st)
	}
	ra, _ := os.ReadFile(a)
	rb, _ := os.ReadFile(b)
	if len(ra) == 0 || string(ra) != string(rb) {
		t.Fatalf("%s: the records differ:\n%s\n%s", g, ra, rb)
	}
	if st := cli.Check([]string{a, b}, io.Discard, &stderr); st != 0 {
		t.Fatalf("%s: trihex check: %s", g, stderr.String())
	}
	return code
}

// Two bots play a whole game of each game through trihex serve (its store the
// embedded JetStream), and directly, with no relay.
func TestBotsPlayEachGame(t *testing.T) {
	store, err := relay.OpenEmbedded(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx, stop := context.WithCancel(context.Background())
	line, served := firstLine(t, func(w io.Writer) int {
		return cli.Exit(serve(ctx, store, true, "127.0.0.1:0", "", "", w, io.Discard), io.Discard, "")
	})
	url, ok := strings.CutPrefix(line, "listening on ")
	if !ok || !strings.HasPrefix(url, "ws://127.0.0.1:") {
		t.Fatalf("first line %q", line)
	}
	for _, g := range game.Names() {
		code := botGame(t, g, []string{"--server", url}, []string{"--server", url})
		if strings.Contains(code, "://") {
			t.Errorf("a relay's code holds an address: %s", code)
		}
		code = botGame(t, g, []string{"--listen", "127.0.0.1:0"}, nil)
		if !strings.HasPrefix(code, "trihex://127.0.0.1:") {
			t.Errorf("a direct game's code: %s", code)
		}
	}
	stop()
	if st := <-served; st != 0 {
		t.Errorf("serve exited %d", st)
	}
}

func TestBotUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--host", "abande"},
		{"--host", "chess", "--server", "ws://127.0.0.1:1"},
		{"--host", "abande", "--server", "ws://127.0.0.1:1", "--listen", "127.0.0.1:0"},
		{"--join", "7KQ2M9XA-4F8ZJ2P1C6TR0WQE"},
		{"--join", "nonsense", "--server", "ws://127.0.0.1:1"},
		{"--host", "abande", "--server", "ws://127.0.0.1:1", "--clock", "fast"},
		{"--host", "abande", "--server", "ws://127.0.0.1:1", "--level", "9"},
	} {
		var stderr strings.Builder
		if st := Bot(args, io.Discard, &stderr); st != 2 || !strings.Contains(stderr.String(), "usage:") {
			t.Errorf("%q: status %d, %s", args, st, stderr.String())
		}
	}
	for _, args := range [][]string{{"--cert", "x"}, {"--data", "d", "--memory"}, {"--nats", "u", "--memory"}, {"extra"}} {
		if st := Serve(args, io.Discard, io.Discard); st != 2 {
			t.Errorf("serve %q: status %d", args, st)
		}
	}
}

// process runs this test binary as a trihex command; its stdout's first line
// comes back.
type process struct {
	cmd   *exec.Cmd
	first string
}

func startProcess(t *testing.T, name string, args ...string) *process {
	t.Helper()
	b, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "TRIHEX_TEST_RUN="+name, "TRIHEX_TEST_ARGS="+string(b))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	r := bufio.NewReader(out)
	line, err := r.ReadString('\n')
	if err != nil {
		t.Fatalf("%s %q printed no line: %v", name, args, err)
	}
	go func() { _, _ = io.Copy(io.Discard, r) }()
	p.first = strings.TrimSpace(line)
	return p
}

// kill ends the process with SIGKILL, as a crash would.
func (p *process) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait()
}

// pausingMover plays random moves, but before its move at ply at it says so on
// paused and waits for resume.
func pausingMover(seed uint64, at int, paused chan<- struct{}, resume <-chan struct{}) Mover {
	r := randomMover(seed)
	return func(ctx context.Context, v *View) (string, error) {
		if len(v.Moves) == at {
			paused <- struct{}{}
			<-resume
		}
		return r(ctx, v)
	}
}

// The relay is killed with SIGKILL in the middle of a game and started again
// on the same data: both players reconnect by themselves and the game ends with
// every move, the same at both ends.
func TestRelayKilledAndRestarted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the relay as a process")
	}
	data := t.TempDir()
	relay1 := startProcess(t, "serve", "--listen", "127.0.0.1:0", "--data", data)
	url := strings.TrimPrefix(relay1.first, "listening on ")
	cfg := func(c Config) Config {
		c.Dial, c.Key = DialServer(url), NewKey()
		c.PingEvery, c.Resend, c.MaxBackoff = 300*time.Millisecond, 300*time.Millisecond, 300*time.Millisecond
		return c
	}
	host := Start(cfg(Config{Name: "H", Host: &HostGame{Game: "attangle"}}))
	defer host.Close()
	inv, err := proto.ParseInvite(waitInvite(t, host))
	if err != nil {
		t.Fatal(err)
	}
	guest := Start(cfg(Config{Name: "G", Join: &inv}))
	defer guest.Close()
	paused, resume := make(chan struct{}), make(chan struct{})
	vh, vg := playBoth(t, host, guest, pausingMover(1, 12, paused, resume), randomMover(2), func() {
		<-paused
		relay1.kill(t)
		relay2 := startProcess(t, "serve", "--listen", strings.TrimPrefix(url, "ws://"), "--data", data)
		if relay2.first != relay1.first {
			t.Errorf("restarted: %q", relay2.first)
		}
		close(resume)
	})
	sameRecords(t, vh, vg)
	if len(vh.Moves) <= 12 || vh.Result == nil || vh.Result.Termination != "" {
		t.Fatalf("%d moves, %+v", len(vh.Moves), vh.Result)
	}
	if vh.Reconnects == 0 || vg.Reconnects == 0 {
		t.Errorf("reconnections: host %d, guest %d", vh.Reconnects, vg.Reconnects)
	}
}

// playBoth plays a and b's games in goroutines while meanwhile runs here, and
// returns both last views.
func playBoth(t *testing.T, a, b *Client, ma, mb Mover, meanwhile func()) (View, View) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	type res struct {
		v   View
		err error
	}
	ra, rb := make(chan res, 1), make(chan res, 1)
	go func() { v, err := Play(ctx, a, ma); ra <- res{v, err} }()
	go func() { v, err := Play(ctx, b, mb); rb <- res{v, err} }()
	meanwhile()
	x, y := <-ra, <-rb
	if x.err != nil || y.err != nil {
		t.Fatal(x.err, y.err)
	}
	return x.v, y.v
}

// wsServer serves h over WebSocket on loopback and returns its ws:// address.
func wsServer(t *testing.T, h *relay.Hub) string {
	srv := httptest.NewServer(h.Handler())
	t.Cleanup(srv.Close)
	return "ws://" + strings.TrimPrefix(srv.URL, "http://")
}

// startBot runs this test binary as trihex bot.
func startBot(t *testing.T, args []string) *exec.Cmd {
	t.Helper()
	b, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "TRIHEX_TEST_RUN=bot", "TRIHEX_TEST_ARGS="+string(b))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return cmd
}

// A bot killed with SIGKILL in the middle of a game and started again with its
// --state file takes back its seat, and the game ends with every move.
func TestBotKilledAndRestarted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a bot as a process")
	}
	h, err := relay.NewHub(relay.NewMemory(), relay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	url := wsServer(t, h)
	host := Start(Config{Dial: DialServer(url), Key: NewKey(), Name: "H", Host: &HostGame{Game: "abande"}})
	defer host.Close()
	code := waitInvite(t, host)
	dir := t.TempDir()
	state, rec := filepath.Join(dir, "seat.json"), filepath.Join(dir, "bot.trihex")
	args := []string{"--server", url, "--join", code, "--state", state, "--record-out", rec, "--level", "1", "--timeout", "3m"}
	bot := startBot(t, args)
	paused, resume := make(chan struct{}), make(chan struct{})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	var v View
	go func() {
		var err error
		v, err = Play(ctx, host, pausingMover(3, 10, paused, resume))
		done <- err
	}()
	<-paused
	_ = bot.Process.Kill()
	_ = bot.Wait()
	bot = startBot(t, args)
	close(resume)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := bot.Wait(); err != nil {
		t.Fatalf("the restarted bot: %v", err)
	}
	want, _ := Record(&v)
	got, _ := os.ReadFile(rec)
	if string(got) != want || len(v.Moves) <= 10 {
		t.Fatalf("the bot's record:\n%s\nthe host's:\n%s", got, want)
	}
}
