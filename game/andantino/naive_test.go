package andantino

import (
	"fmt"
	"sort"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// naive is a deliberately simple second implementation of RULES.md §4 for
// cross-checking: a map of coordinates, moves as strings, and every question
// (neighbours, enclosure) recomputed from scratch over the whole surface.
type naive struct {
	tiles      map[hex.Coord]game.Player
	left       [2]int
	toMove     game.Player
	once, cont bool
	onceUsed   bool
	inCont     bool
	res        game.Result
	seen       map[string]int // continuation positions, by key
	hasHistory bool           // seen is complete (false when built from a position)
}

func newNaive(once, cont bool) *naive {
	return &naive{
		tiles:      map[hex.Coord]game.Player{{Q: 0, R: 0}: game.First, {Q: 1, R: 0}: game.Second},
		left:       [2]int{24, 24},
		once:       once,
		cont:       cont,
		res:        game.Ongoing,
		seen:       map[string]int{},
		hasHistory: true,
	}
}

// naiveFrom copies the position of s (without its repetition history).
func naiveFrom(s *State) *naive {
	n := &naive{tiles: map[hex.Coord]game.Player{}, left: s.left, toMove: s.toMove, once: s.once,
		cont: s.cont, onceUsed: s.onceUsed, inCont: s.inCont, res: s.res, seen: map[string]int{}}
	for _, t := range s.Tiles() {
		n.tiles[t.At] = t.Owner
	}
	return n
}

func (n *naive) clone() *naive {
	c := *n
	c.tiles = map[hex.Coord]game.Player{}
	for k, v := range n.tiles {
		c.tiles[k] = v
	}
	c.seen = map[string]int{}
	for k, v := range n.seen {
		c.seen[k] = v
	}
	return &c
}

func (n *naive) key() string {
	var parts []string
	for c, p := range n.tiles {
		parts = append(parts, fmt.Sprintf("%d,%d:%d", c.Q, c.R, p))
	}
	sort.Strings(parts)
	return fmt.Sprint(n.toMove, n.onceUsed, parts)
}

// touching counts the tiles next to c, leaving out the tile on skip.
func (n *naive) touching(c hex.Coord, skip *hex.Coord) int {
	k := 0
	for _, d := range hex.Dirs {
		x := c.Add(d)
		if _, ok := n.tiles[x]; ok && (skip == nil || x != *skip) {
			k++
		}
	}
	return k
}

// candidates are the empty cells next to some tile.
func (n *naive) candidates() map[hex.Coord]bool {
	out := map[hex.Coord]bool{}
	for c := range n.tiles {
		for _, d := range hex.Dirs {
			if _, ok := n.tiles[c.Add(d)]; !ok {
				out[c.Add(d)] = true
			}
		}
	}
	return out
}

func spell(c hex.Coord) string { return fmt.Sprintf("%d,%d", c.Q, c.R) }

func (n *naive) legal() []string {
	var out []string
	if n.res.Over {
		return out
	}
	if !n.inCont {
		single := n.once && n.toMove == game.Second && !n.onceUsed
		for c := range n.candidates() {
			if k := n.touching(c, nil); k >= 2 || k == 1 && single {
				out = append(out, spell(c))
			}
		}
	} else {
		for from, p := range n.tiles {
			if p != n.toMove {
				continue
			}
			for c := range n.candidates() {
				if c != from && n.touching(c, &from) >= 2 {
					out = append(out, spell(from)+"-"+spell(c))
				}
			}
			// The picked-up cell itself is never a target ("another" cell).
		}
	}
	sort.Strings(out)
	return out
}

func parseNaive(s string) (from, to hex.Coord, reloc bool) {
	var a, b, c, d int
	if k, _ := fmt.Sscanf(s, "%d,%d-%d,%d", &a, &b, &c, &d); k == 4 {
		return hex.Coord{Q: a, R: b}, hex.Coord{Q: c, R: d}, true
	}
	fmt.Sscanf(s, "%d,%d", &a, &b)
	return hex.Coord{}, hex.Coord{Q: a, R: b}, false
}

// enclosed returns every cell, not of p, that cannot reach beyond the tiles' hull
// without crossing p's tiles: a flood from outside over a rectangle around all tiles.
func (n *naive) enclosed(p game.Player) map[hex.Coord]bool {
	minQ, maxQ, minR, maxR := 1<<30, -(1 << 30), 1<<30, -(1 << 30)
	for c := range n.tiles {
		minQ, maxQ = min(minQ, c.Q), max(maxQ, c.Q)
		minR, maxR = min(minR, c.R), max(maxR, c.R)
	}
	minQ, maxQ, minR, maxR = minQ-1, maxQ+1, minR-1, maxR+1
	inside := func(c hex.Coord) bool { return c.Q >= minQ && c.Q <= maxQ && c.R >= minR && c.R <= maxR }
	reached := map[hex.Coord]bool{}
	var stack []hex.Coord
	for q := minQ; q <= maxQ; q++ {
		for r := minR; r <= maxR; r++ {
			if q == minQ || q == maxQ || r == minR || r == maxR {
				c := hex.Coord{Q: q, R: r}
				reached[c] = true
				stack = append(stack, c)
			}
		}
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range hex.Dirs {
			x := c.Add(d)
			if owner, ok := n.tiles[x]; inside(x) && !reached[x] && (!ok || owner != p) {
				reached[x] = true
				stack = append(stack, x)
			}
		}
	}
	out := map[hex.Coord]bool{}
	for q := minQ; q <= maxQ; q++ {
		for r := minR; r <= maxR; r++ {
			c := hex.Coord{Q: q, R: r}
			if owner, ok := n.tiles[c]; !reached[c] && (!ok || owner != p) {
				out[c] = true
			}
		}
	}
	return out
}

// holes are p's enclosed empty cells.
func (n *naive) holes(p game.Player) map[hex.Coord]bool {
	out := map[hex.Coord]bool{}
	for c := range n.enclosed(p) {
		if _, ok := n.tiles[c]; !ok {
			out[c] = true
		}
	}
	return out
}

func (n *naive) play(mv string) {
	from, to, reloc := parseNaive(mv)
	p := n.toMove
	if reloc {
		delete(n.tiles, from)
	} else {
		if n.once && p == game.Second && n.touching(to, nil) == 1 {
			n.onceUsed = true
		}
		n.left[p]--
	}
	n.tiles[to] = p
	n.res = n.judge(to, p)
	n.toMove = 1 - p
	if !n.res.Over && len(n.tiles) == 50 && !n.inCont {
		if n.cont {
			n.inCont = true
		} else {
			n.res = game.Result{Over: true, Winner: game.NoPlayer, Reason: ReasonFifty}
			return
		}
	}
	if n.inCont {
		n.seen[n.key()]++
		if !n.res.Over && n.seen[n.key()] >= 3 && n.hasHistory {
			n.res = game.Result{Over: true, Winner: game.NoPlayer, Reason: ReasonRepetition}
		}
	}
}

// judge applies the three win checks, in order, to the tile p just put on to.
func (n *naive) judge(to hex.Coord, p game.Player) game.Result {
	for a := 0; a < 3; a++ {
		run := 1
		for _, d := range []hex.Coord{hex.Dirs[a], hex.Dirs[a+3]} {
			for x := to.Add(d); n.tiles[x] == p && n.has(x); x = x.Add(d) {
				run++
			}
		}
		if run >= 5 {
			return game.Result{Over: true, Winner: p, Reason: ReasonLine}
		}
	}
	// Group p's enclosed cells into regions; a region holding an opponent tile is a
	// trap, "with a gap" when it also holds an empty cell.
	enc := n.enclosed(p)
	done := map[hex.Coord]bool{}
	trap, gapTrap := false, false
	for c := range enc {
		if done[c] {
			continue
		}
		opp, empty := 0, 0
		stack := []hex.Coord{c}
		done[c] = true
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n.has(x) {
				opp++
			} else {
				empty++
			}
			for _, d := range hex.Dirs {
				if y := x.Add(d); enc[y] && !done[y] {
					done[y] = true
					stack = append(stack, y)
				}
			}
		}
		if opp > 0 && empty == 0 {
			trap = true
		} else if opp > 0 {
			gapTrap = true
		}
	}
	switch {
	case trap:
		return game.Result{Over: true, Winner: p, Reason: ReasonTrap}
	case gapTrap:
		return game.Result{Over: true, Winner: p, Reason: ReasonTrapGap}
	case n.enclosed(1 - p)[to]:
		return game.Result{Over: true, Winner: 1 - p, Reason: ReasonSuicide}
	}
	return game.Ongoing
}

