package attangle

import (
	"fmt"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// MoveCells implements game.MoveDescriber: [p] for a placement, [a, b, target]
// for a capture (the attackers in label order, as the notation writes them).
func (s *State) MoveCells(dst []hex.Coord, m game.Move) ([]hex.Coord, game.MoveKind) {
	t, a, b, capture, ok := Decode(m)
	switch {
	case !ok:
		return dst, game.MovePass
	case capture:
		return append(dst, a.Coord(), b.Coord(), t.Coord()), game.MoveCapture
	}
	return append(dst, t.Coord()), game.MovePlace
}

// CannotWinWithin implements game.WinBounder: a triple is never undone, each
// capture makes at most one and only pl's own make pl's, so pl needs 3 minus
// its triples captures to win; unless a stuck player loses (stalemate=loss),
// which no count bounds.
func (s *State) CannotWinWithin(pl game.Player, n int) bool {
	return s.Triples(pl)+n < 3 && !s.loss
}

// FormatMove spells m: "c3" for a placement, "a1,c3-b2" for a capture (attackers in
// label order, then the target).
func (s *State) FormatMove(m game.Move) string {
	t, a, b, capture, ok := Decode(m)
	switch {
	case !ok:
		return "?"
	case capture:
		return a.Label() + "," + b.Label() + "-" + t.Label()
	}
	return t.Label()
}

// ParseMove reads a move in notation. It checks the spelling only: the points exist
// and the three points of a capture differ. Besides the one spelling FormatMove
// writes it reads what Abstract Play writes or accepts for the same move: the
// attackers in either order ("f5,c1-c4" is c1,f5-c4), either case, and spaces
// anywhere ("C1, F5 - C4").
func (s *State) ParseMove(str string) (game.Move, error) {
	return ParseMove(str)
}

// ParseMove is State.ParseMove without a state.
func ParseMove(str string) (game.Move, error) {
	txt := strings.ToLower(strings.Join(strings.Fields(str), ""))
	bad := func(why string) (game.Move, error) {
		return game.Move{}, fmt.Errorf("attangle: bad move %q: %s", str, why)
	}
	point := func(label string) (hex.Point, bool) { return hex.ParsePoint(label) }
	if txt == "" {
		return bad("empty")
	}
	attackers, target, isCapture := strings.Cut(txt, "-")
	if !isCapture {
		p, ok := point(txt)
		if !ok {
			return bad("not a point (a placement is a point such as c3, a capture a1,c3-b2)")
		}
		return Place(p), nil
	}
	t, ok := point(target)
	if !ok {
		return bad(fmt.Sprintf("target %q is not a point", target))
	}
	first, second, ok := strings.Cut(attackers, ",")
	if !ok {
		return bad("a capture names two attackers, as in a1,c3-b2")
	}
	a, okA := point(first)
	b, okB := point(second)
	switch {
	case !okA:
		return bad(fmt.Sprintf("attacker %q is not a point", first))
	case !okB:
		return bad(fmt.Sprintf("attacker %q is not a point", second))
	case a == b:
		return bad("the two attackers are the same point")
	case a == t || b == t:
		return bad("an attacker is the target")
	}
	return Capture(a, b, t), nil // in label order, whichever order they came in
}
