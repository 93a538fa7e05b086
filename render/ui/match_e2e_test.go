package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"trihex/save"
)

// TestEndToEndMatch ends games beyond the board in the real window: a clock's
// flag falls in a 1+0 game against the computer in which the person never moves
// again (--time-scale 20 runs the minute in 3 s; the driver waits for the result
// card, not for a time), and a player resigns by Ctrl+R, keeps playing with Esc,
// then resigns by the button and Enter. It checks the records, the status line and
// the end card drawn. The draw, and the flag in fake time, are
// TestSceneMatchEnds's, without a display. TRIHEX_E2E=1 (about 20 s).
func TestEndToEndMatch(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cases := []struct {
		name   string
		args   []string
		cmds   string
		status string   // the status line at the end
		tags   []string // what the record must say
		boxes  []string // a layout the driver copied → a button it must show
	}{
		{"flag", []string{"--game", "andantino", "--red", "computer", "--level", "1", "--clock", "1+0", "--time-scale", "20"},
			"click 0,1\nuntil result-rematch\ncopy end.json\nshot end.png\n", "White lost on time",
			[]string{`[TimeControl "60+0"]`, `[Termination "time forfeit"]`, `[Result "red"]`, "1. 0,1 {[%clk 0:01:00]}"}, nil},
		{"resign", []string{"--game", "attangle", "--clock", "3+2"},
			"click a1\nclick a2\nkey ctrl+r\ncopy asked.json\nkey Escape\ncopy kept.json\nbutton resign\nkey Return\nuntil result-rematch\ncopy end.json\nshot end.png\n",
			"White resigned", []string{`[TimeControl "180+2"]`, `[Termination "resignation"]`, `[Result "black"]`, "1. a1"},
			[]string{"asked.json confirm-resign", "kept.json resign"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := filepath.Join(dir, c.name+".txt")
			args := append([]string{"-a", "-s", "-screen 0 1600x1000x24", script}, c.args...)
			args = append(args, "--size", "1280x800", "--record-out", rec, "--config-dir", filepath.Join(dir, "config-"+c.name))
			cmd := exec.Command("xvfb-run", args...)
			cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir, "REC="+rec)
			cmd.Stdin = strings.NewReader(c.cmds)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("driver: %v\n%s", err, out)
			}
			end := readLayout(t, filepath.Join(dir, "end.json"))
			if end.Status != c.status {
				t.Errorf("status %q, want %q", end.Status, c.status)
			}
			for _, b := range c.boxes {
				file, id, _ := strings.Cut(b, " ")
				if l := readLayout(t, filepath.Join(dir, file)); l.Buttons[id] == [4]float64{} {
					t.Errorf("%s: no %s among %v", file, id, l.Buttons)
				}
			}
			if l := readLayout(t, filepath.Join(dir, "end.json")); l.Buttons["resign"] != [4]float64{} {
				t.Error("Resign is still offered after the game ended")
			}
			data, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			for _, tag := range c.tags {
				if !strings.Contains(string(data), tag) {
					t.Errorf("record lacks %q:\n%s", tag, data)
				}
			}
			if _, err := save.Read(strings.NewReader(string(data))); err != nil {
				t.Errorf("the record does not read back: %v\n%s", err, data)
			}
			checkNotBlank(t, filepath.Join(dir, "end.png"))
		})
	}
}
