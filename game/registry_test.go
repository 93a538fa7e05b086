package game_test

import (
	"testing"

	"trihex/game"
	_ "trihex/game/all"
)

// The games come in the product's order, each on its board, and each says
// which cells its moves name.
func TestGames(t *testing.T) {
	var names []string
	for _, g := range game.Games() {
		names = append(names, g.Name)
	}
	want := []string{"Abande", "Attangle", "Andantino"}
	if len(names) != len(want) {
		t.Fatalf("games %v, want %v", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("games %v, want %v", names, want)
		}
	}
	boards := []game.Board{{Kind: game.Hexagon}, {Kind: game.Hexagon, ClosedCentre: true}, {Kind: game.Surface}}
	for i, g := range game.Games() {
		if g.Board != boards[i] {
			t.Errorf("%s is played on %+v, want %+v", g.Name, g.Board, boards[i])
		}
		start, err := g.Start("")
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := start.(game.MoveDescriber); !ok {
			t.Errorf("%s does not describe its moves' cells", g.Name)
		}
	}
}

// A pass is told by its kind, not by its spelling.
func TestIsPass(t *testing.T) {
	for _, c := range []struct {
		game, move string
		pass       bool
	}{{"Abande", "pass", true}, {"Abande", "d4", false}, {"Attangle", "d5", false}, {"Andantino", "0,1", false}} {
		info, err := game.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := info.Start("")
		m, err := s.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if game.IsPass(s, m) != c.pass {
			t.Errorf("%s %s: IsPass %v", c.game, c.move, !c.pass)
		}
	}
}
