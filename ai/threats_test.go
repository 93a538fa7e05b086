package ai

import (
	"context"
	"testing"

	"trihex/game/andantino"
)

// andantinoThreatWin: White to move wins by a sequence of seven threats (each
// leaves a playable cell completing five, so Red's reply is forced), which level
// 3's search does not prove on its own within its budget.
const andantinoThreatWin = "0,1 1,1 0,2 1,-1 0,-1 -1,0 -1,2 2,0 2,1 2,-1 3,-1 3,-2 3,0 2,-2 4,-1 3,-3 4,-3 2,-3"

func TestAndantinoThreatReading(t *testing.T) {
	s := replay(t, "Andantino", "", andantinoThreatWin)
	var k knower
	k.threat = 7
	k.threatPrepare(s.(*andantino.State))
	if k.tb.myWin < 0 {
		t.Fatalf("the threat reading finds no win")
	}
	t.Logf("threat sequence of %d plies", k.tb.winLen)
	// The alpha-beta search reads forced replies to the end, so it proves the win.
	e, _ := ParseEngine("ab,n=200000", 0, 0, 1)
	ab := e.Choose(context.Background(), s)
	if ab.Proven != 1 {
		t.Fatalf("alpha-beta: %s proven %d value %.2f", s.FormatMove(ab.Move), ab.Proven, ab.Value)
	}
	for _, td := range []int{0, 3, 5, 7} {
		cfg := Config{Playouts: Levels[3].Playouts, Prior: defaultPrior, Heavy: defaultHeavy, Threat: td, Seed: 1}
		inf := NewSearcher(0).Search(context.Background(), s, cfg)
		t.Logf("threat depth %d: %s proven %d value %.2f after %d playouts", td, s.FormatMove(inf.Move), inf.Proven, inf.Value, inf.Playouts)
		// Whether the tree proves the win within the budget depends on the seed;
		// the reading must at least lead it to the winning move.
		if td != 7 {
			continue
		}
		after := s.Clone()
		after.Apply(inf.Move)
		e, _ := ParseEngine("ab,n=200000", 0, 0, 1)
		if reply := e.Choose(context.Background(), after); reply.Proven != -1 || inf.Proven != 1 && inf.Value < 0.75 {
			t.Errorf("with threat reading: %s, value %.2f; after it alpha-beta proves %d for Red", s.FormatMove(inf.Move), inf.Value, reply.Proven)
		}
	}
}

// TestThreatReadingAllocations: the threat reading runs at every expansion and
// must not allocate either.
func TestThreatReadingAllocations(t *testing.T) {
	s := replay(t, "Andantino", "", andantinoThreatWin[:36]) // 8 moves: not solved
	for _, v := range []int{0, 7} {
		var allocs [2]float64
		for k, n := range []int{400, 4000} {
			se := NewSearcher(0)
			cfg := Config{Playouts: n, Prior: defaultPrior, Heavy: defaultHeavy, Threat: 4, variant: v}
			se.Search(context.Background(), s, cfg)
			allocs[k] = testing.AllocsPerRun(3, func() { se.Search(context.Background(), s, cfg) })
			if inf := se.Search(context.Background(), s, cfg); inf.Proven != 0 {
				t.Fatalf("the position is solved: nothing measured")
			}
		}
		if allocs[1] > allocs[0]+2 || allocs[1] > 24 {
			t.Errorf("variant %d: %v allocations per search of 400 playouts, %v of 4000", v, allocs[0], allocs[1])
		}
	}
}
