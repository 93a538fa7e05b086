package ui

import (
	"slices"
	"strings"
	"testing"

	"trihex/ai/puzzle"
	"trihex/game"
	"trihex/game/gametest/toy"
	"trihex/input"
	"trihex/input/exercise"
	"trihex/input/lesson"
	"trihex/save"
)

// startOn is the start screen with game name chosen, laid out.
func startOn(t *testing.T, a *App, name string) *startScreen {
	t.Helper()
	s := a.newStart()
	for i, g := range s.games {
		if g.Name == name {
			s.sel = i
		}
	}
	a.scene = s
	a.relayout()
	return s
}

// pressKey feeds the top layer a frame with chord c pressed, and lays out again.
func pressKey(a *App, k input.Key, m input.Mod) {
	f := &input.Frame{Keys: []input.Chord{{Key: k, Mod: m}}}
	if t := a.top(); t != nil {
		t.update(a, f)
	} else {
		a.scene.update(a, f)
	}
	a.relayout()
}

// clickID clicks widget id of the top layer (or the scene), and lays out again.
func clickID(t *testing.T, a *App, id widgetID) {
	t.Helper()
	var ly layer = a.scene
	if top := a.top(); top != nil {
		ly = top
	}
	w, ok := a.layouts[ly].get(id)
	if !ok {
		t.Fatalf("no widget %s; status %q", id, a.layouts[ly].Status)
	}
	x, y := w.r.CX(), w.r.CY()
	a.frame = input.Frame{Pointer: input.Pointer{Click: true, X: x, Y: y, DownX: x, DownY: y}}
	ly.update(a, &a.frame)
	a.relayout()
}

// list is the open list of lessons and puzzles.
func list(t *testing.T, a *App) *learnList {
	t.Helper()
	ll, ok := a.top().(*learnList)
	if !ok {
		t.Fatalf("the list is not open: top layer %T", a.top())
	}
	return ll
}

// With four of Abande's lessons done, Lessons on the start screen lists them
// all, the four marked done and the fifth as the one to continue, focused and
// named in the list's status line; one click starts the fifth lesson.
func TestLearnListFifthLessonOneClick(t *testing.T) {
	a := newTestApp(1280, 800)
	ls, err := lesson.Load("Abande")
	if err != nil || len(ls) < 5 {
		t.Fatalf("lessons: %d, %v", len(ls), err)
	}
	for _, l := range ls[:4] {
		a.prefs.settings.LessonsDone = append(a.prefs.settings.LessonsDone, l.Name)
	}
	ps, _ := puzzle.Load("Abande")
	startOn(t, a, "Abande")
	clickID(t, a, "learn-lessons")
	ll := list(t, a)
	l := a.layouts[ll]
	for i := range ls {
		if w, ok := l.get(entryID(exercise.Entry{Kind: exercise.Lesson, Index: i})); !ok || w.label != ls[i].Title {
			t.Fatalf("lesson %d: %v, %q", i+1, ok, w.label)
		}
	}
	for i := range ps {
		if !hasButton(l, entryID(exercise.Entry{Kind: exercise.Puzzle, Index: i})) {
			t.Fatalf("puzzle %d is not listed", i+1)
		}
	}
	if ll.focus != 4 || !ll.all[3].Done || ll.all[4].Done || !ll.all[4].Next {
		t.Fatalf("focus %d, marks %+v", ll.focus, ll.all[:5])
	}
	if want := "Lesson 5: " + ls[4].Title; !strings.HasPrefix(l.Status, want) || !strings.HasSuffix(l.Status, "where you left off") {
		t.Fatalf("status %q, want %q… where you left off", l.Status, want)
	}
	clickID(t, a, "lesson-5")
	p, ok := a.scene.(*playScene)
	if !ok || a.top() != nil {
		t.Fatalf("a click on lesson 5: scene %T, overlay %T", a.scene, a.top())
	}
	t.Cleanup(p.close)
	if p.mode.Kind() != exercise.Lesson || p.mode.(*exercise.Lessons).At() != 4 || !strings.HasPrefix(a.layouts[p].Status, "Lesson 5 of ") {
		t.Fatalf("started %v, status %q", p.mode.Kind(), a.layouts[p].Status)
	}
	if a.prefs.settings.LastGame != "Abande" {
		t.Fatalf("the game of the lesson is not remembered: %q", a.prefs.settings.LastGame)
	}
	// The panel's New reads All lessons in a lesson: back to the list, on the
	// start screen, nothing asked.
	if p.lay.newLabel != "All lessons" {
		t.Fatalf("New reads %q in a lesson", p.lay.newLabel)
	}
	clickID(t, a, "new")
	if ll := list(t, a); ll.focus != 4 || ll.info.Name != "Abande" {
		t.Fatalf("back to the list: focus %d, game %s", ll.focus, ll.info.Name)
	}
	if _, ok := a.scene.(*startScreen); !ok {
		t.Fatalf("under the list: %T", a.scene)
	}
}

