package render

import (
	"math"
	"testing"

	"trihex/game/hex"
)

func TestPixelRoundTrip(t *testing.T) {
	views := []View{{0, 0, 1, false}, {400, 300, 37.5, false}, {-20, 1000, 12.25, true}}
	for _, v := range views {
		for q := -8; q <= 8; q++ {
			for r := -8; r <= 8; r++ {
				c := hex.Coord{Q: q, R: r}
				x, y := v.ToPixel(c)
				if got, d := v.FromPixel(x, y); got != c || d > 1e-9 {
					t.Fatalf("%v: round trip of %v gives %v (distance %g)", v, c, got, d)
				}
				// A point near the edge of the hexagon still maps to it.
				for a := 0.0; a < 2*math.Pi; a += math.Pi / 3 {
					px, py := x+0.8*v.Unit*math.Cos(a+math.Pi/6)*sqrt3/2, y+0.8*v.Unit*math.Sin(a+math.Pi/6)*sqrt3/2
					if got, _ := v.FromPixel(px, py); got != c {
						t.Fatalf("%v: pixel near %v maps to %v", v, c, got)
					}
				}
			}
		}
	}
}

func TestSpacing(t *testing.T) {
	v := View{OX: 100, OY: 100, Unit: 10}
	for _, d := range hex.Dirs {
		x0, y0 := v.ToPixel(hex.Coord{})
		x1, y1 := v.ToPixel(d)
		if got := math.Hypot(x1-x0, y1-y0); math.Abs(got-10*sqrt3) > 1e-9 {
			t.Errorf("neighbour %v is %g pixels away", d, got)
		}
	}
	// d4 is the centre, g1 is up and left, a4 down and right.
	g1, _ := hex.ParsePoint("g1")
	x, y := v.ToPixel(g1.Coord())
	if x >= 100 || y >= 100 {
		t.Errorf("g1 at %g,%g: want up-left of the centre", x, y)
	}
}

func TestFit(t *testing.T) {
	area := Rect{50, 20, 600, 400}
	cells := BoardCells()
	v := Fit(cells, area, 1, 0)
	for _, c := range cells {
		x, y := v.ToPixel(c)
		if !area.Inset(v.Unit*0.999).Contains(x, y) {
			t.Fatalf("%v at %g,%g falls outside the margin of %v", c, x, y, area)
		}
	}
	if x, y := v.ToPixel(hex.Coord{}); math.Abs(x-area.CX()) > 1e-9 || math.Abs(y-area.CY()) > 1e-9 {
		t.Errorf("centre at %g,%g, want the area's centre", x, y)
	}
	// The tighter dimension is filled: height is 9+2 units for 400 pixels.
	if want := 400.0 / 11; math.Abs(v.Unit-want) > 1e-9 {
		t.Errorf("unit %g, want %g", v.Unit, want)
	}
	if v := Fit(cells, area, 1, 20); v.Unit != 20 {
		t.Errorf("max unit: %g", v.Unit)
	}
	// Zooming keeps the pixel under the pointer on the same spot.
	z := v.ZoomAt(123, 234, 1.7, 1, 1000)
	c, d := v.FromPixel(123, 234)
	c2, d2 := z.FromPixel(123, 234)
	if c != c2 || math.Abs(d-d2) > 1e-9 {
		t.Errorf("zoom moved the spot under the pointer: %v %g → %v %g", c, d, c2, d2)
	}
}

func TestLayoutScreen(t *testing.T) {
	for _, s := range []float64{1, 1.5, 2} {
		for _, wh := range [][2]float64{{1280, 800}, {800, 600}} {
			sc := LayoutScreen(wh[0]*s, wh[1]*s, s)
			if sc.Board.W <= 0 || sc.Panel.X+sc.Panel.W != sc.W {
				t.Errorf("%v at %g: board %v panel %v", wh, s, sc.Board, sc.Panel)
			}
			for name, b := range sc.Buttons {
				if !sc.Panel.Contains(b.X, b.Y) || !sc.Panel.Contains(b.X+b.W-1, b.Y+b.H-1) {
					t.Errorf("%v at %g: button %s %v outside the panel", wh, s, name, b)
				}
			}
		}
	}
}

// Grow keeps a view that shows every cell, pans one that lost a cell when the
// cells still fit at its zoom, and zooms out only when they do not.
func TestGrow(t *testing.T) {
	area := Rect{0, 0, 600, 400}
	cells := []hex.Coord{{Q: 0, R: 0}, {Q: 1, R: 0}, {Q: 0, R: 1}}
	for _, flip := range []bool{false, true} {
		v := FitFlip(cells, area, 1.2, 40, flip)
		if g := Grow(v, cells, area, 1.2); g != v {
			t.Errorf("flip %v: a view that shows every cell moved: %+v → %+v", flip, v, g)
		}
		inside := func(g View, cs []hex.Coord) bool {
			for _, c := range cs {
				x, y := g.ToPixel(c)
				if x < area.X || x > area.X+area.W || y < area.Y || y > area.Y+area.H {
					return false
				}
			}
			return true
		}
		// One cell further out: it fits at this zoom, so the view pans.
		more := append(cells, hex.Coord{Q: 5, R: 0})
		g := Grow(v, more, area, 1.2)
		if g.Unit != v.Unit || !inside(g, more) {
			t.Errorf("flip %v: grown to %+v from %+v", flip, g, v)
		}
		// Far out: the view must zoom out, and shows everything.
		far := append(cells, hex.Coord{Q: 20, R: -10})
		g = Grow(v, far, area, 1.2)
		if g.Unit >= v.Unit || !inside(g, far) {
			t.Errorf("flip %v: far cell: %+v", flip, g)
		}
	}
}
