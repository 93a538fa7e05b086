package ui

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"trihex/game"
	"trihex/input"
	"trihex/save"
)

// The scene tests drive the whole layer stack (the scene, the bar, the menus and
// boxes over them) with synthetic frames, through App.step as Update does, with
// no display and in fake time: what the end-to-end tests did through a real
// window, minus the pixels.

// fakeClock is the app's time in a scene test: it moves only when the test says.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// sceneApp is an App without a window, driven by frames, on a fake clock.
type sceneApp struct {
	t *testing.T
	*App
	clock *fakeClock
}

// newSceneApp makes an app of w×h logical pixels showing the start screen, with
// its settings folder under the test's (so that what it saves can be read).
func newSceneApp(t *testing.T, w, h float64) *sceneApp {
	t.Helper()
	a := newTestApp(w, h)
	c := &fakeClock{t: time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)}
	a.clock = c.now
	a.redraw = newFrames(a.now, func() {})
	a.prefs.cfgDir = t.TempDir()
	a.files.noDlg = true // the path field, never a native dialog
	// The game screen lists its cells for --layout-out, which the tests click by.
	a.flags.LayoutOut = filepath.Join(t.TempDir(), "layout.json")
	sa := &sceneApp{t: t, App: a, clock: c}
	sa.show(a.newStart())
	t.Cleanup(func() {
		sa.scene.close()
		sa.prefs.writer.Flush()
	})
	return sa
}

// show puts scene s on screen and lays the window out.
func (sa *sceneApp) show(s scene) {
	if sa.scene != nil {
		sa.setScene(s)
	} else {
		sa.scene = s
	}
	sa.frame(input.Frame{})
}

// newGame shows a new game of name with the rules options opts ("" for the
// defaults) and seats (the zero Seats: two humans here).
func (sa *sceneApp) newGame(name, opts string, seats [2]input.Seat) *playScene {
	sa.t.Helper()
	p := sa.newPlay(sa.session(name, opts, seats))
	sa.show(p)
	return p
}

// session is a new game of name, as newGame shows it, on the app's clock.
func (sa *sceneApp) session(name, opts string, seats [2]input.Seat) *input.Session {
	sa.t.Helper()
	info, err := game.Lookup(name)
	if err != nil {
		sa.t.Fatal(err)
	}
	o, err := info.ResolveOptions(opts)
	if err != nil {
		sa.t.Fatal(err)
	}
	return input.NewSession(info, o, seats, sa.sessionNow())
}

// load shows the game of record rec, as opening its file does.
func (sa *sceneApp) load(rec string) *playScene {
	sa.t.Helper()
	g, err := save.Read(strings.NewReader(rec))
	if err != nil {
		sa.t.Fatal(err)
	}
	p := sa.newPlay(input.SessionFromGame(g, 1, sa.sessionNow()))
	sa.show(p)
	return p
}

// frame hands f to the app as one Update does; a quit is kept in quitted.
func (sa *sceneApp) frame(f input.Frame) {
	sa.t.Helper()
	sa.App.frame = f
	if err := sa.step(&f); err != nil && err != errQuit {
		sa.t.Fatal(err)
	}
}

// find is the widget or cell called name on screen, the top layer's first, and
// its centre.
func (sa *sceneApp) find(name string) (x, y float64, ok bool) {
	ls := sa.layers()
	for i := len(ls) - 1; i >= 0; i-- {
		l := sa.layouts[ls[i]]
		if l == nil {
			continue
		}
		if w, ok := l.get(widgetID(name)); ok {
			return w.r.X + w.r.W/2, w.r.Y + w.r.H/2, true
		}
		if c, ok := l.Cells[name]; ok {
			return c[0], c[1], true
		}
	}
	return 0, 0, false
}

// click clicks the cell or widget called name, as laid out now.
func (sa *sceneApp) click(name string) {
	sa.t.Helper()
	x, y, ok := sa.find(name)
	if !ok {
		sa.t.Fatalf("no %q on the screen; status %q, buttons %v", name, sa.view().Status, sa.buttons())
	}
	sa.frame(input.Frame{Pointer: input.Pointer{Click: true, X: x, Y: y, DownX: x, DownY: y}})
}

// key presses the chords named ("Ctrl+Z", "P", "Esc"), one frame each.
func (sa *sceneApp) key(names ...string) {
	sa.t.Helper()
	for _, n := range names {
		c, err := input.ParseChord(n)
		if err != nil {
			sa.t.Fatal(err)
		}
		sa.frame(input.Frame{Keys: []input.Chord{c}})
	}
}

// wait lets d pass on the fake clock, then runs a frame without input.
func (sa *sceneApp) wait(d time.Duration) {
	sa.clock.advance(d)
	sa.frame(input.Frame{})
}

// view is the layers' layouts merged as --layout-out writes them (upper layers
// win).
func (sa *sceneApp) view() layoutFile {
	var lf layoutFile
	lf.Buttons = map[string][4]float64{}
	lf.Cells = map[string][2]float64{}
	for _, ly := range sa.layers() {
		l := sa.layouts[ly]
		if l == nil {
			continue
		}
		for _, s := range []struct {
			to   *string
			from string
		}{{&lf.Status, l.Status}, {&lf.Banner, l.Banner}, {&lf.Guide, l.Guide}} {
			if s.from != "" {
				*s.to = s.from
			}
		}
		for k, c := range l.Cells {
			lf.Cells[k] = c
		}
		for _, w := range l.widgets {
			lf.Buttons[string(w.id)] = [4]float64{w.r.X, w.r.Y, w.r.W, w.r.H}
		}
	}
	lf.Game = sa.scene.gameName()
	lf.Size = [2]float64{sa.w, sa.h}
	return lf
}

// shows reports whether a widget called id is on the screen.
func (sa *sceneApp) shows(id string) bool {
	_, ok := sa.view().Buttons[id]
	return ok
}

// buttons lists the widgets on the screen, for failure messages.
func (sa *sceneApp) buttons() []string {
	var ids []string
	for id := range sa.view().Buttons {
		ids = append(ids, id)
	}
	return ids
}

// play is the game on screen; the test fails on the start screen.
func (sa *sceneApp) game() *playScene {
	sa.t.Helper()
	p := sa.play()
	if p == nil {
		sa.t.Fatalf("no game on the screen (%T)", sa.scene)
	}
	return p
}
