package abande

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

var (
	randomGames = flag.Int("random.games", 0, "random games to play in TestRandomGames (0: 2000, 200 with -short)")
	naiveDeep   = flag.Bool("perft.naive6", false, "also count perft depth 6 with the naive implementation (slow)")
)

// play sets up a position from the start by a space-separated move list.
func play(t testing.TB, moves string) *State {
	t.Helper()
	s := New()
	for _, mv := range strings.Fields(moves) {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("%v\n%s", err, s)
		}
	}
	return s
}

func pt(label string) hex.Point {
	p, ok := hex.ParsePoint(label)
	if !ok {
		panic("no point " + label)
	}
	return p
}

// legalOf returns the sorted legal moves of s in notation.
func legalOf(s game.State) []string { return gametest.SortedLegal(s) }

// stepsOf returns the sorted stack moves among the legal moves of s.
func stepsOf(s game.State) []string {
	var out []string
	for _, m := range legalOf(s) {
		if strings.Contains(m, "-") {
			out = append(out, m)
		}
	}
	return out
}

// wantIllegal checks that mv is refused with an error wrapping ErrIllegal that names
// the move and contains why.
func wantIllegal(t *testing.T, s *State, mv, why string) {
	t.Helper()
	m, err := s.ParseMove(mv)
	if err != nil {
		t.Fatal(err)
	}
	if s.IsLegal(m) {
		t.Errorf("%s is legal, want illegal\n%s", mv, s)
	}
	err = s.Play(m)
	if err == nil || !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("Play(%s) = %v, want an illegal-move error", mv, err)
	}
	if !strings.Contains(err.Error(), `"`+mv+`"`) || !strings.Contains(err.Error(), why) {
		t.Errorf("Play(%s) error %q, want it to name the move and say %q", mv, err, why)
	}
}

func loadRefs(t testing.TB) []gametest.Reference {
	t.Helper()
	refs, err := gametest.LoadReferences("testdata/abande-abstractplay.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) == 0 {
		t.Fatal("no reference games")
	}
	return refs
}

// ---- reference games, perft, cross-checks ----

func TestReferenceGames(t *testing.T) {
	for i, ref := range loadRefs(t) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			s := gametest.ReplayReference(t, info, ref).(*State)
			if got, want := s.Score(), [2]int{ref.Score["black"], ref.Score["white"]}; got != want {
				t.Errorf("score %v, want %v\n%s", got, want, s)
			}
		})
	}
}

var perftWant = []uint64{1, 37, 180, 1176, 10482, 109116, 1273014}

func TestPerft(t *testing.T) {
	depth := len(perftWant) - 1
	if testing.Short() {
		depth = 5
	}
	for d := 1; d <= depth; d++ {
		if got := game.Perft(New(), d); got != perftWant[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, perftWant[d])
		}
	}
}

// TestPerftNaive counts the same numbers with the naive implementation; depth 6 (the
// one RULES.md does not give) only with -perft.naive6.
func TestPerftNaive(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 4
	}
	if *naiveDeep {
		depth = 6
	}
	for d := 1; d <= depth; d++ {
		if got := newNaive().perft(d); got != perftWant[d] {
			t.Errorf("naive perft(%d) = %d, want %d", d, got, perftWant[d])
		}
	}
}

// TestAgainstNaive plays random games and compares the legal moves, result and score
// with the naive implementation at every ply.
func TestAgainstNaive(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 30
	}
	r := game.NewRand(7)
	for g := 0; g < games; g++ {
		s, n := New(), newNaive()
		var played []string
		for {
			got, want := legalOf(s), n.legal()
			if !slices.Equal(got, want) {
				t.Fatalf("game %d after %v: legal moves\n got %v\nwant %v\n%s", g, played, got, want, s)
			}
			if sc := n.score(); s.Score() != sc {
				t.Fatalf("game %d after %v: score %v, naive %v\n%s", g, played, s.Score(), sc, s)
			}
			if len(got) == 0 {
				break
			}
			mv := got[r.Intn(len(got))]
			played = append(played, mv)
			m, _ := s.ParseMove(mv)
			s.Apply(m)
			n.apply(mv)
		}
		if !s.Result().Over {
			t.Fatalf("game %d: no legal moves but not over", g)
		}
	}
}

// ---- one test per rule (RULES.md §2) ----

