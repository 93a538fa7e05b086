package input

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// readmeChords reads the first column of the key table under "## Playing" in the
// README: rows like "| Ctrl+Z / Ctrl+Y | … |", "| M, [ and ] | … |" or
// "| Left / Right, End | … |". The "Click" row is the pointer.
func readmeChords(t *testing.T) map[Chord]string {
	t.Helper()
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n## Playing\n")
	if !ok {
		t.Fatal(`README.md has no "## Playing" section`)
	}
	var rows []string
	for line := range strings.SplitSeq(rest, "\n") {
		if strings.HasPrefix(line, "## ") {
			break
		}
		if strings.HasPrefix(line, "|") {
			rows = append(rows, line)
		} else if len(rows) > 0 {
			break // the end of the first table
		}
	}
	if len(rows) < 3 {
		t.Fatalf("README.md: no key table under Playing (%d rows)", len(rows))
	}
	out := map[Chord]string{}
	for _, row := range rows[2:] { // after the header and the |---| line
		cells := strings.Split(row, "|")
		if len(cells) < 3 {
			t.Fatalf("README.md: bad row %q", row)
		}
		first := strings.TrimSpace(cells[1])
		first = strings.NewReplacer(", ", " / ", " and ", " / ").Replace(first)
		for text := range strings.SplitSeq(first, " / ") {
			text = strings.TrimSpace(text)
			if text == "Click" {
				continue
			}
			c, err := ParseChord(text)
			if err != nil {
				t.Errorf("README.md row %q: %v", row, err)
				continue
			}
			out[c] = row
		}
	}
	return out
}

// TestReadmeKeys fails when the README's key table and the keymap's ? sheet
// disagree: every chord in the table is bound, and every chord on the sheet is in
// the table.
func TestReadmeKeys(t *testing.T) {
	readme := readmeChords(t)
	onSheet := map[Chord]bool{}
	for _, b := range Keymap {
		if b.Line != "" {
			onSheet[b.Chord] = true
		}
	}
	for c, row := range readme {
		if !onSheet[c] {
			t.Errorf("README.md lists %s (row %q), which is not on the keymap's ? sheet", c, row)
		}
	}
	for c := range onSheet {
		if _, ok := readme[c]; !ok {
			t.Errorf("the keymap binds %s (on the ? sheet), which README.md's key table under Playing does not list", c)
		}
	}
}

func TestKeymapNoDuplicates(t *testing.T) {
	seen := map[[2]int]Command{}
	for _, b := range Keymap {
		k := [2]int{int(b.Scope), int(b.Chord.Key)<<8 | int(b.Chord.Mod)}
		if prev, ok := seen[k]; ok {
			t.Errorf("%s bound twice in scope %s: %s and %s", b.Chord, b.Scope, prev, b.Cmd)
		}
		seen[k] = b.Cmd
		if b.Chord.Key == KeyNone || b.Cmd == CmdNone {
			t.Errorf("empty binding %+v", b)
		}
		if (b.Line == "") != (b.Help == "") {
			t.Errorf("%s in %s: a binding on the sheet needs its Help, one off it none", b.Chord, b.Scope)
		}
	}
}

func TestEveryCommandBound(t *testing.T) {
	bound := map[Command]bool{}
	for _, b := range Keymap {
		bound[b.Cmd] = true
	}
	names := map[string]bool{}
	for _, c := range Commands() {
		unbound := slices.Contains(Unbound, c)
		switch {
		case bound[c] && unbound:
			t.Errorf("%s is in Unbound but a key gives it", c)
		case !bound[c] && !unbound:
			t.Errorf("no key gives %s, and it is not listed in Unbound", c)
		}
		s := c.String()
		if s == "" || s == "command?" || names[s] {
			t.Errorf("command %d: name %q missing or repeated", c, s)
		}
		names[s] = true
		if got, ok := ParseCommand(s); !ok || got != c {
			t.Errorf("ParseCommand(%q) = %v, %v", s, got, ok)
		}
	}
}

