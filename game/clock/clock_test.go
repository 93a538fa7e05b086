package clock

import (
	"testing"
	"testing/synctest"
	"time"

	"trihex/game"
)

// The clocks run in fake time: time.Sleep in a synctest bubble moves time.Now
// on exactly, at once.

const (
	first  = game.First
	second = game.Second
)

// started is a clock of ctl after both sides' first moves (which are free):
// the first side's time runs.
func started(t *testing.T, ctl Control) *Clock {
	t.Helper()
	c := New(ctl, nil)
	press(t, c, first)
	press(t, c, second)
	return c
}

func press(t *testing.T, c *Clock, p game.Player) {
	t.Helper()
	if err := c.Press(p); err != nil {
		t.Fatalf("press %d: %v", p, err)
	}
}

func want(t *testing.T, c *Clock, p game.Player, d time.Duration) {
	t.Helper()
	if got := c.Remaining(p); got != d {
		t.Fatalf("side %d: %v left, want %v", p, got, d)
	}
}

// Each side's first move is free: an hour's thought costs nothing, and no
// increment is added.
func TestFirstMovesFree(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(FischerControl(m, 2*s), nil)
		if c.Running() {
			t.Fatal("running before the first move")
		}
		time.Sleep(time.Hour)
		press(t, c, first)
		time.Sleep(time.Hour)
		want(t, c, second, m)
		press(t, c, second)
		want(t, c, first, m)
		want(t, c, second, m)
		if !c.Running() || c.ToMove() != first {
			t.Fatal("the first side's clock does not run after both first moves")
		}
		if err := c.Press(second); err != ErrTurn {
			t.Fatalf("pressing out of turn: %v", err)
		}
	})
}

// The flag falls at exactly zero: a nanosecond before, the side may still move.
func TestFlagAtExactlyZero(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := started(t, FischerControl(10*s, 0))
		time.Sleep(10*s - time.Nanosecond)
		if c.Flag() != game.NoPlayer {
			t.Fatal("flag a nanosecond early")
		}
		want(t, c, first, time.Nanosecond)
		time.Sleep(time.Nanosecond)
		if c.Flag() != first || c.Remaining(first) != 0 || c.Running() {
			t.Fatalf("flag %d, %v left", c.Flag(), c.Remaining(first))
		}
		if err := c.Press(first); err != ErrFlagged {
			t.Fatalf("move after the flag: %v", err)
		}
		time.Sleep(time.Hour)
		want(t, c, second, 10*s)
		if c.Text(first) != "0:00.0" || !c.Low(first) {
			t.Fatalf("flagged clock shows %q", c.Text(first))
		}
		// The same when nobody looked until long after: the flag is exact.
		c = started(t, FischerControl(10*s, 0))
		time.Sleep(time.Minute)
		if err := c.Press(first); err != ErrFlagged || c.Flag() != first {
			t.Fatalf("a late move: %v", err)
		}
	})
}

func TestIncrement(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := started(t, FischerControl(3*m, 2*s))
		time.Sleep(5 * s)
		want(t, c, first, 3*m-5*s)
		press(t, c, first)
		want(t, c, first, 3*m-3*s)
		time.Sleep(500 * time.Millisecond)
		press(t, c, second)
		want(t, c, second, 3*m+1500*time.Millisecond)
		// A quick move gains time.
		press(t, c, first)
		want(t, c, first, 3*m-s)
	})
}