func TestFirstPieceAnywhere(t *testing.T) {
	s := New()
	got := legalOf(s)
	if len(got) != hex.NumPoints {
		t.Fatalf("start has %d legal moves, want all %d points: %v", len(got), hex.NumPoints, got)
	}
	for _, corner := range []string{"a1", "a4", "d1", "d7", "g1", "g4"} {
		if h, l := play(t, corner).Stack(pt(corner)); h != 1 || l[0] != Black {
			t.Errorf("first piece on %s: height %d, layers %v", corner, h, l)
		}
	}
}

func TestEntryMustTouchBand(t *testing.T) {
	s := play(t, "d4")
	// White may enter only next to d4.
	want := []string{"c3", "c4", "d3", "d5", "e3", "e4"}
	if got := legalOf(s); !slices.Equal(got, want) {
		t.Errorf("after d4: %v, want %v", got, want)
	}
	wantIllegal(t, s, "a1", "does not touch the band")
	wantIllegal(t, s, "d4", "occupied")
	// An entry touching any part of the band will do.
	s = play(t, "d4 d5 d6")
	if m, _ := ParseMove("c4"); !s.IsLegal(m) {
		t.Error("c4 touches d4 and d5 but is not legal")
	}
}

func TestOpeningRestriction(t *testing.T) {
	// Ply 2: Black has entered one piece, so no capture yet (d4 could climb d5).
	s := play(t, "d4 d5")
	if got := stepsOf(s); len(got) != 0 {
		t.Errorf("moves before Black's second entry: %v", got)
	}
	wantIllegal(t, s, "d4-d5", "no moves before Black has entered two pieces")
	// Ply 3 (White's second turn, the fourth move): moves are legal.
	s = play(t, "d4 d5 c4")
	if got, want := stepsOf(s), []string{"d5-c4", "d5-d4"}; !slices.Equal(got, want) {
		t.Errorf("White's moves at ply 3: %v, want %v", got, want)
	}
}

func TestMoveOnlyOntoAdjacentEnemy(t *testing.T) {
	//	e   .  .  .  w  .  .        e4 White
	//	d  .  .  .  b  w  .  .      d4 Black, d5 White
	//	c   .  .  .  b  .  .        c4 Black
	s := play(t, "d4 d5 c4 e4")
	if got, want := stepsOf(s), []string{"c4-d5", "d4-d5", "d4-e4"}; !slices.Equal(got, want) {
		t.Errorf("Black's moves: %v, want %v", got, want)
	}
	wantIllegal(t, s, "c4-d4", "no opponent stack on d4") // friendly
	wantIllegal(t, s, "d4-d3", "no opponent stack on d3") // empty
	wantIllegal(t, s, "d5-d4", "no stack of yours on d5") // not the mover's
	if _, err := s.ParseMove("c4-e4"); err == nil || !strings.Contains(err.Error(), "not adjacent") {
		t.Errorf("c4-e4 parsed: %v", err)
	}
}

func TestCombinedHeightAtMostThree(t *testing.T) {
	// Black's double d5 (w under B) next to White's single e4: a single may climb a
	// double, making a triple.
	s := play(t, "d4 d5 c4 e4 d4-d5")
	if !slices.Contains(stepsOf(s), "e4-d5") {
		t.Fatalf("single onto double not legal: %v\n%s", stepsOf(s), s)
	}
	// Double onto double is 4 high.
	s = play(t, "d4 d5 c4 e4 d4-d5 d4 c4-d4 c4 c3 c4-c3")
	//	e   .  .  .  w  .  .        d4 and d5: White under Black
	//	d  .  .  .  wB wB .  .      c3: Black under White
	//	c   .  .  bW .  .  .
	if h, _ := s.Stack(pt("d4")); h != 2 {
		t.Fatalf("d4 height %d\n%s", h, s)
	}
	if h, _ := s.Stack(pt("c3")); h != 2 {
		t.Fatalf("c3 height %d\n%s", h, s)
	}
	wantIllegal(t, s, "d4-c3", "4 high")
	if !slices.Contains(stepsOf(s), "d5-e4") {
		t.Errorf("double onto single not legal: %v", stepsOf(s))
	}
	// A triple is never moved onto and never moves.
	s = play(t, "d4 d5 c4 e4 d4-d5 e4-d5")
	wantIllegal(t, s, "c4-d5", "4 high")
	s = play(t, "d4 d5 c4 e4 d4-d5 e4-d5 d4")
	for _, mv := range stepsOf(s) {
		if strings.HasPrefix(mv, "d5-") {
			t.Errorf("the triple on d5 moves: %s", mv)
		}
	}
	wantIllegal(t, s, "d5-d4", "4 high")
}

