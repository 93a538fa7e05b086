package coach

import (
	"strings"
	"testing"

	_ "trihex/ai/all"
	"trihex/game"
	_ "trihex/game/all"
)

// play replays moves in notation from the start of a game.
func play(t *testing.T, name, opts, moves string) game.State {
	t.Helper()
	info, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	st, err := info.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range strings.Fields(moves) {
		m, err := st.ParseMove(tok)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", tok, err)
		}
	}
	return st
}

// One move before the end of the golden Andantino game, Red to move: White
// threatens both an enclosure at -1,0 and a line of five at 4,-4. The coach names
// both, and blocking one still loses to the other.
func TestAndantinoDoubleThreat(t *testing.T) {
	st := play(t, "Andantino", "", "1,-1 2,-1 0,1 -1,1 0,-1 1,1 2,-2 1,-2 0,2 0,-2 3,-2 2,0 -1,2 2,1 3,-3 3,-1 -2,2 -2,3 -2,1 1,-3 4,-3 -1,-1 4,-2")
	threats := Threats(st)
	got := map[string]string{}
	for _, x := range threats {
		if x.Win {
			got[x.Move] = x.Reason
		}
	}
	if got["-1,0"] != "trap" || got["4,-4"] != "line of five" {
		t.Fatalf("threats %+v, want the enclosure at -1,0 and the line at 4,-4", threats)
	}
	if say := Say(st, threats); !strings.Contains(say, "White threatens") || !strings.Contains(say, "another winning move") {
		t.Errorf("coach says %q", say)
	}
	losing := Losing(st)
	block, err := st.ParseMove("-1,0")
	if err != nil {
		t.Fatal(err)
	}
	if th, ok := losing[block]; !ok || th.Move != "4,-4" {
		t.Errorf("blocking the enclosure: %+v, want the line at 4,-4 to win", th)
	}
	for m, th := range losing {
		if w := Warn(st, th); !strings.Contains(w, "White wins at once") && th.Reason != "suicide" {
			t.Errorf("%s: warning %q", st.FormatMove(m), w)
		}
	}
}

// Abande: after d7-e6 style captures are possible, the coach names a capture
// threat; at the start nothing is threatened.
func TestCaptureThreat(t *testing.T) {
	start := play(t, "Abande", "", "")
	if th := Threats(start); len(th) != 0 {
		t.Errorf("the start threatens %+v", th)
	}
	// Black e6, White d7, Black f5: White (to move) can capture; from Black's side
	// after White's entry, White threatens captures.
	st := play(t, "Abande", "", "e6 d7 f5 d6")
	threats := Threats(st)
	if len(threats) == 0 || threats[0].Win {
		t.Fatalf("threats %+v, want a capture", threats)
	}
	if say := Say(st, threats); !strings.Contains(say, "threatens to capture your stack on") {
		t.Errorf("coach says %q", say)
	}
}
