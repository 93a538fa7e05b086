package puzzle

import (
	"fmt"
	"slices"
	"testing"

	"trihex/game"
)

// naiveWins is the definition of "the side to move wins within n of its own
// moves", searched without tables, ordering or bounds: the prover must agree.
func naiveWins(s game.State, n int) bool {
	me := s.ToMove()
	for _, m := range s.LegalMoves(nil) {
		if naiveWinsWith(s, m, n, me) {
			return true
		}
	}
	return false
}

func naiveWinsWith(s game.State, m game.Move, n int, me game.Player) bool {
	c := s.Clone()
	c.Apply(m)
	if r := c.Result(); r.Over {
		return r.Winner == me
	}
	if n == 1 {
		return false
	}
	for _, r := range c.LegalMoves(nil) {
		d := c.Clone()
		d.Apply(r)
		if res := d.Result(); res.Over {
			if res.Winner != me {
				return false
			}
			continue
		}
		if !naiveWins(d, n-1) {
			return false
		}
	}
	return true
}

// naiveAnswers is Answers by the definitions.
func naiveAnswers(s game.State, k Kind) []game.Move {
	me := s.ToMove()
	var out []game.Move
	for _, m := range s.LegalMoves(nil) {
		var ok bool
		switch k {
		case Defend:
			c := s.Clone()
			c.Apply(m)
			if r := c.Result(); r.Over {
				ok = r.Winner == me
			} else {
				ok = !naiveWins(c, 1)
			}
		case Keep:
			ok = naiveWinsWith(s, m, keepDepth, me)
		default:
			ok = naiveWinsWith(s, m, k.Moves(), me)
		}
		if ok {
			out = append(out, m)
		}
	}
	return out
}

// samplePositions plays seeded random games of g and returns positions from their
// last plies, where wins and threats are.
func samplePositions(t *testing.T, g string, games, last int, seed uint64) []game.State {
	t.Helper()
	info, err := game.Lookup(g)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(seed)
	var out []game.State
	for i := 0; i < games; i++ {
		s, _ := info.Start("")
		var line []game.State
		for !s.Result().Over {
			line = append(line, s.Clone())
			ms := s.LegalMoves(nil)
			s.Apply(ms[rng.Intn(len(ms))])
		}
		out = append(out, line[max(0, len(line)-last):]...)
	}
	return out
}

func formatAll(s game.State, ms []game.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, s.FormatMove(m))
	}
	return out
}

// TestProverAgreesWithDefinition compares the prover's answers with a plain search
// of the definitions on the last positions of random games of each game.
func TestProverAgreesWithDefinition(t *testing.T) {
	cases := []struct {
		game  string
		kinds []Kind
		games int
	}{
		{"Andantino", []Kind{Win1, Win2, Win3, Defend}, 12},
		{"Attangle", []Kind{Win1, Win2, Defend}, 6},
		{"Abande", []Kind{Win1, Win2, Win3, Defend}, 10},
	}
	for _, c := range cases {
		t.Run(c.game, func(t *testing.T) {
			games, last := c.games, 8
			if testing.Short() {
				games, last = (games+2)/3, 6
			}
			found := map[Kind]int{}
			pr := NewProver()
			for i, s := range samplePositions(t, c.game, games, last, 7) {
				for _, k := range c.kinds {
					if k == Win3 && testing.Short() && i%3 != 0 {
						continue // the plain search of win3 is the slow part
					}
					got, err := pr.Answers(s, k)
					if err != nil {
						t.Fatal(err)
					}
					want := naiveAnswers(s, k)
					if !slices.Equal(got, want) {
						t.Fatalf("%s at ply %d: prover %v, definition %v", k, s.Ply(), formatAll(s, got), formatAll(s, want))
					}
					if len(want) > 0 {
						found[k]++
					}
				}
			}
			t.Logf("positions with answers: %v", found)
		})
	}
}

// TestKeepAgreesWithDefinition solves small Abande endgames to the end both ways.
func TestKeepAgreesWithDefinition(t *testing.T) {
	info, _ := game.Lookup("Abande")
	rng := game.NewRand(11)
	pr := NewProver()
	tested, won := 0, 0
	for g := 0; g < 200 && tested < 40; g++ {
		s, _ := info.Start("")
		for !s.Result().Over {
			ms := s.LegalMoves(nil)
			if len(ms) <= 5 && s.FormatMove(ms[len(ms)-1]) == "pass" && len(ms) >= 2 {
				got, err := pr.Answers(s, Keep)
				if err != nil {
					t.Fatal(err)
				}
				want := naiveAnswers(s, Keep)
				if !slices.Equal(got, want) {
					t.Fatalf("keep at ply %d: prover %v, definition %v", s.Ply(), formatAll(s, got), formatAll(s, want))
				}
				tested++
				if len(want) > 0 {
					won++
				}
			}
			s.Apply(ms[rng.Intn(len(ms))])
		}
	}
	if tested < 10 {
		t.Fatalf("only %d endgames tested", tested)
	}
	t.Logf("%d endgames, %d won", tested, won)
}

func ExampleKind_Difficulty() {
	for _, k := range Kinds {
		fmt.Println(k, k.Difficulty())
	}
	// Output:
	// win1 easy
	// win2 medium
	// win3 hard
	// defend easy
	// keep medium
}
