package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Sprites are the pieces pre-rendered for one size, so that a frame draws images
// rather than anti-aliased paths (slow under software GL).
type Sprites struct {
	Unit  float64 // the View unit they were made for
	theme string  // the theme they were drawn in

	// Disc geometry: a piece seen from the side is an ellipse (its top face) of
	// radii RX, RY over a band of height T; a stack's layers are T apart.
	RX, RY, T float64
	disc      [numColours]*ebiten.Image
	discOX    float64 // the top face's centre inside the disc image
	discOY    float64

	tile       [numColours]*ebiten.Image // Andantino tiles
	tileO      float64                   // the tile's centre inside its image
	cellLegal  *ebiten.Image             // outline of a legal empty cell
	cellDanger *ebiten.Image             // a legal cell where a tile would be suicide
	ring       *ebiten.Image             // highlight ring around a point
	dot        *ebiten.Image             // small filled dot (white, tinted when drawn)
	ringO      float64
	halo       *ebiten.Image // an ellipse around a stack's base (white, tinted)
	haloOX     float64
	haloOY     float64
}

// DiscRadius is a disc's horizontal radius in units of View.Unit.
const DiscRadius = 0.56

// NewSprites renders the sprites for a view unit of u pixels in theme th.
func NewSprites(u float64, th Theme) *Sprites {
	s := &Sprites{Unit: u, theme: th.Name}
	s.drawDiscs(u, th)
	s.drawTiles(u, th)
	s.drawMarks(u)
	return s
}

// drawDiscs renders a disc of every piece colour: a face over a band.
func (s *Sprites) drawDiscs(u float64, th Theme) {
	pieceFace, pieceSide, pieceEdge := th.Face, th.Side, th.Edge
	s.RX = DiscRadius * u
	s.RY = s.RX * 0.55
	s.T = s.RX * 0.34
	pad := 2.0
	w := int(math.Ceil(2*s.RX + 2*pad))
	h := int(math.Ceil(2*s.RY + s.T + 2*pad))
	s.discOX, s.discOY = s.RX+pad, s.RY+pad
	lw := max(1, u*0.035*th.LineWidth)
	for c := 0; c < numColours; c++ {
		img := ebiten.NewImage(w, h)
		var side vector.Path
		// The band: the lower half of the bottom ellipse joined to the top face.
		ellipse(&side, s.discOX, s.discOY+s.T, s.RX, s.RY)
		fill(img, &side, pieceSide[c])
		var band vector.Path
		band.MoveTo(float32(s.discOX-s.RX), float32(s.discOY))
		band.LineTo(float32(s.discOX+s.RX), float32(s.discOY))
		band.LineTo(float32(s.discOX+s.RX), float32(s.discOY+s.T))
		band.LineTo(float32(s.discOX-s.RX), float32(s.discOY+s.T))
		band.Close()
		fill(img, &band, pieceSide[c])
		var outline vector.Path
		ellipse(&outline, s.discOX, s.discOY+s.T, s.RX, s.RY)
		stroke(img, &outline, lw, pieceEdge[c])
		fill(img, &band, pieceSide[c])
		var top vector.Path
		ellipse(&top, s.discOX, s.discOY, s.RX, s.RY)
		fill(img, &top, pieceFace[c])
		stroke(img, &top, lw, pieceEdge[c])
		// A soft sheen on the face so discs read as objects.
		var sheen vector.Path
		ellipse(&sheen, s.discOX-s.RX*0.25, s.discOY-s.RY*0.25, s.RX*0.45, s.RY*0.35)
		fill(img, &sheen, th.Sheen)
		var sides vector.Path
		sides.MoveTo(float32(s.discOX-s.RX), float32(s.discOY))
		sides.LineTo(float32(s.discOX-s.RX), float32(s.discOY+s.T))
		sides.MoveTo(float32(s.discOX+s.RX), float32(s.discOY))
		sides.LineTo(float32(s.discOX+s.RX), float32(s.discOY+s.T))
		stroke(img, &sides, lw, pieceEdge[c])
		mark(img, th, c, s.discOX, s.discOY, s.RX, s.RY)
		s.disc[c] = img
	}
}

