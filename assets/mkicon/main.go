// Command mkicon draws the Trihex icon, the single source of every icon size
// (window, desktop, Windows resource): a wooden hexagonal board carrying a stack of
// black, white and black discs, in the classic theme's colours (render/palette).
// Run from the module root:
//
//	go run ./assets/mkicon assets/icon.png
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"

	"trihex/render/palette"
)

const size, ss = 512, 4 // output pixels, supersampling per axis

func main() {
	out := "assets/icon.png"
	if len(os.Args) > 1 {
		out = os.Args[1]
	}
	img := draw()
	f, err := os.Create(out)
	if err == nil {
		err = png.Encode(f, img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkicon:", err)
		os.Exit(1)
	}
}

type rgba struct{ r, g, b, a float64 }

// shade returns the colour at (x, y) in units where the icon spans -1..1.
func shade(x, y float64) rgba {
	var c rgba
	over := func(col color.RGBA, alpha float64) {
		r, g, b := float64(col.R)/255, float64(col.G)/255, float64(col.B)/255
		c = rgba{c.r*(1-alpha) + r*alpha, c.g*(1-alpha) + g*alpha, c.b*(1-alpha) + b*alpha, c.a*(1-alpha) + alpha}
	}
	hexIn := func(r float64) bool { // pointy-top hexagon of circumradius r
		ax, ay := math.Abs(x), math.Abs(y)
		return ax <= r*0.866 && ay <= r-ax*0.577
	}
	if hexIn(0.98) {
		over(palette.BoardEdge, 1)
	}
	if hexIn(0.9) {
		over(palette.BoardFill, 1)
		// The grain of the wood: faint bands of a darker wood, the icon's own.
		over(color.RGBA{0xb8, 0x94, 0x5c, 0xff}, 0.12*(0.5+0.5*math.Sin(y*38+math.Sin(x*6)*2)))
		// Board lines through the centre, three directions.
		for _, a := range []float64{0, math.Pi / 3, 2 * math.Pi / 3} {
			d := math.Abs(x*math.Sin(a) - y*math.Cos(a))
			if d < 0.012 {
				over(palette.BoardLine, 0.8)
			}
		}
	}
	// The stack: three discs seen from the side, bottom first.
	cols := []struct{ face, side color.RGBA }{
		{palette.Face[palette.Black], palette.Side[palette.Black]},
		{palette.Face[palette.White], palette.Side[palette.White]},
		{palette.Face[palette.Black], palette.Side[palette.Black]},
	}
	rx, ry, t := 0.5, 0.26, 0.16
	for i, col := range cols {
		cy := 0.28 - float64(i)*t // top face centre of layer i
		ell := func(oy float64) float64 { return (x*x)/(rx*rx) + ((y-oy)*(y-oy))/(ry*ry) }
		inBand := math.Abs(x) <= rx && y >= cy && y <= cy+t
		if ell(cy+t) <= 1 || inBand {
			over(col.side, 1)
		}
		if e := ell(cy); e <= 1 {
			over(col.face, 1)
			if e > 0.86 {
				over(palette.Edge[palette.Black], 0.7) // the rim of the top face
			}
		}
	}
	return c
}

func draw() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var sum rgba
			for j := 0; j < ss; j++ {
				for i := 0; i < ss; i++ {
					x := (float64(px)+(float64(i)+0.5)/ss)/size*2 - 1
					y := (float64(py)+(float64(j)+0.5)/ss)/size*2 - 1
					c := shade(x, y)
					sum.r += c.r * c.a
					sum.g += c.g * c.a
					sum.b += c.b * c.a
					sum.a += c.a
				}
			}
			n := float64(ss * ss)
			// Premultiplied, as image.RGBA holds it.
			img.SetRGBA(px, py, color.RGBA{uint8(sum.r / n * 255), uint8(sum.g / n * 255), uint8(sum.b / n * 255), uint8(sum.a / n * 255)})
		}
	}
	return img
}
