package ui

import (
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/input"
	"trihex/render"
	"trihex/save"
)

// layer is one level of the window: the scene at the bottom, the bar (File and
// View buttons, the message banner) over it, and overlays (menus, boxes, help
// pages) above. Only the top layer takes the frame's input; the bar passes down
// what it does not use. Each layer builds its Layout in Update, and Draw, the
// hit-testing and --layout-out read it.
type layer interface {
	// update takes this tick's input.
	update(a *App, f *input.Frame)
	// layout places the layer's widgets for the window as it is now.
	layout(a *App) *Layout
	draw(a *App, p painter, l *Layout)
}

// scene is a layer that fills the window: the start screen or a game.
type scene interface {
	layer
	// tick runs every Update, whether or not the scene has the input: the
	// computer thinks and animations run under an open menu.
	tick(a *App)
	// gameName is the game shown, "" on the start screen.
	gameName() string
	// close stops the scene's work (a running search) when it is left.
	close()
}

var errQuit = errors.New("quit")

// App is the ebiten.Game: the window, the layer stack and what lives as long as
// the window (settings, sound, the background writer).
type App struct {
	flags       *Options
	w, h, scale float64
	prefs       prefs

	scene    scene
	bar      *bar
	overlays []layer
	layouts  map[layer]*Layout

	tracker input.PointerTracker
	frame   input.Frame // this tick's input; Draw reads the pointer from it
	texts   render.Texts

	files      fileState
	redraw     *frames // when to draw and when the next frame is needed
	shown      uint64  // the layouts' fingerprint when last compared
	lastPtr    [2]float64
	prevPtr    [2]float64
	seen       inputSeen // for --layout-out
	lastBusy   time.Time // the last Update that had input or asked for frames soon
	still      bool      // in FPSModeVsyncOffMinimum: frames only when asked for
	quit       bool
	title      string
	lastLayout string // --layout-out as last written
	fpsLogged  time.Time
	online     onlineApp // the player's network identity and games (onlinestart.go)
	// clock is the time the app reads (now); nil: the wall clock.
	clock func() time.Time
}

func newApp(f *Options) *App {
	a := &App{flags: f, bar: &bar{}, layouts: map[layer]*Layout{}}
	//lint:ignore SA1019 the frames asked for while FPSModeVsyncOffMinimum runs (pace)
	a.redraw = newFrames(a.now, ebiten.ScheduleFrame)
	a.prefs.writer = save.NewWriter()
	a.prefs.writer.OnError = func() { a.wake(a.now()) } // the failure is said at once
	a.files.noDlg = f.NoDialogs
	a.prefs.settings = save.DefaultSettings()
	var notices []string
	if dir, err := save.ConfigDir(f.ConfigDir); err != nil {
		notices = append(notices, "No autosave or settings: "+playerMessage(err))
	} else {
		a.prefs.cfgDir = dir
		var msg string
		if a.prefs.settings, msg = save.LoadSettings(dir); msg != "" {
			notices = append(notices, msg)
		}
	}
	a.prefs.theme, _ = render.LookupTheme(a.prefs.settings.Theme)
	a.prefs.settings.Theme = a.prefs.theme.Name
	a.prefs.sound = newSoundBox(a.prefs.volume())
	level := a.prefs.settings.Level
	if f.Level != 0 {
		level = f.Level // for this session only: not remembered
	}
	if f.File != "" {
		g, err := readRecord(f.File)
		if err != nil {
			notices = append(notices, playerMessage(err)) // the window opens anyway and says why
		} else {
			f.Load, f.LoadPath = g, f.File
		}
	}
	switch {
	case f.Load != nil:
		sess := input.SessionFromGame(f.Load, level, a.sessionNow())
		sess.Path = f.LoadPath
		for i, side := range sess.Info.Players {
			// --white computer etc. override the record's players.
			if v, ok := f.Players[strings.ToLower(side)]; ok {
				sess.Seats[i] = input.SeatOf(v == "computer", level)
			}
		}
		if len(f.Players) > 0 {
			sess.Computer.Paused = false // asked for on the command line: no need to press Space
		}
		a.scene = a.newPlay(sess)
	case f.Game != "":
		info, _ := game.Lookup(f.Game)
		opts, _ := info.ResolveOptions(f.Rules)
		var seats [2]input.Seat
		for i, side := range info.Players {
			seats[i] = input.SeatOf(f.Players[strings.ToLower(side)] == "computer", level)
		}
		sess := input.NewSession(info, opts, seats, a.sessionNow())
		if err := sess.SetTimeControl(f.Clock); err != nil {
			notices = append(notices, playerMessage(err))
		}
		a.scene = a.newPlay(sess)
	default:
		notices = append(notices, a.loadKept()...)
		a.scene = a.startScreen()
	}
	if len(notices) > 0 {
		a.showError(strings.Join(notices, " · "))
	}
	return a
}

