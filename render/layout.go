// Package render draws Trihex: the layout of the window (hex ↔ pixel, fitting the
// board to its area, high-DPI scale), the boards, stacks and tiles from pre-rendered
// sprites, the side panel, buttons and text. It reads game states through small
// interfaces, so it does not depend on the rules packages.
package render

import (
	"math"

	"trihex/game/hex"
)

// Rect is an axis-aligned rectangle in device pixels.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) lies inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect {
	return Rect{r.X + d, r.Y + d, max(0, r.W-2*d), max(0, r.H-2*d)}
}

// CX and CY are the centre of r.
func (r Rect) CX() float64 { return r.X + r.W/2 }

// CY is the vertical centre of r.
func (r Rect) CY() float64 { return r.Y + r.H/2 }

var sqrt3 = math.Sqrt(3)

// View maps axial coordinates to pixels: the cell or point (q, r) is at
// (OX + Unit·√3·(q + r/2), OY − Unit·1.5·r). Unit is the circumradius of a hex cell;
// neighbouring points are √3·Unit apart.
// With Flip set the picture is turned by 180° about (OX, OY), for two players
// sitting opposite each other.
type View struct {
	OX, OY, Unit float64
	Flip         bool
}

// ToPixel returns the centre of c in pixels.
func (v View) ToPixel(c hex.Coord) (x, y float64) {
	dx, dy := v.Unit*sqrt3*(float64(c.Q)+float64(c.R)/2), -v.Unit*1.5*float64(c.R)
	if v.Flip {
		dx, dy = -dx, -dy
	}
	return v.OX + dx, v.OY + dy
}

// FromPixel returns the cell whose hexagon holds (x, y), and the distance from its
// centre in units of Unit (≤ 1 inside the hexagon).
func (v View) FromPixel(x, y float64) (hex.Coord, float64) {
	fx := (x - v.OX) / v.Unit
	fy := (y - v.OY) / v.Unit
	if v.Flip {
		fx, fy = -fx, -fy
	}
	r := -fy / 1.5
	q := fx/sqrt3 - r/2
	// Cube rounding: round all three, fix the one that moved most.
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	c := hex.Coord{Q: int(rq), R: int(rr)}
	cx, cy := v.ToPixel(c)
	return c, math.Hypot(x-cx, y-cy) / v.Unit
}

