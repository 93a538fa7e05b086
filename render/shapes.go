package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

func colourScale(c color.Color) ebiten.ColorScale {
	var s ebiten.ColorScale
	s.ScaleWithColor(c)
	return s
}

func fill(dst *ebiten.Image, p *vector.Path, c color.Color) {
	vector.FillPath(dst, p, nil, &vector.DrawPathOptions{AntiAlias: true, ColorScale: colourScale(c)})
}

func stroke(dst *ebiten.Image, p *vector.Path, width float64, c color.Color) {
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: float32(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound},
		&vector.DrawPathOptions{AntiAlias: true, ColorScale: colourScale(c)})
}

// ellipse adds an ellipse centred at (cx, cy).
func ellipse(p *vector.Path, cx, cy, rx, ry float64) {
	const n = 48
	for i := 0; i <= n; i++ {
		a := 2 * math.Pi * float64(i) / n
		x, y := float32(cx+rx*math.Cos(a)), float32(cy+ry*math.Sin(a))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
}

// hexagon adds a pointy-top hexagon of circumradius r centred at (cx, cy).
func hexagon(p *vector.Path, cx, cy, r float64) {
	for i := 0; i < 6; i++ {
		a := math.Pi/6 + math.Pi/3*float64(i)
		x, y := float32(cx+r*math.Cos(a)), float32(cy+r*math.Sin(a))
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
}

// roundRect adds a rectangle with corners of radius rad.
func roundRect(p *vector.Path, r Rect, rad float64) {
	x0, y0, x1, y1 := float32(r.X), float32(r.Y), float32(r.X+r.W), float32(r.Y+r.H)
	rd := float32(min(rad, r.W/2, r.H/2))
	p.MoveTo(x0+rd, y0)
	p.LineTo(x1-rd, y0)
	p.ArcTo(x1, y0, x1, y0+rd, rd)
	p.LineTo(x1, y1-rd)
	p.ArcTo(x1, y1, x1-rd, y1, rd)
	p.LineTo(x0+rd, y1)
	p.ArcTo(x0, y1, x0, y1-rd, rd)
	p.LineTo(x0, y0+rd)
	p.ArcTo(x0, y0, x0+rd, y0, rd)
	p.Close()
}

// rrKey identifies a pre-rendered rounded rectangle.
type rrKey struct {
	w, h       int
	rad, width float64 // width 0: filled
	c          color.RGBA
}

// rrCache holds rounded rectangles rendered once: anti-aliased paths every frame
// are slow under software GL, images are cheap.
var rrCache = map[rrKey]*ebiten.Image{}

func roundRectImage(k rrKey) *ebiten.Image {
	if img, ok := rrCache[k]; ok {
		return img
	}
	if len(rrCache) > 256 { // many resizes: start afresh
		for _, img := range rrCache {
			img.Deallocate()
		}
		clear(rrCache)
	}
	img := ebiten.NewImage(max(1, k.w), max(1, k.h))
	var p vector.Path
	if k.width == 0 {
		roundRect(&p, Rect{0, 0, float64(k.w), float64(k.h)}, k.rad)
		fill(img, &p, k.c)
	} else {
		roundRect(&p, Rect{k.width / 2, k.width / 2, float64(k.w) - k.width, float64(k.h) - k.width}, k.rad)
		stroke(img, &p, k.width, k.c)
	}
	rrCache[k] = img
	return img
}

func drawRoundRect(dst *ebiten.Image, r Rect, rad, width float64, c color.Color) {
	rgba := color.RGBAModel.Convert(c).(color.RGBA)
	img := roundRectImage(rrKey{int(math.Round(r.W)), int(math.Round(r.H)), rad, width, rgba})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(r.X), math.Round(r.Y))
	dst.DrawImage(img, op)
}

// FillRoundRect fills a rounded rectangle (from a cached image).
func FillRoundRect(dst *ebiten.Image, r Rect, rad float64, c color.Color) {
	drawRoundRect(dst, r, rad, 0, c)
}

// StrokeRoundRect outlines a rounded rectangle (from a cached image).
func StrokeRoundRect(dst *ebiten.Image, r Rect, rad, width float64, c color.Color) {
	drawRoundRect(dst, r, rad, width, c)
}

// FillRect fills a plain rectangle (cheap: no anti-aliasing needed on pixel edges).
func FillRect(dst *ebiten.Image, r Rect, c color.Color) {
	vector.FillRect(dst, float32(r.X), float32(r.Y), float32(r.W), float32(r.H), c, false)
}
