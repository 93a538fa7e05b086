package ui

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/input"
)

// pollFrame reads devices, so it is only type-checked here; keyPairs is checked
// against both sides' key names.
var _ func(*input.PointerTracker, float64) input.Frame = pollFrame

func TestKeyPairs(t *testing.T) {
	seen := map[input.Key]bool{}
	for _, p := range keyPairs {
		seen[p.k] = true
		if got := appKey(p.e); got != p.k {
			t.Errorf("appKey(%s) = %s, want %s", p.e, got, p.k)
		}
		// Letters, digits and F-keys come from ranges: check them by name.
		e, k := p.e.String(), p.k.String()
		if len(k) == 1 && k[0] >= '0' && k[0] <= '9' {
			k = "Digit" + k
		}
		if (len(k) == 1 && k[0] >= 'A' && k[0] <= 'Z') || strings.HasPrefix(k, "Digit") || (len(k) > 1 && k[0] == 'F') {
			if e != k {
				t.Errorf("Ebitengine's %s is mapped to %s", e, p.k)
			}
		}
	}
	for k := input.KeyNone + 1; k.String() != "None"; k++ {
		if !seen[k] {
			t.Errorf("no Ebitengine key gives %s", k)
		}
	}
	for _, b := range input.Keymap {
		if !seen[b.Chord.Key] {
			t.Errorf("the keymap binds %s, which no Ebitengine key gives", b.Chord)
		}
	}
	if appKey(ebiten.KeyShift) != input.KeyNone || appKey(-1) != input.KeyNone || appKey(ebiten.KeyMax+1) != input.KeyNone {
		t.Error("a key the app ignores is mapped")
	}
}