func TestStacksMoveWholeMoverOnTop(t *testing.T) {
	s := play(t, "d4 d5 c4 e4 d4-d5")
	if h, l := s.Stack(pt("d5")); h != 2 || l != [3]game.Player{White, Black, game.NoPlayer} {
		t.Errorf("d5 = %d %v, want White under Black", h, l)
	}
	if h, _ := s.Stack(pt("d4")); h != 0 || s.Occupied().Has(pt("d4")) {
		t.Errorf("d4 not emptied")
	}
	s.Play(must(ParseMove("e4-d5")))
	if h, l := s.Stack(pt("d5")); h != 3 || l != [3]game.Player{White, Black, White} {
		t.Errorf("d5 = %d %v, want White, Black, White", h, l)
	}
	if s.Owner(pt("d5")) != White {
		t.Errorf("d5 owner %v, want White (top piece)", s.Owner(pt("d5")))
	}
	// A double moves as a whole onto a single: all three layers, in order.
	s = play(t, "d4 d5 c4 e4 d4-d5 d4 d5-d4")
	if h, l := s.Stack(pt("d4")); h != 3 || l != [3]game.Player{White, White, Black} {
		t.Errorf("d4 = %d %v, want White, White, Black\n%s", h, l, s)
	}
}

func TestBandRule(t *testing.T) {
	// d4 is a cut point: lifting it parts d3 from d5.
	s := play(t, "d3 d4 d5")
	if got := stepsOf(s); len(got) != 0 {
		t.Errorf("moves that split the band are legal: %v", got)
	}
	wantIllegal(t, s, "d4-d3", "splits the band")
	wantIllegal(t, s, "d4-d5", "splits the band")
	// A ring around the empty d4: every stack has neighbours in two separate arcs,
	// yet lifting any one leaves the rest joined round the other way.
	//	e   .  .  b  w  .  .
	//	d  .  .  w  .  b  .  .
	//	c   .  .  b  w  .  .
	s = play(t, "d5 e4 e3 d3 c3 c4")
	want := []string{"c3-c4", "c3-d3", "d5-c4", "d5-e4", "e3-d3", "e3-e4"}
	if got := stepsOf(s); !slices.Equal(got, want) {
		t.Errorf("ring moves %v, want %v\n%s", got, want, s)
	}
	// A stack on the cut point of a longer band: c4's lift would leave b4 alone.
	s = play(t, "d4 c4 d5 b4 e4")
	wantIllegal(t, s, "c4-d4", "splits the band")
	wantIllegal(t, s, "c4-d5", "splits the band")
}

func TestPassOnlyWithEmptyHand(t *testing.T) {
	wantIllegal(t, New(), "pass", "no pieces in hand")
	// In the reference games, find a position where the mover has an empty hand and
	// moves exist: pass is legal there too, and after the pass the hands are intact.
	for _, ref := range loadRefs(t) {
		s := New()
		for _, mv := range ref.Moves {
			if s.Hand(s.ToMove()) == 0 && len(stepsOf(s)) > 0 {
				if !slices.Contains(legalOf(s), "pass") {
					t.Fatalf("no pass with an empty hand\n%s", s)
				}
				return
			}
			if s.Hand(s.ToMove()) > 0 && slices.Contains(legalOf(s), "pass") {
				t.Fatalf("pass with pieces in hand\n%s", s)
			}
			s.Play(must(ParseMove(mv)))
		}
	}
	t.Fatal("no reference position with an empty hand and moves")
}

func TestTwoPassesEnd(t *testing.T) {
	for _, ref := range loadRefs(t) {
		n := len(ref.Moves)
		if n < 4 || ref.Moves[n-4] != "pass" || ref.Moves[n-3] == "pass" {
			continue
		}
		// … pass, X, pass, pass: the first pass and X do not end it, the last does.
		s := play(t, strings.Join(ref.Moves[:n-3], " "))
		if s.Result().Over {
			t.Fatal("over after a single pass")
		}
		s.Play(must(ParseMove(ref.Moves[n-3])))
		s.Play(Pass)
		if s.Result().Over {
			t.Fatal("over after pass, move, pass")
		}
		s.Play(Pass)
		r := s.Result()
		if !r.Over || r.Reason != "two passes" {
			t.Fatalf("result after two passes: %+v", r)
		}
		if got := s.LegalMoves(nil); len(got) != 0 {
			t.Errorf("legal moves after the end: %v", got)
		}
		wantIllegal(t, s, "pass", "game is over")
		return
	}
	t.Fatal("no reference game ending pass, move, pass, pass")
}