// drawTiles renders Andantino's tiles and the legal and losing cells.
func (s *Sprites) drawTiles(u float64, th Theme) {
	pieceFace, pieceSide, pieceEdge := th.Face, th.Side, th.Edge
	// Tiles: hexagons a little smaller than the cell, with a darker lower rim.
	tr := u * 0.94
	s.tileO = tr + 3
	ts := int(math.Ceil(2*s.tileO + u*0.12))
	for c := 0; c < numColours; c++ {
		img := ebiten.NewImage(ts, ts)
		var rim vector.Path
		hexagon(&rim, s.tileO, s.tileO+u*0.08, tr)
		fill(img, &rim, pieceSide[c])
		var face vector.Path
		hexagon(&face, s.tileO, s.tileO, tr)
		fill(img, &face, pieceFace[c])
		stroke(img, &face, max(1, u*0.04*th.LineWidth), pieceEdge[c])
		if th.Mark[c] == MarkNone {
			var inner vector.Path
			hexagon(&inner, s.tileO, s.tileO, tr*0.72)
			stroke(img, &inner, max(1, u*0.03), th.TileInner)
		}
		mark(img, th, c, s.tileO, s.tileO, tr*0.62, tr*0.62)
		s.tile[c] = img
	}
	s.cellLegal = ebiten.NewImage(ts, ts)
	var cl vector.Path
	hexagon(&cl, s.tileO, s.tileO, tr*0.9)
	fill(s.cellLegal, &cl, th.CellLegalFill)
	stroke(s.cellLegal, &cl, max(1, u*0.05), th.CellLegalEdge)
	s.cellDanger = ebiten.NewImage(ts, ts)
	var cd vector.Path
	hexagon(&cd, s.tileO, s.tileO, tr*0.9)
	fill(s.cellDanger, &cd, th.CellDangerFill)
	stroke(s.cellDanger, &cd, max(1.5, u*0.08), th.Warning)
	var cross vector.Path
	k := tr * 0.35
	cross.MoveTo(float32(s.tileO-k), float32(s.tileO-k))
	cross.LineTo(float32(s.tileO+k), float32(s.tileO+k))
	cross.MoveTo(float32(s.tileO+k), float32(s.tileO-k))
	cross.LineTo(float32(s.tileO-k), float32(s.tileO+k))
	stroke(s.cellDanger, &cross, max(1.5, u*0.1), th.Warning)
}

// drawMarks renders the ring, the dot and the halo, white so they can be tinted.
func (s *Sprites) drawMarks(u float64) {
	// Ring and dot, white so they can be tinted.
	rr := u * 0.78
	s.ringO = rr + 4
	rs := int(math.Ceil(2 * s.ringO))
	s.ring = ebiten.NewImage(rs, rs)
	var ring vector.Path
	ellipse(&ring, s.ringO, s.ringO, rr, rr)
	stroke(s.ring, &ring, max(2, u*0.09), tintable)
	s.dot = ebiten.NewImage(rs, rs)
	var dot vector.Path
	ellipse(&dot, s.ringO, s.ringO, rr, rr)
	fill(s.dot, &dot, tintable)
	// The halo lies flat around a stack's foot, below the piece and above the point's
	// label, so marks never cover the coordinates.
	hw := max(1.5, u*0.06)
	s.haloOX, s.haloOY = s.RX*haloMax+hw+2, s.RY*haloMax+hw+2
	s.halo = ebiten.NewImage(int(math.Ceil(2*s.haloOX)), int(math.Ceil(2*s.haloOY)))
	var halo vector.Path
	ellipse(&halo, s.haloOX, s.haloOY, s.RX*haloMax, s.RY*haloMax)
	stroke(s.halo, &halo, hw*haloMax, tintable)
}

// Stale reports whether the sprites were drawn in another theme than th (nil
// sprites are stale too).
func (s *Sprites) Stale(th Theme) bool { return s == nil || s.theme != th.Name }

