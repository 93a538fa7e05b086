package andantino

import (
	"fmt"

	"trihex/game"
)

// SeriesPoints is what a game scores in a series (RULES.md §4): for the winner, 50
// minus the tiles on the surface at the end (both colours, the two starting tiles
// included); nothing for a draw or an unfinished game.
func SeriesPoints(res game.Result, tilesOnSurface int) int {
	if !res.Over || res.Winner == game.NoPlayer {
		return 0
	}
	return 50 - tilesOnSurface
}

// Points is SeriesPoints for the game in s.
func (s *State) Points() int { return SeriesPoints(s.res, s.nTiles) }

// Series tracks an agreed number of games between two participants, 0 and 1, who
// alternate colours: participant 0 has White in the first game.
type Series struct {
	Games  int    // games agreed
	Played int    // games recorded so far
	Totals [2]int // points per participant
}

// NewSeries starts a series of n games.
func NewSeries(n int) *Series { return &Series{Games: n} }

// WhitePlayer is the participant who has White in the next game.
func (s *Series) WhitePlayer() int { return s.Played % 2 }

// Record adds a finished game: its result (colours as played) and the tiles on the
// surface at its end.
func (s *Series) Record(res game.Result, tilesOnSurface int) error {
	if s.Over() {
		return fmt.Errorf("andantino: series of %d games is over", s.Games)
	}
	if !res.Over {
		return fmt.Errorf("andantino: game %d of the series is not finished", s.Played+1)
	}
	if res.Winner != game.NoPlayer {
		who := s.WhitePlayer()
		if res.Winner == game.Second {
			who = 1 - who
		}
		s.Totals[who] += SeriesPoints(res, tilesOnSurface)
	}
	s.Played++
	return nil
}

// Over reports whether all agreed games have been played.
func (s *Series) Over() bool { return s.Played >= s.Games }

// Leader is the participant with the higher total, or -1 when level.
func (s *Series) Leader() int {
	switch {
	case s.Totals[0] > s.Totals[1]:
		return 0
	case s.Totals[1] > s.Totals[0]:
		return 1
	}
	return -1
}
