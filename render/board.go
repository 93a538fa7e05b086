package render

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"trihex/game"
	"trihex/game/hex"
)

// BoardKey says which static board image is wanted; the image is re-rendered only
// when the key changes (window size, zoom, the labels toggle).
type BoardKey struct {
	W, H         int
	View         View
	Labels       bool
	ForbidCentre bool // Attangle: d4 is never occupied
	Scale        float64
	// Opaque fills the picture's background, so that the game screen can skip
	// clearing the window each frame (fills cost much under software GL).
	Opaque bool
	Theme  Theme
	// LabelsApart draws the labels into an image of their own (Board.Labels)
	// instead of onto the board, so that the game screen can draw them over the
	// marks around the stacks' feet and under the stacks.
	LabelsApart bool
}

// Board is the cached static picture of the 37-point board.
type Board struct {
	key    BoardKey
	img    *ebiten.Image
	labels *ebiten.Image // LabelsApart: the labels alone, on a clear image
}

// Image returns the board picture for k, rendering it when k changed.
func (b *Board) Image(k BoardKey) *ebiten.Image {
	if b.img != nil && b.key == k {
		return b.img
	}
	if b.img != nil {
		b.img.Deallocate()
	}
	if b.labels != nil {
		b.labels.Deallocate()
		b.labels = nil
	}
	b.key = k
	b.img = ebiten.NewImage(max(1, k.W), max(1, k.H))
	drawBoard(b.img, k)
	if k.Labels && k.LabelsApart {
		b.labels = ebiten.NewImage(max(1, k.W), max(1, k.H))
		drawLabels(b.labels, k)
	}
	return b.img
}

// Labels is the labels' image of the last Image's key when it asked for them
// apart (BoardKey.LabelsApart), else nil.
func (b *Board) Labels() *ebiten.Image { return b.labels }

func drawBoard(dst *ebiten.Image, k BoardKey) {
	th := k.Theme
	if k.Opaque {
		dst.Fill(th.Background)
	}
	v := k.View
	u := v.Unit
	// The hexagon's plate: corners 3 steps out in the six directions, plus a rim.
	var plate vector.Path
	for i := 0; i < 6; i++ {
		c := hex.Coord{Q: 3 * hex.Dirs[i].Q, R: 3 * hex.Dirs[i].R}
		x, y := v.ToPixel(c)
		cx, cy := v.ToPixel(hex.Coord{})
		// Push the corner outwards by 0.9 unit along its diagonal.
		dx, dy := x-cx, y-cy
		d := math.Hypot(dx, dy)
		x, y = x+dx/d*0.95*u, y+dy/d*0.95*u
		if i == 0 {
			plate.MoveTo(float32(x), float32(y))
		} else {
			plate.LineTo(float32(x), float32(y))
		}
	}
	plate.Close()
	lw := th.LineWidth
	fill(dst, &plate, th.BoardFill)
	stroke(dst, &plate, max(2, u*0.08*lw), th.BoardEdge)
	// Lines joining neighbouring points, each segment once (three of six directions).
	var lines vector.Path
	for _, p := range hex.Points {
		for _, d := range []hex.Dir{hex.E, hex.NE, hex.NW} {
			q := hex.Step[p][d]
			if q == hex.NoPoint {
				continue
			}
			x0, y0 := v.ToPixel(p.Coord())
			x1, y1 := v.ToPixel(q.Coord())
			lines.MoveTo(float32(x0), float32(y0))
			lines.LineTo(float32(x1), float32(y1))
		}
	}
	stroke(dst, &lines, max(1, u*0.05*lw), th.BoardLine)
	var dots vector.Path
	for _, p := range hex.Points {
		x, y := v.ToPixel(p.Coord())
		ellipse(&dots, x, y, u*0.09, u*0.09)
	}
	fill(dst, &dots, th.BoardLine)
	if k.ForbidCentre {
		x, y := v.ToPixel(hex.Coord{})
		var c vector.Path
		ellipse(&c, x, y, u*0.5, u*0.5)
		fill(dst, &c, th.Forbid)
		stroke(dst, &c, max(1.5, u*0.06), th.ForbidEdge)
		var cross vector.Path
		r := u * 0.26
		cross.MoveTo(float32(x-r), float32(y-r))
		cross.LineTo(float32(x+r), float32(y+r))
		cross.MoveTo(float32(x+r), float32(y-r))
		cross.LineTo(float32(x-r), float32(y+r))
		stroke(dst, &cross, max(2, u*0.09), th.ForbidCross)
	}
	if k.Labels && !k.LabelsApart {
		drawLabels(dst, k)
	}
}

// LabelDrop is how far below its point a board label's centre stands, in View
// units: straight below a point no line leaves it.
const LabelDrop = 0.66

// LabelFace is the face of the board's labels for a view unit u at scale s.
func LabelFace(u, s float64) *text.GoTextFace { return Face(max(9*s, u*0.3), false) }

// drawLabels draws the points' labels below them.
func drawLabels(dst *ebiten.Image, k BoardKey) {
	v := k.View
	f := LabelFace(v.Unit, k.Scale)
	for _, p := range hex.Points {
		x, y := v.ToPixel(p.Coord())
		DrawText(dst, p.Label(), f, x, y+v.Unit*LabelDrop, Center, k.Theme.BoardLabel)
	}
}

// Stacker is satisfied by Abande and Attangle states.
type Stacker interface {
	Stack(p hex.Point) (height int, layers [3]game.Player)
}

// Colours returns the piece colours of the stack on p, bottom first.
func Colours(s Stacker, p hex.Point, sides [2]int) []int {
	h, layers := s.Stack(p)
	out := make([]int, h)
	for i := 0; i < h; i++ {
		out[i] = sides[layers[i]&1]
	}
	return out
}

// Sides maps a game's two players to piece colours.
func Sides(info *game.Info) [2]int {
	return [2]int{ColourOf(info.Players[0]), ColourOf(info.Players[1])}
}
