package input

// Command is something the player asks of the app, by a key (see Keymap), a menu
// item or a button. Scenes act on commands, not on keys, so one table says which
// key does what and the ? sheet and the README are checked against it.
//
// (It is not called Action because Action names what a click on a cell does, in
// the Picker.)
type Command int

// The commands. Their String names are the widget ids of the buttons and menu
// items that give them where such a widget exists ("undo", "rv-back", "saveas"), so
// the layout JSON can name them.
const (
	CmdNone Command = iota

	// At the board.
	CmdCancel        // Esc: drop a half-built move
	CmdPass          // P
	CmdUndo          // Ctrl+Z: against the computer, its move and yours
	CmdRedo          // Ctrl+Y
	CmdHint          // H: ring the computer's suggestion
	CmdDetails       // T: show or hide the move the computer likes while it thinks
	CmdPauseComputer // Space
	CmdFitView       // Home: fit the Andantino surface, ending any pan or zoom
	CmdSeriesNext    // N: next game of an Andantino series
	CmdAnalyse       // A: live analysis of the position shown, on or off
	CmdReviewGame    // G: analyse the whole game (win-chance graph, mistakes marked)
	CmdResign        // Ctrl+R: resign (the window asks first)
	CmdOfferDraw     // D: offer a draw (or accept the one offered)
	CmdFocusNext     // Tab: ring the next target of the picker, in reading order
	CmdFocusPrev     // Shift+Tab: ring the one before
	CmdChoose        // Enter: choose the ringed target, as a click would
	CmdTypeMove      // E: type a move in the game's notation

	// Reviewing the game (the bar under the board).
	CmdReviewStart   // the first position (bar button only)
	CmdReviewBack    // Left or J: one position back
	CmdReviewForward // Right or L: one position forward
	CmdReviewLive    // End: back to the live position
	CmdReplayToggle  // K: play or pause the replay
	CmdReplaySpeed   // next replay pace (bar button only)

	// Pages and the window.
	CmdRules      // F1: the rules of the game
	CmdShortcuts  // ?: the shortcut sheet
	CmdFullscreen // F11
	CmdPagePrev   // Left on the rules pages: the page before
	CmdPageNext   // Right on the rules pages: the page after

	// The File menu.
	CmdFileMenu   // Alt+F: open it
	CmdNew        // Ctrl+N: back to the start screen
	CmdOpen       // Ctrl+O
	CmdOpenRecent // a recent file (menu only; the menu item carries the path)
	CmdSave       // Ctrl+S
	CmdSaveAs     // Ctrl+Shift+S
	CmdQuit       // Ctrl+Q

	// The View menu.
	CmdViewMenu   // Alt+V: open it
	CmdGameMenu   // Alt+G: the Game menu (resign, draw, pause, undo)
	CmdHelpMenu   // Alt+H: the Help menu (rules, keys, the keys found in no other menu, About)
	CmdAbout      // menu only: what Trihex is, its version and licence
	CmdNextTheme  // V: cycle the themes
	CmdSetTheme   // one theme by name (menu only; the menu item carries the name)
	CmdCoords     // C
	CmdFlip       // R: turn the board 180°
	CmdSound      // M: sound on or off
	CmdVolumeDown // [
	CmdVolumeUp   // ]
	CmdFaster     // menu only: the computer's extra cores shorten its time

	// Boxes, menus and pages.
	CmdConfirm   // Enter: the confirm box's Yes, or the path field's OK
	CmdDismiss   // Esc: close a box, menu, page or banner without acting
	CmdBackspace // delete the last character of the path field (auto-repeats)
	CmdFocusUp   // Up: the menu item or start-screen row above
	CmdFocusDown // Down: the one below
	CmdFocusLeft // Left in a menu or box: the menu or button to the left
	CmdFocusRight
	CmdActivate // Space: press the ringed button, as Enter does

	// The start screen.
	CmdGamePrev // Left: the game before the chosen one
	CmdGameNext // Right: the game after it
	CmdGame1    // 1: choose the first game
	CmdGame2    // 2
	CmdGame3    // 3
	CmdStart    // Enter: start the chosen game
	CmdLearn    // L: the list of the chosen game's lessons and puzzles

	numCommands
)

var commandNames = [numCommands]string{
	CmdNone:          "none",
	CmdCancel:        "cancel",
	CmdPass:          "pass",
	CmdUndo:          "undo",
	CmdRedo:          "redo",
	CmdHint:          "hint",
	CmdDetails:       "details",
	CmdPauseComputer: "pause",
	CmdFitView:       "fit-view",
	CmdSeriesNext:    "series-next",
	CmdAnalyse:       "analyse",
	CmdReviewGame:    "review-game",
	CmdResign:        "resign",
	CmdOfferDraw:     "offer-draw",
	CmdFocusNext:     "focus-next",
	CmdFocusPrev:     "focus-prev",
	CmdChoose:        "choose",
	CmdTypeMove:      "type-move",
	CmdReviewStart:   "rv-start",
	CmdReviewBack:    "rv-back",
	CmdReviewForward: "rv-fwd",
	CmdReviewLive:    "rv-end",
	CmdReplayToggle:  "rv-play",
	CmdReplaySpeed:   "rv-speed",
	CmdRules:         "rules",
	CmdShortcuts:     "shortcuts",
	CmdPagePrev:      "page-prev",
	CmdPageNext:      "page-next",
	CmdFullscreen:    "fullscreen",
	CmdFileMenu:      "file",
	CmdNew:           "new",
	CmdOpen:          "open",
	CmdOpenRecent:    "recent",
	CmdSave:          "save",
	CmdSaveAs:        "saveas",
	CmdQuit:          "quit",
	CmdViewMenu:      "view",
	CmdGameMenu:      "game",
	CmdHelpMenu:      "help",
	CmdAbout:         "about",
	CmdNextTheme:     "next-theme",
	CmdSetTheme:      "theme",
	CmdCoords:        "coords",
	CmdFlip:          "flip",
	CmdSound:         "sound",
	CmdVolumeDown:    "vol-down",
	CmdVolumeUp:      "vol-up",
	CmdFaster:        "faster",
	CmdConfirm:       "confirm",
	CmdDismiss:       "dismiss",
	CmdBackspace:     "backspace",
	CmdFocusUp:       "focus-up",
	CmdFocusDown:     "focus-down",
	CmdFocusLeft:     "focus-left",
	CmdFocusRight:    "focus-right",
	CmdActivate:      "activate",
	CmdGamePrev:      "game-prev",
	CmdGameNext:      "game-next",
	CmdGame1:         "game-1",
	CmdGame2:         "game-2",
	CmdGame3:         "game-3",
	CmdStart:         "start",
	CmdLearn:         "learn",
}

func (c Command) String() string {
	if c >= 0 && c < numCommands {
		return commandNames[c]
	}
	return "command?"
}

// ParseCommand is the inverse of String.
func ParseCommand(s string) (Command, bool) {
	for c, name := range commandNames {
		if name == s {
			return Command(c), true
		}
	}
	return CmdNone, false
}

// Commands lists every command but CmdNone, in order.
func Commands() []Command {
	out := make([]Command, 0, numCommands-1)
	for c := CmdNone + 1; c < numCommands; c++ {
		out = append(out, c)
	}
	return out
}

// Unbound are the commands no key gives: a menu item or a button gives them, with
// an argument (a path, a theme) or because a key would add little.
var Unbound = []Command{CmdOpenRecent, CmdSetTheme, CmdReviewStart, CmdReplaySpeed, CmdFaster, CmdAbout}
