package input

import (
	"fmt"
	"strings"
)

// Key is a key of the keyboard, by its position on a US layout (as Ebitengine names
// them). Only the keys the app reads are here; render/ui maps Ebitengine's keys to
// these, so nothing else needs Ebitengine to talk about keys.
type Key int

// The keys.
const (
	KeyNone Key = iota
	KeyA
	KeyB
	KeyC
	KeyD
	KeyE
	KeyF
	KeyG
	KeyH
	KeyI
	KeyJ
	KeyK
	KeyL
	KeyM
	KeyN
	KeyO
	KeyP
	KeyQ
	KeyR
	KeyS
	KeyT
	KeyU
	KeyV
	KeyW
	KeyX
	KeyY
	KeyZ
	Key0
	Key1
	Key2
	Key3
	Key4
	Key5
	Key6
	Key7
	Key8
	Key9
	KeyF1
	KeyF2
	KeyF3
	KeyF4
	KeyF5
	KeyF6
	KeyF7
	KeyF8
	KeyF9
	KeyF10
	KeyF11
	KeyF12
	KeyEscape
	KeyEnter // the main Enter and the keypad's
	KeyBackspace
	KeyTab
	KeySpace
	KeyLeft
	KeyRight
	KeyUp
	KeyDown
	KeyHome
	KeyEnd
	KeyPageUp
	KeyPageDown
	KeyDelete
	KeyLeftBracket
	KeyRightBracket
	KeyQuestion // the / ? key, with or without Shift
	numKeys
)

var keyNames = map[Key]string{
	KeyEscape: "Esc", KeyEnter: "Enter", KeyBackspace: "Backspace", KeyTab: "Tab",
	KeySpace: "Space", KeyLeft: "Left", KeyRight: "Right", KeyUp: "Up", KeyDown: "Down",
	KeyHome: "Home", KeyEnd: "End", KeyPageUp: "PageUp", KeyPageDown: "PageDown",
	KeyDelete: "Delete", KeyLeftBracket: "[", KeyRightBracket: "]", KeyQuestion: "?",
}

// String is the key's name as the README and the ? sheet write it.
func (k Key) String() string {
	switch {
	case k >= KeyA && k <= KeyZ:
		return string(rune('A' + k - KeyA))
	case k >= Key0 && k <= Key9:
		return string(rune('0' + k - Key0))
	case k >= KeyF1 && k <= KeyF12:
		return fmt.Sprintf("F%d", k-KeyF1+1)
	}
	if s, ok := keyNames[k]; ok {
		return s
	}
	return "None"
}

// Repeats reports whether holding the key repeats it, as in a text field.
func (k Key) Repeats() bool { return k == KeyBackspace }

// Mod is a set of held modifier keys.
type Mod uint8

// The modifiers. The Meta (Command) key counts as Ctrl, so the shortcuts work the
// way Mac users expect.
const (
	ModCtrl Mod = 1 << iota
	ModShift
	ModAlt
)

var modNames = []struct {
	m    Mod
	name string
}{{ModCtrl, "Ctrl"}, {ModShift, "Shift"}, {ModAlt, "Alt"}}

// Chord is a key pressed with modifiers held.
type Chord struct {
	Key Key
	Mod Mod
}

// String writes the chord as "Ctrl+Shift+S": the modifiers in the order Ctrl,
// Shift, Alt, then the key.
func (c Chord) String() string {
	var b strings.Builder
	for _, m := range modNames {
		if c.Mod&m.m != 0 {
			b.WriteString(m.name + "+")
		}
	}
	b.WriteString(c.Key.String())
	return b.String()
}

// ParseChord reads a chord as String writes it (the modifiers in any order).
func ParseChord(s string) (Chord, error) {
	parts := strings.Split(s, "+")
	var c Chord
	for _, p := range parts[:len(parts)-1] {
		found := false
		for _, m := range modNames {
			if p == m.name && c.Mod&m.m == 0 {
				c.Mod |= m.m
				found = true
			}
		}
		if !found {
			return Chord{}, fmt.Errorf("chord %q: bad modifier %q", s, p)
		}
	}
	name := parts[len(parts)-1]
	for k := KeyNone + 1; k < numKeys; k++ {
		if k.String() == name {
			c.Key = k
			return c, nil
		}
	}
	return Chord{}, fmt.Errorf("chord %q: unknown key %q", s, name)
}

