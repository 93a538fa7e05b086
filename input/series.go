package input

import (
	"fmt"

	"trihex/game"
	"trihex/game/andantino"
	"trihex/game/hex"
	"trihex/save"
)

// Series is an Andantino series (RULES.md §4) around the game on the board: the
// totals before this game and who the two participants are. Participant 0 had
// White in the first game; colours alternate.
type Series struct {
	base  andantino.Series // the games before this one
	seats [2]Seat          // per participant
}

// NewSeries starts a series of n games with seats as White and Red play the
// first game.
func NewSeries(n int, seats [2]Seat) *Series {
	return &Series{base: andantino.Series{Games: n}, seats: seats}
}

// SeriesFromTags restores a series from a record's Series tag and the seats of
// its game (White, Red); nil when there is no valid tag.
func SeriesFromTags(r *save.Record, seats [2]Seat) *Series {
	v, ok := r.Get(save.SeriesTag)
	if !ok {
		return nil
	}
	g, n, pts, err := save.ParseSeries(v)
	if err != nil {
		return nil
	}
	sr := &Series{base: andantino.Series{Games: n, Played: g - 1, Totals: pts}}
	w := sr.base.WhitePlayer()
	sr.seats[w], sr.seats[1-w] = seats[0], seats[1]
	return sr
}

// Tag is this game's Series tag.
func (sr *Series) Tag() save.Tag {
	return save.Tag{Name: save.SeriesTag, Value: save.FormatSeries(sr.base.Played+1, sr.base.Games, sr.base.Totals)}
}

// GameSeats are the seats of White and Red in this game.
func (sr *Series) GameSeats() [2]Seat {
	w := sr.base.WhitePlayer()
	return [2]Seat{sr.seats[w], sr.seats[1-w]}
}

// Participant is the participant (0 or 1) playing side pl in this game.
func (sr *Series) Participant(pl game.Player) int {
	w := sr.base.WhitePlayer()
	if pl == game.First {
		return w
	}
	return 1 - w
}

// Over reports whether the series is over once this game is counted.
func (sr *Series) Over(live game.State) bool {
	s := sr.Now(live)
	return s.Over()
}

// Now is the series with this game counted once it is over.
func (sr *Series) Now(live game.State) andantino.Series {
	s := sr.base
	if r := live.Result(); r.Over {
		_ = s.Record(r, TilesOn(live)) // fails only for a series already over
	}
	return s
}

// Next is the series for the game after this one.
func (sr *Series) Next(live game.State) *Series {
	return &Series{base: sr.Now(live), seats: sr.seats}
}

// Name is participant i's name: "Player 1", "Player 2 (computer)".
func (sr *Series) Name(i int) string {
	n := fmt.Sprintf("Player %d", i+1)
	if sr.seats[i].Kind == Computer {
		n += " (computer)"
	}
	return n
}

// Summary is the series line of the panel: which game and the points.
func (sr *Series) Summary(live game.State) string {
	s := sr.Now(live)
	return fmt.Sprintf("Series game %d of %d · P1 %d – P2 %d", sr.base.Played+1, s.Games, s.Totals[0], s.Totals[1])
}

// Result is said under the game's result once it is over; "" before.
func (sr *Series) Result(live game.State) string {
	if !live.Result().Over {
		return ""
	}
	s := sr.Now(live)
	if s.Over() {
		w := s.Leader()
		if w < 0 {
			return fmt.Sprintf("Series drawn %d–%d", s.Totals[0], s.Totals[1])
		}
		return fmt.Sprintf("%s wins the series %d–%d", sr.Name(w), s.Totals[w], s.Totals[1-w])
	}
	return fmt.Sprintf("Series after %d of %d: P1 %d – P2 %d · N: next game", s.Played, s.Games, s.Totals[0], s.Totals[1])
}

// tileSurface is what an Andantino state offers beyond game.State, asked for
// through an interface so that input needs nothing of the game itself.
type tileSurface interface {
	At(hex.Coord) game.Player
	Bounds() (lo, hi hex.Coord)
}

// TilesOn counts the tiles on an Andantino surface (0 for the other games).
func TilesOn(s game.State) int {
	if e, ok := s.(endedState); ok {
		s = e.State
	}
	sf, ok := s.(tileSurface)
	if !ok {
		return 0
	}
	n := 0
	lo, hi := sf.Bounds()
	for r := lo.R; r <= hi.R; r++ {
		for q := lo.Q; q <= hi.Q; q++ {
			if sf.At(hex.Coord{Q: q, R: r}) != game.NoPlayer {
				n++
			}
		}
	}
	return n
}

// Ended is st as a game that ended there with r: st itself when r is the
// rules' own end or none, otherwise st whose Result is r (a resignation, a
// draw agreed, a flag), so that a series counts a game ended beyond the board.
func Ended(st game.State, r game.Result) game.State {
	if !r.Over || r.Termination == game.ByRules {
		return st
	}
	return endedState{st, r}
}

// endedState is a position whose game ended beyond the board.
type endedState struct {
	game.State
	res game.Result
}

func (e endedState) Result() game.Result { return e.res }

// Final is the live position as the series counts it: with the game's end
// beyond the board, if it has one (Ended).
func (s *Session) Final() game.State {
	r, _ := s.Match.Ending()
	return Ended(s.Match.Live(), r)
}
