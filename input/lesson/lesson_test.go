package lesson

import (
	"slices"
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

// TestEveryLesson loads every shipped lesson (Load replays and checks each one
// against the rules, see verify) and then plays it through the runner: every
// anticipated wrong move gets its own text and leaves the position alone, a move
// nobody anticipated gets the step's else or the rules' reason, and the expected
// moves walk the lesson from its first step to Done.
func TestEveryLesson(t *testing.T) {
	ls, err := All()
	if err != nil {
		t.Fatal(err)
	}
	perGame := map[string]int{}
	for _, l := range ls {
		perGame[l.Game.Name]++
		t.Run(l.Name, func(t *testing.T) {
			texts(t, l)
			walk(t, l)
		})
	}
	for _, g := range game.Names() {
		if perGame[g] < 5 {
			t.Errorf("%s has %d lessons, want at least 5", g, perGame[g])
		}
	}
}

// texts checks that every text a player reads is there.
func texts(t *testing.T, l *Lesson) {
	t.Helper()
	if strings.TrimSpace(l.Title) == "" || strings.TrimSpace(l.Summary) == "" {
		t.Errorf("title %q, summary %q", l.Title, l.Summary)
	}
	for i, st := range l.Steps {
		if strings.TrimSpace(st.Say) == "" {
			t.Errorf("step %d (line %d): no say", i+1, st.Line)
		}
		if !st.Explain() && !st.Any && strings.TrimSpace(st.Else) == "" {
			t.Errorf("step %d (line %d): no else", i+1, st.Line)
		}
		for _, w := range st.Wrong {
			if strings.TrimSpace(w.Text) == "" {
				t.Errorf("step %d (line %d): wrong move without text", i+1, st.Line)
			}
		}
	}
}

// walk plays l through a runner with its expected moves.
func walk(t *testing.T, l *Lesson) {
	t.Helper()
	r := Start(l)
	for n := 0; !r.Done(); n++ {
		if n > len(l.Steps) {
			t.Fatal("the runner does not advance")
		}
		st, i := r.Step(), r.Index()
		pos := r.Position()
		if pos.Result().Over {
			t.Fatalf("step %d (line %d) starts in a finished game", i+1, st.Line)
		}
		for _, c := range st.Look {
			if !l.onBoard(pos, c) {
				t.Errorf("step %d: look %v is not on the board", i+1, c)
			}
		}
		unchanged := func(what string) {
			t.Helper()
			if r.Index() != i || r.Position().Hash() != pos.Hash() {
				t.Fatalf("step %d (line %d): %s changed the step or the position", i+1, st.Line, what)
			}
		}
		if st.Explain() {
			if legal := pos.LegalMoves(nil); len(legal) > 0 {
				if v := r.Try(legal[0]); v.OK || v.Text == "" {
					t.Errorf("step %d: a move on an explanation step gave %+v", i+1, v)
				}
				unchanged("a move on an explanation step")
			}
			shown, ok := r.Next()
			if !ok || !slices.Equal(shown, st.Reply) {
				t.Fatalf("step %d: Next = %v, %v; want the step's moves %v", i+1, shown, ok, st.Reply)
			}
			continue
		}
		if _, ok := r.Next(); ok {
			t.Fatalf("step %d: Next left a step that waits for a move", i+1)
		}
		for _, w := range st.Wrong {
			v := r.Try(w.Move)
			if v.OK || v.Text != w.Text || v.Illegal != w.Illegal {
				t.Errorf("step %d: wrong %s gave %+v", i+1, pos.FormatMove(w.Move), v)
			}
			unchanged("a wrong move")
			if w.Illegal {
				if text, ok := r.Refused(moveCells(pos, w.Move)); !ok || text == "" {
					t.Errorf("step %d: Refused(cells of %s) found nothing", i+1, pos.FormatMove(w.Move))
				}
			}
		}
		for _, m := range pos.LegalMoves(nil) {
			if !st.Any && !slices.Contains(st.Expect, m) && !st.wrong(m) {
				if v := r.Try(m); v.OK || v.Illegal || v.Text != st.Else {
					t.Errorf("step %d: the unanticipated %s gave %+v", i+1, pos.FormatMove(m), v)
				}
				unchanged("an unanticipated move")
			}
		}
		if v := r.Try(game.Move{}); v.OK || !v.Illegal || v.Text == "" {
			t.Errorf("step %d: the zero move gave %+v, want the rules' reason", i+1, v)
		}
		unchanged("an illegal move")
		right := firstAccepted(st, pos)
		v := r.Try(right)
		if !v.OK || v.Text != st.Right || !slices.Equal(v.Replies, st.Reply) {
			t.Fatalf("step %d: the expected %s gave %+v", i+1, pos.FormatMove(right), v)
		}
		if r.Index() != i+1 {
			t.Fatalf("step %d: a right move did not advance", i+1)
		}
	}
	if r.Step() != nil {
		t.Error("Step() is not nil when done")
	}
}

// TestCoverage holds the lessons to the rules list of the issue: every rule of
// docs/RULES.md and every option has a lesson whose expected move shows it,
// recognised by its check (proven against the rules when the lesson loads), or by
// the illegal move it warns about.
func TestCoverage(t *testing.T) {
	ls, err := All()
	if err != nil {
		t.Fatal(err)
	}
	type topic struct {
		game, options, check string
	}
	checks := []topic{
		{"Abande", "", "place"},          // entering and the band
		{"Abande", "", "capture"},        // capturing by stacking
		{"Abande", "", "height 3"},       // the height limit
		{"Abande", "", "pass"},           // passing
		{"Abande", "", "win two passes"}, // two passes end the game
		{"Abande", "", "score"},          // awake stacks score
		{"Attangle", "", "place"},        // placing
		{"Attangle", "", "capture"},      // the two-line capture
		{"Attangle", "", "pool"},         // the pool return
		{"Attangle", "", "height 3"},     // the height limit
		{"Attangle", "", "win three triples"},
		{"Attangle", "stalemate=draw", "draw stalemate"},
		{"Attangle", "stalemate=loss", "win stalemate"},
		{"Andantino", "", "touches 2"}, // the two-neighbour rule
		{"Andantino", "", "win line of five"},
		{"Andantino", "", "safe"}, // blocking a line
		{"Andantino", "", "win trap"},
		{"Andantino", "", "win trap with a gap"},
		{"Andantino", "", "loss suicide"},
		{"Andantino", "", "draw 50 tiles"},
		{"Andantino", "adjacency=once", "touches 1"},
		{"Andantino", "continuation=on", "relocate"},
		{"Andantino", "continuation=on", "draw repetition"},
		{"Andantino", "", "tiles"}, // series points
	}
	for _, want := range checks {
		found := false
		for _, l := range ls {
			if l.Game.Name != want.game || want.options != "" && !strings.Contains(l.Options.String(), want.options) {
				continue
			}
			for _, st := range l.Steps {
				for _, c := range st.Checks {
					found = found || c == want.check || strings.HasPrefix(c, want.check+" ")
				}
			}
		}
		if !found {
			t.Errorf("no %s lesson (%s) checks %q", want.game, want.options, want.check)
		}
	}
	// The rules a lesson teaches by warning about an illegal move.
	illegal := []struct {
		game, what string
		is         func(pos game.State, m game.Move) bool
	}{
		{"Abande", "a capture before Black has entered two pieces", func(pos game.State, m game.Move) bool {
			return pos.Ply() < 3 && strings.Contains(pos.FormatMove(m), "-")
		}},
		{"Abande", "a capture that splits the band", func(pos game.State, m game.Move) bool {
			return pos.Ply() >= 3 && capture(pos, m, 3) && stackOwnerMatch(pos, m)
		}},
		{"Abande", "a stack taller than three", func(pos game.State, m game.Move) bool {
			return strings.Contains(pos.FormatMove(m), "-") && !capture(pos, m, 3)
		}},
		{"Abande", "entering away from the band", func(pos game.State, m game.Move) bool {
			return pos.Ply() > 0 && len(moveCells(pos, m)) == 1
		}},
		{"Attangle", "placing on d4", func(pos game.State, m game.Move) bool {
			return pos.FormatMove(m) == "d4"
		}},
		{"Attangle", "a capture over a blocking piece", func(pos game.State, m game.Move) bool {
			return strings.Contains(pos.FormatMove(m), "-") && capture(pos, m, 4)
		}},
		{"Attangle", "a stack taller than three", func(pos game.State, m game.Move) bool {
			return strings.Contains(pos.FormatMove(m), "-") && !capture(pos, m, 4)
		}},
		{"Attangle", "placing with an empty pool", func(pos game.State, m game.Move) bool {
			p, ok := pos.(pooler)
			return ok && p.Pool(pos.ToMove()) == 0 && len(moveCells(pos, m)) == 1
		}},
		{"Andantino", "a tile touching one tile", func(pos game.State, m game.Move) bool {
			return len(moveCells(pos, m)) == 1 && touching(pos, moveCells(pos, m)[0]) == 1
		}},
		{"Andantino", "placing once all tiles are down", func(pos game.State, m game.Move) bool {
			s, ok := pos.(surface)
			return ok && s.TilesLeft(game.First)+s.TilesLeft(game.Second) == 0 && len(moveCells(pos, m)) == 1
		}},
	}
	for _, want := range illegal {
		found := false
		for _, l := range ls {
			if l.Game.Name != want.game {
				continue
			}
			r := Start(l)
			for !r.Done() {
				st, pos := r.Step(), r.Position()
				for _, w := range st.Wrong {
					found = found || w.Illegal && want.is(pos, w.Move)
				}
				if st.Explain() {
					r.Next()
				} else {
					r.Try(firstAccepted(st, pos))
				}
			}
		}
		if !found {
			t.Errorf("no %s lesson warns about %s", want.game, want.what)
		}
	}
}

// firstAccepted returns the first move the step accepts in pos.
func firstAccepted(st *Step, pos game.State) game.Move {
	if len(st.Expect) > 0 {
		return st.Expect[0]
	}
	for _, m := range pos.LegalMoves(nil) {
		if !st.wrong(m) {
			return m
		}
	}
	return game.Move{}
}

// capture reports whether the stacks a capture names (Abande from-to, Attangle
// a,b-target) would make a stack of at most three: for Attangle the sum less
// one (the piece back to the pool), so extra is 4 there and 3 for Abande.
func capture(pos game.State, m game.Move, extra int) bool {
	s, ok := pos.(stacker)
	if !ok {
		return false
	}
	sum := 0
	for _, c := range moveCells(pos, m) {
		p, _ := hex.PointAt(c)
		h, _ := s.Stack(p)
		sum += h
	}
	return sum <= extra
}

// stackOwnerMatch reports whether an Abande move goes from the mover's stack
// onto the opponent's, so that only the band can make it illegal.
func stackOwnerMatch(pos game.State, m game.Move) bool {
	s, ok := pos.(stacker)
	cells := moveCells(pos, m)
	if !ok || len(cells) != 2 {
		return false
	}
	top := func(c hex.Coord) game.Player {
		p, _ := hex.PointAt(c)
		h, layers := s.Stack(p)
		if h == 0 {
			return game.NoPlayer
		}
		return layers[h-1]
	}
	return top(cells[0]) == pos.ToMove() && top(cells[1]) == pos.ToMove().Other()
}

// touching counts the tiles next to c.
func touching(pos game.State, c hex.Coord) int {
	s, ok := pos.(surface)
	if !ok {
		return 0
	}
	n := 0
	for _, d := range hex.Dirs {
		if s.At(c.Add(d)) != game.NoPlayer {
			n++
		}
	}
	return n
}
