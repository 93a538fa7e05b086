// Command trihex plays Abande, Attangle and Andantino. Without a subcommand it
// opens the desktop app; the subcommands in the table below run without a display.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"trihex/ai/arena"
	"trihex/assets/desktop"
	_ "trihex/game/all"
	"trihex/game/cli"
	"trihex/render/ui"
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
	{"arena", arena.ArenaUsage, arena.Arena},
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
	code := ui.Run(args, stdout, stderr)
	if code == 2 { // a bad flag: ui.Run printed the app's usage line
		usage(stderr)
	}
	return code
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
