//go:build (linux && !android) || freebsd || netbsd

package ui

import (
	"os"
	"path/filepath"
	"strings"
)

// soundProbe says why no sound device can play here, or "" when one may. oto
// tries a PulseAudio (or PipeWire) server first, at PULSE_SERVER or
// $XDG_RUNTIME_DIR/pulse/native, then ALSA; with neither a server nor a card
// (nor an ALSA configuration of the user's own) nothing can play, and ALSA's
// attempt would only write its errors to stderr. getenv and exists stand for
// the environment and the file system.
func soundProbe(getenv func(string) string, exists func(string) bool) string {
	if getenv("PULSE_SERVER") != "" {
		return ""
	}
	if dir := getenv("XDG_RUNTIME_DIR"); dir != "" && exists(filepath.Join(dir, "pulse", "native")) {
		return ""
	}
	if home := getenv("HOME"); home != "" && exists(filepath.Join(home, ".asoundrc")) {
		return ""
	}
	if hasPlaybackCard(exists) {
		return ""
	}
	return "no sound device (no PulseAudio or PipeWire server, no sound card)"
}

// hasPlaybackCard reports whether ALSA lists a playback device: a
// /dev/snd/pcmC*D*p.
func hasPlaybackCard(exists func(string) bool) bool {
	if !exists("/dev/snd") {
		return false
	}
	entries, err := os.ReadDir("/dev/snd")
	if err != nil {
		return true // there is something there: let ALSA look
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, "pcmC") && strings.HasSuffix(n, "p") {
			return true
		}
	}
	return false
}
