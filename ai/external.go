package ai

import "trihex/game"

// Follower is an engine that needs the game's moves and not only its
// position: an external engine, whose protocol sends positions as moves from
// the start (ai/ugi). The arena and the Player give it the moves before each
// Choose.
type Follower interface {
	Follow(start game.State, moves []game.Move)
}

// Failer is an engine that can fail (an external engine that crashed, fell
// silent or played a move that is not legal): after a Choose with no move,
// Err says why, in words that name the engine.
type Failer interface {
	Err() error
}

// EngineErr is e's failure, or nil when e cannot fail or has not.
func EngineErr(e Engine) error {
	if f, ok := e.(Failer); ok {
		return f.Err()
	}
	return nil
}
