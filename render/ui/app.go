package ui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game/clock"
	"trihex/save"
)

// Options are the desktop app's command-line choices, parsed by package main.
type Options struct {
	Game       string            // open straight into this game
	Players    map[string]string // side name (lower case) → "human" or "computer"
	Level      int               // computer level for this session; 0: the remembered one
	Rules      string            // rules options of Game, key=value joined by commas
	W, H       int               // window size; 0: the remembered one
	Fullscreen bool
	File       string     // a record given by the desktop or the shell: a bad one is said in the window
	Load       *save.Game // --load: a record already read (a bad one never gets here)
	LoadPath   string
	ConfigDir  string  // folder of the autosave and settings; "": the user's
	LayoutOut  string  // testing: write the layout as JSON whenever it changes
	RecordOut  string  // testing: rewrite the record after every move
	FPS        bool    // show and log frames and updates per second
	NoDialogs  bool    // testing: the path field instead of the native dialogs
	Scale      float64 // testing: draw at this device scale; 0: the monitor's
	CPUProfile string  // testing: write a CPU profile of the session
	// Clock is --clock's time control for a game opened with Game; the zero
	// Control: no clock.
	Clock clock.Control
	// TimeScale runs the game clocks this many times faster (testing: a flag
	// falls in seconds); 0 or 1: real time.
	TimeScale float64
	// OnlineListen is where Host on this network listens (testing:
	// 127.0.0.1:0); "": every address, any free port.
	OnlineListen string
}

// MinWindowW and MinWindowH are the smallest window, in device-independent
// pixels.
const (
	MinWindowW = 800
	MinWindowH = 600
)

// Run opens the desktop app and returns the process's exit status once the window
// closes.
func Run(f Options, stderr io.Writer) int {
	a := newApp(&f)
	a.prefs.sound.setLog(stderr) // one line when no sound device plays
	if f.W == 0 || f.H == 0 {
		f.W, f.H = a.prefs.settings.WindowW, a.prefs.settings.WindowH
	}
	ebiten.SetWindowTitle("Trihex")
	if f.Scale > 0 {
		// As a monitor of that scale would: the same logical size, more pixels.
		ebiten.SetWindowSize(int(float64(f.W)*f.Scale), int(float64(f.H)*f.Scale))
	} else {
		ebiten.SetWindowSize(f.W, f.H)
	}
	// Closing the window goes through Quit, which asks about unsaved moves.
	ebiten.SetWindowClosingHandled(true)
	// Draw covers the whole window, so Ebitengine need not clear it first: under
	// software GL a full-window fill costs about a tenth of the frame rate.
	ebiten.SetScreenClearedEveryFrame(false)

	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// Below this the panel's fixed parts (the player boxes, the buttons) leave
	// the move list no room.
	ebiten.SetWindowSizeLimits(MinWindowW, MinWindowH, -1, -1)
	ebiten.SetWindowIcon(appIcons())
	if st := a.prefs.settings; st.WindowPlaced && f.Scale == 0 {
		ebiten.SetWindowPosition(st.WindowX, st.WindowY)
	}
	ebiten.SetFullscreen(f.Fullscreen || a.prefs.settings.Fullscreen)
	if f.CPUProfile != "" {
		if pf, err := os.Create(f.CPUProfile); err == nil {
			defer pf.Close() // after the profile is stopped (defers run last first)
			if pprof.StartCPUProfile(pf) == nil {
				defer pprof.StopCPUProfile()
			}
		}
	}
	// The X11 class names the window for the desktop entry's StartupWMClass.
	err := ebiten.RunGameWithOptions(a, &ebiten.RunGameOptions{X11ClassName: "Trihex", X11InstanceName: "trihex"})
	a.stop()
	if err != nil && !errors.Is(err, errQuit) {
		fmt.Fprintln(stderr, "trihex:", err)
		return 1
	}
	return 0
}
