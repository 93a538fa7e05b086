package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trihex/save"
)

// twoDriver runs inside xvfb-run: it starts two apps on the display, a host
// (listening on loopback) and a guest, side by side, and plays commands read
// from standard input, each for one of them: "h CMD ARG" or "g CMD ARG". CMD is
// click CELL | button NAME | key KEYS | type TEXT (typed, then Return) |
// typecode (the host's invite code, read from its --layout-out, typed, then
// Return) | kill (the app: its window closes at once) | copy NAME | keep NAME (the app's --record-out as it is now) | shot
// FILE | until NAME (wait, at most 40 s, for the button NAME; the test fails
// without it) | gone NAME (the same, for it to go). A click or a key waits
// until the app has taken it, as the one-window driver does.
const twoDriver = `#!/bin/bash
export GSETTINGS_BACKEND=memory
start() {
  local n=$1; shift
  rm -f "$DIR/$n.json"
  "$BIN" --layout-out "$DIR/$n.json" --config-dir "$DIR/cfg-$n" --record-out "$DIR/$n.rec" --size 800x600 "$@" >"$DIR/$n.log" 2>&1 &
  eval "pid_$n=$!"
  for i in $(seq 150); do [ -s "$DIR/$n.json" ] && break; sleep 0.2; done
  local w=
  for i in $(seq 50); do w=$(xdotool search --onlyvisible --pid $(eval echo \$pid_$n) --class Trihex 2>/dev/null | head -1); [ -n "$w" ] && break; sleep 0.2; done
  eval "win_$n=$w"
}
start h --online-listen 127.0.0.1:0
xdotool windowmove $win_h 0 0
start g
xdotool windowmove $win_g 800 380
sleep 1
fail() { echo "$1" >&2; kill $pid_h $pid_g 2>/dev/null; exit 1; }
pos() { python3 -c "import json,sys;d=json.load(open(sys.argv[2]));c=d['cells'].get(sys.argv[1]) or (lambda b:[b[0]+b[2]/2,b[1]+b[3]/2])(d['buttons'][sys.argv[1]]);print(int(c[0]),int(c[1]))" "$1" "$L"; }
seen() { python3 -c "import json,sys;print(json.load(open(sys.argv[2])).get('seen',{}).get(sys.argv[1],0))" "$1" "$L" 2>/dev/null || echo 0; }
await() { for i in $(seq 600); do kill -0 $P 2>/dev/null || return; [ "$(seen $1)" -ge $2 ] && return; sleep 0.1; done; fail "$who took no $1 in 60 s"; }
has() { python3 -c "import json,sys;d=json.load(open(sys.argv[2]));sys.exit(0 if sys.argv[1] in d['buttons'] else 1)" "$1" "$L" 2>/dev/null; }
while read -r who cmd arg; do
  [ -z "$who" ] && continue
  L=$DIR/$who.json; W=$(eval echo \$win_$who); P=$(eval echo \$pid_$who)
  xdotool windowraise $W; xdotool windowfocus --sync $W 2>/dev/null
  case $cmd in
    click|button) n=$(seen clicks); xdotool mousemove --window $W $(pos "$arg") click 1; await clicks $((n+1)); sleep 0.7;;
    key) n=$(seen keys); xdotool key --window $W $arg; await keys $((n+1)); sleep 0.6;;
    type) xdotool type --delay 20 "$arg"; sleep 0.3; xdotool key Return; sleep 1;;
    typecode) c=; for i in $(seq 200); do c=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1])).get('invite',''))" "$DIR/h.json" 2>/dev/null); [ -n "$c" ] && break; sleep 0.2; done
        [ -z "$c" ] && fail "the host showed no invite code in 40 s"
        echo "$c" >"$DIR/code.txt"; xdotool type --delay 20 "$c"; sleep 0.3; xdotool key Return; sleep 1;;
    shot) import -window $W "$DIR/$arg";;
    root) import -window root "$DIR/$arg";;
    copy) sleep 0.3; cp "$L" "$DIR/$arg";;
    keep) sleep 0.5; cp "$DIR/$who.rec" "$DIR/$arg";;
    kill) kill $P; wait $P 2>/dev/null;;
    until) ok=; for i in $(seq 200); do has "$arg" && ok=1 && break; sleep 0.2; done; [ -z "$ok" ] && fail "$who: no $arg in 40 s"; sleep 0.3;;
    gone) ok=; for i in $(seq 200); do has "$arg" || { ok=1; break; }; sleep 0.2; done; [ -z "$ok" ] && fail "$who: $arg still there after 40 s"; sleep 0.3;;
  esac
done
kill $pid_h $pid_g 2>/dev/null
wait
`

