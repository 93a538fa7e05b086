package input

import (
	"errors"

	"trihex/game"
	"trihex/save"
)

// Match is the history of one game as a move tree (save.Node: the record's own
// tree, so that variations, comments and marks are written back as they are):
// the moves in effect run from the root to the live node; the current line runs
// on from there to its tip, the moves undone and still redoable; and one node is
// shown (review looks at an earlier position of the line without changing
// anything). A move played where the live node already has it is a redo; a new
// move starts a variation, and the line it is on becomes the main line, so that
// the record's main line is the game as played while the moves it replaced stay
// in the record as a variation. Positions are kept for every node reached, so
// review and undo cost nothing.
type Match struct {
	root   *save.Node
	live   *save.Node   // the position in effect
	view   *save.Node   // the position shown
	line   []*save.Node // root … tip: the current line, through live and view
	states map[*save.Node]game.State
	texts  map[*save.Node]string
	end    *save.Node  // where the game ended beyond the board, or nil
	endRes game.Result // how
}

// NewMatch starts a match from start, which it copies.
func NewMatch(start game.State) *Match {
	root := &save.Node{}
	m := &Match{root: root, states: map[*save.Node]game.State{root: start.Clone()}, texts: map[*save.Node]string{}}
	m.live, m.view, m.line = root, root, []*save.Node{root}
	return m
}

// NewMatchTree continues the move tree root (replayed from start: every node's
// Move, Ply and Parent set, as save.Load leaves them) at the end of its main line.
func NewMatchTree(start game.State, root *save.Node) *Match {
	m := &Match{root: root, states: map[*save.Node]game.State{root: start.Clone()}, texts: map[*save.Node]string{}}
	tip := root
	if line := root.MainLine(); len(line) > 0 {
		tip = line[len(line)-1]
	}
	m.setLine(tip)
	m.live, m.view = tip, tip
	return m
}

// state is the position after n, computed from its parent's on first use.
func (m *Match) state(n *save.Node) game.State {
	if s, ok := m.states[n]; ok {
		return s
	}
	s := m.state(n.Parent).Clone()
	s.Apply(n.Move)
	m.states[n] = s
	return s
}

// text is n's move in notation.
func (m *Match) text(n *save.Node) string {
	if t, ok := m.texts[n]; ok {
		return t
	}
	t := m.state(n.Parent).FormatMove(n.Move)
	m.texts[n] = t
	return t
}

// setLine makes the current line the path to n and on along n's main line.
func (m *Match) setLine(n *save.Node) {
	m.line = append(append([]*save.Node{m.root}, n.Path()...), n.MainLine()...)
}

// onMainLine reports whether n is on the tree's main line.
func onMainLine(n *save.Node) bool {
	for ; n.Parent != nil; n = n.Parent {
		if n.Parent.Children[0] != n {
			return false
		}
	}
	return true
}

// OnMainLine reports whether n is on the tree's main line.
func (m *Match) OnMainLine(n *save.Node) bool { return onMainLine(n) }

// Root is the move tree.
func (m *Match) Root() *save.Node { return m.root }

// Start is the start position.
func (m *Match) Start() game.State { return m.states[m.root] }

// Live is the current position of the game.
func (m *Match) Live() game.State { return m.state(m.live) }

// View is the position shown: the live one, or an earlier one under review.
func (m *Match) View() game.State { return m.state(m.view) }

// LiveNode and ViewNode are the nodes of the live and the shown positions.
func (m *Match) LiveNode() *save.Node { return m.live }

// ViewNode is the node of the position shown.
func (m *Match) ViewNode() *save.Node { return m.view }

// ViewIndex is the number of moves played to reach the shown position.
func (m *Match) ViewIndex() int { return m.view.Ply }

// Len is the number of moves in effect.
func (m *Match) Len() int { return m.live.Ply }

// Reviewing reports whether an earlier position is shown.
func (m *Match) Reviewing() bool { return m.view != m.live }

// Moves are the moves in effect, for the record.
func (m *Match) Moves() []game.Move {
	out := make([]game.Move, 0, m.live.Ply)
	for _, n := range m.line[1 : m.live.Ply+1] {
		out = append(out, n.Move)
	}
	return out
}

// Line is the current line's nodes after the root: the moves in effect, then the
// redoable ones.
func (m *Match) Line() []*save.Node { return m.line[1:] }

// Texts are the spellings of the current line's moves, including redoable ones
// past Len.
func (m *Match) Texts() []string {
	out := make([]string, 0, len(m.line)-1)
	for _, n := range m.line[1:] {
		out = append(out, m.text(n))
	}
	return out
}

