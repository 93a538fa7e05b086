package ui

import (
	"testing"

	"trihex/game/clock"
	"trihex/input"
	"trihex/save"
)

// The thinking computer's box shows the move it likes only when the player asked
// (T, or the View menu), and the choice is the player's setting: off for a new
// player, kept in the settings file, read by every game.
func TestThinkingSetting(t *testing.T) {
	a := newTestApp(1280, 800)
	a.prefs.cfgDir = t.TempDir()
	if a.prefs.settings.Thinking {
		t.Fatal("the computer's idea shown to a new player")
	}
	p, _ := matchScene(t, "Attangle", [2]input.Seat{{}, {Kind: input.Computer, Level: 1}}, clock.Control{})
	a.scene = p
	checked := func() bool {
		for _, it := range newMenu(true).itemsFor(a) {
			if it.id == "menu-thinking" {
				return it.check
			}
		}
		t.Fatal("no View menu item for the computer's idea")
		return false
	}
	if checked() {
		t.Error("the View menu ticks the idea off by default")
	}
	p.command(a, input.CmdDetails) // T
	if !a.prefs.settings.Thinking || !checked() {
		t.Fatal("T did not turn the computer's idea on")
	}
	p.tick(a)
	if !p.sess.Computer.Details {
		t.Error("the game's computer does not show its idea after T")
	}
	a.prefs.writer.Flush()
	if s, _ := save.LoadSettings(a.prefs.cfgDir); !s.Thinking {
		t.Error("the setting was not written to the settings file")
	}
	a.run(input.CmdDetails) // the menu item
	p.tick(a)
	if a.prefs.settings.Thinking || p.sess.Computer.Details {
		t.Error("the View menu's item did not turn it off again")
	}
}