// Extent returns the bounding box, in units, of the centres of cells.
func Extent(cells []hex.Coord) (minX, minY, maxX, maxY float64) {
	minX, minY = math.Inf(1), math.Inf(1)
	maxX, maxY = math.Inf(-1), math.Inf(-1)
	for _, c := range cells {
		x := sqrt3 * (float64(c.Q) + float64(c.R)/2)
		y := -1.5 * float64(c.R)
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	return
}

// Fit returns the view that shows every cell inside area with margin units of space
// around the outermost centres, as large as fits but no larger than maxUnit
// pixels per unit (0: no limit), centred.
func Fit(cells []hex.Coord, area Rect, margin, maxUnit float64) View {
	return FitFlip(cells, area, margin, maxUnit, false)
}

// FitFlip is Fit for a view turned by 180° when flip is set.
func FitFlip(cells []hex.Coord, area Rect, margin, maxUnit float64, flip bool) View {
	if len(cells) == 0 {
		cells = []hex.Coord{{}}
	}
	minX, minY, maxX, maxY := Extent(cells)
	w := maxX - minX + 2*margin
	h := maxY - minY + 2*margin
	unit := min(area.W/w, area.H/h)
	if maxUnit > 0 {
		unit = min(unit, maxUnit)
	}
	unit = max(unit, 1)
	if flip {
		return View{OX: area.CX() + unit*(minX+maxX)/2, OY: area.CY() + unit*(minY+maxY)/2, Unit: unit, Flip: true}
	}
	return View{
		OX:   area.CX() - unit*(minX+maxX)/2,
		OY:   area.CY() - unit*(minY+maxY)/2,
		Unit: unit,
	}
}

// Grow returns v unchanged when every cell lies inside area with margin units
// around the outermost centres; otherwise it moves the view, and zooms it out about
// the area's centre only as far as it must, so that they do. A player's pan and zoom
// stay as they are until a new cell would fall outside.
func Grow(v View, cells []hex.Coord, area Rect, margin float64) View {
	if len(cells) == 0 || v.Unit <= 0 {
		return v
	}
	minX, minY, maxX, maxY := Extent(cells)
	minX, minY, maxX, maxY = minX-margin, minY-margin, maxX+margin, maxY+margin
	unit := max(1, min(v.Unit, area.W/(maxX-minX), area.H/(maxY-minY)))
	if unit != v.Unit {
		v = v.ZoomAt(area.CX(), area.CY(), unit/v.Unit, unit, unit)
	}
	sign := 1.0
	if v.Flip {
		sign = -1
	}
	// shift is how far the span [a, b] (pixels, either order) must move to lie
	// inside [lo, hi]: nothing when it does.
	shift := func(a, b, lo, hi float64) float64 {
		a, b = min(a, b), max(a, b)
		switch {
		case a < lo:
			return lo - a
		case b > hi:
			return hi - b
		}
		return 0
	}
	v.OX += shift(v.OX+sign*v.Unit*minX, v.OX+sign*v.Unit*maxX, area.X, area.X+area.W)
	v.OY += shift(v.OY+sign*v.Unit*minY, v.OY+sign*v.Unit*maxY, area.Y, area.Y+area.H)
	return v
}

// ZoomAt scales the view by f keeping the pixel (x, y) over the same spot, with the
// unit kept within [lo, hi].
func (v View) ZoomAt(x, y, f, lo, hi float64) View {
	u := max(lo, min(hi, v.Unit*f))
	f = u / v.Unit
	return View{OX: x - (x-v.OX)*f, OY: y - (y-v.OY)*f, Unit: u, Flip: v.Flip}
}

// Pan moves the view by (dx, dy) pixels.
func (v View) Pan(dx, dy float64) View { return View{v.OX + dx, v.OY + dy, v.Unit, v.Flip} }

// BoardCells lists the 37 points of the Abande and Attangle board as coordinates.
func BoardCells() []hex.Coord {
	out := make([]hex.Coord, 0, hex.NumPoints)
	for _, p := range hex.Points {
		out = append(out, p.Coord())
	}
	return out
}

// Screen is the layout of the game screen: the board area, the side panel and its
// parts, all in device pixels.
type Screen struct {
	W, H, Scale float64 // size in device pixels and device scale factor
	Board       Rect
	Panel       Rect
	Moves       Rect            // the move list inside the panel
	Buttons     map[string]Rect // "undo", "redo", "new", "pass", "hint"
}

// ButtonOrder lists the game screen's buttons in drawing order.
var ButtonOrder = []string{"undo", "redo", "new", "pass", "hint"}

// LayoutScreen lays out a w×h device-pixel window at device scale s: the board on
// the left, the panel on the right (or below, in a tall window).
func LayoutScreen(w, h, s float64) Screen {
	sc := Screen{W: w, H: h, Scale: s, Buttons: map[string]Rect{}}
	pw := min(max(w*0.3, 250*s), 360*s)
	if pw > w*0.45 {
		pw = w * 0.45
	}
	sc.Board = Rect{0, 0, w - pw, h}
	sc.Panel = Rect{w - pw, 0, pw, h}
	pad := 12 * s
	bh := 34 * s
	inner := sc.Panel.Inset(pad)
	// Bottom row: Undo, Redo, New.
	bw := (inner.W - 2*8*s) / 3
	y := inner.Y + inner.H - bh
	for i, name := range []string{"undo", "redo", "new"} {
		sc.Buttons[name] = Rect{inner.X + float64(i)*(bw+8*s), y, bw, bh}
	}
	// Above it Pass (or Live while reviewing) and Hint, side by side.
	hw := (inner.W - 8*s) / 2
	sc.Buttons["pass"] = Rect{inner.X, y - bh - 8*s, hw, bh}
	sc.Buttons["hint"] = Rect{inner.X + hw + 8*s, y - bh - 8*s, hw, bh}
	// The move list takes the room between the player boxes and the buttons.
	top := inner.Y + 250*s
	sc.Moves = Rect{inner.X, top, inner.W, max(0, y-bh-16*s-top)}
	return sc
}
