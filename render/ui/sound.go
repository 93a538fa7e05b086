package ui

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sync"

	"github.com/ebitengine/oto/v3"

	"trihex/input"
)

// Sounds are synthesized at start (no files): a soft knock for a placed piece, two
// rising notes for a stack or tile moving, a low thud for a capture and a short
// chord when the game ends. They play through oto (the library under Ebitengine's
// audio package) directly, because Ebitengine's audio context ends the game with an
// error when there is no audio device, where oto just stays silent. Where no device
// can play (soundProbe), oto is not started at all: its ALSA fallback would fill
// stderr with the library's complaints; the app says it in one line instead, and
// the View menu's sound items say why they are off.

type sndKind int

const (
	sndPlace sndKind = iota
	sndMove
	sndCapture
	sndEnd
	sndLow // a clock's time is short
	numSounds
)

const sampleRate = 44100

// soundBox plays the sounds; its zero value and nil are silent.
type soundBox struct {
	mu     sync.Mutex
	ctx    *oto.Context
	ready  chan struct{}
	pcm    [numSounds][]byte
	volume float64
	failed bool
	why    string    // once failed: why no sound plays, in the player's words
	log    io.Writer // where the failure is said, once; nil: not yet known
	said   bool
}

// newSoundBox starts the audio device in the background, unless none can play.
func newSoundBox(volume float64) *soundBox {
	b := &soundBox{volume: volume}
	for k := range b.pcm {
		b.pcm[k] = synth(sndKind(k))
	}
	if why := soundProbe(os.Getenv, exists); why != "" {
		b.fail(why)
		return b
	}
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: sampleRate, ChannelCount: 2, Format: oto.FormatSignedInt16LE})
	if err != nil {
		b.fail("the sound device could not be started: " + err.Error())
		return b
	}
	b.ctx, b.ready = ctx, ready
	return b
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// fail makes b silent for good, for the reason why; b.mu is held or b not yet
// shared.
func (b *soundBox) fail(why string) {
	b.failed, b.why = true, why
	b.sayFailure()
}

// sayFailure writes why no sound plays to the log, once.
func (b *soundBox) sayFailure() {
	if b.failed && b.log != nil && !b.said {
		b.said = true
		fmt.Fprintf(b.log, "trihex: no sound: %s\n", b.why)
	}
}

// setLog is where the failure to play sound is said, in one line, now or once
// it is known.
func (b *soundBox) setLog(w io.Writer) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.log = w
	b.sayFailure()
}

// silentWhy says why no device plays the sounds, or "" while one does or may
// (it is still starting).
func (b *soundBox) silentWhy() string {
	if b == nil {
		return "no sound device"
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.usable()
	if b.failed {
		return b.why
	}
	return ""
}

func (b *soundBox) setVolume(v float64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.volume = v
	b.mu.Unlock()
}

// usable reports whether the device started; it never waits. b.mu is held.
func (b *soundBox) usable() bool {
	if b == nil || b.failed || b.ctx == nil {
		return false
	}
	select {
	case <-b.ready:
	default:
		return false // still starting: this sound is skipped
	}
	if err := b.ctx.Err(); err != nil {
		b.fail("no sound device could be opened: " + err.Error()) // silent from now on
		return false
	}
	return true
}

// play starts sound k at the current volume; silent when muted or without a device.
func (b *soundBox) play(k sndKind) {
	if b == nil || k < 0 || k >= numSounds {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.volume <= 0 || !b.usable() {
		return
	}
	pl := b.ctx.NewPlayer(bytes.NewReader(b.pcm[k]))
	pl.SetVolume(b.volume)
	pl.Play()
	// The player is dropped once its reader is drained; oto keeps it alive while
	// it plays.
}

// synth renders sound k as 16-bit little-endian stereo at sampleRate.
func synth(k sndKind) []byte {
	type note struct {
		at, dur, freq, gain, decay float64 // seconds, Hz, 0..1, 1/s
	}
	var notes []note
	noise := 0.0 // gain of a short noise burst at the start
	switch k {
	case sndPlace:
		notes = []note{{0, 0.09, 740, 0.5, 45}, {0, 0.07, 1480, 0.18, 60}}
		noise = 0.12
	case sndMove:
		notes = []note{{0, 0.08, 523, 0.4, 30}, {0.07, 0.1, 698, 0.4, 30}}
	case sndCapture:
		notes = []note{{0, 0.22, 196, 0.6, 18}, {0, 0.16, 294, 0.3, 25}}
		noise = 0.3
	case sndLow:
		notes = []note{{0, 0.09, 988, 0.35, 18}, {0.15, 0.09, 988, 0.35, 18}}
	case sndEnd:
		for i, f := range []float64{523.25, 659.25, 783.99, 1046.5} {
			notes = append(notes, note{float64(i) * 0.11, 0.6 - float64(i)*0.08, f, 0.3, 5})
		}
	}
	length := 0.0
	for _, n := range notes {
		length = max(length, n.at+n.dur)
	}
	ns := int(length*sampleRate) + 1
	buf := make([]float64, ns)
	for _, n := range notes {
		i0 := int(n.at * sampleRate)
		for i := 0; i < int(n.dur*sampleRate) && i0+i < ns; i++ {
			t := float64(i) / sampleRate
			env := math.Exp(-n.decay*t) * min(1, t/0.004) // 4 ms attack, no click
			// Fade the last 10 ms out.
			if rest := n.dur - t; rest < 0.01 {
				env *= rest / 0.01
			}
			buf[i0+i] += n.gain * env * math.Sin(2*math.Pi*n.freq*t)
		}
	}
	if noise > 0 {
		r := rand.New(rand.NewPCG(1, uint64(k)))
		for i := 0; i < int(0.02*sampleRate) && i < ns; i++ {
			t := float64(i) / sampleRate
			buf[i] += noise * math.Exp(-200*t) * (2*r.Float64() - 1)
		}
	}
	out := make([]byte, 4*ns)
	for i, v := range buf {
		s := int16(max(-1, min(1, v)) * 32767 * 0.9)
		binary.LittleEndian.PutUint16(out[4*i:], uint16(s))
		binary.LittleEndian.PutUint16(out[4*i+2:], uint16(s))
	}
	return out
}

// soundItems are the View menu's sound, louder and softer; with no device to
// play them they are off, and the first says why.
func soundItems(a *App) [3]menuItem {
	items := [3]menuItem{
		{id: "menu-sound", cmd: input.CmdSound, label: "Sound", keys: "M", check: a.prefs.settings.Sound, group: true},
		{id: "menu-vol-up", cmd: input.CmdVolumeUp, label: fmt.Sprintf("Louder (now %d%%)", a.prefs.volumePercent()), keys: "]"},
		{id: "menu-vol-down", cmd: input.CmdVolumeDown, label: "Softer", keys: "["},
	}
	if a.prefs.sound.silentWhy() != "" {
		items[0].label, items[0].check = "Sound: no sound device here", false
		items[1].label = "Louder"
		for i := range items {
			items[i].disabled = true
		}
	}
	return items
}

// noSound says, for M, [ and ], that no device plays; it reports whether it did.
func (a *App) noSound() bool {
	why := a.prefs.sound.silentWhy()
	if why == "" {
		return false
	}
	a.showNotice("No sound plays here: " + why + ".")
	return true
}
