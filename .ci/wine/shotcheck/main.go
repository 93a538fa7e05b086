// Command shotcheck checks a screenshot of the Trihex window for the colours of a
// theme: the board, its lines, the panel, the window's background and the pieces'
// faces each cover at least a given share of the picture. CI runs it on the
// screenshots of the Windows build under Wine, where a window that opened but drew
// nothing, or drew with wrong colours (a channel order, a colour space), would still
// leave a picture.
//
// Usage: go run ./.ci/wine/shotcheck [-theme NAME] [-pieces] FILE.png…
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"

	"trihex/render"
)

// role is one colour of the theme and the least share of the picture's pixels
// within tolerance of it.
type role struct {
	name string
	c    color.RGBA
	min  float64
}

// tolerance is the largest difference, per channel, of a pixel counted as the
// colour: enough for the rounding of blending, not for a neighbouring role.
const tolerance = 4

func main() {
	themeName := flag.String("theme", "classic", "the theme the window draws with")
	pieces := flag.Bool("pieces", false, "pieces of both colours are on the board")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: shotcheck [-theme NAME] [-pieces] FILE.png…")
		os.Exit(2)
	}
	t, ok := render.LookupTheme(*themeName)
	if !ok {
		fmt.Fprintf(os.Stderr, "shotcheck: no theme %q\n", *themeName)
		os.Exit(2)
	}
	// The shares are a third or less of what a 1024×700 window of a 37-point game
	// shows, so that a smaller window or a longer move list still passes.
	roles := []role{
		{"board", t.BoardFill, 0.10},
		{"board lines", t.BoardLine, 0.003},
		{"panel", t.Panel, 0.03},
		{"background", t.Background, 0.01},
	}
	if *pieces {
		roles = append(roles,
			// A black piece by its side: its face is within the tolerance of the
			// classic panel's colour.
			role{"black pieces", t.Side[render.ColBlack], 0.0005},
			role{"white pieces", t.Face[render.ColWhite], 0.0005})
	}
	failed := false
	for _, path := range flag.Args() {
		if err := check(path, roles); err != nil {
			fmt.Fprintln(os.Stderr, "shotcheck:", err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// check counts the pixels of each role in the picture at path.
func check(path string, roles []role) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	b := img.Bounds()
	counts := make([]int, len(roles))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			p := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			for i, r := range roles {
				if near(p, r.c) {
					counts[i]++
				}
			}
		}
	}
	total := float64(b.Dx() * b.Dy())
	var bad []string
	line := path + ":"
	for i, r := range roles {
		share := float64(counts[i]) / total
		line += fmt.Sprintf(" %s %.2f%%", r.name, 100*share)
		if share < r.min {
			bad = append(bad, fmt.Sprintf("%s %.3f%% < %.3f%%", r.name, 100*share, 100*r.min))
		}
	}
	fmt.Println(line)
	if bad != nil {
		return fmt.Errorf("%s (%v): too little of %v", path, image.Pt(b.Dx(), b.Dy()), bad)
	}
	return nil
}

func near(p, c color.RGBA) bool {
	return diff(p.R, c.R) <= tolerance && diff(p.G, c.G) <= tolerance && diff(p.B, c.B) <= tolerance
}

func diff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
