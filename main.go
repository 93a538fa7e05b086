// Command trihex plays Abande, Attangle and Andantino. Without a subcommand it
// opens the desktop app; the subcommands in the table below run without a display.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"trihex/ai"
	_ "trihex/ai/all"
	"trihex/ai/analysis"
	"trihex/ai/arena"
	"trihex/ai/ladder"
	"trihex/ai/puzzle"
	"trihex/ai/ugi"
	"trihex/assets/desktop"
	"trihex/game"
	_ "trihex/game/all"
	"trihex/game/cli"
	"trihex/game/clock"
	"trihex/online"
	"trihex/render/ui"
	"trihex/save"
)

// A command is a subcommand: trihex NAME ARGS… calls run with ARGS and exits with
// its status (0, 1 for a failure, 2 for a usage error).
type command struct {
	name  string
	usage string // the usage line, printed by trihex help
	run   func(args []string, stdout, stderr io.Writer) int
}

// commands are the subcommands, in the order trihex help lists them.
var commands = []command{
	{"perft", cli.PerftUsage, cli.Perft},
	{"moves", cli.MovesUsage, cli.Moves},
	{"bench", cli.BenchUsage, cli.Bench},
	{"check", cli.CheckUsage, cli.Check},
	{"think", arena.ThinkUsage, arena.Think},
	{"analyse", analysis.Usage, analysis.Command},
	{"arena", arena.ArenaUsage, arena.Arena},
	{"book", arena.BookUsage, arena.Book},
	{"ladder", ladder.Usage, ladder.Run},
	{"puzzles", puzzle.Usage, puzzle.Command},
	{"ugi", ugi.Usage, ugi.Command},
	{"serve", online.ServeUsage, online.Serve},
	{"bot", online.BotUsage, online.Bot},
	{"install-desktop", desktop.Usage, desktop.Install},
	{"uninstall-desktop", desktop.Usage, desktop.Uninstall},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole binary: a subcommand, help, or else the desktop app.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		for _, c := range commands {
			if args[0] == c.name {
				return c.run(args[1:], stdout, stderr)
			}
		}
		switch args[0] {
		case "help", "-h", "--help":
			usage(stdout)
			return 0
		}
	}
	opts, err := appOptions(args)
	if err != nil {
		fmt.Fprintln(stderr, "trihex:", err)
		fmt.Fprintln(stderr, "usage:", appUsage)
		usage(stderr)
		return 2
	}
	return ui.Run(opts, stderr)
}

const appUsage = "trihex [FILE.trihex] [--game G | --load FILE] [--white|--black|--red human|computer] [--level N] [--clock 3+2] [--options K=V,…] [--size WxH] [--config-dir DIR] [--layout-out FILE] [--record-out FILE] [--fps] [--scale S] [--no-dialogs]"

