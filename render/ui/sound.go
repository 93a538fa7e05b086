package ui

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/ebitengine/oto/v3"
)

// Sounds are synthesized at start (no files): a soft knock for a placed piece, two
// rising notes for a stack or tile moving, a low thud for a capture and a short
// chord when the game ends. They play through oto (the library under Ebitengine's
// audio package) directly, because Ebitengine's audio context ends the game with an
// error when there is no audio device, where oto just stays silent.

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
}

// newSoundBox starts the audio device in the background.
func newSoundBox(volume float64) *soundBox {
	b := &soundBox{volume: volume}
	for k := range b.pcm {
		b.pcm[k] = synth(sndKind(k))
	}
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: sampleRate, ChannelCount: 2, Format: oto.FormatSignedInt16LE})
	if err != nil {
		b.failed = true
		return b
	}
	b.ctx, b.ready = ctx, ready
	return b
}

func (b *soundBox) setVolume(v float64) {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.volume = v
	b.mu.Unlock()
}

// usable reports whether the device started; it never waits.
func (b *soundBox) usable() bool {
	if b == nil || b.failed || b.ctx == nil {
		return false
	}
	select {
	case <-b.ready:
	default:
		return false // still starting: this sound is skipped
	}
	if b.ctx.Err() != nil {
		b.failed = true // no device: silent from now on
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
