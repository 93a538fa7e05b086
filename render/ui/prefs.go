package ui

import (
	"math"

	"trihex/render"
	"trihex/save"
)

// prefs are the player's settings and what follows from them: the theme in use,
// the sound's volume, and where and how they are written. Every choice of the View
// menu is remembered here.
type prefs struct {
	settings save.Settings
	theme    render.Theme
	cfgDir   string       // autosave and settings; "" when there is no such folder
	writer   *save.Writer // writes the autosave, --record-out and the settings in the background
	sound    *soundBox    // nil: silent
}

// save writes the settings in the background.
func (pr *prefs) save() {
	if pr.cfgDir != "" {
		pr.writer.Put(save.WriteSettings, save.SettingsJob(pr.cfgDir, pr.settings))
	}
}

func (pr *prefs) setTheme(name string) {
	pr.theme, _ = render.LookupTheme(name)
	pr.settings.Theme = pr.theme.Name
	pr.save()
}

func (pr *prefs) changeVolume(d float64) {
	pr.settings.Volume = math.Round(max(0, min(1, pr.settings.Volume+d))*10) / 10
	if d > 0 {
		pr.settings.Sound = true
	}
	pr.save()
	pr.sound.setVolume(pr.volume())
	pr.sound.play(sndPlace)
}

// volume is the sound volume in effect: 0 when muted.
func (pr *prefs) volume() float64 {
	if !pr.settings.Sound {
		return 0
	}
	return pr.settings.Volume
}

func (pr *prefs) volumePercent() int { return int(math.Round(pr.settings.Volume * 100)) }
