package andantino

import (
	"strings"
	"testing"

	"trihex/game"
	rules "trihex/game/andantino"
	"trihex/game/gametest"
)

// TestBookReads: the shipped book reads without an error, every line's move is
// legal where it stands (ParseBook checks), and each entry is Red's.
func TestBookReads(t *testing.T) {
	b, err := ParseBook(bookText)
	if err != nil {
		t.Fatal(err)
	}
	lines := 0
	for _, l := range strings.Split(bookText, "\n") {
		if l != "" && l[0] != '#' {
			lines++
		}
	}
	if len(b) != lines || lines < 20 {
		t.Fatalf("%d entries from %d lines", len(b), lines)
	}
	for key := range b {
		w, r, _ := strings.Cut(key, " | ")
		if len(strings.Fields(w)) != len(strings.Fields(r))+1 {
			t.Errorf("%q: not Red to move", key)
		}
	}
}

// TestBookMirror: a line and its mirror image in the E–W axis through the
// starting tiles are one entry; the book's move comes back in the position's
// own orientation.
func TestBookMirror(t *testing.T) {
	const line = "0,1 -1,1 1,-1"
	const mir = "1,-1 0,-1 0,1" // (q, r) → (q+r, −r), move by move
	a, b := replay(t, line), replay(t, mir)
	ka, ma := BookKey(a)
	kb, mb := BookKey(b)
	if ka != kb || ma == mb {
		t.Fatalf("keys %q (%v) and %q (%v)", ka, ma, kb, mb)
	}
	book, err := ParseBook(line + " : 0,-1 0.0219\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s    *rules.State
		want string
	}{{a, "0,-1"}, {b, "-1,1"}} {
		m, v, ok := lookup(book, c.s)
		if !ok || rules.FormatMove(m) != c.want || v != 0.0219 {
			t.Errorf("lookup: %s %v %v, want %s", rules.FormatMove(m), v, ok, c.want)
		}
	}
	if _, _, ok := lookup(book, replay(t, "0,1 -1,1 -1,0")); ok {
		t.Error("another position found")
	}
}

// TestBookMove: the shipped book answers Red's first move in either
// orientation, and nothing after the book's last ply.
func TestBookMove(t *testing.T) {
	s := replay(t, "0,1")
	m, v, ok := (&position{s}).BookMove()
	if !ok || !s.IsLegal(m) || v < 0 || v > 1 {
		t.Fatalf("start after 0,1: %v %v %v", rules.FormatMove(m), v, ok)
	}
	s2 := replay(t, "1,-1")
	if m2, _, ok := (&position{s2}).BookMove(); !ok || Mirror(m2) != m {
		t.Errorf("mirrored start: %s, want %s", rules.FormatMove(m2), rules.FormatMove(Mirror(m)))
	}
	var deep *rules.State
	r := game.NewRand(1)
	for deep == nil || deep.Ply() <= maxBookPly {
		deep = rules.New(false, false)
		for deep.Ply() <= maxBookPly && !deep.Result().Over {
			moves := deep.LegalMoves(nil)
			deep.Apply(moves[r.Intn(len(moves))])
		}
	}
	if _, _, ok := (&position{deep}).BookMove(); ok {
		t.Errorf("a book move at ply %d", deep.Ply())
	}
}

// FuzzParseBook: no text makes the book reader panic, and each entry it reads
// has a move and a value in [0, 1].
func FuzzParseBook(f *testing.F) {
	f.Add("0,1 : -1,1 0.03\n")
	f.Add("# comment\n0,1 -1,1 1,-1 : 0,-1 0.0219\n")
	f.Add("0,1 -1,1 : 5,5 0.5")
	f.Add(": 0,1 2")
	f.Add("0,1 0,1 : 1,1 0.1")
	f.Fuzz(func(t *testing.T, text string) {
		b, _ := ParseBook(text)
		for _, e := range b {
			if e.Value < 0 || e.Value > 1 || e.Move.B == 0 {
				t.Fatalf("entry %+v", e)
			}
		}
	})
}

// replay plays moves (space-separated) from the start.
func replay(t testing.TB, moves string) *rules.State {
	return gametest.Replay(t, rules.New(false, false), moves).(*rules.State)
}
