package andantino

import "trihex/game"

// SeriesPoints is what a game scores in a series (RULES.md §4): for the winner, 50
// minus the tiles on the surface at the end (both colours, the two starting tiles
// included); nothing for a draw or an unfinished game.
func SeriesPoints(res game.Result, tilesOnSurface int) int {
	if !res.Over || res.Winner == game.NoPlayer {
		return 0
	}
	return 50 - tilesOnSurface
}

// Points is SeriesPoints for the game in s: Info.SeriesPoints.
func (s *State) Points() int { return SeriesPoints(s.res, s.nTiles) }
