package ladder

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"trihex/ai"
	"trihex/game"
)

// Ladder is one game's fitted ratings: one series of the plot.
type Ladder struct {
	Game    string
	Ratings []Rating
	Games   int // games played in this game, for the legend
}

// The picture's size: legible on a laptop screen and in a README at full width.
const (
	Width  = 900
	Height = 560
)

// The plot area inside the picture, in pixels.
const (
	plotLeft   = 78
	plotRight  = Width - 24
	plotTop    = 56
	plotBottom = Height - 78
)

var (
	white     = color.RGBA{255, 255, 255, 255}
	ink       = color.RGBA{34, 34, 34, 255}
	muted     = color.RGBA{110, 110, 110, 255}
	gridline  = color.RGBA{226, 226, 226, 255}
	zeroline  = color.RGBA{170, 170, 170, 255}
	frameLine = color.RGBA{150, 150, 150, 255}
)

// palette is the Okabe–Ito blue, vermillion, green, purple, sky blue and
// orange, told apart also by colour-blind readers.
var palette = []color.RGBA{{0, 114, 178, 255}, {213, 94, 0, 255}, {0, 158, 115, 255},
	{204, 121, 167, 255}, {86, 180, 233, 255}, {230, 159, 0, 255}}

// seriesColour gives each registered game the same colour in every picture, by
// its place in the registry's order; a game the registry does not know (a
// results file of another build) takes one by its place i in the picture.
func seriesColour(gameName string, i int) color.RGBA {
	if info, err := game.Lookup(gameName); err == nil {
		if k := slices.Index(game.Games(), info); k >= 0 {
			return palette[k%len(palette)]
		}
	}
	return palette[(3+i)%len(palette)]
}

// Plot draws the ladders as a PNG. The same ladders give the same bytes: nothing
// in the drawing depends on map order, the clock or the machine's fonts.
func Plot(ladders []Ladder) ([]byte, error) {
	img := Draw(ladders)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("ladder: %w", err)
	}
	return buf.Bytes(), nil
}

// Draw draws the ladders: engines along x in ladder order, Elo up y, one series
// per game, dodged sideways so that their error bars do not hide each other.
// Levels are joined by lines because they form a sequence; plain UCT, the
// baseline, stands in a column of its own behind a dashed rule.
func Draw(ladders []Ladder) *image.RGBA {
	c := newCanvas(Width, Height)
	c.rect(0, 0, Width, Height, white)

	var engines []string
	for _, l := range ladders {
		for _, r := range l.Ratings {
			if !slices.Contains(engines, r.Engine) {
				engines = append(engines, r.Engine)
			}
		}
	}
	slices.SortFunc(engines, compareEngines)
	lo, hi := 0.0, 100.0
	for _, l := range ladders {
		for _, r := range l.Ratings {
			lo, hi = min(lo, r.Elo-r.Err2), max(hi, r.Elo+r.Err2)
		}
	}
	step := tickStep(hi - lo)
	lo, hi = math.Floor(lo/step)*step, math.Ceil(hi/step)*step
	y := func(elo float64) float64 {
		return plotBottom - (elo-lo)/(hi-lo)*(plotBottom-plotTop)
	}
	colW := float64(plotRight-plotLeft) / float64(max(len(engines), 1))
	x := func(i int) float64 { return plotLeft + (float64(i)+0.5)*colW }

	// Gridlines and the y axis's labels.
	for v := lo; v <= hi+step/2; v += step {
		py := int(math.Round(y(v)))
		col := gridline
		if v == 0 {
			col = zeroline
		}
		c.rect(plotLeft, py, plotRight, py+1, col)
		s := strconv.FormatFloat(v, 'f', 0, 64)
		c.text(plotLeft-8-textWidth(s), py+4, s, ink)
	}
	for i := range engines {
		px := int(math.Round(x(i)))
		c.rect(px, plotTop, px+1, plotBottom, gridline)
	}
	// The dashed rule before the first engine that is not a level or random.
	for i, e := range engines {
		if engineRank(e) > 5 && i > 0 {
			px := int(math.Round(plotLeft + float64(i)*colW))
			for py := plotTop; py < plotBottom; py += 8 {
				c.rect(px, py, px+1, min(py+4, plotBottom), frameLine)
			}
			break
		}
	}
	c.rect(plotLeft, plotTop, plotRight, plotTop+1, frameLine)
	c.rect(plotLeft, plotBottom, plotRight, plotBottom+1, frameLine)
	c.rect(plotLeft, plotTop, plotLeft+1, plotBottom+1, frameLine)
	c.rect(plotRight, plotTop, plotRight+1, plotBottom+1, frameLine)

	// The x axis's labels: the engine, and under it its budget.
	for i, e := range engines {
		px := int(math.Round(x(i)))
		l := Label(e)
		c.text(px-textWidth(l)/2, plotBottom+18, l, ink)
		if b := budget(e); b != "" {
			c.text(px-textWidth(b)/2, plotBottom+33, b, muted)
		}
	}

	// The series.
	n := len(ladders)
	dodge := min(12.0, colW/float64(n+2))
	for si, l := range ladders {
		col := seriesColour(l.Game, si)
		off := (float64(si) - float64(n-1)/2) * dodge
		at := map[string]Rating{}
		for _, r := range l.Ratings {
			at[r.Engine] = r
		}
		// Lines through the levels (random to level 5), under the markers.
		prev := -1
		for i, e := range engines {
			r, ok := at[e]
			if !ok || engineRank(e) > 5 {
				continue
			}
			if prev >= 0 {
				p := at[engines[prev]]
				c.line(x(prev)+off, y(p.Elo), x(i)+off, y(r.Elo), 2, fade(col, 0.55))
			}
			prev = i
		}
		for i, e := range engines {
			r, ok := at[e]
			if !ok {
				continue
			}
			cx, cy := x(i)+off, y(r.Elo)
			if r.Err2 > 0 {
				y0, y1 := y(r.Elo-r.Err2), y(r.Elo+r.Err2)
				c.line(cx, y0, cx, y1, 1.6, col)
				c.line(cx-4, y0, cx+4, y0, 1.6, col)
				c.line(cx-4, y1, cx+4, y1, 1.6, col)
			}
			c.disc(cx, cy, 5, white)
			c.disc(cx, cy, 3.8, col)
		}
	}

	// Title, axis titles, legend.
	title := "Elo ladder of the computer opponent"
	c.text(Width/2-textWidth(title)/2, 22, title, color.RGBA{0, 0, 0, 255})
	zero := "random"
	for _, l := range ladders {
		if a := anchor(l.Ratings); a != "random" {
			zero = "random (or the lowest)"
		}
	}
	sub := "Bradley-Terry maximum likelihood, " + zero + " = 0, bars ±2σ against " + zero + ", one virtual draw per pairing"
	c.text(Width/2-textWidth(sub)/2, 40, sub, muted)
	xt := "engine (p/move: Monte Carlo playouts per move)"
	c.text((plotLeft+plotRight)/2-textWidth(xt)/2, Height-14, xt, ink)
	c.textUp(16, (plotTop+plotBottom)/2+textWidth("Elo")/2, "Elo", ink)
	c.legend(ladders)
	return c.img
}

