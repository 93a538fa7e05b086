package ui

import (
	"strings"
	"testing"

	"trihex/save"
)

// TestContinuable: the start screen offers Continue for an unfinished game, and
// for a series' finished game with games still to come.
func TestContinuable(t *testing.T) {
	const moves = "1. 0,1 -1,1 2. -1,0 0,-1 3. 1,-1 1,1 4. 0,2 -1,2 5. 2,-1 2,-2 6. 1,-2 2,0\n" +
		"7. 3,-1 2,1 8. 3,0 3,1 9. 4,-1 4,-2 10. 3,-2 3,-3 11. 4,-3 5,-3 12. 5,-4 2,2\n13. 6,-4 6,-5 14. 5,-2 5,-1 15. 6,-3\n"
	cases := []struct {
		tags, moves string
		want        bool
	}{
		{"", "", false},
		{"", "1. 0,1 -1,1\n", true},
		{"", moves, false}, // over: nothing to continue
		{`[Series "game 1 of 2, points 0-0"]` + "\n", moves, true},
		{`[Series "game 2 of 2, points 12-0"]` + "\n", moves, false}, // the series is over too
	}
	for _, c := range cases {
		rec := "[Game \"Andantino\"]\n" + c.tags + "\n" + c.moves
		g, err := save.Read(strings.NewReader(rec))
		if err != nil {
			t.Fatalf("%q: %v", rec, err)
		}
		if got := continuable(g); got != c.want {
			t.Errorf("%s%s: continuable %v, want %v", c.tags, c.moves, got, c.want)
		}
	}
	if continuable(nil) {
		t.Error("no autosave")
	}
}
