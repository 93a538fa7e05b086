package ui

import (
	"encoding/binary"
	"strings"
	"testing"

	"trihex/input"
)

func TestSynth(t *testing.T) {
	for k := sndKind(0); k < numSounds; k++ {
		pcm := synth(k)
		if len(pcm)%4 != 0 || len(pcm) < 4*sampleRate/50 || len(pcm) > 4*sampleRate {
			t.Errorf("sound %d: %d bytes", k, len(pcm))
		}
		peak := 0
		for i := 0; i+1 < len(pcm); i += 2 {
			v := int(int16(binary.LittleEndian.Uint16(pcm[i:])))
			peak = max(peak, v, -v)
		}
		if peak < 3000 {
			t.Errorf("sound %d: peak %d, too quiet", k, peak)
		}
	}
	// Without a device, or muted, playing is silent and safe.
	var nilBox *soundBox
	nilBox.play(sndEnd)
	nilBox.setVolume(1)
	(&soundBox{failed: true, volume: 1}).play(sndPlace)
}

// With no sound device the View menu's sound, louder and softer are off and say
// why, M, [ and ] say it instead of changing settings that would do nothing,
// and stderr gets one line however often the failure is seen.
func TestNoSoundDevice(t *testing.T) {
	a := newTestApp(1280, 800)
	a.prefs.sound = &soundBox{volume: 0.7}
	m := newMenu(true)
	sound := func() []menuItem {
		var out []menuItem
		for _, it := range m.itemsFor(a) {
			if it.cmd == input.CmdSound || it.cmd == input.CmdVolumeUp || it.cmd == input.CmdVolumeDown {
				out = append(out, it)
			}
		}
		if len(out) != 3 {
			t.Fatalf("the View menu has %d sound items", len(out))
		}
		return out
	}
	for _, it := range sound() {
		if it.disabled {
			t.Errorf("with a device starting, %q is off", it.label)
		}
	}

	var log strings.Builder
	a.prefs.sound.fail("no sound device (none here)")
	a.prefs.sound.setLog(&log)
	a.prefs.sound.play(sndPlace)
	a.prefs.sound.setLog(&log)
	if got := log.String(); got != "trihex: no sound: no sound device (none here)\n" {
		t.Errorf("stderr got %q", got)
	}
	items := sound()
	for _, it := range items {
		if !it.disabled || it.check {
			t.Errorf("with no device, %q is enabled %v, checked %v", it.label, !it.disabled, it.check)
		}
	}
	if !strings.Contains(items[0].label, "no sound device") {
		t.Errorf("the sound item says %q", items[0].label)
	}
	st := a.prefs.settings
	for _, c := range []input.Command{input.CmdSound, input.CmdVolumeUp, input.CmdVolumeDown} {
		a.run(c)
		if a.prefs.settings.Sound != st.Sound || a.prefs.settings.Volume != st.Volume {
			t.Errorf("%s changed the sound settings with no device", c)
		}
		if !strings.Contains(a.bar.text, "no sound device") {
			t.Errorf("%s said %q", c, a.bar.text)
		}
	}
}
