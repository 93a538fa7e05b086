package input

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/save"
)

// The session's clock in fake time: time.Sleep in a synctest bubble moves
// time.Now, which the session reads, on at once.

// clockSession is a game of name under ctl, made in the bubble.
func clockSession(t *testing.T, name string, seats [2]Seat, ctl clock.Control) *Session {
	t.Helper()
	info, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSession(info, nil, seats, nil)
	st := &stubs{answered: make(chan struct{}, 100)}
	s.Computer.NewEngine = st.make
	if err := s.SetTimeControl(ctl); err != nil {
		t.Fatal(err)
	}
	return s
}

func left(t *testing.T, s *Session, p game.Player, want time.Duration) {
	t.Helper()
	if got := s.Clock.Remaining(p); got != want {
		t.Fatalf("side %d has %v, want %v", p, got, want)
	}
}

// Each move presses the clock and stamps its node; undo and redo restore the
// clocks of the position they reach.
func TestSessionClockUndo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := clockSession(t, "Attangle", [2]Seat{human, human}, clock.FischerControl(time.Minute, 2*time.Second))
		defer s.Close()
		if s.Tags[len(s.Tags)-1] != (save.Tag{Name: "TimeControl", Value: "60+2"}) {
			t.Fatalf("tags %v", s.Tags)
		}
		time.Sleep(time.Hour) // before the first moves: free
		play(t, s, "a1")
		play(t, s, "g1")
		time.Sleep(10 * time.Second)
		play(t, s, "d1")
		left(t, s, game.First, 52*time.Second)
		time.Sleep(5 * time.Second)
		play(t, s, "a4")
		left(t, s, game.Second, 57*time.Second)
		if st := s.Match.LiveNode().Clock; st.Left != 57*time.Second || !st.Set {
			t.Fatalf("a4's stamp %+v", st)
		}
		time.Sleep(3 * time.Second)
		s.Undo() // back after d1: Black to move with the minute it had
		left(t, s, game.First, 52*time.Second)
		left(t, s, game.Second, time.Minute)
		time.Sleep(time.Second)
		left(t, s, game.Second, 59*time.Second)
		s.Redo()
		left(t, s, game.Second, 57*time.Second)
		left(t, s, game.First, 52*time.Second)
		if err := s.SetTimeControl(clock.Control{}); err == nil {
			t.Fatal("the time control changed mid-game")
		}
		left, inc, ok := s.TimeFor(game.First)
		if !ok || left != 52*time.Second || inc != 2*time.Second {
			t.Fatalf("TimeFor: %v %v %v", left, inc, ok)
		}
	})
}

// The flag falls at exactly zero and Tick reports it: the game is lost on time,
// written so, and no undo brings it back.
func TestSessionFlag(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := clockSession(t, "Attangle", [2]Seat{human, human}, clock.FischerControl(time.Minute, 0))
		defer s.Close()
		play(t, s, "a1", "g1")
		time.Sleep(time.Minute - time.Millisecond)
		if evs := s.Tick(true); len(evs) != 0 {
			t.Fatalf("early: %+v", evs)
		}
		time.Sleep(time.Millisecond)
		evs := s.Tick(true)
		want := game.Ended(game.TimeForfeit, game.Second)
		if len(evs) != 1 || evs[0].Kind != GameOver || evs[0].Result != want || s.Result() != want {
			t.Fatalf("flag: %+v", evs)
		}
		if s.CanUndo() || s.Undo() != nil || s.InputState() != nil || s.CanPause() {
			t.Fatal("a flagged game goes on")
		}
		rec, err := s.Record()
		if err != nil || !strings.Contains(rec, "[Result \"black\"]\n[Termination \"time forfeit\"]\n[TimeControl \"60+0\"]") ||
			!strings.Contains(rec, "1. a1 {[%clk 0:01:00]} 1... g1 {[%clk 0:01:00]}") {
			t.Fatalf("record (%v):\n%s", err, rec)
		}
		// Read back, the flag shows again.
		g, err := save.Read(strings.NewReader(rec))
		if err != nil {
			t.Fatal(err)
		}
		back := SessionFromGame(g, 3, nil)
		defer back.Close()
		if back.Result() != want || back.Clock.Flag() != game.First || back.Clock.Remaining(game.First) != 0 {
			t.Fatalf("read back: %+v", back.Result())
		}
	})
}

