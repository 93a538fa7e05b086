// Package exercise holds the game screen's modes without a display: a game, a
// lesson (input/lesson's runner) or a set of puzzles (ai/puzzle's data). A
// lesson or a puzzle is the session's Judge: it answers the player's moves
// before they count, says what the box under the board says, and which buttons
// it offers. The window draws what a Mode says and passes its buttons back.
// List is a game's lessons and puzzles marked with the player's Progress, which
// grows from what the modes' Judged events report (Progress.Keep).
package exercise

import (
	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
)

// Kind is what the game screen runs.
type Kind int

// The kinds of mode.
const (
	Game Kind = iota
	Lesson
	Puzzle
)

// Button is a button the box under the board offers.
type Button string

// The buttons.
const (
	Next  Button = "train-next"  // the next step, lesson or puzzle
	Prev  Button = "train-prev"  // the puzzle before
	Retry Button = "train-retry" // the puzzle's position afresh
)

// Offer is a button with its label.
type Offer struct {
	Button Button
	Label  string
}

// Pressed is what a button did.
type Pressed struct {
	Moves []game.Move // moves to show played in the session (a lesson's explanation)
	Reset bool        // then set the session to the mode's position (Session)
}

// Mode is what the game screen runs. A game's mode judges nothing; a lesson's
// and a puzzle's are the session's Judge.
type Mode interface {
	Kind() Kind
	// Session is a two-human session at the exercise's position, the mode its
	// Judge; nil for a game.
	Session() *input.Session
	// Say is what the box under the board says; Right, that it praises.
	Say() string
	Right() bool
	// Heading is the status line's text: where the player is in the exercise.
	Heading() string
	// Marks are the cells the step asks the player to look at.
	Marks() []hex.Coord
	// Buttons are the box's buttons now.
	Buttons() []Offer
	// Press acts on one of them.
	Press(b Button) Pressed
	// Refused answers a click the picker refused (the selection with the
	// refused cell last): an exercise may foresee the mistake.
	Refused(cells []hex.Coord) (string, bool)
	// Solved reports a puzzle solved: its own end, not a game's.
	Solved() bool
	// Why says why the board offers no moves while the mode waits for a
	// button, or "".
	Why() string
	input.Judge
}

// Free is a game's mode: nothing judged, no box.
type Free struct{}

func (Free) Kind() Kind                                  { return Game }
func (Free) Session() *input.Session                     { return nil }
func (Free) Say() string                                 { return "" }
func (Free) Right() bool                                 { return false }
func (Free) Heading() string                             { return "" }
func (Free) Marks() []hex.Coord                          { return nil }
func (Free) Buttons() []Offer                            { return nil }
func (Free) Press(Button) Pressed                        { return Pressed{} }
func (Free) Refused([]hex.Coord) (string, bool)          { return "", false }
func (Free) Solved() bool                                { return false }
func (Free) Why() string                                 { return "" }
func (Free) Waiting() bool                               { return false }
func (Free) Judge(game.State, game.Move) input.Judgement { return input.Judgement{Play: true} }

// twoHumans is a two-human session whose game starts at st, with the moves
// played from it, judged by j.
func twoHumans(st game.State, moves []game.Move, j input.Judge) *input.Session {
	sess := input.NewSession(st.Info(), st.Options(), [2]input.Seat{{}, {}}, nil)
	sess.Match = input.NewMatch(st)
	for _, m := range moves {
		s := sess.Match.Live()
		sess.Play(input.ChoiceOf(s, m))
	}
	sess.Judge = j
	sess.Picker.Reset(sess.InputState())
	return sess
}
