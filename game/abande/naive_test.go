package abande

import (
	"sort"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// naive is a deliberately simple second implementation of the rules, for
// cross-checking: stacks in a map from axial coordinates to their layers, everything
// recomputed from scratch, moves handled as notation strings. It shares only the
// point labels with the real one.
type naive struct {
	stacks map[hex.Coord][]game.Player // bottom to top
	hand   [2]int
	toMove game.Player
	passes int
}

func newNaive() *naive {
	return &naive{stacks: map[hex.Coord][]game.Player{}, hand: [2]int{18, 18}}
}

var naiveDirs = []hex.Coord{{Q: 1, R: 0}, {Q: 0, R: 1}, {Q: -1, R: 1}, {Q: -1, R: 0}, {Q: 0, R: -1}, {Q: 1, R: -1}}

func naiveOnBoard(c hex.Coord) bool {
	return c.Q >= -3 && c.Q <= 3 && c.R >= -3 && c.R <= 3 && -c.Q-c.R >= -3 && -c.Q-c.R <= 3
}

func naiveAll() []hex.Coord {
	var out []hex.Coord
	for q := -3; q <= 3; q++ {
		for r := -3; r <= 3; r++ {
			if c := (hex.Coord{Q: q, R: r}); naiveOnBoard(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

func naiveLabel(c hex.Coord) string {
	p, _ := hex.PointAt(c)
	return p.Label()
}

func naiveCoord(label string) hex.Coord {
	for _, c := range naiveAll() {
		if naiveLabel(c) == label {
			return c
		}
	}
	panic("naive: no point " + label)
}

func (n *naive) clone() *naive {
	c := *n
	c.stacks = map[hex.Coord][]game.Player{}
	for k, v := range n.stacks {
		c.stacks[k] = append([]game.Player(nil), v...)
	}
	return &c
}

func (n *naive) top(c hex.Coord) game.Player {
	st, ok := n.stacks[c]
	if !ok {
		return game.NoPlayer
	}
	return st[len(st)-1]
}

// connectedWithout reports whether the stacks other than at skip form one group, by
// breadth-first search.
func (n *naive) connectedWithout(skip hex.Coord) bool {
	var start *hex.Coord
	count := 0
	for c := range n.stacks {
		if c != skip {
			count++
			cc := c
			start = &cc
		}
	}
	if count == 0 {
		return true
	}
	seen := map[hex.Coord]bool{*start: true}
	queue := []hex.Coord{*start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range naiveDirs {
			nb := c.Add(d)
			if _, ok := n.stacks[nb]; ok && nb != skip && !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	return len(seen) == count
}

func (n *naive) legal() []string {
	if n.passes >= 2 {
		return nil
	}
	me := n.toMove
	var out []string
	if n.hand[me] > 0 {
		for _, c := range naiveAll() {
			if _, full := n.stacks[c]; full {
				continue
			}
			touches := len(n.stacks) == 0
			for _, d := range naiveDirs {
				if _, ok := n.stacks[c.Add(d)]; ok {
					touches = true
				}
			}
			if touches {
				out = append(out, naiveLabel(c))
			}
		}
	}
	black := 18 - n.hand[0]
	if black >= 2 {
		for c, st := range n.stacks {
			if st[len(st)-1] != me {
				continue
			}
			for _, d := range naiveDirs {
				to := c.Add(d)
				dst, ok := n.stacks[to]
				if !ok || dst[len(dst)-1] == me || len(st)+len(dst) > 3 {
					continue
				}
				if n.connectedWithout(c) {
					out = append(out, naiveLabel(c)+"-"+naiveLabel(to))
				}
			}
		}
	}
	if n.hand[me] == 0 {
		out = append(out, "pass")
	}
	sort.Strings(out)
	return out
}

func (n *naive) apply(mv string) {
	me := n.toMove
	switch {
	case mv == "pass":
		n.passes++
	case strings.Contains(mv, "-"):
		a, b, _ := strings.Cut(mv, "-")
		from, to := naiveCoord(a), naiveCoord(b)
		n.stacks[to] = append(n.stacks[to], n.stacks[from]...)
		delete(n.stacks, from)
		n.passes = 0
	default:
		n.stacks[naiveCoord(mv)] = []game.Player{me}
		n.hand[me]--
		n.passes = 0
	}
	n.toMove = 1 - me
}

func (n *naive) score() [2]int {
	var sc [2]int
	for c, st := range n.stacks {
		owner := st[len(st)-1]
		for _, d := range naiveDirs {
			if n.top(c.Add(d)) == 1-owner {
				sc[owner] += len(st)
				break
			}
		}
	}
	return sc
}

func (n *naive) perft(depth int) uint64 {
	moves := n.legal()
	if depth == 1 {
		return uint64(len(moves))
	}
	var total uint64
	for _, m := range moves {
		c := n.clone()
		c.apply(m)
		total += c.perft(depth - 1)
	}
	return total
}
