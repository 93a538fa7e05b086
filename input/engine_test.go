package input

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"trihex/game"
)

// scriptedEngine builds ai/ugi's scripted UGI engine into a test folder.
func scriptedEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "scripted")
	if out, err := exec.Command("go", "build", "-o", bin, "../ai/ugi/testdata/scripted").CombinedOutput(); err != nil {
		t.Fatalf("building the scripted engine: %v\n%s", err, out)
	}
	return bin
}

// TestEngineSeat: an external engine plays its side, move by move after the
// person's; one that fails (here by playing its first move again) loses the game by abandoning it, the player is
// told which engine did what, and the game and its moves stay.
func TestEngineSeat(t *testing.T) {
	bin := scriptedEngine(t)
	engine := func(mode string) Seat {
		return Seat{Kind: Engine, Name: "Scripted " + mode, Command: fmt.Sprintf("'%s' -mode %s", bin, mode)}
	}
	s, clk, _ := newTestSession(t, "Attangle", [2]Seat{human, engine("good")})
	play(t, s, "c3")
	computerMoves(t, s, clk)
	play(t, s, "e5")
	computerMoves(t, s, clk)
	if s.Match.Len() != 4 || s.Result().Over {
		t.Fatalf("after two moves each: %s, %+v", texts(s), s.Result())
	}

	s, clk, _ = newTestSession(t, "Attangle", [2]Seat{engine("illegal"), human})
	computerMoves(t, s, clk) // its first move is legal: it plays the first move again
	play(t, s, "e5")
	clk.advance(time.Hour)
	var failed, over *Event
	for end := time.Now().Add(10 * time.Second); over == nil && time.Now().Before(end); time.Sleep(time.Millisecond) {
		for _, e := range s.Tick(true) {
			switch e.Kind {
			case Failed:
				failed = &e
			case GameOver:
				over = &e
			case MovePlayed:
				t.Fatalf("the engine played %s", e.Move.Text)
			}
		}
	}
	if failed == nil || over == nil {
		t.Fatal("no failure and no end")
	}
	first := s.Match.Texts()[0]
	want := fmt.Sprintf(`The engine Scripted illegal played a move that is not legal, so its game ends (%q: attangle: illegal move %q: %s is occupied).`, first, first, first)
	if failed.Err.Error() != want {
		t.Errorf("said %q\nwant %q", failed.Err, want)
	}
	if r := s.Result(); r.Termination != game.Abandoned || r.Winner != game.Second || s.Info.ResultSentence(r) != s.Info.Players[0]+" abandoned the game" {
		t.Errorf("result %+v (%s)", r, s.Info.ResultSentence(r))
	}
	if got := texts(s); got != first+" e5" {
		t.Errorf("moves kept: %q", got)
	}

	// An engine that cannot start is said so, and its game ends the same way.
	s, clk, _ = newTestSession(t, "Attangle", [2]Seat{{Kind: Engine, Name: "Gone", Command: "/no/such/engine"}, human})
	clk.advance(time.Hour)
	var said error
	for end := time.Now().Add(10 * time.Second); !s.Result().Over && time.Now().Before(end); time.Sleep(time.Millisecond) {
		for _, e := range s.Tick(true) {
			if e.Kind == Failed {
				said = e.Err
			}
		}
	}
	if said == nil || !strings.HasPrefix(said.Error(), "The engine Gone could not be started, so its game ends (") || s.Result().Winner != game.Second {
		t.Fatalf("said %v, result %+v", said, s.Result())
	}
}
