package ugi

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Spec is an external engine as a player names it.
type Spec struct {
	Name     string      // for players; the command when the file names none
	Command  string      // the command line that starts it
	Options  [][2]string // setoption name, value; in order
	Go       string      // the go arguments when nothing else sets the budget, e.g. "movetime 2000"
	Timeouts Timeouts
}

// IsSpec reports whether s names an external engine: "ugi:COMMAND", or an
// engine file, whose name ends in ".ugi".
func IsSpec(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "ugi:") || strings.HasSuffix(s, ".ugi")
}

// ParseSpec reads "ugi:COMMAND" or the path of an engine file.
func ParseSpec(s string) (Spec, error) {
	s = strings.TrimSpace(s)
	if cmd, ok := strings.CutPrefix(s, "ugi:"); ok {
		if _, err := splitCommand(cmd); err != nil {
			return Spec{}, fmt.Errorf("ugi: engine %q: %v", s, err)
		}
		return Spec{Name: strings.TrimSpace(cmd), Command: cmd}, nil
	}
	return ReadFile(s)
}

// maxFile bounds an engine file: a few lines are all it needs.
const maxFile = 64 << 10

// ReadFile reads an engine file. A relative program path in its command is
// taken from the file's folder.
func ReadFile(path string) (Spec, error) {
	b, err := os.ReadFile(path)
	if err == nil && len(b) > maxFile {
		err = fmt.Errorf("over %d bytes: not an engine file", maxFile)
	}
	if err != nil {
		return Spec{}, fmt.Errorf("ugi: engine file %s: %v", path, err)
	}
	sp, err := ParseFile(string(b))
	if err != nil {
		return Spec{}, fmt.Errorf("ugi: engine file %s: %v", path, err)
	}
	argv, _ := splitCommand(sp.Command)
	if p := argv[0]; strings.ContainsRune(p, filepath.Separator) && !filepath.IsAbs(p) {
		argv[0] = filepath.Join(filepath.Dir(path), p)
		sp.Command = joinCommand(argv)
	}
	return sp, nil
}

// ParseFile reads an engine file's text: lines "key = value", blank lines and
// lines starting with # skipped. Keys: name, command (required), go (the go
// arguments, default "movetime 1000"), timeout (seconds the engine may take
// to answer ugi or isready, and beyond a move's own time to answer go, before
// it is judged silent; default 10 and 5), and "option NAME"
// (any number, sent in order as setoption).
func ParseFile(text string) (Spec, error) {
	var sp Spec
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" {
			return sp, fmt.Errorf("line %d: want key = value, not %q", i+1, clip(line))
		}
		switch k := strings.ToLower(key); {
		case k == "name":
			sp.Name = value
		case k == "command":
			if _, err := splitCommand(value); err != nil {
				return sp, fmt.Errorf("line %d: command: %v", i+1, err)
			}
			sp.Command = value
		case k == "go":
			if _, err := parseGo(strings.Fields(value)); err != nil || value == "" {
				return sp, fmt.Errorf("line %d: go %q: want go's arguments, such as movetime 2000", i+1, clip(value))
			}
			sp.Go = value
		case k == "timeout":
			f, err := strconv.ParseFloat(value, 64)
			if err != nil || !(f > 0 && f <= 3600) {
				return sp, fmt.Errorf("line %d: timeout %q: want seconds, more than 0 and at most 3600", i+1, clip(value))
			}
			d := time.Duration(f * float64(time.Second))
			sp.Timeouts.Grace, sp.Timeouts.Handshake = d, d
		case strings.HasPrefix(k, "option "):
			name := strings.TrimSpace(key[len("option "):])
			if name == "" {
				return sp, fmt.Errorf("line %d: option without a name", i+1)
			}
			sp.Options = append(sp.Options, [2]string{name, value})
		default:
			return sp, fmt.Errorf("line %d: unknown key %q (name, command, go, timeout, option NAME)", i+1, clip(key))
		}
	}
	if sp.Command == "" {
		return sp, fmt.Errorf("no command line")
	}
	if sp.Name == "" {
		sp.Name = sp.Command
	}
	return sp, nil
}

// joinCommand writes words back as one command line, quoting where needed.
func joinCommand(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}

// Check starts the engine, shakes hands with it and ends it: an engine that
// cannot play is refused before any game.
func Check(ctx context.Context, sp Spec) error {
	c, err := Dial(ctx, sp.Command, sp.Options, sp.Timeouts)
	if err != nil {
		if ue, ok := err.(*Error); ok && sp.Name != "" {
			ue.Engine = sp.Name
		}
		return err
	}
	return c.Close()
}