// continuable reports whether the autosaved game g is worth a Continue: moves
// played and not over, or a series' finished game with games still to come
// (Continue shows it, with Next game on its card).
func continuable(g *save.Game) bool {
	if g == nil || len(g.Moves) == 0 {
		return false
	}
	if !g.Result.Over {
		return true
	}
	if g.Info.SeriesPoints == nil {
		return false
	}
	sr := input.SeriesFromTags(g.Record, [2]input.Seat{})
	return sr != nil && !sr.Over(game.Concluded(g.Final, g.Result))
}

// setScene replaces the scene, stopping the old one's work, and closes overlays.
func (a *App) setScene(s scene) {
	a.scene.close()
	a.scene = s
	a.overlays = nil
}

// push opens an overlay over everything else.
func (a *App) push(l layer) { a.overlays = append(a.overlays, l) }

// pop closes the overlay l (and any opened over it).
func (a *App) pop(l layer) {
	for i, o := range a.overlays {
		if o == l {
			a.overlays = a.overlays[:i]
			return
		}
	}
}

// top is the overlay that has the input, or nil when the bar and scene have it.
func (a *App) top() layer {
	if len(a.overlays) == 0 {
		return nil
	}
	return a.overlays[len(a.overlays)-1]
}

// play is the game on screen, or nil on the start screen.
func (a *App) play() *playScene {
	p, _ := a.scene.(*playScene)
	return p
}

// stop ends the scene's work and remembers the settings, when the app ends.
func (a *App) stop() {
	a.redraw.stop()
	a.scene.close()
	a.prefs.save()
	a.prefs.writer.Flush() // the last moves and settings land before the app exits
	a.files.reportWriteErrors(a)
}

// layers lists the layers bottom to top.
func (a *App) layers() []layer {
	return append([]layer{a.scene, a.bar}, a.overlays...)
}

// relayout builds every layer's layout for the window as it is now.
func (a *App) relayout() {
	clear(a.layouts)
	for _, l := range a.layers() {
		a.layouts[l] = l.layout(a)
		noteKeyFocus(l, a.layouts[l])
	}
}

func (a *App) Update() error {
	a.redraw.begin()
	a.frame = pollFrame(&a.tracker, a.scale)
	f := &a.frame
	a.inputFrames(f)
	if f.Pressed(input.CmdFullscreen, input.ScopeAlways) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	a.trackWindow()
	if err := a.step(f); err != nil {
		return err
	}
	a.setTitle()
	a.timedFrames() // Draw, which always follows, arms the timer
	return nil
}

// step is the part of Update that needs no display: the frame f goes to the
// layer that has the input, the scene ticks, and the layers are laid out again.
// The scene tests feed it frames of their own.
func (a *App) step(f *input.Frame) error {
	a.files.reportWriteErrors(a)
	a.bar.expire(a.now())
	// Hit-testing reads the layouts built at the end of the last Update: what the
	// player saw when clicking.
	if f.CloseRequested {
		a.files.closeAsked = true // answered once no native dialog is open
	}
	if a.files.closeAsked && !a.files.waiting() {
		a.files.closeAsked = false
		a.overlays = nil
		a.files.quit(a)
	}
	if t := a.top(); t != nil {
		t.update(a, f)
	} else if !a.bar.take(a, f) {
		a.scene.update(a, f)
	}
	a.scene.tick(a)
	if a.quit {
		return errQuit
	}
	a.relayout()
	a.writeLayout()
	return nil
}

// wake asks for the window to be drawn again at t, from any goroutine: a running
// clock calls it for its next visible change (the next second, or tenth), and
// other work whose news changes the screen calls it with the time it ends.
func (a *App) wake(t time.Time) { a.redraw.wake(t) }

// timed is a layer that changes on its own, without the player's input: it tells
// the window's frames what it needs each Update (see frames).
type timed interface {
	frames(a *App, fr *frames, now time.Time)
}