// legend draws the games' colours in a box at the top left of the plot, where the
// ladder, rising to the right, leaves room.
func (c *canvas) legend(ladders []Ladder) {
	if len(ladders) == 0 {
		return
	}
	var lines []string
	w := 0
	for _, l := range ladders {
		s := fmt.Sprintf("%s (%d games)", l.Game, l.Games)
		lines = append(lines, s)
		w = max(w, textWidth(s))
	}
	x0, y0 := plotLeft+12, plotTop+12
	bw, bh := w+52, 10+18*len(lines)
	c.rect(x0, y0, x0+bw, y0+bh, frameLine)
	c.rect(x0+1, y0+1, x0+bw-1, y0+bh-1, white)
	for i, s := range lines {
		col := seriesColour(ladders[i].Game, i)
		cy := float64(y0 + 14 + 18*i)
		c.line(float64(x0+10), cy, float64(x0+34), cy, 2, fade(col, 0.55))
		c.disc(float64(x0+22), cy, 5, white)
		c.disc(float64(x0+22), cy, 3.8, col)
		c.text(x0+42, int(cy)+4, s, ink)
	}
}

// tickStep picks a round gridline spacing giving about five to ten lines.
func tickStep(span float64) float64 {
	for _, s := range []float64{25, 50, 100, 200, 250, 500, 1000, 2000, 5000} {
		if span/s <= 10 {
			return s
		}
	}
	return 10000
}

// budget is the second line of an engine's label: its search budget, read from
// ai.Levels so that the picture follows the levels' definitions.
func budget(spec string) string {
	r := engineRank(spec)
	switch {
	case r >= 1 && r <= 5:
		l := ai.Levels[r]
		if !l.PerGame {
			return kilo(l.Playouts) + " p/move"
		}
		lo, hi := math.MaxInt, 0
		for _, info := range game.Games() {
			p := l.Budget(info)
			lo, hi = min(lo, p), max(hi, p)
		}
		return strings.TrimSuffix(kilo(lo), "k") + "-" + kilo(hi) + " p/move"
	case spec == uctSpec:
		return "plain, uniform"
	case spec == "random":
		return "uniform moves"
	}
	return ""
}

// kilo spells a playout count briefly: 150, 1.5k, 40k.
func kilo(n int) string {
	if n < 1000 {
		return strconv.Itoa(n)
	}
	return strconv.FormatFloat(float64(n)/1000, 'f', -1, 64) + "k"
}

