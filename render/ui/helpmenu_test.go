package ui

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/input"
)

// step feeds the app one tick's input as Update does (the top overlay, else
// the bar, then the scene) and lays every layer out again.
func step(a *App, f *input.Frame) {
	if t := a.top(); t != nil {
		t.update(a, f)
	} else if !a.bar.take(a, f) {
		a.scene.update(a, f)
	}
	a.relayout()
}

// clickWidget clicks the middle of the widget id of layer l.
func clickWidget(t *testing.T, a *App, l layer, id widgetID) {
	t.Helper()
	w, ok := a.layouts[l].get(id)
	if !ok {
		t.Fatalf("no %s to click", id)
	}
	if !w.enabled {
		t.Fatalf("%s (%q) is disabled", id, w.label)
	}
	x, y := w.r.CX(), w.r.CY()
	step(a, &input.Frame{Pointer: input.Pointer{Click: true, X: x, Y: y, DownX: x, DownY: y}})
}

// openHelp opens the Help menu, by its button or by Alt+H, and returns it.
func openHelp(t *testing.T, a *App, byKey bool) *menu {
	t.Helper()
	if byKey {
		step(a, &input.Frame{Keys: []input.Chord{{Key: input.KeyH, Mod: input.ModAlt}}})
	} else {
		clickWidget(t, a, a.bar, wHelp)
	}
	m, ok := a.top().(*menu)
	if !ok || !m.helpMenu {
		t.Fatalf("the Help menu did not open: top %T", a.top())
	}
	return m
}

// Every item of the Help menu does what it says: on the start screen the rules
// of the chosen game, the shortcut sheet and About (the board's items are off
// there), in a game also Tab's ring, E's field, T's thinking line, Space's pause
// and F11's fullscreen.
func TestHelpMenu(t *testing.T) {
	a := newTestApp(1280, 800)
	st := a.newStart()
	st.sel = 2 // the third card
	a.scene = st
	a.relayout()
	want := game.Games()[2]

	m := openHelp(t, a, false)
	for _, it := range m.items {
		board := it.cmd == input.CmdTypeMove || it.cmd == input.CmdDetails || it.cmd == input.CmdPauseComputer
		if w, _ := a.layouts[m].get(it.id); w.enabled == board {
			t.Errorf("start screen: %q enabled %v", it.label, w.enabled)
		}
	}
	if got := m.items[0].label; got != "Rules of "+want.Name {
		t.Errorf("first item %q, want the rules of %s", got, want.Name)
	}
	clickWidget(t, a, m, "menu-rules")
	if h, ok := a.top().(*help); !ok || h.shortcuts || h.info != want {
		t.Fatalf("Rules opened %T %+v", a.top(), a.top())
	}
	a.overlays = nil
	clickWidget(t, a, openHelp(t, a, true), "menu-keys")
	if h, ok := a.top().(*help); !ok || !h.shortcuts {
		t.Fatalf("Keyboard shortcuts opened %T", a.top())
	}
	a.overlays = nil
	clickWidget(t, a, openHelp(t, a, true), "menu-about")
	if b, ok := a.top().(*confirmBox); !ok || b.title != "About Trihex" || b.text == "" {
		t.Fatalf("About opened %T", a.top())
	}
	step(a, &input.Frame{Keys: []input.Chord{{Key: input.KeyEscape}}})
	if a.top() != nil {
		t.Fatalf("Esc left %T open", a.top())
	}

	// In a game against the computer, paused (nothing runs in a unit test).
	info, _ := game.Lookup("Abande")
	opts, _ := info.ResolveOptions("")
	sess := input.NewSession(info, opts, [2]input.Seat{{}, {Kind: input.Computer, Level: 1}}, time.Now)
	p := a.newPlay(sess)
	t.Cleanup(p.close)
	a.scene = p
	a.relayout()
	if r := a.layouts[a.bar].rect(wHelp); overlaps(r, a.layouts[a.bar].rect(wGame)) {
		t.Fatalf("Help %v lies over Game", r)
	}
	m = openHelp(t, a, false)
	if got := m.items[0].label; got != "Rules of Abande" {
		t.Errorf("in Abande the first item is %q", got)
	}
	clickWidget(t, a, m, "menu-focus")
	if _, on := p.focus.Cell(); !on {
		t.Error("Tab's item rang nothing")
	}
	clickWidget(t, a, openHelp(t, a, true), "menu-type")
	if _, ok := a.top().(*movePrompt); !ok {
		t.Fatalf("Type a move opened %T", a.top())
	}
	a.overlays = nil
	m = openHelp(t, a, true)
	paused := sess.Paused()
	clickWidget(t, a, m, "menu-help-pause")
	if sess.Paused() == paused {
		t.Error("the pause item changed nothing")
	}
	full := ebiten.IsFullscreen()
	clickWidget(t, a, openHelp(t, a, true), "menu-fullscreen")
	if ebiten.IsFullscreen() == full {
		t.Error("the full screen item changed nothing")
	}
	ebiten.SetFullscreen(full)
	// Left and Right walk the bar's menus: Game is left of Help, File right of it.
	openHelp(t, a, true)
	step(a, &input.Frame{Keys: []input.Chord{{Key: input.KeyLeft}}})
	if m, ok := a.top().(*menu); !ok || !m.gameMenu {
		t.Fatalf("Left from Help opened %T %+v", a.top(), a.top())
	}
	step(a, &input.Frame{Keys: []input.Chord{{Key: input.KeyRight}}})
	step(a, &input.Frame{Keys: []input.Chord{{Key: input.KeyRight}}})
	if m, ok := a.top().(*menu); !ok || m.view || m.gameMenu || m.helpMenu {
		t.Fatalf("Right from Help opened %T %+v, not the File menu", a.top(), a.top())
	}
	a.overlays = nil
	// A second Alt+H closes the menu.
	openHelp(t, a, true)
	step(a, &input.Frame{Keys: []input.Chord{{Key: input.KeyH, Mod: input.ModAlt}}})
	if a.top() != nil {
		t.Errorf("a second Alt+H left %T open", a.top())
	}
}
