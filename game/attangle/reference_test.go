package attangle

import (
	"testing"

	"trihex/game"
	"trihex/game/gametest"
)

// Every game Abstract Play's engine played must replay here move for move: the same
// sorted legal moves before every ply, the same result and end reason.
func TestReferenceGames(t *testing.T) {
	refs, err := gametest.LoadReferences("testdata/attangle-abstractplay.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) < 100 {
		t.Fatalf("only %d reference games", len(refs))
	}
	for i, ref := range refs {
		if ref.Game != "attangle" {
			t.Fatalf("game %d is %q", i, ref.Game)
		}
		gametest.ReplayReference(t, Info, ref)
	}
}

// Perft from the start agrees with RULES.md (depths 1–4, no capture yet) and, at depth
// 5 where the first captures appear, with the naive implementation in naive_test.go
// (which takes ~12 s for it: go test -run NaivePerft -perft.deep).
func TestPerft(t *testing.T) {
	want := []uint64{1, 36, 1260, 42840, 1413720, perft5}
	depth := 5
	if testing.Short() {
		depth = 4
	}
	for d := 1; d <= depth; d++ {
		if got := game.Perft(New(nil), d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}
