package ui

import (
	"os"
	"path/filepath"
	"testing"

	"trihex/input"
	"trihex/save"
)

// A game left unfinished is offered as Continue on the next start; a bad file
// opened from there leaves the start screen and says why in the player's words;
// Continue then opens the game, not saved to a file of the player's.
func TestSceneContinueAndOpen(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad"+save.Extension)
	if err := os.WriteFile(bad, []byte("[Game \"Attangle\"]\n\n1. a1 a2 2. d4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sa := newSceneApp(t, 1024, 700)
	sa.newGame("Attangle", "", [2]input.Seat{})
	sa.run("click a1", "click a2")
	sa.prefs.writer.Flush() // the autosave is on disk
	g, _, err := save.LoadAutosave(sa.prefs.cfgDir)
	if err != nil || !continuable(g) {
		t.Fatalf("the autosave (%v) is not offered to continue", err)
	}

	sb := newSceneApp(t, 1024, 700)
	st := sb.newStart()
	st.cont = g
	sb.show(st)
	if !sb.shows("continue") {
		t.Fatalf("the start screen offers no Continue: %v", sb.buttons())
	}
	sb.key("Ctrl+O")
	pr, ok := sb.top().(*pathPrompt)
	if !ok {
		t.Fatalf("Open asks with %T", sb.top())
	}
	pr.text = bad
	sb.key("Enter")
	want := `Could not open bad.trihex: line 3, move 2. "d4" is not a legal move: d4 is never occupied`
	if v := sb.view(); v.Game != "" || v.Banner != want {
		t.Fatalf("after opening a bad file: game %q, banner %q; want the start screen kept and %q", v.Game, v.Banner, want)
	}
	sb.click("continue")
	if p := sb.game(); p.sess.Match.Len() != 2 || !p.sess.Unsaved() {
		t.Fatalf("Continue: %d moves, unsaved %v", p.sess.Match.Len(), p.sess.Unsaved())
	}
}