// A move made after the flag fell, before any Tick saw it, is not played: the
// game is lost on time.
func TestSessionMoveAfterFlag(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := clockSession(t, "Abande", [2]Seat{human, human}, clock.ByoYomiControl(0, 2, 5*time.Second))
		defer s.Close()
		play(t, s, "d4", "d5")
		time.Sleep(9 * time.Second) // a period spent, 4 s into the last
		play(t, s, "c4")
		if st := s.Match.LiveNode().Clock; st.Left != 0 || st.Periods != 1 {
			t.Fatalf("c4's stamp: %+v", st)
		}
		time.Sleep(4 * time.Second)
		play(t, s, "c5")
		time.Sleep(5 * time.Second)
		evs := s.Play(choice(t, s, "e4"))
		if len(evs) != 1 || evs[0].Kind != GameOver || evs[0].Result.Termination != game.TimeForfeit || s.Match.Len() != 4 {
			t.Fatalf("late move: %+v", evs)
		}
	})
}

// Space pauses a game at this screen: the clock stands and the board waits.
func TestSessionPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := clockSession(t, "Attangle", [2]Seat{human, human}, clock.FischerControl(time.Minute, 0))
		defer s.Close()
		play(t, s, "a1", "g1")
		time.Sleep(time.Second)
		if !s.CanPause() {
			t.Fatal("cannot pause")
		}
		if evs := s.TogglePause(); len(evs) != 1 || evs[0].Kind != PauseChanged || !s.Paused() || s.InputState() != nil {
			t.Fatalf("pause: %+v", evs)
		}
		time.Sleep(time.Hour)
		if evs := s.Tick(true); len(evs) != 0 {
			t.Fatalf("paused tick: %+v", evs)
		}
		left(t, s, game.First, 59*time.Second)
		s.TogglePause()
		time.Sleep(time.Second)
		left(t, s, game.First, 58*time.Second)
		if s.InputState() == nil {
			t.Fatal("the board waits after resuming")
		}
		// Without a clock and without the computer, nothing to pause.
		plain, _, _ := newTestSession(t, "Attangle", [2]Seat{human, human})
		if plain.CanPause() || plain.TogglePause() != nil {
			t.Fatal("a plain game pauses")
		}
	})
}

// Against the computer the pause is the computer's own: Space on either side
// stops both it and the clock.
func TestSessionPauseWithComputer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := clockSession(t, "Attangle", [2]Seat{human, comp}, clock.FischerControl(time.Minute, 0))
		defer s.Close()
		play(t, s, "a1")
		s.Computer.TogglePause() // as the window's Space does today
		s.Tick(true)
		if !s.Paused() || !s.Clock.Paused() {
			t.Fatal("the computer's pause does not stop the clock")
		}
		s.TogglePause()
		if s.Paused() || s.Computer.Paused || s.Clock.Paused() {
			t.Fatal("resumed, but paused")
		}
	})
}

// A game saved mid-way resumes with its clocks, paused until Space.
func TestSessionClockSaveLoad(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := clockSession(t, "Andantino", [2]Seat{human, human}, clock.FischerControl(3*time.Minute, 2*time.Second))
		defer s.Close()
		play(t, s, "1,-1", "2,-1")
		time.Sleep(7*time.Second + 300*time.Millisecond)
		play(t, s, "0,1")
		time.Sleep(11 * time.Second)
		play(t, s, "-1,1")
		rec, err := s.Record()
		if err != nil {
			t.Fatal(err)
		}
		g, err := save.Read(strings.NewReader(rec))
		if err != nil {
			t.Fatal(err)
		}
		back := SessionFromGame(g, 3, nil)
		defer back.Close()
		if back.Clock == nil || !back.Paused() || back.InputState() != nil {
			t.Fatal("opened without its clock, or running")
		}
		left(t, back, game.First, 3*time.Minute-6*time.Second) // 174.7 s, written 0:02:54
		left(t, back, game.Second, 3*time.Minute-9*time.Second)
		time.Sleep(time.Hour)
		back.TogglePause()
		time.Sleep(4 * time.Second)
		left(t, back, game.First, 3*time.Minute-10*time.Second)
		if again, _ := back.Record(); again != rec {
			t.Errorf("written again:\n%s\nwas\n%s", again, rec)
		}
	})
}

