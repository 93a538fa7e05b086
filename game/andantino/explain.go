package andantino

import (
	"fmt"

	"trihex/game"
	"trihex/game/hex"
)

var _ game.Explainer = (*State)(nil)

// Refusal implements game.Explainer: why clicking c, with the cells sel already
// chosen, cannot lead to a legal move, in the player's words; "" when it can. A
// move names one cell (a placement) or, in the continuation, two: one of the
// mover's tiles and the empty cell it moves to, chosen in either order.
func (s *State) Refusal(sel []hex.Coord, c hex.Coord) string {
	return game.Refuse(Info, s.Result(), sel, c, s.refusal)
}

// PassRefusal implements game.Explainer: Andantino has no pass.
func (s *State) PassRefusal() string {
	if s.res.Over {
		return game.OverReason(Info, s.res)
	}
	return "there is no pass in Andantino"
}

// touching returns the number of tiles next to c.
func (s *State) touching(c hex.Coord) int {
	i, ok := s.cell(c.Q, c.R)
	if !ok {
		return 0
	}
	return int(s.grid[i]&countMask) / countUnit
}

// refusal is Refusal for a selection whose every cell was a target in turn.
func (s *State) refusal(sel []hex.Coord, c hex.Coord) string {
	me, opp := s.toMove, 1-s.toMove
	at := s.At(c)
	if !s.inCont {
		switch {
		case len(sel) > 0:
			return "a tile goes on one cell: that move is complete"
		case at != game.NoPlayer:
			return "that cell is taken"
		}
		return s.placeRefusal(s.touching(c))
	}
	theirs := "that tile is " + Info.Players[opp] + "'s: pick up one of your own tiles"
	switch len(sel) {
	case 0:
		switch at {
		case me:
			if s.movable(c) {
				return ""
			}
			return "that tile cannot move: without it, no free cell touches two tiles"
		case opp:
			return theirs
		}
		n := s.touching(c)
		if n >= 3 {
			return ""
		}
		if n == 2 {
			i := s.index(c.Q, c.R)
			for k := 0; k < s.nTiles; k++ {
				if t := s.tiles[k]; s.grid[t]&colourMask == byte(me)+1 && !s.adjacent(t, i) {
					return ""
				}
			}
			return "a tile must touch at least two tiles, not counting the one picked up"
		}
		return s.tooFew(n)
	case 1:
		x := sel[0]
		if s.At(x) == me { // the tile to move, then where
			switch at {
			case me:
				return "a move picks up one tile: " + cellText(x) + " is already picked up"
			case opp:
				return "that cell is taken"
			}
			if s.touching(c)-b2i(hex.Distance(x, c) == 1) < 2 {
				return "a tile must touch at least two tiles, not counting the one picked up"
			}
			return ""
		}
		switch at { // where, then the tile to move
		case game.NoPlayer:
			return "pick up one of your own tiles first"
		case opp:
			return theirs
		}
		if s.touching(x)-b2i(hex.Distance(x, c) == 1) < 2 {
			return "that tile cannot move there: without it, " + cellText(x) + " touches fewer than two tiles"
		}
		return ""
	}
	return "a move names two cells at most"
}

// movable reports whether the mover's tile on c has somewhere to go.
func (s *State) movable(c hex.Coord) bool {
	t := s.index(c.Q, c.R)
	for _, x := range s.legal {
		if s.grid[x]&countMask != 2*countUnit || !s.adjacent(t, x) {
			return true
		}
	}
	return false
}

// placeRefusal explains why a tile cannot be placed on an empty cell touching n
// tiles, or returns "".
func (s *State) placeRefusal(n int) string {
	if n >= 2 || n == 1 && s.onceOpen() {
		return ""
	}
	return s.tooFew(n)
}

// tooFew says that a cell touching n (< 2) tiles is too few, in the words of the
// adjacency option in effect.
func (s *State) tooFew(n int) string {
	touches := "this cell touches none"
	if n == 1 {
		touches = "this cell touches only one"
	}
	switch {
	case !s.once:
		return "strict adjacency: a tile must touch at least two tiles (" + touches + ")"
	case n == 0 || s.inCont:
		return "a tile must touch at least two tiles (" + touches + ")"
	case s.toMove == game.First:
		return fmt.Sprintf("a tile must touch at least two tiles: only %s may, once, place one touching a single tile", Info.Players[game.Second])
	}
	return fmt.Sprintf("a tile must touch at least two tiles: %s has used its one tile touching a single tile", Info.Players[game.Second])
}

func cellText(c hex.Coord) string { return fmt.Sprintf("%d,%d", c.Q, c.R) }
