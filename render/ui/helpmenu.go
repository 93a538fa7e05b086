package ui

import (
	"fmt"
	"runtime/debug"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/input"
)

// The Help menu: the rules of the game and the shortcut sheet, then the keys
// that are in no other menu (Tab, E, T, Space, F11), each item doing what its key
// does, and About.

// helpGame is the game whose rules F1 and the Help menu show: the one played,
// or the one chosen on the start screen.
func (a *App) helpGame() *game.Info {
	switch sc := a.scene.(type) {
	case *playScene:
		return sc.sess.Info
	case *startScreen:
		return sc.games[sc.sel]
	case *onlineScreen:
		return sc.start.games[sc.start.sel]
	}
	if info, err := game.Lookup(a.prefs.settings.LastGame); err == nil {
		return info
	}
	return game.Games()[0]
}

// showHelp opens the rules of the game (F1) or the shortcut sheet (?).
func (a *App) showHelp(shortcuts bool) {
	a.push(newHelp(a.helpGame(), shortcuts))
}

// helpMenuItems are the Help menu's items as the app is now; the ones that act
// on the board are disabled off a game.
func helpMenuItems(a *App) []menuItem {
	p := a.play()
	off := p == nil
	var pause menuItem
	for _, it := range gameMenuItems(p) {
		if it.id == "menu-pause" {
			pause = it // the Game menu's, with its words and its reason to be off
		}
	}
	pause.id, pause.group = "menu-help-pause", false
	return []menuItem{
		{id: "menu-rules", cmd: input.CmdRules, label: "Rules of " + a.helpGame().Name, keys: "F1"},
		{id: "menu-keys", cmd: input.CmdShortcuts, label: "Keyboard shortcuts", keys: "?"},
		{id: "menu-focus", cmd: input.CmdFocusNext, label: "Choose by keys (Enter chooses)", keys: "Tab", group: true},
		{id: "menu-type", cmd: input.CmdTypeMove, label: "Type a move", keys: "E", disabled: off},
		pause,
		{id: "menu-fullscreen", cmd: input.CmdFullscreen, label: "Full screen", keys: "F11", check: ebiten.IsFullscreen(), group: true},
		{id: "menu-about", cmd: input.CmdAbout, label: "About Trihex", group: true},
	}
}

// showAbout says what Trihex is, which build it is and under which licence.
func (a *App) showAbout() {
	a.push(&confirmBox{
		title: "About Trihex",
		text: fmt.Sprintf("Three hexagonal games for two players, at one screen, against the computer or online: "+
			"Abande and Attangle by Dieter Stein, Andantino by David L. Smith. %s, MIT licence.", buildVersion()),
		buttons: []boxButton{{id: wConfirmCancel, label: "Close", style: plainButton}},
	})
}

// buildVersion names the build: its module version, or the commit it was built
// from.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "A build without version information"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return "Version " + v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "A development build"
	}
	rev = rev[:min(len(rev), 12)]
	if dirty {
		rev += " with local changes"
	}
	return "Built from commit " + rev
}
