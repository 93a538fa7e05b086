package ui

import (
	"context"
	"encoding/json"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"trihex/ai/puzzle"
	"trihex/save"
)

// driver runs inside xvfb-run: it starts the app with --layout-out and plays the
// commands read from standard input with xdotool, at the positions the app wrote:
//
//	click CELL | button NAME | key KEYS | shot FILE | sleep SECONDS
//	dialog TITLE (wait for a GTK dialog to be mapped and focus it: a window
//	found before it is viewable refuses the focus with BadMatch) | type TEXT (type, Return,
//	focus the app again) | copy NAME (keep the layout as it is now) | keep NAME
//	(keep the record $REC as it is now) | close (the window manager's close
//	button: WM_DELETE_WINDOW) | wait (the app's exit) | resize W H | move CELL
//	(the pointer, no click) | wheel N (N clicks up; -N down) | until NAME (wait,
//	up to about 40 s, for the layout to show the button NAME: an event, not a
//	time) | tab CELL (press Tab until the status line says CELL is ringed, at
//	most 150 times) | chars TEXT (type TEXT into the window, no Return) |
//	ring KEY NAME (press KEY until the widget the keys ring, --layout-out's
//	"focus", starts with NAME, at most 60 times)
//
// A click, a key or the wheel waits until the app has taken it (the "seen"
// counts of --layout-out), however busy the machine, then a moment for what
// follows from it.
//
// The app is found by its X class: GTK's hidden leader window is also named after
// the program.
const driver = `#!/bin/bash
export GSETTINGS_BACKEND=memory
L=$DIR/layout.json; rm -f "$L"
"$BIN" --layout-out "$L" "$@" >"$DIR/log" 2>&1 &
pid=$!
for i in $(seq 100); do [ -s "$L" ] && break; sleep 0.2; done
W=$(xdotool search --onlyvisible --class Trihex | head -1)
xdotool windowfocus --sync $W 2>/dev/null
sleep 0.5
# pos NAME: the centre of a cell or button, waiting (at most 30 s) for a screen
# that has it: a slow machine may still show the screen before the last click.
pos() { for i in $(seq 150); do python3 -c "import json,sys;d=json.load(open('$L'));c=d['cells'].get(sys.argv[1]) or (lambda b:[b[0]+b[2]/2,b[1]+b[3]/2])(d['buttons'][sys.argv[1]]);print(int(c[0]),int(c[1]))" "$1" 2>/dev/null && return; sleep 0.2; done; echo "no $1 on the screen in 30 s" >&2; return 1; }
# seen KIND: the clicks, keys or wheel steps the app has taken (--layout-out's
# "seen"); await KIND N: wait until it has taken N of them (or has quit), at most 60 s.
seen() { python3 -c "import json,sys;print(json.load(open('$L')).get('seen',{}).get(sys.argv[1],0))" "$1" 2>/dev/null || echo 0; }
await() { for i in $(seq 600); do kill -0 $pid 2>/dev/null || return; [ "$(seen $1)" -ge $2 ] && return; sleep 0.1; done; echo "the app took no $1 in 60 s" >&2; }
while read -r cmd arg; do
  case $cmd in
    click|button) n=$(seen clicks); p=$(pos "$arg") && { xdotool mousemove --window $W $p click 1; await clicks $((n+1)); }; sleep 0.7;;
    key) n=$(seen keys); xdotool key --window $W $arg; await keys $((n+1)); sleep 0.6;;
    shot) import -window $W "$DIR/$arg";;
    sleep) sleep $arg;;
    dialog) D=; for i in $(seq 100); do D=$(xdotool search --onlyvisible --name "^$arg\$" | head -1)
        [ -n "$D" ] && xdotool windowfocus --sync $D 2>/dev/null && break; D=; sleep 0.2; done
      [ -z "$D" ] && { echo "no dialog $arg to focus" >&2; kill $pid; exit 1; }
      sleep 0.5;;
    type) xdotool type --delay 20 "$arg"; sleep 0.3; xdotool key Return; sleep 1; xdotool windowfocus --sync $W 2>/dev/null; sleep 0.5;;
    copy) sleep 0.3; cp "$L" "$DIR/$arg";;
    keep) cp "$REC" "$DIR/$arg";;
    close) "$DIR/wmdelete" $W; sleep 0.8;;
    resize) for i in $(seq 10); do xdotool windowsize $W $arg; sleep 0.8
        python3 -c "import json,sys;d=json.load(open('$L'));sys.exit(0 if d['size']==[float(v) for v in sys.argv[1:]] else 1)" $arg && break; done;;
    wheel) n=$(seen wheel); for i in $(seq ${arg#-}); do if [ "${arg:0:1}" = - ]; then xdotool click 5; else xdotool click 4; fi; done; await wheel $((n+${arg#-})); sleep 0.6;;
    until) for i in $(seq 200); do python3 -c "import json,sys;d=json.load(open('$L'));sys.exit(0 if sys.argv[1] in d['buttons'] else 1)" "$arg" 2>/dev/null && break; sleep 0.2; done; sleep 0.3;;
    tab) ok=; for i in $(seq 150); do n=$(seen keys); xdotool key --window $W Tab; await keys $((n+1))
        python3 -c "import json,sys;sys.exit(0 if ' '+sys.argv[1]+' ringed' in json.load(open('$L')).get('status','') else 1)" "$arg" 2>/dev/null && { ok=1; break; }; done
      [ -z "$ok" ] && echo "Tab never rang $arg" >&2; sleep 0.3;;
    chars) xdotool type --delay 40 "$arg"; sleep 1;;
    ring) ok=; set -- $arg; for i in $(seq 60); do n=$(seen keys); xdotool key --window $W $1; await keys $((n+1))
        python3 -c "import json,sys;sys.exit(0 if json.load(open('$L')).get('focus','').startswith(sys.argv[1]) else 1)" "$2" 2>/dev/null && { ok=1; break; }; done
      [ -z "$ok" ] && echo "$1 never rang $2" >&2; sleep 0.3;;
    move) xdotool mousemove --window $W $(pos "$arg"); sleep 0.4;;
    wait) for i in $(seq 50); do kill -0 $pid 2>/dev/null || exit 0; sleep 0.2; done; echo "the app did not quit" >&2; kill $pid; exit 1;;
  esac
done
kill $pid
`

