package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"trihex/save"
)

// twoDriver runs inside xvfb-run: it starts two apps on the display, a host
// (listening on loopback) and a guest, side by side, and plays commands read
// from standard input, each for one of them: "h CMD ARG" or "g CMD ARG":
//
//	click CELL | button NAME (wait for it on the screen, click, wait until the
//	app took the click) | key KEYS (the same for keys) | type TEXT (wait for the
//	box, type, Return, wait until it was taken) | typecode (the same with the
//	host's invite code, read from its --layout-out) | until NAME | gone NAME
//	(wait for the button NAME to show, or to go) | ply N (wait until the app's
//	game has N moves: the other window's move arrived) | status TEXT (wait
//	until the status line says TEXT) | copy NAME (the layout as it is now) |
//	keep NAME TEXT (the app's --record-out once it holds TEXT) | kill (the
//	app: its window closes at once) | shot FILE | root FILE
//
// Every wait is for an event the app writes to its --layout-out (waitLayout,
// one process a wait, however busy the machine) and fails the run after 60 s;
// only a screenshot waits a moment for the frame to be drawn after the layout
// that announced it.
const twoDriver = `#!/bin/bash
export GSETTINGS_BACKEND=memory
start() {
  local n=$1 x=$2 y=$3; shift 3
  rm -f "$DIR/$n.json"
  "$BIN" --layout-out "$DIR/$n.json" --config-dir "$DIR/cfg-$n" --record-out "$DIR/$n.rec" --size 800x600 "$@" >"$DIR/$n.log" 2>&1 &
  local pid=$!
  eval "pid_$n=$pid"
  python3 "$DIR/wait.py" "$DIR/$n.json" seen moves 0 $pid || { echo "$n: no layout in 60 s" >&2; exit 1; }
  local w=
  # --all: the window of this pid AND class (without it, either one: the
  # other app's window would do).
  for i in $(seq 600); do w=$(xdotool search --all --onlyvisible --pid $pid --class Trihex 2>/dev/null | head -1); [ -n "$w" ] && break; sleep 0.1; done
  [ -z "$w" ] && { echo "$n: no window in 60 s" >&2; exit 1; }
  eval "win_$n=$w"
  # Placed, and known to be there before the first click is aimed at it.
  xdotool windowmove $w $x $y
  for i in $(seq 600); do xdotool getwindowgeometry $w | grep -q "Position: $x,$y " && break; sleep 0.1; done
}
start h 0 0 --online-listen 127.0.0.1:0
start g 800 380
fail() { echo "$who: $1 (line: $who $cmd $arg)" >&2; kill $pid_h $pid_g 2>/dev/null; exit 1; }
lw() { python3 "$DIR/wait.py" "$L" "$@" $P; }
seen() { python3 "$DIR/wait.py" "$L" count "$1"; }
send() { n=$(seen keys); xdotool key --window $W Return; lw seen keys $((n+1)) || fail "the app took no key in 60 s"; }
while read -r who cmd arg; do
  [ -z "$who" ] && continue
  L=$DIR/$who.json; W=$(eval echo \$win_$who); P=$(eval echo \$pid_$who)
  xdotool windowraise $W; xdotool windowfocus --sync $W 2>/dev/null
  case $cmd in
    click|button) p=$(lw pos "$arg") || fail "no $arg on the screen in 60 s"
        n=$(seen clicks); xdotool mousemove --window $W $p click 1; lw seen clicks $((n+1)) || fail "the app took no click in 60 s";;
    key) n=$(seen keys); xdotool key --window $W $arg; lw seen keys $((n+1)) || fail "the app took no key in 60 s";;
    type) lw has box || fail "no box to type in"; xdotool type --delay 20 "$arg"; send;;
    typecode) c=$(L=$DIR/h.json P=$pid_h lw invite) || fail "the host showed no invite code in 60 s"
        echo "$c" >"$DIR/code.txt"; lw has box || fail "no box to type the code in"; xdotool type --delay 20 "$c"; send;;
    until) lw has "$arg" || fail "no $arg in 60 s";;
    gone) lw gone "$arg" || fail "$arg still there after 60 s";;
    ply) lw has "net-ply-$arg" || fail "the game did not reach $arg moves in 60 s";;
    status) lw status "$arg" || fail "the status line never said $arg";;
    copy) cp "$L" "$DIR/$arg";;
    keep) name=${arg%% *}; text=${arg#* }
        python3 "$DIR/wait.py" "$DIR/$who.rec" holds "$text" $P || fail "the record never held $text"; cp "$DIR/$who.rec" "$DIR/$name";;
    shot) sleep 0.5; import -window $W "$DIR/$arg";;
    root) sleep 0.5; import -window root "$DIR/$arg";;
    kill) kill $P; wait $P 2>/dev/null;;
    *) fail "unknown command";;
  esac
done
kill $pid_h $pid_g 2>/dev/null
wait
`

