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
//	most 150 times) | chars TEXT (type TEXT into the window, no Return)
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
    move) xdotool mousemove --window $W $(pos "$arg"); sleep 0.4;;
    wait) for i in $(seq 50); do kill -0 $pid 2>/dev/null || exit 0; sleep 0.2; done; echo "the app did not quit" >&2; kill $pid; exit 1;;
  esac
done
kill $pid
`

// TestEndToEnd drives the real binary under Xvfb with xdotool clicks at the
// coordinates from --layout-out, and checks the records written and that the
// screenshots are not blank. It needs xvfb-run, xdotool, ImageMagick's import and
// python3, and runs only when TRIHEX_E2E=1 (about 40 s).
func TestEndToEnd(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	// Andantino positions prepared by random play: Red to move with a suicide
	// cell at -1,1 (enclosed by White), and a continuation game with all tiles down.
	suicide := filepath.Join(dir, "suicide.trihex")
	cont := filepath.Join(dir, "continuation.trihex")
	for path, rec := range map[string]string{suicide: suicideRecord, cont: continuationRecord} {
		if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name  string
		args  []string
		cmds  string
		moves string // the move list the record must end with
	}{
		{"abande", []string{"--game", "abande", "--size", "1280x800"},
			"click d4\nclick d5\nclick d6\nclick e4\nclick d6\nclick d5\nbutton undo\nbutton redo\nshot shot.png\n",
			"1. d4 d5 2. d6 e4 3. d6-d5"},
		{"attangle", []string{"--game", "attangle", "--size", "800x600"},
			// The first capture clicks the target first; undone, it is clicked attackers first.
			"click a1\nclick a2\nclick a3\nclick g1\nclick a2\nclick a1\nclick a3\nkey ctrl+z\nclick a1\nclick a3\nclick a2\nshot shot.png\n",
			"1. a1 a2 2. a3 g1 3. a1,a3-a2"},
		{"andantino", []string{"--game", "andantino", "--size", "1024x700"},
			"click 0,1\nclick 1,-1\nclick -1,1\nkey ctrl+z\nkey ctrl+y\nclick 2,-1\nshot shot.png\n",
			"1. 0,1 1,-1 2. -1,1 2,-1"},
		// Red plays into White's enclosure and loses at once.
		// (The first click only warns; the second plays.)
		{"suicide", []string{"--load", suicide, "--size", "1280x800"}, "click -1,1\nkeep armed.txt\nclick -1,1\nshot shot.png\n", "19. -2,1 -1,1"},
		// Continuation: pick up White's tile 1,-1 and put it on 0,1.
		{"continuation", []string{"--load", cont, "--size", "1280x800"}, "click 1,-1\nclick 0,1\nshot shot.png\n", "27. 1,-1-0,1"},
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
	if l := read("bad.json"); l.Banner != `Could not open bad.trihex: line 3, move 3 "d4" is not a legal move: d4 is never occupied` {
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

// TestEndToEndComputer plays Andantino against the computer at level 1: after
// White's move the computer answers within a few seconds (never blocking the
// window: the screenshot is taken while it may still think), and one undo takes
// back its move and White's. TRIHEX_E2E=1 (about 15 s).
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
	rec := filepath.Join(dir, "rec.txt")
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--game", "andantino", "--red", "computer",
		"--level", "1", "--size", "1024x700", "--record-out", rec, "--config-dir", filepath.Join(dir, "config"))
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir, "REC="+rec)
	// Closing the window with moves on the board asks first (Enter discards).
	cmd.Stdin = strings.NewReader("click 0,1\nshot thinking.png\nsleep 4\nkeep answered.txt\nkey ctrl+z\nsleep 0.5\nkeep undone.txt\nclick 0,1\nclose\ncopy closing.json\nbutton confirm-discard\nwait\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("driver: %v\n%s", err, out)
	}
	checkNotBlank(t, filepath.Join(dir, "thinking.png"))
	if data, err := os.ReadFile(filepath.Join(dir, "closing.json")); err != nil || !strings.Contains(string(data), "confirm-save") {
		t.Errorf("closing the window with unsaved moves did not ask: %v", err)
	}
	answered, err := os.ReadFile(filepath.Join(dir, "answered.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := save.Read(strings.NewReader(string(answered)))
	if err != nil || len(g.Moves) != 2 || !strings.Contains(string(answered), "[Red \"Trihex level 1\"]") {
		t.Fatalf("after the computer's answer (%v):\n%s", err, answered)
	}
	final, _ := os.ReadFile(filepath.Join(dir, "undone.txt"))
	if g, err := save.Read(strings.NewReader(string(final))); err != nil || len(g.Moves) != 0 {
		t.Errorf("after one undo against the computer, want no moves left:\n%s", final)
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

// TestEndToEndOverlays drives the layer stack: the File menu opens over the game
// and Esc closes it, the shortcut sheet opens with ?, V changes the theme (and the
// setting stays), the review bar steps back (Live appears), and Quit with unsaved
// moves asks first: Esc keeps the game; Enter is Save, which asks for a path (the
// path field here) and quits once saved. TRIHEX_E2E=1 (about 15 s).
func TestEndToEndOverlays(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cfg := filepath.Join(dir, "config")
	cmds := "button file\ncopy menu.json\nkey Escape\ncopy closed.json\nkey question\ncopy help.json\nshot help.png\nkey Escape\n" +
		"key v\nclick a1\nclick a2\nbutton rv-back\ncopy review.json\nkey End\nkey ctrl+q\ncopy confirm.json\nkey Escape\ncopy kept.json\nkey ctrl+q\nkey Return\ncopy path.json\nkey Return\nwait\n"
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--game", "attangle", "--size", "1024x700", "--config-dir", cfg, "--no-dialogs")
	// The path field proposes a name in the home folder: the test's folder here.
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir, "HOME="+dir)
	cmd.Stdin = strings.NewReader(cmds)
	if out, err := cmd.CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("driver: %v\n%s\napp log:\n%s", err, out, log)
	}
	buttons := func(name string) map[string][4]float64 { return readLayout(t, filepath.Join(dir, name)).Buttons }
	has := func(name, id string, want bool) {
		t.Helper()
		if _, ok := buttons(name)[id]; ok != want {
			t.Errorf("%s: %q shown %v, want %v", name, id, ok, want)
		}
	}
	has("menu.json", "menu-saveas", true)
	has("closed.json", "menu-saveas", false)
	has("help.json", "box", true)
	has("review.json", "live", true)
	has("review.json", "play-here", true)
	if st := readLayout(t, filepath.Join(dir, "review.json")).Status; st != "Black to move here (reviewing)" {
		t.Errorf("while reviewing the position after a1, the status reads %q", st)
	}
	checkNotBlank(t, filepath.Join(dir, "help.png"))
	var st save.Settings
	if data, err := os.ReadFile(filepath.Join(cfg, save.SettingsName)); err != nil || json.Unmarshal(data, &st) != nil || st.Theme != "high-contrast" {
		t.Errorf("settings after V: theme %q (%v), want high-contrast", st.Theme, err)
	}
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

// TestEndToEndView zooms the Andantino surface with the wheel and plays a move:
// the tiles stay where the player put them. TRIHEX_E2E=1 (about 10 s).
func TestEndToEndView(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--game", "andantino", "--size", "1024x700",
		"--config-dir", filepath.Join(dir, "config"))
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
	cmd.Stdin = strings.NewReader("copy fitted.json\nmove 1,0\nwheel -2\ncopy zoomed.json\nclick 0,1\nclick 1,-1\ncopy after.json\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("driver: %v\n%s\napp log:\n%s", err, out, log)
	}
	cells := func(name string) map[string][2]float64 { return readLayout(t, filepath.Join(dir, name)).Cells }
	fitted, zoomed, after := cells("fitted.json"), cells("zoomed.json"), cells("after.json")
	if fitted["0,0"] == zoomed["0,0"] {
		t.Fatalf("the wheel did not zoom: 0,0 at %v", fitted["0,0"])
	}
	for _, c := range []string{"0,0", "1,0", "0,1"} {
		if zoomed[c] != after[c] {
			t.Errorf("%s moved from %v to %v when moves were played", c, zoomed[c], after[c])
		}
	}
	if _, ok := after["1,-1"]; !ok {
		t.Errorf("the second move was not played: %v", after)
	}
}

// TestEndToEndRefusals clicks where nothing can be played and presses keys that do
// nothing: the status line says why, in the rules' words. TRIHEX_E2E=1 (about 15 s).
func TestEndToEndRefusals(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	cases := []struct {
		game, cmds, want string
	}{
		{"attangle", "click d4\ncopy s.json\n", "D4 stays empty"},
		{"abande", "click d4\nclick g1\ncopy s.json\n", "next to"},
		{"abande", "key p\ncopy s.json\n", "No pass with pieces in hand"},
		{"andantino", "click 0,0\ncopy s.json\n", "taken"},
		{"andantino", "key ctrl+z\ncopy s.json\n", "Nothing to undo"},
	}
	for _, c := range cases {
		cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--game", c.game, "--size", "1024x700",
			"--config-dir", filepath.Join(dir, "config"))
		cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
		cmd.Stdin = strings.NewReader(c.cmds)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: driver: %v\n%s", c.game, err, out)
		}
		l := readLayout(t, filepath.Join(dir, "s.json"))
		if !strings.Contains(l.Status, c.want) {
			t.Errorf("%s %q: status %q, want it to say %q", c.game, c.cmds, l.Status, c.want)
		}
	}
}

// TestEndToEndResult ends a game: the result card shows with its buttons, and
// Rematch starts the same game with the colours swapped. TRIHEX_E2E=1 (about 10 s).
func TestEndToEndResult(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	rec := filepath.Join(dir, "rec.txt")
	suicide := filepath.Join(dir, "suicide.trihex")
	if err := os.WriteFile(suicide, []byte(suicideRecord), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--load", suicide, "--white", "computer", "--level", "2",
		"--size", "1280x800", "--record-out", rec, "--config-dir", filepath.Join(dir, "config"))
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir, "REC="+rec)
	// Review takes the card away; back at the end (End), it returns with Rematch.
	cmd.Stdin = strings.NewReader("click -1,1\nclick -1,1\ncopy end.json\nshot end.png\nkeep ended.txt\nbutton result-review\ncopy review.json\n" +
		"key End\ncopy back.json\nbutton result-rematch\ncopy rematch.json\nkeep rematch.txt\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("driver: %v\n%s", err, out)
	}
	end := readLayout(t, filepath.Join(dir, "end.json"))
	for _, id := range []string{"result", "result-rematch", "result-review", "result-save", "result-new"} {
		if _, ok := end.Buttons[id]; !ok {
			t.Errorf("the result card lacks %q: %v", id, end.Buttons)
		}
	}
	if !strings.Contains(end.Status, "Red played into White's enclosure: White wins") {
		t.Errorf("status %q", end.Status)
	}
	if _, ok := readLayout(t, filepath.Join(dir, "review.json")).Buttons["result-rematch"]; ok {
		t.Error("the result card stays over the board in the review")
	}
	if _, ok := readLayout(t, filepath.Join(dir, "back.json")).Buttons["result-rematch"]; !ok {
		t.Error("back at the end of the game after a review, the result card with Rematch did not return")
	}
	checkNotBlank(t, filepath.Join(dir, "end.png"))
	ended, _ := os.ReadFile(filepath.Join(dir, "ended.txt"))
	if !strings.Contains(string(ended), `[Result "white"]`) {
		t.Errorf("the game did not end:\n%s", ended)
	}
	again, _ := os.ReadFile(filepath.Join(dir, "rematch.txt"))
	if !strings.Contains(string(again), `[White "Human"]`) || !strings.Contains(string(again), `[Red "Trihex level 2"]`) || strings.Contains(string(again), "1. ") {
		t.Errorf("the rematch is not a new game with the colours swapped:\n%s", again)
	}
}

// TestEndToEndLearn clicks through the first lesson of each game (a wrong move is
// answered with its explanation, the right one advances) and solves a puzzle.
// TRIHEX_E2E=1 (about 30 s).
func TestEndToEndLearn(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	pz, err := puzzle.Load("Andantino")
	if err != nil || len(pz) == 0 {
		t.Fatalf("puzzles: %v", err)
	}
	// A wrong answer, its refutation, and then a click in the position the
	// refutation left (on the wrong answer's tile: the board lists no empty
	// cell while the puzzle waits for Try again), which says why nothing plays.
	wrong := wrongAnswer(t, pz[0])
	cases := []struct {
		name, cmds string
		want       map[string]string // layout copy → text its guide (or status) must hold
	}{
		{"abande", "click game-abande\nclick learn-lessons\nclick lesson-1\nbutton train-next\nclick a1\ncopy wrong.json\nclick d4\nsleep 1\ncopy right.json\n",
			map[string]string{"wrong.json": "for this lesson put it on the centre, d4", "right.json": "White answers with a piece on c3"}},
		{"attangle", "click game-attangle\nclick learn-lessons\nclick lesson-1\nbutton train-next\nclick d4\ncopy wrong.json\nclick a1\nsleep 1\ncopy right.json\n",
			map[string]string{"wrong.json": "Nobody ever plays on d4", "right.json": "Your pool now holds 17 pieces"}},
		{"andantino", "click game-andantino\nclick learn-lessons\nclick lesson-1\nbutton train-next\nclick 0,1\nsleep 1\ncopy right.json\nbutton train-next\nclick 1,-1\ncopy wrong.json\n",
			map[string]string{"right.json": "Tiles of either colour count", "wrong.json": "which is legal, but this step asks for the"}},
		{"puzzle", "click game-andantino\nclick learn-puzzles\ncopy list.json\nclick puzzle-1\ncopy task.json\nclick " + pz[0].Answers[0] + "\nsleep 1\ncopy solved.json\n",
			map[string]string{"list.json": "Puzzle 1: ", "task.json": "to play", "solved.json": "Solved!"}},
		{"puzzle-wrong", "click game-andantino\nclick learn-puzzles\nclick puzzle-1\nclick " + wrong + "\nsleep 2\ncopy refuted.json\nclick " + wrong + "\ncopy after.json\n",
			map[string]string{"refuted.json": "Not this one", "after.json": "no longer the puzzle's"}},
	}
	for _, c := range cases {
		cfg := filepath.Join(dir, "config-"+c.name)
		cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script, "--size", "1280x800", "--config-dir", cfg)
		cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
		cmd.Stdin = strings.NewReader(c.cmds + "shot learn-" + c.name + ".png\n")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: driver: %v\n%s", c.name, err, out)
		}
		for file, want := range c.want {
			l := readLayout(t, filepath.Join(dir, file))
			if !strings.Contains(l.Guide+" | "+l.Status, want) {
				t.Errorf("%s %s: guide %q, status %q; want %q", c.name, file, l.Guide, l.Status, want)
			}
		}
		checkNotBlank(t, filepath.Join(dir, "learn-"+c.name+".png"))
	}
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

// TestEndToEndAnalysis analyses a finished game: the review runs, its graph is
// drawn and clicking it reviews a position; saved, the record carries the marks
// and the better moves as variations, and loads back. TRIHEX_E2E=1 (about 40 s).
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
	cmd.Stdin = strings.NewReader("key a\nsleep 2\nshot live.png\nkey a\nkey g\nsleep 25\ncopy analysed.json\nshot review.png\nbutton graph\ncopy graph.json\nkey ctrl+s\nkey ctrl+q\nwait\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		t.Fatalf("driver: %v\n%s\napp log:\n%s", err, out, log)
	}
	read := func(name string) layoutFile { return readLayout(t, filepath.Join(dir, name)) }
	if l := read("analysed.json"); l.Buttons["graph"] == [4]float64{} || !strings.Contains(l.Guide, "Game analysed") {
		t.Fatalf("after the review: graph %v, guide %q", l.Buttons["graph"], l.Guide)
	}
	if l := read("graph.json"); !strings.Contains(l.Status, "(reviewing)") {
		t.Errorf("a click on the graph did not review a position: status %q guide %q", l.Status, l.Guide)
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

// TestEndToEndVariation reviews an earlier position and plays on from it: the
// moves it replaced stay as a variation; a comment is typed on a move; saved, the
// record has both and loads back, in the window too. TRIHEX_E2E=1 (about 20 s).
func TestEndToEndVariation(t *testing.T) {
	dir, bin, script := e2eSetup(t)
	drive := func(cmds string, args ...string) {
		t.Helper()
		args = append([]string{"-a", "-s", "-screen 0 1600x1000x24", script, "--size", "1280x800", "--no-dialogs",
			"--config-dir", filepath.Join(dir, "config")}, args...)
		cmd := e2eCommand(t, "xvfb-run", args...)
		cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir, "HOME="+dir)
		cmd.Stdin = strings.NewReader(cmds)
		if out, err := cmd.CombinedOutput(); err != nil {
			log, _ := os.ReadFile(filepath.Join(dir, "log"))
			t.Fatalf("driver: %v\n%s\napp log:\n%s", err, out, log)
		}
	}
	drive("click d4\nclick d5\nclick d6\nclick e4\nbutton rv-back\nbutton rv-back\nclick c3\nclick c4\n"+
		"button comment\ntype a quieter line\nkey ctrl+s\nkey Return\nkey ctrl+q\nwait\n", "--game", "abande")
	saved, _ := filepath.Glob(filepath.Join(dir, "abande-*"+save.Extension))
	if len(saved) != 1 {
		t.Fatalf("saved %v", saved)
	}
	data, err := os.ReadFile(saved[0])
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
	// Opened in the window and saved again unchanged, the variation and the
	// comment are still there.
	drive("copy opened.json\nkey ctrl+s\nkey ctrl+q\nwait\n", saved[0])
	again, _ := os.ReadFile(saved[0])
	if string(again) != rec {
		t.Errorf("saved again:\n%s\nwas:\n%s", again, rec)
	}
}
