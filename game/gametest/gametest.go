// Package gametest holds test helpers shared by the game packages: the reference
// games of independent engines, and the invariants every game keeps at every ply.
package gametest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/hex"
)

// Reference is one game of testdata/reference/*.jsonl.
type Reference struct {
	Game    string         `json:"game"`
	Source  string         `json:"source"`
	Options string         `json:"options"`
	Moves   []string       `json:"moves"`
	Legal   [][]string     `json:"legal"`
	Result  string         `json:"result"`
	End     string         `json:"end"`
	Score   map[string]int `json:"score"`
}

// LoadReferences reads a JSON-lines file of reference games.
func LoadReferences(path string) ([]Reference, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var refs []Reference
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for line := 1; sc.Scan(); line++ {
		var r Reference
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		refs = append(refs, r)
	}
	return refs, sc.Err()
}

// SortedLegal returns the legal moves of s spelled in notation, sorted by byte order.
func SortedLegal(s game.State) []string {
	moves := s.LegalMoves(nil)
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = s.FormatMove(m)
	}
	sort.Strings(out)
	return out
}

// ReplayReference plays ref through g and fails t at the first ply where the sorted
// legal moves, the result or the end reason differ. It returns the final state.
func ReplayReference(t testing.TB, g *game.Info, ref Reference) game.State {
	t.Helper()
	if len(ref.Legal) != len(ref.Moves)+1 {
		t.Fatalf("reference game has %d moves but %d legal-move lists (want one more)", len(ref.Moves), len(ref.Legal))
	}
	s, err := g.Start(ref.Options)
	if err != nil {
		t.Fatalf("options %q: %v", ref.Options, err)
	}
	for ply := 0; ply <= len(ref.Moves); ply++ {
		got := SortedLegal(s)
		if want := ref.Legal[ply]; !equal(got, want) {
			t.Fatalf("ply %d (after %v): legal moves differ\n got %v\nwant %v\nmissing %v\nextra %v",
				ply, ref.Moves[:ply], got, want, minus(want, got), minus(got, want))
		}
		if ply == len(ref.Moves) {
			break
		}
		m, err := s.ParseMove(ref.Moves[ply])
		if err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	res := s.Result()
	if !res.Over {
		t.Fatalf("game not over after %d moves", len(ref.Moves))
	}
	if got := g.ResultTag(res); got != ref.Result {
		t.Errorf("result %s (%s), want %s (%s)", got, res.Reason, ref.Result, ref.End)
	}
	if res.Reason != ref.End {
		t.Errorf("end reason %q, want %q", res.Reason, ref.End)
	}
	return s
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func minus(a, b []string) []string {
	in := map[string]bool{}
	for _, x := range b {
		in[x] = true
	}
	var out []string
	for _, x := range a {
		if !in[x] {
			out = append(out, x)
		}
	}
	return out
}

// CheckPly checks the invariants every game keeps, in position s: no duplicate legal
// moves; each legal move formats to one spelling that parses back to it and IsLegal
// agrees; no legal moves exactly when the game is over; a clone hashes the same. It
// returns the legal moves.
func CheckPly(s game.State) ([]game.Move, error) {
	moves := s.LegalMoves(nil)
	over := s.Result().Over
	if over != (len(moves) == 0) {
		return nil, fmt.Errorf("over=%v with %d legal moves", over, len(moves))
	}
	seen := make(map[game.Move]bool, len(moves))
	spelled := make(map[string]bool, len(moves))
	for _, m := range moves {
		if seen[m] {
			return nil, fmt.Errorf("duplicate legal move %s", s.FormatMove(m))
		}
		seen[m] = true
		txt := s.FormatMove(m)
		if spelled[txt] {
			return nil, fmt.Errorf("two legal moves spelled %q", txt)
		}
		spelled[txt] = true
		back, err := s.ParseMove(txt)
		if err != nil || back != m {
			return nil, fmt.Errorf("move %q does not parse back: %v %v", txt, back, err)
		}
		if !s.IsLegal(m) {
			return nil, fmt.Errorf("IsLegal(%s) is false for a legal move", txt)
		}
		if err := checkCells(s, m, txt); err != nil {
			return nil, err
		}
	}
	if c := s.Clone(); c.Hash() != s.Hash() || c.Ply() != s.Ply() || c.ToMove() != s.ToMove() {
		return nil, fmt.Errorf("clone differs")
	}
	return moves, nil
}

// checkCells checks a game's MoveCells against the move's spelling txt: the
// same cells in the same order, and a kind that fits them (a pass names none, a
// placement one, a step two, a capture at least two).
func checkCells(s game.State, m game.Move, txt string) error {
	d, ok := s.(game.MoveDescriber)
	if !ok {
		return nil
	}
	cells, kind := d.MoveCells(nil, m)
	if want := SpelledCells(s.Info().Board, txt); !slices.Equal(cells, want) {
		return fmt.Errorf("move %q names cells %v, MoveCells says %v", txt, want, cells)
	}
	fits := map[game.MoveKind]bool{
		game.MovePass: len(cells) == 0, game.MovePlace: len(cells) == 1,
		game.MoveStep: len(cells) == 2, game.MoveCapture: len(cells) >= 2,
	}
	if !fits[kind] {
		return fmt.Errorf("move %q: a %v naming %d cells", txt, kind, len(cells))
	}
	return nil
}

// SpelledCells reads the cells a move's spelling names, in order: labels such as
// "c3" on the hexagon, whatever joins them; "q,r" pairs joined by '-' on the
// surface (a '-' right after a digit joins, any other is a sign).
func SpelledCells(b game.Board, txt string) []hex.Coord {
	txt = strings.ToLower(strings.TrimSpace(txt))
	var parts []string
	if b.Bounded() {
		parts = strings.FieldsFunc(txt, func(r rune) bool { return r == ',' || r == '-' })
	} else {
		parts = []string{txt}
		for i := 1; i < len(txt); i++ {
			if txt[i] == '-' && txt[i-1] >= '0' && txt[i-1] <= '9' {
				parts = []string{txt[:i], txt[i+1:]}
				break
			}
		}
	}
	var out []hex.Coord
	for _, p := range parts {
		if c, ok := b.ParseCell(p); ok {
			out = append(out, c)
		}
	}
	return out
}

// RandomGames plays n uniformly random games from g's start under opts, calling
// CheckPly and check (the game's own invariants, may be nil) at every ply, and
// fails t at the first violation. A game longer than maxPlies fails too.
func RandomGames(t *testing.T, g *game.Info, opts string, n int, seed uint64, maxPlies int, check func(game.State) error) {
	t.Helper()
	r := game.NewRand(seed)
	start, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		s := start.Clone()
		var played []string
		for {
			moves, err := CheckPly(s)
			if err == nil && check != nil {
				err = check(s)
			}
			if err != nil {
				t.Fatalf("game %d (seed %d) after %v: %v", i, seed, played, err)
			}
			if len(moves) == 0 {
				break
			}
			if len(played) >= maxPlies {
				t.Fatalf("game %d (seed %d) longer than %d plies: %v", i, seed, maxPlies, played)
			}
			m := moves[r.Intn(len(moves))]
			played = append(played, s.FormatMove(m))
			if err := s.Play(m); err != nil {
				t.Fatalf("game %d after %v: %v", i, played, err)
			}
		}
	}
}

// BenchmarkPlayouts measures random playouts from start, the way the search and
// `trihex bench` run them: copy the start into a scratch state, play it out. It
// reports allocations and playouts per second.
func BenchmarkPlayouts(b *testing.B, start game.State) {
	b.ReportAllocs()
	s := start.Clone()
	r := game.NewRand(1)
	for b.Loop() {
		s.CopyFrom(start)
		s.RandomPlayout(r)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// Replay plays moves (space-separated, in the game's notation) on a copy of
// start and returns it; a move that does not parse or is illegal fails t.
func Replay(t testing.TB, start game.State, moves string) game.State {
	t.Helper()
	s := start.Clone()
	for _, txt := range strings.Fields(moves) {
		m, err := s.ParseMove(txt)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", txt, err)
		}
	}
	return s
}
