// Command trihex plays Abande, Attangle and Andantino. Without arguments it opens
// the desktop app; the subcommands perft, moves and bench run without a display.
package main

import (
	"fmt"
	"io"
	"os"

	_ "trihex/game/all"
	"trihex/render/ui"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if cmd, ok := headless[args[0]]; ok {
			return cmd(args[1:], stdout, stderr)
		}
		if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
			usage(stdout)
			return 0
		}
	}
	switch {
	case len(args) > 0 && args[0] == "install-desktop":
		return ui.InstallDesktop(args[1:], stdout, stderr)
	case len(args) > 0 && args[0] == "uninstall-desktop":
		return ui.UninstallDesktop(args[1:], stdout, stderr)
	}
	code := ui.Run(args, stdout, stderr)
	if code == 2 {
		usage(stderr)
	}
	return code
}

func usage(w io.Writer) {
	fmt.Fprintln(w, `usage:
  trihex                     open the desktop app
  `+perftUsage+`
  `+movesUsage+`
  `+benchUsage+`
  `+checkUsage+`
  `+thinkUsage+`
  `+arenaUsage)
}
