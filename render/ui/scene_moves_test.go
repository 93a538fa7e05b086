package ui

import (
	"strings"
	"testing"

	"trihex/input"
)

// Moves built from clicks in each game, as the player makes them: Abande's
// placements and a step, Attangle's capture clicked target first and, undone,
// attackers first, Andantino's tiles with undo and redo, a losing cell clicked
// twice, and a continuation game's tile picked up and put down. The record ends
// with the moves.
func TestSceneMoves(t *testing.T) {
	cases := []struct {
		name  string
		w, h  float64
		setup func(sa *sceneApp)
		do    []string
		moves string
	}{
		{"abande", 1280, 800, func(sa *sceneApp) { sa.newGame("Abande", "", [2]input.Seat{}) },
			[]string{"click d4", "click d5", "click d6", "click e4", "click d6", "click d5", "click undo", "click redo"},
			"1. d4 d5 2. d6 e4 3. d6-d5"},
		{"attangle", 800, 600, func(sa *sceneApp) { sa.newGame("Attangle", "", [2]input.Seat{}) },
			[]string{"click a1", "click a2", "click a3", "click g1", "click a2", "click a1", "click a3", "key Ctrl+Z", "click a1", "click a3", "click a2"},
			"1. a1 a2 2. a3 g1 3. a1,a3-a2"},
		{"andantino", 1024, 700, func(sa *sceneApp) { sa.newGame("Andantino", "", [2]input.Seat{}) },
			[]string{"click 0,1", "click 1,-1", "click -1,1", "key Ctrl+Z", "key Ctrl+Y", "click 2,-1"},
			"1. 0,1 1,-1 2. -1,1 2,-1"},
		{"suicide", 1280, 800, func(sa *sceneApp) { sa.load(suicideRecord) }, []string{"click -1,1", "click -1,1"}, "19. -2,1 -1,1"},
		{"continuation", 1280, 800, func(sa *sceneApp) { sa.load(continuationRecord) }, []string{"click 1,-1", "click 0,1"}, "27. 1,-1-0,1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sa := newSceneApp(t, c.w, c.h)
			c.setup(sa)
			sa.run(c.do...)
			rec, err := sa.game().sess.Record()
			if err != nil || !strings.Contains(rec, c.moves) {
				t.Fatalf("record (%v):\n%s\nwant moves %q", err, rec, c.moves)
			}
		})
	}
}
