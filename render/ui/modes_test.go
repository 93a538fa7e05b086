package ui

import (
	"slices"
	"strings"
	"testing"

	"trihex/ai/puzzle"
	"trihex/game"
	"trihex/input"
	"trihex/input/exercise"
)

// modeScene checks that the game screen of a lesson or puzzles started.
func modeScene(t *testing.T, p *playScene, err error) *playScene {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.close)
	return p
}

// clickAt feeds p a click at (x, y) and lays it out again.
func clickAt(a *App, p *playScene, x, y float64) *Layout {
	p.update(a, &input.Frame{Pointer: input.Pointer{Click: true, X: x, Y: y, DownX: x, DownY: y}})
	p.anims.clear() // the answer's animation, shown at once
	p.tick(a)
	l := p.layout(a)
	a.layouts[p] = l
	return l
}

// clickCell clicks the cell labelled label; clickButton the widget id.
func clickCell(t *testing.T, a *App, p *playScene, label string) *Layout {
	t.Helper()
	c, ok := a.layouts[p].Cells[label]
	if !ok {
		t.Fatalf("no cell %s laid out", label)
	}
	return clickAt(a, p, c[0], c[1])
}

func clickButton(t *testing.T, a *App, p *playScene, id widgetID) *Layout {
	t.Helper()
	w, ok := a.layouts[p].get(id)
	if !ok {
		t.Fatalf("no button %s; status %q", id, a.layouts[p].Status)
	}
	return clickAt(a, p, w.r.X+w.r.W/2, w.r.Y+w.r.H/2)
}

func hasButton(l *Layout, id widgetID) bool { _, ok := l.get(id); return ok }

// Abande's first lesson: Next leaves the explanation; a wrong cell is answered
// in the box and plays nothing; the right one is played with the lesson's reply,
// then the board offers no moves until Next; the lesson's progress reaches the
// settings through the session's Judged event; no question to save the game.
func TestLessonScene(t *testing.T) {
	a := newTestApp(1280, 800)
	a.flags.LayoutOut = t.TempDir() + "/layout.json"
	info, _ := game.Lookup("Abande")
	p, err := a.newLessons(info, 0)
	p = modeScene(t, p, err)
	a.scene = p
	a.layouts[p] = p.layout(a)
	if p.mode.Kind() != exercise.Lesson || !strings.HasPrefix(a.layouts[p].Status, "Lesson 1 of ") {
		t.Fatalf("kind %v, status %q", p.mode.Kind(), a.layouts[p].Status)
	}
	if p.sess.InputState() != nil {
		t.Fatal("the board offers moves while the lesson explains")
	}
	clickButton(t, a, p, wid(exercise.Next))
	l := clickCell(t, a, p, "a1")
	if p.sess.Match.Len() != 0 || !strings.Contains(l.Guide, "for this lesson put it on the centre, d4") {
		t.Fatalf("wrong answer: %d moves, box %q", p.sess.Match.Len(), l.Guide)
	}
	l = clickCell(t, a, p, "d4")
	if p.sess.Match.Len() != 2 || !p.mode.Right() || !strings.Contains(l.Guide, "White answers with a piece on c3") {
		t.Fatalf("right answer: %d moves, box %q", p.sess.Match.Len(), l.Guide)
	}
	// A step answered before one with a position of its own: the answer stays
	// on the board, which offers no moves until Next.
	l = clickCell(t, a, p, "d5")
	if !p.mode.Waiting() || !hasButton(l, wid(exercise.Next)) || p.sess.Match.Len() != 3 {
		t.Fatalf("after d5: waiting %v, %d moves, box %q", p.mode.Waiting(), p.sess.Match.Len(), l.Guide)
	}
	if p.sess.InputState() != nil {
		t.Fatal("the board offers moves while the lesson waits for Next")
	}
	l = clickCell(t, a, p, "e4")
	if p.sess.Match.Len() != 3 || !strings.Contains(l.Status, "Press Next") {
		t.Fatalf("a click while waiting: %d moves, status %q", p.sess.Match.Len(), l.Status)
	}
	clickButton(t, a, p, wid(exercise.Next)) // the band's explanation, its own position
	l = clickButton(t, a, p, wid(exercise.Next))
	if p.sess.InputState() == nil || len(p.mode.Marks()) != 1 {
		t.Fatalf("the last step offers no moves; box %q", l.Guide)
	}
	l = clickCell(t, a, p, "e5")
	name := p.mode.(*exercise.Lessons).At()
	if !slices.Contains(a.prefs.settings.LessonsDone, "abande/01-entering.txt") || name != 0 {
		t.Fatalf("lesson done: settings keep %v; box %q", a.prefs.settings.LessonsDone, l.Guide)
	}
	if w, ok := l.get(wid(exercise.Next)); !ok || w.label != "Next lesson ›" {
		t.Fatalf("a finished lesson offers %v", l.widgets)
	}
	if p.sess.Unsaved() {
		t.Fatal("leaving a lesson would ask to save the game")
	}
	l = clickButton(t, a, p, wid(exercise.Next))
	if !strings.HasPrefix(l.Status, "Lesson 2 of ") {
		t.Fatalf("Next lesson: status %q", l.Status)
	}
}

