package input

import (
	"strconv"
	"strings"

	"trihex/ai"
)

// Seat says who plays one side: a human, or the computer at a level.
type Seat struct {
	Computer bool
	Level    int // 1–5 or ai.Expert, for a computer; for a human, the level offered if it changes
	// Name is a human player's name as a record gave it ("" is "Human"), kept so
	// that saving the game again does not rename its players.
	Name string
}

// String names the seat on the start screen: "Human" or "Computer N".
func (s Seat) String() string {
	if s.Computer {
		return "Computer " + strconv.Itoa(s.Level)
	}
	return "Human"
}

// Tag is the player's name in a record: "Human" or the name the record gave,
// or "Trihex level N".
func (s Seat) Tag() string {
	if s.Computer {
		return "Trihex " + ai.LevelName(s.Level)
	}
	if s.Name != "" {
		return s.Name
	}
	return "Human"
}

// SeatFromTag reads a record's player tag back: the computer for "Trihex level N"
// (N from 1 to 5) or "Trihex Expert", otherwise a human of that name with the
// fallback level.
func SeatFromTag(v string, fallback int) Seat {
	if v == "Trihex Expert" {
		return Seat{Computer: true, Level: ai.Expert}
	}
	if rest, ok := strings.CutPrefix(v, "Trihex level "); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 1 && n <= 5 {
			return Seat{Computer: true, Level: n}
		}
	}
	name := strings.TrimSpace(v)
	if name == "Human" {
		name = ""
	}
	return Seat{Level: fallback, Name: name}
}