// TestEndToEnd drives the real binary under Xvfb with xdotool clicks at the
// coordinates from --layout-out, and checks the records written and that the
// screenshots are not blank: the 37-point board at the smallest window, and the
// Andantino surface with the end card. How each game's moves are built from
// clicks is TestSceneMoves's, without a display. It needs xvfb-run, xdotool,
// ImageMagick's import and python3, and runs only when TRIHEX_E2E=1 (about 15 s).
func TestEndToEnd(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	// An Andantino position prepared by random play: Red to move with a suicide
	// cell at -1,1 (enclosed by White).
	suicide := filepath.Join(dir, "suicide.trihex")
	if err := os.WriteFile(suicide, []byte(suicideRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		args  []string
		cmds  string
		moves string // the move list the record must end with
	}{
		{"attangle", []string{"--game", "attangle", "--size", "800x600"},
			// The first capture clicks the target first; undone, it is clicked attackers first.
			"click a1\nclick a2\nclick a3\nclick g1\nclick a2\nclick a1\nclick a3\nkey ctrl+z\nclick a1\nclick a3\nclick a2\nshot shot.png\n",
			"1. a1 a2 2. a3 g1 3. a1,a3-a2"},
		// Red plays into White's enclosure and loses at once.
		// (The first click only warns; the second plays.)
		{"suicide", []string{"--load", suicide, "--size", "1280x800"}, "click -1,1\nkeep armed.txt\nclick -1,1\nshot shot.png\n", "19. -2,1 -1,1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := filepath.Join(dir, c.name+".txt")
			args := append([]string{"-a", "-s", "-screen 0 1600x1000x24", script}, c.args...)
			args = append(args, "--record-out", rec, "--config-dir", filepath.Join(dir, "config"))
			cmd := e2eCommand(t, "xvfb-run", args...)
			cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir, "REC="+rec)
			cmd.Stdin = strings.NewReader(c.cmds)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("driver: %v\n%s", err, out)
			}
			if c.name == "suicide" {
				if armed, err := os.ReadFile(filepath.Join(dir, "armed.txt")); err != nil || strings.Contains(string(armed), "-1,1\n") {
					t.Errorf("one click on a losing cell played it (%v):\n%s", err, armed)
				}
			}
			data, err := os.ReadFile(rec)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), c.moves) {
				t.Errorf("record:\n%s\nwant moves %q", data, c.moves)
			}
			checkNotBlank(t, filepath.Join(dir, "shot.png"))
		})
	}
}