// inputFrames asks for a draw when the player did something this frame, and for
// frames at the display's pace while a key or the button is held (the repeats of
// a held key are counted in frames).
func (a *App) inputFrames(f *input.Frame) {
	moved := f.X != a.lastPtr[0] || f.Y != a.lastPtr[1]
	a.lastPtr = [2]float64{f.X, f.Y}
	if moved || f.Click || f.Down || f.Dragging || f.Wheel != 0 || len(f.Keys) > 0 || len(f.Text) > 0 || f.CloseRequested {
		a.redraw.changed()
	}
	if moved {
		a.seen.Moves++
	}
	if f.Click {
		a.seen.Clicks++
	}
	a.seen.Keys += len(f.Keys)
	a.seen.Wheel += int(math.Round(math.Abs(f.Wheel)))
	if f.Down || keyHeld() {
		a.redraw.pollAt(a.now().Add(frameGap))
	}
}

// timedFrames collects what the layers need from the frames, and asks for a draw
// when what the layouts show changed (a status line, a banner, a button).
func (a *App) timedFrames() {
	now := a.now()
	if a.flags.FPS {
		a.redraw.moving() // the counter shows the display's pace
	}
	if !a.bar.until.IsZero() {
		a.redraw.drawAt(a.bar.until.Add(time.Millisecond))
	}
	for _, l := range a.layers() {
		if t, ok := l.(timed); ok {
			t.frames(a, a.redraw, now)
		}
	}
	if h := a.fingerprint(); h != a.shown {
		a.shown = h
		a.redraw.changed()
	}
	a.pace(now)
}

// stillAfter is how long the window waits, with nothing to show and no input,
// before it runs only the frames asked for.
const stillAfter = 2 * time.Second

// pace switches Ebitengine between its two paces. While anything happens the
// window runs 60 Updates a second (FPSModeVsyncOn; Draw still draws only what
// changed, and Ebitengine presents nothing while nothing is drawn). Once there
// has been no input, nothing moving and no news awaited for stillAfter, it runs
// only the frames the player's input or frames asks for (FPSModeVsyncOffMinimum):
// those Updates cost CPU too, and a still window needs none. Any input brings
// the 60 Updates back at once; a click's press and release taken in one frame
// become a click on the next, which the 60 Updates bring.
func (a *App) pace(now time.Time) {
	f := &a.frame
	if a.redraw.busy() || f.Down || f.Click || len(f.Keys) > 0 || f.Wheel != 0 || a.lastPtr != a.prevPtr {
		a.lastBusy = now
	}
	a.prevPtr = a.lastPtr
	switch {
	// SetFPSMode is deprecated for SetVsyncEnabled and skipped draws, which the
	// 60 Updates use; only FPSModeVsyncOffMinimum stops the Updates themselves.
	case a.still && now.Sub(a.lastBusy) < stillAfter:
		a.still = false
		//lint:ignore SA1019 only FPSModeVsyncOffMinimum stops the Updates
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOn)
	case !a.still && now.Sub(a.lastBusy) >= stillAfter:
		a.still = true
		//lint:ignore SA1019 only FPSModeVsyncOffMinimum stops the Updates
		ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum)
	}
}

// fingerprint hashes what the layouts show: their widgets, status, banner and
// guide.
func (a *App) fingerprint() uint64 {
	var h maphash.Hash
	h.SetSeed(fingerprintSeed)
	f := func(v float64) { maphash.WriteComparable(&h, v) }
	f(a.w)
	f(a.h)
	f(a.scale)
	for _, l := range a.layers() {
		lay := a.layouts[l]
		if lay == nil {
			continue
		}
		for _, w := range lay.widgets {
			h.WriteString(string(w.id))
			h.WriteString(w.label)
			maphash.WriteComparable(&h, w.enabled)
			maphash.WriteComparable(&h, w.r)
		}
		h.WriteString(lay.Status)
		h.WriteString(lay.Banner)
		h.WriteString(lay.Guide)
		f(float64(len(lay.Cells)))
	}
	return h.Sum64()
}

var fingerprintSeed = maphash.MakeSeed()

