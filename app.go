package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/render"
	"trihex/save"
)

const appUsage = "trihex [--game G | --load FILE] [--white|--black|--red human] [--options K=V,…] [--size WxH] [--layout-out FILE] [--record-out FILE] [--fps]"

// appFlags are the desktop app's command-line options.
type appFlags struct {
	game       string
	players    map[string]string // side name (lower case) → "human"
	options    string
	w, h       int
	layoutOut  string
	recordOut  string
	fps        bool
	fullscreen bool
	load       *save.Game // --load: a recorded game to continue
}

func parseAppFlags(args []string) (*appFlags, error) {
	f := &appFlags{players: map[string]string{}, w: 1280, h: 800}
	fs := flag.NewFlagSet("trihex", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&f.game, "game", "", "open straight into this game")
	for _, side := range []string{"white", "black", "red"} {
		side := side
		fs.Func(side, "who plays "+side+": human", func(v string) error {
			v = strings.ToLower(strings.TrimSpace(v))
			if v != "human" {
				return fmt.Errorf("player %q for %s: only human players exist so far", v, side)
			}
			f.players[side] = v
			return nil
		})
	}
	fs.StringVar(&f.options, "options", "", "rules options, key=value joined by commas")
	size := fs.String("size", "1280x800", "window size WxH")
	fs.StringVar(&f.layoutOut, "layout-out", "", "write cell and button positions as JSON after each layout")
	fs.StringVar(&f.recordOut, "record-out", "", "rewrite the game record after every move")
	fs.BoolVar(&f.fps, "fps", false, "show frames and updates per second")
	fs.BoolVar(&f.fullscreen, "fullscreen", false, "start in fullscreen")
	load := fs.String("load", "", "open a game record and continue it")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if _, err := fmt.Sscanf(*size, "%dx%d", &f.w, &f.h); err != nil || f.w < 320 || f.h < 240 || f.w > 10000 || f.h > 10000 {
		return nil, fmt.Errorf("--size %q: want WxH, at least 320x240", *size)
	}
	if *load != "" {
		file, err := os.Open(*load)
		if err != nil {
			return nil, err
		}
		defer file.Close()
		if f.load, err = save.Read(file); err != nil {
			return nil, fmt.Errorf("%s: %v", *load, err)
		}
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

// runApp opens the desktop app.
func runApp(args []string, stdout, stderr io.Writer) int {
	f, err := parseAppFlags(args)
	if err != nil {
		fmt.Fprintln(stderr, "trihex:", err)
		fmt.Fprintln(stderr, "usage:", appUsage)
		usage(stderr)
		return 2
	}
	a := newApp(f)
	ebiten.SetWindowTitle("Trihex")
	ebiten.SetWindowSize(f.w, f.h)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowIcon(appIcons())
	ebiten.SetFullscreen(f.fullscreen)
	if err := ebiten.RunGame(a); err != nil && !errors.Is(err, errQuit) {
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
}

func newApp(f *appFlags) *app {
	a := &app{flags: f, layoutDirty: true}
	switch {
	case f.load != nil:
		p := newPlay(f.load.Info, f.load.Start.Options())
		for _, m := range f.load.Moves {
			if err := p.match.Play(m); err != nil {
				break // cannot happen: save.Read replayed every move
			}
		}
		p.picker.Reset(p.inputState())
		a.scene = p
	case f.game != "":
		info, _ := game.Lookup(f.game)
		opts, _ := info.ResolveOptions(f.options)
		a.scene = newPlay(info, opts)
	default:
		a.scene = newStartScreen()
	}
	return a
}

func (a *app) setScene(s scene) {
	a.scene = s
	a.overlay = nil
	a.layoutDirty = true
}

// setError shows msg in the status line for a few seconds.
func (a *app) setError(msg string) {
	a.lastErr = msg
	a.errUntil = time.Now().Add(4 * time.Second)
}

func (a *app) Update() error {
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
	if a.overlay != nil {
		return a.overlay.update(a)
	}
	return a.scene.update(a)
}

func (a *app) Draw(screen *ebiten.Image) {
	screen.Fill(render.Background)
	a.scene.draw(a, screen, &a.texts)
	if a.overlay != nil {
		a.texts.Flush(screen) // the scene's text goes under the overlay
		a.overlay.draw(a, screen, &a.texts)
	}
	if a.flags.fps {
		a.texts.Add(fmt.Sprintf("%.0f fps  %.0f tps", ebiten.ActualFPS(), ebiten.ActualTPS()),
			render.Face(12*a.scale, false), 8*a.scale, a.h-12*a.scale, render.Left, render.Warning)
	}
	// Text last, in one batch.
	a.texts.Flush(screen)
	if a.layoutDirty {
		a.layoutDirty = false
		a.writeLayout()
	}
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
