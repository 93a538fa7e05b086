package attangle

import (
	"flag"
	"fmt"
	"testing"

	"trihex/game"
	"trihex/game/gametest"
)

var randomGames = flag.Int("random.games", 0, "number of random games for TestRandomGames, half under each stalemate rule (0: 10000, or 500 with -short)")

// Random games under both stalemate rules, with the shared invariants (CheckPly) and
// Attangle's own (invariants) at every ply. Σ height² grows with every move and is
// at most 12·9 + 0, so no game is longer than about 110 plies.
func TestRandomGames(t *testing.T) {
	n := *randomGames
	if n == 0 {
		n = 10000
		if testing.Short() {
			n = 500
		}
	}
	check := func(s game.State) error {
		if err := invariants(s); err != nil {
			return err
		}
		if s.Ply() > 120 {
			return fmt.Errorf("ply %d", s.Ply())
		}
		return nil
	}
	for i, opts := range []string{"stalemate=draw", "stalemate=loss"} {
		gametest.RandomGames(t, Info, opts, (n+1-i)/2, uint64(100+i), 150, check)
	}
}

// RandomPlayout keeps the invariants and ends as LegalMoves says: no legal moves
// exactly at its result, which matches what Apply decides.
func TestRandomPlayout(t *testing.T) {
	r := game.NewRand(5)
	games := 3000
	if testing.Short() {
		games = 300
	}
	for i := 0; i < games; i++ {
		s := start(t, []string{"", "stalemate=loss"}[i%2])
		res := s.RandomPlayout(r)
		if err := invariants(s); err != nil {
			t.Fatalf("%v\n%v", err, s)
		}
		if !res.Over || res != s.Result() || len(s.LegalMoves(nil)) != 0 {
			t.Fatalf("playout result %+v, state %+v\n%v", res, s.Result(), s)
		}
	}
}

// BiasedPlayout keeps the invariants and ends as RandomPlayout does; each of its
// steps captures about bias times as often as a uniform step where captures are few
// among many placements.
func TestBiasedPlayout(t *testing.T) {
	r := game.NewRand(6)
	games := 1000
	if testing.Short() {
		games = 200
	}
	var caps, steps [2]int // by bias 1 and 8, over positions with a capture
	for i := 0; i < games; i++ {
		s := start(t, []string{"", "stalemate=loss"}[i%2])
		for !s.Result().Over {
			moves := s.LegalMoves(nil)
			nc := 0
			for _, m := range moves {
				if _, _, _, c, _ := Decode(m); c {
					nc++
				}
			}
			if nc > 0 && 8*nc < len(moves)-nc {
				for k, bias := range []int{1, 8} {
					c := s.Clone().(*State)
					steps[k]++
					// A capture takes two stacks off their points, a placement adds one.
					before := c.occ.Count()
					if c.playout(r, bias, 1); c.occ.Count() < before {
						caps[k]++
					}
				}
			}
			if s.playout(r, 8, 1); invariants(s) != nil {
				t.Fatalf("%v\n%v", invariants(s), s)
			}
		}
		if res := s.Result(); !res.Over || len(s.LegalMoves(nil)) != 0 {
			t.Fatalf("playout result %+v\n%v", res, s)
		}
	}
	// Each capture is 8 times as likely: at least 4 times the captures overall.
	if steps[0] < 500 || caps[1] < 4*caps[0] {
		t.Errorf("over %d steps: %d captures with bias 8, %d without", steps[0], caps[1], caps[0])
	}
}
