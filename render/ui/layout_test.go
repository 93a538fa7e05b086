package ui

import (
	"encoding/json"
	"testing"

	"trihex/render"
)

// The topmost enabled widget under the pointer wins; a disabled one is not hit.
func TestLayoutHit(t *testing.T) {
	l := newLayout()
	l.add("under", render.Rect{X: 0, Y: 0, W: 100, H: 100}, true, "")
	l.add("over", render.Rect{X: 50, Y: 50, W: 100, H: 100}, true, "")
	l.add("off", render.Rect{X: 0, Y: 0, W: 20, H: 20}, false, "")
	for _, c := range []struct {
		x, y float64
		want widgetID
		ok   bool
	}{{10, 10, "under", true}, {60, 60, "over", true}, {140, 140, "over", true}, {200, 200, "", false}} {
		if got, ok := l.hit(c.x, c.y); got != c.want || ok != c.ok {
			t.Errorf("hit(%g,%g) = %q %v, want %q", c.x, c.y, got, ok, c.want)
		}
	}
	l.add("under", render.Rect{X: 300, Y: 300, W: 10, H: 10}, true, "moved")
	if w, _ := l.get("under"); w.r.X != 300 || len(l.widgets) != 3 {
		t.Errorf("a widget placed again is not replaced: %+v", w)
	}
	var none *Layout
	if _, ok := none.hit(1, 1); ok {
		t.Error("a nil layout is hit")
	}
}

// --layout-out is in logical pixels, one decimal, upper layers winning.
func TestEncodeLayouts(t *testing.T) {
	a, b := newLayout(), newLayout()
	a.Cells["d4"] = [2]float64{100, 50}
	a.add("undo", render.Rect{X: 10, Y: 20, W: 30, H: 40}, true, "")
	b.add("undo", render.Rect{X: 2, Y: 2, W: 2, H: 2}, true, "")
	data, err := encodeLayouts("Abande", 2000, 1000, 2, []*Layout{a, nil, b}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out layoutJSON
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if out.Game != "Abande" || out.Size != [2]float64{1000, 500} || out.Cells["d4"] != [2]float64{50, 25} || out.Buttons["undo"] != [4]float64{1, 1, 1, 1} {
		t.Errorf("%s", data)
	}
}