// Byo-yomi: the main time, then periods; a move within a period keeps it, a
// period run out is spent, the last one's end is the flag.
func TestByoYomi(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := started(t, ByoYomiControl(10*s, 3, 5*s))
		time.Sleep(12 * s) // 10 s of main time, 2 s into the first period
		if sd := c.Side(first); sd.Main != 0 || sd.Periods != 3 || sd.Period != 3*s || c.Text(first) != "0:03.0 ×3" {
			t.Fatalf("in the first period: %+v %q", sd, c.Text(first))
		}
		press(t, c, first)
		if sd := c.Side(first); sd.Periods != 3 || sd.Period != 5*s {
			t.Fatalf("after a move in time: %+v", sd)
		}
		press(t, c, second)
		time.Sleep(7 * s) // one period spent, 2 s into the next
		if sd := c.Side(first); sd.Periods != 2 || sd.Period != 3*s || c.UntilFlag(first) != 8*s {
			t.Fatalf("a period spent: %+v", sd)
		}
		time.Sleep(3 * s) // exactly the end of the second: one left, whole
		if sd := c.Side(first); sd.Periods != 1 || sd.Period != 5*s || c.Flag() != game.NoPlayer {
			t.Fatalf("the last period: %+v", sd)
		}
		if !c.Low(first) {
			t.Fatal("5 s before the flag is not low")
		}
		time.Sleep(5 * s)
		if c.Flag() != first {
			t.Fatalf("no flag at the end of the last period: %+v", c.Side(first))
		}
		want(t, c, second, 10*s)
	})
}

func TestCorrespondence(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := started(t, CorrespondenceControl(2))
		time.Sleep(47 * time.Hour)
		if c.Text(first) != "1:00:00" || c.Flag() != game.NoPlayer {
			t.Fatalf("an hour left shows %q", c.Text(first))
		}
		press(t, c, first)
		want(t, c, first, 48*time.Hour) // the next move has its two days again
		if c.Text(first) != "2d 00h" {
			t.Fatalf("%q", c.Text(first))
		}
		time.Sleep(48 * time.Hour)
		if c.Flag() != second {
			t.Fatal("no flag after two days")
		}
	})
}

// Pause stops the side to move's time; Resume runs it on. Pressing while paused
// charges only the time before the pause.
func TestPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := started(t, FischerControl(m, 0))
		time.Sleep(2 * s)
		c.Pause()
		time.Sleep(time.Hour)
		if c.Flag() != game.NoPlayer || c.Running() || !c.Paused() {
			t.Fatal("the paused clock ran")
		}
		want(t, c, first, 58*s)
		c.Resume()
		time.Sleep(s)
		want(t, c, first, 57*s)
		c.Pause()
		press(t, c, first)
		want(t, c, first, 57*s)
		time.Sleep(time.Hour)
		want(t, c, second, m)
		c.Resume()
		time.Sleep(s)
		want(t, c, second, 59*s)
		c.Stop()
		c.Resume()
		time.Sleep(time.Hour)
		if c.Running() || c.Remaining(second) != 59*s || c.Press(second) != ErrStopped {
			t.Fatal("a stopped clock runs")
		}
	})
}

// Undo restores the clocks of the position it returns to: the snapshot taken
// after each move.
func TestUndoRestores(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(FischerControl(m, s), nil)
		snaps := []Snapshot{c.Snapshot()}
		for _, think := range []time.Duration{3 * s, 4 * s, 5 * s, 6 * s, 7 * s} {
			time.Sleep(think)
			press(t, c, c.ToMove())
			snaps = append(snaps, c.Snapshot())
		}
		// First: free, 5 s +1, 7 s +1. Second: free, 6 s +1.
		want(t, c, first, m-10*s)
		want(t, c, second, m-5*s)
		time.Sleep(9 * s)
		if err := c.Restore(snaps[3]); err != nil {
			t.Fatal(err)
		}
		want(t, c, first, m-4*s)
		want(t, c, second, m)
		if c.ToMove() != second || !c.Running() {
			t.Fatal("restored: the side to move's clock does not run")
		}
		time.Sleep(2 * s)
		want(t, c, second, m-2*s)
		if err := c.Restore(snaps[0]); err != nil || c.Running() || c.Remaining(first) != m {
			t.Fatalf("back to the start: %v", err)
		}
	})
}

