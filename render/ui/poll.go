package ui

import (
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"trihex/input"
)

// pollFrame reads the tick's input from Ebitengine: the one place the app reads the
// keyboard, mouse, wheel and typed text, so the rest works on an input.Frame and
// input.Command. Call it once per Update, before anything looks at input. scale is
// the UI scale, which sets the click slop.
func pollFrame(tr *input.PointerTracker, scale float64) input.Frame {
	var f input.Frame
	cx, cy := ebiten.CursorPosition()
	// A press and release within one tick (a quick click, a slow machine) leave
	// the button up at both ticks: the just-pressed flag keeps the click.
	tapped := inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	f.Pointer = tr.UpdateTap(float64(cx), float64(cy), ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft), tapped, scale)
	_, f.Wheel = ebiten.Wheel()
	if ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta) {
		f.Mods |= input.ModCtrl
	}
	if ebiten.IsKeyPressed(ebiten.KeyShift) {
		f.Mods |= input.ModShift
	}
	if ebiten.IsKeyPressed(ebiten.KeyAlt) {
		f.Mods |= input.ModAlt
	}
	var buf [8]ebiten.Key
	for _, ek := range inpututil.AppendJustPressedKeys(buf[:0]) {
		if k := appKey(ek); k != input.KeyNone {
			f.AddKey(input.Chord{Key: k, Mod: f.Mods})
		}
	}
	for _, p := range keyPairs {
		if !p.k.Repeats() {
			continue
		}
		// Just pressed was added above; this adds the repeats of a held key.
		if d := inpututil.KeyPressDuration(p.e); d > 1 && input.Fires(p.k, d) {
			f.AddKey(input.Chord{Key: p.k, Mod: f.Mods})
		}
	}
	for _, r := range ebiten.AppendInputChars(nil) {
		if !unicode.IsControl(r) {
			f.Text = append(f.Text, r)
		}
	}
	f.CloseRequested = ebiten.IsWindowBeingClosed()
	return f
}

// keyHeld reports whether a key the app reads is held down.
func keyHeld() bool {
	var buf [8]ebiten.Key
	for _, ek := range inpututil.AppendPressedKeys(buf[:0]) {
		if appKey(ek) != input.KeyNone {
			return true
		}
	}
	return false
}

// keyPairs maps Ebitengine's keys to the app's: every key input.Key names (so every
// key of the keymap), both Enters to one.
var keyPairs = func() []struct {
	e ebiten.Key
	k input.Key
} {
	type pair = struct {
		e ebiten.Key
		k input.Key
	}
	var out []pair
	for i := range 26 {
		out = append(out, pair{ebiten.KeyA + ebiten.Key(i), input.KeyA + input.Key(i)})
	}
	for i := range 10 {
		out = append(out, pair{ebiten.KeyDigit0 + ebiten.Key(i), input.Key0 + input.Key(i)})
	}
	for i := range 12 {
		out = append(out, pair{ebiten.KeyF1 + ebiten.Key(i), input.KeyF1 + input.Key(i)})
	}
	return append(out,
		pair{ebiten.KeyEscape, input.KeyEscape},
		pair{ebiten.KeyEnter, input.KeyEnter},
		pair{ebiten.KeyNumpadEnter, input.KeyEnter},
		pair{ebiten.KeyBackspace, input.KeyBackspace},
		pair{ebiten.KeyTab, input.KeyTab},
		pair{ebiten.KeySpace, input.KeySpace},
		pair{ebiten.KeyArrowLeft, input.KeyLeft},
		pair{ebiten.KeyArrowRight, input.KeyRight},
		pair{ebiten.KeyArrowUp, input.KeyUp},
		pair{ebiten.KeyArrowDown, input.KeyDown},
		pair{ebiten.KeyHome, input.KeyHome},
		pair{ebiten.KeyEnd, input.KeyEnd},
		pair{ebiten.KeyPageUp, input.KeyPageUp},
		pair{ebiten.KeyPageDown, input.KeyPageDown},
		pair{ebiten.KeyDelete, input.KeyDelete},
		pair{ebiten.KeyBracketLeft, input.KeyLeftBracket},
		pair{ebiten.KeyBracketRight, input.KeyRightBracket},
		pair{ebiten.KeySlash, input.KeyQuestion},
	)
}()

// appKeys indexes keyPairs by Ebitengine key.
var appKeys = func() (m [ebiten.KeyMax + 1]input.Key) {
	for _, p := range keyPairs {
		m[p.e] = p.k
	}
	return m
}()

// appKey is the app's key for an Ebitengine key, KeyNone for one the app ignores.
func appKey(ek ebiten.Key) input.Key {
	if ek < 0 || ek > ebiten.KeyMax {
		return input.KeyNone
	}
	return appKeys[ek]
}