// waitLayout waits for an app's --layout-out (or record) to show something:
// wait.py FILE KIND ARG [PID]. KIND: has NAME, gone NAME (a button), status
// TEXT, seen KIND N (the app took N clicks, keys, moves), pos NAME (prints the
// centre of a cell or button), invite (prints the code), holds TEXT (the file
// holds it), count KIND (prints the count now, not waiting). It reads the
// file every 50 ms for at most 60 s, and stops early when the app PID quit.
const waitLayout = `import json, os, sys, time
path, kind, arg = sys.argv[1], sys.argv[2], sys.argv[3]
rest = sys.argv[4:]
def load():
    try:
        with open(path) as f:
            return f.read() if kind == "holds" else json.load(f)
    except Exception:
        return None
def seen(d, k):
    return (d.get("seen") or {}).get(k, 0)
if kind == "count":
    d = load()
    print(seen(d, arg) if d else 0)
    sys.exit(0)
end = time.time() + 60
while time.time() < end:
    d = load()
    if d is not None:
        if kind == "holds" and arg in d:
            sys.exit(0)
        if kind == "has" and arg in d["buttons"]:
            sys.exit(0)
        if kind == "gone" and arg not in d["buttons"]:
            sys.exit(0)
        if kind == "status" and arg in d.get("status", ""):
            sys.exit(0)
        if kind == "seen" and seen(d, arg) >= int(rest[0]):
            sys.exit(0)
        if kind == "invite" and d.get("invite"):
            print(d["invite"])
            sys.exit(0)
        if kind == "pos":
            c = d["cells"].get(arg)
            b = d["buttons"].get(arg)
            if c or b:
                c = c or [b[0] + b[2] / 2, b[1] + b[3] / 2]
                print(int(c[0]), int(c[1]))
                sys.exit(0)
    pid = rest[-1] if rest else ""
    if pid:
        try:
            os.kill(int(pid), 0)
        except (OSError, ValueError):
            sys.exit(2)
    time.sleep(0.05)
sys.exit(1)
`

