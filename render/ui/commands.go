package ui

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/ai"
	"trihex/input"
	"trihex/render"
)

// run carries out a window-wide command, from a key, a menu item or a button.
// Every choice of the View group is remembered in the settings.
func (a *App) run(c input.Command) {
	switch c {
	case input.CmdNew:
		a.files.newGame(a)
	case input.CmdOpen:
		a.files.open(a)
	case input.CmdSave:
		a.files.save(a)
	case input.CmdSaveAs:
		a.files.saveAs(a)
	case input.CmdQuit:
		a.files.quit(a)
	case input.CmdAnalyse, input.CmdReviewGame, input.CmdResign, input.CmdOfferDraw,
		input.CmdPauseComputer, input.CmdUndo, input.CmdRedo, input.CmdHint,
		input.CmdTypeMove:
		if p := a.play(); p != nil {
			p.command(a, c) // the game's: from the View, Game or Help menu
		}
	case input.CmdFocusNext:
		a.stepKeys() // the Help menu's Tab, on whatever screen shows
	case input.CmdRules, input.CmdShortcuts:
		a.showHelp(c == input.CmdShortcuts)
	case input.CmdFullscreen:
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	case input.CmdAbout:
		a.showAbout()
	case input.CmdNextTheme:
		a.prefs.setTheme(render.NextTheme(a.prefs.settings.Theme))
		a.showNotice("Theme: " + a.prefs.theme.Label)
	case input.CmdCoords:
		a.prefs.settings.Coordinates = !a.prefs.settings.Coordinates
		a.prefs.save()
	case input.CmdFlip:
		a.prefs.settings.Flip = !a.prefs.settings.Flip
		a.prefs.save()
	case input.CmdSound:
		if a.noSound() {
			return
		}
		a.prefs.settings.Sound = !a.prefs.settings.Sound
		a.prefs.save()
		a.prefs.sound.setVolume(a.prefs.volume())
		if a.prefs.settings.Sound {
			a.showNotice(fmt.Sprintf("Sound on, volume %d%%", a.prefs.volumePercent()))
		} else {
			a.showNotice("Sound off")
		}
	case input.CmdDetails:
		a.prefs.settings.Thinking = !a.prefs.settings.Thinking
		a.prefs.save()
		if a.prefs.settings.Thinking {
			a.showNotice("While it thinks, the computer's box shows the move it likes (T hides it)")
		} else {
			a.showNotice("The computer's box says only that it thinks (T shows the move it likes)")
		}
	case input.CmdFaster:
		if ai.DefaultThreads(true) < 2 {
			a.showNotice("The computer thinks on one core here (the other draws the window): nothing to share")
			return
		}
		a.prefs.settings.FasterReplies = !a.prefs.settings.FasterReplies
		a.prefs.save()
		if a.prefs.settings.FasterReplies {
			a.showNotice(fmt.Sprintf("Faster replies: %d cores share each search, at the level's strength", ai.DefaultThreads(true)))
		} else {
			a.showNotice(fmt.Sprintf("Stronger replies: each of %d cores searches the level's whole budget", ai.DefaultThreads(true)))
		}
	case input.CmdVolumeUp, input.CmdVolumeDown:
		if a.noSound() {
			return
		}
		d := 0.1
		if c == input.CmdVolumeDown {
			d = -0.1
		}
		a.prefs.changeVolume(d)
		a.showNotice(fmt.Sprintf("Volume %d%%", a.prefs.volumePercent()))
	}
}
