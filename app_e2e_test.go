package main

import (
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// driver runs inside xvfb-run: it starts the app with --layout-out and plays the
// commands read from standard input with xdotool, at the positions the app wrote:
//
//	click CELL | button NAME | key KEYS | shot FILE | sleep SECONDS
const driver = `#!/bin/bash
export GSETTINGS_BACKEND=memory
L=$DIR/layout.json; rm -f "$L"
"$BIN" --layout-out "$L" "$@" >"$DIR/log" 2>&1 &
pid=$!
for i in $(seq 100); do [ -s "$L" ] && break; sleep 0.2; done
W=$(xdotool search --name Trihex | head -1)
xdotool windowfocus --sync $W 2>/dev/null
sleep 0.5
pos() { python3 -c "import json,sys;d=json.load(open('$L'));c=d['cells'].get(sys.argv[1]) or (lambda b:[b[0]+b[2]/2,b[1]+b[3]/2])(d['buttons'][sys.argv[1]]);print(int(c[0]),int(c[1]))" "$1"; }
while read -r cmd arg; do
  case $cmd in
    click|button) xdotool mousemove --window $W $(pos "$arg") click 1; sleep 0.7;;
    key) xdotool key --window $W $arg; sleep 0.6;;
    shot) import -window $W "$DIR/$arg";;
    sleep) sleep $arg;;
  esac
done
kill $pid
`

// TestEndToEnd drives the real binary under Xvfb with xdotool clicks at the
// coordinates from --layout-out, and checks the records written and that the
// screenshots are not blank. It needs xvfb-run, xdotool, ImageMagick's import and
// python3, and runs only when TRIHEX_E2E=1 (it takes about a minute).
func TestEndToEnd(t *testing.T) {
	if os.Getenv("TRIHEX_E2E") != "1" {
		t.Skip("set TRIHEX_E2E=1 to run the end-to-end test under Xvfb")
	}
	for _, tool := range []string{"xvfb-run", "xdotool", "import", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "trihex")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	script := filepath.Join(dir, "drive.sh")
	if err := os.WriteFile(script, []byte(driver), 0o755); err != nil {
		t.Fatal(err)
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
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := filepath.Join(dir, c.name+".txt")
			args := append([]string{"-a", "-s", "-screen 0 1600x1000x24", script}, c.args...)
			args = append(args, "--record-out", rec)
			cmd := exec.Command("xvfb-run", args...)
			cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
			cmd.Stdin = strings.NewReader(c.cmds)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("driver: %v\n%s", err, out)
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
