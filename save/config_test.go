package save

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileAtomicReplaces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.trihex")
	for _, text := range []string{"first", "second, longer"} {
		if err := WriteFileAtomic(path, []byte(text)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != text {
			t.Fatalf("file holds %q, want %q", got, text)
		}
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
}

// TestWriteFileAtomicInterrupted stops the writer after the temporary file is
// written and before the rename: the old file must be intact and no temporary file
// left behind.
func TestWriteFileAtomicInterrupted(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.trihex")
	if err := os.WriteFile(path, []byte("old game"), 0o644); err != nil {
		t.Fatal(err)
	}
	sawTemp := false
	beforeRename = func(tmp string) error {
		data, _ := os.ReadFile(tmp)
		sawTemp = string(data) == "new game"
		return errors.New("power cut")
	}
	defer func() { beforeRename = func(string) error { return nil } }()
	err := WriteFileAtomic(path, []byte("new game"))
	if err == nil || !strings.Contains(err.Error(), "power cut") {
		t.Fatalf("error %v, want the interruption", err)
	}
	if !sawTemp {
		t.Errorf("the new data was not in the temporary file before the rename")
	}
	if got, _ := os.ReadFile(path); string(got) != "old game" {
		t.Errorf("old file now holds %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("folder holds %d files, want only the old one", len(entries))
	}
}

func TestWriteFileAtomicFails(t *testing.T) {
	err := WriteFileAtomic(filepath.Join(t.TempDir(), "no", "such", "dir", "x.trihex"), []byte("x"))
	if err == nil || !strings.HasPrefix(err.Error(), "save: ") {
		t.Errorf("write into a missing folder: %v", err)
	}
}

func TestAutosave(t *testing.T) {
	dir := t.TempDir()
	if g, notice, err := LoadAutosave(dir); g != nil || notice != "" || err != nil {
		t.Fatalf("empty folder: %v %q %v", g, notice, err)
	}
	if err := Autosave(dir, "[Game \"Abande\"]\n\n1. d4 d5\n"); err != nil {
		t.Fatal(err)
	}
	g, notice, err := LoadAutosave(dir)
	if err != nil || notice != "" || g == nil || len(g.Moves) != 2 {
		t.Fatalf("autosave read back: %v %q %v", g, notice, err)
	}
	// A damaged autosave is moved aside with a notice, never a crash.
	if err := Autosave(dir, "[Game \"Abande\"]\n\n1. d4 d4\n"); err != nil {
		t.Fatal(err)
	}
	g, notice, err = LoadAutosave(dir)
	if g != nil || err != nil || !strings.Contains(notice, "could not be read") {
		t.Fatalf("damaged autosave: %v %q %v", g, notice, err)
	}
	if _, err := os.Stat(filepath.Join(dir, AutosaveName)); !os.IsNotExist(err) {
		t.Errorf("damaged autosave still in place")
	}
	matches, _ := filepath.Glob(filepath.Join(dir, AutosaveName+".damaged-*"))
	if len(matches) != 1 {
		t.Errorf("damaged autosave not kept aside: %v", matches)
	}
}

func TestSettings(t *testing.T) {
	dir := t.TempDir()
	s, notice := LoadSettings(dir)
	if notice != "" || s.WindowW != DefaultSettings().WindowW {
		t.Fatalf("no file: %+v %q", s, notice)
	}
	s.Theme, s.Level = "contrast", 5
	for i := 0; i < MaxRecent+3; i++ {
		s.AddRecent(filepath.Join("games", string(rune('a'+i))+Extension))
	}
	s.AddRecent(filepath.Join("games", "c"+Extension))
	if len(s.Recent) != MaxRecent || s.Recent[0] != filepath.Join("games", "c"+Extension) {
		t.Errorf("recent files %v", s.Recent)
	}
	if err := SaveSettings(dir, s); err != nil {
		t.Fatal(err)
	}
	back, notice := LoadSettings(dir)
	if notice != "" || back.Theme != "contrast" || back.Level != 5 || len(back.Recent) != MaxRecent {
		t.Errorf("read back %+v %q", back, notice)
	}
	os.WriteFile(filepath.Join(dir, SettingsName), []byte("{not json"), 0o644)
	back, notice = LoadSettings(dir)
	if notice == "" || back.Theme != DefaultSettings().Theme {
		t.Errorf("damaged settings: %+v %q", back, notice)
	}
	os.WriteFile(filepath.Join(dir, SettingsName), []byte(`{"Level": 99, "WindowW": -5}`), 0o644)
	back, _ = LoadSettings(dir)
	if back.Level != 3 || back.WindowW != 1280 {
		t.Errorf("out-of-range values kept: %+v", back)
	}
}
