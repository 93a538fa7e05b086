package save

import (
	"fmt"
	"strings"
)

// SeriesTag is the record tag of a game played in an Andantino series
// (RULES.md §4). Its value says which game of how many it is and the points of the
// two participants before it, participant 1 first; participant 1 had White in the
// series' first game, so colours alternate from there:
//
//	[Series "game 2 of 4, points 38-0"]
const SeriesTag = "Series"

// MaxSeriesGames is the longest series a record may describe.
const MaxSeriesGames = 99

// FormatSeries is the Series tag's value for game number game (1-based) of games,
// with the points before it.
func FormatSeries(game, games int, points [2]int) string {
	return fmt.Sprintf("game %d of %d, points %d-%d", game, games, points[0], points[1])
}

// ParseSeries reads a Series tag's value.
func ParseSeries(v string) (game, games int, points [2]int, err error) {
	var rest string
	n, _ := fmt.Sscanf(strings.TrimSpace(v)+" .", "game %d of %d, points %d-%d %s", &game, &games, &points[0], &points[1], &rest)
	if n != 5 || rest != "." {
		return 0, 0, [2]int{}, fmt.Errorf("save: Series tag %q: want \"game N of M, points A-B\"", v)
	}
	if games < 1 || games > MaxSeriesGames || game < 1 || game > games {
		return 0, 0, [2]int{}, fmt.Errorf("save: Series tag %q: game %d of %d is out of range", v, game, games)
	}
	// A game scores at most 50 points.
	for _, p := range points {
		if p < 0 || p > 50*(game-1) {
			return 0, 0, [2]int{}, fmt.Errorf("save: Series tag %q: %d points after %d games is impossible", v, p, game-1)
		}
	}
	return game, games, points, nil
}
