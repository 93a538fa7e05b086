package puzzle

import (
	"errors"
	"slices"

	"trihex/game"
)

// ErrBudget is returned when a proof needs more nodes than the prover's Limit: the
// position is then neither proven nor refuted (the generator skips it).
var ErrBudget = errors.New("puzzle: node budget exceeded")

// keepDepth is the horizon of keep's search, in the mover's own moves: far beyond
// any Abande endgame the generator takes (the game ends within a few passes once no
// capture is left), so "wins within keepDepth" is "wins".
const keepDepth = 60

// Prover decides the kinds exactly by an AND-OR search over all legal moves: the
// attacker's moves are tried until one works, the defender's are all tried. Results
// are kept by position hash, as "wins within n" bounds, so the proof of one position
// helps its neighbours. A Prover is not safe for concurrent use.
type Prover struct {
	// Limit is the node budget (moves applied) of one Answers call; 0 means none.
	Limit int
	// Nodes counts the moves applied since the prover was made.
	Nodes int

	spent   int
	stopped bool
	win     map[uint64]bounds // attacker to move: wins within n of its moves
	hold    map[uint64]bounds // defender to move: the attacker still wins within n
	states  []game.State      // scratch position per ply below the root
	buf     [][]game.Move     // legal moves per ply
	open    [][]game.Move     // moves per ply that do not end the game
	killers [][2]game.Move    // per ply: the last moves that won (attacker) or refuted (defender)
}

// bounds is what is known of one position: win is the fewest own moves the attacker
// was proven to win within (0: none proven), fail the most it was proven not to.
type bounds struct{ win, fail int8 }

// maxTable is the number of entries at which the tables start over, so that a long
// generation run stays within memory.
const maxTable = 1 << 21

// NewProver returns a prover with empty tables and no node budget.
func NewProver() *Prover {
	return &Prover{win: map[uint64]bounds{}, hold: map[uint64]bounds{}}
}

// scratch returns the scratch state of ply d, made from s the first time.
func (p *Prover) scratch(d int, s game.State) game.State {
	for len(p.states) <= d {
		p.states = append(p.states, s.Clone())
		p.buf = append(p.buf, nil)
		p.open = append(p.open, nil)
		p.killers = append(p.killers, [2]game.Move{})
	}
	return p.states[d]
}

// reset starts a new Answers call: the budget, and the tables when they grew large.
// The scratch states are dropped when the game changes.
func (p *Prover) reset(s game.State) {
	p.spent, p.stopped = 0, false
	if len(p.win)+len(p.hold) > maxTable {
		clear(p.win)
		clear(p.hold)
	}
	if len(p.states) > 0 && p.states[0].Info() != s.Info() {
		p.states, p.buf, p.open, p.killers = nil, nil, nil, nil
		clear(p.win)
		clear(p.hold)
	}
}

// spend counts one applied move and reports whether the budget is gone.
func (p *Prover) spend() bool {
	p.Nodes++
	p.spent++
	if p.Limit > 0 && p.spent > p.Limit {
		p.stopped = true
	}
	return p.stopped
}

// killer records m as the latest good move at ply d.
func (p *Prover) killer(d int, m game.Move) {
	if p.killers[d][0] != m {
		p.killers[d][1], p.killers[d][0] = p.killers[d][0], m
	}
}

// front moves the moves of first that are in ms to the front of ms, in first's
// order: the move ordering of the search.
func front(ms []game.Move, first ...game.Move) {
	k := 0
	for _, f := range first {
		if f == (game.Move{}) {
			continue
		}
		if i := slices.Index(ms[k:], f); i >= 0 {
			ms[k], ms[k+i] = ms[k+i], ms[k]
			k++
		}
	}
}

// cannot reports positions where the attacker cannot win within n of its own moves
// whatever happens, by a count the game makes easy (game.WinBounder: Abande's
// hands, Attangle's triples).
func cannot(s game.State, att game.Player, n int) bool {
	b, ok := s.(game.WinBounder)
	return ok && b.CannotWinWithin(att, n)
}

// lookup reads a table: known says whether the entry decides "wins within n".
func lookup(t map[uint64]bounds, h uint64, n int) (wins, known bool) {
	b, ok := t[h]
	switch {
	case !ok:
		return false, false
	case b.win > 0 && int(b.win) <= n:
		return true, true
	case int(b.fail) >= n:
		return false, true
	}
	return false, false
}

// store writes a result into a table, unless the budget ran out (a search cut
// short proves nothing).
func (p *Prover) store(t map[uint64]bounds, h uint64, n int, wins bool) {
	if p.stopped {
		return
	}
	b := t[h]
	if wins {
		if b.win == 0 || int(b.win) > n {
			b.win = int8(n)
		}
	} else if int(b.fail) < n {
		b.fail = int8(n)
	}
	t[h] = b
}

