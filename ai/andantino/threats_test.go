package andantino

import (
	"testing"

	"trihex/ai/knowledge"
	"trihex/game"
	rules "trihex/game/andantino"
	"trihex/game/gametest"
)

// threatWin: White to move wins by a sequence of seven threats (each leaves a
// playable cell completing five, so Red's reply is forced), which level 3's
// search does not prove on its own within its budget.
const threatWin = "0,1 1,1 0,2 1,-1 0,-1 -1,0 -1,2 2,0 2,1 2,-1 3,-1 3,-2 3,0 2,-2 4,-1 3,-3 4,-3 2,-3"

// replay plays moves (space-separated) from the start.
func replay(t testing.TB, moves string) *rules.State {
	return gametest.Replay(t, rules.New(false, false), moves).(*rules.State)
}

// TestThreatReading: the reading finds White's win, and its first move gets the
// winning prior; a shallower reading does not.
func TestThreatReading(t *testing.T) {
	s := replay(t, threatWin)
	k := &knower{threat: 7}
	k.Prepare(s)
	if k.tb.myWin < 0 {
		t.Fatalf("the threat reading finds no win")
	}
	t.Logf("threat sequence of %d plies", k.tb.winLen)
	q, r := k.tb.coord(k.tb.myWin)
	if v := k.Prior(s, rules.PlaceMove(q, r)); v != 0.99 {
		t.Errorf("the winning move's prior is %v, want 0.99", v)
	}
	shallow := &knower{threat: 2}
	shallow.Prepare(s)
	if shallow.tb.myWin >= 0 {
		t.Errorf("a reading two moves deep finds a win of seven")
	}
}

// TestThreatReadingAllocations: the reading runs at every expansion and must
// not allocate.
func TestThreatReadingAllocations(t *testing.T) {
	s := replay(t, threatWin[:36]) // 8 moves
	moves := s.LegalMoves(nil)
	for _, v := range []int{0, 7} {
		k := &knower{threat: 4, variant: v}
		if a := testing.AllocsPerRun(10, func() {
			k.tb.prepared = 0
			k.Prepare(s)
			for _, m := range moves {
				k.Prior(s, m)
			}
		}); a != 0 {
			t.Errorf("variant %d: %v allocations", v, a)
		}
	}
}

// TestPriorsNeverAllocate: the priors and a heavy playout run in the search
// loop.
func TestPriorsNeverAllocate(t *testing.T) {
	s := replay(t, "0,1 -1,1 -1,0 -2,1")
	moves := s.LegalMoves(nil)
	k := Knowledge{}.NewKnower(knowledge.Options{Heavy: 0})
	if a := testing.AllocsPerRun(20, func() {
		for _, m := range moves {
			k.Prior(s, m)
		}
	}); a != 0 {
		t.Errorf("%v allocations", a)
	}
	var r game.Rand
	r.Seed(1)
	work := s.Clone()
	k = Knowledge{}.NewKnower(knowledge.Options{Heavy: 3})
	k.Playout(work, &r) // the scratch grows once
	if a := testing.AllocsPerRun(20, func() {
		work.CopyFrom(s)
		k.Playout(work, &r)
	}); a != 0 {
		t.Errorf("heavy playout: %v allocations", a)
	}
}