// A lesson finished is kept in the settings, from the session's Judged event.
func TestLessonDoneSaved(t *testing.T) {
	a := newTestApp(1280, 800)
	info, _ := game.Lookup("Abande")
	p, err := a.newLessons(info, 0)
	p = modeScene(t, p, err)
	p.handle(a, []input.Event{{Kind: input.Judged, Judgement: input.Judgement{Right: true, Done: "first"}}})
	if !slices.Contains(a.prefs.settings.LessonsDone, "first") || len(a.prefs.settings.PuzzlesSolved) != 0 {
		t.Fatalf("lessons done %v, puzzles %v", a.prefs.settings.LessonsDone, a.prefs.settings.PuzzlesSolved)
	}
}

// Andantino's first puzzle: its goal in words; a wrong answer is refuted and the
// board then offers nothing but Try again; the right answer solves it, with its
// own end (no game card, no Rematch: Solved, Next puzzle, Try again) and the
// settings keep it.
func TestPuzzleScene(t *testing.T) {
	a := newTestApp(1280, 800)
	a.flags.LayoutOut = t.TempDir() + "/layout.json"
	info, _ := game.Lookup("Andantino")
	ps, err := puzzle.Load("Andantino")
	if err != nil {
		t.Fatal(err)
	}
	p, err := a.newPuzzles(info, 0)
	p = modeScene(t, p, err)
	a.scene = p
	l := p.layout(a)
	a.layouts[p] = l
	if !strings.Contains(l.Status, exercise.Goal(ps[0].Kind)) || strings.Contains(l.Status, ps[0].Kind.String()+" ") {
		t.Fatalf("status %q does not say the goal in words", l.Status)
	}
	wrong := wrongAnswer(t, ps[0])
	n := p.sess.Match.Len()
	l = clickCell(t, a, p, wrong)
	if !strings.Contains(l.Guide, "Not this one") || p.sess.Match.Len() <= n || !hasButton(l, wid(exercise.Retry)) {
		t.Fatalf("wrong answer: box %q, moves %d (were %d)", l.Guide, p.sess.Match.Len(), n)
	}
	if p.sess.InputState() != nil {
		t.Fatal("the board offers moves in the refuted position")
	}
	// The board lists no empty cell now; the wrong answer's tile says why too.
	if l = clickCell(t, a, p, wrong); !strings.Contains(l.Status, "no longer the puzzle's") || p.sess.Match.Len() <= n+1 {
		t.Fatalf("a click in the refuted position: status %q", l.Status)
	}
	clickButton(t, a, p, wid(exercise.Retry))
	if p.sess.Match.Len() != n || p.mode.Waiting() {
		t.Fatalf("Try again: %d moves, want the puzzle's %d", p.sess.Match.Len(), n)
	}
	l = clickCell(t, a, p, ps[0].Answers[0])
	if !p.mode.Solved() || !strings.Contains(l.Guide, "Solved!") || !strings.HasPrefix(l.Status, "Solved") {
		t.Fatalf("right answer: box %q, status %q", l.Guide, l.Status)
	}
	if hasButton(l, wResultRematch) || !hasButton(l, wid(exercise.Next)) || !hasButton(l, wid(exercise.Retry)) {
		t.Fatal("a solved puzzle shows a game's end, or lacks Next puzzle and Try again")
	}
	if w, _ := l.get(wid(exercise.Next)); w.label != "Next puzzle ›" {
		t.Fatalf("Next reads %q", w.label)
	}
	if !slices.Contains(a.prefs.settings.PuzzlesSolved, exercise.ID(ps[0])) {
		t.Fatal("the solved puzzle is not in the settings")
	}
	if p.sess.Unsaved() {
		t.Fatal("a puzzle asks to save the game")
	}
	clickButton(t, a, p, wid(exercise.Next))
	if p.mode.Solved() || p.mode.(*exercise.Puzzles).At() != 1 {
		t.Fatal("Next puzzle did not set up the second puzzle")
	}
}

func wid(b exercise.Button) widgetID { return widgetID(b) }
