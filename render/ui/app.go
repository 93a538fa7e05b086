package ui

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/render"
	"trihex/save"
)

// Usage is the app's usage line.
const Usage = "trihex [FILE.trihex] [--game G | --load FILE] [--white|--black|--red human|computer] [--level N] [--options K=V,…] [--size WxH] [--config-dir DIR] [--layout-out FILE] [--record-out FILE] [--fps] [--scale S] [--no-dialogs]"

// appFlags are the desktop app's command-line options.
type appFlags struct {
	game       string
	players    map[string]string // side name (lower case) → "human" or "computer"
	level      int               // computer level; 0: the remembered one
	options    string
	w, h       int
	layoutOut  string
	recordOut  string
	fps        bool
	fullscreen bool
	load       *save.Game // --load or FILE: a recorded game to continue
	loadPath   string
	loadErr    error // FILE could not be read: said in the window
	configDir  string
	noDialogs  bool    // testing: the path field instead of the native dialogs
	scale      float64 // testing: force this device scale; 0 = the monitor's
	sizeSet    bool
	cpuProfile string
}

func parseAppFlags(args []string) (*appFlags, error) {
	f := &appFlags{players: map[string]string{}, w: 1280, h: 800}
	fs := flag.NewFlagSet("trihex", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.game, "game", "", "open straight into this game")
	for _, side := range []string{"white", "black", "red"} {
		side := side
		fs.Func(side, "who plays "+side+": human or computer", func(v string) error {
			v = strings.ToLower(strings.TrimSpace(v))
			if v != "human" && v != "computer" {
				return fmt.Errorf("player %q for %s: want human or computer", v, side)
			}
			f.players[side] = v
			return nil
		})
	}
	fs.StringVar(&f.options, "options", "", "rules options, key=value joined by commas")
	size := fs.String("size", "1280x800", "window size WxH")
	fs.StringVar(&f.layoutOut, "layout-out", "", "write cell and button positions as JSON after each layout")
	fs.StringVar(&f.recordOut, "record-out", "", "rewrite the game record after every move")
	fs.BoolVar(&f.fps, "fps", false, "show frames and updates per second (and log them each second)")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "testing: write a CPU profile of the session")
	fs.BoolVar(&f.fullscreen, "fullscreen", false, "start in fullscreen")
	load := fs.String("load", "", "open a game record and continue it")
	fs.IntVar(&f.level, "level", 0, "computer level 1-5")
	fs.StringVar(&f.configDir, "config-dir", "", "folder of the autosave and settings")
	fs.BoolVar(&f.noDialogs, "no-dialogs", false, "ask for paths in the window instead of native dialogs")
	fs.Float64Var(&f.scale, "scale", 0, "testing: draw at this device scale (1, 1.5, 2)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	fs.Visit(func(fl *flag.Flag) { f.sizeSet = f.sizeSet || fl.Name == "size" })
	if fs.NArg() > 1 || (fs.NArg() == 1 && *load != "") {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(fs.NArg()-1))
	}
	if f.level != 0 && (f.level < 1 || f.level > 5) {
		return nil, fmt.Errorf("--level %d: levels are 1 to 5", f.level)
	}
	if f.scale != 0 && (f.scale < 0.5 || f.scale > 4) {
		return nil, fmt.Errorf("--scale %g: want 0.5 to 4", f.scale)
	}
	if fs.NArg() == 1 {
		// A file given by the desktop or the shell: a bad one opens the window
		// anyway and says why there.
		f.loadPath = fs.Arg(0)
		f.load, f.loadErr = openRecord(f.loadPath)
		if f.loadErr != nil {
			f.loadPath = ""
		}
	}
	if _, err := fmt.Sscanf(*size, "%dx%d", &f.w, &f.h); err != nil || f.w < 320 || f.h < 240 || f.w > 10000 || f.h > 10000 {
		return nil, fmt.Errorf("--size %q: want WxH, at least 320x240", *size)
	}
	if *load != "" {
		g, err := save.ReadFile(*load)
		if fe, ok := errors.AsType[*save.FileError](err); ok {
			err = fmt.Errorf("%s: %v", *load, fe.Err) // named by the path as typed
		}
		if err != nil {
			return nil, err
		}
		f.load, f.loadPath = g, *load
	}
	if f.game != "" {
		info, err := game.Lookup(f.game)
		if err != nil {
			return nil, err
		}
		if _, err := info.ResolveOptions(f.options); err != nil {
			return nil, err
		}
	} else if f.options != "" {
		return nil, errors.New("--options needs --game")
	}
	return f, nil
}

