package input

import (
	"fmt"

	"trihex/game"
	"trihex/save"
)

// Series is a series of games (RULES.md §4 for Andantino; a game whose
// Info.SeriesPoints is set) around the game on the board: the totals before this
// game and who the two participants are. Participant 0 had the first side in the
// first game; sides alternate.
type Series struct {
	base  game.Series // the games before this one
	seats [2]Seat     // per participant
}

// NewSeries starts a series of n games with seats as the two sides play the
// first game.
func NewSeries(n int, seats [2]Seat) *Series {
	return &Series{base: game.Series{Games: n}, seats: seats}
}

// SeriesFromTags restores a series from a record's Series tag and the seats of
// its game (First, Second); nil when there is no valid tag.
func SeriesFromTags(r *save.Record, seats [2]Seat) *Series {
	v, ok := r.Get(save.SeriesTag)
	if !ok {
		return nil
	}
	g, n, pts, err := save.ParseSeries(v)
	if err != nil {
		return nil
	}
	sr := &Series{base: game.Series{Games: n, Played: g - 1, Totals: pts}}
	w := sr.base.FirstPlayer()
	sr.seats[w], sr.seats[1-w] = seats[0], seats[1]
	return sr
}

// Tag is this game's Series tag.
func (sr *Series) Tag() save.Tag {
	return save.Tag{Name: save.SeriesTag, Value: save.FormatSeries(sr.base.Played+1, sr.base.Games, sr.base.Totals)}
}

// GameSeats are the seats of the two sides in this game, First then Second.
func (sr *Series) GameSeats() [2]Seat {
	w := sr.base.FirstPlayer()
	return [2]Seat{sr.seats[w], sr.seats[1-w]}
}

// Participant is the participant (0 or 1) playing side pl in this game.
func (sr *Series) Participant(pl game.Player) int {
	w := sr.base.FirstPlayer()
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
func (sr *Series) Now(live game.State) game.Series {
	s := sr.base
	if r := live.Result(); r.Over {
		pts := 0
		if score := live.Info().SeriesPoints; score != nil {
			pts = score(live)
		}
		_ = s.Record(r, pts) // fails only for a series already over
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

// Final is the live position as the series counts it: with the game's end
// beyond the board, if it has one (game.Concluded).
func (s *Session) Final() game.State {
	r, _ := s.Match.Ending()
	return game.Concluded(s.Match.Live(), r)
}
