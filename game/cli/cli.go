// Package cli holds the plumbing of trihex's headless subcommands (Flags, the
// preamble every command shares: flags after the arguments, usage errors, exit
// codes) and the commands that run the rules and records: perft, moves, bench
// and check. Each command takes its arguments and writers and returns the exit
// status: 0, 1 for a failure, 2 for a usage error.
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

// Flags is the preamble every headless command shares: its flag set, parsed
// wherever the flags stand, the count of positional arguments, the common
// checks, and errors printed with the command's usage line.
type Flags struct {
	*flag.FlagSet
	usage   string
	stderr  io.Writer
	threads *int
}

// NewFlags returns the flags of the command name, whose usage line is usage;
// Fail prints to stderr.
func NewFlags(name, usage string, stderr io.Writer) *Flags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed by Fail, with the usage line
	return &Flags{FlagSet: fs, usage: usage, stderr: stderr}
}

// Threads adds --threads with the default def; Parse refuses fewer than 1.
func (f *Flags) Threads(def int, help string) *int {
	f.threads = f.Int("threads", def, help)
	return f.threads
}

// Parse parses args, the flags wherever they stand, and returns the positional
// arguments. With want ≥ 0 another count of them is the UsageError msg, or
// without one, for a command that takes none, "unexpected argument".
func (f *Flags) Parse(args []string, want int, msg string) ([]string, error) {
	pos, err := SplitFlags(f.FlagSet, args)
	switch {
	case err != nil:
		return nil, err
	case want == 0 && len(pos) > 0 && msg == "":
		return nil, UsageError(fmt.Sprintf("unexpected argument %q", pos[0]))
	case want >= 0 && len(pos) != want:
		return nil, UsageError(msg)
	case f.threads != nil && *f.threads < 1:
		return nil, UsageError(fmt.Sprintf("--threads %d: want 1 or more", *f.threads))
	}
	return pos, nil
}

// Set reports whether the flag name was given.
func (f *Flags) Set(name string) bool {
	set := false
	f.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// Fail prints err as Exit does, with the command's usage line, and returns the
// exit status.
func (f *Flags) Fail(err error) int { return Exit(err, f.stderr, f.usage) }

// Game looks the game name up in the registry; an unknown name is a
// UsageError, which names the games there are.
func Game(name string) (*game.Info, error) {
	info, err := game.Lookup(name)
	if err != nil {
		return nil, UsageError(err.Error())
	}
	return info, nil
}

// Start returns the start position of the game name under the rules options opts.
func Start(name, opts string) (game.State, error) {
	info, err := game.Lookup(name)
	if err != nil {
		return nil, err
	}
	return info.Start(opts)
}