func (n *naive) has(c hex.Coord) bool { _, ok := n.tiles[c]; return ok }

// naivePerft counts move sequences with the naive rules.
func naivePerft(n *naive, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := n.legal()
	if depth == 1 {
		return uint64(len(moves))
	}
	var total uint64
	for _, m := range moves {
		c := n.clone()
		c.play(m)
		total += naivePerft(c, depth-1)
	}
	return total
}

// compareNaive checks s against n: legal moves, result, tiles, holes of both sides.
func compareNaive(s *State, n *naive) error {
	got, want := sortedLegal(s), n.legal()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		return fmt.Errorf("legal moves differ\n got %v\nwant %v", got, want)
	}
	if s.res != n.res {
		return fmt.Errorf("result %+v, naive %+v", s.res, n.res)
	}
	if len(s.Tiles()) != len(n.tiles) {
		return fmt.Errorf("%d tiles, naive %d", len(s.Tiles()), len(n.tiles))
	}
	for _, t := range s.Tiles() {
		if p, ok := n.tiles[t.At]; !ok || p != t.Owner {
			return fmt.Errorf("tile %v of %v, naive has %v", t.At, t.Owner, p)
		}
	}
	if s.res.Over {
		return nil // holes are not completed once the game is won
	}
	for p := game.First; p <= game.Second; p++ {
		h := n.holes(p)
		for c := range h {
			if !s.isHole(c, p) {
				return fmt.Errorf("%v is a hole of %v for the naive rules only", c, p)
			}
		}
		if k := s.countHoles(p); k != len(h) {
			return fmt.Errorf("%d holes of %v, naive %d", k, p, len(h))
		}
	}
	return nil
}

func sortedLegal(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.FormatMove(m))
	}
	sort.Strings(out)
	return out
}

func (s *State) isHole(c hex.Coord, p game.Player) bool {
	i, ok := s.cell(c.Q, c.R)
	return ok && s.grid[i]&(holeBit<<p) != 0
}

func (s *State) countHoles(p game.Player) int {
	k := 0
	for _, v := range s.grid {
		if v&(holeBit<<p) != 0 {
			k++
		}
	}
	return k
}
