package ui

import (
	"os"
	"path/filepath"
	"testing"

	"trihex/input"
)

// TestEngineChoices: the start screen names each engine of the settings by
// its file's name, else its program's; an unreadable file is offered under
// its file name, and choosing an engine seats it as the computer.
func TestEngineChoices(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "natsel.ugi")
	if err := os.WriteFile(file, []byte("name = Natural Selection\ncommand = ./natsel\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := engineChoices([]string{file, "/opt/engines/pijersi-rs --ugi", "ugi:trihex ugi --level 2", "", filepath.Join(dir, "missing.ugi"), "five", "six"})
	want := []engineChoice{{"Natural Selec…", file}, {"pijersi-rs", "/opt/engines/pijersi-rs --ugi"}, {"trihex", "ugi:trihex ugi --level 2"}, {"missing.ugi", filepath.Join(dir, "missing.ugi")}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("engine %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	s := &startScreen{engines: got}
	if _, ok := s.engineSeat(); ok {
		t.Error("Trihex's engine chosen, yet an external seat")
	}
	s.clickEngine("engine-2")
	if seat, ok := s.engineSeat(); !ok || seat != (input.Seat{Kind: input.Engine, Name: "pijersi-rs", Command: "/opt/engines/pijersi-rs --ugi"}) {
		t.Errorf("engine-2 seats %+v", seat)
	}
	s.clickEngine("engine-9")
	if s.engine != 2 {
		t.Errorf("engine-9 (none such) changed the choice to %d", s.engine)
	}
}
