package ui

import (
	"testing"

	"trihex/input"
)

// The wheel zooms the Andantino surface about the pointer, and the tiles then
// stay where the player put them when moves are played (the view is no longer
// refitted).
func TestSceneViewZoom(t *testing.T) {
	sa := newSceneApp(t, 1024, 700)
	sa.newGame("Andantino", "", [2]input.Seat{})
	fitted := sa.view().Cells
	x, y, _ := sa.find("1,0")
	sa.frame(input.Frame{Pointer: input.Pointer{X: x, Y: y}})
	sa.frame(input.Frame{Pointer: input.Pointer{X: x, Y: y}, Wheel: -1})
	sa.frame(input.Frame{Pointer: input.Pointer{X: x, Y: y}, Wheel: -1})
	zoomed := sa.view().Cells
	if fitted["0,0"] == zoomed["0,0"] {
		t.Fatalf("the wheel did not zoom: 0,0 at %v", fitted["0,0"])
	}
	if d := pixelsApart(zoomed["1,0"], [2]float64{x, y}); d > 1 {
		t.Errorf("the zoom did not keep the cell under the pointer: 1,0 moved %.1f px", d)
	}
	sa.click("0,1")
	sa.click("1,-1")
	after := sa.view().Cells
	for _, c := range []string{"0,0", "1,0", "0,1"} {
		if zoomed[c] != after[c] {
			t.Errorf("%s moved from %v to %v when moves were played", c, zoomed[c], after[c])
		}
	}
	if n := sa.game().sess.Match.Len(); n != 2 {
		t.Errorf("%d moves played, want 2", n)
	}
}

func pixelsApart(a, b [2]float64) float64 {
	dx, dy := a[0]-b[0], a[1]-b[1]
	return max(dx, -dx) + max(dy, -dy)
}