// Run opens the desktop app; it returns the process's exit status (2: bad flags,
// after printing the app's usage line).
func Run(args []string, stdout, stderr io.Writer) int {
	f, err := parseAppFlags(args)
	if err != nil {
		fmt.Fprintln(stderr, "trihex:", err)
		fmt.Fprintln(stderr, "usage:", Usage)
		return 2
	}
	a := newApp(f)
	if !f.sizeSet {
		f.w, f.h = a.settings.WindowW, a.settings.WindowH
	}
	ebiten.SetWindowTitle("Trihex")
	if f.scale > 0 {
		// As a monitor of that scale would: the same logical size, more pixels.
		ebiten.SetWindowSize(int(float64(f.w)*f.scale), int(float64(f.h)*f.scale))
	} else {
		ebiten.SetWindowSize(f.w, f.h)
	}
	// Closing the window goes through Quit, which asks about unsaved moves.
	ebiten.SetWindowClosingHandled(true)
	// Draw covers the whole window, so Ebitengine need not clear it first: under
	// software GL a full-window fill costs about a tenth of the frame rate.
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowIcon(appIcons())
	ebiten.SetFullscreen(f.fullscreen)
	if f.cpuProfile != "" {
		if pf, err := os.Create(f.cpuProfile); err == nil {
			defer pf.Close() // after the profile is stopped (defers run last first)
			if pprof.StartCPUProfile(pf) == nil {
				defer pprof.StopCPUProfile()
			}
		}
	}
	// The X11 class names the window for the desktop entry's StartupWMClass.
	err = ebiten.RunGameWithOptions(a, &ebiten.RunGameOptions{X11ClassName: "Trihex", X11InstanceName: "trihex"})
	a.stop()
	if err != nil && !errors.Is(err, errQuit) {
		fmt.Fprintln(stderr, "trihex:", err)
		return 1
	}
	return 0
}

var errQuit = errors.New("quit")

// scene is one screen of the app: the start screen, a game, a help page.
type scene interface {
	update(a *app) error
	draw(a *app, dst *ebiten.Image, t *render.Texts)
	// layout returns the positions for --layout-out, in device pixels.
	layout(a *app) (cells map[string][2]float64, buttons map[string]render.Rect)
}

// app is the ebiten.Game: it owns the window state and delegates to the scene.
type app struct {
	flags       *appFlags
	scene       scene
	overlay     scene // help pages drawn over the scene, nil when none
	w, h, scale float64
	texts       render.Texts

	layoutDirty bool // the layout changed: --layout-out is rewritten after the next frame
	title       string
	lastErr     string // shown briefly in the status line
	errUntil    time.Time

	chrome
	cfgDir         string // autosave and settings; "" when there is no such folder
	settings       save.Settings
	autosaveFailed bool
	quit           bool
	pendingPrompt  *pathPrompt // the path field to show if the native dialog fails
	fpsLogged      time.Time
	sound          *soundBox // nil: silent
	writer         *bgWriter // writes the autosave, record and settings; nil until needed
}

func newApp(f *appFlags) *app {
	a := &app{flags: f, layoutDirty: true}
	a.noDlg = f.noDialogs
	a.settings = save.DefaultSettings()
	dir, err := save.ConfigDir(f.configDir)
	var notices []string
	if err != nil {
		notices = append(notices, "No autosave or settings: "+err.Error())
	} else {
		a.cfgDir = dir
		var msg string
		a.settings, msg = save.LoadSettings(dir)
		if msg != "" {
			notices = append(notices, msg)
		}
	}
	a.settings.Theme = render.SetTheme(a.settings.Theme)
	a.sound = newSoundBox(a.volume())
	level := a.settings.Level
	if f.level != 0 {
		level = f.level // for this session only: not remembered
	}
	switch {
	case f.load != nil:
		p := a.newPlayFromGame(f.load)
		p.path = f.loadPath
		for i, side := range p.info.Players {
			// --white computer etc. override the record's players.
			if v, ok := f.players[strings.ToLower(side)]; ok {
				p.seats[i] = seat{computer: v == "computer", level: level}
			}
		}
		if len(f.players) > 0 {
			p.ai.paused = false // asked for on the command line: no need to press Space
		}
		p.picker.Reset(p.inputState())
		a.scene = p
	case f.game != "":
		info, _ := game.Lookup(f.game)
		opts, _ := info.ResolveOptions(f.options)
		var seats [2]seat
		for i, side := range info.Players {
			seats[i] = seat{computer: f.players[strings.ToLower(side)] == "computer", level: level}
		}
		a.scene = a.newPlay(info, opts, seats)
	default:
		st := a.newStart()
		if a.cfgDir != "" {
			g, msg, err := save.LoadAutosave(a.cfgDir)
			if msg != "" {
				notices = append(notices, msg)
			}
			if err != nil {
				notices = append(notices, err.Error())
			}
			if g != nil && len(g.Moves) > 0 && !g.Final.Result().Over {
				st.cont = g
			}
		}
		a.scene = st
	}
	if f.loadErr != nil {
		notices = append(notices, f.loadErr.Error())
	}
	if len(notices) > 0 {
		a.showError(strings.Join(notices, " · "))
	}
	return a
}

// closer is a scene with work to stop when it is left (a running search).
type closer interface{ close() }

func (a *app) setScene(s scene) {
	if c, ok := a.scene.(closer); ok {
		c.close()
	}
	a.scene = s
	a.overlay = nil
	a.layoutDirty = true
}

