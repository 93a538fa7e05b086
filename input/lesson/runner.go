package lesson

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"trihex/game"
	"trihex/game/hex"
)

// Runner plays one lesson: it holds the current step and position and judges the
// player's moves. It never changes the lesson.
type Runner struct {
	// Refuse, when set, gives the rules' reason for an illegal move that the step
	// does not anticipate (the game packages' refusal API); without it the reason
	// is read from the error of State.Play.
	Refuse func(s game.State, m game.Move) string

	l   *Lesson
	i   int
	pos game.State
}

// Verdict is the answer to a move.
type Verdict struct {
	OK bool // the move is right: the runner has moved on to the next step
	// Text is what to say: the step's Right text after a right move (may be
	// empty), else why the move is wrong.
	Text string
	// Replies are the moves played after the right move, the opponent's answer,
	// for the window to animate after the player's move.
	Replies []game.Move
	// Illegal reports a move against the rules (the position is unchanged, as
	// after any wrong move).
	Illegal bool
}

// Start begins l at its first step.
func Start(l *Lesson) *Runner {
	r := &Runner{l: l, pos: l.start()}
	r.enter(0)
	return r
}

// enter makes step i current, setting up its position unless it continues.
func (r *Runner) enter(i int) {
	r.i = i
	if st := r.Step(); st != nil && !st.Continue {
		r.pos = st.setup.Clone()
	}
}

// Lesson returns the lesson being run.
func (r *Runner) Lesson() *Lesson { return r.l }

// Index is the number of the current step, from 0; len(Lesson().Steps) when done.
func (r *Runner) Index() int { return r.i }

// Step returns the current step, or nil when the lesson is done.
func (r *Runner) Step() *Step {
	if r.i >= len(r.l.Steps) {
		return nil
	}
	return r.l.Steps[r.i]
}

// Done reports whether every step has been played.
func (r *Runner) Done() bool { return r.i >= len(r.l.Steps) }

// Position returns a copy of the current position: the step's position, or after
// the last step the position the lesson ended in.
func (r *Runner) Position() game.State { return r.pos.Clone() }

// Try judges the player's move m in the current position. A right move is played
// with its replies and the runner moves on to the next step (whose position may be
// a new setup); a wrong one leaves everything as it was so the player tries again.
func (r *Runner) Try(m game.Move) Verdict {
	st := r.Step()
	if st == nil || st.Explain() {
		return Verdict{Text: "Press Next to continue."}
	}
	for _, w := range st.Wrong {
		if w.Move == m {
			return Verdict{Text: w.Text, Illegal: w.Illegal}
		}
	}
	if !r.pos.IsLegal(m) {
		return Verdict{Text: r.refusal(m), Illegal: true}
	}
	if !st.Any && !slices.Contains(st.Expect, m) {
		return Verdict{Text: st.Else}
	}
	r.pos.Apply(m)
	for _, x := range st.Reply {
		r.pos.Apply(x)
	}
	r.enter(r.i + 1)
	return Verdict{OK: true, Text: st.Right, Replies: slices.Clone(st.Reply)}
}

// Next leaves an explanation step. It returns the moves the step shows (to
// animate from the position before them; usually none), and false when the step
// waits for a move instead or the lesson is done.
func (r *Runner) Next() ([]game.Move, bool) {
	st := r.Step()
	if st == nil || !st.Explain() {
		return nil, false
	}
	for _, x := range st.Reply {
		r.pos.Apply(x)
	}
	r.enter(r.i + 1)
	return slices.Clone(st.Reply), true
}

// Refused answers a click the move picker refused: cells are the selection with
// the refused cell last. When the current step anticipates an illegal move that
// names all of these cells (in any order), it returns that move's explanation, so
// a player who starts the move the step warns about hears why before finishing it.
func (r *Runner) Refused(cells []hex.Coord) (string, bool) {
	st := r.Step()
	if st == nil || len(cells) == 0 {
		return "", false
	}
	for _, w := range st.Wrong {
		if !w.Illegal {
			continue
		}
		mc := moveCells(r.pos, w.Move)
		all := true
		for _, c := range cells {
			all = all && slices.Contains(mc, c)
		}
		if all {
			return w.Text, true
		}
	}
	return "", false
}

// wrong reports whether m is one of the step's anticipated wrong moves.
func (s *Step) wrong(m game.Move) bool {
	for _, w := range s.Wrong {
		if w.Move == m {
			return true
		}
	}
	return false
}

// refusal is the rules' reason for the illegal move m, as a sentence.
func (r *Runner) refusal(m game.Move) string {
	if r.Refuse != nil {
		if why := r.Refuse(r.pos, m); why != "" {
			return why
		}
	}
	err := r.pos.Clone().Play(m)
	if err == nil {
		return ""
	}
	// Play's errors read `game: illegal move "c3": why`: keep the why.
	why := err.Error()
	if _, rest, ok := strings.Cut(why, "\": "); ok {
		why = rest
	}
	return sentence(why)
}

// sentence capitalises s and ends it with a full stop.
func sentence(s string) string {
	c, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	s = string(unicode.ToUpper(c)) + s[n:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
