package attangle

import (
	"sort"
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

// RULES.md §3: "The centre d4 is never occupied": never a placement, never in a
// legal move list, and captures cross it rather than land on it.
func TestD4NeverOccupied(t *testing.T) {
	s := start(t, "")
	for _, m := range legal(s) {
		if strings.Contains(m, "d4") {
			t.Errorf("legal move %s names d4", m)
		}
	}
	if n := len(legal(s)); n != 36 {
		t.Errorf("%d placements at the start, want 36", n)
	}
	wantIllegal(t, s, "d4", "d4 is never occupied")
	s = start(t, "", "d3", "d5", "c3")
	wantIllegal(t, s, "d4", "d4 is never occupied")
}

// "Look along each of the six straight rays from the target: the first occupied
// point on a ray (empty points, including d4, are crossed; nothing is jumped)".
func TestRaysCrossEmptyPointsAndD4ButNeverJump(t *testing.T) {
	// d1 sees d5 across d2, d3 and d4; f5 sees it across e5.
	s := position(t, "", white, `
	        .   .   .   .
	      .   .   .   .   w
	    .   .   .   .   .   .
	  w   .   .   +   b   .   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`)
	wantMoves(t, s, captures(s), []string{"d1,f5-d5"})

	// A black piece on d2 blocks the ray: no capture.
	s = position(t, "", white, `
	        .   .   .   .
	      .   .   .   .   w
	    .   .   .   .   .   .
	  w   b   .   +   b   .   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`)
	wantMoves(t, s, captures(s), nil)
	wantIllegal(t, s, "d1,f5-d5", "d1 does not see d5")

	// A white piece on d3 is the first on the ray: it attacks, d1 behind it does not.
	s = position(t, "", white, `
	        .   .   .   .
	      .   .   .   .   w
	    .   .   .   .   .   .
	  w   .   w   +   b   .   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`)
	wantMoves(t, s, captures(s), []string{"d3,f5-d5"})
	wantIllegal(t, s, "d1,f5-d5", "d1 does not see d5")
}

// "Choose two candidates on two different rays (opposite rays count as different)".
func TestAttackersOnTwoDifferentRays(t *testing.T) {
	// d3 (west, across d4) and d6 (east) are on opposite rays: legal.
	s := position(t, "", white, `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  .   .   w   +   b   w   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`)
	wantMoves(t, s, captures(s), []string{"d3,d6-d5"})

	// d6 and d7 are on the same ray: only d6 is a candidate, so no capture.
	s = position(t, "", white, `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  .   .   .   +   b   w   w
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`)
	wantMoves(t, s, captures(s), nil)
	wantIllegal(t, s, "d6,d7-d5", "d7 does not see d5")
}

// "is a candidate attacker if the player controls it and it is not a triple".
func TestAttackerControlledByMoverNotTriple(t *testing.T) {
	board := func(d3 string) string {
		return `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  .   .  ` + d3 + `  +   b   w   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`
	}
	// A double whose top is white is a white candidate, whoever is below.
	s := position(t, "", white, board("bw"))
	wantMoves(t, s, captures(s), []string{"d3,d6-d5"})
	// A white triple never moves.
	s = position(t, "", white, board("bbw"))
	wantMoves(t, s, captures(s), nil)
	wantIllegal(t, s, "d3,d6-d5", "a triple on d3 cannot move")
	// A stack with a black top is Black's, even with a white piece below.
	s = position(t, "", white, board("wb"))
	wantMoves(t, s, captures(s), nil)
	wantIllegal(t, s, "d3,d6-d5", "no stack of yours on d3")
}

// "choose a target, an opponent-controlled single or double (never a triple)".
func TestTargetOpponentSingleOrDouble(t *testing.T) {
	board := func(d5 string) string {
		return `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  .   .   w   +  ` + d5 + `  w   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`
	}
	for _, tc := range []struct{ d5, want string }{
		{"b", "d3,d6-d5"}, {"wb", "d3,d6-d5"}, {"bb", "d3,d6-d5"},
	} {
		s := position(t, "", white, board(tc.d5))
		wantMoves(t, s, captures(s), []string{tc.want})
	}
	s := position(t, "", white, board("wwb"))
	wantMoves(t, s, captures(s), nil)
	wantIllegal(t, s, "d3,d6-d5", "triples are never captured")
	s = position(t, "", white, board("w"))
	wantIllegal(t, s, "d3,d6-d5", "no opponent stack on d5")
}

// "Legal when height(target) + height(A) + height(B) − 1 ≤ 3": two singles onto a
// single or a double, a single and a double onto a single; nothing else. The new
// stack is, bottom to top, the target, the taller attacker, the shorter one, less its
// top piece.
func TestHeightRule(t *testing.T) {
	for _, tc := range []struct {
		d3, d5, d6 string
		after      string // the stack on d5 afterwards, "" when illegal
	}{
		{"w", "b", "w", "bw"},
		{"w", "wb", "w", "wbw"},
		{"bw", "b", "w", "bbw"},
		{"w", "b", "ww", "bww"},
		{"bw", "b", "bw", ""},
		{"bw", "wb", "w", ""},
		{"w", "bb", "bw", ""},
		{"ww", "bb", "bw", ""},
	} {
		s := position(t, "", white, `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  .   .  `+tc.d3+`  +  `+tc.d5+`  `+tc.d6+`   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`)
		if tc.after == "" {
			wantIllegal(t, s, "d3,d6-d5", "taller than 3")
			continue
		}
		mustPlay(t, s, "d3,d6-d5")
		if got := stackString(s, "d5"); got != tc.after {
			t.Errorf("%s + %s + %s: d5 holds %q, want %q", tc.d5, tc.d3, tc.d6, got, tc.after)
		}
		if s.Occupied() != hex.Of(pt("d5")) {
			t.Errorf("attackers still on the board: %v", s.Occupied())
		}
	}
}

// "the new stack on the target point is, bottom to top: the target, the taller
// attacker, the shorter attacker", and the notation names the attackers in label
// order whichever is taller; the other order (Abstract Play's) reads as the same move.
func TestAttackerOrder(t *testing.T) {
	// The double is on d6, after d3 in label order; its black bottom goes just above
	// the target.
	s := position(t, "", white, `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   .   .
	  .   .   w   +   b   bw  .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`)
	wantMoves(t, s, captures(s), []string{"d3,d6-d5"})
	if m, err := s.ParseMove("d6,d3-d5"); err != nil || s.FormatMove(m) != "d3,d6-d5" {
		t.Errorf("d6,d3-d5 parses to %q, %v", s.FormatMove(m), err)
	}
	mustPlay(t, s, "d3,d6-d5")
	h, layers := s.Stack(pt("d5"))
	if h != 3 || layers != [3]game.Player{black, black, white} {
		t.Errorf("d5 holds %d %v, want black, black, white", h, layers)
	}
	if got := s.FormatMove(Capture(pt("d6"), pt("d3"), pt("d5"))); got != "d3,d6-d5" {
		t.Errorf("format %q", got)
	}
}

// "Then the top piece goes back to the player's pool."
func TestTopPieceReturnsToPool(t *testing.T) {
	s := start(t, "", "d1", "d5", "f5")
	before := [2]int{s.Pool(white), s.Pool(black)}
	if before != [2]int{16, 17} {
		t.Fatalf("pools %v", before)
	}
	mustPlay(t, s, "b5", "d1,f5-d5")
	if got := [2]int{s.Pool(white), s.Pool(black)}; got != [2]int{17, 16} {
		t.Errorf("pools after the capture %v, want [17 16]", got)
	}
	if got := stackString(s, "d5"); got != "bw" {
		t.Errorf("d5 holds %q", got)
	}
}

// "A player with an empty pool must capture."
func TestEmptyPoolMustCapture(t *testing.T) {
	s := position(t, "", white, `
	        w   w   w   w
	      w   w   w   w   w
	    w   w   w   w   w   w
	  w   w   w   +   b   .   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   .   .   .`)
	if s.Pool(white) != 0 {
		t.Fatalf("white pool %d", s.Pool(white))
	}
	wantMoves(t, s, legal(s), []string{"d3,e4-d5", "d3,e5-d5", "e4,e5-d5"})
	wantIllegal(t, s, "c1", "pool is empty")
	mustPlay(t, s, "e4,e5-d5")
	if s.Pool(white) != 1 {
		t.Errorf("white pool %d after capturing", s.Pool(white))
	}
}

// "No passing": there is no pass move; a player who cannot move ends the game.
func TestNoPassing(t *testing.T) {
	s := start(t, "")
	for _, txt := range []string{"pass", "PASS", "-", ""} {
		if m, err := s.ParseMove(txt); err == nil {
			t.Errorf("%q parses as %v", txt, m)
		}
	}
	if s.IsLegal(game.Move{}) {
		t.Error("the zero move is legal")
	}
}

// The stalemate position: Black's pieces are all on the board, buried under white
// tops but for e6, so after any white placement Black has no capture.
const stuckBlack = `
	        bbw .   .   bbw
	      .   .   .   .   .
	    .   .   .   .   .   b
	  .   .   .   +   .   .   .
	    bw  bw  bw  bw  .   .
	      bw  bw  bw  bw  bw
	        bw  bw  bw  bw`

// "A player whose pool is empty and who has no capture ends the game": a draw by
// default, a loss for the stuck player under stalemate=loss.
func TestStalemateDrawOrLoss(t *testing.T) {
	for _, tc := range []struct {
		opts   string
		winner game.Player
	}{{"", game.NoPlayer}, {"stalemate=draw", game.NoPlayer}, {"stalemate=loss", white}} {
		s := position(t, tc.opts, white, stuckBlack)
		if s.Pool(black) != 0 || s.Pool(white) != 3 || len(captures(s)) != 0 {
			t.Fatalf("setup: pools %d %d, captures %v", s.Pool(white), s.Pool(black), captures(s))
		}
		mustPlay(t, s, "d7")
		want := game.Result{Over: true, Winner: tc.winner, Reason: "stalemate"}
		if got := s.Result(); got != want {
			t.Errorf("%q: result %+v, want %+v", tc.opts, got, want)
		}
		if len(s.LegalMoves(nil)) != 0 {
			t.Errorf("moves after the end")
		}
	}
}

// "The game ends immediately when a player controls three triples", and "Three
// triples are checked first": here White's third triple also leaves Black stuck.
func TestThreeTriplesWinBeforeStalemate(t *testing.T) {
	for _, opts := range []string{"stalemate=draw", "stalemate=loss"} {
		s := position(t, opts, white, `
	        bbw .   .   bbw
	      .   .   .   .   .
	    .   .   .   .   .   .
	  .   .   bw  +   b   w   .
	    bw  bw  bw  .   .   .
	      bw  bw  bw  bw  bw
	        bw  bw  bw  bw`)
		if s.Pool(black) != 0 || s.Triples(white) != 2 {
			t.Fatalf("setup: black pool %d, white triples %d", s.Pool(black), s.Triples(white))
		}
		mustPlay(t, s, "d3,d6-d5")
		want := game.Result{Over: true, Winner: white, Reason: "three triples"}
		if got := s.Result(); got != want {
			t.Errorf("%s: result %+v, want %+v", opts, got, want)
		}
		if s.Triples(white) != 3 {
			t.Errorf("white triples %d", s.Triples(white))
		}
	}
}

// Pieces are conserved: 18 per side between pool and board, through placements and
// captures (one piece of the capturer goes back to the pool).
func TestPiecesConserved(t *testing.T) {
	s := start(t, "", "d1", "d5", "f5", "b5", "d1,f5-d5", "c3", "d2")
	if err := invariants(s); err != nil {
		t.Fatalf("%v\n%v", err, s)
	}
	if s.Pool(white) != 16 || s.Pool(black) != 15 {
		t.Errorf("pools %d %d\n%v", s.Pool(white), s.Pool(black), s)
	}
}

// Errors name the move and say what is wrong, and nothing panics on odd input.
func TestErrors(t *testing.T) {
	s := start(t, "", "c3")
	wantIllegal(t, s, "c3", "c3 is occupied")
	for _, txt := range []string{"z9", "c3-", "c3,c3-d5", "c3,d5-c3", "a1,b2,c3-d4", "a1;b2-c3", "a0", "a5"} {
		_, err := s.ParseMove(txt)
		if err == nil || !strings.HasPrefix(err.Error(), "attangle: bad move ") || !strings.Contains(err.Error(), txt) {
			t.Errorf("ParseMove(%q) = %v", txt, err)
		}
	}
	if m, err := s.ParseMove("  A1,C3-B2 "); err != nil || s.FormatMove(m) != "a1,c3-b2" {
		t.Errorf("upper case with spaces: %v %v", s.FormatMove(m), err)
	}
	if got := s.FormatMove(game.Move{A: 12345, B: 6}); got != "?" {
		t.Errorf("format of junk %q", got)
	}
	if err := s.Play(game.Move{}); err == nil {
		t.Error("zero move plays")
	}
}

func pt(label string) hex.Point {
	p, ok := hex.ParsePoint(label)
	if !ok {
		panic(label)
	}
	return p
}

func stackString(s *State, label string) string {
	h, layers := s.Stack(pt(label))
	out := ""
	for i := 0; i < h; i++ {
		out += string("wb"[layers[i]])
	}
	return out
}

// The accessors the app draws from, and the hash: transpositions hash alike, the
// side to move counts.
func TestAccessorsAndHash(t *testing.T) {
	s := position(t, "", white, `
	        .   .   .   .
	      .   .   .   .   .
	    .   .   .   .   w   .
	  .   .   w   +   b   .   .
	    .   .   .   .   .   .
	      .   .   .   .   .
	        .   bw  .   .`)
	var got []string
	for _, m := range s.Captures(pt("d5"), nil) {
		got = append(got, s.FormatMove(m))
	}
	sort.Strings(got)
	wantMoves(t, s, got, []string{"a2,d3-d5", "a2,e5-d5", "d3,e5-d5"})
	if n := len(s.Captures(pt("d3"), nil)) + len(s.Captures(pt("d4"), nil)) + len(s.Captures(hex.NoPoint, nil)); n != 0 {
		t.Errorf("%d captures onto d3, d4 or nowhere", n)
	}
	if h, layers := s.Stack(pt("a2")); h != 2 || layers != [3]game.Player{black, white, game.NoPlayer} {
		t.Errorf("a2: %d %v", h, layers)
	}
	if s.Pool(white) != 15 || s.Pool(black) != 16 || s.Occupied().Count() != 4 || s.Triples(white) != 0 {
		t.Errorf("pools %d %d, occupied %v", s.Pool(white), s.Pool(black), s.Occupied())
	}

	a := start(t, "", "c3", "d5", "e2")
	b := start(t, "", "e2", "d5", "c3")
	if a.Hash() != b.Hash() {
		t.Error("transposed positions hash differently")
	}
	c := start(t, "", "c3", "d5")
	if c.Hash() == a.Hash() || c.Hash() == start(t, "", "c3").Hash() {
		t.Error("hash collision")
	}
}
