package ugi

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"trihex/ai"
	"trihex/game"
)

// Engine seats an external engine where Trihex's engines play (ai.Engine):
// the arena, the window's computer. Its process starts on the first move
// and lives until Close (ai.Release closes it). A failure ends it: Choose
// then answers with no move and Err says why, in a message that names the
// engine and what it did.
type Engine struct {
	spec     Spec
	limits   Limits
	defaults [][2]string // options sent only where the engine announces them

	mu     sync.Mutex // guards client and err against Close from another goroutine
	client *Client
	err    error

	start game.State  // the game's start, from Follow or the first position
	moves []game.Move // the moves to the position last asked
}

// NewEngine returns the engine spec describes, to play with lim (a zero lim:
// the spec's go, else a second a move).
func NewEngine(spec Spec, lim Limits) *Engine {
	if lim == (Limits{}) {
		lim.Go = spec.Go
	}
	return &Engine{spec: spec, limits: lim}
}

// Name is the engine's name: the engine file's, else the command's.
func (e *Engine) Name() string { return e.spec.Name }

// Spec is what the engine was made from.
func (e *Engine) Spec() Spec { return e.spec }

// SetDefault sets an option where the engine announces it and its spec
// does not set it (the arena's threads); it counts from the next process on.
func (e *Engine) SetDefault(name, value string) {
	e.defaults = append(e.defaults, [2]string{name, value})
}

// Follow tells the engine the game's moves before it chooses (ai.Follower):
// UGI sends positions as move lists from the start.
func (e *Engine) Follow(start game.State, moves []game.Move) {
	e.start, e.moves = start.Clone(), append([]game.Move(nil), moves...)
}

// Err is the failure that ended the engine, or nil.
func (e *Engine) Err() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.err
}

// Choose asks the engine for its move in pos, reached from the start by the
// moves Follow gave or, failing that, by one move after the engine's own
// last one.
func (e *Engine) Choose(ctx context.Context, pos game.State) ai.Info {
	if e.Err() != nil || pos.Result().Over {
		return ai.Info{}
	}
	start, moves, err := e.line(pos)
	if err == nil {
		err = e.dial(ctx, start)
	}
	var m game.Move
	if err == nil {
		e.mu.Lock()
		c := e.client
		e.mu.Unlock()
		m, err = c.Move(ctx, start, moves, e.limits)
	}
	if err != nil {
		e.mu.Lock()
		if e.err == nil {
			e.err = err
		}
		c := e.client
		e.mu.Unlock()
		if c != nil {
			c.Close()
		}
		return ai.Info{}
	}
	e.start, e.moves = start, append(moves, m)
	return ai.Info{Move: m, Value: 0.5, Mean: 0.5, PV: []game.Move{m}}
}

// line finds the moves from the start to pos.
func (e *Engine) line(pos game.State) (game.State, []game.Move, error) {
	if e.start != nil {
		s := e.start.Clone()
		for _, m := range e.moves {
			s.Apply(m)
		}
		if s.Ply() == pos.Ply() && s.Hash() == pos.Hash() {
			return e.start, e.moves, nil
		}
		if s.Ply()+1 == pos.Ply() {
			for _, m := range s.LegalMoves(nil) {
				t := s.Clone()
				t.Apply(m)
				if t.Hash() == pos.Hash() {
					return e.start, append(e.moves, m), nil
				}
			}
		}
	}
	if pos.Ply() == 0 {
		return pos.Clone(), nil, nil
	}
	return nil, nil, &Error{Engine: e.spec.Name, Kind: ErrRefused, Detail: "Trihex does not know the moves that led to this position, and UGI sends positions as moves"}
}

// dial starts the process for a game from start, once: the rules options
// that are not the game's defaults go to the engine as options, which it
// must announce.
func (e *Engine) dial(ctx context.Context, start game.State) error {
	e.mu.Lock()
	c := e.client
	e.mu.Unlock()
	if c != nil {
		return nil
	}
	c, err := Dial(ctx, e.spec.Command, e.spec.Options, e.spec.Timeouts)
	if err == nil {
		err = e.sendDefaults(ctx, c)
	}
	if err != nil {
		if ue, ok := err.(*Error); ok && e.spec.Name != "" {
			ue.Engine = e.spec.Name
		}
		return err
	}
	e.mu.Lock()
	e.client = c
	closed := e.err != nil
	e.mu.Unlock()
	if closed {
		c.Close()
		return e.Err()
	}
	c.Name = e.spec.Name
	info := start.Info()
	if c.HasOption("game") {
		// An engine of several games (trihex ugi without --game) is told which.
		if err := c.send("setoption name game value " + info.Name); err != nil {
			return err
		}
	}
	for i, o := range start.Options() {
		if o.Value == info.Options[i].Values[0] {
			continue
		}
		if !c.HasOption(o.Key) {
			return c.fail(ErrRefused, fmt.Sprintf("it does not know the rules option %s=%s", o.Key, o.Value))
		}
		if err := c.send("setoption name " + o.Key + " value " + o.Value); err != nil {
			return err
		}
	}
	return c.NewGame(ctx)
}

// sendDefaults sends the defaults the engine announces and its spec does not set.
func (e *Engine) sendDefaults(ctx context.Context, c *Client) error {
	sent := false
	for _, d := range e.defaults {
		set := !c.HasOption(d[0])
		for _, o := range e.spec.Options {
			set = set || strings.EqualFold(o[0], d[0])
		}
		if set {
			continue
		}
		if err := c.send("setoption name " + d[0] + " value " + d[1]); err != nil {
			return err
		}
		sent = true
	}
	if sent {
		if err := c.ready(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Close ends the engine's process (ai.Release calls it) without waiting for
// it: quit, and a kill if it has not exited within the quit timeout. A move
// being chosen returns with the engine's failure.
func (e *Engine) Close() error {
	e.mu.Lock()
	c := e.client
	if e.err == nil {
		e.err = &Error{Engine: e.spec.Name, Kind: ErrCrashed, Detail: "it was closed"}
	}
	e.mu.Unlock()
	if c != nil {
		// On its own goroutine: the window closes an engine from its frame,
		// which must not wait for the process to quit.
		go c.Close()
	}
	return nil
}
