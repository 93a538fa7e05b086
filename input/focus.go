package input

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// Focus is the keyboard's place among the picker's targets: Tab and Shift+Tab
// step the ring through them in reading order, Enter chooses the ringed one as a
// click on it would. The ring may rest on a cell that is no longer a target (the
// one just chosen): the next step then goes to the target after it on screen,
// so a move is built where the eye already is.
type Focus struct {
	cell hex.Coord
	on   bool
}

// Cell returns the ringed cell, if any.
func (f *Focus) Cell() (hex.Coord, bool) { return f.cell, f.on }

// Set rings c.
func (f *Focus) Set(c hex.Coord) { f.cell, f.on = c, true }

// Clear takes the ring away.
func (f *Focus) Clear() { f.on = false }

// Screen gives a cell's centre on screen (any unit, y growing downwards).
type Screen func(hex.Coord) (x, y float64)

// ReadingOrder sorts cells as they are read on screen: rows top to bottom, each
// row left to right. Cells whose centres lie within a third of the smallest
// spacing between rows share a row, so rounding never splits one.
func ReadingOrder(cells []hex.Coord, at Screen) []hex.Coord {
	type placed struct {
		c    hex.Coord
		x, y float64
	}
	ps := make([]placed, len(cells))
	for i, c := range cells {
		x, y := at(c)
		ps[i] = placed{c, x, y}
	}
	const tol = 1e-6
	slices.SortStableFunc(ps, func(a, b placed) int {
		if d := a.y - b.y; d < -tol*max(1, abs(a.y)) || d > tol*max(1, abs(a.y)) {
			return cmp.Compare(a.y, b.y)
		}
		return cmp.Compare(a.x, b.x)
	})
	out := make([]hex.Coord, len(ps))
	for i, p := range ps {
		out[i] = p.c
	}
	return out
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// Step moves the ring to the next target in reading order (dir > 0) or the one
// before (dir < 0), wrapping round; with no ring it goes to the first or the last.
// It reports false, and takes the ring away, when there is no target.
func (f *Focus) Step(targets []hex.Coord, at Screen, dir int) (hex.Coord, bool) {
	if len(targets) == 0 {
		f.on = false
		return hex.Coord{}, false
	}
	all := targets
	if f.on && !slices.Contains(targets, f.cell) {
		all = append(slices.Clone(targets), f.cell)
	}
	order := ReadingOrder(all, at)
	i := -1
	if f.on {
		i = slices.Index(order, f.cell)
	}
	n := len(order)
	if i < 0 && dir < 0 {
		i = 0 // from no ring, one step back is the last
	}
	for range n {
		i = ((i+dir)%n + n) % n
		if slices.Contains(targets, order[i]) {
			f.Set(order[i])
			return order[i], true
		}
	}
	f.on = false
	return hex.Coord{}, false
}

// Choose is Enter: a click on the ringed cell. The ring stays on it, so that the
// next Tab goes on from there. It reports false when nothing is ringed.
func (f *Focus) Choose(p *Picker) (Outcome, bool) {
	if !f.on {
		return Outcome{}, false
	}
	return p.Click(f.cell), true
}

// Back is Esc while building a move by keys: the last chosen cell leaves the
// selection and takes the ring, so that a mistaken Enter is undone by one key.
// It reports false when nothing was chosen.
func (f *Focus) Back(p *Picker) bool {
	sel := p.Selection()
	if len(sel) == 0 {
		return false
	}
	last := sel[len(sel)-1]
	p.Click(last) // a chosen cell clicked again leaves the selection
	f.Set(last)
	return true
}

// TypedMove reads a move typed in the game's notation and finds it among the
// legal moves of s. Its errors say why in the rules' words: the parser's for a
// spelling the game cannot read, the rules' reason (game.Explainer) for a move
// that is not legal here.
func TypedMove(s game.State, text string) (Choice, error) {
	text = strings.TrimSpace(text)
	if s == nil {
		return Choice{}, errors.New("input: no move can be played now")
	}
	if text == "" {
		return Choice{}, errors.New("input: type a move, such as " + s.FormatMove(s.LegalMoves(nil)[0]))
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return Choice{}, err
	}
	if s.IsLegal(m) {
		return ChoiceOf(s, m), nil
	}
	if ex, ok := s.(game.Explainer); ok {
		cells := Cells(s, m)
		for i, c := range cells {
			if why := ex.Refusal(cells[:i], c); why != "" {
				return Choice{}, fmt.Errorf("input: %s is not legal here: %s", s.FormatMove(m), why)
			}
		}
		if len(cells) == 0 {
			if why := ex.PassRefusal(); why != "" {
				return Choice{}, fmt.Errorf("input: %s is not legal here: %s", s.FormatMove(m), why)
			}
		}
	}
	return Choice{}, fmt.Errorf("input: %s is not legal here", s.FormatMove(m))
}

// Last reports whether the ringed cell is the last target in reading order
// going dir (the last for dir > 0, the first for dir < 0), so that one more step
// would wrap round: the window rings its buttons then, before the board's first
// target again. With no ring, or no target, it reports false.
func (f *Focus) Last(targets []hex.Coord, at Screen, dir int) bool {
	if !f.on || len(targets) == 0 {
		return false
	}
	all := targets
	if !slices.Contains(targets, f.cell) {
		all = append(slices.Clone(targets), f.cell)
	}
	order := ReadingOrder(all, at)
	if dir < 0 {
		slices.Reverse(order)
	}
	i := slices.Index(order, f.cell)
	for _, c := range order[i+1:] {
		if slices.Contains(targets, c) {
			return false
		}
	}
	return true
}
