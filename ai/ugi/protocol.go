// Package ugi speaks the Universal Game Interface, the UCI-like text protocol
// of game-agnostic engines and match runners (cutegames): Serve runs Trihex's
// engine behind it (`trihex ugi`), Dial plays an external engine through it,
// checked move by move by the rules, and External seats such an engine where
// an ai.Engine plays (the arena, the window). Moves are written in each game's
// own notation (RULES.md), the spellings FormatMove writes and ParseMove reads.
package ugi

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A command is one line a controller sends the engine, parsed.
type command struct {
	name string   // "ugi", "isready", "setoption", "position", "go", …; "" for an empty line
	args []string // the words after the name
	// setoption
	option, value string
	// position
	fen   string   // the text after "fen", or "" for startpos
	moves []string // the moves after "moves"
	// go
	search goArgs
}

// goArgs are a go command's limits; zero where not given.
type goArgs struct {
	time      [2]time.Duration // p1time, p2time: the clock of each side
	inc       [2]time.Duration
	clock     bool // a clock was given (p1time or p2time)
	movesToGo int
	moveTime  time.Duration
	nodes     int
	depth     int
	infinite  bool
}

// maxLine bounds a line either side reads: a position's move list fits many
// times over, and a peer cannot grow a buffer without bound.
const maxLine = 1 << 20

// parseCommand reads one line sent to the engine. An unknown command comes back
// by name, for the caller to refuse; a known one with bad arguments is an error
// that says what is wrong.
func parseCommand(line string) (command, error) {
	words := strings.Fields(line)
	if len(words) == 0 {
		return command{}, nil
	}
	c := command{name: words[0], args: words[1:]}
	switch c.name {
	case "setoption":
		return c, c.parseSetOption()
	case "position":
		return c, c.parsePosition()
	case "go":
		g, err := parseGo(c.args)
		c.search = g
		return c, err
	case "query":
		if len(c.args) != 1 {
			return c, fmt.Errorf("query wants one of gameover, p1turn, result")
		}
	}
	return c, nil
}

// parseSetOption reads "setoption name NAME [value VALUE]"; the name and the
// value may hold spaces.
func (c *command) parseSetOption() error {
	a := c.args
	if len(a) < 2 || a[0] != "name" {
		return fmt.Errorf("setoption wants: setoption name NAME value VALUE")
	}
	i := 1
	for i < len(a) && a[i] != "value" {
		i++
	}
	c.option = strings.Join(a[1:i], " ")
	if c.option == "" {
		return fmt.Errorf("setoption: no option name")
	}
	if i < len(a) {
		c.value = strings.Join(a[i+1:], " ")
	}
	return nil
}

// parsePosition reads "position startpos|fen FEN… [moves M…]".
func (c *command) parsePosition() error {
	a := c.args
	if len(a) == 0 {
		return fmt.Errorf("position wants startpos or fen")
	}
	rest := a[1:]
	switch a[0] {
	case "startpos":
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		c.fen = strings.Join(rest[:i], " ")
		if c.fen == "" {
			return fmt.Errorf("position fen: no position given")
		}
		rest = rest[i:]
	default:
		return fmt.Errorf("position wants startpos or fen, not %q", a[0])
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("position: %q after the start, want moves", rest[0])
		}
		c.moves = rest[1:]
	}
	return nil
}

// parseGo reads a go command's limits. The UGI names are p1time, p2time,
// p1inc, p2inc; UCI's wtime, btime, winc, binc are read as the first and the
// second side's. Times are in milliseconds.
func parseGo(a []string) (goArgs, error) {
	var g goArgs
	for i := 0; i < len(a); i++ {
		key := a[i]
		if key == "infinite" {
			g.infinite = true
			continue
		}
		if key == "ponder" {
			return g, fmt.Errorf("go ponder is not supported")
		}
		if i+1 >= len(a) {
			return g, fmt.Errorf("go: %s wants a value", key)
		}
		v, err := strconv.ParseInt(a[i+1], 10, 64)
		if err != nil || v < 0 || v > 1<<40 {
			return g, fmt.Errorf("go: %s %q: want a whole number from 0", key, a[i+1])
		}
		i++
		ms := time.Duration(v) * time.Millisecond
		switch key {
		case "p1time", "wtime":
			g.time[0], g.clock = ms, true
		case "p2time", "btime":
			g.time[1], g.clock = ms, true
		case "p1inc", "winc":
			g.inc[0] = ms
		case "p2inc", "binc":
			g.inc[1] = ms
		case "movestogo":
			g.movesToGo = int(min(v, 1<<20))
		case "movetime":
			g.moveTime = ms
		case "nodes":
			g.nodes = int(v)
		case "depth":
			g.depth = int(min(v, 1<<10))
		default:
			return g, fmt.Errorf("go: unknown limit %q", key)
		}
	}
	return g, nil
}
