package abande

import (
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

// cellsOf returns the points a move names, as the picker reads them.
func cellsOf(m game.Move) []hex.Coord {
	kind, from, to, _ := decode(m)
	switch kind {
	case kindEnter:
		return []hex.Coord{to.Coord()}
	case kindMove:
		return []hex.Coord{from.Coord(), to.Coord()}
	}
	return nil
}

// coordOf reads a label, or "off" for a cell just off the board.
func coordOf(label string) hex.Coord {
	if label == "off" {
		return hex.Coord{Q: 4, R: 0}
	}
	return pt(label).Coord()
}

// Why a click is refused, board by board: the position as a move list, the points
// already chosen, the click, and a part of the reason ("" when the click is a
// target).
func TestRefusals(t *testing.T) {
	golden := "e6 d7 f5 d7-e6 d6 d5 c5 e5 e4 e5-d6 e5 d7 b5 e3 e5-e6 e3-e4 f3 g4 c4 g3 e5 c6 e5-d6 c3 g2 e5 f4 e3 f3-e3 c6-c5 f2 c3-c4 f4-g3 e5-f5 g1 g4-g3 c3 a4 d4 f3 f2-f3 g4 d4-e4 a3 f4 b2 e2 a1 f4-f5 c2"
	cases := []struct {
		moves string
		sel   string
		click string
		want  string
	}{
		{"", "", "a1", ""}, // the first piece goes anywhere
		{"", "", "off", "not a point of the board"},
		{"d4", "", "a1", "not next to the band: a piece enters next to another stack"},
		{"d4", "", "c3", ""},
		// Black has entered one piece: no capture yet, either way round.
		{"d4 d5", "", "d4", "no capture before Black has entered two pieces"},
		{"d4 d5", "", "d5", "no capture before Black has entered two pieces"},
		{"d4 d5 c4", "", "d5", ""},
		// d4 d5 c4 e4, Black to move.
		{"d4 d5 c4 e4", "d4", "d3", "a stack moves onto an enemy stack, not onto an empty point"},
		{"d4 d5 c4 e4", "c4", "d4", "not onto one of yours"},
		{"d4 d5 c4 e4", "d4", "e4", ""},
		{"d4 d5 c4 e4", "e4", "d4", ""},
		// d6 is White's and touches no Black stack; d2 touches no White one.
		{"d4 d5 c4 d6", "", "d6", "that stack is the opponent's, and none of yours is next to it"},
		{"d4 d5 c4 d6", "c4", "d6", "a stack moves one step: c4 is not next to d6"},
		{"d4 d5 c4 d6", "d5", "a1", "pick one of your stacks next to d5"},
		{"d4 d5 c4 d6", "d5", "d6", "that stack is the opponent's: pick one of yours next to d5"},
		{"d3 d4 d2 d5", "", "d2", "a stack moves one step onto an enemy stack, and none is next to this one"},
		// Heights: a single onto a triple, or a triple onto a single, makes 4; two
		// doubles make 4; a triple neither moves nor is moved onto.
		{"d1 c1 c2 d3 b2 e1 d2 d4 d5 a2 d2-c1 b1 e5 b1-c1 c5 c3 e4 d2", "c2", "c1", "stacks may not grow above 3 (1 onto 3 makes 4)"},
		{"d1 c1 c2 d3 b2 e1 d2 d4 d5 a2 d2-c1 b1 e5 b1-c1 c5", "d1", "c1", "stacks may not grow above 3 (3 onto 1 makes 4)"},
		{"d4 d5 c4 e4 d4-d5 d4 c4-d4 c4 c3 c4-c3", "", "c3", "stacks may not grow above 3: your stacks next to it are too tall"},
		{"d4 d5 c4 e4 d4-d5 e4-d5", "", "d5", "a stack of 3 cannot be moved onto"},
		{"d4 d5 c4 e4 d4-d5 e4-d5 d4", "", "d5", "a stack of 3 cannot move"},
		{"d4 d5 c4 e4 d4-d5 e4-d5 d4 c5", "", "d4", "stacks may not grow above 3: every enemy stack next to this one is too tall"},
		// The band: d4 holds d3 and d5 together.
		{"d3 d4 d5", "", "d4", "moving this stack would split the band"},
		{"d3 d4 d5", "", "d3", "the move would split the band"},
		{"d3 d4 d5", "d4", "d5", "moving this stack would split the band"}, // d4 was no target
		{"a1 b1 c2 d2", "b1", "c2", "the move would split the band"},
		// A chain a1 b1 c2 d2 d1: b1 and d2 each hold part of it.
		{"a1 b1 c2 d2 d1", "", "c2", "moving any of your stacks next to it would split the band"},
		// Selections the picker never makes: an entry, then anything; a whole move.
		{"d4", "c3", "d5", "an entry names one point only"},
		{"d4 d5 c4 e4", "d4 e4", "d3", "a move names two points at most"},
		// All pieces entered: no more entries.
		{golden, "", "b1", "all your pieces are on the board"},
		{golden + " pass pass", "", "b1", "the game is over (Black wins: two passes)"},
	}
	for _, c := range cases {
		s := play(t, c.moves)
		var sel []hex.Coord
		for _, l := range strings.Fields(c.sel) {
			sel = append(sel, coordOf(l))
		}
		got := s.Refusal(sel, coordOf(c.click))
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("after %q, chosen %q, click %s: %q, want %q\n%s", c.moves, c.sel, c.click, got, c.want, s)
		}
	}
}

func TestPassRefusal(t *testing.T) {
	if got := New().PassRefusal(); got != "no pass with pieces in hand (you have 18)" {
		t.Errorf("at the start: %q", got)
	}
	s := play(t, "e6 d7 f5 d7-e6 d6 d5 c5 e5 e4 e5-d6 e5 d7 b5 e3 e5-e6 e3-e4 f3 g4 c4 g3 e5 c6 e5-d6 c3 g2 e5 f4 e3 f3-e3 c6-c5 f2 c3-c4 f4-g3 e5-f5 g1 g4-g3 c3 a4 d4 f3 f2-f3 g4 d4-e4 a3 f4 b2 e2 a1 f4-f5 c2")
	if got := s.PassRefusal(); got != "" {
		t.Errorf("with an empty hand: %q", got)
	}
	s.Play(Pass)
	s.Play(Pass)
	if got := s.PassRefusal(); !strings.Contains(got, "the game is over") {
		t.Errorf("game over: %q", got)
	}
}

// Refusal agrees with the legal moves at every ply of random games and of the
// reference games: "" exactly for the targets of every selection.
func TestRefusalAgreesWithLegalMoves(t *testing.T) {
	cells := gametest.BoardCells()
	r := game.NewRand(17)
	games := 8
	if testing.Short() {
		games = 2
	}
	n := 0
	for g := 0; g < games; g++ {
		s := New()
		for {
			n += gametest.CheckRefusals(t, s, cellsOf, cells, r)
			moves := s.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			s.Apply(moves[r.Intn(len(moves))])
		}
	}
	for _, ref := range loadRefs(t)[:games] {
		s := New()
		for _, mv := range ref.Moves {
			n += gametest.CheckRefusals(t, s, cellsOf, cells, r)
			s.Apply(must(ParseMove(mv)))
		}
		n += gametest.CheckRefusals(t, s, cellsOf, cells, r)
	}
	t.Logf("%d clicks checked", n)
}
