package ui

import (
	"encoding/binary"
	"testing"
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