func TestSleepingAndBuriedDoNotScore(t *testing.T) {
	// Black's triple d4 (b, w, B) is alone: the buried white piece does not wake it.
	s := play(t, "d4 d5 c4 d5-d4 c4-d4")
	if h, l := s.Stack(pt("d4")); h != 3 || l != [3]game.Player{Black, White, Black} {
		t.Fatalf("d4 = %d %v\n%s", h, l, s)
	}
	if s.Awake(pt("d4")) || s.Score() != [2]int{0, 0} {
		t.Errorf("lone triple awake=%v score %v, want asleep 0–0", s.Awake(pt("d4")), s.Score())
	}
	// A white piece beside it wakes both.
	s.Play(must(ParseMove("d5")))
	if !s.Awake(pt("d4")) || !s.Awake(pt("d5")) || s.Score() != [2]int{3, 1} {
		t.Errorf("awake %v %v, score %v, want both awake, 3–1", s.Awake(pt("d4")), s.Awake(pt("d5")), s.Score())
	}
	// Black's d3 touches only Black's d4: asleep, scores nothing.
	s.Play(must(ParseMove("d3")))
	if s.Awake(pt("d3")) || s.Score() != [2]int{3, 1} {
		t.Errorf("d3 awake=%v, score %v, want asleep, 3–1", s.Awake(pt("d3")), s.Score())
	}
}

func TestScoreAndWinner(t *testing.T) {
	if sc := play(t, "d4 d5").Score(); sc != [2]int{1, 1} {
		t.Errorf("two singles score %v, want 1–1", sc)
	}
	// Black's double d5 and White's e4 touch; Black's c4 touches only d5: asleep.
	if sc := play(t, "d4 d5 c4 e4 d4-d5").Score(); sc != [2]int{2, 1} {
		t.Errorf("double vs single %v, want 2–1", sc)
	}
	seen := map[string]bool{}
	for _, ref := range loadRefs(t) {
		s := play(t, strings.Join(ref.Moves, " "))
		sc := s.Score()
		r := s.Result()
		want := game.NoPlayer
		switch {
		case sc[Black] > sc[White]:
			want = Black
		case sc[White] > sc[Black]:
			want = White
		}
		if r.Winner != want || info.ResultTag(r) != ref.Result {
			t.Errorf("score %v: winner %v (%s), want %v (%s)", sc, r.Winner, info.ResultTag(r), want, ref.Result)
		}
		seen[ref.Result] = true
	}
	if !seen["black"] || !seen["white"] || !seen["draw"] {
		t.Errorf("reference results cover only %v", seen)
	}
}

func TestPiecesConserved(t *testing.T) {
	gametest.RandomGames(t, info, "", 50, 3, 200, check)
}

// check is the per-ply invariant of Abande: 18 pieces of each colour in hand and on
// the board, heights 1..3, the band connected, the sets agreeing with the codes, and
// the incremental hash equal to one computed from scratch.
func check(gs game.State) error {
	s := gs.(*State)
	var onBoard [2]int
	var occ, tall, triple hex.Set
	var own [2]hex.Set
	for _, p := range hex.Points {
		c := s.code[p]
		if c == 0 {
			continue
		}
		h := codeHeight(c)
		if h < 1 || h > 3 {
			return fmt.Errorf("%s: height %d", p, h)
		}
		occ |= 1 << p
		if h >= 2 {
			tall |= 1 << p
		}
		if h == 3 {
			triple |= 1 << p
		}
		own[c>>(h-1)&1] |= 1 << p
		for i := 0; i < h; i++ {
			onBoard[c>>i&1]++
		}
	}
	for pl := 0; pl < 2; pl++ {
		if s.hand[pl] < 0 || int(s.hand[pl])+onBoard[pl] != PiecesPerSide {
			return fmt.Errorf("%s: %d in hand + %d on board", info.Players[pl], s.hand[pl], onBoard[pl])
		}
	}
	if occ != s.occ || own != s.own || tall != s.tall || triple != s.triple {
		return fmt.Errorf("sets disagree with the stacks")
	}
	if s.occ&^hex.Board != 0 || !s.occ.Connected() {
		return fmt.Errorf("band not connected: %v", s.occ)
	}
	if s.hash != s.computeHash() {
		return fmt.Errorf("incremental hash differs")
	}
	return nil
}

// ---- random games ----

func TestRandomGames(t *testing.T) {
	n := *randomGames
	if n == 0 {
		n = 2000
		if testing.Short() {
			n = 200
		}
	}
	gametest.RandomGames(t, info, "", n, 11, 300, check)
}

