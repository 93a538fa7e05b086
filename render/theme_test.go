package render

import (
	"image/color"
	"reflect"
	"testing"

	"trihex/game/hex"
)

func TestThemes(t *testing.T) {
	seen := map[string]bool{}
	for _, th := range Themes {
		if th.Name == "" || th.Label == "" || seen[th.Name] {
			t.Errorf("theme %q: missing or repeated name", th.Name)
		}
		seen[th.Name] = true
		if th.LineWidth <= 0 {
			t.Errorf("%s: line width %g", th.Name, th.LineWidth)
		}
		for c := 0; c < numColours; c++ {
			if th.Face[c].A != 0xff || th.Side[c].A != 0xff {
				t.Errorf("%s: colour %d is not opaque", th.Name, c)
			}
		}
		// Every role has a colour: a role left out would draw invisible.
		v := reflect.ValueOf(th)
		for i := 0; i < v.NumField(); i++ {
			if c, ok := v.Field(i).Interface().(color.RGBA); ok && c.A == 0 {
				t.Errorf("%s: role %s has no colour", th.Name, v.Type().Field(i).Name)
			}
		}
	}
	for _, want := range []string{"classic", "high-contrast", "colour-blind"} {
		if !seen[want] {
			t.Errorf("no %s theme", want)
		}
	}
	// The colour-blind theme marks the dark and the red sides, not White.
	cb, _ := LookupTheme("colour-blind")
	if cb.Mark[ColWhite] != MarkNone || cb.Mark[ColBlack] == MarkNone || cb.Mark[ColRed] == MarkNone {
		t.Errorf("colour-blind marks %v", cb.Mark)
	}
	// Unknown names fall back to classic; cycling visits every theme.
	if th, ok := LookupTheme("nonesuch"); ok || th.Name != "classic" {
		t.Errorf("unknown theme gives %q, %v", th.Name, ok)
	}
	if th, ok := LookupTheme("HIGH-CONTRAST"); !ok || th != Themes[1] {
		t.Errorf("lookup ignores case: %q %v", th.Name, ok)
	}
	name := "classic"
	for range Themes {
		name = NextTheme(name)
	}
	if name != "classic" {
		t.Errorf("cycling ends at %q", name)
	}
	// Coordinates stay readable on every face.
	for _, th := range Themes {
		if th.LabelOn(ColWhite) != th.LabelDark || th.LabelOn(ColBlack) != th.LabelLight {
			t.Errorf("%s: label colours", th.Name)
		}
	}
}

func TestFlip(t *testing.T) {
	area := Rect{10, 20, 600, 400}
	v := FitFlip(BoardCells(), area, 1.25, 0, false)
	f := FitFlip(BoardCells(), area, 1.25, 0, true)
	for _, p := range hex.Points {
		x, y := v.ToPixel(p.Coord())
		fx, fy := f.ToPixel(p.Coord())
		// Turned by 180° about the area's centre.
		if d := (x + fx - 2*area.CX()) + (y + fy - 2*area.CY()); d > 1e-6 || d < -1e-6 {
			t.Fatalf("%s: (%g,%g) flips to (%g,%g)", p.Label(), x, y, fx, fy)
		}
		if c, _ := f.FromPixel(fx, fy); c != p.Coord() {
			t.Fatalf("%s: flipped pixel maps to %v", p.Label(), c)
		}
	}
	if z := f.ZoomAt(100, 100, 2, 1, 100); !z.Flip {
		t.Error("zoom drops the flip")
	}
	if pn := f.Pan(3, 4); !pn.Flip {
		t.Error("pan drops the flip")
	}
}
