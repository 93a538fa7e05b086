package ui

import (
	"fmt"
	"slices"

	"trihex/ai/puzzle"
	"trihex/game"
	"trihex/input"
	"trihex/input/exercise"
	"trihex/input/lesson"
)

// The game screen runs a mode (input/exercise): a game, a lesson or puzzles. A
// lesson's or puzzle's mode is the session's Judge, which answers the player's
// moves; the scene draws the box under the board from what the mode says, passes
// its buttons back, and keeps the progress the session's Judged events report.

// guided reports a lesson or puzzles rather than a game.
func (p *playScene) guided() bool { return p.mode.Kind() != exercise.Game }

// newLessons starts the lessons of a game at lesson i.
func (a *App) newLessons(info *game.Info, i int) (*playScene, error) {
	ls, err := lesson.Load(info.Name)
	if err != nil || len(ls) == 0 {
		return nil, fmt.Errorf("ui: no lessons for %s: %v", info.Name, err)
	}
	return a.newMode(exercise.NewLessons(ls, i)), nil
}

// newPuzzles starts the puzzles of a game at puzzle i, or at the first not yet
// solved when i < 0.
func (a *App) newPuzzles(info *game.Info, i int) (*playScene, error) {
	ps, err := puzzle.Load(info.Name)
	if err != nil || len(ps) == 0 {
		return nil, fmt.Errorf("ui: no puzzles for %s: %v", info.Name, err)
	}
	return a.newMode(exercise.NewPuzzles(ps, a.prefs.settings.PuzzlesSolved, i)), nil
}

// newMode is the game screen running m.
func (a *App) newMode(m exercise.Mode) *playScene {
	p := a.newPlay(m.Session())
	p.mode = m
	return p
}

// progress is what the player has finished, as the settings keep it.
func (a *App) progress() exercise.Progress {
	st := &a.prefs.settings
	return exercise.Progress{Lessons: st.LessonsDone, Puzzles: st.PuzzlesSolved}
}

// judged keeps what the mode's answer reports: progress, written with the
// settings when it is new, and a new position to set up once the moves are
// shown.
func (p *playScene) judged(a *App, j input.Judgement) {
	if pr := a.progress(); pr.Keep(p.mode.Kind(), j.Done) {
		a.prefs.settings.LessonsDone, a.prefs.settings.PuzzlesSolved = pr.Lessons, pr.Puzzles
		a.prefs.save()
	}
	if j.Reset {
		p.modeReset = true
	}
}

// modeClick acts on the box's buttons; it reports whether id was one.
func (p *playScene) modeClick(a *App, id widgetID) bool {
	b := exercise.Button(id)
	if !slices.ContainsFunc(p.mode.Buttons(), func(o exercise.Offer) bool { return o.Button == b }) {
		return false
	}
	pr := p.mode.Press(b)
	if len(pr.Moves) == 0 {
		p.anims.clear() // a new position: the last answer's animation is over
	}
	for _, m := range pr.Moves {
		// The lesson shows these moves: played, not judged.
		if !p.sess.Match.Live().IsLegal(m) {
			break
		}
		p.handle(a, p.sess.PlayMove(m))
	}
	p.modeReset = p.modeReset || pr.Reset
	p.sess.Picker.Reset(p.sess.InputState()) // the mode may offer moves again
	return true
}

// modeTick sets the session to the mode's position once the animations of the
// last answer are over.
func (p *playScene) modeTick() {
	if !p.modeReset || p.anims.current() != nil {
		return
	}
	p.modeReset = false
	p.sess.Close()
	p.sess = p.mode.Session()
	p.sess.Speed = 1
	p.bv.refit, p.bv.fixed = true, false
	p.list.scrollPending = true
}

// listLabel is the panel's New button in a lesson or puzzles, which goes back
// to their list.
func (p *playScene) listLabel() string {
	if p.mode.Kind() == exercise.Puzzle {
		return "All puzzles"
	}
	return "All lessons"
}

// toList leaves the lesson or puzzles for the start screen, their list open
// over it (an exercise has nothing to save).
func (p *playScene) toList(a *App) {
	info, puzzles := p.sess.Info, p.mode.Kind() == exercise.Puzzle
	s := a.newStart()
	for i, g := range s.games {
		if g == info {
			s.sel = i
		}
	}
	a.setScene(s)
	a.push(newLearnList(a, s, info, puzzles))
}
