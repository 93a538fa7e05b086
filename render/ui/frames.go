package ui

import (
	"sync"
	"time"
)

// frameGap is the least time between two draws: 60 a second, the display's pace.
const frameGap = time.Second / 60

// frames decides when the window draws and when it next needs a frame, so that a
// still screen costs nothing. The window runs in Ebitengine's
// FPSModeVsyncOffMinimum: a frame (an Update, then a Draw) comes only when the
// player does something (a key, a click, the pointer moving, a resize) or when
// frames asks for one (ebiten.ScheduleFrame, through schedule). The layers say
// what they need each Update:
//
//   - changed: what is shown changed (a move, a hover, a new banner): draw at the
//     next frame;
//   - moving: something moves (an animation, a pulsing hint, a fading message):
//     draw every frame, 60 a second;
//   - drawAt: what is shown changes at a time (a running clock's next second, a
//     banner's end, a cursor's blink): a frame and a draw then;
//   - pollAt: an Update then, to look for news from another goroutine (the
//     computer's answer, a file dialog's path), drawing only if it finds some.
//
// wake is the same as drawAt for other goroutines. Draws come at most every
// frameGap; one asked for sooner waits for its turn.
type frames struct {
	now      func() time.Time
	schedule func() // asks for a frame (ebiten.ScheduleFrame)

	mu       sync.Mutex
	dirty    bool      // what is shown changed since the last draw
	drawNext time.Time // the earliest draw asked for at a time; zero: none
	pollNext time.Time // the earliest Update asked for; zero: none
	last     time.Time // the last draw
	armed    time.Time // when the timer will ask for a frame; zero: not armed
	timer    *time.Timer
	draws    int // draws so far, for tests and --fps
	// soon is set by this Update's moving and by polls due within a few frames
	// (the computer's answer): the window is busy, not waiting for a time.
	soon bool
}

func newFrames(now func() time.Time, schedule func()) *frames {
	if now == nil {
		now = time.Now
	}
	return &frames{now: now, schedule: schedule, dirty: true}
}

// changed asks for a draw at the next frame.
func (fr *frames) changed() {
	fr.mu.Lock()
	fr.dirty = true
	fr.mu.Unlock()
}

// moving asks for a draw every frame while something moves: call it each Update
// for as long as it does.
func (fr *frames) moving() {
	fr.mu.Lock()
	fr.dirty, fr.soon = true, true
	fr.mu.Unlock()
	fr.drawAt(fr.now().Add(frameGap))
}

// drawAt asks for a frame and a draw at t.
func (fr *frames) drawAt(t time.Time) {
	fr.mu.Lock()
	if fr.drawNext.IsZero() || t.Before(fr.drawNext) {
		fr.drawNext = t
	}
	fr.mu.Unlock()
}

// pollAt asks for an Update at t; it draws only if something changed.
func (fr *frames) pollAt(t time.Time) {
	fr.mu.Lock()
	if t.Sub(fr.now()) < 3*frameGap {
		fr.soon = true
	}
	if fr.pollNext.IsZero() || t.Before(fr.pollNext) {
		fr.pollNext = t
	}
	fr.mu.Unlock()
}

// wake asks, from any goroutine, for a frame and a draw at t (now or past: at
// once): what a running clock or another goroutine whose news changes the
// screen calls.
func (fr *frames) wake(t time.Time) {
	fr.drawAt(t)
	fr.arm()
}

// begin starts an Update: a draw asked for by now is due, and so is a poll.
func (fr *frames) begin() {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	now := fr.now()
	fr.soon = false
	if !fr.drawNext.IsZero() && !now.Before(fr.drawNext) {
		fr.dirty, fr.drawNext = true, time.Time{}
	}
	if !fr.pollNext.IsZero() && !now.Before(fr.pollNext) {
		fr.pollNext = time.Time{}
	}
}

// draw reports whether Draw should draw now, and counts the draw if so. A change
// that comes sooner than frameGap after the last draw waits for its turn.
func (fr *frames) draw() bool {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	if !fr.dirty {
		return false
	}
	now := fr.now()
	// A frame the timer asked for may come a little early: within a millisecond
	// counts as on time.
	if next := fr.last.Add(frameGap - time.Millisecond); !fr.last.IsZero() && now.Before(next) {
		if fr.drawNext.IsZero() || fr.last.Add(frameGap).Before(fr.drawNext) {
			fr.drawNext = fr.last.Add(frameGap)
		}
		return false
	}
	fr.dirty, fr.last = false, now
	fr.draws++
	return true
}

// busy reports whether this Update asked for frames at the display's pace:
// something moves or news is awaited.
func (fr *frames) busy() bool {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	return fr.soon
}

// next is when the window next needs a frame; zero: not until the player does
// something.
func (fr *frames) next() time.Time {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	return fr.nextLocked()
}

func (fr *frames) nextLocked() time.Time {
	t := fr.drawNext
	if !fr.pollNext.IsZero() && (t.IsZero() || fr.pollNext.Before(t)) {
		t = fr.pollNext
	}
	if fr.dirty {
		// A change not drawn yet (it came after Draw, or too soon): its turn.
		if d := fr.last.Add(frameGap); t.IsZero() || d.Before(t) {
			t = d
		}
	}
	return t
}

// arm sets the timer to ask for the next frame needed; the app calls it at the
// end of each Draw (which follows every Update).
func (fr *frames) arm() {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	t := fr.nextLocked()
	if t.IsZero() || (!fr.armed.IsZero() && !fr.armed.After(t)) {
		return // nothing needed, or the timer already fires by then
	}
	fr.armed = t
	d := t.Sub(fr.now())
	if fr.timer == nil {
		fr.timer = time.AfterFunc(d, fr.fire)
		return
	}
	fr.timer.Reset(d)
}

// fire is the timer's: it asks for the frame.
func (fr *frames) fire() {
	fr.mu.Lock()
	fr.armed = time.Time{}
	fr.mu.Unlock()
	fr.schedule()
}

// stop stops the timer, when the window closes.
func (fr *frames) stop() {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	if fr.timer != nil {
		fr.timer.Stop()
	}
	fr.armed = time.Time{}
}
