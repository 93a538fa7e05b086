package attangle

import (
	"testing"

	"trihex/ai/knowledge"
	"trihex/game"
	rules "trihex/game/attangle"
	"trihex/game/gametest"
)

func replay(t *testing.T, moves string) *rules.State {
	return gametest.Replay(t, rules.New(game.Options{}), moves).(*rules.State)
}

// TestPriors: every capture is worth more than every placement, a capture that
// builds a triple most; a placement the opponent can take at once is worth
// less than a neutral one.
func TestPriors(t *testing.T) {
	s := replay(t, "e6 c6 g4 e4 b1 f3 d7 d6 a3 d3 e2 c1 f2 b5")
	k := Knowledge{}.NewKnower(knowledge.Options{})
	var capture, place []float64
	for _, m := range s.LegalMoves(nil) {
		_, _, _, isCapture, _ := rules.Decode(m)
		v := k.Prior(s, m)
		if isCapture {
			capture = append(capture, v)
		} else {
			place = append(place, v)
		}
	}
	if len(capture) == 0 || len(place) == 0 {
		t.Fatalf("%d captures, %d placements: the position tests nothing", len(capture), len(place))
	}
	lowCapture, highPlace := 1.0, 0.0
	for _, v := range capture {
		lowCapture = min(lowCapture, v)
	}
	for _, v := range place {
		highPlace = max(highPlace, v)
	}
	if lowCapture <= highPlace {
		t.Errorf("a capture at %.2f, a placement at %.2f", lowCapture, highPlace)
	}
}

// TestPlayoutPolicies: the top level plays the rules' capture-biased playout
// with Bias, levels 1-4 the uniform one: the same seed, the same game.
func TestPlayoutPolicies(t *testing.T) {
	start := replay(t, "e6 c6 g4 e4")
	for _, c := range []struct {
		heavy int
		want  func(s *rules.State, r *game.Rand) game.Result
	}{
		{knowledge.TopHeavy, func(s *rules.State, r *game.Rand) game.Result { return s.BiasedPlayout(r, Bias) }},
		{knowledge.AutoHeavy, func(s *rules.State, r *game.Rand) game.Result { return s.RandomPlayout(r) }},
	} {
		for seed := range uint64(20) {
			var r1, r2 game.Rand
			r1.Seed(seed)
			r2.Seed(seed)
			a, b := start.Clone().(*rules.State), start.Clone().(*rules.State)
			Knowledge{}.NewKnower(knowledge.Options{Heavy: c.heavy}).Playout(a, &r1)
			c.want(b, &r2)
			if a.Hash() != b.Hash() || a.Ply() != b.Ply() {
				t.Fatalf("heavy %d, seed %d: the playouts differ", c.heavy, seed)
			}
		}
	}
}
