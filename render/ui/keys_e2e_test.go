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

// TestEndToEndKeysStart goes from the start screen to a finished game by keys
// alone, no pointer event: Tab rings the game cards and Right chooses Attangle,
// Tab goes on to Black's row (Right and Left change it), then to Start, which
// Enter presses; a move is played by Tab and Enter; Alt+G opens the Game menu,
// Down lights Resign… and Enter chooses it; in the box Tab rings Play on, which
// Enter presses; Ctrl+R asks again and Enter resigns; Tab then rings the end
// card's Rematch. TRIHEX_E2E=1 (about 20 s).
func TestEndToEndKeysStart(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	rec := filepath.Join(dir, "record.txt")
	cmds := "key Tab\nkey Right\nshot start-card.png\nring Tab player-black\nkey Right\nkey Left\nshot start-row.png\n" +
		"ring Tab start\ncopy start.json\nshot start.png\nkey Return\nuntil undo\n" +
		"tab g1\nkey Return\n" +
		"key alt+g\nring Down menu-resign\ncopy menu.json\nshot menu.png\nkey Return\nuntil confirm-resign\n" +
		"ring Tab confirm-cancel\nshot box.png\nkey Return\n" +
		"key ctrl+r\nuntil confirm-resign\nkey Return\nuntil result-rematch\nring Tab result-rematch\ncopy card.json\nshot card.png\n"
	args := []string{"-a", "-s", "-screen 0 1600x1000x24", script, "--size", "1280x800",
		"--record-out", rec, "--config-dir", filepath.Join(dir, "config")}
	cmd := e2eCommand(t, "xvfb-run", args...)
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir, "REC="+rec)
	cmd.Stdin = strings.NewReader(cmds)
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "never rang") {
		t.Fatalf("driver: %v\n%s", err, out)
	}
	if l := readLayout(t, filepath.Join(dir, "start.json")); l.Game != "" {
		t.Errorf("Start was ringed on the %q screen, want the start screen", l.Game)
	}
	if f := readFocus(t, filepath.Join(dir, "menu.json")); f != "menu-resign" {
		t.Errorf("the Game menu lit %q, want menu-resign", f)
	}
	if f := readFocus(t, filepath.Join(dir, "card.json")); f != "result-rematch" {
		t.Errorf("the end card rang %q, want result-rematch", f)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	// One move, then a resignation: Play on in the box left the game going.
	if !strings.Contains(string(data), "1. g1") || !strings.Contains(string(data), "resign") ||
		!strings.Contains(string(data), "Attangle") {
		t.Errorf("record:\n%s\nwant Attangle, 1. g1, then a resignation", data)
	}
	if seen := readSeen(t, filepath.Join(dir, "layout.json")); seen.Clicks != 0 {
		t.Errorf("%d clicks seen: the game was to be played by keys alone", seen.Clicks)
	}
	for _, shot := range []string{"start-card.png", "start-row.png", "start.png", "menu.png", "box.png", "card.png"} {
		checkNotBlank(t, filepath.Join(dir, shot))
		if d := os.Getenv("TRIHEX_SHOTS"); d != "" {
			if data, err := os.ReadFile(filepath.Join(dir, shot)); err == nil {
				_ = os.WriteFile(filepath.Join(d, "keys-"+shot), data, 0o644)
			}
		}
	}
}

// readFocus reads the widget the keys ring from a --layout-out file.
func readFocus(t *testing.T, path string) string {
	t.Helper()
	var l struct {
		Focus string `json:"focus"`
	}
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &l)
	}
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	return l.Focus
}
