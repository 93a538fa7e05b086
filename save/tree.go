package save

import (
	"errors"
	"fmt"
	"strings"

	"trihex/game"
)

// Node is one move of a record's move tree (RULES.md §6): the move, its mark and
// its comment, and the moves that may follow it. Children[0] continues the line
// the node is on; every other child starts a variation, an alternative to
// Children[0]. The root stands for the start position and has no move.
//
// A tree from Parse has each move as written (Token); Load and Replay set its
// Move, Ply and Parent by replaying it. A tree built by a program (AddChild) has
// Move and no Token. The position after a node is not stored: it
// is the start position with the moves from the root to the node applied
// (Position), which costs one Apply a ply, so that a long game with many
// variations takes about 180 bytes a move.
type Node struct {
	Move  game.Move // zero on the root and in a tree not yet replayed
	Token Token     // the move as written and where; zero for moves added by a program
	Mark  string    // "" or one of Marks: "!", "?", "!!", "??", "!?", "?!"
	// Comment is the comment after the move; on the root, the one before the
	// first move of the game. Comments read are as CleanComment makes them (one
	// line, single spaces); a program's are cleaned when written.
	Comment string
	// StartComment is a comment written at the start of a variation, before its
	// first move. It is kept (and written) only on the first move of a variation,
	// a child other than Children[0].
	StartComment string
	// Clock is the mover's clock just after the move, from its [%clk] (see
	// ClockStamp); written before the comment, never part of it.
	Clock ClockStamp
	// Note is a game review's judgement of the move, or nil. It lives on the
	// node so that undo, a new move or a variation never moves it to another
	// move; ApplyNotes writes it into the tree as the record keeps it.
	Note     *Note
	Ply      int   // 0 on the root, 1 for the first move of the game, …
	Parent   *Node // nil on the root
	Children []*Node
}

// Note is what a game review says of one move: its mark ("??", "?", "?!"), a
// comment, and a better move (zero: none).
type Note struct {
	Mark    string
	Comment string
	Better  game.Move
}

// ApplyNotes writes the review's notes of the tree below root into it as a record
// keeps them: a note's mark replaces the move's, its comment follows the
// player's own, and its better move becomes a variation commented "better"
// (unless the move is there already). Call it on a copy (Clone): the notes stay
// notes in the tree the game goes on with.
func ApplyNotes(root *Node) {
	stack := []*Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stack = append(stack, n.Children...)
		note := n.Note
		if note == nil || n.Parent == nil {
			continue
		}
		n.Note = nil
		if note.Mark != "" {
			n.Mark = note.Mark
		}
		if c := CleanComment(note.Comment); c != "" && !strings.Contains(n.Comment, c) {
			n.Comment = CleanComment(n.Comment + " " + c)
		}
		if note.Better != (game.Move{}) && n.Parent.Child(note.Better) == nil {
			n.Parent.AddChild(note.Better).Comment = "better"
		}
	}
}

// Marks are the move marks a record may carry, written right after the move.
var Marks = []string{"!", "?", "!!", "??", "!?", "?!"}

