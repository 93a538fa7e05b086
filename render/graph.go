package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Graph is a line graph of values from 0 to 1 (a win chance by ply), drawn into an
// image once and redrawn only when its key changes: anti-aliased strokes are dear
// under software GL.
type Graph struct {
	key graphKey
	img *ebiten.Image
}

type graphKey struct {
	w, h    int
	version uint64 // the values' version: new values, a new version
	line    color.RGBA
	mid     color.RGBA
	width   float64
}

// Image returns the graph of values (each 0..1, drawn from the bottom) in a w×h
// image, with a line of colour line, width wd, and a middle line (½) of colour mid.
// version names the values, so that a frame compares a number, not the values.
func (g *Graph) Image(w, h int, version uint64, values []float64, line, mid color.RGBA, wd float64) *ebiten.Image {
	k := graphKey{w, h, version, line, mid, wd}
	if g.img != nil && g.key == k {
		return g.img
	}
	if g.img != nil {
		g.img.Deallocate()
	}
	g.key = k
	g.img = ebiten.NewImage(max(1, w), max(1, h))
	var m vector.Path
	m.MoveTo(0, float32(h)/2)
	m.LineTo(float32(w), float32(h)/2)
	stroke(g.img, &m, 1, mid)
	if len(values) > 1 {
		var p vector.Path
		for i, v := range values {
			x := float32(float64(w-1) * float64(i) / float64(len(values)-1))
			y := float32(float64(h-1) * (1 - max(0, min(1, v))))
			if i == 0 {
				p.MoveTo(x, y)
			} else {
				p.LineTo(x, y)
			}
		}
		stroke(g.img, &p, wd, line)
	}
	return g.img
}