// Text is the spelling of n's move.
func (m *Match) Text(n *save.Node) string { return m.text(n) }

// Move returns the i-th move (0-based) of the current line and the position it
// was played in.
func (m *Match) Move(i int) (game.Move, game.State) {
	n := m.line[i+1]
	return n.Move, m.state(n.Parent)
}

// ErrReviewing is returned by Play while an earlier position is shown.
var ErrReviewing = errors.New("input: reviewing an earlier position")

// ErrEnded is returned by Play once the game has ended beyond the board.
var ErrEnded = errors.New("input: the game is over")

// End ends the game at the live position beyond the board: res is a Result with
// a Termination (a resignation, a draw agreed, a loss on time). The live line
// becomes the main line, the game as it ended, and Play refuses moves there
// until ClearEnd.
func (m *Match) End(res game.Result) {
	m.ToLive()
	m.live.MakeMainLine()
	m.end, m.endRes = m.live, res
}

// Ending is the end beyond the board at the live position, if there is one.
func (m *Match) Ending() (game.Result, bool) {
	if m.end == nil || m.end != m.live {
		return game.Result{}, false
	}
	return m.endRes, true
}

// ClearEnd takes back the end beyond the board: the game goes on.
func (m *Match) ClearEnd() { m.end = nil }

// Result is how the game stands at the live position: its end beyond the board,
// or the rules' result.
func (m *Match) Result() game.Result {
	if r, ok := m.Ending(); ok {
		return r
	}
	return m.Live().Result()
}

// Play plays mv in the live position. The live node's child with that move is
// reached again (a redo, the rest of the line kept); a new move starts a
// variation, which becomes the main line when the live position is on it.
func (m *Match) Play(mv game.Move) error {
	if m.Reviewing() {
		return ErrReviewing
	}
	if _, ended := m.Ending(); ended {
		return ErrEnded
	}
	if c := m.live.Child(mv); c != nil {
		if m.live.Ply+1 >= len(m.line) || m.line[m.live.Ply+1] != c {
			m.setLine(c)
		}
		m.live, m.view = c, c
		return nil
	}
	next := m.state(m.live).Clone()
	text := next.FormatMove(mv)
	if err := next.Play(mv); err != nil {
		return err
	}
	c := m.live.AddChild(mv)
	if onMainLine(m.live) {
		// The game goes on here: this becomes the record's main line, and the
		// moves it replaces a variation. Inside a variation, it stays one.
		c.MakeMainLine()
	}
	m.states[c], m.texts[c] = next, text
	m.setLine(c)
	m.live, m.view = c, c
	return nil
}

// CanUndo reports whether a move can be taken back.
func (m *Match) CanUndo() bool { return m.live.Parent != nil }

// CanRedo reports whether an undone move can be replayed.
func (m *Match) CanRedo() bool { return m.live.Ply+1 < len(m.line) }

// Undo takes back the last move in effect and shows the live position.
func (m *Match) Undo() bool {
	if !m.CanUndo() {
		return false
	}
	m.live = m.live.Parent
	m.view = m.live
	return true
}

// Redo replays the next undone move of the line and shows the live position.
func (m *Match) Redo() bool {
	if !m.CanRedo() {
		return false
	}
	m.live = m.line[m.live.Ply+1]
	m.view = m.live
	return true
}

// Review shows the position after i moves of the line (clamped to the moves in
// effect).
func (m *Match) Review(i int) { m.view = m.line[max(0, min(i, m.live.Ply))] }

// Back shows the position one move earlier.
func (m *Match) Back() { m.Review(m.view.Ply - 1) }

// Forward shows the position one move later.
func (m *Match) Forward() { m.Review(m.view.Ply + 1) }

// ToLive shows the live position.
func (m *Match) ToLive() { m.view = m.live }

// GoTo makes n, a node of the tree, the live and shown position, its line the
// current one: to visit a variation, or to play on from a reviewed position. The
// moves after n on its line stay redoable.
func (m *Match) GoTo(n *save.Node) {
	onLine := n.Ply < len(m.line) && m.line[n.Ply] == n
	if !onLine {
		m.setLine(n)
	}
	m.live, m.view = n, n
}

// Remove takes the variation starting at n (and all after it) out of the tree;
// a node of the line through the live position cannot be removed.
func (m *Match) Remove(n *save.Node) bool {
	if n.Parent == nil || (n.Ply <= m.live.Ply && m.line[n.Ply] == n) {
		return false
	}
	p := n.Parent
	wasOnLine := n.Ply < len(m.line) && m.line[n.Ply] == n
	n.Remove()
	if wasOnLine {
		m.setLine(p) // the line goes on along what remains after p
	}
	return true
}
