package analysis

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"trihex/ai"
	_ "trihex/ai/all"
	"trihex/game"
	_ "trihex/game/all"
	"trihex/save"
)

// load reads a record of testdata.
func load(t *testing.T, name string) *save.Game {
	t.Helper()
	g, err := save.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// after returns the position after the first n moves of g's main line.
func after(g *save.Game, n int) game.State {
	s := g.Start.Clone()
	for _, m := range g.Moves[:n] {
		s.Apply(m)
	}
	return s
}

// winsNow reports whether m wins at once for the side to move in s.
func winsNow(s game.State, m game.Move) bool {
	c := s.Clone()
	c.Apply(m)
	r := c.Result()
	return r.Over && r.Winner == s.ToMove()
}

// safeMoves are the moves of s after which the opponent cannot win at once.
func safeMoves(s game.State) map[game.Move]bool {
	safe := map[game.Move]bool{}
	for _, m := range s.LegalMoves(nil) {
		c := s.Clone()
		c.Apply(m)
		ok := true
		for _, r := range c.LegalMoves(nil) {
			if winsNow(c, r) {
				ok = false
				break
			}
		}
		if ok {
			safe[m] = true
		}
	}
	return safe
}

// TestReviewMarksBlunder: in records where a move hands the opponent an
// immediate win that another move prevents, the review marks that move ?? with
// the engine's move among those that prevent it (in Andantino the only one:
// taking the cell of White's five), and does not mark the winning move, whose
// After is exact. Only the last plies are reviewed, at the default budget.
func TestReviewMarksBlunder(t *testing.T) {
	for _, c := range []struct {
		file    string
		blunder int    // its ply
		better  string // the only move that prevents the loss, or "" when several do
	}{
		{"andantino-blunder.trihex", 30, "7,-2"},
		{"attangle-blunder.trihex", 57, ""},
	} {
		g := load(t, c.file)
		from := c.blunder - 3
		start := after(g, from)
		var calls [][2]int
		plies, err := Review(context.Background(), start, g.Moves[from:], Budget{}, func(done, total int) {
			calls = append(calls, [2]int{done, total})
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(plies) != len(g.Moves)-from {
			t.Fatalf("%s: %d plies", c.file, len(plies))
		}
		// Four positions are searched; the last, where the game is over, is not.
		if len(calls) != 5 || calls[0] != [2]int{0, 4} || calls[4] != [2]int{4, 4} {
			t.Errorf("%s: progress %v", c.file, calls)
		}
		b := plies[2]
		before := after(g, c.blunder-1)
		safe := safeMoves(before)
		if b.N != c.blunder || b.Move != before.FormatMove(g.Moves[c.blunder-1]) || safe[b.Played] {
			t.Fatalf("%s: ply %d %s is not the blunder (safe %v)", c.file, b.N, b.Move, safe[b.Played])
		}
		if b.Mark != Blunder || b.Drop < BlunderDrop || b.After != 0 {
			t.Errorf("%s: blunder %s %s marked %q: before %.3f after %.3f drop %.3f", c.file, b.Number, b.Move, b.Mark, b.Before, b.After, b.Drop)
		}
		if !safe[b.BestMove] || c.better != "" && b.Best != c.better {
			t.Errorf("%s: the engine's move %s does not prevent the loss (want %q)", c.file, b.Best, c.better)
		}
		if len(b.BestLine) == 0 || b.BestLine[0] != b.Best || b.BestValue < 0 || b.BestValue > 1 ||
			len(b.BestPV) != len(b.BestLine) || b.BestPV[0] != b.BestMove {
			t.Errorf("%s: best line %v %v, value %v", c.file, b.BestLine, b.BestPV, b.BestValue)
		}
		if want := "% → 0%, better " + b.Best + " ("; !strings.Contains(b.Comment(), want) {
			t.Errorf("%s: comment %q, want it to hold %q", c.file, b.Comment(), want)
		}
		w := plies[3]
		if w.Mark != "" || !w.Exact || w.After != 1 || w.Before != 1 {
			t.Errorf("%s: winning move %s marked %q, before %.3f, after %.3f exact %v", c.file, w.Move, w.Mark, w.Before, w.After, w.Exact)
		}
		for _, p := range plies {
			if p.BestIsMove && p.Mark != "" {
				t.Errorf("%s: the engine's own move %s marked %q", c.file, p.Move, p.Mark)
			}
		}
		// The engine's move instead of the blunder is not marked, and keeps the
		// mover's chance.
		alt, err := Review(context.Background(), before, []game.Move{b.BestMove}, Budget{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if alt[0].Mark != "" || alt[0].After < 0.25 {
			t.Errorf("%s: %s instead: marked %q, after %.3f", c.file, alt[0].Move, alt[0].Mark, alt[0].After)
		}
	}
}

// TestMarkFor: the thresholds, and no mark for the engine's own move.
func TestMarkFor(t *testing.T) {
	for _, c := range []struct {
		drop float64
		best bool
		want string
	}{
		{0.9, true, ""}, {0.30, false, "??"}, {0.29, false, "?"}, {0.20, false, "?"},
		{0.19, false, "?!"}, {0.10, false, "?!"}, {0.09, false, ""}, {-0.2, false, ""},
	} {
		if got := MarkFor(c.drop, c.best); got != c.want {
			t.Errorf("MarkFor(%v, %v) = %q, want %q", c.drop, c.best, got, c.want)
		}
	}
	for _, m := range []string{Blunder, Mistake, Inaccuracy} {
		if !save.ValidMark(m) {
			t.Errorf("%q is not a mark the record accepts", m)
		}
	}
}

// TestReviewCancel: cancelling stops a review promptly, directly and through
// StartReview, with an error that says so.
func TestReviewCancel(t *testing.T) {
	g := load(t, "attangle-blunder.trihex")
	slow := ai.NewAnalysis(ai.Analysis{Time: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	plies, err := ReviewWith(ctx, slow, g.Start, g.Moves, nil)
	if el := time.Since(t0); el > time.Second || plies != nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("review: %d plies, %v after %v", len(plies), err, el)
	}

	j := StartReview(g.Start, g.Moves, Budget{Time: time.Minute})
	time.Sleep(50 * time.Millisecond)
	if _, fin, _ := j.Result(); fin {
		t.Fatal("a review of a minute a position has finished")
	}
	t0 = time.Now()
	j.Cancel()
	select {
	case <-j.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("review still running 2 s after Cancel")
	}
	plies, fin, err := j.Result()
	if el := time.Since(t0); el > time.Second || !fin || plies != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("job: finished %v, %d plies, %v after %v", fin, len(plies), err, el)
	}
	if done, total := j.Progress(); done != 0 || total != len(g.Moves) {
		t.Errorf("job progress %d/%d, want 0/%d", done, total, len(g.Moves))
	}
}

// TestReviewJob: a review on its own goroutine ends with the plies Review
// gives.
func TestReviewJob(t *testing.T) {
	g := load(t, "andantino.trihex")
	b := Budget{Level: 1}
	j := StartReview(g.Start, g.Moves[:6], b)
	<-j.Done()
	plies, fin, err := j.Result()
	want, err2 := Review(context.Background(), g.Start, g.Moves[:6], b, nil)
	if !fin || err != nil || err2 != nil || len(plies) != 6 {
		t.Fatalf("job: %v %d plies %v; review: %v", fin, len(plies), err, err2)
	}
	for i := range want {
		if plies[i].Before != want[i].Before || plies[i].Best != want[i].Best {
			t.Errorf("ply %d: job %+v, review %+v", i+1, plies[i], want[i])
		}
	}
	if done, total := j.Progress(); done != 7 || total != 7 {
		t.Errorf("progress %d/%d, want 7/7", done, total)
	}
}

// TestReviewRefusesIllegalMove: a move that is not legal is an error naming it.
func TestReviewRefusesIllegalMove(t *testing.T) {
	g := load(t, "andantino.trihex")
	moves := append([]game.Move{}, g.Moves[:3]...)
	moves = append(moves, g.Moves[0]) // the first cell again
	if _, err := Review(context.Background(), g.Start, moves, Budget{Level: 1}, nil); err == nil || err.Error()[:len("analysis: move 4")] != "analysis: move 4" {
		t.Errorf("err = %v", err)
	}
	if _, err := Review(context.Background(), g.Start, nil, Budget{Level: 7}, nil); err == nil {
		t.Error("level 7 accepted (Expert is 6)")
	}
}