// Scope says where a binding works: the scene or box that has the input.
type Scope int

// The scopes. A Lookup in Game, Start or Overlay also finds the Global bindings,
// and every scope finds the Always ones; the more specific scope wins.
const (
	ScopeGlobal  Scope = iota // everywhere except over a box or an open menu
	ScopeGame                 // a game on screen
	ScopeStart                // the start screen
	ScopeOverlay              // the rules page or the shortcut sheet over a scene
	ScopeBox                  // a confirm box or the path field
	ScopeMenu                 // an open File or View menu
	ScopeAlways               // every scope, even over a box or menu
	numScopes
)

var scopeNames = [numScopes]string{"global", "game", "start", "overlay", "box", "menu", "always"}

func (s Scope) String() string {
	if s >= 0 && s < numScopes {
		return scopeNames[s]
	}
	return "scope?"
}

// chain lists the scopes a Lookup in s searches, most specific first.
func (s Scope) chain() []Scope {
	switch s {
	case ScopeGame, ScopeStart, ScopeOverlay:
		return []Scope{s, ScopeGlobal, ScopeAlways}
	case ScopeAlways:
		return []Scope{ScopeAlways}
	}
	return []Scope{s, ScopeAlways}
}

// Binding gives a command to a chord in a scope. Line names the line of the ?
// sheet the binding is shown on (bindings with the same Line share it, their chords
// and Help joined with " / "); an empty Line keeps it off the sheet, and the
// README's key table must list exactly the chords on the sheet.
type Binding struct {
	Chord Chord
	Cmd   Command
	Scope Scope
	Line  string
	Help  string
}

func bare(k Key) Chord    { return Chord{Key: k} }
func ctrlKey(k Key) Chord { return Chord{Key: k, Mod: ModCtrl} }
func altKey(k Key) Chord  { return Chord{Key: k, Mod: ModAlt} }

