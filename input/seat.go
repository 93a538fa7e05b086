package input

import (
	"cmp"
	"strconv"
	"strings"

	"trihex/ai"
)

// SeatKind says who sits at one side of the board.
type SeatKind int8

// The kinds of seat. The zero Seat is the person at this screen.
const (
	// Human is a person at this screen: clicks and keys make the moves.
	Human SeatKind = iota
	// Computer is Trihex's own engine at Seat.Level, run by the session.
	Computer
	// Remote is a person on another machine: the network plays the moves and
	// carries the offers.
	Remote
	// Engine is an external engine program: Seat.Name names it and
	// Seat.Command (an engine file or a command line) runs it, spoken to in
	// UGI (engine.go); the session treats it as a program that plays (no undo
	// to it, no draw accepted by it).
	Engine
)

// Seat says who plays one side: the person here, the computer at a level, a
// person elsewhere, or an external engine. The session's policies (undo,
// takeback, hint, pause, who may resign or offer a draw) ask the seats through
// its own methods (CanUndo, CanPause, …); the view asks the session.
type Seat struct {
	Kind  SeatKind
	Level int // 1–5 or ai.Expert, for a computer; for a person, the level offered if it changes
	// Name is a person's name as a record or the network gave it ("" is
	// "Human"), kept so that saving the game again does not rename its
	// players; an engine's name.
	Name string
	// Command is the command line that runs an external engine.
	Command string
}

// SeatOf is the computer at level, or the person here offered that level.
func SeatOf(computer bool, level int) Seat {
	if computer {
		return Seat{Kind: Computer, Level: level}
	}
	return Seat{Level: level}
}

// Here reports whether the seat is a person at this screen.
func (s Seat) Here() bool { return s.Kind == Human }

// Program reports whether a program on this machine plays the seat: the
// computer or an external engine.
func (s Seat) Program() bool { return s.Kind == Computer || s.Kind == Engine }

// String names the seat on the start screen: "Human", "Computer N", or a remote
// person's or an engine's name.
func (s Seat) String() string {
	switch s.Kind {
	case Computer:
		return "Computer " + strconv.Itoa(s.Level)
	case Remote:
		return cmp.Or(s.Name, "Remote player")
	case Engine:
		return cmp.Or(s.Name, "Engine")
	}
	return "Human"
}

// Tag is the player's name in a record: "Human" or the name the record gave,
// "Trihex level N", or a remote person's or an engine's name.
func (s Seat) Tag() string {
	if s.Kind == Computer {
		return "Trihex " + ai.LevelName(s.Level)
	}
	if s.Name != "" {
		return s.Name
	}
	return s.String()
}

// SeatFromTag reads a record's player tag back: the computer for "Trihex level N"
// (N from 1 to 5) or "Trihex Expert", otherwise a person here of that name with
// the fallback level (a remote person or an engine of a saved game is played on
// at this screen).
func SeatFromTag(v string, fallback int) Seat {
	if v == "Trihex Expert" {
		return Seat{Kind: Computer, Level: ai.Expert}
	}
	if rest, ok := strings.CutPrefix(v, "Trihex level "); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 1 && n <= 5 {
			return Seat{Kind: Computer, Level: n}
		}
	}
	name := strings.TrimSpace(v)
	if name == "Human" {
		name = ""
	}
	return Seat{Level: fallback, Name: name}
}
