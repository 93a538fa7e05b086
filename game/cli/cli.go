// Package cli holds the plumbing of trihex's headless subcommands (usage errors,
// exit codes, flags after the arguments) and the commands that run the rules and
// records: perft, moves, bench and check. Each command takes its arguments and
// writers and returns the exit status: 0, 1 for a failure, 2 for a usage error.
// The computer's commands, think and arena, are in trihex/ai/arena.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"trihex/game"
)

// UsageError is printed with the command's usage line and exit status 2.
type UsageError string

func (e UsageError) Error() string { return string(e) }

// Exit prints err, if any, as "trihex: err" on stderr and returns the exit status:
// 0 without an error, 2 after a UsageError (followed by the usage line), else 1.
func Exit(err error, stderr io.Writer, usage string) int {
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "trihex:", err)
	if _, ok := errors.AsType[UsageError](err); ok {
		fmt.Fprintln(stderr, "usage:", usage)
		return 2
	}
	return 1
}

// SplitFlags parses fs's flags wherever they stand, so that they may follow the
// positional arguments ("perft abande 4 --options x"), and returns the positional
// arguments. A bad flag is a UsageError.
func SplitFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, UsageError(err.Error())
		}
		args = fs.Args()
		if len(args) > 0 {
			pos = append(pos, args[0])
			args = args[1:]
		}
	}
	return pos, nil
}

// Start returns the start position of the game name under the rules options opts.
func Start(name, opts string) (game.State, error) {
	info, err := game.Lookup(name)
	if err != nil {
		return nil, err
	}
	return info.Start(opts)
}
