package ui

import (
	"strings"

	"trihex/game/clock"
	"trihex/input"
	"trihex/save"
)

// Continue: the start screen offers the game the autosave holds whenever it is
// unfinished (at start, and after New, Don't save included), shows its game,
// options, players, level and clock in its rows, and goes on with it under its
// file's name, so that Ctrl+S saves to that file again.

// startScreen is the start screen with the remembered choices, and Continue when
// the autosave holds an unfinished game.
func (a *App) startScreen() *startScreen {
	st := a.newStart()
	if !a.files.keptLoaded {
		if notices := a.loadKept(); len(notices) > 0 {
			a.showError(strings.Join(notices, " · "))
		}
	}
	if g := a.files.kept.game(); continuable(g) {
		st.showKept(g, a.files.kept.path)
	}
	return st
}

// loadKept reads the autosave the app found at its start, once; it returns what
// the player is to be told (a damaged autosave moved aside).
func (a *App) loadKept() (notices []string) {
	a.files.keptLoaded = true
	if a.prefs.cfgDir == "" || a.files.kept.rec != "" {
		return nil // no autosave, or a newer game written to it since the start
	}
	g, msg, err := save.LoadAutosave(a.prefs.cfgDir)
	if msg != "" {
		notices = append(notices, msg)
	}
	if err != nil {
		notices = append(notices, playerMessage(err))
	}
	if g != nil {
		a.files.kept = keptGame{g: g, path: a.prefs.settings.AutosaveFile}
	}
	return notices
}

// showKept offers g to continue, saved as path, and sets the rows to its
// choices: what the start screen shows is what Continue plays.
func (s *startScreen) showKept(g *save.Game, path string) {
	s.cont, s.contPath = g, path
	for i, info := range s.games {
		if info == g.Info {
			s.sel = i
		}
	}
	for _, kv := range g.Start.Options() {
		for _, o := range g.Info.Options {
			for j, v := range o.Values {
				if o.Key == kv.Key && v == kv.Value {
					s.choice[g.Info.Name+"/"+o.Key] = j
				}
			}
		}
	}
	for i, side := range g.Info.Players {
		v, _ := g.Record.Get(side)
		seat := input.SeatFromTag(v, s.level)
		s.computer[i] = seat.Kind == input.Computer
		if s.computer[i] {
			s.level = seat.Level
		}
	}
	if g.Control.Kind != clock.Correspondence {
		s.clock = g.Control
	}
}

// continueKept goes on with the kept game, under its file's name, and remembers
// its game, options, players, level and clock (not rows changed since) for the
// next start screen, as Start would.
func (s *startScreen) continueKept(a *App) {
	g := s.cont
	sess := input.SessionFromGame(g, a.prefs.settings.Level, a.sessionNow())
	sess.Path = s.contPath
	sess.MarkUnsaved() // the autosave is newer than the file, or there is none
	a.files.kept.sess = sess
	st := &a.prefs.settings
	for i, seat := range sess.Seats {
		st.Players[i] = "human"
		if seat.Kind == input.Computer {
			st.Players[i] = "computer"
			st.Level = seat.Level
		}
	}
	if g.Control.Kind != clock.Correspondence {
		st.TimeControl = g.Control.String()
	}
	st.LastGame, st.LastOptions = g.Info.Name, g.Start.Options().String()
	a.prefs.save()
	a.setScene(a.newPlay(sess))
}
