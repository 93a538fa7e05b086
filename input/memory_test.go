package input

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"trihex/game"
)

// rssMB is the process's resident memory in MB (VmRSS), or -1 where /proc does
// not say.
func rssMB() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return float64(kb) / 1024
		}
	}
	return -1
}

// TestWindowMemory plays ten games at level 5, computer against computer,
// through the session and the computer player as the window runs them (a Tick
// every frame, each game closed when the next begins), and reads the resident
// memory of the process: at most 300 MB at any time, and back near its start
// after each game. TRIHEX_MEMORY=1 (minutes: level 5 thinks up to 3 s a move);
// TRIHEX_MEMORY_PLIES plays each game that many moves (0: to its end; 24 unless
// set).
func TestWindowMemory(t *testing.T) {
	if os.Getenv("TRIHEX_MEMORY") != "1" {
		t.Skip("set TRIHEX_MEMORY=1 to play ten level-5 games and read the memory")
	}
	start := rssMB()
	if start < 0 {
		t.Skip("no /proc/self/status")
	}
	plies := 24
	if v, err := strconv.Atoi(os.Getenv("TRIHEX_MEMORY_PLIES")); err == nil {
		plies = v
	}
	names := []string{"Abande", "Attangle", "Andantino"}
	worst := start
	for i := range 10 {
		info, err := game.Lookup(names[i%3])
		if err != nil {
			t.Fatal(err)
		}
		opts, _ := info.ResolveOptions("")
		s := NewSession(info, opts, [2]Seat{SeatOf(true, 5), SeatOf(true, 5)}, nil)
		s.Speed = 4 // the shortest pace between moves
		s.Computer.Paused = false
		peak := rssMB()
		for (plies == 0 || s.Match.Len() < plies) && !s.Result().Over {
			for _, e := range s.Tick(true) {
				if e.Kind == Failed {
					t.Fatalf("game %d: %v", i+1, e.Err)
				}
			}
			peak = max(peak, rssMB())
			time.Sleep(time.Second / 60) // the window's frames
		}
		s.Close()
		after := rssMB()
		worst = max(worst, peak)
		t.Logf("game %d (%s, %d moves): peak %.0f MB, %.0f MB after it was closed (start %.0f MB)", i+1, info.Name, s.Match.Len(), peak, after, start)
		if after > start+100 {
			t.Errorf("game %d: %.0f MB resident after it was closed, started at %.0f MB", i+1, after, start)
		}
	}
	if worst > 300 {
		t.Errorf("%.0f MB resident at the worst, want ≤ 300 MB", worst)
	}
}