// Keymap is every key binding of the app. The ? sheet shows the lines in the
// order they first appear here.
var Keymap = []Binding{
	{bare(KeyTab), CmdFocusNext, ScopeGame, "keys", "ring the next point, stack or cell you can choose, in reading order, then the buttons"},
	{Chord{KeyTab, ModShift}, CmdFocusPrev, ScopeGame, "keys", "the one before"},
	{bare(KeyEnter), CmdChoose, ScopeGame, "keys", "choose the ringed one, or press the ringed button"},
	{bare(KeyE), CmdTypeMove, ScopeGame, "type", "type a move in the game's notation (d4, a1,a3-a2, 0,1); Enter plays it"},
	{bare(KeyEscape), CmdCancel, ScopeGame, "cancel", "take back the last choice of a half-built move"},
	{bare(KeyP), CmdPass, ScopeGame, "pass", "pass (Abande, when passing is legal)"},
	{ctrlKey(KeyZ), CmdUndo, ScopeGame, "undo", "undo"},
	{ctrlKey(KeyY), CmdRedo, ScopeGame, "undo", "redo"},
	{bare(KeyLeft), CmdReviewBack, ScopeGame, "review", "review: step back"},
	{bare(KeyRight), CmdReviewForward, ScopeGame, "review", "step forward"},
	{bare(KeyEnd), CmdReviewLive, ScopeGame, "review", "back to the live position"},
	{bare(KeyJ), CmdReviewBack, ScopeGame, "replay", "review: step back"},
	{bare(KeyK), CmdReplayToggle, ScopeGame, "replay", "play or pause"},
	{bare(KeyL), CmdReviewForward, ScopeGame, "replay", "step forward"},
	{altKey(KeyF), CmdFileMenu, ScopeGlobal, "menus", "File menu"},
	{altKey(KeyV), CmdViewMenu, ScopeGlobal, "menus", "View menu"},
	{altKey(KeyG), CmdGameMenu, ScopeGlobal, "menus", "Game menu"},
	{altKey(KeyH), CmdHelpMenu, ScopeGlobal, "menus", "Help menu"},
	{bare(KeyUp), CmdFocusUp, ScopeMenu, "menuwalk", "in an open menu: the item above"},
	{bare(KeyDown), CmdFocusDown, ScopeMenu, "menuwalk", "the item below (disabled ones skipped)"},
	{bare(KeyLeft), CmdFocusLeft, ScopeMenu, "menuside", "in an open menu: the menu to the left"},
	{bare(KeyRight), CmdFocusRight, ScopeMenu, "menuside", "the one to the right"},
	{bare(KeyEnter), CmdConfirm, ScopeMenu, "menuchoose", "in an open menu: choose the lit item"},
	{bare(KeyEscape), CmdDismiss, ScopeMenu, "menuchoose", "close the menu"},
	{bare(KeyTab), CmdFocusNext, ScopeStart, "startring", "start screen: ring the next choice or button"},
	{Chord{KeyTab, ModShift}, CmdFocusPrev, ScopeStart, "startring", "the one before"},
	{bare(KeyLeft), CmdGamePrev, ScopeStart, "startchange", "start screen: change the ringed choice (with none ringed, the game)"},
	{bare(KeyRight), CmdGameNext, ScopeStart, "startchange", "the other way"},
	{bare(KeySpace), CmdActivate, ScopeStart, "startpress", "start screen: press the ringed button"},
	{bare(KeyEnter), CmdStart, ScopeStart, "startpress", "the same, or start the game"},
	{bare(KeyTab), CmdFocusNext, ScopeBox, "boxkeys", "in a box: ring the next button (Enter presses it, Esc is the box's Cancel)"},
	{Chord{KeyTab, ModShift}, CmdFocusPrev, ScopeBox, "boxkeys", "the one before"},
	{bare(KeyV), CmdNextTheme, ScopeGlobal, "view", "next theme"},
	{bare(KeyR), CmdFlip, ScopeGlobal, "view", "flip the board 180°"},
	{bare(KeyC), CmdCoords, ScopeGlobal, "view", "coordinates"},
	{bare(KeyM), CmdSound, ScopeGlobal, "sound", "sound on or off"},
	{bare(KeyLeftBracket), CmdVolumeDown, ScopeGlobal, "sound", "softer"},
	{bare(KeyRightBracket), CmdVolumeUp, ScopeGlobal, "sound", "louder"},
	{bare(KeyN), CmdSeriesNext, ScopeGame, "series", "next game of an Andantino series"},
	{bare(KeyA), CmdAnalyse, ScopeGame, "analysis", "analysis: the engine's best three moves on the board, its evaluation bar and lines"},
	{bare(KeyG), CmdReviewGame, ScopeGame, "analysis", "analyse the game: a win-chance graph, mistakes and blunders marked"},
	{ctrlKey(KeyN), CmdNew, ScopeGlobal, "file", "new game (start screen)"},
	{ctrlKey(KeyO), CmdOpen, ScopeGlobal, "file", "open a game"},
	{ctrlKey(KeyS), CmdSave, ScopeGlobal, "save", "save"},
	{Chord{KeyS, ModCtrl | ModShift}, CmdSaveAs, ScopeGlobal, "save", "save as"},
	{ctrlKey(KeyQ), CmdQuit, ScopeGlobal, "quit", "quit (asks first when moves are not saved)"},
	{bare(KeyH), CmdHint, ScopeGame, "hint", "hint: the computer's suggestion is ringed in blue"},
	{bare(KeyT), CmdDetails, ScopeGame, "details", "show or hide the move the computer likes while it thinks (off by default; remembered)"},
	{bare(KeySpace), CmdPauseComputer, ScopeGame, "pause", "pause or resume the computer and the clocks (Computer vs Computer pauses on undo)"},
	{bare(KeyD), CmdOfferDraw, ScopeGame, "match", "offer a draw"},
	{ctrlKey(KeyR), CmdResign, ScopeGame, "match", "resign (asks first)"},
	{bare(KeyHome), CmdFitView, ScopeGame, "fit", "fit the Andantino view; drag pans, the wheel zooms"},
	{bare(KeyF1), CmdRules, ScopeGlobal, "pages", "rules of the game"},
	{bare(KeyQuestion), CmdShortcuts, ScopeGlobal, "pages", "this sheet"},
	{bare(KeyF11), CmdFullscreen, ScopeAlways, "pages", "fullscreen"},

	// Off the sheet. Esc closes the banner: in a game Esc is Cancel, so while a
	// banner shows the app asks Lookup(ScopeGlobal, …) first.
	{bare(KeyEscape), CmdDismiss, ScopeGlobal, "", ""},

	{bare(Key1), CmdGame1, ScopeStart, "", ""},
	{bare(Key2), CmdGame2, ScopeStart, "", ""},
	{bare(Key3), CmdGame3, ScopeStart, "", ""},
	{bare(KeyUp), CmdFocusUp, ScopeStart, "", ""},
	{bare(KeyDown), CmdFocusDown, ScopeStart, "", ""},
	{bare(KeyL), CmdLearn, ScopeStart, "", ""},

	// The key that opened a page closes it, like Esc.
	{bare(KeyEscape), CmdDismiss, ScopeOverlay, "", ""},
	{bare(KeyF1), CmdDismiss, ScopeOverlay, "", ""},
	{bare(KeyQuestion), CmdDismiss, ScopeOverlay, "", ""},
	{bare(KeyLeft), CmdPagePrev, ScopeOverlay, "", ""},
	{bare(KeyRight), CmdPageNext, ScopeOverlay, "", ""},
	// The list of lessons and puzzles: the focus moves, Enter starts one.
	{bare(KeyTab), CmdFocusNext, ScopeOverlay, "", ""},
	{Chord{KeyTab, ModShift}, CmdFocusPrev, ScopeOverlay, "", ""},
	{bare(KeyDown), CmdFocusNext, ScopeOverlay, "", ""},
	{bare(KeyUp), CmdFocusPrev, ScopeOverlay, "", ""},
	{bare(KeyEnter), CmdChoose, ScopeOverlay, "", ""},

	{bare(KeyEnter), CmdConfirm, ScopeBox, "", ""},
	{bare(KeyEscape), CmdDismiss, ScopeBox, "", ""},
	{bare(KeyBackspace), CmdBackspace, ScopeBox, "", ""},
	{bare(KeyLeft), CmdFocusLeft, ScopeBox, "", ""},
	{bare(KeyRight), CmdFocusRight, ScopeBox, "", ""},
	{bare(KeySpace), CmdActivate, ScopeBox, "", ""}, // a field takes the space as text too

	// Alt+F and Alt+V close an open menu rather than switch to the other; Tab
	// and Space step and choose as Down and Enter do.
	{bare(KeyTab), CmdFocusDown, ScopeMenu, "", ""},
	{Chord{KeyTab, ModShift}, CmdFocusUp, ScopeMenu, "", ""},
	{bare(KeySpace), CmdConfirm, ScopeMenu, "", ""},
	{altKey(KeyF), CmdDismiss, ScopeMenu, "", ""},
	{altKey(KeyV), CmdDismiss, ScopeMenu, "", ""},
	{altKey(KeyG), CmdDismiss, ScopeMenu, "", ""},
	{altKey(KeyH), CmdDismiss, ScopeMenu, "", ""},
}

