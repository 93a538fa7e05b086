package attangle

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

const (
	white = game.First
	black = game.Second
)

// start returns the start position under opts, after the given moves.
func start(t testing.TB, opts string, moves ...string) *State {
	t.Helper()
	st, err := Info.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	mustPlay(t, s, moves...)
	return s
}

// position sets up a diagram: 37 tokens, rows g down to a as on the board, each "."
// (empty), "+" (d4) or a stack's layers bottom to top in w/b, e.g. "bw" is a double
// with a black piece under a white one. The pools hold the pieces not on the board.
func position(t testing.TB, opts string, toMove game.Player, diagram string) *State {
	t.Helper()
	s := start(t, opts)
	tokens := strings.Fields(diagram)
	if len(tokens) != hex.NumPoints {
		t.Fatalf("diagram has %d points", len(tokens))
	}
	i := 0
	for row := 6; row >= 0; row-- {
		for _, p := range hex.Points {
			if p.Label()[0] != byte('a'+row) {
				continue
			}
			tok := tokens[i]
			i++
			if tok == "." || tok == "+" {
				if (tok == "+") != (p == hex.Centre) {
					t.Fatalf("diagram: %q on %s", tok, p)
				}
				continue
			}
			if len(tok) > 3 {
				t.Fatalf("diagram: stack %q on %s", tok, p)
			}
			c := uint8(len(tok)) << heightShift
			for k, ch := range tok {
				pl := strings.IndexRune("wb", ch)
				if pl < 0 {
					t.Fatalf("diagram: stack %q on %s", tok, p)
				}
				c |= uint8(pl) << k
				s.pool[pl]--
			}
			s.cell[p] = c
			bit := hex.Set(1) << p
			s.occ |= bit
			s.top[c>>(len(tok)-1)&1] |= bit
			if len(tok) >= 2 {
				s.tall |= bit
			}
			if len(tok) == 3 {
				s.triple |= bit
			}
		}
	}
	s.toMove = toMove
	s.hash = hashFromScratch(s)
	s.checkStuck()
	if err := invariants(s); err != nil {
		t.Fatalf("diagram: %v\n%v", err, s)
	}
	return s
}

func hashFromScratch(s *State) uint64 {
	h := zobSide[s.toMove]
	for _, p := range hex.Points {
		h ^= zob[p][s.cell[p]]
	}
	return h
}

// invariants checks what every position keeps: 18 pieces per side between pool and
// board, d4 empty, heights 1..3, the sets agreeing with the stacks, the triple counts
// and the hash.
func invariants(st game.State) error {
	s := st.(*State)
	var pieces [2]int
	var occ, tall, triple hex.Set
	var top [2]hex.Set
	for p := 0; p < 64; p++ {
		c := s.cell[p]
		if c == 0 {
			continue
		}
		pt := hex.Point(p)
		h := height(c)
		if !pt.Valid() || h < 1 || h > 3 || c&^(uint8(h)<<heightShift|(1<<h-1)) != 0 {
			return fmt.Errorf("bad cell %#x at %d", c, p)
		}
		for i := 0; i < h; i++ {
			pieces[c>>i&1]++
		}
		occ |= 1 << p
		top[c>>(h-1)&1] |= 1 << p
		if h >= 2 {
			tall |= 1 << p
		}
		if h == 3 {
			triple |= 1 << p
		}
	}
	switch {
	case occ.Has(hex.Centre):
		return fmt.Errorf("d4 occupied")
	case occ != s.occ || tall != s.tall || triple != s.triple || top != s.top:
		return fmt.Errorf("sets disagree with the stacks")
	case s.hash != hashFromScratch(s):
		return fmt.Errorf("incremental hash differs from a fresh one")
	}
	for pl := range 2 {
		if s.pool[pl] < 0 || int(s.pool[pl])+pieces[pl] != PiecesPerSide {
			return fmt.Errorf("%s: pool %d + board %d != 18", Info.Players[pl], s.pool[pl], pieces[pl])
		}
		if s.Triples(game.Player(pl)) != (triple & top[pl]).Count() {
			return fmt.Errorf("triple count")
		}
	}
	if s.result.Over && s.result.Reason == "three triples" && s.Triples(s.result.Winner) < 3 {
		return fmt.Errorf("three triples with %d", s.Triples(s.result.Winner))
	}
	if !s.result.Over && (s.Triples(white) >= 3 || s.Triples(black) >= 3) {
		return fmt.Errorf("three triples but the game goes on")
	}
	return nil
}

// legal returns the sorted legal moves in notation.
func legal(s *State) []string { return gametest.SortedLegal(s) }

// captures returns the sorted legal captures in notation.
func captures(s *State) []string {
	var out []string
	for _, m := range legal(s) {
		if strings.Contains(m, "-") {
			out = append(out, m)
		}
	}
	return out
}

func wantMoves(t *testing.T, s *State, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v in\n%v", got, want, s)
	}
}

// wantIllegal checks that move is refused with an error that names it and says why.
func wantIllegal(t *testing.T, s *State, move, why string) {
	t.Helper()
	m, err := s.ParseMove(move)
	if err != nil {
		t.Fatalf("%s: %v", move, err)
	}
	if s.IsLegal(m) {
		t.Errorf("%s is legal in\n%v", move, s)
	}
	err = s.Play(m)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", move)) || !strings.Contains(err.Error(), why) {
		t.Errorf("Play(%s) = %v, want an error naming it and saying %q", move, err, why)
	}
}
