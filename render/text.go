package render

import (
	"bytes"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"trihex/assets"
)

var (
	fontOnce            sync.Once
	regularSrc, boldSrc *text.GoTextFaceSource
	faces               = map[faceKey]*text.GoTextFace{}
)

type faceKey struct {
	size float64
	bold bool
}

func loadFonts() {
	var err error
	regularSrc, err = text.NewGoTextFaceSource(bytes.NewReader(assets.Regular))
	if err != nil {
		panic("render: embedded font: " + err.Error()) // embedded data: a build defect, not user input
	}
	boldSrc, err = text.NewGoTextFaceSource(bytes.NewReader(assets.Bold))
	if err != nil {
		panic("render: embedded font: " + err.Error())
	}
}

// Face returns the user-interface face of the given pixel size.
func Face(size float64, bold bool) *text.GoTextFace {
	fontOnce.Do(loadFonts)
	// Rounded to half a pixel, so that zooming and resizing reuse a few faces
	// instead of adding one for every size met.
	size = max(0.5, math.Round(size*2)/2)
	k := faceKey{size, bold}
	if f, ok := faces[k]; ok {
		return f
	}
	src := regularSrc
	if bold {
		src = boldSrc
	}
	f := &text.GoTextFace{Source: src, Size: size}
	faces[k] = f
	return f
}

// Measure returns the width and height of s in face f.
func Measure(s string, f *text.GoTextFace) (w, h float64) {
	return text.Measure(s, f, f.Size*1.25)
}

// Align says where the anchor point of a text is.
type Align int

// Anchors: horizontal start, centre or end, with the text vertically centred.
const (
	Left Align = iota
	Center
	Right
)

type textItem struct {
	s     string
	f     *text.GoTextFace
	x, y  float64
	align Align
	clr   color.Color
}

// Texts collects the text of a frame so that it is drawn last in one batch, after
// all shapes, which keeps the GPU from switching between text and shape drawing.
type Texts struct{ items []textItem }

// Add queues s at (x, y), vertically centred, aligned by a.
func (t *Texts) Add(s string, f *text.GoTextFace, x, y float64, a Align, clr color.Color) {
	t.items = append(t.items, textItem{s, f, x, y, a, clr})
}

// Flush draws the queued text onto dst and empties the queue.
func (t *Texts) Flush(dst *ebiten.Image) {
	for _, it := range t.items {
		DrawText(dst, it.s, it.f, it.x, it.y, it.align, it.clr)
	}
	t.items = t.items[:0]
}

// DrawText draws s at once (for offscreen images).
func DrawText(dst *ebiten.Image, s string, f *text.GoTextFace, x, y float64, a Align, clr color.Color) {
	op := &text.DrawOptions{}
	op.LineSpacing = f.Size * 1.25
	op.PrimaryAlign = text.Align(a)
	op.SecondaryAlign = text.AlignCenter
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(clr)
	text.Draw(dst, s, f, op)
}
