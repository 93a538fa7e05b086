package gametest

import (
	"slices"
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

// BoardCells is every point of the 37-point board and the ring of cells just off it:
// the cells a click on the board of Abande or Attangle can name.
func BoardCells() []hex.Coord {
	var out []hex.Coord
	for q := -4; q <= 4; q++ {
		for r := -4; r <= 4; r++ {
			if c := (hex.Coord{Q: q, R: r}); hex.Distance(c, hex.Coord{}) <= 4 {
				out = append(out, c)
			}
		}
	}
	return out
}

// CheckRefusals checks that s's game.Explainer agrees exactly with its legal moves.
// For every selection a picker can reach (each subset of the cells of a legal move
// that is not the whole move, the empty one included) and a few random ones, and
// for every cell of cells and of the selection, Refusal is "" exactly when the cell
// is in the selection or some legal move names the selection and the cell; the
// order of the selection does not matter. PassRefusal is "" exactly when a legal
// move names no cell. cellsOf gives the cells a move names. It returns the number
// of clicks checked.
func CheckRefusals(t testing.TB, s game.State, cellsOf func(game.Move) []hex.Coord, cells []hex.Coord, r *game.Rand) int {
	t.Helper()
	ex, ok := s.(game.Explainer)
	if !ok {
		t.Fatalf("%s is no game.Explainer", s.Info().Name)
	}
	var moveCells [][]hex.Coord
	canPass := false
	for _, m := range s.LegalMoves(nil) {
		cs := cellsOf(m)
		if len(cs) == 0 {
			canPass = true
			continue
		}
		moveCells = append(moveCells, cs)
	}
	if why := ex.PassRefusal(); (why == "") != canPass {
		t.Fatalf("pass legal %v, PassRefusal %q\n%v", canPass, why, s)
	}
	key := func(sel []hex.Coord) string {
		k := slices.Clone(sel)
		slices.SortFunc(k, func(a, b hex.Coord) int {
			if a.Q != b.Q {
				return a.Q - b.Q
			}
			return a.R - b.R
		})
		b := make([]byte, 0, 8*len(k))
		for _, c := range k {
			b = append(b, byte(c.Q), byte(c.Q>>8), byte(c.R), byte(c.R>>8))
		}
		return string(b)
	}
	sels := map[string][]hex.Coord{"": nil}
	for _, cs := range moveCells {
		for mask := 1; mask < 1<<len(cs)-1; mask++ {
			var sel []hex.Coord
			for i, c := range cs {
				if mask>>i&1 == 1 {
					sel = append(sel, c)
				}
			}
			sels[key(sel)] = sel
		}
	}
	for range 4 {
		sel := []hex.Coord{cells[r.Intn(len(cells))]}
		if r.Intn(2) == 0 {
			if c := cells[r.Intn(len(cells))]; c != sel[0] {
				sel = append(sel, c)
			}
		}
		sels[key(sel)] = sel
	}
	n := 0
	for _, sel := range sels {
		// The cells that extend sel towards a legal move, as the picker finds them.
		targets := map[hex.Coord]bool{}
		for _, cs := range moveCells {
			if covers(cs, sel) {
				for _, c := range cs {
					if !slices.Contains(sel, c) {
						targets[c] = true
					}
				}
			}
		}
		rev := slices.Clone(sel)
		slices.Reverse(rev)
		for _, c := range slices.Concat(cells, sel) {
			why := ex.Refusal(sel, c)
			want := targets[c] || slices.Contains(sel, c)
			if (why == "") != want {
				t.Fatalf("selection %v, click %v: target %v but Refusal %q\n%v", sel, c, want, why, s)
			}
			if back := ex.Refusal(rev, c); (back == "") != want {
				t.Fatalf("selection %v, click %v: Refusal %q, in reverse order %q\n%v", sel, c, why, back, s)
			}
			n++
		}
	}
	return n
}

func covers(cells, sel []hex.Coord) bool {
	for _, c := range sel {
		if !slices.Contains(cells, c) {
			return false
		}
	}
	return true
}
