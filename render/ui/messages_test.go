package ui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trihex/save"
)

// A bad record is refused in the player's words: its name, the line and move, the
// rules' reason, and no package prefixes.
func TestPlayerMessage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.trihex")
	if err := os.WriteFile(path, []byte("[Game \"Andantino\"]\n\n1. 0,1 9,9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := save.ReadFile(path)
	if err == nil {
		t.Fatal("a bad record loads")
	}
	got := playerMessage(err)
	want := `Could not open game.trihex: line 3, move 1… "9,9" is not a legal move: 9,9 touches no tile`
	if got != want {
		t.Errorf("got  %q\nwant %q\n(command line: %q)", got, want, err)
	}
	if !strings.Contains(err.Error(), "save: ") {
		t.Errorf("the command line's message lost its prefix: %q", err)
	}
	if got := playerMessage(errors.New("ai: the computer found no move")); got != "the computer found no move" {
		t.Errorf("%q", got)
	}
	if playerMessage(nil) != "" {
		t.Error("nil error")
	}
}