// Lookup finds the command of chord c in scope (see Scope for the order). A chord
// bound only without Shift also works with it: "?" is Shift+/ on most layouts, and
// Shift+V, Shift+Left and Ctrl+Shift+Z did what V, Left and Ctrl+Z do before the
// keymap.
func Lookup(scope Scope, c Chord) (Command, bool) {
	if cmd, ok := lookup(scope, c); ok {
		return cmd, true
	}
	if c.Mod&ModShift != 0 {
		return lookup(scope, Chord{Key: c.Key, Mod: c.Mod &^ ModShift})
	}
	return CmdNone, false
}

func lookup(scope Scope, c Chord) (Command, bool) {
	for _, s := range scope.chain() {
		for _, b := range Keymap {
			if b.Scope == s && b.Chord == c {
				return b.Cmd, true
			}
		}
	}
	return CmdNone, false
}

// SheetLine is one line of the ? sheet: the keys, then what they do.
type SheetLine struct {
	Keys, What string
}

// PointerHelp are the sheet's lines about the pointer, shown before the keys.
var PointerHelp = []SheetLine{
	{"Click", "choose a point, stack or cell; legal targets are highlighted"},
}

// Sheet is the ? sheet: PointerHelp, then one line per Line of the Keymap in the
// order the lines first appear.
func Sheet() []SheetLine {
	out := append([]SheetLine(nil), PointerHelp...)
	at := map[string]int{}
	for _, b := range Keymap {
		if b.Line == "" {
			continue
		}
		i, ok := at[b.Line]
		if !ok {
			at[b.Line] = len(out)
			out = append(out, SheetLine{Keys: b.Chord.String(), What: b.Help})
			continue
		}
		l := &out[i]
		l.Keys += " / " + b.Chord.String()
		if b.Help != "" {
			l.What += " / " + b.Help
		}
	}
	return out
}
