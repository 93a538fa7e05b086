package ugi

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"trihex/game"
)

// The ways an external engine fails. Every error of a Client wraps one of
// them (errors.Is), with the details in its text; after any of them the
// engine's process is killed and the Client answers nothing more.
var (
	ErrStart   = errors.New("could not be started")
	ErrSilent  = errors.New("stopped answering")
	ErrCrashed = errors.New("quit or crashed")
	ErrIllegal = errors.New("played a move that is not legal")
	ErrGarbage = errors.New("sent something that is not UGI")
	ErrRefused = errors.New("cannot play this game")
)

// Error is a failure of an external engine.
type Error struct {
	Engine string // its name
	Kind   error  // ErrSilent, ErrCrashed, …
	Detail string
}

func (e *Error) Error() string {
	s := fmt.Sprintf("ugi: engine %q %v", e.Engine, e.Kind)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

func (e *Error) Unwrap() error { return e.Kind }

// Option is one engine option as the engine announces it.
type Option struct {
	Name, Type, Default string
}

// Timeouts bound every wait on an engine. A zero field takes its default.
type Timeouts struct {
	Handshake time.Duration // ugiok, and readyok after the options: 10 s
	Grace     time.Duration // beyond a move's own time (movetime, a clock), before it is judged silent: 5 s
	Move      time.Duration // a move with no time of its own (go nodes, go depth): 60 s
	Quit      time.Duration // after quit, before the process is killed: 2 s
}

func (t Timeouts) withDefaults() Timeouts {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&t.Handshake, 10*time.Second)
	def(&t.Grace, 5*time.Second)
	def(&t.Move, 60*time.Second)
	def(&t.Quit, 2*time.Second)
	return t
}

// maxUnknown is how many lines in a row an engine may send that UGI does not
// know (engines print notes of their own) before it is judged to talk garbage.
const maxUnknown = 100

// Client is an external engine's process, spoken to in UGI. Its methods are
// called from one goroutine, except Close, which may be called from any at
// any time and makes a running call return.
type Client struct {
	Name    string   // the engine's id name, or its command
	Author  string   // its id author, or ""
	Options []Option // the options it announced

	cmd      *exec.Cmd
	stdin    io.WriteCloser
	lines    chan string // the engine's lines; closed when its output ends
	readErr  error       // why the output ended, set before lines is closed
	stderr   *tailBuffer
	exited   chan struct{} // closed once the process has been waited for
	dying    chan struct{} // closed by kill: the reader drops what is left
	dieOnce  sync.Once
	timeouts Timeouts

	mu     sync.Mutex
	failed error // the first failure; the client is dead after it
	closed bool
}

// Dial starts the engine command line (words split as a shell would, with
// quotes; "trihex" is this program when it is not on the PATH), sends ugi and
// waits for ugiok, sets the options (name to value, in order), and waits for
// readyok. An engine that fails any of it is killed.
func Dial(ctx context.Context, command string, options [][2]string, t Timeouts) (*Client, error) {
	t = t.withDefaults()
	argv, err := splitCommand(command)
	if err != nil {
		return nil, &Error{Engine: command, Kind: ErrStart, Detail: err.Error()}
	}
	path, err := exec.LookPath(argv[0])
	if err != nil && argv[0] == "trihex" {
		path, err = os.Executable()
	}
	if err != nil {
		return nil, &Error{Engine: command, Kind: ErrStart, Detail: err.Error()}
	}
	cmd := exec.Command(path, argv[1:]...)
	ownGroup(cmd)
	c := &Client{Name: command, cmd: cmd, lines: make(chan string, 256), stderr: &tailBuffer{}, exited: make(chan struct{}), dying: make(chan struct{}), timeouts: t}
	cmd.Stderr = c.stderr
	c.stdin, err = cmd.StdinPipe()
	var out io.ReadCloser
	if err == nil {
		out, err = cmd.StdoutPipe()
	}
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		return nil, &Error{Engine: command, Kind: ErrStart, Detail: err.Error()}
	}
	go func() {
		// Wait closes the output pipe: only once everything is read.
		c.read(out)
		_ = cmd.Wait()
		close(c.exited)
	}()
	if err := c.handshake(ctx, options); err != nil {
		c.kill() // a cancelled handshake leaves no process behind either
		return nil, err
	}
	return c, nil
}

// handshake is ugi … ugiok, the options, isready … readyok.
func (c *Client) handshake(ctx context.Context, options [][2]string) error {
	if err := c.send("ugi"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.timeouts.Handshake)
	for {
		l, err := c.next(ctx, deadline, c.timeouts.Handshake, "ugiok")
		if err != nil {
			return err
		}
		w := strings.Fields(l)
		switch {
		case l == "ugiok":
			goto options
		case len(w) >= 3 && w[0] == "id" && w[1] == "name":
			c.Name = strings.Join(w[2:], " ")
		case len(w) >= 3 && w[0] == "id" && w[1] == "author":
			c.Author = strings.Join(w[2:], " ")
		case len(w) >= 2 && w[0] == "option":
			c.Options = append(c.Options, parseOption(w[1:]))
		}
	}
options:
	for _, o := range options {
		if err := c.send("setoption name " + o[0] + " value " + o[1]); err != nil {
			return err
		}
	}
	return c.ready(ctx)
}

