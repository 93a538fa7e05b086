package ui

import (
	"strings"
	"testing"
	"time"

	"trihex/ai/puzzle"
)

// From the start screen through the list, the first lesson of each game: a wrong move is
// answered with its explanation, the right one with the lesson's reply; and the
// first Andantino puzzle: its goal, solved; a wrong answer refuted, after which
// the board offers nothing and a click says why. The answers' animations run on
// the app's clock ("wait").
func TestSceneLearn(t *testing.T) {
	pz, err := puzzle.Load("Andantino")
	if err != nil || len(pz) == 0 {
		t.Fatalf("puzzles: %v", err)
	}
	wrong := wrongAnswer(t, pz[0])
	cases := []struct {
		name string
		do   []string       // commands: click NAME, key CHORD, wait
		want map[int]string // after the command at this index: text the guide (or status) holds
	}{
		{"abande", []string{"click game-abande", "click learn-lessons", "click lesson-1", "click train-next", "click a1", "click d4", "wait"},
			map[int]string{4: "for this lesson put it on the centre, d4", 6: "White answers with a piece on c3"}},
		{"attangle", []string{"click game-attangle", "click learn-lessons", "click lesson-1", "click train-next", "click d4", "click a1", "wait"},
			map[int]string{4: "Nobody ever plays on d4", 6: "Your pool now holds 17 pieces"}},
		{"andantino", []string{"click game-andantino", "click learn-lessons", "click lesson-1", "click train-next", "click 0,1", "wait", "click train-next", "click 1,-1"},
			map[int]string{5: "Tiles of either colour count", 7: "which is legal, but this step asks for the"}},
		{"puzzle", []string{"click game-andantino", "click learn-puzzles", "click puzzle-1", "click " + pz[0].Answers[0], "wait"},
			map[int]string{1: "Puzzle 1: ", 2: "to play", 4: "Solved!"}},
		{"puzzle-wrong", []string{"click game-andantino", "click learn-puzzles", "click puzzle-1", "click " + wrong, "wait", "wait", "click " + wrong},
			map[int]string{5: "Not this one", 6: "no longer the puzzle's"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sa := newSceneApp(t, 1280, 800)
			for i, cmd := range c.do {
				if cmd == "wait" {
					sa.wait(time.Second)
				} else {
					sa.run(cmd)
				}
				want, ok := c.want[i]
				if !ok {
					continue
				}
				if v := sa.view(); !strings.Contains(v.Guide+" | "+v.Status, want) {
					t.Fatalf("after %q: guide %q, status %q; want %q", cmd, v.Guide, v.Status, want)
				}
			}
		})
	}
}
