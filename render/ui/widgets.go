package ui

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"trihex/render"
)

// painter is what a layer draws with: the window, the text batch, the theme and
// the device scale, and the pointer for hover states.
type painter struct {
	dst        *ebiten.Image
	t          *render.Texts
	th         render.Theme
	s          float64
	ptrX, ptrY float64
	now        time.Time // the app's time for this frame: animations, pulses, blinks
}

// buttonStyle is a button's look.
type buttonStyle int

const (
	plainButton   buttonStyle = iota
	chosenButton              // a toggle that is on
	primaryButton             // the main action: Start, Pass
	destructiveButton
	accentButton // an action set apart: Continue, Learn, a running replay
)

// button draws a widget as a button with its label.
func (p painter) button(w widget, label string, style buttonStyle, size float64, bold bool) {
	hot := w.enabled && w.r.Contains(p.ptrX, p.ptrY)
	th := p.th
	bg := th.Button
	switch style {
	case plainButton:
		if hot {
			bg = th.ButtonHot
		}
	case chosenButton:
		bg = th.ButtonOn
		if hot {
			bg = th.ButtonOnHot
		}
	case accentButton:
		if hot {
			bg = th.ButtonHot
		}
	case primaryButton:
		bg = th.Primary
		if hot {
			bg = th.PrimaryHot
		}
	case destructiveButton:
		bg = th.Destructive
	}
	render.FillRoundRect(p.dst, w.r, 6*p.s, bg)
	if style == accentButton {
		// An action set apart by its outline, not filled like a toggle that is on.
		render.StrokeRoundRect(p.dst, w.r, 6*p.s, 1.5*p.s, th.Accent)
	}
	tc := th.Text
	if !w.enabled {
		tc = th.TextDisabled
	}
	p.t.Add(label, render.Face(size*p.s, bold), w.r.CX(), w.r.CY(), render.Center, tc)
}

// toggle draws a choice of the start screen: chosen, or not.
func (p painter) toggle(w widget, label string, on bool) {
	style := plainButton
	if on {
		style = chosenButton
	}
	p.button(w, label, style, 14, false)
}

// text queues a line of text.
func (p painter) text(s string, size float64, bold bool, x, y float64, a render.Align, c color.Color) {
	p.t.Add(s, render.Face(size*p.s, bold), x, y, a, c)
}

// wrap breaks s into lines no wider than w in face f.
func wrap(s string, f *text.GoTextFace, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if tw, _ := render.Measure(try, f); tw > w && line != "" {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

func rectImage(r render.Rect) image.Rectangle {
	return image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))
}

// plural is "move" for one, "moves" otherwise.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// movesCounted is how many moves a game of plies single moves has, as the move
// list numbers them: "1. d4 d5 2. c3" is two.
func movesCounted(plies int) int { return (plies + 1) / 2 }

// movesText is "3 moves" for a game of plies single moves, counted as the move
// list counts them.
func movesText(plies int) string {
	n := movesCounted(plies)
	return fmt.Sprintf("%d %s", n, plural(n, "move"))
}

// moveNumber is the move list's number of the single move at ply: "2." for the
// first mover's, "2…" for the second mover's.
func moveNumber(ply int) string {
	if ply%2 == 1 {
		return fmt.Sprintf("%d.", (ply+1)/2)
	}
	return fmt.Sprintf("%d…", ply/2)
}

// ebitenTranslate is the draw option that puts an image's corner at (x, y).
func ebitenTranslate(x, y float64) *ebiten.DrawImageOptions {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x, y)
	return op
}