// TestEndToEndFiles saves a game through the real GTK save dialog (a typed path),
// opens a bad file (the message shows, the game stays), then opens the saved file
// through the GTK open dialog in a new session and continues it. It also checks
// the autosave and the settings. TRIHEX_E2E=1, like TestEndToEnd (about 25 s).
func TestEndToEndFiles(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cfg := filepath.Join(dir, "config")
	saved := filepath.Join(dir, "saved"+save.Extension)
	bad := filepath.Join(dir, "bad"+save.Extension)
	if err := os.WriteFile(bad, []byte("[Game \"Attangle\"]\n\n1. a1 a2 2. d4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	drive := func(cmds string, args ...string) {
		t.Helper()
		args = append([]string{"-a", "-s", "-screen 0 1600x1000x24", script, "--config-dir", cfg}, args...)
		cmd := e2eCommand(t, "xvfb-run", args...)
		cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
		cmd.Stdin = strings.NewReader(cmds)
		if out, err := cmd.CombinedOutput(); err != nil {
			log, _ := os.ReadFile(filepath.Join(dir, "log"))
			t.Fatalf("driver: %v\n%s\napp log:\n%s", err, out, log)
		}
	}
	// First run: two moves, Save As through GTK (the dialog keeps the selected
	// ".trihex" of its proposed name, so the typed name has none), then Quit: saved,
	// so nothing is asked.
	drive("click a1\nclick a2\nkey ctrl+s\ndialog Save File\ntype "+strings.TrimSuffix(saved, save.Extension)+"\nshot saved.png\nkey ctrl+q\nwait\n",
		"--game", "attangle", "--size", "1024x700")
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatalf("the save dialog wrote nothing: %v", err)
	}
	if !strings.Contains(string(data), "[Game \"Attangle\"]") || !strings.Contains(string(data), "1. a1 a2") {
		t.Errorf("saved record:\n%s", data)
	}
	if auto, err := os.ReadFile(filepath.Join(cfg, save.AutosaveName)); err != nil || !strings.Contains(string(auto), "1. a1 a2") {
		t.Errorf("autosave: %v\n%s", err, auto)
	}
	checkNotBlank(t, filepath.Join(dir, "saved.png"))

	// Second run: the start screen offers Continue; open the bad file (the message
	// shows), then the saved one, play a move and save it in place with Ctrl+S.
	drive("copy start.json\nkey ctrl+o\ndialog Open File\ntype "+bad+"\ncopy bad.json\nkey ctrl+o\ndialog Open File\ntype "+saved+
		"\ncopy opened.json\nshot opened.png\nclick a3\nkey ctrl+s\nkey ctrl+q\nwait\n", "--size", "1024x700")
	read := func(name string) layoutFile { return readLayout(t, filepath.Join(dir, name)) }
	if l := read("start.json"); l.Buttons["continue"] == [4]float64{} {
		t.Errorf("the start screen offers no Continue for the unfinished autosave: %v", l.Buttons)
	}
	if l := read("bad.json"); l.Game != "" || l.Buttons["banner"] == [4]float64{} {
		t.Errorf("after opening a bad file: game %q, banner %v; want the start screen kept and a message", l.Game, l.Buttons["banner"])
	}
	// The window says it in the player's words; the command line keeps the exact message.
	if l := read("bad.json"); l.Banner != `Could not open bad.trihex: line 3, move 2. "d4" is not a legal move: d4 is never occupied` {
		t.Errorf("banner %q", l.Banner)
	}
	if l := read("opened.json"); l.Game != "Attangle" || len(l.Cells) != 37 {
		t.Errorf("after opening the saved file: game %q with %d cells", l.Game, len(l.Cells))
	}
	checkNotBlank(t, filepath.Join(dir, "opened.png"))
	data, _ = os.ReadFile(saved)
	if !strings.Contains(string(data), "1. a1 a2 2. a3") {
		t.Errorf("the reopened game, continued and saved:\n%s", data)
	}
	var st save.Settings
	if data, err := os.ReadFile(filepath.Join(cfg, save.SettingsName)); err != nil || json.Unmarshal(data, &st) != nil || len(st.Recent) == 0 || st.Recent[0] != saved {
		t.Errorf("settings: recent files %v (%v), want %s first", st.Recent, err, saved)
	}
}

