package abande

import (
	"testing"

	"trihex/ai/knowledge"
	"trihex/game"
	rules "trihex/game/abande"
	"trihex/game/gametest"
)

func replay(t *testing.T, moves string) *rules.State {
	return gametest.Replay(t, rules.New(), moves).(*rules.State)
}

// TestPriorFollowsScore: a move's prior grows with the score lead it gains,
// and is 0.5 for a move that changes nothing.
func TestPriorFollowsScore(t *testing.T) {
	s := replay(t, "e6 d7 f5 d7-e6 d6 d5 c5 e5 e4 e5-d6")
	k := Knowledge{}.NewKnower(knowledge.Options{})
	me := s.ToMove()
	before := s.Score()
	for _, m := range s.LegalMoves(nil) {
		after := s.Clone()
		after.Apply(m)
		sc := after.(*rules.State).Score()
		gain := (sc[me] - sc[me.Other()]) - (before[me] - before[me.Other()])
		v := k.Prior(s, m)
		switch {
		case gain > 0 && v <= 0.5, gain < 0 && v >= 0.5, gain == 0 && v != 0.5:
			t.Errorf("%s gains %d: prior %.2f", s.FormatMove(m), gain, v)
		}
	}
}

// TestHeavyPlayoutEnds: the heavy playout ends the game without allocating
// once its scratch has grown, and the uniform one is used with Heavy 0.
func TestHeavyPlayoutEnds(t *testing.T) {
	start := replay(t, "e6 d7")
	var r game.Rand
	r.Seed(1)
	for _, h := range []int{knowledge.AutoHeavy, 0} {
		k := Knowledge{}.NewKnower(knowledge.Options{Heavy: h})
		work := start.Clone()
		k.Playout(work, &r)
		if a := testing.AllocsPerRun(10, func() {
			work.CopyFrom(start)
			if !k.Playout(work, &r).Over {
				t.Fatal("the playout did not end the game")
			}
		}); a != 0 {
			t.Errorf("heavy %d: %v allocations", h, a)
		}
	}
}
