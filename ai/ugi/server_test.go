package ugi

import (
	"bufio"
	"context"
	"io"
	"regexp"
	"strings"
	"testing"

	_ "trihex/ai/all" // the games' knowledge, as the app has it
	"trihex/game"
	_ "trihex/game/all"
	"trihex/game/cli"
)

// session is Serve on pipes, read line by line.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func serve(t *testing.T, gameName string, set Settings) *session {
	t.Helper()
	start, err := cli.Start(gameName, "")
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	go func() {
		err := Serve(context.Background(), start, set, inR, outW)
		outW.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

func (s *session) next() string {
	s.t.Helper()
	l, ok := <-s.lines
	if !ok {
		s.t.Fatal("the engine's output ended")
	}
	return l
}

// expect reads the engine's next lines and compares them with want, one a line.
func (s *session) expect(want string) {
	s.t.Helper()
	for _, w := range strings.Split(strings.TrimSpace(want), "\n") {
		if got := s.next(); got != strings.TrimSpace(w) {
			s.t.Fatalf("engine said %q, want %q", got, strings.TrimSpace(w))
		}
	}
}

var infoRE = regexp.MustCompile(`^info depth \d+ nodes \d+ time \d+ nps \d+ score (cp|mate) -?\d+( pv \S+( \S+)*)?$`)

// search reads info lines up to the bestmove, checks each, and returns the
// move and the info lines.
func (s *session) search() (string, []string) {
	s.t.Helper()
	var infos []string
	for {
		l := s.next()
		if m, ok := strings.CutPrefix(l, "bestmove "); ok {
			return m, infos
		}
		if !infoRE.MatchString(l) {
			s.t.Fatalf("not an info line: %q", l)
		}
		infos = append(infos, l)
	}
}

// legal checks that move is legal after moves from the game's start.
func legal(t *testing.T, gameName, moves, move string) {
	t.Helper()
	p, _ := cli.Start(gameName, "")
	for _, w := range strings.Fields(moves + " " + move) {
		m, err := p.ParseMove(w)
		if err == nil {
			err = p.Play(m)
		}
		if err != nil {
			t.Fatalf("%s after %q: %v", move, moves, err)
		}
	}
}

// TestTranscript runs every command of the protocol as a controller sends it
// and reads the engine's answers.
func TestTranscript(t *testing.T) {
	s := serve(t, "attangle", Settings{Level: 1, Threads: 1})
	s.send("ugi")
	s.expect(`
		id name Trihex
		id author the Trihex authors
		option name level type spin default 1 min 1 max 6
		option name threads type spin default 1 min 1 max 64
		option name hash type spin default 256 min 1 max 4096
		option name game type combo default Attangle var Abande var Andantino var Attangle
		option name stalemate type combo default draw var draw var loss
		ugiok`)
	s.send("isready")
	s.expect("readyok")
	s.send("setoption name hash value 16")
	s.send("setoption name Threads value 2")
	s.send("setoption name level value 9")
	s.expect(`info string option level: value "9": want 1 to 6`)
	s.send("setoption name colour value blue")
	s.expect(`info string unknown option "colour"`)
	s.send("setoption name stalemate value loss")
	s.send("setoption name stalemate value maybe")
	s.expect(`info string game: Attangle option stalemate has no value "maybe" (values: draw, loss)`)
	s.send("uginewgame")
	s.send("position startpos")
	s.send("query p1turn")
	s.expect("response true")
	s.send("query gameover")
	s.expect("response false")
	s.send("query result")
	s.expect("response none")
	s.send("query score")
	s.expect(`
		info string query: unknown question "score" (gameover, p1turn, result)
		response none`)

	// A search of each kind, each answered with a legal move.
	s.send("position startpos moves a1 c6")
	s.send("query p1turn")
	s.expect("response true")
	s.send("go nodes 300")
	m, infos := s.search()
	legal(t, "attangle", "a1 c6", m)
	if len(infos) == 0 {
		t.Error("go nodes: no info line before bestmove")
	}
	s.send("go movetime 50")
	m, _ = s.search()
	legal(t, "attangle", "a1 c6", m)
	s.send("go p1time 2000 p2time 2000 p1inc 10 p2inc 10")
	m, _ = s.search()
	legal(t, "attangle", "a1 c6", m)
	s.send("go wtime 500 btime 500 movestogo 5")
	m, _ = s.search()
	legal(t, "attangle", "a1 c6", m)
	s.send("go depth 2")
	s.expect("info string depth limits only the alpha-beta search (Andantino's placement game); elsewhere the search runs until stop")
	s.send("stop")
	m, _ = s.search()
	legal(t, "attangle", "a1 c6", m)

	// go infinite answers only after stop, however soon its search ends.
	s.send("go infinite")
	if l := s.next(); !infoRE.MatchString(l) {
		t.Fatalf("go infinite: %q", l)
	}
	s.send("isready") // answered while it searches
	for l := s.next(); l != "readyok"; l = s.next() {
		if !infoRE.MatchString(l) {
			t.Fatalf("go infinite: %q", l)
		}
	}
	s.send("go nodes 10")
	for l := s.next(); l != "info string a search is running: stop it first"; l = s.next() {
		if !infoRE.MatchString(l) {
			t.Fatalf("go during a search: %q", l)
		}
	}
	s.send("stop")
	m, _ = s.search()
	legal(t, "attangle", "a1 c6", m)

	// Refusals, each said in an info string; a go after a refused position
	// is answered at once, with no move.
	s.send("position fen 3/4/5 w")
	s.expect(`info string position fen: Attangle has no position string; send position startpos moves …`)
	s.send("go nodes 100")
	s.expect(`
		info string go: no position (the last position command was refused)
		bestmove none`)
	s.send("position startpos moves a1 a1")
	s.expect(`info string position: move 2 "a1": attangle: illegal move "a1": a1 is occupied`)
	s.send("position startpos moves a1 z9")
	s.expect(`info string position: move 2 "z9": attangle: bad move "z9": not a point (a placement is a point such as c3, a capture a1,c3-b2)`)
	s.send("position somewhere")
	s.expect(`info string position wants startpos or fen, not "somewhere"`)
	s.send("go ponder")
	s.expect(`
		info string go ponder is not supported
		bestmove none`)
	s.send("go movetime soon")
	s.expect(`
		info string go: movetime "soon": want a whole number from 0
		bestmove none`)
	s.send("fly")
	s.expect(`info string unknown command "fly"`)
	s.send("setoption value 3")
	s.expect(`info string setoption wants: setoption name NAME value VALUE`)

	// A finished game: the queries say how it ended, go has no move.
	moves := finished(t, "attangle")
	s.send("position startpos moves " + moves)
	s.send("query gameover")
	s.expect("response true")
	s.send("query result")
	if l := s.next(); l != "response p1win" && l != "response p2win" && l != "response draw" {
		t.Fatalf("query result on a finished game: %q", l)
	}
	s.send("go nodes 100")
	if l := s.next(); !strings.HasPrefix(l, "info string go: the game is over (") {
		t.Fatalf("go on a finished game: %q", l)
	}
	s.expect("bestmove none")

	// Another game: its moves are read by its rules.
	s.send("setoption name game value chess")
	s.expect(`info string option game: game: unknown game "chess" (known: Abande, Andantino, Attangle)`)
	s.send("setoption name game value andantino")
	s.send("position startpos moves 0,1")
	s.send("query p1turn")
	s.expect("response false")
	s.send("go nodes 2000")
	m, _ = s.search()
	legal(t, "andantino", "0,1", m)

	s.send("quit")
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

// finished is a random game of gameName played to its end, as a move list.
func finished(t *testing.T, gameName string) string {
	p, _ := cli.Start(gameName, "")
	r := game.NewRand(7)
	var words []string
	for !p.Result().Over {
		ms := p.LegalMoves(nil)
		m := ms[r.Intn(len(ms))]
		words = append(words, p.FormatMove(m))
		p.Apply(m)
	}
	return strings.Join(words, " ")
}

// TestAlphaBetaDepth: in Andantino's placement game go depth stops at that
// depth, and the info lines count alpha-beta's depth and nodes.
func TestAlphaBetaDepth(t *testing.T) {
	s := serve(t, "andantino", Settings{Level: 5, Threads: 1})
	s.send("position startpos moves 0,1")
	s.send("go depth 3")
	m, infos := s.search()
	legal(t, "andantino", "0,1", m)
	last := infos[len(infos)-1]
	if !strings.HasPrefix(last, "info depth 3 ") {
		t.Errorf("go depth 3: last info %q", last)
	}
	s.send("quit")
	<-s.done
}

// TestEndOfInput: the session ends at the end of its input, a search stopped.
func TestEndOfInput(t *testing.T) {
	s := serve(t, "abande", Settings{Level: 1, Threads: 1})
	s.send("position startpos")
	s.send("go infinite")
	s.next()
	s.in.Close()
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

func FuzzParseCommand(f *testing.F) {
	for _, l := range []string{"ugi", "isready", "setoption name hash value 16", "setoption name", "position startpos moves a1 c6",
		"position fen x y moves", "go p1time 10 p2time 20 p1inc 1 p2inc 1", "go movetime", "go nodes -1", "go depth 99999999999999999999",
		"query p1turn", "query", "stop", "quit", "\x00\xff go", "go infinite wtime 5"} {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := parseCommand(line)
		if err != nil {
			return
		}
		if c.search.nodes < 0 || c.search.depth < 0 || c.search.moveTime < 0 || c.search.time[0] < 0 || c.search.time[1] < 0 {
			t.Fatalf("%q: negative limit %+v", line, c.search)
		}
	})
}

// FuzzServe: no input makes the engine panic or hang; every go is answered.
func FuzzServe(f *testing.F) {
	f.Add("ugi\nisready\nposition startpos moves a1\ngo nodes 50\nquery result\n")
	f.Add("go infinite\nstop\ngo movetime 5\n")
	f.Add("setoption name level value 2\nuginewgame\nposition fen x\ngo depth 1\nstop\n")
	f.Add("position startpos moves a1 c6 b2\nsetoption name stalemate value loss\ngo wtime 10 btime 10\n")
	start, _ := cli.Start("attangle", "")
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 4096 {
			return
		}
		var out strings.Builder
		if err := Serve(context.Background(), start, Settings{Level: 1, Threads: 1}, strings.NewReader(input), &out); err != nil {
			return
		}
		goes, answers := 0, strings.Count(out.String(), "bestmove ")
		for l := range strings.SplitSeq(input, "\n") {
			if w := strings.Fields(l); len(w) > 0 && w[0] == "go" {
				goes++
			}
		}
		if answers > goes {
			t.Fatalf("%d bestmoves for %d go commands:\n%s", answers, goes, out.String())
		}
	})
}
