package toy

import (
	"testing"

	"trihex/game"
	"trihex/game/gametest"
)

// Three in a row along any axis wins at once; random games keep the shared
// invariants (one spelling per move, cells as spelled) and end.
func TestTri(t *testing.T) {
	s := gametest.Replay(t, New(), "d4 a1 d5 a2") // Black d4 d5, White a1 a2
	if s.Result().Over {
		t.Fatal("two in a row ended the game")
	}
	s = gametest.Replay(t, s, "d3")
	if r := s.Result(); !r.Over || r.Winner != game.First || r.Reason != ReasonThree {
		t.Fatalf("d3 d4 d5 in a row: %+v", r)
	}
	if len(s.LegalMoves(nil)) != 0 || s.Play(Place(0)) == nil {
		t.Fatal("a finished game has moves")
	}
	gametest.RandomGames(t, Info, "", 50, 1, 37, nil)
}
