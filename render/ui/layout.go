package ui

import (
	"encoding/json"
	"math"
	"os"

	"trihex/render"
)

// widgetID names a clickable thing on screen: a button, a menu item, a toggle of
// the start screen. The names are also the keys of --layout-out's "buttons", which
// the end-to-end tests click by.
type widgetID string

// widget is one clickable rectangle of a layout.
type widget struct {
	id      widgetID
	r       render.Rect
	enabled bool
	label   string
}

// Layout is what one layer shows where, computed once in Update: Draw, the
// hit-testing and --layout-out all read it, so they cannot disagree.
type Layout struct {
	widgets []widget
	byID    map[widgetID]int
	// Cells are the points or cells under the pointer's reach, by label ("d4",
	// "0,1"), at their centres.
	Cells map[string][2]float64
	// Status is the line that tells the player what is going on (whose turn, why
	// a click did nothing), for --layout-out.
	Status string
	// Banner is the message banner's text, for --layout-out.
	Banner string
	// Guide is what a lesson, a puzzle or the coach says under the board.
	Guide string
	// Invite is a network game's invite code while the opponent has not joined.
	Invite string
	// Focus is the widget the keys ring (keynav.go), for --layout-out.
	Focus widgetID
}

func newLayout() *Layout {
	return &Layout{byID: map[widgetID]int{}, Cells: map[string][2]float64{}}
}

// add places a widget; a later widget with the same id replaces it.
func (l *Layout) add(id widgetID, r render.Rect, enabled bool, label string) {
	w := widget{id, r, enabled, label}
	if i, ok := l.byID[id]; ok {
		l.widgets[i] = w
		return
	}
	l.byID[id] = len(l.widgets)
	l.widgets = append(l.widgets, w)
}

// get returns the widget id, if placed.
func (l *Layout) get(id widgetID) (widget, bool) {
	if l == nil {
		return widget{}, false
	}
	i, ok := l.byID[id]
	if !ok {
		return widget{}, false
	}
	return l.widgets[i], true
}

// rect is the rectangle of widget id (empty when it is not shown).
func (l *Layout) rect(id widgetID) render.Rect {
	w, _ := l.get(id)
	return w.r
}

// hit is the enabled widget under (x, y), the last placed first (it is drawn on
// top).
func (l *Layout) hit(x, y float64) (widgetID, bool) {
	if l == nil {
		return "", false
	}
	for i := len(l.widgets) - 1; i >= 0; i-- {
		if w := l.widgets[i]; w.enabled && w.r.Contains(x, y) {
			return w.id, true
		}
	}
	return "", false
}

// layoutJSON is the shape of --layout-out: logical pixels, one decimal.
type layoutJSON struct {
	Game    string                `json:"game"`
	Size    [2]float64            `json:"size"`
	Cells   map[string][2]float64 `json:"cells"`
	Buttons map[string][4]float64 `json:"buttons"`
	Status  string                `json:"status,omitempty"`
	Banner  string                `json:"banner,omitempty"`
	Guide   string                `json:"guide,omitempty"`
	Invite  string                `json:"invite,omitempty"` // a network game's invite code, until the opponent joins
	Focus   string                `json:"focus,omitempty"`  // the widget the keys ring, the top layer's
	// Seen counts the input the app has taken (clicks, keys, wheel steps,
	// pointer moves), so that a test driving it waits for its input to be taken
	// rather than for a time.
	Seen *inputSeen `json:"seen,omitempty"`
}

// inputSeen counts the input taken, for --layout-out.
type inputSeen struct {
	Clicks int `json:"clicks"`
	Keys   int `json:"keys"`
	Wheel  int `json:"wheel"`
	Moves  int `json:"moves"`
}

// encodeLayouts merges the layers' layouts (upper layers win) into --layout-out's
// JSON, in logical pixels.
func encodeLayouts(gameName string, w, h, s float64, ls []*Layout, seen *inputSeen) ([]byte, error) {
	out := layoutJSON{Game: gameName, Size: [2]float64{round1(w / s), round1(h / s)},
		Cells: map[string][2]float64{}, Buttons: map[string][4]float64{}, Seen: seen}
	for _, l := range ls {
		if l == nil {
			continue
		}
		if l.Status != "" {
			out.Status = l.Status
		}
		if l.Banner != "" {
			out.Banner = l.Banner
		}
		if l.Guide != "" {
			out.Guide = l.Guide
		}
		if l.Invite != "" {
			out.Invite = l.Invite
		}
		if l.Focus != "" {
			out.Focus = string(l.Focus)
		}
		for k, c := range l.Cells {
			out.Cells[k] = [2]float64{round1(c[0] / s), round1(c[1] / s)}
		}
		for _, wd := range l.widgets {
			r := wd.r
			out.Buttons[string(wd.id)] = [4]float64{round1(r.X / s), round1(r.Y / s), round1(r.W / s), round1(r.H / s)}
		}
	}
	return json.MarshalIndent(out, "", " ")
}

// writeFileIfChanged writes data to path (atomically, by rename) unless it is
// what was written last.
func writeFileIfChanged(path string, data []byte, last *string) error {
	if string(data) == *last {
		return nil
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	*last = string(data)
	return nil
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
