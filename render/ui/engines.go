package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"trihex/ai/ugi"
	"trihex/input"
)

// An external engine can play as the computer: the settings list engine files
// or command lines (save.Settings.Engines), the start screen offers them on a
// row below the level, and the session plays the chosen one over UGI
// (input.ExternalEngine).

// engineChoice is one engine of the settings, as the start screen offers it.
type engineChoice struct {
	name string // on its button
	spec string // the settings' entry: an engine file or a command line
}

// maxEngines is how many engines the row offers: the first of the list.
const maxEngines = 4

// engineChoices reads the settings' engines once, for their names: an engine
// file's name, else its file's or its program's. An entry that cannot be read
// is offered anyway, under its file's name: choosing it says what is wrong.
func engineChoices(list []string) []engineChoice {
	var out []engineChoice
	for _, entry := range list {
		entry = strings.TrimSpace(entry)
		if entry == "" || len(out) == maxEngines {
			continue
		}
		spec := entry
		if !ugi.IsSpec(spec) {
			spec = "ugi:" + spec
		}
		name := filepath.Base(entry)
		if sp, err := ugi.ParseSpec(spec); err == nil {
			name = sp.Name
			if strings.HasPrefix(spec, "ugi:") {
				name = filepath.Base(strings.Fields(sp.Command)[0])
			}
		}
		if r := []rune(name); len(r) > 14 {
			name = string(r[:13]) + "…"
		}
		out = append(out, engineChoice{name: name, spec: entry})
	}
	return out
}

// layEngines places the engine row: Trihex's own engine, then each engine.
func (s *startScreen) layEngines(row func(id string, i int, bw, step float64, label string)) {
	row("engine-0", 0, 130, 136, "Trihex")
	for i, e := range s.engines {
		row(fmt.Sprintf("engine-%d", i+1), i+1, 130, 136, e.name)
	}
}

// clickEngine chooses the engine of the widget named name.
func (s *startScreen) clickEngine(name string) {
	var i int
	if _, err := fmt.Sscanf(name, "engine-%d", &i); err == nil && i >= 0 && i <= len(s.engines) {
		s.engine = i
	}
}

// drawEngines draws the engine row, when it is laid out.
func (s *startScreen) drawEngines(l *Layout, label func(string, widgetID), toggle func(string, bool), hint func(widgetID, float64, ...string)) {
	if _, ok := l.get("engine-0"); !ok {
		return
	}
	label("Engine", "engine-0")
	for i := 0; i <= len(s.engines); i++ {
		toggle(fmt.Sprintf("engine-%d", i), s.engine == i)
	}
	hint(widgetID(fmt.Sprintf("engine-%d", len(s.engines))), 120, "Another program as the computer (settings: Engines); the level is Trihex's.")
}

// engineSeat is the seat of the chosen external engine, when one is chosen.
func (s *startScreen) engineSeat() (input.Seat, bool) {
	if s.engine < 1 || s.engine > len(s.engines) {
		return input.Seat{}, false
	}
	e := s.engines[s.engine-1]
	return input.Seat{Kind: input.Engine, Name: e.name, Command: e.spec}, true
}

// engineFailureExtra is how much longer than other messages the failure of
// an external engine stays: it ended the game, and says why.
func engineFailureExtra(err error) time.Duration {
	if _, ok := errors.AsType[*input.EngineError](err); ok {
		return 11 * time.Second
	}
	return 0
}