// TestEndToEndComputer plays Andantino against the computer at level 1 in a real
// window: the window draws while the computer thinks (the screenshot is taken
// then), and the window manager's close button with moves on the board asks
// first. Its answer, the undo and the question's buttons are
// TestSceneComputerUndoAndClose's, without a display. TRIHEX_E2E=1 (about 10 s).
func TestEndToEndComputer(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	// A window manager's close button, for a window without a window manager.
	wmSrc := filepath.Join(dir, "wmdelete.c")
	if err := os.WriteFile(wmSrc, []byte(wmDeleteC), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cc", "-o", filepath.Join(dir, "wmdelete"), wmSrc, "-lX11").CombinedOutput(); err != nil {
		t.Fatalf("cc wmdelete: %v\n%s", err, out)
	}
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--game", "andantino", "--red", "computer",
		"--level", "1", "--size", "1024x700", "--config-dir", filepath.Join(dir, "config"))
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
	// Closing the window with moves on the board asks first (Don't save quits).
	cmd.Stdin = strings.NewReader("click 0,1\nshot thinking.png\nclose\nuntil confirm-discard\ncopy closing.json\nbutton confirm-discard\nwait\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("driver: %v\n%s", err, out)
	}
	checkNotBlank(t, filepath.Join(dir, "thinking.png"))
	if data, err := os.ReadFile(filepath.Join(dir, "closing.json")); err != nil || !strings.Contains(string(data), "confirm-save") {
		t.Errorf("closing the window with unsaved moves did not ask: %v", err)
	}
}

// suicideRecord and continuationRecord are the Andantino positions above.
const suicideRecord = "[Game \"Andantino\"]\n[Options \"adjacency=strict,continuation=off\"]\n\n1. 0,1 1,-1 2. 2,-1 1,1 3. 2,-2 1,-2 4. 3,-2 0,2 5. -1,2 0,-1 6. -1,0 -1,-1\n7. 3,-1 -1,3 8. 4,-2 4,-1 9. 2,-3 4,-3 10. 0,3 3,-3 11. 1,-3 4,-4 12. 3,-4 5,-4\n13. 2,-4 0,-2 14. 0,-3 -1,-2 15. 5,-3 -2,-1 16. 5,-5 -1,-3 17. -2,3 3,-5\n18. -2,2 -2,0 19. -2,1\n"

