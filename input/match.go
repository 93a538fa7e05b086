package input

import (
	"errors"

	"trihex/game"
)

// Match is the history of one game: the moves played, how many are in effect (undo
// takes moves back without forgetting them, so redo can replay them) and which
// position is shown (review looks at an earlier position without changing
// anything). Positions are kept for every ply, so review and undo cost nothing.
type Match struct {
	moves  []game.Move  // every move played, including undone ones still redoable
	texts  []string     // their spellings
	states []game.State // states[i] is the position after i moves; len = len(moves)+1
	n      int          // moves in effect: the live position is states[n]
	view   int          // the position shown; n when live
}

// NewMatch starts a match from start, which it copies.
func NewMatch(start game.State) *Match {
	return &Match{states: []game.State{start.Clone()}}
}

// Start is the start position.
func (m *Match) Start() game.State { return m.states[0] }

// Live is the current position of the game.
func (m *Match) Live() game.State { return m.states[m.n] }

// View is the position shown: the live one, or an earlier one under review.
func (m *Match) View() game.State { return m.states[m.view] }

// ViewIndex is the number of moves played to reach the shown position.
func (m *Match) ViewIndex() int { return m.view }

// Len is the number of moves in effect.
func (m *Match) Len() int { return m.n }

// Reviewing reports whether an earlier position is shown.
func (m *Match) Reviewing() bool { return m.view != m.n }

// Moves are the moves in effect, for the record.
func (m *Match) Moves() []game.Move { return m.moves[:m.n] }

// Texts are the spellings of all moves, including redoable ones past Len.
func (m *Match) Texts() []string { return m.texts }

// Move returns the i-th move (0-based) and the position it was played in.
func (m *Match) Move(i int) (game.Move, game.State) { return m.moves[i], m.states[i] }

// ErrReviewing is returned by Play while an earlier position is shown.
var ErrReviewing = errors.New("input: reviewing an earlier position")

// Play plays mv in the live position. Redoable moves are forgotten unless mv is the
// next of them, in which case it is simply redone.
func (m *Match) Play(mv game.Move) error {
	if m.Reviewing() {
		return ErrReviewing
	}
	if m.n < len(m.moves) && m.moves[m.n] == mv {
		m.Redo()
		return nil
	}
	next := m.states[m.n].Clone()
	text := next.FormatMove(mv)
	if err := next.Play(mv); err != nil {
		return err
	}
	m.moves = append(m.moves[:m.n], mv)
	m.texts = append(m.texts[:m.n], text)
	m.states = append(m.states[:m.n+1], next)
	m.n++
	m.view = m.n
	return nil
}

// CanUndo reports whether a move can be taken back.
func (m *Match) CanUndo() bool { return m.n > 0 }

// CanRedo reports whether an undone move can be replayed.
func (m *Match) CanRedo() bool { return m.n < len(m.moves) }

// Undo takes back the last move in effect and shows the live position.
func (m *Match) Undo() bool {
	if !m.CanUndo() {
		return false
	}
	m.n--
	m.view = m.n
	return true
}

// Redo replays the next undone move and shows the live position.
func (m *Match) Redo() bool {
	if !m.CanRedo() {
		return false
	}
	m.n++
	m.view = m.n
	return true
}

// Review shows the position after i moves (clamped to the moves in effect).
func (m *Match) Review(i int) { m.view = max(0, min(i, m.n)) }

// Back shows the position one move earlier.
func (m *Match) Back() { m.Review(m.view - 1) }

// Forward shows the position one move later.
func (m *Match) Forward() { m.Review(m.view + 1) }

// ToLive shows the live position.
func (m *Match) ToLive() { m.view = m.n }