// appOptions parses the desktop app's flags. The file may come before or after
// them: the flag package stops at the first argument that is not a flag, so the
// parse goes on after each one.
func appOptions(args []string) (ui.Options, error) {
	o := ui.Options{Players: map[string]string{}}
	fs := cli.NewFlags("trihex", appUsage, nil)
	fs.StringVar(&o.Game, "game", "", "open straight into this game")
	for _, side := range []string{"white", "black", "red"} {
		fs.Func(side, "who plays "+side+": human or computer", func(v string) error {
			v = strings.ToLower(strings.TrimSpace(v))
			if v != "human" && v != "computer" {
				return fmt.Errorf("player %q for %s: want human or computer", v, side)
			}
			o.Players[side] = v
			return nil
		})
	}
	fs.StringVar(&o.Rules, "options", "", "rules options, key=value joined by commas")
	size := fs.String("size", "", "window size WxH")
	fs.StringVar(&o.LayoutOut, "layout-out", "", "write cell and button positions as JSON whenever they change")
	fs.StringVar(&o.OnlineListen, "online-listen", "", "where Host on this network listens (default: any address, a free port)")
	fs.StringVar(&o.RecordOut, "record-out", "", "rewrite the game record after every move")
	fs.BoolVar(&o.FPS, "fps", false, "show frames and updates per second (and log them each second)")
	fs.StringVar(&o.CPUProfile, "cpuprofile", "", "testing: write a CPU profile of the session")
	fs.BoolVar(&o.Fullscreen, "fullscreen", false, "start in fullscreen")
	load := fs.String("load", "", "open a game record and continue it")
	fs.IntVar(&o.Level, "level", 0, "computer level 1-5, 6 for Expert")
	fs.StringVar(&o.ConfigDir, "config-dir", "", "folder of the autosave and settings")
	fs.BoolVar(&o.NoDialogs, "no-dialogs", false, "ask for paths in the window instead of native dialogs")
	fs.Float64Var(&o.Scale, "scale", 0, "testing: draw at this device scale (1, 1.5, 2)")
	fs.Func("clock", "time control of the game --game opens: 3+2 (minutes + seconds a move), 10m 5x30s (byo-yomi)", func(v string) error {
		c, err := clock.ParseLabel(v)
		if err == nil && c.Kind == clock.Correspondence {
			err = errors.New("days a move are for games by mail: want minutes, such as 10+5")
		}
		if err != nil {
			return fmt.Errorf("--clock %q: %v", v, strings.TrimPrefix(err.Error(), "clock: "))
		}
		o.Clock = c
		return nil
	})
	fs.Float64Var(&o.TimeScale, "time-scale", 0, "testing: run the game clocks this many times faster")
	pos, err := fs.Parse(args, -1, "")
	switch {
	case err != nil:
		return o, err
	case len(pos) > 1 || (len(pos) == 1 && *load != ""):
		return o, fmt.Errorf("unexpected argument %q", pos[len(pos)-1])
	case o.Level != 0 && (o.Level < 1 || o.Level > ai.MaxLevel):
		return o, fmt.Errorf("--level %d: levels are 1 to 5, and 6 for Expert", o.Level)
	case o.Scale != 0 && (o.Scale < 0.5 || o.Scale > 4):
		return o, fmt.Errorf("--scale %g: want 0.5 to 4", o.Scale)
	case o.Game == "" && o.Rules != "":
		return o, errors.New("--options needs --game")
	case o.Game == "" && o.Clock.Kind != clock.NoClock:
		return o, errors.New("--clock needs --game (a loaded game keeps its own clock)")
	case o.TimeScale < 0 || o.TimeScale > 1000:
		return o, fmt.Errorf("--time-scale %g: want 0 to 1000", o.TimeScale)
	}
	if len(pos) == 1 {
		o.File = pos[0] // a bad file opens the window anyway and says why there
	}
	if *size != "" {
		if _, err := fmt.Sscanf(*size, "%dx%d", &o.W, &o.H); err != nil || o.W < ui.MinWindowW || o.H < ui.MinWindowH || o.W > 10000 || o.H > 10000 {
			return o, fmt.Errorf("--size %q: want WxH, at least %dx%d", *size, ui.MinWindowW, ui.MinWindowH)
		}
	}
	if *load != "" {
		g, err := save.ReadFile(*load)
		if fe, ok := errors.AsType[*save.FileError](err); ok {
			err = fmt.Errorf("%s: %v", *load, fe.Err) // named by the path as typed
		}
		if err != nil {
			return o, err
		}
		o.Load, o.LoadPath = g, *load
	}
	if o.Game != "" {
		info, err := game.Lookup(o.Game)
		if err == nil {
			_, err = info.ResolveOptions(o.Rules)
		}
		if err != nil {
			return o, err
		}
	}
	return o, nil
}

// usage prints the general usage: the app, then each subcommand's usage line.
func usage(w io.Writer) {
	var b strings.Builder
	b.WriteString("usage:\n  trihex                     open the desktop app\n")
	last := ""
	for _, c := range commands {
		if c.usage != last { // install-desktop and uninstall-desktop share a line
			b.WriteString("  " + c.usage + "\n")
		}
		last = c.usage
	}
	fmt.Fprint(w, b.String())
}
