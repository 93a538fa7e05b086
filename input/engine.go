package input

import (
	"errors"
	"fmt"

	"trihex/ai"
	"trihex/ai/ugi"
	"trihex/game"
)

// seatEngines lets the computer player run the external engines of Engine
// seats, and gives them the game's moves (UGI sends positions as moves).
func (s *Session) seatEngines() {
	s.Computer.External = func(side game.Player) (ai.Engine, error) {
		seat := s.Seats[side]
		if seat.Kind != Engine {
			return nil, nil
		}
		return ExternalEngine(seat)
	}
	s.Computer.Line = func() (game.State, []game.Move) { return s.Match.Start(), s.Match.Moves() }
}

// ExternalEngine is the engine of an Engine seat: the engine file or the
// command line (with or without "ugi:") its Command names.
func ExternalEngine(seat Seat) (ai.Engine, error) {
	spec := seat.Command
	if !ugi.IsSpec(spec) {
		spec = "ugi:" + spec
	}
	sp, err := ugi.ParseSpec(spec)
	if err != nil {
		return nil, &EngineError{Name: seat.String(), Err: err}
	}
	if seat.Name != "" {
		sp.Name = seat.Name
	}
	return ugi.NewEngine(sp, ugi.Limits{}), nil
}

// engineToMove reports whether an external engine is to move in the game.
func (s *Session) engineToMove() bool {
	return !s.Result().Over && s.Seats[s.Match.Live().ToMove()].Kind == Engine
}

// EngineError is an external engine's failure, said to the player: which
// engine and what it did; the game it played ends.
type EngineError struct {
	Name string
	Err  error
}

func (e *EngineError) Error() string {
	if ue, ok := errors.AsType[*ugi.Error](e.Err); ok {
		detail := []rune(ue.Detail)
		if len(detail) > 70 {
			detail = append(detail[:69], '…')
		}
		return fmt.Sprintf("The engine %s %v, so its game ends (%s).", e.Name, ue.Kind, string(detail))
	}
	return fmt.Sprintf("The engine %s failed, so its game ends (%v).", e.Name, e.Err)
}

func (e *EngineError) Unwrap() error { return e.Err }

// engineFailed ends the game of an engine that failed: it loses by
// abandoning the game, and the player is told why.
func (s *Session) engineFailed(err error) []Event {
	side := s.Match.Live().ToMove()
	if _, ok := errors.AsType[*EngineError](err); !ok {
		err = &EngineError{Name: s.Seats[side].String(), Err: err}
	}
	// The end first: the window clears its message line on a change.
	evs := s.end(game.Ended(game.Abandoned, side.Other()))
	return append(evs, Event{Kind: Failed, Err: err})
}
