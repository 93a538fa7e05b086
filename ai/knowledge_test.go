package ai

import (
	"context"
	"testing"

	"trihex/ai/knowledge"
	"trihex/game"
	"trihex/game/andantino"
	"trihex/game/gametest"
	"trihex/game/hex"
)

// replay returns the position after the moves of a record's move list.
func replay(t testing.TB, name, opts, moves string) game.State {
	t.Helper()
	return gametest.Replay(t, startOf(t, name, opts), moves)
}

// Hand-made positions (move lists from the start) for each game's key tactic.
var (
	// Attangle: White to move holds two triples; a capture makes the third.
	attangleThird = "a3 e6 f3 f5 g3 e4 b1 e5 f2 d3 c2 d3,e6-a3 b2 b5 g1 d5 b4 e6 f1 e3 c1 d2 a1 e3,e6-b4 d7 d5,f5-d7 a2 g4 c1,f2-d2 d3 d6 e6 e3 c3 a4 a3,e5-a2 e2 c6 c1 c5 b2,e3-b4 c6,d7-d6 d5 d3,e4-d5 a1,e2-c3"
	// Abande: hands empty, the opponent has just passed and the mover leads, so
	// passing ends the game with a win; any other move gives the lead away to
	// chance.
	abandePass = []string{
		"e1 d2 c1 e2 c1-d2 e3 f1 g1 d2-e2 f2 d2 f3 d1 f2-f1 e1-f1 f4 d4 f2 d4-e3 e5 c2 f2-e3 c1 e6 e1 g2 d5 c5 c4 f2 g3 f3-g3 g4 d4 b5 d3 c4-c5 b1 g4-f4 e4 g4 a1 f5 e5-f4 c6 e4-d5 e4 e6-f5 e4-d4 d3-d2 pass",
		"b4 c5 a4 c6 d6 c6-d6 c6 d6-c6 d6 d5 e6 a3 a4-a3 c4 a4 c4-b4 e4 f5 f4 c4 d6-c5 d7 b3 d5-e4 d5 e3 d5-c4 b4-a4 d4 b2 d4-e3 a1 e2 b1 e5 d3 f1 f2 g1 f5-e6 e2-f2 g4 d2 d6 e1 c2 c5-d6 c3 pass",
	}
	// Andantino: the side to move has cells inside the opponent's enclosure
	// (suicide) among its legal moves, and other moves that do not lose at once.
	andantinoSuicide = []string{
		"0,1 -1,1 -1,0 -2,1 1,1 -2,0 -1,-1 -3,1 0,-1 0,-2 1,-2 -1,2 0,2 2,0 -1,3 -2,3 2,1 0,3 -2,4 -3,2 1,2 -3,3",
		"1,-1 2,-1 2,-2 3,-2 0,1 1,1 3,-3 3,-1 4,-3 -1,1 1,-2 2,0 3,0 2,-3 -1,0 -1,2 3,-4 -2,2 -2,3 -1,3 4,-2 -2,4 0,2 -2,1 1,-3 4,-4 0,-2 -3,2 -1,-1",
		"1,-1 0,-1 0,1 1,1 -1,0 2,0 0,2 -1,-1 -1,2 1,2 -1,3 0,-2 -2,0 0,3 -2,1 2,1 1,3 -2,-1 -2,3 2,-1 1,-2 -3,1 3,0 3,1 -2,2",
	}
)

func levelsToTest(t *testing.T) []int {
	if testing.Short() {
		return []int{3}
	}
	return []int{3, 4}
}

func TestAttangleTakesThirdTriple(t *testing.T) {
	s := replay(t, "Attangle", "", attangleThird)
	for _, lv := range levelsToTest(t) {
		e, _ := NewLevel(lv, 1)
		inf := e.Choose(context.Background(), s)
		if !winsNow(s, inf.Move) {
			t.Errorf("level %d played %s; winning: %v", lv, s.FormatMove(inf.Move), spell(s, immediateWins(s)))
		}
	}
}

func TestAbandePassesWhenAhead(t *testing.T) {
	for i, rec := range abandePass {
		s := replay(t, "Abande", "", rec)
		for _, lv := range levelsToTest(t) {
			e, _ := NewLevel(lv, uint64(i))
			inf := e.Choose(context.Background(), s)
			if s.FormatMove(inf.Move) != "pass" {
				t.Errorf("position %d, level %d played %s, not pass (score %v)", i, lv, s.FormatMove(inf.Move), s.(game.Scorer).Score())
			}
		}
	}
}

func TestAndantinoAvoidsSuicide(t *testing.T) {
	for i, rec := range andantinoSuicide {
		s := replay(t, "Andantino", "", rec)
		a := s.(*andantino.State)
		if len(a.SuicideCells()) == 0 {
			t.Fatalf("position %d has no suicide cell", i)
		}
		for _, lv := range append([]int{1, 2}, levelsToTest(t)...) {
			e, _ := NewLevel(lv, uint64(i))
			inf := e.Choose(context.Background(), s)
			q, r := int(int32(uint32(inf.Move.A))), int(int32(uint32(inf.Move.A>>32)))
			if a.IsSuicide(hex.Coord{Q: q, R: r}) {
				t.Errorf("position %d, level %d played the suicide cell %s", i, lv, s.FormatMove(inf.Move))
			}
		}
	}
}

// TestPriorsNeverAllocate: the knowledge hook runs in the search loop.
func TestPriorsNeverAllocate(t *testing.T) {
	for _, v := range variants {
		s := startOf(t, v.game, v.opts)
		moves := s.LegalMoves(nil)
		k := knowledge.Of(s.Info()).NewKnower(knowledge.Options{Heavy: defaultHeavy})
		if a := testing.AllocsPerRun(20, func() {
			for _, m := range moves {
				k.Prior(s, m)
			}
		}); a != 0 {
			t.Errorf("%s: %v allocations", v.game, a)
		}
	}
}

// TestKnowledgeRegistered: every game has its knowledge once ai/all is
// imported, and only Andantino's placement game an evaluation.
func TestKnowledgeRegistered(t *testing.T) {
	for _, v := range variants {
		s := startOf(t, v.game, v.opts)
		g := knowledge.Of(s.Info())
		if g == nil {
			t.Fatalf("%s: no knowledge registered", v.game)
		}
		_, ok := g.Evaluable(s)
		if want := v.game == "Andantino" && v.opts == ""; ok != want {
			t.Errorf("%s %s: evaluable %v", v.game, v.opts, ok)
		}
	}
}

// andantinoThreatWin: White to move wins by a sequence of seven threats (each
// leaves a playable cell completing five, so Red's reply is forced).
const andantinoThreatWin = "0,1 1,1 0,2 1,-1 0,-1 -1,0 -1,2 2,0 2,1 2,-1 3,-1 3,-2 3,0 2,-2 4,-1 3,-3 4,-3 2,-3"

// TestAndantinoThreatWin: alpha-beta proves the threat win: it reads forced
// replies to the end.
func TestAndantinoThreatWin(t *testing.T) {
	s := replay(t, "Andantino", "", andantinoThreatWin)
	e, _ := ParseEngine("ab,n=200000", 0, 0, 1)
	if ab := e.Choose(context.Background(), s); ab.Proven != 1 {
		t.Fatalf("alpha-beta: %s proven %d value %.2f", s.FormatMove(ab.Move), ab.Proven, ab.Value)
	}
}