// TestRandomPlayout checks that RandomPlayout ends games as the checked path does
// and leaves a consistent state.
func TestRandomPlayout(t *testing.T) {
	r := game.NewRand(5)
	s := New()
	for i := 0; i < 2000; i++ {
		s.CopyFrom(New())
		res := s.RandomPlayout(r)
		if !res.Over || res != s.Result() || len(s.LegalMoves(nil)) != 0 {
			t.Fatalf("playout %d ended %+v\n%s", i, res, s)
		}
		if err := check(s); err != nil {
			t.Fatalf("playout %d: %v\n%s", i, err, s)
		}
	}
}

// ---- notation ----

func TestNotation(t *testing.T) {
	for in, want := range map[string]string{
		"c3": "c3", " C3 ": "c3", "c3-d4": "c3-d4", "C3-D4": "c3-d4", "PASS": "pass", "\tpass\n": "pass",
		// Abstract Play lowers the case and drops every space before reading a move.
		"c3 - d4": "c3-d4", " C3 -D4": "c3-d4", "Pass": "pass",
	} {
		m, err := ParseMove(in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", in, err)
			continue
		}
		if got := New().FormatMove(m); got != want {
			t.Errorf("ParseMove(%q) formats as %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{"", "c", "c0", "c7", "h1", "d8", "c3-", "-c3", "c3-c3", "c3-e5", "c3-d4-e4", "c3 d4", "passs", "c3d4", "a1-a0"} {
		if _, err := ParseMove(in); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", in)) {
			t.Errorf("ParseMove(%q) error %v, want one naming the move", in, err)
		}
	}
	// A foreign or corrupt Move is refused, never applied.
	s := New()
	for _, m := range []game.Move{{}, {A: 1 << 16}, {A: 1<<16 | 63}, {A: 4 << 16}, {A: 1 << 16, B: 1}, {A: 2<<16 | uint64(pt("a1"))<<8 | uint64(pt("g4"))}} {
		if s.IsLegal(m) || s.Play(m) == nil {
			t.Errorf("corrupt move %+v accepted", m)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c3", "c3-d4", "pass", " G4 ", "d7-e6", "zz", "a1-", "-", "d4-d4", "C3 - D4", "p a s s"} {
		f.Add(s)
	}
	s := New()
	f.Fuzz(func(t *testing.T, in string) {
		m, err := ParseMove(in)
		if err != nil {
			if m != (game.Move{}) {
				t.Fatalf("error with a move: %v", m)
			}
			return
		}
		txt := s.FormatMove(m)
		back, err := ParseMove(txt)
		if err != nil || back != m {
			t.Fatalf("%q → %q → %v, %v", in, txt, back, err)
		}
		// The one spelling, up to case and spaces (which Abstract Play ignores too).
		if norm := strings.ToLower(strings.Join(strings.Fields(in), "")); norm != txt {
			t.Fatalf("%q reads as %q", in, txt)
		}
		s.IsLegal(m)
	})
}

func TestString(t *testing.T) {
	got := play(t, "d4 d5 c4 e4 d4-d5").String()
	for _, want := range []string{"White to move", "\nd .   .   .   .   wB  .   .\n", "\n  e .   .   .   W   .   .\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("String() lacks %q:\n%s", want, got)
		}
	}
}

func must(m game.Move, err error) game.Move {
	if err != nil {
		panic(err)
	}
	return m
}

// ---- benchmarks ----

func BenchmarkPlayout(b *testing.B) {
	gametest.BenchmarkPlayouts(b, New())
}

func BenchmarkLegalMoves(b *testing.B) {
	b.ReportAllocs()
	refs := loadRefs(b)
	// Midgame positions from the reference games.
	var states []*State
	for _, ref := range refs[:20] {
		states = append(states, play(b, strings.Join(ref.Moves[:len(ref.Moves)/2], " ")))
	}
	buf := make([]game.Move, 0, 256)
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].LegalMoves(buf[:0])
		i++
	}
}

// TestCutPointGate checks the bit-parallel gate against hex.Arcs and hex.RingMask on
// random sets of occupied points.
func TestCutPointGate(t *testing.T) {
	r := game.NewRand(9)
	for i := 0; i < 20000; i++ {
		s := New()
		a, b := r.Uint64(), r.Uint64()
		s.occ = hex.Set(a&b) & hex.Board // about a quarter of the points
		multi := s.multiArc()
		for _, p := range hex.Points {
			want := hex.Arcs[hex.RingMask(s.occ, p)] >= 2
			if multi.Has(p) != want || (ringMask(s.occ, p) != hex.RingMask(s.occ, p)) {
				t.Fatalf("occ %v, point %s: gate %v, want %v", s.occ, p, multi.Has(p), want)
			}
		}
	}
}
