package attangle

import (
	"flag"
	"slices"
	"sort"
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

var deepPerft = flag.Bool("perft.deep", false, "run perft(5) with the fast and the naive implementation")

// perft5 is perft(5) from the start, computed by both the naive implementation below
// and the package (go test -run Perft -perft.deep).
const perft5 = 45516000

// naive is a deliberately simple second implementation of the rules: stacks as
// slices of colours in a map keyed by axial coordinate, every move list recomputed by
// walking coordinates, moves as strings.
type naive struct {
	stacks map[hex.Coord][]game.Player
	pool   [2]int
	toMove game.Player
	loss   bool
	over   bool
	winner game.Player
	reason string
}

func newNaive(loss bool) *naive {
	return &naive{stacks: map[hex.Coord][]game.Player{}, pool: [2]int{18, 18}, loss: loss, winner: game.NoPlayer}
}

func (n *naive) clone() *naive {
	c := *n
	c.stacks = make(map[hex.Coord][]game.Player, len(n.stacks))
	for k, v := range n.stacks {
		c.stacks[k] = append([]game.Player(nil), v...)
	}
	return &c
}

func onBoard(c hex.Coord) bool { _, ok := hex.PointAt(c); return ok }

func label(c hex.Coord) string { p, _ := hex.PointAt(c); return p.Label() }

// allCoords lists the board's coordinates.
func allCoords() []hex.Coord {
	var out []hex.Coord
	for q := -3; q <= 3; q++ {
		for r := -3; r <= 3; r++ {
			if c := (hex.Coord{Q: q, R: r}); onBoard(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

func (n *naive) owner(c hex.Coord) game.Player {
	st := n.stacks[c]
	if len(st) == 0 {
		return game.NoPlayer
	}
	return st[len(st)-1]
}

// moves returns the legal moves, sorted, spelled in notation.
func (n *naive) moves() []string {
	if n.over {
		return nil
	}
	var out []string
	me := n.toMove
	for _, c := range allCoords() {
		if c == (hex.Coord{}) || len(n.stacks[c]) > 0 || n.pool[me] == 0 {
			continue
		}
		out = append(out, label(c))
	}
	for _, t := range allCoords() {
		if n.owner(t) != me.Other() || len(n.stacks[t]) == 3 {
			continue
		}
		var cands []hex.Coord
		for _, d := range hex.Dirs {
			c := t
			for {
				c = c.Add(d)
				if !onBoard(c) {
					break
				}
				if len(n.stacks[c]) > 0 {
					if n.owner(c) == me && len(n.stacks[c]) < 3 {
						cands = append(cands, c)
					}
					break
				}
			}
		}
		for i := range cands {
			for j := i + 1; j < len(cands); j++ {
				if len(n.stacks[t])+len(n.stacks[cands[i]])+len(n.stacks[cands[j]])-1 > 3 {
					continue
				}
				a, b := label(cands[i]), label(cands[j])
				if b < a {
					a, b = b, a
				}
				out = append(out, a+","+b+"-"+label(t))
			}
		}
	}
	sort.Strings(out)
	return out
}

func (n *naive) coordOf(l string) hex.Coord {
	p, ok := hex.ParsePoint(l)
	if !ok {
		panic("bad label " + l)
	}
	return p.Coord()
}

// play applies a legal move given in notation and decides the end.
func (n *naive) play(m string) {
	me := n.toMove
	if len(m) == 2 {
		n.stacks[n.coordOf(m)] = []game.Player{me}
		n.pool[me]--
	} else {
		a, b, t := n.coordOf(m[0:2]), n.coordOf(m[3:5]), n.coordOf(m[6:8])
		sa, sb := n.stacks[a], n.stacks[b]
		if len(sa) < len(sb) {
			sa, sb = sb, sa
		}
		st := append(append(append([]game.Player(nil), n.stacks[t]...), sa...), sb...)
		st = st[:len(st)-1]
		n.pool[me]++
		delete(n.stacks, a)
		delete(n.stacks, b)
		n.stacks[t] = st
		triples := 0
		for _, s := range n.stacks {
			if len(s) == 3 && s[2] == me {
				triples++
			}
		}
		if triples >= 3 {
			n.over, n.winner, n.reason = true, me, "three triples"
		}
	}
	n.toMove = me.Other()
	if !n.over && len(n.moves()) == 0 {
		n.over, n.reason = true, "stalemate"
		if n.loss {
			n.winner = me
		}
	}
}

func (n *naive) perft(depth int) uint64 {
	ms := n.moves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var total uint64
	for _, m := range ms {
		c := n.clone()
		c.play(m)
		total += c.perft(depth - 1)
	}
	return total
}

func TestNaivePerft(t *testing.T) {
	depth := 3
	if *deepPerft {
		depth = 5
	}
	for d := 1; d <= depth; d++ {
		fast := game.Perft(New(nil), d)
		slow := newNaive(false).perft(d)
		if fast != slow {
			t.Errorf("perft(%d): package %d, naive %d", d, fast, slow)
		}
		t.Logf("perft(%d) = %d", d, fast)
	}
}

// The package and the naive implementation agree on the legal moves and the result at
// every ply of random games.
func TestNaiveRandomGames(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 30
	}
	r := game.NewRand(7)
	for i := 0; i < games; i++ {
		loss := i%2 == 1
		opts := "stalemate=draw"
		if loss {
			opts = "stalemate=loss"
		}
		st, _ := Info.Start(opts)
		s := st.(*State)
		n := newNaive(loss)
		var played []string
		for {
			got, want := gametest.SortedLegal(s), n.moves()
			if !slices.Equal(got, want) {
				t.Fatalf("game %d after %v:\n%v\n got %v\nwant %v", i, played, s, got, want)
			}
			res := s.Result()
			if res.Over != n.over || res.Winner != n.winner || res.Reason != n.reason {
				t.Fatalf("game %d after %v: result %+v, naive %v %v %q", i, played, res, n.over, n.winner, n.reason)
			}
			if len(got) == 0 {
				break
			}
			m := got[r.Intn(len(got))]
			played = append(played, m)
			mustPlay(t, s, m)
			n.play(m)
		}
	}
}

func mustPlay(t testing.TB, s *State, moves ...string) {
	t.Helper()
	for _, txt := range moves {
		m, err := s.ParseMove(txt)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("%v\n%v", err, s)
		}
	}
}
