package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEndToEndKeys plays each game with the keyboard alone, no pointer event:
// Tab rings a target (the status line names it), Enter chooses it, so that three
// moves are built target by target (Attangle's capture and Abande's stack move
// take two and three choices); E opens the move field, where a typed move is
// played with Enter and an illegal one is refused in the rules' words. The
// record must hold the moves. TRIHEX_E2E=1 (about 40 s).
func TestEndToEndKeys(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cases := []struct {
		name   string
		args   []string
		cmds   string
		moves  string // the move list the record must end with
		refuse string // what the field says of the illegal move typed
	}{
		// The moves are chosen early in reading order (row g comes first), so
		// that few Tabs reach them on a busy machine.
		{"abande", []string{"--game", "abande", "--size", "1280x800"},
			"tab g1\nshot ring.png\nkey Return\ntab g2\nkey Return\ntab g3\nkey Return\n" +
				"key e\nchars g9\nkey Return\ncopy refused.json\nshot field.png\nkey BackSpace\nkey BackSpace\nchars f1\nkey Return\n" +
				"tab g3\nkey Return\ntab g2\ncopy step.json\nkey Return\nshot shot.png\n",
			"1. g1 g2 2. g3 f1 3. g3-g2", `"g9" is not a point`},
		// The capture: g1 and g3 chosen, Esc takes g3 back (the ring stays on
		// it), Enter chooses it again, then g2.
		{"attangle", []string{"--game", "attangle", "--size", "800x600"},
			"tab g1\nkey Return\ntab g2\nkey Return\ntab g3\nkey Return\n" +
				"key e\nchars d4\nkey Return\ncopy refused.json\nkey Escape\nkey e\nchars a1\nkey Return\n" +
				"tab g1\nkey Return\ntab g3\nkey Return\nkey Escape\nkey Return\ntab g2\nshot ring.png\nkey Return\nshot shot.png\n",
			"1. g1 g2 2. g3 a1 3. g1,g3-g2", "d4 stays empty"},
		{"andantino", []string{"--game", "andantino", "--size", "1024x700"},
			"tab 0,1\nkey Return\ntab 1,-1\nshot ring.png\nkey Return\ntab -1,1\nkey Return\n" +
				"key e\nchars 5,5\nkey Return\ncopy refused.json\nshot field.png\nkey Escape\nkey e\nchars 2,-1\nkey Return\nshot shot.png\n",
			"1. 0,1 1,-1 2. -1,1 2,-1", "touch at least two tiles"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sub := filepath.Join(dir, c.name)
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
			rec := filepath.Join(sub, "record.txt")
			args := append([]string{"-a", "-s", "-screen 0 1600x1000x24", script}, c.args...)
			args = append(args, "--record-out", rec, "--config-dir", filepath.Join(sub, "config"))
			cmd := e2eCommand(t, "xvfb-run", args...)
			cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+sub, "REC="+rec)
			cmd.Stdin = strings.NewReader(c.cmds)
			out, err := cmd.CombinedOutput()
			if err != nil || strings.Contains(string(out), "never rang") {
				t.Fatalf("driver: %v\n%s", err, out)
			}
			if l := readLayout(t, filepath.Join(sub, "refused.json")); !strings.Contains(l.Status, c.refuse) {
				t.Errorf("the illegal typed move: status %q, want it to say %q", l.Status, c.refuse)
			}
			data, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), c.moves) {
				t.Errorf("record:\n%s\nwant moves %q", data, c.moves)
			}
			if seen := readSeen(t, filepath.Join(sub, "layout.json")); seen.Clicks != 0 {
				t.Errorf("%d clicks seen: the game was to be played by keys alone", seen.Clicks)
			}
			for _, shot := range []string{"ring.png", "shot.png"} {
				checkNotBlank(t, filepath.Join(sub, shot))
			}
			if os.Getenv("TRIHEX_SHOTS") != "" {
				for _, shot := range []string{"ring.png", "field.png", "shot.png"} {
					if data, err := os.ReadFile(filepath.Join(sub, shot)); err == nil {
						_ = os.WriteFile(filepath.Join(os.Getenv("TRIHEX_SHOTS"), c.name+"-"+shot), data, 0o644)
					}
				}
			}
		})
	}
}

// readSeen reads the input counts of a --layout-out file.
func readSeen(t *testing.T, path string) inputSeen {
	t.Helper()
	var l struct {
		Seen inputSeen `json:"seen"`
	}
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &l)
	}
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	return l.Seen
}