// mark draws the theme's marking of piece colour c on a face of radii rx, ry
// centred at (cx, cy).
func mark(img *ebiten.Image, th Theme, c int, cx, cy, rx, ry float64) {
	var p vector.Path
	switch th.Mark[c] {
	case MarkRing:
		ellipse(&p, cx, cy, rx*0.58, ry*0.58)
		stroke(img, &p, max(1.5, rx*0.16), th.MarkColour[c])
	case MarkDot:
		ellipse(&p, cx, cy, rx*0.3, ry*0.3)
		fill(img, &p, th.MarkColour[c])
	}
}

// Dispose frees the sprites' images.
func (s *Sprites) Dispose() {
	if s == nil {
		return
	}
	for _, img := range s.disc {
		img.Deallocate()
	}
	for _, img := range s.tile {
		img.Deallocate()
	}
	for _, img := range []*ebiten.Image{s.cellLegal, s.cellDanger, s.ring, s.dot, s.halo} {
		img.Deallocate()
	}
}

// Disc draws one piece of colour c whose top face is centred at (x, y), scaled by
// alpha (dimmed pieces) and by scale about that centre.
func (s *Sprites) Disc(dst *ebiten.Image, c int, x, y, alpha float64) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x-s.discOX, y-s.discOY)
	op.ColorScale.ScaleAlpha(float32(alpha))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.disc[c], op)
}

// Stack draws the colours of a stack, bottom first, standing on the point (x, y):
// each layer sits T above the one below, so height and the owner on top read at a
// glance and a mixed stack shows its colours on the side.
func (s *Sprites) Stack(dst *ebiten.Image, colours []int, x, y, alpha float64) {
	for i, c := range colours {
		s.Disc(dst, c, x, s.LayerY(y, i), alpha)
	}
}

// LayerY is the centre of the top face of layer i of a stack on a point at y.
func (s *Sprites) LayerY(y float64, i int) float64 { return y - s.T*0.5 - s.T*float64(i) }

// Tile draws an Andantino tile of colour c centred at (x, y), scaled by k.
func (s *Sprites) Tile(dst *ebiten.Image, c int, x, y, k, alpha float64) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-s.tileO, -s.tileO)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleAlpha(float32(alpha))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.tile[c], op)
}

// Cell marks a legal empty Andantino cell, in the warning style when danger is set.
func (s *Sprites) Cell(dst *ebiten.Image, x, y float64, danger bool, alpha float64) {
	img := s.cellLegal
	if danger {
		img = s.cellDanger
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x-s.tileO, y-s.tileO)
	op.ColorScale.ScaleAlpha(float32(alpha))
	dst.DrawImage(img, op)
}

// Ring draws a ring of radius k·0.78·Unit tinted c around (x, y).
func (s *Sprites) Ring(dst *ebiten.Image, x, y, k float64, c color.Color) {
	s.round(dst, s.ring, x, y, k, c)
}

// haloMax is the largest halo, as a factor of a disc's radii; smaller ones are the
// same image scaled down.
const haloMax = 1.45

// Halo draws an ellipse k times a disc's radii (k ≤ haloMax) around the foot of a
// stack standing on the point (x, y), tinted c.
func (s *Sprites) Halo(dst *ebiten.Image, x, y, k float64, c color.Color) {
	f := k / haloMax
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-s.haloOX, -s.haloOY)
	op.GeoM.Scale(f, f)
	op.GeoM.Translate(x, y+s.T*0.5)
	op.ColorScale.ScaleWithColor(c)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.halo, op)
}

// Dot draws a filled disc of radius k·0.78·Unit tinted c at (x, y).
func (s *Sprites) Dot(dst *ebiten.Image, x, y, k float64, c color.Color) {
	s.round(dst, s.dot, x, y, k, c)
}

func (s *Sprites) round(dst, img *ebiten.Image, x, y, k float64, c color.Color) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(-s.ringO, -s.ringO)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, op)
}