// Against a remote person the clock here decides nothing: its flag is reported
// once, for the network to claim; a move after it still stands; the
// authority's clocks come with SyncClock, and its verdict with End.
func TestSessionRemoteClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := clockSession(t, "Attangle", [2]Seat{human, remote}, clock.FischerControl(10*time.Second, time.Second))
		defer s.Close()
		s.PlayMove(choice(t, s, "a1").Move)
		s.PlayMove(choice(t, s, "g1").Move) // as the network plays it
		time.Sleep(10 * time.Second)
		evs := s.Tick(true)
		if len(evs) != 1 || evs[0].Kind != ClockFlagged || evs[0].Side != game.First || s.Result().Over {
			t.Fatalf("flag: %+v", evs)
		}
		if evs := s.Tick(true); len(evs) != 0 {
			t.Fatalf("the flag reported twice: %+v", evs)
		}
		// The relay saw the move in time: it stands, and its clocks come.
		if evs := s.PlayMove(choice(t, s, "d1").Move); len(evs) != 1 || evs[0].Kind != MovePlayed {
			t.Fatalf("a move after the flag shown here: %+v", evs)
		}
		snap := s.Clock.Snapshot()
		snap.Sides[game.First].Main = 2500 * time.Millisecond
		if err := s.SyncClock(snap); err != nil {
			t.Fatal(err)
		}
		if st := s.Match.LiveNode().Clock; st.Left != 2500*time.Millisecond || s.Clock.Remaining(game.First) != 2500*time.Millisecond {
			t.Fatalf("synced: %+v", st)
		}
		bad := snap
		bad.ToMove = 7
		if s.SyncClock(bad) == nil {
			t.Fatal("a bad snapshot synced")
		}
		if s.End(game.Ended(game.Resignation, game.NoPlayer)) != nil || s.End(game.Result{Over: true, Winner: game.First, Reason: "x"}) != nil {
			t.Fatal("End took an end it cannot be")
		}
		evs = s.End(game.Ended(game.Abandoned, game.First))
		if len(evs) != 1 || evs[0].Kind != GameOver || s.ResultText() != "Black abandoned the game" {
			t.Fatalf("abandoned: %+v %q", evs, s.ResultText())
		}
		if s.End(game.Ended(game.TimeForfeit, game.Second)) != nil {
			t.Fatal("ended twice")
		}
	})
}

// The computer reads its side's time off the game's clock when it begins to
// think: what is left of the main time, the increment, byo-yomi's periods; no
// clock, none.
func TestSessionComputerClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := clockSession(t, "Attangle", [2]Seat{human, human}, clock.FischerControl(time.Minute, 2*time.Second))
		defer s.Close()
		play(t, s, "a1", "g1")
		time.Sleep(15 * time.Second)
		c, ok := s.Computer.Clock(game.First)
		if !ok || c.Left != 45*time.Second || c.Increment != 2*time.Second {
			t.Errorf("White after 15 s of its turn: %+v, %v", c, ok)
		}
		if c, ok := s.Computer.Clock(game.Second); !ok || c.Left != time.Minute {
			t.Errorf("Black, waiting: %+v, %v", c, ok)
		}
		byo := clockSession(t, "Attangle", [2]Seat{human, human}, clock.ByoYomiControl(0, 3, 10*time.Second))
		defer byo.Close()
		if c, ok := byo.Computer.Clock(game.First); !ok || c.Periods != 3 || c.Period != 10*time.Second {
			t.Errorf("byo-yomi: %+v, %v", c, ok)
		}
		none := clockSession(t, "Attangle", [2]Seat{human, human}, clock.Control{})
		defer none.Close()
		if _, ok := none.Computer.Clock(game.First); ok {
			t.Error("a game without a clock gives the computer one")
		}
	})
}
