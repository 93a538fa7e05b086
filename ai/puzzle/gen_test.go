package puzzle

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// scripted are small games given by hand (their moves from the start), with the
// puzzle the generator must find after the first n moves.
var scripted = []struct {
	game    string
	moves   string
	n       int
	kind    Kind
	answers string
}{
	// White threatens to close the ring around Red's 1,0 at 2,0; Red misses it
	// with 0,-2 and White traps.
	//
	//	   2   .
	//	   1  W W
	//	   0 W R .       ← 2,0
	//	  -1  W W
	//	  -2 R R .
	{"Andantino", "1,-1 0,-1 2,-1 2,-2 0,1 1,-2 1,1 0,-2", 7, Defend, "2,0"},
	{"Andantino", "1,-1 0,-1 2,-1 2,-2 0,1 1,-2 1,1 0,-2", 8, Win1, "2,0"},
	// White's four on row 1 (-2,1 to 1,1), open at 2,1 only.
	//
	//	   2  R R .
	//	   1 W W W W .   ← 2,1
	//	   0  . W R R
	{"Andantino", "1,-1 0,-1 0,1 2,-1 -1,1 -1,2 1,1 2,-2 3,-2 -2,2 -2,1 2,0", 12, Win1, "2,1"},
	// White has two triples (f3 and d6) and threatens the third by taking e1 with
	// d2 and f1; Black's only defence takes f1 with e1 and g1. After a1 instead,
	// White wins.
	//
	//	      g  b   .   .   .
	//	    f  w   .   wbw .   .
	//	  e  wb  .   .   .   .   b
	//	d  .   w   .   +   .   bbw w
	//	  c  .   .   w   .   .   .
	//	    b  .   .   b   b   .
	//	      a  .   .   b   .
	{"Attangle", "d7 a3 c3 g1 g2 b3 f4 b4 e2 d2 d7,e2-d2 b5 e1 e5 f1 d6 d7 b1 f3 e6 c6 a2 c6,d2-d6 b1,b5-f3 f4,g2-f3 a2,e5-e1 d2 a1", 27, Defend, "e1,g1-f1"},
	{"Attangle", "d7 a3 c3 g1 g2 b3 f4 b4 e2 d2 d7,e2-d2 b5 e1 e5 f1 d6 d7 b1 f3 e6 c6 a2 c6,d2-d6 b1,b5-f3 f4,g2-f3 a2,e5-e1 d2 a1", 28, Win1, "d2,f1-e1"},
	// Abande with the hands empty, Black ahead 14–12: only a2-a1 keeps the win.
	//
	//	      g .   .   .   .
	//	    f .   .   .   W   B
	//	  e B   B   .   .   .   W
	//	d W   wB  .   B   wbW W   bbW
	//	  c wwB .   B   B   .   .
	//	    b bW  bwB B   wbW W
	//	      a W   B   .   wbW
	{"Abande", "c3 c2 c4 c5 b2 c2-b2 b1 c1 c6 c1-b1 c1 d1 a1 d6 a1-b2 b4 b5 d5 d3 a4 b5-a4 d6-c6 d7 e6 e5 c6-d7 e1 d6 e5-d5 c5-d5 f5 d2 c1-d1 c1 d1-c1 c5 b3 a3 c4-b4 a3-a4 a2 b5 d4 c5-b4 c4 d1 e2 f4 d3-d2 a1", 50, Keep, "a2-a1"},
}

// TestFindInLine: the generator's judgement finds each scripted puzzle.
func TestFindInLine(t *testing.T) {
	for _, c := range scripted {
		moves := strings.Fields(c.moves)
		ps, err := FindInLine(c.game, moves)
		if err != nil {
			t.Fatal(err)
		}
		found := slices.ContainsFunc(ps, func(p Puzzle) bool {
			return len(p.Moves) == c.n && p.Kind == c.kind && strings.Join(p.Answers, " ") == c.answers
		})
		if !found {
			var got []string
			for _, p := range ps {
				got = append(got, p.Line())
			}
			t.Errorf("%s after %d moves: no %s %s; found\n%s", c.game, c.n, c.kind, c.answers, strings.Join(got, "\n"))
		}
	}
}

// TestRefuteScripted: Red's slip 0,-2 in the first scripted game is refuted by
// White's trap at 2,0.
func TestRefuteScripted(t *testing.T) {
	c := scripted[0]
	p := Puzzle{Game: c.game, Kind: c.kind, Moves: strings.Fields(c.moves)[:c.n], Answers: []string{c.answers}}
	s, err := p.Position()
	if err != nil {
		t.Fatal(err)
	}
	wrong, _ := s.ParseMove("0,-2")
	right, _ := s.ParseMove("2,0")
	if p.Check(wrong) || !p.Check(right) {
		t.Fatal("Check")
	}
	s.Apply(wrong)
	if line := formatAll(s, Refute(p, wrong)); strings.Join(line, " ") != "2,0" {
		t.Errorf("refutation %v, want 2,0", line)
	}
	if Refute(p, right) != nil {
		t.Error("the answer has a refutation")
	}
}

// BenchmarkClassify times the generator's judgement of each scripted position
// with a fresh prover (tables empty), as at the first position of a game.
func BenchmarkClassify(b *testing.B) {
	for _, c := range scripted {
		p := Puzzle{Game: c.game, Moves: strings.Fields(c.moves)[:c.n]}
		s, err := p.Position()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s-%d-%s", c.game, c.n, c.kind), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, ok, err := NewProver().Classify(s); !ok || err != nil {
					b.Fatal("not a puzzle")
				}
			}
		})
	}
}
