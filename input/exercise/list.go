package exercise

import (
	"fmt"
	"slices"

	"trihex/ai/puzzle"
	"trihex/game"
	"trihex/input/lesson"
)

// Progress is what the player has finished, as the settings keep it: the
// lessons played to the end (by file name) and the puzzles solved (by ID). It
// grows from the session's Judged events (Keep) and marks the list (Catalog).
type Progress struct {
	Lessons []string
	Puzzles []string
}

// Keep records the progress a Judged event of a mode of kind k reports (its
// Done); it reports whether that was new, so that the caller writes the
// settings only then.
func (p *Progress) Keep(k Kind, done string) bool {
	list := &p.Lessons
	switch {
	case done == "":
		return false
	case k == Puzzle:
		list = &p.Puzzles
	case k != Lesson:
		return false // a game has no progress to keep
	}
	if slices.Contains(*list, done) {
		return false
	}
	*list = append(*list, done)
	return true
}

// Entry is one line of the list of a game's lessons or puzzles.
type Entry struct {
	Kind  Kind // Lesson or Puzzle
	Index int  // in its kind's order, from 0: what NewLessons and NewPuzzles take
	// Title is the lesson's title, or the puzzle's number and goal in words
	// ("Puzzle 9: Black to play and win in two moves").
	Title string
	// About is the lesson's summary, or the puzzle's difficulty ("easy").
	About string
	// Group heads the puzzles of one goal ("Win in two moves · medium"); "" for
	// a lesson.
	Group string
	Done  bool
	// Next marks the one to continue with: the first not done of its kind (the
	// first of all when every one is done).
	Next bool
}

// Catalog is the list of one game's lessons and puzzles, marked with the
// player's progress.
type Catalog struct {
	Game    *game.Info
	Lessons []Entry
	Puzzles []Entry
	// LessonsErr and PuzzlesErr say why a kind could not be read; a game
	// without lessons has none and no error.
	LessonsErr, PuzzlesErr error
}

// List is the catalog of info's lessons and puzzles, marked with pr.
func List(info *game.Info, pr Progress) Catalog {
	c := Catalog{Game: info}
	ls, err := lesson.Load(info.Name)
	c.LessonsErr = err
	for i, l := range ls {
		c.Lessons = append(c.Lessons, Entry{Kind: Lesson, Index: i, Title: l.Title, About: l.Summary,
			Done: slices.Contains(pr.Lessons, l.Name)})
	}
	ps, err := puzzle.Load(info.Name)
	c.PuzzlesErr = err
	for i, pz := range ps {
		c.Puzzles = append(c.Puzzles, Entry{Kind: Puzzle, Index: i, Title: Title(pz, i),
			About: pz.Difficulty.String(), Group: capital(Goal(pz.Kind)) + " · " + pz.Difficulty.String(),
			Done: slices.Contains(pr.Puzzles, ID(pz))})
	}
	markNext(c.Lessons)
	markNext(c.Puzzles)
	return c
}

// markNext marks the first entry not done, or the first when all are.
func markNext(es []Entry) {
	if len(es) == 0 {
		return
	}
	i := slices.IndexFunc(es, func(e Entry) bool { return !e.Done })
	es[max(i, 0)].Next = true
}

// Continue is the index of the entry to continue with in es, or 0.
func Continue(es []Entry) int {
	return max(0, slices.IndexFunc(es, func(e Entry) bool { return e.Next }))
}

// Title is puzzle pz's title in the player's words, numbered i+1 as its game's
// puzzles are: "Puzzle 9: Black to play and win in two moves".
func Title(pz puzzle.Puzzle, i int) string {
	side := "Your move"
	if st, err := pz.Position(); err == nil {
		side = st.Info().Players[st.ToMove()] + " to play"
	}
	return fmt.Sprintf("Puzzle %d: %s and %s", i+1, side, Goal(pz.Kind))
}

// capital starts s with a capital letter (the goals are ASCII).
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
