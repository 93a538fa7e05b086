package save

import "testing"

func TestSeriesTag(t *testing.T) {
	for _, c := range []struct {
		game, games int
		points      [2]int
	}{{1, 2, [2]int{0, 0}}, {2, 4, [2]int{38, 0}}, {99, 99, [2]int{1000, 3000}}} {
		v := FormatSeries(c.game, c.games, c.points)
		g, n, p, err := ParseSeries(v)
		if err != nil || g != c.game || n != c.games || p != c.points {
			t.Errorf("%q: got %d %d %v %v", v, g, n, p, err)
		}
	}
	for _, bad := range []string{"", "game 0 of 2, points 0-0", "game 3 of 2, points 0-0", "game 1 of 100, points 0-0",
		"game 2 of 4, points 51-0", "game 2 of 4, points -1-0", "game 1 of 2, points 0-0 extra", "game x of 2", "game 1 of 2, points 0"} {
		if _, _, _, err := ParseSeries(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