// fade mixes col with white, for lines that should sit behind the markers.
func fade(col color.RGBA, a float64) color.RGBA {
	m := func(v uint8) uint8 { return uint8(math.Round(float64(v)*a + 255*(1-a))) }
	return color.RGBA{m(col.R), m(col.G), m(col.B), 255}
}

// canvas is an RGBA picture with the few primitives the plot needs. Shapes are
// anti-aliased by sampling each pixel 4×4 times, which is plenty at this size
// and keeps the output exactly reproducible.
type canvas struct{ img *image.RGBA }

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
}

// rect fills the pixels [x0,x1)×[y0,y1) with col, crisp.
func (c *canvas) rect(x0, y0, x1, y1 int, col color.RGBA) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			c.blend(x, y, col, 1)
		}
	}
}

// blend paints pixel (x, y) with col at coverage a in [0, 1] over what is there.
func (c *canvas) blend(x, y int, col color.RGBA, a float64) {
	if !(image.Point{x, y}.In(c.img.Rect)) || a <= 0 {
		return
	}
	i := c.img.PixOffset(x, y)
	p := c.img.Pix[i : i+4 : i+4]
	mix := func(d, s uint8) uint8 { return uint8(math.Round(float64(d)*(1-a) + float64(s)*a)) }
	p[0], p[1], p[2], p[3] = mix(p[0], col.R), mix(p[1], col.G), mix(p[2], col.B), 255
}

// cover paints col over the box [x0,x1]×[y0,y1] wherever inside holds, weighting
// each pixel by the share of its 16 sample points inside.
func (c *canvas) cover(x0, y0, x1, y1 float64, col color.RGBA, inside func(x, y float64) bool) {
	for py := int(math.Floor(y0)); py <= int(math.Ceil(y1)); py++ {
		for px := int(math.Floor(x0)); px <= int(math.Ceil(x1)); px++ {
			n := 0
			for j := range 4 {
				for i := range 4 {
					if inside(float64(px)+(float64(i)+0.5)/4, float64(py)+(float64(j)+0.5)/4) {
						n++
					}
				}
			}
			c.blend(px, py, col, float64(n)/16)
		}
	}
}

// line draws a segment of width w with round ends; pixel (x, y) spans
// [x, x+1)×[y, y+1), so a coordinate x.5 is a pixel's centre.
func (c *canvas) line(x0, y0, x1, y1, w float64, col color.RGBA) {
	x0, y0, x1, y1 = x0+0.5, y0+0.5, x1+0.5, y1+0.5
	r := w / 2
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	c.cover(min(x0, x1)-r, min(y0, y1)-r, max(x0, x1)+r, max(y0, y1)+r, col, func(x, y float64) bool {
		t := 0.0
		if l2 > 0 {
			t = math.Max(0, math.Min(1, ((x-x0)*dx+(y-y0)*dy)/l2))
		}
		ex, ey := x-(x0+t*dx), y-(y0+t*dy)
		return ex*ex+ey*ey <= r*r
	})
}

// disc fills a circle of radius r centred on pixel (cx, cy)'s centre.
func (c *canvas) disc(cx, cy, r float64, col color.RGBA) {
	cx, cy = cx+0.5, cy+0.5
	c.cover(cx-r, cy-r, cx+r, cy+r, col, func(x, y float64) bool {
		return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
	})
}

// glyphs are the two characters the text needs beyond basicfont's ASCII, drawn
// in its 7×13 cell (baseline under row 10) to match.
var glyphs = map[rune][13]string{
	'±': {"", "", "", "..#", "..#", "#####", "..#", "..#", "", "#####"},
	'σ': {"", "", "", "", "", ".######", "#...#", "#....#", "#....#", "#....#", ".####"},
}

const advance = 7 // basicfont.Face7x13's advance

func textWidth(s string) int { return advance * len([]rune(s)) }

// text draws s with its baseline at y.
func (c *canvas) text(x, y int, s string, col color.RGBA) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	for _, r := range s {
		g, ok := glyphs[r]
		if !ok {
			d.DrawString(string(r))
			continue
		}
		ox := d.Dot.X.Round()
		for row, bits := range g {
			for i, b := range bits {
				if b == '#' {
					c.blend(ox+i, y-11+row, col, 1)
				}
			}
		}
		d.Dot.X += fixed.I(advance)
	}
}

// textUp draws s reading upwards, its baseline on the vertical x and its first
// letter's bottom at y: for the y axis's title.
func (c *canvas) textUp(x, y int, s string, col color.RGBA) {
	w := textWidth(s)
	tmp := newCanvas(w, 13)
	tmp.rect(0, 0, w, 13, white)
	tmp.text(0, 11, s, color.RGBA{0, 0, 0, 255})
	for ty := range 13 {
		for tx := range w {
			p := tmp.img.RGBAAt(tx, ty)
			a := 1 - float64(p.R)/255 // ink on white: darkness is coverage
			c.blend(x-11+ty, y-tx, col, a)
		}
	}
}
