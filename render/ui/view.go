package ui

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/render"
)

// The View menu and its keys: theme, coordinates, board flip, sound and volume.
// Every choice here is remembered in the settings.

func (a *app) viewItems() []menuItem {
	var items []menuItem
	for i, th := range render.Themes {
		keys := ""
		if i == 0 {
			keys = "V cycles"
		}
		items = append(items, menuItem{id: "theme-" + th.Name, label: th.Label, keys: keys, check: a.settings.Theme == th.Name})
	}
	return append(items,
		menuItem{id: "coords", label: "Coordinates", keys: "C", check: a.settings.Coordinates},
		menuItem{id: "flip", label: "Flip board 180°", keys: "R", check: a.settings.Flip},
		menuItem{id: "sound", label: "Sound", keys: "M", check: a.settings.Sound},
		menuItem{id: "vol-up", label: fmt.Sprintf("Louder (now %d%%)", int(math.Round(a.settings.Volume*100))), keys: "]"},
		menuItem{id: "vol-down", label: "Softer", keys: "["},
	)
}

// runView runs a View menu item; it reports false for items of other menus.
func (a *app) runView(id string) bool {
	switch id {
	case "coords":
		a.toggleCoords()
	case "flip":
		a.toggleFlip()
	case "sound":
		a.toggleSound()
	case "vol-up":
		a.changeVolume(0.1)
	case "vol-down":
		a.changeVolume(-0.1)
	default:
		for _, th := range render.Themes {
			if id == "theme-"+th.Name {
				a.setTheme(th.Name)
				return true
			}
		}
		return false
	}
	return true
}

// viewKeys runs the View menu's shortcuts (no modifier held, no box open).
func (a *app) viewKeys() {
	switch {
	case keyPressed(ebiten.KeyV):
		a.setTheme(render.NextTheme(a.settings.Theme))
		a.showNotice("Theme: " + render.CurrentTheme().Label)
	case keyPressed(ebiten.KeyC):
		a.toggleCoords()
	case keyPressed(ebiten.KeyR):
		a.toggleFlip()
	case keyPressed(ebiten.KeyM):
		a.toggleSound()
		if a.settings.Sound {
			a.showNotice(fmt.Sprintf("Sound on, volume %d%%", int(math.Round(a.settings.Volume*100))))
		} else {
			a.showNotice("Sound off")
		}
	case keyPressed(ebiten.KeyRightBracket):
		a.changeVolume(0.1)
		a.showNotice(fmt.Sprintf("Volume %d%%", int(math.Round(a.settings.Volume*100))))
	case keyPressed(ebiten.KeyLeftBracket):
		a.changeVolume(-0.1)
		a.showNotice(fmt.Sprintf("Volume %d%%", int(math.Round(a.settings.Volume*100))))
	}
}

func (a *app) setTheme(name string) {
	a.settings.Theme = render.SetTheme(name)
	a.saveSettings()
	a.layoutDirty = true
}

func (a *app) toggleCoords() {
	a.settings.Coordinates = !a.settings.Coordinates
	a.saveSettings()
	a.layoutDirty = true
}

func (a *app) toggleFlip() {
	a.settings.Flip = !a.settings.Flip
	a.saveSettings()
	a.layoutDirty = true
}

func (a *app) toggleSound() {
	a.settings.Sound = !a.settings.Sound
	a.saveSettings()
	a.sound.setVolume(a.volume())
}

func (a *app) changeVolume(d float64) {
	a.settings.Volume = math.Round(max(0, min(1, a.settings.Volume+d))*10) / 10
	if d > 0 {
		a.settings.Sound = true
	}
	a.saveSettings()
	a.sound.setVolume(a.volume())
	a.sound.play(sndPlace)
}

// volume is the sound volume in effect: 0 when muted.
func (a *app) volume() float64 {
	if !a.settings.Sound {
		return 0
	}
	return a.settings.Volume
}
