package ui

import (
	"testing"

	"trihex/ai/analysis"
	"trihex/render"
)

// The analysis' second and third choices never read "0%": a proven result in
// words, an estimate's extremes as "<1%" and ">99%", and nothing for a move the
// search listed without judging it.
func TestLineFigure(t *testing.T) {
	for _, c := range []struct {
		ln   analysis.Line
		want string
	}{
		{analysis.Line{Value: 0.573, Visits: 4000}, "57%"},
		{analysis.Line{Value: 0.573, Depth: 9}, "57%"},
		{analysis.Line{Value: 0.002, Visits: 12}, "<1%"},
		{analysis.Line{Value: 0.999, Depth: 3}, ">99%"},
		{analysis.Line{Value: 1, Proven: 1, Depth: 1}, "wins"},
		{analysis.Line{Value: 0, Proven: -1, Visits: 40}, "loses"},
		{analysis.Line{Value: 0}, ""},
	} {
		if got := lineFigure(c.ln); got != c.want {
			t.Errorf("%+v: %q, want %q", c.ln, got, c.want)
		}
	}
}

// The win-chance graph has an axis: the first player's name at the top (their
// win), the second's at the bottom, "50%" at the even line, all beside the plot
// and inside the box, the names on lines of their own.
func TestGraphAxis(t *testing.T) {
	for _, s := range []float64{1, 2} {
		r := render.Rect{X: 400 * s, Y: 700 * s, W: 420 * s, H: 36 * s}
		ax := graphAxes(r, [2]string{"White", "Black"}, s)
		f := render.Face(ax.labelSize, false)
		if ax.top != "White" || ax.bottom != "Black" || ax.even != "50%" {
			t.Fatalf("labels %q %q %q", ax.top, ax.bottom, ax.even)
		}
		for _, lb := range []struct {
			text string
			at   [2]float64
		}{{ax.top, ax.topAt}, {ax.bottom, ax.bottomAt}, {ax.even, ax.evenAt}} {
			w, _ := render.Measure(lb.text, f)
			x0, x1 := lb.at[0], lb.at[0]+w
			if x0 < r.X || x1 > r.X+r.W+0.5 || lb.at[1] < r.Y || lb.at[1] > r.Y+r.H {
				t.Errorf("scale %g: %q at %v+%.0f outside the box %+v", s, lb.text, lb.at, w, r)
			}
			if x1 > ax.plot.X && x0 < ax.plot.X+ax.plot.W {
				t.Errorf("scale %g: %q at %.0f–%.0f over the plot %.0f–%.0f", s, lb.text, x0, x1, ax.plot.X, ax.plot.X+ax.plot.W)
			}
		}
		if ax.evenAt[1] != ax.plot.Y+ax.plot.H/2 {
			t.Errorf("scale %g: 50%% at %.1f, the even line at %.1f", s, ax.evenAt[1], ax.plot.Y+ax.plot.H/2)
		}
		if gap := ax.bottomAt[1] - ax.topAt[1]; gap < ax.labelSize {
			t.Errorf("scale %g: the names %.1f px apart, under a line", s, gap)
		}
		if ax.plot.W < r.W/2 {
			t.Errorf("scale %g: the axis leaves the plot %.0f of %.0f px", s, ax.plot.W, r.W)
		}
	}
}