// ready is isready … readyok.
func (c *Client) ready(ctx context.Context) error {
	if err := c.send("isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.timeouts.Handshake)
	for {
		l, err := c.next(ctx, deadline, c.timeouts.Handshake, "readyok")
		if err != nil || l == "readyok" {
			return err
		}
	}
}

// parseOption reads "name N… type T default D …".
func parseOption(w []string) Option {
	var o Option
	field := ""
	var parts []string
	flush := func() {
		v := strings.Join(parts, " ")
		switch field {
		case "name":
			o.Name = v
		case "type":
			o.Type = v
		case "default":
			o.Default = v
		}
		parts = parts[:0]
	}
	for _, x := range w {
		switch x {
		case "name", "type", "default", "min", "max", "var":
			flush()
			field = x
		default:
			parts = append(parts, x)
		}
	}
	flush()
	return o
}

// HasOption reports whether the engine announced an option of that name
// (in any case).
func (c *Client) HasOption(name string) bool {
	for _, o := range c.Options {
		if strings.EqualFold(o.Name, name) {
			return true
		}
	}
	return false
}

// NewGame starts a new game: uginewgame, then isready … readyok.
func (c *Client) NewGame(ctx context.Context) error {
	if err := c.send("uginewgame"); err != nil {
		return err
	}
	return c.ready(ctx)
}

// Limits is what a move may cost. Go, when not empty, is sent as it is
// ("movetime 2000"); otherwise the first of MoveTime, Clock, Nodes that is
// set.
type Limits struct {
	Go       string
	MoveTime time.Duration
	Clock    bool             // Time and Inc are the sides' clocks
	Time     [2]time.Duration // what each side has left
	Inc      [2]time.Duration
	Nodes    int
}

// goLine is the go command and how long the engine may take to answer it
// before the grace (0: no time of its own).
func (l Limits) goLine(side game.Player) (string, time.Duration) {
	switch {
	case l.Go != "":
		g, _ := parseGo(strings.Fields(l.Go))
		own := g.moveTime
		if g.clock {
			own = g.time[side]
		}
		return "go " + l.Go, own
	case l.MoveTime > 0:
		return fmt.Sprintf("go movetime %d", l.MoveTime.Milliseconds()), l.MoveTime
	case l.Clock:
		return fmt.Sprintf("go p1time %d p2time %d p1inc %d p2inc %d", l.Time[0].Milliseconds(), l.Time[1].Milliseconds(),
			l.Inc[0].Milliseconds(), l.Inc[1].Milliseconds()), l.Time[side]
	case l.Nodes > 0:
		return fmt.Sprintf("go nodes %d", l.Nodes), 0
	}
	return "go movetime 1000", time.Second
}

// Move asks the engine for its move after moves from start (the game's start
// position, whose rules options the engine was given) and checks it with the
// rules. A cancelled ctx sends stop and takes the engine's answer, if it
// comes within the grace.
func (c *Client) Move(ctx context.Context, start game.State, moves []game.Move, lim Limits) (game.Move, error) {
	pos := start.Clone()
	words := make([]string, 0, len(moves)+3)
	words = append(words, "position", "startpos")
	if len(moves) > 0 {
		words = append(words, "moves")
	}
	for _, m := range moves {
		words = append(words, pos.FormatMove(m))
		if err := pos.Play(m); err != nil {
			return game.Move{}, fmt.Errorf("ugi: the game's own move list: %w", err)
		}
	}
	if pos.Result().Over {
		return game.Move{}, fmt.Errorf("ugi: the game is over")
	}
	if err := c.send(strings.Join(words, " ")); err != nil {
		return game.Move{}, err
	}
	goCmd, own := lim.goLine(pos.ToMove())
	if err := c.send(goCmd); err != nil {
		return game.Move{}, err
	}
	wait := own + c.timeouts.Grace
	if own == 0 {
		wait = c.timeouts.Move
	}
	deadline := time.Now().Add(wait)
	stopped := false
	for {
		l, err := c.next(ctx, deadline, wait, "bestmove")
		if err != nil && ctx.Err() != nil && !stopped {
			// Cancelled: stop, and take the answer if it comes in time.
			stopped = true
			if err := c.send("stop"); err != nil {
				return game.Move{}, err
			}
			ctx = context.Background()
			wait = c.timeouts.Grace
			deadline = time.Now().Add(wait)
			continue
		}
		if err != nil {
			return game.Move{}, err
		}
		w := strings.Fields(l)
		if len(w) == 0 || w[0] != "bestmove" {
			continue
		}
		if len(w) < 2 || w[1] == "none" || w[1] == "0000" || w[1] == "(none)" {
			return game.Move{}, c.fail(ErrIllegal, fmt.Sprintf("it gave no move (%q) where %s has legal moves", l, pos.Info().Players[pos.ToMove()]))
		}
		m, err := pos.ParseMove(w[1])
		if err == nil && !pos.IsLegal(m) {
			err = pos.Play(m) // the rules' own words for why
		}
		if err != nil {
			return game.Move{}, c.fail(ErrIllegal, fmt.Sprintf("%q: %v", w[1], err))
		}
		return m, nil
	}
}

// next is the engine's next line, once it comes before deadline. An info
// line or a line UGI does not know is returned too: the caller skips what it
// does not wait for; more than maxUnknown unknown lines in a row is garbage.
func (c *Client) next(ctx context.Context, deadline time.Time, within time.Duration, waiting string) (string, error) {
	if err := c.dead(); err != nil {
		return "", err
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	unknown := 0
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return "", c.crashed()
			}
			if known(l) {
				return l, nil
			}
			if unknown++; unknown > maxUnknown {
				return "", c.fail(ErrGarbage, fmt.Sprintf("%d lines that are not UGI while waiting for %s, the last %q", unknown, waiting, clip(l)))
			}
		case <-timer.C:
			return "", c.fail(ErrSilent, fmt.Sprintf("no %s within %v", waiting, within))
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

// known reports whether l is a line an engine may send.
func known(l string) bool {
	w, _, _ := strings.Cut(l, " ")
	switch w {
	case "id", "option", "ugiok", "uciok", "readyok", "info", "bestmove", "response":
		return true
	}
	return false
}

// crashed is the failure of an engine whose output ended.
func (c *Client) crashed() error {
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return c.fail(ErrCrashed, "it was closed")
	}
	if c.readErr != nil {
		return c.fail(ErrGarbage, c.readErr.Error())
	}
	// The process has ended or is ending: wait a little for its status.
	select {
	case <-c.exited:
	case <-time.After(c.timeouts.Quit):
	}
	detail := "its output ended"
	if st := c.cmd.ProcessState; st != nil {
		detail = st.String()
	}
	if tail := c.stderr.String(); tail != "" {
		detail += "; it said: " + tail
	}
	return c.fail(ErrCrashed, detail)
}

// fail records the engine's first failure, kills it, and returns the failure.
func (c *Client) fail(kind error, detail string) error {
	c.mu.Lock()
	if c.failed == nil {
		c.failed = &Error{Engine: c.Name, Kind: kind, Detail: detail}
	}
	err := c.failed
	c.mu.Unlock()
	c.kill()
	return err
}

// dead is the failure that ended the engine, or nil.
func (c *Client) dead() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.failed
}