// wins reports whether the side to move in s (at ply d below the root) wins within
// n of its own moves against every defence.
func (p *Prover) wins(s game.State, n, d int) bool {
	me := s.ToMove()
	if cannot(s, me, n) {
		return false
	}
	h := s.Hash()
	if w, ok := lookup(p.win, h, n); ok {
		return w
	}
	child := p.scratch(d+1, s)
	// The moves that won here before first, without generating the others.
	for _, m := range p.killers[d] {
		if m == (game.Move{}) || !s.IsLegal(m) {
			continue
		}
		child.CopyFrom(s)
		child.Apply(m)
		if p.spend() {
			return false
		}
		if r := child.Result(); r.Over && r.Winner == me {
			p.store(p.win, h, 1, true)
			return true
		}
	}
	moves := s.LegalMoves(p.buf[d][:0])
	p.buf[d] = moves
	open := p.open[d][:0]
	for _, m := range moves {
		child.CopyFrom(s)
		child.Apply(m)
		if p.spend() {
			return false
		}
		if r := child.Result(); r.Over {
			if r.Winner == me {
				p.killer(d, m)
				p.store(p.win, h, 1, true)
				return true
			}
			continue
		}
		open = append(open, m)
	}
	p.open[d] = open
	if n == 1 {
		p.store(p.win, h, 1, false)
		return false
	}
	front(open, p.killers[d][0], p.killers[d][1])
	for i := 0; i < len(open); i++ {
		m := p.open[d][i]
		child.CopyFrom(s)
		child.Apply(m)
		if p.holds(child, n-1, d+1) {
			p.killer(d, m)
			p.store(p.win, h, n, true)
			return true
		}
		if p.stopped {
			return false
		}
	}
	p.store(p.win, h, n, false)
	return false
}

// holds reports whether the side not to move in s (at ply d) wins within n of its
// own moves against every reply of the side to move.
func (p *Prover) holds(s game.State, n, d int) bool {
	att := s.ToMove().Other()
	if cannot(s, att, n) {
		return false
	}
	h := s.Hash()
	if w, ok := lookup(p.hold, h, n); ok {
		return w
	}
	child := p.scratch(d+1, s)
	moves := s.LegalMoves(p.buf[d][:0])
	p.buf[d] = moves
	open := p.open[d][:0]
	// A reply that ends the game without the attacker winning refutes at once.
	for _, m := range moves {
		child.CopyFrom(s)
		child.Apply(m)
		if p.spend() {
			return false
		}
		if r := child.Result(); r.Over {
			if r.Winner != att {
				p.killer(d, m)
				p.store(p.hold, h, n, false)
				return false
			}
			continue
		}
		open = append(open, m)
	}
	p.open[d] = open
	// The replies that refuted here before, then those on the attacker's last
	// winning moves (a block), then the rest.
	front(open, p.killers[d][0], p.killers[d][1], p.killers[d+1][0], p.killers[d+1][1])
	for i := 0; i < len(open); i++ {
		m := p.open[d][i]
		child.CopyFrom(s)
		child.Apply(m)
		if !p.wins(child, n, d+1) {
			if p.stopped {
				return false
			}
			p.killer(d, m)
			p.store(p.hold, h, n, false)
			return false
		}
	}
	p.store(p.hold, h, n, true)
	return true
}

// winsWith reports how move m of the side to move in s stands for a horizon of n:
// the attacker is the side to move, and m is good when it wins at once or the
// attacker still wins within n−1 more moves against every reply.
func (p *Prover) winsWith(s game.State, m game.Move, n int) bool {
	me := s.ToMove()
	child := p.scratch(1, s)
	child.CopyFrom(s)
	child.Apply(m)
	p.spend()
	if r := child.Result(); r.Over {
		return r.Winner == me
	}
	return n > 1 && p.holds(child, n-1, 1)
}

// threatAfter reports whether, after move m of the side to move in s, the opponent
// wins with its next move (and, in over, whether m itself ended the game, and
// with whom winning).
func (p *Prover) threatAfter(s game.State, m game.Move) (threat bool, over game.Result) {
	child := p.scratch(1, s)
	child.CopyFrom(s)
	child.Apply(m)
	p.spend()
	if r := child.Result(); r.Over {
		return false, r
	}
	return p.wins(child, 1, 1), game.Ongoing
}

// Answers returns the legal moves of s that satisfy kind k, in the order
// LegalMoves gives them, having examined every legal move; ErrBudget when the
// limit ran out first. It does not judge whether s makes a good puzzle (see
// Classify).
func (p *Prover) Answers(s game.State, k Kind) ([]game.Move, error) {
	p.reset(s)
	return p.answers(s, k)
}

// answers is Answers within the budget already started.
func (p *Prover) answers(s game.State, k Kind) ([]game.Move, error) {
	p.scratch(0, s)
	if s.Result().Over {
		return nil, nil
	}
	moves := s.LegalMoves(nil)
	var out []game.Move
	for _, m := range moves {
		ok, err := p.satisfies(s, k, m)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, m)
		}
	}
	return out, nil
}

// Satisfies reports whether the legal move m satisfies kind k in s.
func (p *Prover) Satisfies(s game.State, k Kind, m game.Move) (bool, error) {
	p.reset(s)
	return p.satisfies(s, k, m)
}

func (p *Prover) satisfies(s game.State, k Kind, m game.Move) (bool, error) {
	p.scratch(0, s)
	var ok bool
	switch k {
	case Win1, Win2, Win3:
		ok = p.winsWith(s, m, k.Moves())
	case Keep:
		ok = p.winsWith(s, m, keepDepth)
	case Defend:
		threat, over := p.threatAfter(s, m)
		ok = !threat && (!over.Over || over.Winner == s.ToMove())
	}
	if p.stopped {
		return false, ErrBudget
	}
	return ok, nil
}
