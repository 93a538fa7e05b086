package ui

import (
	"testing"
	"testing/synctest"
	"time"
)

// frameLoop runs fr as Ebitengine runs the window in FPSModeVsyncOffMinimum: a
// frame (an Update, then a Draw) whenever fr's schedule asks for one or the
// player acts (input sends on it too), until d has passed. update is the Update's
// work. It returns the frames run and the draws.
func frameLoop(fr *frames, wakeup chan struct{}, d time.Duration, update func(now time.Time)) (nFrames, draws int) {
	end := time.After(d)
	for {
		select {
		case <-wakeup:
		case <-end:
			return nFrames, draws
		}
		nFrames++
		fr.begin()
		update(time.Now())
		if fr.draw() {
			draws++
		}
		fr.arm()
	}
}

func newTestFrames() (*frames, chan struct{}) {
	wakeup := make(chan struct{}, 1)
	fr := newFrames(nil, func() {
		select {
		case wakeup <- struct{}{}:
		default:
		}
	})
	wakeup <- struct{}{} // the window's first frame
	return fr, wakeup
}

// A still window draws once and then asks for no frame at all: ten seconds of the
// player thinking cost nothing.
func TestFramesIdle(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fr, wakeup := newTestFrames()
		n, draws := frameLoop(fr, wakeup, 10*time.Second, func(time.Time) {})
		if n != 1 || draws != 1 {
			t.Errorf("idle for 10 s: %d frames, %d draws; want the first alone", n, draws)
		}
		if !fr.next().IsZero() {
			t.Errorf("a still window asks for a frame at %v", fr.next())
		}
	})
}

// While something moves the window draws 60 times a second, and stops when it
// stops.
func TestFramesMoving(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fr, wakeup := newTestFrames()
		stop := time.Now().Add(time.Second)
		n, draws := frameLoop(fr, wakeup, 3*time.Second, func(now time.Time) {
			if now.Before(stop) {
				fr.moving()
			}
		})
		if draws < 59 || draws > 62 || n > draws+1 {
			t.Errorf("one second of animation: %d frames, %d draws; want 60 of each", n, draws)
		}
	})
}

// A time asked for (a clock's next second) gets its frame and draw then, and not
// before; a poll gets an Update without a draw when nothing changed.
func TestFramesDrawAtAndPoll(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fr, wakeup := newTestFrames()
		start := time.Now()
		var drawnAt []time.Duration
		polls := 0
		_, draws := frameLoop(fr, wakeup, 5*time.Second, func(now time.Time) {
			el := now.Sub(start)
			switch {
			case el == 0:
				fr.drawAt(now.Add(time.Second))
				fr.pollAt(now.Add(2 * time.Second))
			case el == time.Second:
				drawnAt = append(drawnAt, el)
			case el == 2*time.Second:
				polls++
			}
		})
		if len(drawnAt) != 1 || polls != 1 || draws != 2 {
			t.Errorf("frames at 1 s: %v, polls at 2 s: %d, draws %d; want one each and two draws (the first frame's, the second's)", drawnAt, polls, draws)
		}
	})
}

// Changes closer together than a frame draw once now and once a frame later, not
// twice now; wake from another goroutine draws at once.
func TestFramesThrottleAndWake(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		fr, wakeup := newTestFrames()
		if fr.begin(); !fr.draw() {
			t.Fatal("the first frame does not draw")
		}
		<-wakeup
		time.Sleep(5 * time.Millisecond)
		fr.changed() // the pointer moved
		fr.begin()
		if fr.draw() {
			t.Errorf("a change 5 ms after a draw drew at once")
		}
		fr.arm()
		start := time.Now()
		<-wakeup
		if d := time.Since(start); d != frameGap-5*time.Millisecond {
			t.Errorf("the change waited %v for its draw, want %v", d, frameGap-5*time.Millisecond)
		}
		if fr.begin(); !fr.draw() {
			t.Errorf("the change was not drawn on its turn")
		}
		time.Sleep(time.Second)
		go fr.wake(time.Now())
		<-wakeup
		if fr.begin(); !fr.draw() {
			t.Errorf("wake did not draw")
		}
	})
}