// stop ends the scene's work and remembers the settings, when the app ends.
func (a *app) stop() {
	if c, ok := a.scene.(closer); ok {
		c.close()
	}
	if !ebiten.IsFullscreen() {
		if w, h := ebiten.WindowSize(); w >= 320 && h >= 240 {
			a.settings.WindowW, a.settings.WindowH = w, h
		}
	}
	a.saveSettings()
	a.flushWrites() // the last moves and settings land before the app exits
}

// setError shows msg in the status line for a few seconds.
func (a *app) setError(msg string) {
	a.lastErr = msg
	a.errUntil = time.Now().Add(4 * time.Second)
}

func (a *app) Update() error {
	err := a.update()
	if p, ok := a.scene.(*play); ok {
		// Also while a menu or the help page has the input: Draw only reads.
		p.prepare(a)
	}
	if a.layoutDirty {
		a.layoutDirty = false
		a.writeLayout()
	}
	return err
}

func (a *app) update() error {
	a.reportWriteErrors()
	if keyPressed(ebiten.KeyF11) {
		ebiten.SetFullscreen(!ebiten.IsFullscreen())
	}
	title := "Trihex"
	if p, ok := a.scene.(*play); ok {
		title += " – " + p.info.Name
	}
	if title != a.title {
		ebiten.SetWindowTitle(title)
		a.title = title
	}
	if err := a.updateChrome(); err != nil {
		return err
	}
	if a.overlay != nil {
		if a.modal() || a.eaten {
			return nil
		}
		return a.overlay.update(a)
	}
	return a.scene.update(a)
}

func (a *app) Draw(screen *ebiten.Image) {
	if _, ok := a.scene.(*play); !ok {
		// The game screen covers every pixel with its opaque board layer and
		// panel; other scenes start from the background.
		screen.Fill(render.Background)
	}
	a.scene.draw(a, screen, &a.texts)
	if a.overlay != nil {
		a.texts.Flush(screen) // the scene's text goes under the overlay
		a.overlay.draw(a, screen, &a.texts)
	}
	a.texts.Flush(screen) // the menu and boxes go over the scene's text
	a.drawChrome(screen, &a.texts)
	if a.flags.fps {
		if now := time.Now(); now.Sub(a.fpsLogged) >= time.Second {
			a.fpsLogged = now
			fmt.Fprintf(os.Stderr, "fps %.1f tps %.1f\n", ebiten.ActualFPS(), ebiten.ActualTPS())
		}
		a.texts.Add(fmt.Sprintf("%.0f fps  %.0f tps", ebiten.ActualFPS(), ebiten.ActualTPS()),
			render.Face(12*a.scale, false), 8*a.scale, a.h-12*a.scale, render.Left, render.Warning)
	}
	// Text last, in one batch.
	a.texts.Flush(screen)
}

// LayoutF keeps one logical pixel per device pixel, so text and lines are crisp at
// device scale 1, 1.5 and 2.
func (a *app) LayoutF(ow, oh float64) (float64, float64) {
	s := 1.0
	if m := ebiten.Monitor(); m != nil {
		s = m.DeviceScaleFactor()
	}
	if s <= 0 {
		s = 1
	}
	w, h := ow*s, oh*s
	if a.flags.scale > 0 {
		// --scale: the same device pixels, drawn as a monitor of that scale would.
		s = a.flags.scale
	}
	if w != a.w || h != a.h || s != a.scale {
		a.w, a.h, a.scale = w, h, s
		a.layoutDirty = true
	}
	return w, h
}

// Layout is required by ebiten.Game; LayoutF takes precedence.
func (a *app) Layout(ow, oh int) (int, int) {
	w, h := a.LayoutF(float64(ow), float64(oh))
	return int(w), int(h)
}

// writeLayout writes --layout-out: cell centres and buttons in window pixels.
func (a *app) writeLayout() {
	if a.flags.layoutOut == "" || a.w == 0 {
		return
	}
	cells, buttons := a.scene.layout(a)
	for k, r := range a.chromeRects() {
		buttons[k] = r
	}
	out := struct {
		Game    string                `json:"game"`
		Size    [2]float64            `json:"size"`
		Cells   map[string][2]float64 `json:"cells"`
		Buttons map[string][4]float64 `json:"buttons"`
	}{Cells: map[string][2]float64{}, Buttons: map[string][4]float64{}}
	if p, ok := a.scene.(*play); ok {
		out.Game = p.info.Name
	}
	s := a.scale
	out.Size = [2]float64{round1(a.w / s), round1(a.h / s)}
	for k, c := range cells {
		out.Cells[k] = [2]float64{round1(c[0] / s), round1(c[1] / s)}
	}
	for k, r := range buttons {
		out.Buttons[k] = [4]float64{round1(r.X / s), round1(r.Y / s), round1(r.W / s), round1(r.H / s)}
	}
	data, err := json.MarshalIndent(out, "", " ")
	if err == nil {
		tmp := a.flags.layoutOut + ".tmp"
		if err = os.WriteFile(tmp, data, 0o644); err == nil {
			err = os.Rename(tmp, a.flags.layoutOut)
		}
	}
	if err != nil {
		a.setError("layout-out: " + err.Error())
	}
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