// The list by keys alone: L opens it on the start screen, Tab and Down step
// on, Shift+Tab and Up back, Right goes to the puzzle to continue, Left back to
// the lessons, Esc closes it, Enter starts the focused one.
func TestLearnListByKeys(t *testing.T) {
	a := newTestApp(1280, 800)
	ps, _ := puzzle.Load("Attangle")
	a.prefs.settings.PuzzlesSolved = []string{exercise.ID(ps[0]), exercise.ID(ps[1])}
	startOn(t, a, "Attangle")
	pressKey(a, input.KeyL, 0)
	ll := list(t, a)
	nl := len(ll.cat.Lessons)
	steps := []struct {
		key  input.Key
		mod  input.Mod
		want int
	}{
		{input.KeyTab, 0, 1},
		{input.KeyDown, 0, 2},
		{input.KeyUp, 0, 1},
		{input.KeyTab, input.ModShift, 0},
		{input.KeyTab, input.ModShift, len(ll.all) - 1}, // round to the last puzzle
		{input.KeyLeft, 0, 0},
		{input.KeyRight, 0, nl + 2}, // the third puzzle: the first two are solved
	}
	for i, st := range steps {
		pressKey(a, st.key, st.mod)
		if ll.focus != st.want {
			t.Fatalf("step %d (%v): focus %d, want %d", i, input.Chord{Key: st.key, Mod: st.mod}, ll.focus, st.want)
		}
	}
	if s := a.layouts[ll].Status; !strings.HasPrefix(s, "Puzzle 3: ") || !strings.Contains(s, "where you left off") {
		t.Fatalf("status %q", s)
	}
	pressKey(a, input.KeyEscape, 0)
	if a.top() != nil {
		t.Fatal("Esc does not close the list")
	}
	pressKey(a, input.KeyL, 0)
	list(t, a)
	pressKey(a, input.KeyRight, 0)
	pressKey(a, input.KeyEnter, 0)
	p, ok := a.scene.(*playScene)
	if !ok {
		t.Fatalf("Enter on a puzzle: scene %T", a.scene)
	}
	t.Cleanup(p.close)
	if p.mode.Kind() != exercise.Puzzle || p.mode.(*exercise.Puzzles).At() != 2 {
		t.Fatalf("Enter started %v", p.mode.Kind())
	}
}

// Progress reaches the list through the session's events: a puzzle solved in
// its scene (the session's Judged event) is written with the settings, and
// the list then marks it solved and goes on from the next.
func TestLearnListProgressFromEvents(t *testing.T) {
	a := newTestApp(1280, 800)
	a.prefs.cfgDir = t.TempDir()
	a.flags.LayoutOut = t.TempDir() + "/layout.json"
	info, _ := game.Lookup("Andantino")
	ps, _ := puzzle.Load("Andantino")
	p, err := a.newPuzzles(info, 0)
	p = modeScene(t, p, err)
	a.scene = p
	a.layouts[p] = p.layout(a)
	clickCell(t, a, p, ps[0].Answers[0])
	if !p.mode.Solved() {
		t.Fatalf("the answer did not solve the puzzle: box %q", a.layouts[p].Guide)
	}
	a.prefs.writer.Flush()
	st, msg := save.LoadSettings(a.prefs.cfgDir)
	if msg != "" || !slices.Contains(st.PuzzlesSolved, exercise.ID(ps[0])) {
		t.Fatalf("settings written: %v (%s)", st.PuzzlesSolved, msg)
	}
	startOn(t, a, "Andantino")
	clickID(t, a, "learn-puzzles")
	ll := list(t, a)
	first, second := ll.cat.Puzzles[0], ll.cat.Puzzles[1]
	if !first.Done || first.Next || !second.Next || ll.focus != len(ll.cat.Lessons)+1 {
		t.Fatalf("first %+v, second %+v, focus %d", first, second, ll.focus)
	}
}

// A game without lessons or puzzles (the test's toy) opens an empty list that
// says so, and Enter there starts nothing.
func TestLearnListEmpty(t *testing.T) {
	a := newTestApp(1280, 800)
	startOn(t, a, toy.Info.Name)
	clickID(t, a, "learn-lessons")
	ll := list(t, a)
	if len(ll.all) != 0 || ll.focus != -1 || ll.cat.LessonsErr != nil {
		t.Fatalf("toy list: %+v", ll.cat)
	}
	pressKey(a, input.KeyTab, 0)
	pressKey(a, input.KeyEnter, 0)
	if _, ok := a.scene.(*startScreen); !ok || a.top() != ll {
		t.Fatalf("Enter on an empty list: scene %T, overlay %T", a.scene, a.top())
	}
}