// ValidMark reports whether s is "" (no mark) or one of Marks.
func ValidMark(s string) bool {
	switch s {
	case "", "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	return false
}

// MaxNesting bounds how deeply Parse accepts variations nested inside
// variations, so that a crafted file cannot make the programs that walk the
// tree recurse without end. Main lines and variations may be of any length.
const MaxNesting = 1000

// MainLine returns the moves after n that continue its line: Children[0],
// its Children[0], and so on. On the root it is the game's main line.
func (n *Node) MainLine() []*Node {
	var line []*Node
	for len(n.Children) > 0 {
		n = n.Children[0]
		line = append(line, n)
	}
	return line
}

// Path returns the moves from the root to n, n last; empty for the root.
func (n *Node) Path() []*Node {
	k := 0
	for p := n; p.Parent != nil; p = p.Parent {
		k++
	}
	path := make([]*Node, k)
	for p := n; p.Parent != nil; p = p.Parent {
		k--
		path[k] = p
	}
	return path
}

// Position returns the position after n: a copy of start with the moves of
// Path applied. The moves must be legal from start, as in the tree of a Game,
// and each node's Parent set.
func (n *Node) Position(start game.State) game.State {
	s := start.Clone()
	for _, p := range n.Path() {
		s.Apply(p.Move)
	}
	return s
}

// Child returns the child of n whose move is m, or nil.
func (n *Node) Child(m game.Move) *Node {
	for _, c := range n.Children {
		if c.Move == m {
			return c
		}
	}
	return nil
}

// AddChild adds the move m after n and returns its node: the continuation of
// n's line when n has no child yet, otherwise a new variation, the last. It does
// not check that m is legal.
func (n *Node) AddChild(m game.Move) *Node {
	c := &Node{Move: m, Ply: n.Ply + 1, Parent: n}
	n.Children = append(n.Children, c)
	return c
}

// Remove takes n and every move after it out of the tree. When n was
// Children[0], the first variation (if any) becomes the continuation.
func (n *Node) Remove() {
	p := n.Parent
	if p == nil {
		return
	}
	if i := n.index(); i >= 0 {
		p.Children = append(p.Children[:i], p.Children[i+1:]...)
	}
	n.Parent = nil
}

// Promote moves n one place towards the front of its siblings; promoting the
// first variation makes it the continuation and the old continuation the first
// variation.
func (n *Node) Promote() {
	if i := n.index(); i > 0 {
		s := n.Parent.Children
		s[i-1], s[i] = s[i], s[i-1]
	}
}

// MakeMainLine makes the line through n the main line of the whole tree: n and
// each of its ancestors become Children[0] of their parents, the others keeping
// their order.
func (n *Node) MakeMainLine() {
	for p := n; p.Parent != nil; p = p.Parent {
		s := p.Parent.Children
		if i := p.index(); i > 0 {
			copy(s[1:i+1], s[:i])
			s[0] = p
		}
	}
}

// index returns n's place among its parent's children, or -1.
func (n *Node) index() int {
	if n.Parent == nil {
		return -1
	}
	for i, c := range n.Parent.Children {
		if c == n {
			return i
		}
	}
	return -1
}

// Clone returns a deep copy of n and everything after it; the copy of n has
// no parent.
func (n *Node) Clone() *Node {
	c := *n
	c.Parent = nil
	cloneBelow(&c)
	return &c
}

// cloneBelow replaces the children of dst, a copy of a node, by copies of
// them: iterating along lines and recursing into variations only, so that a
// long game does not make the stack deep.
func cloneBelow(dst *Node) {
	for len(dst.Children) > 0 {
		kids := make([]*Node, len(dst.Children))
		for i, k := range dst.Children {
			cp := *k
			cp.Parent = dst
			kids[i] = &cp
		}
		dst.Children = kids
		for _, k := range kids[1:] {
			cloneBelow(k)
		}
		dst = kids[0]
	}
}

// chain makes a tree of one line from the move texts of a Record without Root.
func chain(moves []Token) *Node {
	root := &Node{}
	n := root
	for _, t := range moves {
		c := &Node{Token: t, Ply: n.Ply + 1, Parent: n}
		n.Children = []*Node{c}
		n = c
	}
	return root
}

// Replay plays every move of the tree below root from start, in the order of
// the file (a move, the variations replacing it, then the rest of its line),
// and sets each node's Move, Ply and Parent. A node's Move is played when set,
// else its Token is read. It returns the position at the end of the main line
// (start itself is not changed). The first move that does not read or is not
// legal gives a *MoveError naming it and its variation; the tree is then only
// partly filled.
func Replay(start game.State, root *Node) (game.State, error) {
	s := start.Clone()
	if root == nil {
		return s, nil
	}
	root.Ply = 0
	w := walker{visit: func(parent, n *Node, m game.Move, _ game.State, ply int) error {
		n.Move, n.Ply, n.Parent = m, ply, parent
		return nil
	}}
	return w.line(root, 0, s)
}

// walker visits the moves of a tree in the order of the file, playing each on
// the position before it; with no position (a nil state) it only visits them,
// as written. Its callbacks may be nil.
type walker struct {
	// visit is called with each move before it is played, the position
	// before it (not to be kept), and its ply.
	visit func(parent, n *Node, m game.Move, before game.State, ply int) error
	open  func(v *Node) // a variation starting with v begins
	close func()        // the variation ends
	vars  []variation   // the variations being walked, outermost first
}

// variation names a variation for errors: its first move and the move it replaces.
type variation struct {
	ply             int
	text, insteadOf string
}

// line walks the moves after from, which is at ply and after which the
// position is s (the walk may change s), and returns the position at the end
// of from's line. It iterates along lines and recurses into variations.
func (w *walker) line(from *Node, ply int, s game.State) (game.State, error) {
	n := from
	for len(n.Children) > 0 {
		main := n.Children[0]
		after := s
		if len(n.Children) > 1 && s != nil {
			after = s.Clone()
		}
		if err := w.play(n, main, after, ply+1); err != nil {
			return nil, err
		}
		for i, v := range n.Children[1:] {
			vs := s // the last variation may use the position before main itself
			if i < len(n.Children)-2 && s != nil {
				vs = s.Clone()
			}
			w.vars = append(w.vars, variation{ply + 1, moveText(v, s), moveText(main, s)})
			if w.open != nil {
				w.open(v)
			}
			if err := w.play(n, v, vs, ply+1); err != nil {
				return nil, err
			}
			if _, err := w.line(v, ply+1, vs); err != nil {
				return nil, err
			}
			if w.close != nil {
				w.close()
			}
			w.vars = w.vars[:len(w.vars)-1]
		}
		n, s, ply = main, after, ply+1
	}
	return s, nil
}

var errNoMove = errors.New("no move")

// play reads n's move, visits it and plays it on s.
func (w *walker) play(parent, n *Node, s game.State, ply int) error {
	m := n.Move
	if s == nil {
		if w.visit == nil {
			return nil
		}
		return w.visit(parent, n, m, nil, ply)
	}
	var err error
	if m == (game.Move{}) {
		if n.Token.Text == "" {
			err = errNoMove
		} else {
			m, err = s.ParseMove(n.Token.Text)
		}
	}
	if err == nil && w.visit != nil {
		err = w.visit(parent, n, m, s, ply)
	}
	if err == nil {
		err = s.Play(m)
	}
	if err != nil {
		tok := n.Token
		if tok.Text == "" && m != (game.Move{}) {
			tok.Text = s.FormatMove(m)
		}
		return &MoveError{Token: tok, Ply: ply, Err: err, Variation: w.describe()}
	}
	return nil
}

// describe names the variation being walked, innermost first, or "".
func (w *walker) describe() string {
	var parts []string
	for i := len(w.vars) - 1; i >= 0; i-- {
		v := w.vars[i]
		parts = append(parts, fmt.Sprintf("%s %s (instead of %s %s)",
			moveNumber(v.ply, true), v.text, moveNumber(v.ply, true), v.insteadOf))
	}
	return strings.Join(parts, " in the variation ")
}

// moveText is n's move as written, or spelled in s (the position before it).
func moveText(n *Node, s game.State) string {
	if n.Token.Text != "" || n.Move == (game.Move{}) || s == nil {
		return n.Token.Text
	}
	return s.FormatMove(n.Move)
}

// moveNumber spells the number of the move at ply: "3." for the first
// mover's, "3..." for the second mover's when dots is set, else "".
func moveNumber(ply int, dots bool) string {
	if ply%2 == 1 {
		return fmt.Sprintf("%d.", (ply+1)/2)
	}
	if dots {
		return fmt.Sprintf("%d...", ply/2)
	}
	return ""
}