const continuationRecord = "[Game \"Andantino\"]\n[Options \"adjacency=strict,continuation=on\"]\n\n1. 1,-1 2,-1 2. 2,0 0,1 3. 3,-1 3,-2 4. 3,0 -1,1 5. 1,1 0,-1 6. 0,2 1,2 7. -1,0\n1,-2 8. 4,-1 -2,1 9. 2,-2 2,-3 10. 4,0 -1,-1 11. -2,2 1,-3 12. 3,-3 2,-4\n13. 3,1 4,-2 14. 5,-2 5,-3 15. -1,2 -1,3 16. -3,2 6,-3 17. 5,-1 2,1 18. -3,1\n2,2 19. -2,3 0,-2 20. -2,4 5,0 21. -3,3 -1,-2 22. -2,0 4,1 23. -2,-1 5,1\n24. 6,-2 3,-4 25. -3,2-3,2 2,-3-6,-4 26. -2,0-1,3 0,1-0,-3\n"

// wmDeleteC sends WM_DELETE_WINDOW to the window given as argument, as a window
// manager's close button does.
const wmDeleteC = `#include <X11/Xlib.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
  Display *d = XOpenDisplay(NULL);
  if (!d || argc < 2) return 1;
  XEvent e;
  memset(&e, 0, sizeof e);
  e.xclient.type = ClientMessage;
  e.xclient.window = strtoul(argv[1], NULL, 0);
  e.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
  e.xclient.format = 32;
  e.xclient.data.l[0] = XInternAtom(d, "WM_DELETE_WINDOW", False);
  XSendEvent(d, e.xclient.window, False, NoEventMask, &e);
  XCloseDisplay(d);
  return 0;
}
`

// layoutFile is --layout-out's JSON as the tests read it.
type layoutFile struct {
	Game    string                `json:"game"`
	Size    [2]float64            `json:"size"`
	Cells   map[string][2]float64 `json:"cells"`
	Buttons map[string][4]float64 `json:"buttons"`
	Status  string                `json:"status"`
	Banner  string                `json:"banner"`
	Guide   string                `json:"guide"`
}

// readLayout reads a copy of --layout-out the driver kept.
func readLayout(t *testing.T, path string) layoutFile {
	t.Helper()
	var l layoutFile
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, &l)
	}
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	return l
}

// checkNotBlank fails unless the screenshot has many different colours.
func checkNotBlank(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 12, g >> 12, bl >> 12}] = true
		}
	}
	if len(seen) < 12 || b.Dx() < 300 {
		t.Errorf("screenshot %v looks blank: %d colours", b, len(seen))
	}
}

// e2eSetup skips the test unless TRIHEX_E2E=1; then it requires the tools (a
// missing one fails the test rather than skipping it, so CI cannot pass without
// running it), builds the binary and writes the xdotool driver into a temporary
// folder.
func e2eSetup(t *testing.T) (dir, bin, script string) {
	t.Helper()
	if os.Getenv("TRIHEX_E2E") != "1" {
		t.Skip("set TRIHEX_E2E=1 to run the end-to-end test under Xvfb")
	}
	for _, tool := range []string{"xvfb-run", "xdotool", "import", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not installed (bash .ci/deps installs it)", tool)
		}
	}
	if dl, ok := t.Deadline(); ok && time.Until(dl) < 3*time.Minute {
		// An earlier test took the time: fail with the reason, not go test's panic.
		t.Fatalf("not started: %v left before go test's -timeout (.ci/run sets it), earlier tests took the rest", time.Until(dl).Round(time.Second))
	}
	dir = t.TempDir()
	bin = filepath.Join(dir, "trihex")
	if out, err := exec.Command("go", "build", "-o", bin, "trihex").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	script = filepath.Join(dir, "drive.sh")
	if err := os.WriteFile(script, []byte(driver), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, bin, script
}

// e2eMargin is how long before go test's -timeout an end-to-end run is stopped,
// so that the test fails saying what it waited for rather than the whole test
// binary panicking.
const e2eMargin = 30 * time.Second

