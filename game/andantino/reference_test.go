package andantino

import (
	"testing"

	"trihex/game"
	"trihex/game/gametest"
)

func TestReferenceGames(t *testing.T) {
	for _, file := range []string{"testdata/andantino-ludii.jsonl", "testdata/andantino-decisions.jsonl"} {
		refs, err := gametest.LoadReferences(file)
		if err != nil {
			t.Fatal(err)
		}
		if len(refs) == 0 {
			t.Fatalf("%s: no games", file)
		}
		for k, ref := range refs {
			ok := t.Run(file[9:]+"/"+itoa(k), func(t *testing.T) {
				s := gametest.ReplayReference(t, Info, ref).(*State)
				if want := ref.End; s.Result().Reason == want && s.WinningCells() == nil && s.Result().Winner != game.NoPlayer {
					t.Errorf("no winning cells for %s", want)
				}
			})
			if !ok {
				return
			}
		}
	}
}

// Perft from the start: RULES.md §4 and testdata/perft.json (Ludii's counts).
func TestPerft(t *testing.T) {
	want := []uint64{1, 2, 6, 24, 120, 672, 4128, 27264, 193200}
	max := 8
	if testing.Short() {
		max = 6
	}
	for d := 1; d <= max; d++ {
		if got := game.Perft(New(false, false), d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