// trackWindow remembers the window's size, place and fullscreen while the window
// lives (once the game loop has ended, Ebitengine reports a size of 0×0).
func (a *App) trackWindow() {
	if a.flags.Scale > 0 {
		return // --scale draws as another monitor would: not the player's window
	}
	st := &a.prefs.settings
	full := ebiten.IsFullscreen()
	changed := full != st.Fullscreen
	st.Fullscreen = full
	if !full {
		if w, h := ebiten.WindowSize(); w >= MinWindowW && h >= MinWindowH && (w != st.WindowW || h != st.WindowH) {
			st.WindowW, st.WindowH, changed = w, h, true
		}
		if x, y := ebiten.WindowPosition(); !st.WindowPlaced || x != st.WindowX || y != st.WindowY {
			st.WindowX, st.WindowY, st.WindowPlaced, changed = x, y, true, true
		}
	}
	if changed {
		a.prefs.save()
	}
}

func (a *App) setTitle() {
	title := "Trihex"
	if n := a.scene.gameName(); n != "" {
		title += " – " + n
	}
	if p := a.play(); p != nil && p.sess.Path != "" {
		title += " – " + filepath.Base(p.sess.Path)
	}
	if p := a.play(); p != nil && p.sess.Unsaved() {
		title += " •" // moves not saved to a file
	}
	title += a.netTitle()
	if title != a.title {
		ebiten.SetWindowTitle(title)
		a.title = title
	}
}

// painter is what layers draw with this frame.
func (a *App) painter(dst *ebiten.Image) painter {
	return painter{dst: dst, t: &a.texts, th: a.prefs.theme, s: a.scale, ptrX: a.frame.X, ptrY: a.frame.Y, now: a.now()}
}

func (a *App) Draw(screen *ebiten.Image) {
	if a.layouts[a.scene] == nil {
		screen.Fill(a.prefs.theme.Background) // before the first Update
		return
	}
	// The screen is not cleared between frames: drawing nothing keeps what was
	// drawn last.
	defer a.redraw.arm()
	if !a.redraw.draw() {
		return
	}
	p := a.painter(screen)
	for _, l := range a.layers() {
		l.draw(a, p, a.layouts[l])
		drawKeyFocus(p, l, a.layouts[l])
		a.texts.Flush(screen) // each layer's text goes under the next layer
	}
	if a.flags.FPS {
		if now := a.now(); now.Sub(a.fpsLogged) >= time.Second {
			a.fpsLogged = now
			fmt.Fprintf(os.Stderr, "fps %.1f tps %.1f\n", ebiten.ActualFPS(), ebiten.ActualTPS())
		}
		p.text(fmt.Sprintf("%.0f fps  %.0f tps", ebiten.ActualFPS(), ebiten.ActualTPS()), 12, false,
			8*a.scale, a.h-12*a.scale, render.Left, a.prefs.theme.Warning)
		a.texts.Flush(screen)
	}
}

// LayoutF keeps one logical pixel per device pixel, so text and lines are crisp at
// device scale 1, 1.5 and 2.
func (a *App) LayoutF(ow, oh float64) (float64, float64) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
	}
	if s <= 0 {
		s = 1
	}
	w, h := ow*s, oh*s
	if a.flags.Scale > 0 {
		// --scale: the same device pixels, drawn as a monitor of that scale would.
		s = a.flags.Scale
	}
	if w != a.w || h != a.h || s != a.scale {
		a.redraw.changed()
	}
	a.w, a.h, a.scale = w, h, s
	return w, h
}

// Layout is required by ebiten.Game; LayoutF takes precedence.
func (a *App) Layout(ow, oh int) (int, int) {
	w, h := a.LayoutF(float64(ow), float64(oh))
	return int(w), int(h)
}

// writeLayout writes --layout-out when what the layers show moved.
func (a *App) writeLayout() {
	if a.flags.LayoutOut == "" || a.w == 0 {
		return
	}
	var ls []*Layout
	for _, l := range a.layers() {
		ls = append(ls, a.layouts[l])
	}
	data, err := encodeLayouts(a.scene.gameName(), a.w, a.h, a.scale, ls, &a.seen)
	if err == nil {
		err = writeFileIfChanged(a.flags.LayoutOut, data, &a.lastLayout)
	}
	if err != nil {
		a.showError("layout-out: " + err.Error())
	}
}

// showError shows msg in the message row for errorFor, or until dismissed.
func (a *App) showError(msg string) { a.bar.show(msg, true, a.now().Add(errorFor)) }

// showNotice shows msg in the message row for noticeFor, or until dismissed.
func (a *App) showNotice(msg string) { a.bar.show(msg, false, a.now().Add(noticeFor)) }
