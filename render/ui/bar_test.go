package ui

import (
	"testing"
	"time"

	"trihex/game"
	"trihex/input"
	"trihex/render"
)

// A message shows in a row of its own: over none of the board's points and
// labels, the coach's line, the end card or the result banner, at the same place
// while the game goes on and once it is over; a notice goes by itself, an error
// later, and a click on it closes either.
func TestMessageRowCoversNothing(t *testing.T) {
	for _, name := range []string{"Abande", "Attangle", "Andantino"} {
		t.Run(name, func(t *testing.T) {
			for _, size := range [][2]float64{{1280, 800}, {960, 640}, {1600, 1000}} {
				a := newTestApp(size[0], size[1])
				a.flags.LayoutOut = t.TempDir() + "/layout.json" // the layout lists the points
				info, err := game.Lookup(name)
				if err != nil {
					t.Fatal(err)
				}
				opts, _ := info.ResolveOptions("")
				sess := input.NewSession(info, opts, [2]input.Seat{{}, {}}, time.Now)
				p := a.newPlay(sess)
				p.coach.on = true
				t.Cleanup(p.close)
				a.scene = p
				a.showNotice("Theme: a long theme name that goes on and on · saved to /home/player/a/rather/long/path/game.trihex")
				a.relayout()
				msg := a.layouts[a.bar].rect(wBanner)
				clear := func(when string) {
					t.Helper()
					pl := a.layouts[p]
					u := p.bv.view.Unit
					if len(pl.Cells) == 0 && !p.surface {
						t.Fatalf("%s %s: no points laid out", name, when)
					}
					for label, c := range pl.Cells {
						// The point and its label below it.
						r := render.Rect{X: c[0] - u/2, Y: c[1] - u/2, W: u, H: u*0.5 + 24}
						if overlaps(msg, r) {
							t.Errorf("%s %vx%v %s: the message %v covers %s at %v", name, size[0], size[1], when, msg, label, c)
						}
					}
					if p.lay.coachLine.H > 0 && overlaps(msg, p.lay.coachLine) {
						t.Errorf("%s %s: the message covers the coach's line", name, when)
					}
					if w, ok := pl.get(wResult); ok && overlaps(msg, w.r) {
						t.Errorf("%s %s: the message covers the end card", name, when)
					}
					if m, _, r := p.topBanner(p.lay, a.scale); m != "" && overlaps(msg, r) {
						t.Errorf("%s %s: the message covers the banner %q", name, when, m)
					}
					for _, id := range []widgetID{wFile, wView, wGame, wHelp} {
						if overlaps(msg, a.layouts[a.bar].rect(id)) {
							t.Errorf("%s %s: the message covers %s", name, when, id)
						}
					}
				}
				clear("while playing")
				sess.Resign(game.First)
				a.relayout()
				if got := a.layouts[a.bar].rect(wBanner); got != msg {
					t.Errorf("%s: at the game's end the message moved from %v to %v", name, msg, got)
				}
				clear("at the end")
			}
		})
	}
	a := newTestApp(1280, 800)
	a.showNotice("Saved")
	a.bar.expire(time.Now().Add(noticeFor - time.Second))
	if a.bar.text == "" {
		t.Error("the notice went before its time")
	}
	a.bar.expire(time.Now().Add(noticeFor + time.Second))
	if a.bar.text != "" {
		t.Error("the notice stayed")
	}
	a.showError("Could not save")
	a.bar.expire(time.Now().Add(noticeFor + time.Second))
	if a.bar.text == "" {
		t.Error("the error went as quickly as a notice")
	}
	a.bar.expire(time.Now().Add(errorFor + time.Second))
	if a.bar.text != "" {
		t.Error("the error stayed")
	}
}

func overlaps(a, b render.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}
