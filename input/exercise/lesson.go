package exercise

import (
	"fmt"
	"strings"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/input/lesson"
)

// Lessons runs a game's lessons, one at a time: a right move is played (with
// the lesson's reply), a wrong one is answered with why.
type Lessons struct {
	lessons []*lesson.Lesson
	at      int
	run     *lesson.Runner
	// await: a right answer stays on the board with its praise until Next sets
	// up the next step, which has a position of its own.
	await bool
	say   string
	right bool
}

// NewLessons starts ls at lesson i.
func NewLessons(ls []*lesson.Lesson, i int) *Lessons {
	l := &Lessons{lessons: ls}
	l.start(min(max(0, i), len(ls)-1))
	return l
}

func (l *Lessons) start(i int) {
	l.at, l.run, l.await, l.right = i, lesson.Start(l.lessons[i]), false, false
	l.say = l.stepText()
}

// At is the lesson running, from 0.
func (l *Lessons) At() int { return l.at }

func (l *Lessons) Kind() Kind { return Lesson }

func (l *Lessons) Session() *input.Session { return twoHumans(l.run.Position(), nil, l) }

func (l *Lessons) Say() string { return l.say }

func (l *Lessons) Right() bool { return l.right }

func (l *Lessons) Solved() bool { return false }

func (l *Lessons) Why() string {
	switch {
	case !l.Waiting():
		return ""
	case l.run.Done() && l.at+1 == len(l.lessons):
		return "This was the last lesson: All lessons lists them, and the puzzles."
	case l.run.Done():
		return "The lesson is done: Next lesson goes on."
	}
	return "Press Next to go on: the step answered stays on the board until then."
}

// Waiting: a right answer waits for Next, and so does a finished lesson and
// an explanation.
func (l *Lessons) Waiting() bool {
	st := l.run.Step()
	return l.await || st == nil || st.Explain()
}

func (l *Lessons) stepText() string {
	st := l.run.Step()
	if st == nil {
		return "Lesson done: " + l.run.Lesson().Title + "."
	}
	return st.Say
}

func (l *Lessons) Heading() string {
	ls := l.run.Lesson()
	n := len(ls.Steps)
	step := l.run.Index() + 1
	if l.await {
		step-- // the step answered is still on the board until Next
	}
	return fmt.Sprintf("Lesson %d of %d: %s · step %d of %d", l.at+1, len(l.lessons), ls.Title, min(step, n), n)
}

func (l *Lessons) Marks() []hex.Coord {
	if l.run.Step() == nil || l.await {
		return nil // (while await, the step's cells are of a position not yet shown)
	}
	return l.run.Step().Look
}

func (l *Lessons) Buttons() []Offer {
	st := l.run.Step()
	switch {
	case l.run.Done() && l.at+1 < len(l.lessons):
		return []Offer{{Next, "Next lesson ›"}}
	case (st != nil && st.Explain()) || l.await:
		return []Offer{{Next, "Next ›"}}
	}
	return nil
}

func (l *Lessons) Press(b Button) Pressed {
	if b != Next {
		return Pressed{}
	}
	switch {
	case l.run.Done():
		if l.at+1 < len(l.lessons) {
			l.start(l.at + 1)
			return Pressed{Reset: true}
		}
	case l.await:
		l.await, l.right = false, false
		l.say = l.stepText()
		return Pressed{Reset: true}
	default:
		if moves, ok := l.run.Next(); ok {
			l.say = l.stepText()
			st := l.run.Step()
			return Pressed{Moves: moves, Reset: st == nil || !st.Continue}
		}
	}
	return Pressed{}
}

func (l *Lessons) Refused(cells []hex.Coord) (string, bool) {
	text, ok := l.run.Refused(cells)
	if ok {
		l.say, l.right = text, false // in the box too, where it has room to be read whole
	}
	return text, ok
}

// Judge tries m on the lesson's step.
func (l *Lessons) Judge(_ game.State, m game.Move) input.Judgement {
	if l.Waiting() {
		return input.Judgement{Text: "Press Next to go on."}
	}
	v := l.run.Try(m)
	if !v.OK {
		l.say, l.right = v.Text, false
		return input.Judgement{Text: v.Text}
	}
	j := input.Judgement{Right: true, Play: true, Line: v.Replies, Text: v.Text}
	l.right = true
	switch st := l.run.Step(); {
	case l.run.Done():
		j.Done = l.run.Lesson().Name
		if l.at+1 < len(l.lessons) {
			l.say = strings.TrimSpace(v.Text + " Lesson done! Next goes on to the next lesson.")
		} else {
			l.say = strings.TrimSpace(v.Text + " Lesson done: that was the last of this game's lessons.")
		}
	case !st.Continue:
		// The next step sets up its own position: first let the player see the
		// move and read why it was right.
		praise := v.Text
		if praise == "" {
			praise = "Right."
		}
		l.await = true
		l.say = praise + " Next goes on."
	default:
		l.say = strings.TrimSpace(v.Text + " " + l.stepText())
	}
	return j
}
