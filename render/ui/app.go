package ui

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
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
		f.load, f.loadErr = save.ReadFile(f.loadPath)
		if f.loadErr != nil {
			f.loadPath = ""
		}
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
		f.loadPath = *load
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