// Err is the failure that ended the engine, or nil while it plays.
func (c *Client) Err() error { return c.dead() }

// send writes one line to the engine.
func (c *Client) send(line string) error {
	if err := c.dead(); err != nil {
		return err
	}
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		return c.crashed()
	}
	return nil
}

// read passes the engine's lines on until its output ends or it sends
// something no line is: a line over maxLine bytes, or bytes that are not text.
func (c *Client) read(out io.Reader) {
	defer close(c.lines)
	r := bufio.NewReaderSize(out, 64<<10)
	for {
		line, err := readLine(r)
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, os.ErrClosed) {
				c.readErr = err
			}
			return
		}
		select {
		case c.lines <- line:
		case <-c.dying:
			// Killed: read on to the end of the output, which the kill brings.
		}
	}
}

// readLine reads one line, without its end, checking that it is text.
func readLine(r *bufio.Reader) (string, error) {
	var buf []byte
	for {
		part, more, err := r.ReadLine()
		if err != nil {
			return "", err
		}
		buf = append(buf, part...)
		if len(buf) > maxLine {
			return "", fmt.Errorf("a line of more than %d bytes", maxLine)
		}
		if !more {
			break
		}
	}
	if !utf8.Valid(buf) || bytes.ContainsFunc(buf, func(r rune) bool { return r < ' ' && r != '\t' }) {
		return "", fmt.Errorf("bytes that are not text: %q", clip(string(buf)))
	}
	return string(buf), nil
}

// Close ends the engine: quit, then a kill if it has not exited within the
// quit timeout. It may be called more than once, and from any goroutine.
func (c *Client) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	alive := c.failed == nil
	c.mu.Unlock()
	if alive {
		_, _ = io.WriteString(c.stdin, "quit\n")
	}
	_ = c.stdin.Close()
	select {
	case <-c.exited:
	case <-time.After(c.timeouts.Quit):
	}
	c.kill()
	return nil
}

// kill ends the process at once and waits for it to be reaped.
func (c *Client) kill() {
	select {
	case <-c.exited:
		return
	default:
	}
	c.dieOnce.Do(func() { close(c.dying) })
	killGroup(c.cmd)
	_ = c.stdin.Close()
	<-c.exited
}

// clip shortens an engine's words for a message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// tailBuffer keeps the last bytes an engine wrote to its standard error, for
// the message when it crashes.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 400 {
		t.buf = t.buf[len(t.buf)-400:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(strings.ToValidUTF8(string(t.buf), "?")), " ")
}

// splitCommand splits a command line into words as a shell would: spaces
// separate, single and double quotes group, a backslash escapes the next
// character (outside single quotes).
func splitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\\':
			escaped, inWord = true, true
		case quote == '"':
			if r == '"' {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("no command")
	}
	return words, nil
}