// A snapshot taken mid-period restores mid-period, and a snapshot survives
// being taken, restored and taken again.
func TestSnapshotRoundTrip(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctl := ByoYomiControl(10*s, 3, 5*s)
		c := started(t, ctl)
		time.Sleep(17 * s) // main spent, one period spent, 2 s into the next
		snap := c.Snapshot()
		if snap.Sides[first] != (Side{Main: 0, Periods: 2, Period: 3 * s, Moved: true}) || snap.ToMove != first {
			t.Fatalf("snapshot %+v", snap)
		}
		d := New(ctl, nil)
		if err := d.Restore(snap); err != nil {
			t.Fatal(err)
		}
		if d.Snapshot() != snap {
			t.Fatalf("restored %+v, want %+v", d.Snapshot(), snap)
		}
		time.Sleep(3 * s)
		if sd := d.Side(first); sd.Periods != 1 || sd.Period != 5*s {
			t.Fatalf("restored clock ran to %+v", sd)
		}
		time.Sleep(5 * s)
		if d.Flag() != first {
			t.Fatal("restored clock did not flag")
		}
		flagged := d.Snapshot()
		e := New(ctl, nil)
		if err := e.Restore(flagged); err != nil || e.Flag() != first || e.Running() {
			t.Fatalf("a flagged snapshot: %v", err)
		}
	})
}

// Restore refuses what the control cannot have (a peer may send anything).
func TestRestoreRefuses(t *testing.T) {
	c := New(FischerControl(m, 0), nil)
	good := c.Snapshot()
	bad := []func(*Snapshot){
		func(s *Snapshot) { s.ToMove = 2 },
		func(s *Snapshot) { s.ToMove = game.NoPlayer },
		func(s *Snapshot) { s.Flagged = 5 },
		func(s *Snapshot) { s.Sides[0].Main = -1 },
		func(s *Snapshot) { s.Sides[1].Main = 100 * time.Hour },
		func(s *Snapshot) { s.Sides[1].Periods = 1 },
	}
	for i, f := range bad {
		s := good
		f(&s)
		if err := c.Restore(s); err == nil {
			t.Errorf("case %d: %+v restored", i, s)
		}
	}
	if c.Snapshot() != good {
		t.Error("a refused snapshot changed the clock")
	}
	b := New(ByoYomiControl(0, 2, 5*s), nil)
	for _, sd := range []Side{{Periods: 3, Period: s}, {Periods: 1, Period: 6 * s}, {Periods: 1}} {
		s := b.Snapshot()
		s.Sides[0] = sd
		if b.Restore(s) == nil {
			t.Errorf("byo-yomi side %+v restored", sd)
		}
	}
}

// Without a clock nothing runs and nothing falls.
func TestNoClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := New(Control{}, nil)
		press(t, c, first)
		press(t, c, second)
		time.Sleep(1000 * time.Hour)
		if c.Running() || c.Flag() != game.NoPlayer || c.Low(first) {
			t.Fatal("no clock ran")
		}
	})
}

func TestDisplay(t *testing.T) {
	cases := map[time.Duration]string{
		0:                            "0:00.0",
		-s:                           "0:00.0",
		9400 * time.Millisecond:      "0:09.4",
		9999 * time.Millisecond:      "0:09.9",
		10 * s:                       "0:10",
		4*m + 55*s + 900*ms:          "4:55",
		59*m + 59*s:                  "59:59",
		time.Hour + 2*m + 3*s:        "1:02:03",
		2*24*time.Hour + 5*time.Hour: "2d 05h",
	}
	for d, want := range cases {
		if got := Display(d); got != want {
			t.Errorf("Display(%v) = %q, want %q", d, got, want)
		}
	}
}

// The warning comes at the control's threshold, and not before.
func TestLow(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := started(t, FischerControl(3*m, 2*s)) // 22.5 s
		time.Sleep(3*m - 22500*ms - time.Millisecond)
		if c.Low(first) || c.Low(second) {
			t.Fatal("low too early")
		}
		time.Sleep(time.Millisecond)
		if !c.Low(first) || c.Low(second) {
			t.Fatal("not low at the threshold")
		}
	})
}
