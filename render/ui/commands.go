package ui

import (
	"fmt"
	"math"

	"trihex/input"
	"trihex/render"
)

// run carries out a window-wide command, from a key, a menu item or a button.
// Every choice of the View group is remembered in the settings.
func (a *App) run(c input.Command) {
	switch c {
	case input.CmdNew:
		a.cmdNew()
	case input.CmdOpen:
		a.cmdOpen()
	case input.CmdSave:
		a.cmdSave()
	case input.CmdSaveAs:
		a.cmdSaveAs()
	case input.CmdQuit:
		a.cmdQuit()
	case input.CmdNextTheme:
		a.setTheme(render.NextTheme(a.settings.Theme))
		a.showNotice("Theme: " + a.theme.Label)
	case input.CmdCoords:
		a.settings.Coordinates = !a.settings.Coordinates
		a.saveSettings()
	case input.CmdFlip:
		a.settings.Flip = !a.settings.Flip
		a.saveSettings()
	case input.CmdSound:
		a.settings.Sound = !a.settings.Sound
		a.saveSettings()
		a.sound.setVolume(a.volume())
		if a.settings.Sound {
			a.showNotice(fmt.Sprintf("Sound on, volume %d%%", a.volumePercent()))
		} else {
			a.showNotice("Sound off")
		}
	case input.CmdVolumeUp, input.CmdVolumeDown:
		d := 0.1
		if c == input.CmdVolumeDown {
			d = -0.1
		}
		a.changeVolume(d)
		a.showNotice(fmt.Sprintf("Volume %d%%", a.volumePercent()))
	}
}

func (a *App) setTheme(name string) {
	a.theme, _ = render.LookupTheme(name)
	a.settings.Theme = a.theme.Name
	a.saveSettings()
}

func (a *App) changeVolume(d float64) {
	a.settings.Volume = math.Round(max(0, min(1, a.settings.Volume+d))*10) / 10
	if d > 0 {
		a.settings.Sound = true
	}
	a.saveSettings()
	a.sound.setVolume(a.volume())
	a.sound.play(sndPlace)
}

// volume is the sound volume in effect: 0 when muted.
func (a *App) volume() float64 {
	if !a.settings.Sound {
		return 0
	}
	return a.settings.Volume
}

func (a *App) volumePercent() int { return int(math.Round(a.settings.Volume * 100)) }
