package puzzle

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "trihex/ai/all" // generating puzzles plays the levels
	"trihex/game"
)

var games = []string{"Abande", "Attangle", "Andantino"}

// Minimum counts of the shipped data: per game, and per difficulty within a game.
const (
	minPerGame       = 30
	minPerDifficulty = 6
)

func load(t *testing.T, g string) []Puzzle {
	t.Helper()
	ps, err := Load(g)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// TestShippedPuzzlesProve proves every shipped puzzle again: its moves replay
// legally from the start, the answers satisfy its kind and every other legal move
// does not (the prover tries them all), it is the puzzle the generator's judgement
// gives the position (no faster win, a real threat, a won Abande endgame), and a
// refutation exists for every wrong move.
func TestShippedPuzzlesProve(t *testing.T) {
	for _, g := range games {
		t.Run(g, func(t *testing.T) {
			pr := NewProver()
			for i, p := range load(t, g) {
				s, err := p.Position()
				if err != nil {
					t.Fatalf("puzzle %d: %v", i+1, err)
				}
				got, err := pr.Answers(s, p.Kind)
				if err != nil {
					t.Fatal(err)
				}
				if txt := formatAll(s, got); !slices.Equal(sorted(txt), p.Answers) {
					t.Errorf("puzzle %d (%s): the moves that satisfy it are %v, the data says %v", i+1, p.Kind, txt, p.Answers)
				}
				k, answers, ok, err := pr.Classify(s)
				if err != nil || !ok || k != p.Kind || !slices.Equal(sorted(formatAll(s, answers)), p.Answers) {
					t.Errorf("puzzle %d (%s %v): judged %v %s %v (%v)", i+1, p.Kind, p.Answers, ok, k, formatAll(s, answers), err)
				}
				for _, m := range s.LegalMoves(nil) {
					if p.Check(m) != slices.Contains(p.Answers, s.FormatMove(m)) {
						t.Errorf("puzzle %d: Check(%s) wrong", i+1, s.FormatMove(m))
					}
				}
			}
		})
	}
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestShippedCounts checks the minimum counts and that each game's themes are
// there: Abande's keep, Andantino's lines and traps, Attangle's triples.
func TestShippedCounts(t *testing.T) {
	for _, g := range games {
		ps := load(t, g)
		if len(ps) < minPerGame {
			t.Errorf("%s: %d puzzles, want at least %d", g, len(ps), minPerGame)
		}
		byDiff := map[Difficulty]int{}
		byKind := map[Kind]int{}
		themes := map[string]int{}
		pr := NewProver()
		for _, p := range ps {
			byDiff[p.Difficulty]++
			byKind[p.Kind]++
			if p.Difficulty != p.Kind.Difficulty() {
				t.Errorf("%s: %s puzzle of difficulty %s", g, p.Kind, p.Difficulty)
			}
			s, err := p.Position()
			if err != nil {
				t.Fatal(err)
			}
			m, _ := s.ParseMove(p.Answers[0])
			themes[theme(pr, s, p.Kind, m)]++
		}
		for _, d := range Difficulties {
			if byDiff[d] < minPerDifficulty {
				t.Errorf("%s: %d %s puzzles, want at least %d", g, byDiff[d], d, minPerDifficulty)
			}
		}
		var want []string
		switch g {
		case "Abande":
			if byKind[Keep] < minPerDifficulty {
				t.Errorf("Abande: %d keep puzzles", byKind[Keep])
			}
		case "Andantino":
			want = []string{"line of five", "trap"}
		case "Attangle":
			want = []string{"three triples"}
		}
		for _, w := range want {
			n := themes[w]
			if w == "trap" {
				n += themes["trap with a gap"]
			}
			if n == 0 {
				t.Errorf("%s: no puzzle won by %s (themes %v)", g, w, themes)
			}
		}
		t.Logf("%s: %d puzzles, by kind %v, by difficulty %v, themes %v", g, len(ps), byKind, byDiff, themes)
	}
}

// TestRefute plays each shipped puzzle's wrong moves (a few per puzzle) with
// their refutation and checks that the refutation shows the failure.
func TestRefute(t *testing.T) {
	for _, g := range games {
		t.Run(g, func(t *testing.T) {
			pr := NewProver()
			for i, p := range load(t, g) {
				s, _ := p.Position()
				me := s.ToMove()
				tried := 0
				for _, wrong := range s.LegalMoves(nil) {
					if p.Check(wrong) || tried == 3 {
						continue
					}
					tried++
					line := Refute(p, wrong)
					t2 := s.Clone()
					t2.Apply(wrong)
					if t2.Result().Over {
						if len(line) != 0 || t2.Result().Winner == me {
							t.Errorf("puzzle %d: %s ends the game %v, refutation %v", i+1, s.FormatMove(wrong), t2.Result(), formatAll(t2, line))
						}
						continue
					}
					if len(line) == 0 {
						t.Fatalf("puzzle %d: no refutation of %s", i+1, s.FormatMove(wrong))
					}
					for _, m := range line {
						if err := t2.Play(m); err != nil {
							t.Fatalf("puzzle %d: refutation of %s: %v", i+1, s.FormatMove(wrong), err)
						}
					}
					r := t2.Result()
					switch p.Kind {
					case Defend:
						if !r.Over || r.Winner != me.Other() || len(line) != 1 {
							t.Errorf("puzzle %d: after %s the refutation %v does not win", i+1, s.FormatMove(wrong), line)
						}
					case Keep:
						if !r.Over || r.Winner == me {
							t.Errorf("puzzle %d: after %s the refutation ends %v", i+1, s.FormatMove(wrong), r)
						}
					default:
						n := p.Kind.Moves() - 1
						if len(line) != 1 || (r.Over && r.Winner == me) || (!r.Over && n > 0 && pr.wins(t2, n, 0)) {
							t.Errorf("puzzle %d: after %s and %v the solver still wins", i+1, s.FormatMove(wrong), line)
						}
					}
				}
			}
		})
	}
}

// TestListMatchesData: `puzzles list GAME` prints the embedded file as it is, and
// the file is the canonical form of what it parses to.
func TestListMatchesData(t *testing.T) {
	for _, g := range games {
		var out, errs bytes.Buffer
		if code := Command([]string{"list", strings.ToLower(g)}, &out, &errs); code != 0 {
			t.Fatalf("list %s: exit %d, %s", g, code, errs.String())
		}
		raw, err := os.ReadFile(filepath.Join("data", strings.ToLower(g)+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if out.String() != string(raw) || Format(load(t, g)) != string(raw) {
			t.Errorf("%s: list output differs from the data file", g)
		}
		for n, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if strings.Count(line, "\t") != 2 {
				t.Errorf("%s line %d: %q", g, n+1, line)
			}
		}
	}
}

// TestCommandUsage: usage errors exit 2 with the usage line.
func TestCommandUsage(t *testing.T) {
	for _, args := range [][]string{
		nil, {"show"}, {"list"}, {"list", "chess"}, {"list", "abande", "x"},
		{"gen"}, {"gen", "abande", "--games", "0"}, {"gen", "abande", "--seed", "x"},
		{"gen", "abande", "--nope"}, {"gen", "chess"}, {"gen", "abande", "andantino"},
	} {
		var out, errs bytes.Buffer
		if code := Command(args, &out, &errs); code != 2 || out.Len() != 0 || !strings.Contains(errs.String(), "usage: "+Usage) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out.String(), errs.String())
		}
	}
}

// TestGenCommand regenerates a little Andantino (the fastest game) into a file:
// it parses, and the same seed gives the same file with one worker or two.
func TestGenCommand(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, w := range []string{"1", "2"} {
		path := filepath.Join(dir, "p"+w+".txt")
		var out, errs bytes.Buffer
		if code := Command([]string{"gen", "andantino", "--games", "2", "--seed", "5", "--workers", w, "--out", path}, &out, &errs); code != 0 || out.Len() != 0 {
			t.Fatalf("gen: exit %d, stdout %q, stderr %q", code, out.String(), errs.String())
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse("Andantino", string(b)); err != nil {
			t.Fatal(err)
		}
		files = append(files, string(b))
	}
	if files[0] != files[1] || files[0] == "" {
		t.Errorf("the same seed gave\n%s\nand\n%s", files[0], files[1])
	}
}

// TestParseLineRefuses: malformed lines are refused with the game and line number.
func TestParseLineRefuses(t *testing.T) {
	for _, c := range []struct{ line, why string }{
		{"", "3 tab-separated fields"},
		{"win1\t0,1", "3 tab-separated fields"},
		{"win1\t0,1\t1,1\textra", "3 tab-separated fields"},
		{"win4\t0,1\t1,1", "unknown kind"},
		{"WIN1\t0,1\t1,1", "unknown kind"},
		{"win1\t0,1\t", "no answers"},
		{"win1\t0,1  1,1\t2,2", "an empty move"},
		{"win1\t 0,1\t2,2", "an empty move"},
		{"win1\t0,1\t1,1 ", "an empty move"},
		{"win1\t5,5\t1,1", "move 1 \"5,5\""},
		{"win1\tzz\t1,1", "move 1 \"zz\""},
		{"win1\t0,1 0,1\t1,1", "move 2 \"0,1\""},
		{"win1\t0,1\t9,9", "answer \"9,9\" is not legal"},
		{"win1\t0,1\tx", "answer \"x\""},
		{"win1\t0,1\t1,1 -1,1", "not sorted"},
		{"win1\t0,1\t1,1 1,1", "not sorted or repeated"},
	} {
		_, err := ParseLine("Andantino", 7, c.line)
		if err == nil || !strings.Contains(err.Error(), "puzzle: Andantino line 7: ") || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%q: %v, want %q", c.line, err, c.why)
		}
	}
	if _, err := ParseLine("Attangle", 3, "win1\tA1\tb2"); err == nil || !strings.Contains(err.Error(), `puzzle: Attangle line 3: move 1 "A1" is not spelt "a1"`) {
		t.Errorf("upper case: %v", err)
	}
	if _, err := ParseLine("Abande", 3, "keep\td4\tE4"); err == nil || !strings.Contains(err.Error(), `answer "E4" is not spelt "e4"`) {
		t.Errorf("upper case answer: %v", err)
	}
	if _, err := ParseLine("Chess", 1, "win1\t\ta1"); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("unknown game: %v", err)
	}
	if _, err := Parse("Andantino", "win1\t0,1\t-1,1"); err == nil || !strings.Contains(err.Error(), "newline") {
		t.Errorf("no final newline: %v", err)
	}
	_, err := Parse("Andantino", "win1\t0,1\t-1,1\nwin1\t0,1\t-1,1\n\n")
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("blank line: %v", err)
	}
	p, err := ParseLine("abande", 1, "win1\t\td4")
	if err != nil || p.Game != "Abande" || p.Difficulty != Easy || len(p.Moves) != 0 || p.Line() != "win1\t\td4" {
		t.Errorf("start position: %+v %v", p, err)
	}
}

// FuzzParseLine: any line is parsed or refused with its line number, never a
// panic, and a parsed line prints back as it was.
func FuzzParseLine(f *testing.F) {
	for _, g := range games {
		ps, _ := Load(g)
		for _, p := range ps[:min(3, len(ps))] {
			f.Add(g, p.Line())
		}
	}
	f.Add("Andantino", "defend\t0,1 -1,1\t\t")
	f.Add("Attangle", "keep\ta1\ta1,c3-b2")
	f.Fuzz(func(t *testing.T, g, line string) {
		p, err := ParseLine(g, 12, line)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "puzzle: "+g+" line 12: ") {
				t.Fatalf("error without the line: %v", err)
			}
			return
		}
		if p.Line() != line {
			t.Fatalf("%q prints back as %q", line, p.Line())
		}
		if _, err := p.Position(); err != nil {
			t.Fatalf("parsed %q but: %v", line, err)
		}
	})
}

// the game names Load accepts are game.Lookup's.
func TestLoadUnknown(t *testing.T) {
	if _, err := Load("chess"); err == nil {
		t.Error("Load(chess) worked")
	}
	for _, g := range game.Names() {
		if _, err := Load(g); err != nil {
			t.Error(err)
		}
	}
}