// TestEndToEndOnline plays a game between two windows on one display, as two
// friends on one network would: one hosts on loopback (Play online, Host on
// this network), the other joins with the invite code the host shows. A few
// moves, a takeback asked and declined, a chat line, a resignation, and a
// rematch with the colours swapped; then the host's app is killed, and the
// guest's window says it reconnects. Both records must be the same game.
// TRIHEX_E2E=1 (about 60 s).
func TestEndToEndOnline(t *testing.T) {
	dir, bin, _ := e2eSetup(t)
	script := filepath.Join(dir, "drive2.sh")
	if err := os.WriteFile(script, []byte(twoDriver), 0o755); err != nil {
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
	cmds := `h button game-attangle
h button play-online
h shot online.png
h button online-host
h until net-invite
h shot hosting.png
g button play-online
g button online-join
g typecode
g until net-chat
h gone net-invite
h click a1
g click a2
h click a3
h button net-takeback
g until net-decline
g copy asked.json
g shot takeback.png
g button net-decline
h copy declined.json
g button net-chat
g type good luck
h root both.png
g click g1
h button resign
h key Return
h until result-rematch
h keep h1.rec
g keep g1.rec
h shot end.png
h button result-rematch
g until net-accept
g button net-accept
g until resign
g click a1
h keep h2.rec
h kill
g until net-banner
g shot reconnecting.png
`
	cmd := e2eCommand(t, "xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", script)
	cmd.Env = append(os.Environ(), "BIN="+bin, "DIR="+dir)
	cmd.Stdin = strings.NewReader(cmds)
	if out, err := cmd.CombinedOutput(); err != nil {
		logs, _ := os.ReadFile(filepath.Join(dir, "h.log"))
		t.Fatalf("driver: %v\n%s\nhost's log:\n%s", err, out, logs)
	}
	if code, _ := os.ReadFile(filepath.Join(dir, "code.txt")); !strings.HasPrefix(string(code), "trihex://127.0.0.1:") {
		t.Errorf("invite code %q, want a direct code on loopback", code)
	}
	if l := readLayout(t, filepath.Join(dir, "asked.json")); l.Buttons["net-accept"] == [4]float64{} {
		t.Errorf("the guest was not asked about the takeback: %v", l.Buttons)
	}
	if l := readLayout(t, filepath.Join(dir, "declined.json")); !strings.Contains(l.Status, "declines the takeback") {
		t.Errorf("host's status after the decline: %q", l.Status)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := save.Read(strings.NewReader(string(data))); err != nil {
			t.Errorf("%s does not read back: %v\n%s", name, err, data)
		}
		return string(data)
	}
	h1, g1 := read("h1.rec"), read("g1.rec")
	for _, want := range []string{"1. a1 a2 2. a3 g1", `[Termination "resignation"]`, `[Result "black"]`, `[White "Ada"]`, `[Black "Bo"]`} {
		if !strings.Contains(h1, want) {
			t.Errorf("host's record lacks %q:\n%s", want, h1)
		}
	}
	if h1 != g1 {
		t.Errorf("the records differ:\nhost:\n%s\nguest:\n%s", h1, g1)
	}
	// The rematch: the colours swapped, the guest opened as White.
	h2 := read("h2.rec")
	for _, want := range []string{`[White "Bo"]`, `[Black "Ada"]`, "1. a1"} {
		if !strings.Contains(h2, want) {
			t.Errorf("the rematch's record lacks %q:\n%s", want, h2)
		}
	}
	for _, shot := range []string{"online.png", "hosting.png", "takeback.png", "both.png", "end.png", "reconnecting.png"} {
		checkNotBlank(t, filepath.Join(dir, shot))
	}
}
