package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trihex/input"
	"trihex/save"
)

// Reviewing an earlier position and playing on from it keeps the moves it
// replaced as a variation; a comment is typed on a move; saved through the path
// field, the record has both and reads back; opened in the window and saved
// again, it is unchanged.
func TestSceneVariation(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	sa := newSceneApp(t, 1280, 800)
	sa.newGame("Abande", "", [2]input.Seat{})
	sa.run("click d4", "click d5", "click d6", "click e4", "click rv-back", "click rv-back", "click c3", "click c4", "click comment")
	if _, ok := sa.top().(*pathPrompt); !ok {
		t.Fatalf("Comment opened %T", sa.top())
	}
	sa.frame(input.Frame{Text: []rune("a quieter line")})
	sa.key("Enter", "Ctrl+S", "Enter", "Ctrl+Q")
	if !sa.quit {
		t.Fatal("saved, Quit asked or did nothing")
	}
	saved := filepath.Join(home, "abande-2026-03-14"+save.Extension)
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	rec := string(data)
	if !strings.Contains(rec, "1. d4 d5 2. c3 (2. d6 e4) 2... c4 {a quieter line}") {
		t.Fatalf("record:\n%s", rec)
	}
	g, err := save.Read(strings.NewReader(rec))
	if err != nil || len(g.Root.Children[0].Children[0].Children) != 2 {
		t.Fatalf("read back (%v):\n%s", err, rec)
	}

	sb := newSceneApp(t, 1280, 800)
	sb.files.openPath(sb.App, saved)
	sb.frame(input.Frame{})
	if p := sb.game(); p.sess.Path != saved {
		t.Fatalf("opened %q", p.sess.Path)
	}
	sb.key("Ctrl+S")
	if again, _ := os.ReadFile(saved); string(again) != rec {
		t.Errorf("saved again:\n%s\nwas:\n%s", again, rec)
	}
}