// e2eCommand is exec.Command for a run under Xvfb, stopped (with everything it
// started) e2eMargin before go test's -timeout.
func e2eCommand(t *testing.T, name string, args ...string) *exec.Cmd {
	t.Helper()
	ctx := t.Context()
	if dl, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-e2eMargin))
		t.Cleanup(cancel)
	}
	cmd := exec.CommandContext(ctx, name, args...)
	ownGroup(cmd)
	cmd.Cancel = func() error {
		t.Errorf("stopped %s %s: still running %v before go test's -timeout (a busy machine; .ci/run sets the limit)",
			name, strings.Join(args, " "), e2eMargin)
		return killGroup(cmd)
	}
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// TestEndToEndOverlays draws the shortcut sheet over a game in a real window:
// it shows and is not blank. What the layer stack does (menus, boxes, the quit
// question) is TestSceneMenus's, without a display. TRIHEX_E2E=1 (about 5 s).
func TestEndToEndOverlays(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--game", "attangle", "--size", "1024x700",
		"--config-dir", filepath.Join(dir, "config"))
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
	cmd.Stdin = strings.NewReader("key question\nuntil box\ncopy help.json\nshot help.png\nkey Escape\nkey alt+h\nuntil menu-about\ncopy helpmenu.json\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("driver: %v\n%s\napp log:\n%s", err, out, log)
	}
	if _, ok := readLayout(t, filepath.Join(dir, "help.json")).Buttons["box"]; !ok {
		t.Fatal("? did not open the shortcut sheet")
	}
	if _, ok := readLayout(t, filepath.Join(dir, "helpmenu.json")).Buttons["menu-rules"]; !ok {
		t.Error("Alt+H did not open the Help menu")
	}
	checkNotBlank(t, filepath.Join(dir, "help.png"))
}

// TestEndToEndWindow resizes the window, quits and starts again: the same size;
// then fullscreen is remembered too. TRIHEX_E2E=1 (about 15 s).
func TestEndToEndWindow(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cfg := filepath.Join(dir, "config")
	drive := func(cmds string) {
		t.Helper()
		cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--game", "abande", "--config-dir", cfg)
		cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
		cmd.Stdin = strings.NewReader(cmds)
		if out, err := cmd.CombinedOutput(); err != nil {
			log, _ := os.ReadFile(filepath.Join(dir, "log"))
			t.Fatalf("driver: %v\n%s\napp log:\n%s", err, out, log)
		}
	}
	size := func(name string) [2]float64 { return readLayout(t, filepath.Join(dir, name)).Size }
	drive("sleep 3\nresize 900 650\nsleep 2\ncopy resized.json\nkey ctrl+q\nwait\n")
	if got := size("resized.json"); got != [2]float64{900, 650} {
		t.Fatalf("after resizing the window lays out %v", got)
	}
	drive("copy again.json\nkey F11\nsleep 1\ncopy full.json\nkey ctrl+q\nwait\n")
	if got := size("again.json"); got != [2]float64{900, 650} {
		t.Errorf("restarted at %v, want the size it had: 900×650", got)
	}
	if got := size("full.json"); got != [2]float64{1600, 1000} {
		t.Errorf("fullscreen lays out %v, want the screen 1600×1000", got)
	}
	drive("copy full-again.json\nkey ctrl+q\nwait\n")
	if got := size("full-again.json"); got != [2]float64{1600, 1000} {
		t.Errorf("restarted at %v, want fullscreen (1600×1000)", got)
	}
	var st save.Settings
	if data, err := os.ReadFile(filepath.Join(cfg, save.SettingsName)); err != nil || json.Unmarshal(data, &st) != nil ||
		st.WindowW != 900 || st.WindowH != 650 || !st.Fullscreen {
		t.Errorf("settings: %dx%d fullscreen %v (%v)", st.WindowW, st.WindowH, st.Fullscreen, err)
	}
}

