package arena

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	aiandantino "trihex/ai/andantino"
	"trihex/game"
	rules "trihex/game/andantino"
	"trihex/save"
)

// resultGame plays line, then random moves from seeds in turn until a game
// ends with winner, and returns its moves.
func resultGame(t *testing.T, line []string, winner game.Player, seed *uint64) []game.Move {
	t.Helper()
	for range 1000 {
		*seed++
		rng := rand.New(rand.NewPCG(*seed, 1))
		s := rules.New(false, false)
		var moves []game.Move
		for _, mv := range line {
			m, err := rules.ParseMove(mv)
			if err == nil {
				err = s.Play(m)
			}
			if err != nil {
				t.Fatalf("%s: %v", mv, err)
			}
			moves = append(moves, m)
		}
		for !s.Result().Over {
			legal := s.LegalMoves(nil)
			m := legal[rng.IntN(len(legal))]
			s.Apply(m)
			moves = append(moves, m)
		}
		if s.Result().Winner == winner {
			return moves
		}
	}
	t.Fatalf("no random game after %v won by %v", line, winner)
	return nil
}

func writeTestRecord(t *testing.T, path string, moves []game.Move) {
	t.Helper()
	text, err := save.Format(rules.New(false, false), moves, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Red's moves by results: after 0,1 -1,1 1,-1, the move 0,-1 is played in
// four games (one of them the mirror image of another) and lost one; another
// move is played in three and lost two. The report counts them, the book
// takes 0,-1 there, and a position where only one move was seen gets no entry.
func TestBookResults(t *testing.T) {
	dir := t.TempDir()
	prefix := []string{"0,1", "-1,1", "1,-1"}
	s := rules.New(false, false)
	for _, mv := range prefix {
		m, _ := rules.ParseMove(mv)
		s.Apply(m)
	}
	other := ""
	for _, m := range s.LegalMoves(nil) {
		if mv := rules.FormatMove(m); mv != "0,-1" {
			other = mv
			break
		}
	}
	red, white := game.Second, game.First
	var seed uint64
	n := 0
	add := func(moves []game.Move) {
		n++
		writeTestRecord(t, filepath.Join(dir, fmt.Sprintf("game-%d.trihex", n)), moves)
	}
	var firstWin []game.Move
	for _, w := range []game.Player{red, red, white} {
		g := resultGame(t, append(prefix, "0,-1"), w, &seed)
		if firstWin == nil {
			firstWin = g
		}
		add(g)
	}
	mirrored := make([]game.Move, len(firstWin))
	for i, m := range firstWin {
		mirrored[i] = aiandantino.Mirror(m)
	}
	add(mirrored)
	for _, w := range []game.Player{white, white, red} {
		add(resultGame(t, append(prefix, other), w, &seed))
	}
	// An unfinished game is left out.
	writeTestRecord(t, filepath.Join(dir, "unfinished.trihex"), firstWin[:10])

	code, out, errs := run(Book, "--results", "--plies", "4", "--min", "3", dir)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, want := range []string{
		"7 finished games (1 unfinished left out), Red won 4, drew 0, lost 3 (43%)",
		"ply 1, 7 games: 0,1\n  -1,1     7 games  won  4  drawn   0  lost   3 (43%)\n",
		"ply 3, 7 games: 0,1 -1,1 1,-1\n  0,-1     4 games  won  3  drawn   0  lost   1 (25%)  <- by results\n",
		fmt.Sprintf("  %-6s   3 games  won  1  drawn   0  lost   2 (67%%)\n", other),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}

	// The book: 0,-1 after the prefix, before an old book's other entries.
	old := filepath.Join(dir, "old.txt")
	if err := os.WriteFile(old, []byte("0,1 -1,1 1,-1 : "+other+" 0.5000\n0,1 : -1,1 0.5000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "book.txt")
	if code, _, errs := run(Book, "--results", "--plies", "4", "--min", "3", "--out", path, "--in", old, dir); code != 0 {
		t.Fatalf("--out: exit %d, %q", code, errs)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := aiandantino.ParseBook(string(data))
	if err != nil || len(b) != 2 {
		t.Fatalf("book %q: %d entries, %v", data, len(b), err)
	}
	if !strings.Contains(string(data), "\n0,1 -1,1 1,-1 : 0,-1 0.7500\n# from "+old+", the positions not searched above\n0,1 : -1,1 0.5000\n") {
		t.Errorf("book:\n%s", data)
	}
	// With --min 4 the other move is too rarely seen to compare: no entry.
	if code, _, errs := run(Book, "--results", "--plies", "4", "--min", "4", "--out", path, dir); code != 0 {
		t.Fatalf("--min 4: exit %d, %q", code, errs)
	}
	if data, _ := os.ReadFile(path); strings.Contains(string(data), " : ") {
		t.Errorf("--min 4 wrote entries:\n%s", data)
	}

	// After 0,1 -1,1 1,-1 0,-1 -1,0 the position is its own mirror image:
	// 1,1 and 2,-1 are one choice, counted once (as 1,1).
	sym := t.TempDir()
	star := []string{"0,1", "-1,1", "1,-1", "0,-1", "-1,0"}
	writeTestRecord(t, filepath.Join(sym, "a.trihex"), resultGame(t, append(star, "1,1"), red, &seed))
	writeTestRecord(t, filepath.Join(sym, "b.trihex"), resultGame(t, append(star, "2,-1"), white, &seed))
	code, out, _ = run(Book, "--results", "--plies", "6", "--min", "1", sym)
	if want := "ply 5, 2 games: 0,1 -1,1 1,-1 0,-1 -1,0\n  1,1      2 games  won  1  drawn   0  lost   1 (50%)\n"; code != 0 || !strings.Contains(out, want) {
		t.Errorf("a position its own mirror image: report lacks %q:\n%s", want, out)
	}

	// Refused: another game's record, a missing file, and usage errors.
	att := filepath.Join(t.TempDir(), "attangle.trihex")
	if err := os.WriteFile(att, []byte("[Game \"Attangle\"]\n\n1. a1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{att, filepath.Join(dir, "none.trihex"), t.TempDir()} {
		if code, out, errs := run(Book, "--results", f); code != 1 || out != "" || !strings.HasPrefix(errs, "trihex: book: ") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", f, code, out, errs)
		}
	}
	for _, args := range [][]string{{"--results"}, {"--results", "--plies", "0", dir}, {"--results", "--min", "0", dir},
		{"--results", "--in", old, dir}, {"--results", "--white", "random", "--games", "1", dir}, {"--results", "--count", dir}} {
		if code, out, errs := run(Book, args...); code != 2 || out != "" || !strings.Contains(errs, "usage: "+BookUsage) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
