package ui

import (
	"fmt"
	"math"
	"testing"

	"trihex/render"
)

// The rings that mark an Andantino tile (the last move, the winning line, a
// selection, the hover) go round its coordinates, never through them, and stay
// inside the tile: at every size where the labels grow with the tiles, for labels
// as wide as a long game makes them, centred or dropped below a theme's marking.
// (Below 25 px a unit, labels keep their least size, 8 px, and are as wide as
// the tile: no ring can go round them there.)
func TestTileRingsClearLabels(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for u := 28 * scale; u <= 120*scale; u += 3 {
			ringR := tileRing * 0.78 * u               // Sprites.Ring's radius
			inner := ringR - tileRing*max(2, u*0.09)/2 // less half its stroke
			outer := ringR + tileRing*max(2, u*0.09)/2
			if edge := 0.94 * u * math.Sqrt(3) / 2; outer > edge {
				t.Errorf("unit %.0f: ring reaches %.1f px, past the tile's edge at %.1f", u, outer, edge)
			}
			face := render.Face(max(8*scale, u*0.32), false)
			for _, label := range []string{"0,0", "-4,5", "-9,-9", "10,-9"} {
				w, h := render.Measure(label, face)
				for _, drop := range []float64{0, markedLabelDrop} {
					// The box's far corner, from the tile's centre.
					cx, cy := w/2, drop*u+h/2
					if d := math.Hypot(cx, cy); d > inner {
						t.Errorf("scale %g unit %.0f: label %q (%.0f×%.0f, %.2f below) reaches %.1f px, the ring's inside %.1f",
							scale, u, label, w, h, drop, d, inner)
					}
				}
			}
		}
	}
}

// On the 37-point board the labels are drawn apart from the board's picture,
// so that they go over the glows and halos of the marks and under the stacks.
func TestBoardLabelsApart(t *testing.T) {
	v := render.View{Unit: 60}
	var b render.Board
	th, _ := render.LookupTheme("classic")
	for _, k := range []render.BoardKey{
		{W: 600, H: 600, View: v, Labels: true, LabelsApart: true, Scale: 1, Theme: th},
		{W: 600, H: 600, View: v, Labels: false, LabelsApart: true, Scale: 1, Theme: th},
		{W: 600, H: 600, View: v, Labels: true, Scale: 1, Theme: th},
	} {
		b.Image(k)
		if got, want := b.Labels() != nil, k.Labels && k.LabelsApart; got != want {
			t.Errorf("%s: labels image %v, want %v", fmt.Sprintf("labels %v apart %v", k.Labels, k.LabelsApart), got, want)
		}
	}
}
