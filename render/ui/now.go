package ui

import "time"

// now is the app's time. Every read of the time in the window goes through it
// (the animations, the messages' and the blinking cursors' ends, the frames
// asked for, the game sessions and so the computer's pace), so that a test runs
// them in fake time by setting App.clock.
func (a *App) now() time.Time {
	if a.clock != nil {
		return a.clock()
	}
	return time.Now()
}

// now is the game screen's time: the app's (newPlay), or the wall clock for a
// scene built without an app.
func (p *playScene) now() time.Time {
	if p.clock != nil {
		return p.clock()
	}
	return time.Now()
}