func TestLookup(t *testing.T) {
	ch := func(s string) Chord {
		c, err := ParseChord(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	cases := []struct {
		scope Scope
		chord string
		want  Command // CmdNone: unbound
	}{
		{ScopeGame, "Esc", CmdCancel},          // the game's own Esc wins over Global's
		{ScopeGlobal, "Esc", CmdDismiss},       // the banner's
		{ScopeStart, "Esc", CmdDismiss},        // Global applies on the start screen
		{ScopeGame, "Left", CmdReviewBack},     // Left reviews in a game
		{ScopeStart, "Left", CmdGamePrev},      // and picks the game on the start screen
		{ScopeGame, "J", CmdReviewBack},        // J is Left
		{ScopeStart, "J", CmdNone},             // review keys are the game's
		{ScopeGame, "Enter", CmdChoose},        // Enter chooses the ringed target
		{ScopeGame, "Shift+Tab", CmdFocusPrev}, // an exact chord, not Tab's
		{ScopeStart, "Enter", CmdStart},        //
		{ScopeBox, "Enter", CmdConfirm},        //
		{ScopeBox, "V", CmdNone},               // Global keys do not reach a box
		{ScopeMenu, "Ctrl+N", CmdNone},         // nor a menu
		{ScopeBox, "F11", CmdFullscreen},       // but Always does
		{ScopeMenu, "Alt+F", CmdDismiss},       // a second Alt+F closes the menu
		{ScopeGame, "Alt+F", CmdFileMenu},      //
		{ScopeOverlay, "F1", CmdDismiss},       // F1 closes the page it opened
		{ScopeOverlay, "V", CmdNextTheme},      // Global keys work over a page
		{ScopeGame, "F1", CmdRules},            //
		{ScopeGame, "Shift+?", CmdShortcuts},   // "?" is typed with Shift
		{ScopeGame, "Ctrl+Shift+S", CmdSaveAs}, // an exact chord wins over dropping Shift
		{ScopeGame, "Ctrl+S", CmdSave},         //
		{ScopeGame, "Ctrl+Shift+Z", CmdUndo},   // Shift dropped
		{ScopeGame, "Alt+P", CmdNone},          // other modifiers are not dropped
		{ScopeGame, "Alt+H", CmdHelpMenu},      // not H's hint
		{ScopeGame, "Ctrl+H", CmdNone},         //
		{ScopeGame, "N", CmdSeriesNext},        //
		{ScopeGame, "Ctrl+N", CmdNew},          //
		{ScopeBox, "Backspace", CmdBackspace},  //
		{ScopeStart, "2", CmdGame2},            //
		{ScopeMenu, "Down", CmdFocusDown},      // arrows walk an open menu
		{ScopeMenu, "Right", CmdFocusRight},    // and go to the menu beside it
		{ScopeMenu, "Enter", CmdConfirm},       //
		{ScopeMenu, "Shift+Tab", CmdFocusUp},   //
		{ScopeStart, "Tab", CmdFocusNext},      // Tab rings the start screen's choices
		{ScopeStart, "Space", CmdActivate},     //
		{ScopeBox, "Tab", CmdFocusNext},        // and a box's buttons
		{ScopeBox, "Left", CmdFocusLeft},       //
		{ScopeGame, "Up", CmdNone},             // the board has no use for Up
	}
	for _, c := range cases {
		got, ok := Lookup(c.scope, ch(c.chord))
		if ok != (c.want != CmdNone) || got != c.want {
			t.Errorf("Lookup(%s, %s) = %s, %v; want %s", c.scope, c.chord, got, ok, c.want)
		}
	}
}

func TestChordString(t *testing.T) {
	for k := KeyNone + 1; k < numKeys; k++ {
		for m := Mod(0); m < ModAlt<<1; m++ {
			c := Chord{Key: k, Mod: m}
			got, err := ParseChord(c.String())
			if err != nil || got != c {
				t.Errorf("ParseChord(%q) = %v, %v; want %v", c.String(), got, err, c)
			}
		}
	}
	for s, want := range map[string]string{
		"Shift+Ctrl+S": "Ctrl+Shift+S", // modifiers in any order, written in one
		"Alt+F":        "Alt+F",
		"?":            "?",
		"Esc":          "Esc",
		"F11":          "F11",
		"[":            "[",
	} {
		c, err := ParseChord(s)
		if err != nil || c.String() != want {
			t.Errorf("ParseChord(%q) = %v, %v; want %s", s, c, err, want)
		}
	}
	for _, bad := range []string{"", "Ctrl+", "Hyper+A", "Ctrl+Ctrl+A", "Escape", "a", "None", "Click"} {
		if c, err := ParseChord(bad); err == nil {
			t.Errorf("ParseChord(%q) = %v, want an error", bad, c)
		}
	}
}

func TestSheet(t *testing.T) {
	lines := Sheet()
	if lines[0].Keys != "Click" {
		t.Errorf("first line %+v, want the pointer's", lines[0])
	}
	want := []SheetLine{
		{"Ctrl+Z / Ctrl+Y", "undo / redo"},
		{"Tab / Shift+Tab / Enter", "ring the next point, stack or cell you can choose, in reading order, then the buttons / the one before / choose the ringed one, or press the ringed button"},
		{"Up / Down", "in an open menu: the item above / the item below (disabled ones skipped)"},
		{"Space / Enter", "start screen: press the ringed button / the same, or start the game"},
		{"Left / Right / End", "review: step back / step forward / back to the live position"},
		{"J / K / L", "review: step back / play or pause / step forward"},
		{"Alt+F / Alt+V / Alt+G / Alt+H", "File menu / View menu / Game menu / Help menu"},
		{"D / Ctrl+R", "offer a draw / resign (asks first)"},
		{"M / [ / ]", "sound on or off / softer / louder"},
		{"Ctrl+S / Ctrl+Shift+S", "save / save as"},
		{"F1 / ? / F11", "rules of the game / this sheet / fullscreen"},
	}
	for _, w := range want {
		if !slices.Contains(lines, w) {
			t.Errorf("sheet lacks %+v; it has %+v", w, lines)
		}
	}
	for _, l := range lines {
		if strings.Contains(l.Keys, "Backspace") {
			t.Errorf("sheet shows the off-sheet binding %+v", l)
		}
	}
}
