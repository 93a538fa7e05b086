package input

import (
	"testing"

	"trihex/game/abande"
)

func TestReplay(t *testing.T) {
	m := playN(t, 6)
	var r Replay
	r.Toggle(m) // at the live position: starts again from the first
	if !r.Playing || m.ViewIndex() != 0 {
		t.Fatalf("toggle at the end: playing %v at %d", r.Playing, m.ViewIndex())
	}
	r.Speed = 2
	if !r.Tick(m, 0.5) || m.ViewIndex() != 1 {
		t.Fatalf("half a second at 2/s shows %d", m.ViewIndex())
	}
	if r.Tick(m, 0.2) {
		t.Fatal("moved before a whole step was owed")
	}
	r.Tick(m, 0.3)
	if m.ViewIndex() != 2 {
		t.Fatalf("at %d, want 2", m.ViewIndex())
	}
	r.Toggle(m)
	if r.Playing || r.Tick(m, 10) {
		t.Fatal("paused replay moved")
	}
	r.Toggle(m)
	r.Tick(m, 100) // a stalled frame is ignored
	if m.ViewIndex() != 2 {
		t.Fatalf("a 100 s frame moved to %d", m.ViewIndex())
	}
	r.Tick(m, 5) // ten owed, four left: stops at the live position
	if m.ViewIndex() != 6 || r.Playing || m.Reviewing() {
		t.Fatalf("end: at %d playing %v", m.ViewIndex(), r.Playing)
	}
	if NextSpeed(4) != 0.5 || NextSpeed(1) != 2 || NextSpeed(3) != 1 {
		t.Error("NextSpeed")
	}
	var empty Replay
	e := NewMatch(m.Start())
	empty.Toggle(e)
	if empty.Playing {
		t.Error("an empty match replays")
	}
}

func TestSlider(t *testing.T) {
	for _, c := range []struct {
		x    float64
		n, i int
	}{{-5, 10, 0}, {100, 10, 0}, {104, 10, 0}, {106, 10, 1}, {200, 10, 10}, {500, 10, 10}, {150, 0, 0}} {
		if got := SliderIndex(c.x, 100, 100, c.n); got != c.i {
			t.Errorf("SliderIndex(%g, n=%d) = %d, want %d", c.x, c.n, got, c.i)
		}
	}
	for i := 0; i <= 7; i++ {
		if got := SliderIndex(SliderX(i, 30, 250, 7), 30, 250, 7); got != i {
			t.Errorf("round trip %d → %d", i, got)
		}
	}
}

// playN is a match of Abande with n moves played (n ≤ 6), shown live.
func playN(t *testing.T, n int) *Match {
	t.Helper()
	m := NewMatch(abande.Info().New(nil))
	for _, txt := range []string{"d4", "d5", "c3", "e4", "c4", "e5"}[:n] {
		mv, err := m.Live().ParseMove(txt)
		if err == nil {
			err = m.Play(mv)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return m
}
