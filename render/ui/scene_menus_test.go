package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trihex/input"
	"trihex/save"
)

// The layer stack over a game: each menu opens over it and Esc or a second
// click closes it; a menu item chosen runs and closes the menu; the shortcut
// sheet opens with ? and closes with Esc; V changes the theme and the setting is
// written; the review bar steps back (Live and Play from here appear); Quit with
// unsaved moves asks first: Esc keeps the game; Enter is Save, which asks for a
// path (the path field, proposing the game's name and the app's date in the home
// folder) and quits once saved.
func TestSceneMenus(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	sa := newSceneApp(t, 1024, 700)
	p := sa.newGame("Attangle", "", [2]input.Seat{})
	for _, m := range []struct{ button, item string }{{"file", "menu-saveas"}, {"view", "menu-coords"}, {"game", "menu-resign"}} {
		sa.click(m.button)
		if !sa.shows(m.item) || len(sa.overlays) != 1 {
			t.Fatalf("%s: the menu shows %v", m.button, sa.buttons())
		}
		sa.key("Esc")
		if sa.shows(m.item) || len(sa.overlays) != 0 {
			t.Fatalf("%s: Esc left the menu open", m.button)
		}
	}
	sa.key("Alt+F")
	if !sa.shows("menu-saveas") {
		t.Fatalf("Alt+F: %v", sa.buttons())
	}
	sa.click("file") // the button again: closed
	if sa.shows("menu-saveas") {
		t.Fatal("a second click on File left its menu open")
	}
	coords := sa.prefs.settings.Coordinates
	sa.click("view")
	sa.click("menu-coords")
	if sa.prefs.settings.Coordinates == coords || sa.shows("menu-coords") {
		t.Fatalf("View › Coordinates: coordinates %v (were %v), menu open %v", sa.prefs.settings.Coordinates, coords, sa.shows("menu-coords"))
	}

	sa.key("?")
	if !sa.shows("box") || sa.top() == nil {
		t.Fatal("? did not open the shortcut sheet")
	}
	sa.click("a1") // under the sheet: nothing played
	if p.sess.Match.Len() != 0 {
		t.Fatal("a click went through the shortcut sheet to the board")
	}
	sa.key("Esc")
	if sa.shows("box") {
		t.Fatal("Esc left the shortcut sheet open")
	}

	sa.key("V")
	if sa.prefs.settings.Theme != "high-contrast" {
		t.Fatalf("V: theme %q", sa.prefs.settings.Theme)
	}
	sa.prefs.writer.Flush()
	var st save.Settings
	if data, err := os.ReadFile(filepath.Join(sa.prefs.cfgDir, save.SettingsName)); err != nil || json.Unmarshal(data, &st) != nil || st.Theme != "high-contrast" {
		t.Fatalf("settings written: theme %q (%v)", st.Theme, err)
	}

	sa.run("click a1", "click a2", "click rv-back")
	if st := sa.status(); st != "Black to move here (reviewing)" || !sa.shows("live") || !sa.shows("play-here") {
		t.Fatalf("reviewing the position after a1: status %q, buttons %v", st, sa.buttons())
	}
	sa.key("End")
	if sa.shows("live") || p.sess.Match.Reviewing() {
		t.Fatal("End did not go back to the live position")
	}

	sa.key("Ctrl+Q")
	if !sa.shows("confirm-save") || sa.quit {
		t.Fatalf("Quit with unsaved moves did not ask: %v", sa.buttons())
	}
	sa.key("Esc")
	if sa.shows("confirm-save") || sa.quit || sa.play() != p {
		t.Fatal("Esc did not keep the game")
	}
	sa.key("Ctrl+Q", "Enter")
	pr, ok := sa.top().(*pathPrompt)
	want := filepath.Join(home, "attangle-2026-03-14"+save.Extension)
	if !ok || pr.text != want {
		t.Fatalf("Save asks %T %+v, want the path field proposing %s", sa.top(), pr, want)
	}
	sa.key("Enter")
	if !sa.quit {
		t.Fatal("saved, the app did not quit")
	}
	data, err := os.ReadFile(want)
	if err != nil || !strings.Contains(string(data), "1. a1 a2") {
		t.Fatalf("the saved game (%v):\n%s", err, data)
	}
}
