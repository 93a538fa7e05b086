package ui

import (
	"fmt"

	"trihex/game"
	"trihex/game/andantino"
	"trihex/game/hex"
	"trihex/save"
)

// seriesRun is an Andantino series (RULES.md §4) around the game on the board:
// the totals before this game and who the two participants are. Participant 0
// had White in the first game; colours alternate.
type seriesRun struct {
	base  andantino.Series // the games before this one
	seats [2]seat          // per participant
}

// seriesChoices are the series lengths offered on the start screen (1: one game).
var seriesChoices = []int{1, 2, 4, 6}

// newSeriesRun starts a series of n games with seats as White and Red play the
// first game.
func newSeriesRun(n int, seats [2]seat) *seriesRun {
	return &seriesRun{base: andantino.Series{Games: n}, seats: seats}
}

// seriesFromTags restores a series from a record's Series tag and the seats of its
// game; nil when there is no (valid) tag.
func seriesFromTags(r *save.Record, seats [2]seat) *seriesRun {
	v, ok := r.Get(save.SeriesTag)
	if !ok {
		return nil
	}
	g, n, pts, err := save.ParseSeries(v)
	if err != nil {
		return nil
	}
	sr := &seriesRun{base: andantino.Series{Games: n, Played: g - 1, Totals: pts}}
	w := sr.base.WhitePlayer()
	sr.seats[w], sr.seats[1-w] = seats[0], seats[1]
	return sr
}

// tag is this game's Series tag.
func (sr *seriesRun) tag() save.Tag {
	return save.Tag{Name: save.SeriesTag, Value: save.FormatSeries(sr.base.Played+1, sr.base.Games, sr.base.Totals)}
}

// gameSeats are the seats of White and Red in this game.
func (sr *seriesRun) gameSeats() [2]seat {
	w := sr.base.WhitePlayer()
	return [2]seat{sr.seats[w], sr.seats[1-w]}
}

// participant is the participant playing side pl in this game.
func (sr *seriesRun) participant(pl game.Player) int {
	w := sr.base.WhitePlayer()
	if pl == game.First {
		return w
	}
	return 1 - w
}

// over reports whether the series is over once this game is counted.
func (sr *seriesRun) over(live game.State) bool {
	s := sr.now(live)
	return s.Over()
}

// now is the series with this game counted once it is over.
func (sr *seriesRun) now(live game.State) andantino.Series {
	s := sr.base
	if r := live.Result(); r.Over {
		_ = s.Record(r, tilesOn(live))
	}
	return s
}

// next is the series run for the game after this one.
func (sr *seriesRun) next(live game.State) *seriesRun {
	return &seriesRun{base: sr.now(live), seats: sr.seats}
}

func (sr *seriesRun) name(i int) string {
	n := fmt.Sprintf("Player %d", i+1)
	if sr.seats[i].computer {
		n += " (computer)"
	}
	return n
}

// summary is the series line of the panel: which game and the points.
func (sr *seriesRun) summary(live game.State) string {
	s := sr.now(live)
	return fmt.Sprintf("Series game %d of %d · P1 %d – P2 %d", sr.base.Played+1, s.Games, s.Totals[0], s.Totals[1])
}

// result is said under the game's result once it is over.
func (sr *seriesRun) result(live game.State) string {
	if !live.Result().Over {
		return ""
	}
	s := sr.now(live)
	if s.Over() {
		switch s.Leader() {
		case -1:
			return fmt.Sprintf("Series drawn %d–%d", s.Totals[0], s.Totals[1])
		default:
			w := s.Leader()
			return fmt.Sprintf("%s wins the series %d–%d", sr.name(w), s.Totals[w], s.Totals[1-w])
		}
	}
	return fmt.Sprintf("Series after %d of %d: P1 %d – P2 %d · N: next game", s.Played, s.Games, s.Totals[0], s.Totals[1])
}

// tilesOn counts the tiles on an Andantino surface.
func tilesOn(s game.State) int {
	sf, ok := s.(surface)
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

// nextSeriesGame starts the series' next game, colours swapped.
func (a *app) nextSeriesGame(p *play) {
	if !p.seriesNext() {
		return
	}
	sr := p.series.next(p.match.Live())
	np := a.newPlay(p.info, p.opts, sr.gameSeats())
	np.series = sr
	np.tags = append(np.tags, sr.tag())
	a.setScene(np)
}