// TestEndToEndLearn draws a lesson in a real window: from the start screen to
// the list of Abande's lessons and its first lesson, a wrong move answered in the lesson's box, which shows
// and is not blank. What the lessons and puzzles say and do is TestSceneLearn's,
// without a display. TRIHEX_E2E=1 (about 5 s).
func TestEndToEndLearn(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--size", "1280x800",
		"--config-dir", filepath.Join(dir, "config"))
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
	cmd.Stdin = strings.NewReader("click game-abande\nclick learn-lessons\nclick lesson-1\nbutton train-next\nclick a1\ncopy wrong.json\nshot learn.png\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("driver: %v\n%s", err, out)
	}
	if l := readLayout(t, filepath.Join(dir, "wrong.json")); !strings.Contains(l.Guide, "for this lesson put it on the centre, d4") {
		t.Errorf("the lesson's answer to a1: guide %q", l.Guide)
	}
	checkNotBlank(t, filepath.Join(dir, "learn.png"))
}

// wrongAnswer finds a legal move of pz that is not an answer and whose
// refutation leaves the game going, as the layout names its cell.
func wrongAnswer(t *testing.T, pz puzzle.Puzzle) string {
	t.Helper()
	st, err := pz.Position()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range st.LegalMoves(nil) {
		if pz.Check(m) {
			continue
		}
		s := st.Clone()
		if s.Play(m) != nil || s.Result().Over {
			continue
		}
		for _, r := range puzzle.Refute(pz, m) {
			if s.Play(r) != nil {
				break
			}
		}
		if !s.Result().Over {
			return st.FormatMove(m)
		}
	}
	t.Fatalf("puzzle %s: no wrong answer that leaves the game going", pz.Line())
	return ""
}

// TestEndToEndAnalysis analyses a finished game in a real window: the live
// analysis and the review's graph are drawn; saved, the record carries the marks
// and the better moves as variations, and loads back. The graph's click and the
// review's progress are TestSceneGameReview's, without a display. TRIHEX_E2E=1
// (about 30 s).
func TestEndToEndAnalysis(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	golden, err := filepath.Abs("../../save/testdata/golden/andantino.trihex")
	if err != nil {
		t.Fatal(err)
	}
	game := filepath.Join(dir, "game.trihex")
	data, err := os.ReadFile(golden)
	if err != nil || os.WriteFile(game, data, 0o644) != nil {
		t.Fatalf("copy %s: %v", golden, err)
	}
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, game, "--size", "1280x800",
		"--config-dir", filepath.Join(dir, "config"))
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
	// The review is waited for (its graph shows), however long it takes.
	cmd.Stdin = strings.NewReader("key a\nsleep 2\nshot live.png\nkey a\nkey g\nuntil graph\ncopy analysed.json\nshot review.png\nkey ctrl+s\nkey ctrl+q\nwait\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("driver: %v\n%s\napp log:\n%s", err, out, log)
	}
	read := func(name string) layoutFile { return readLayout(t, filepath.Join(dir, name)) }
	if l := read("analysed.json"); l.Buttons["graph"] == [4]float64{} || !strings.Contains(l.Guide, "Game analysed") {
		t.Fatalf("after the review: graph %v, guide %q", l.Buttons["graph"], l.Guide)
	}
	checkNotBlank(t, filepath.Join(dir, "live.png"))
	checkNotBlank(t, filepath.Join(dir, "review.png"))
	saved, err := os.ReadFile(game)
	if err != nil {
		t.Fatal(err)
	}
	g, err := save.Read(strings.NewReader(string(saved)))
	if err != nil {
		t.Fatalf("the analysed record does not load: %v\n%s", err, saved)
	}
	marked := false
	for _, n := range g.Root.MainLine() {
		marked = marked || n.Mark != ""
	}
	if !marked || len(g.Moves) != 25 {
		t.Errorf("saved record: %d moves, marks %v:\n%s", len(g.Moves), marked, saved)
	}
}
