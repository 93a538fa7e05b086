package input

import (
	"math"
	"slices"
)

// Frame is one tick's input, read once at the start of the tick (render/ui's
// pollFrame) and handed to whatever has the input, so no scene polls a device.
type Frame struct {
	Pointer
	Wheel          float64 // vertical wheel motion this tick; positive is up, away from the user
	Keys           []Chord // chords pressed this tick, auto-repeats of a held Backspace included
	Text           []rune  // characters typed this tick, control characters left out
	Mods           Mod     // modifiers held
	CloseRequested bool    // the window's close button was pressed
}

// Commands are the commands the tick's chords give in scope, in the order pressed.
func (f *Frame) Commands(scope Scope) []Command {
	var out []Command
	for _, c := range f.Keys {
		if cmd, ok := Lookup(scope, c); ok {
			out = append(out, cmd)
		}
	}
	return out
}

// Pressed reports whether a chord pressed this tick gives cmd in scope.
func (f *Frame) Pressed(cmd Command, scope Scope) bool {
	for _, c := range f.Keys {
		if got, ok := Lookup(scope, c); ok && got == cmd {
			return true
		}
	}
	return false
}

// Fires reports whether key k, held for the given number of ticks (1 on the tick it
// went down), counts as pressed: once when it goes down and, for the keys that
// repeat, every 4th tick after half a second (at 60 ticks a second), like a text
// field.
func Fires(k Key, held int) bool {
	return held == 1 || (k.Repeats() && held > 30 && held%4 == 0)
}

// AddKey records chord c as pressed, once however many physical keys gave it
// (Enter and the keypad's Enter).
func (f *Frame) AddKey(c Chord) {
	if !slices.Contains(f.Keys, c) {
		f.Keys = append(f.Keys, c)
	}
}

// ClickSlop is how far, in pixels at scale 1, a press may move before its release
// and still be a click rather than a drag.
const ClickSlop = 6

// Pointer is the state of the mouse in one tick. A press that moves at most
// ClickSlop·scale before its release is a click; anything more is a drag (which pans
// a view).
type Pointer struct {
	X, Y         float64 // position, device pixels
	DownX, DownY float64 // where the last press began
	Down         bool    // the left button is held
	// Dragging is set once the held press moves beyond the slop; it stays set after
	// the release until the next press, so the release tick can tell a drag ended.
	Dragging bool
	Click    bool    // a press ended this tick without dragging: a click at DownX, DownY
	DX, DY   float64 // drag motion this tick
}

// PointerTracker turns the raw button state and cursor of each tick into a Pointer.
// It knows no device: Update is fed what the device reports.
type PointerTracker struct {
	p       Pointer
	pressed bool // the button state of the previous tick
}

// Update takes the cursor position and whether the left button is held this tick
// and returns the pointer's state. scale is the UI scale (device pixels per pixel).
func (t *PointerTracker) Update(x, y float64, pressed bool, scale float64) Pointer {
	return t.UpdateTap(x, y, pressed, false, scale)
}

// UpdateTap is Update for a tick in which the button may also have gone down and
// up again between two ticks (tapped): a quick click, or any click on a machine
// slow enough that a tick spans it, is still one click at (x, y).
func (t *PointerTracker) UpdateTap(x, y float64, pressed, tapped bool, scale float64) Pointer {
	p := &t.p
	p.DX, p.DY = 0, 0
	p.Click = false
	if tapped && !pressed && !t.pressed {
		p.Down, p.Dragging = false, false
		p.DownX, p.DownY = x, y
		p.Click = true
		p.X, p.Y = x, y
		return *p
	}
	if pressed && !t.pressed {
		p.Down, p.Dragging = true, false
		p.DownX, p.DownY = x, y
	}
	if p.Down && pressed {
		if !p.Dragging && math.Hypot(x-p.DownX, y-p.DownY) > ClickSlop*scale {
			p.Dragging = true
		}
		if p.Dragging {
			p.DX, p.DY = x-p.X, y-p.Y
		}
	}
	if p.Down && !pressed {
		p.Down = false
		p.Click = !p.Dragging
	}
	t.pressed = pressed
	p.X, p.Y = x, y
	return *p
}
