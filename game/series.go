package game

import "fmt"

// Series tracks an agreed number of games between two participants, 0 and 1, who
// alternate sides: participant 0 has First in the first game. Only a game whose
// Info has SeriesPoints is played in series.
type Series struct {
	Games  int    // games agreed
	Played int    // games recorded so far
	Totals [2]int // points per participant
}

// FirstPlayer is the participant who has First in the next game.
func (s *Series) FirstPlayer() int { return s.Played % 2 }

// Record adds a finished game: its result (sides as played) and the points its
// winner scores (Info.SeriesPoints).
func (s *Series) Record(res Result, points int) error {
	if s.Over() {
		return fmt.Errorf("game: series of %d games is over", s.Games)
	}
	if !res.Over {
		return fmt.Errorf("game: game %d of the series is not finished", s.Played+1)
	}
	if res.Winner != NoPlayer {
		who := s.FirstPlayer()
		if res.Winner == Second {
			who = 1 - who
		}
		s.Totals[who] += points
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