// TestEndToEndOnline plays two windows on one display, as two friends on one
// network would: one hosts an Andantino game with a 5+3 clock on loopback
// (Play online, Host on this network), the other joins with the invite code
// the host shows. White asks for a takeback, which is declined; a chat line
// goes across; White traps Red's tile and wins by the rules, the clocks
// running. A rematch with the colours swapped follows, which the new Red
// aborts before its first move (an abort at once, before each side's second
// move); then the host's app is killed, and the guest's window says it
// reconnects. Both records must be the same game. TRIHEX_E2E=1 (about 3 min
// on two cores at load average 13, the build included). With TRIHEX_SHOTS=DIR the
// screenshots are kept there to be looked at.
func TestEndToEndOnline(t *testing.T) {
	dir, bin, _ := e2eSetup(t)
	script := filepath.Join(dir, "drive2.sh")
	if err := os.WriteFile(script, []byte(twoDriver), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wait.py"), []byte(waitLayout), 0o644); err != nil {
		t.Fatal(err)
	}
	for who, name := range map[string]string{"h": "Ada", "g": "Bo"} {
		cfg := filepath.Join(dir, "cfg-"+who)
		if err := os.MkdirAll(cfg, 0o755); err != nil {
			t.Fatal(err)
		}
		id := `{"name": "` + name + `", "key": "` + strings.Repeat(map[string]string{"h": "A", "g": "B"}[who], 26) + `"}`
		if err := os.WriteFile(filepath.Join(cfg, "online.json"), []byte(id), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// White (the host) surrounds Red's first tile, 1,0, while Red plays west.
	cmds := `h button game-andantino
h button clock-3
h button play-online
h shot online.png
h button online-host
h until net-invite
h shot hosting.png
g button play-online
g button online-join
g typecode
g ply 0
h gone net-invite
h click 0,1
g ply 1
g click -1,1
h ply 2
h click 1,-1
g ply 3
h button net-takeback
g until net-decline
g copy asked.json
g shot takeback.png
g button net-decline
h status declines the takeback
h copy declined.json
g click -1,0
h ply 4
g button net-chat
g type good luck
h until net-chat-lines
h root both.png
h click 1,1
g ply 5
g click -2,1
h ply 6
h click 2,-1
g ply 7
g click -2,0
h ply 8
h click 2,0
h until result-rematch
g until result-rematch
h keep h1.rec 5. 2,0
g keep g1.rec 5. 2,0
h shot end.png
g shot end-guest.png
h button result-rematch
g until net-accept
g button net-accept
g ply 0
h ply 0
g click 0,1
h ply 1
h button net-abort
h until net-rematch
g until net-rematch
h keep h2.rec 1. 0,1
h copy aborted.json
h kill
g until net-banner
g shot reconnecting.png
`
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script)
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
	cmd.Stdin = strings.NewReader(cmds)
	began := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		hl, _ := os.ReadFile(filepath.Join(dir, "h.log"))
		gl, _ := os.ReadFile(filepath.Join(dir, "g.log"))
		t.Fatalf("driver: %v\n%s\nhost's log:\n%s\nguest's log:\n%s", err, out, hl, gl)
	}
	t.Logf("the two windows played in %v", time.Since(began).Round(time.Second))
	if code, _ := os.ReadFile(filepath.Join(dir, "code.txt")); !strings.HasPrefix(string(code), "trihex://127.0.0.1:") {
		t.Errorf("invite code %q, want a direct code on loopback", code)
	}
	if l := readLayout(t, filepath.Join(dir, "asked.json")); l.Buttons["net-accept"] == [4]float64{} {
		t.Errorf("the guest was not asked about the takeback: %v", l.Buttons)
	}
	if l := readLayout(t, filepath.Join(dir, "declined.json")); !strings.Contains(l.Status, "declines the takeback") {
		t.Errorf("host's status after the decline: %q", l.Status)
	}
	if l := readLayout(t, filepath.Join(dir, "aborted.json")); !strings.Contains(l.Status, "aborted") {
		t.Errorf("host's status after the abort: %q", l.Status)
	}
	read := func(name string) (string, *save.Game) {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		g, err := save.Read(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s does not read back: %v\n%s", name, err, data)
		}
		return string(data), g
	}
	h1, g := read("h1.rec")
	var moves []string
	for _, tok := range g.Record.Moves {
		moves = append(moves, tok.Text)
	}
	if got, want := strings.Join(moves, " "), "0,1 -1,1 1,-1 -1,0 1,1 -2,1 2,-1 -2,0 2,0"; got != want {
		t.Errorf("host's record has the moves %q, want %q (the takeback declined kept 1,-1)", got, want)
	}
	if !g.Result.Over || g.Result.Winner != 0 || g.Control.String() != "300+3" {
		t.Errorf("host's record: result %+v, clock %q; want White's win by the rules, 300+3", g.Result, g.Control)
	}
	for _, want := range []string{`[White "Ada"]`, `[Red "Bo"]`, "[%clk "} {
		if !strings.Contains(h1, want) {
			t.Errorf("host's record lacks %q:\n%s", want, h1)
		}
	}
	if g1, _ := read("g1.rec"); h1 != g1 {
		t.Errorf("the records differ:\nhost:\n%s\nguest:\n%s", h1, g1)
	}
	// The rematch: the colours swapped, the guest opened as White.
	h2, _ := read("h2.rec")
	for _, want := range []string{`[White "Bo"]`, `[Red "Ada"]`, "1. 0,1"} {
		if !strings.Contains(h2, want) {
			t.Errorf("the rematch's record lacks %q:\n%s", want, h2)
		}
	}
	for _, shot := range []string{"online.png", "hosting.png", "takeback.png", "both.png", "end.png", "end-guest.png", "reconnecting.png"} {
		checkNotBlank(t, filepath.Join(dir, shot))
	}
	if keep := os.Getenv("TRIHEX_SHOTS"); keep != "" {
		// Where the screenshots are kept to be looked at.
		for _, shot := range []string{"online.png", "hosting.png", "takeback.png", "both.png", "end.png", "end-guest.png", "reconnecting.png"} {
			if data, err := os.ReadFile(filepath.Join(dir, shot)); err == nil {
				_ = os.WriteFile(filepath.Join(keep, shot), data, 0o644)
			}
		}
	}
}
