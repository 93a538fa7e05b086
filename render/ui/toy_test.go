package ui

import (
	"testing"

	"trihex/game"
	_ "trihex/game/all"
	"trihex/game/gametest/toy"
	"trihex/input"
	"trihex/save"
)

// newTestApp is an App without a window, settings folder or sound: enough to
// lay out and drive a scene with synthetic frames.
func newTestApp(w, h float64) *App {
	a := &App{flags: &Options{}, bar: &bar{}, layouts: map[layer]*Layout{}, w: w, h: h, scale: 1}
	a.prefs.settings = save.DefaultSettings()
	a.prefs.writer = save.NewWriter()
	return a
}

// The start screen's cards are the registry's games in its order, a toy fourth
// game included: its card is clicked, Start begins a game of it, and the game
// screen lays out its board's points.
func TestStartListsTheRegistry(t *testing.T) {
	a := newTestApp(1280, 800)
	a.flags.LayoutOut = t.TempDir() + "/layout.json" // the game screen lists its cells
	s := a.newStart()
	a.scene = s
	l := s.layout(a)
	a.layouts[s] = l
	var cards []string
	for _, w := range l.widgets {
		if len(w.id) > 5 && w.id[:5] == "game-" {
			cards = append(cards, w.label)
		}
	}
	var want []string
	for _, g := range game.Games() {
		want = append(want, g.Name)
	}
	if len(want) != 4 || want[3] != toy.Info.Name || len(cards) != len(want) {
		t.Fatalf("cards %v, registry %v", cards, want)
	}
	for i := range want {
		if cards[i] != want[i] {
			t.Fatalf("cards %v, registry %v", cards, want)
		}
	}
	card := l.rect("game-tri")
	s.update(a, &input.Frame{Pointer: input.Pointer{Click: true, DownX: card.X + card.W/2, DownY: card.Y + card.H/2}})
	if s.games[s.sel] != toy.Info {
		t.Fatalf("clicking the card chose %s", s.games[s.sel].Name)
	}
	l = s.layout(a)
	a.layouts[s] = l
	if _, ok := l.get("series-2"); ok {
		t.Fatal("a series offered for a game without series play")
	}
	start := l.rect(wStart)
	s.update(a, &input.Frame{Pointer: input.Pointer{Click: true, DownX: start.X + start.W/2, DownY: start.Y + start.H/2}})
	p, ok := a.scene.(*playScene)
	if !ok || p.sess.Info != toy.Info {
		t.Fatalf("Start began %T", a.scene)
	}
	t.Cleanup(p.close)
	a.layouts[p] = p.layout(a)
	if len(a.layouts[p].Cells) != 37 || p.surface {
		t.Fatalf("the toy game's screen lays out %d cells (surface %v)", len(a.layouts[p].Cells), p.surface)
	}
	// Three clicks each: Black's d3 d4 d5 win.
	for i, label := range []string{"d4", "a1", "d5", "a2", "d3"} {
		c := a.layouts[p].Cells[label]
		p.update(a, &input.Frame{Pointer: input.Pointer{Click: true, X: c[0], Y: c[1], DownX: c[0], DownY: c[1]}})
		if p.sess.Match.Len() != i+1 {
			t.Fatalf("click on %s: %d moves played (status %q)", label, p.sess.Match.Len(), a.layouts[p].Status)
		}
		a.layouts[p] = p.layout(a)
	}
	if r := p.sess.Result(); !r.Over || r.Winner != game.First {
		t.Fatalf("after d3 d4 d5: %+v", r)
	}
}
