package arena

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	aiandantino "trihex/ai/andantino"
	"trihex/game"
	rules "trihex/game/andantino"
	"trihex/game/cli"
	"trihex/save"
)

// Red's opening moves by results (trihex book --results): the longer searches
// of the searched books chose, in the position where most of level 5's Red
// losses gathered, the move that lost most often. So the book can also be chosen from finished games: every Red position
// before the book's last ply in a set of records, up to the mirror image, with
// the games through each of Red's moves there and how they ended for Red.

// redTally counts games by how they ended for Red.
type redTally struct{ games, won, drawn, lost int }

func (t *redTally) add(winner game.Player) {
	t.games++
	switch winner {
	case game.Second:
		t.won++
	case game.First:
		t.lost++
	default:
		t.drawn++
	}
}

// moveResults counts the games through one Red move of a position.
type moveResults struct {
	redTally
	move  string // in the orientation of the position's line
	first int    // order of appearance, for a stable listing
}

// lossRate is the share of games lost, with one lost and one not lost added
// (Laplace's rule), so that a move seen in few games is not taken for a safe
// one.
func (r *moveResults) lossRate() float64 {
	return float64(r.lost+1) / float64(r.games+2)
}

// posResults is one Red position of the records.
type posResults struct {
	key      string   // BookKey's
	line     []string // the moves of the first game that reached it
	mirrored bool     // BookKey's report for that line
	self     bool     // the position is its own mirror image
	games    int
	moves    map[string]*moveResults // by the move as played after line; in a position that is its own mirror image, the move or its mirror image, whichever spells first
	first    int
}

// resultsTable gathers the records' Red positions before ply plies.
type resultsTable struct {
	redTally
	plies    int
	pos      map[string]*posResults
	skipped  int // unfinished games
	sequence int
}

// read reads one record: an Andantino game of the placement rules.
func (t *resultsTable) read(path string) error {
	g, err := save.ReadFile(path)
	if err != nil {
		return fmt.Errorf("book: %w", err)
	}
	s, ok := g.Start.(*rules.State)
	if !ok || !slices.Equal(s.Options(), rules.New(false, false).Options()) || s.Ply() != 0 {
		return fmt.Errorf("book: %s: not an Andantino game of the plain placement rules from the start", path)
	}
	res := g.Final.Result()
	if !res.Over {
		t.skipped++
		return nil
	}
	s = s.Clone().(*rules.State)
	var line []string
	for _, m := range g.Moves {
		if s.Ply() >= t.plies {
			break
		}
		if s.ToMove() == game.Second {
			t.count(s, line, m, res.Winner)
		}
		s.Apply(m)
		line = append(line, rules.FormatMove(m))
	}
	t.redTally.add(res.Winner)
	return nil
}

// count adds one game through Red's move m in s, reached by line.
func (t *resultsTable) count(s *rules.State, line []string, m game.Move, winner game.Player) {
	key, mirrored := aiandantino.BookKey(s)
	p := t.pos[key]
	if p == nil {
		t.sequence++
		p = &posResults{key: key, line: slices.Clone(line), mirrored: mirrored, self: aiandantino.SelfMirror(s), moves: map[string]*moveResults{}, first: t.sequence}
		t.pos[key] = p
	}
	p.games++
	// The move as it would be played from the position's own line.
	if mirrored != p.mirrored {
		m = aiandantino.Mirror(m)
	}
	mv := rules.FormatMove(m)
	if p.self {
		// m and its mirror image lead to the same position, mirrored.
		mv = min(mv, rules.FormatMove(aiandantino.Mirror(m)))
	}
	r := p.moves[mv]
	if r == nil {
		t.sequence++
		r = &moveResults{move: mv, first: t.sequence}
		p.moves[mv] = r
	}
	r.add(winner)
}

// sorted lists the positions by ply, then by games (most first), and each
// position's moves by games.
func (t *resultsTable) sorted() []*posResults {
	ps := make([]*posResults, 0, len(t.pos))
	for _, p := range t.pos {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b *posResults) int {
		return cmp.Or(cmp.Compare(len(a.line), len(b.line)), cmp.Compare(b.games, a.games), cmp.Compare(a.first, b.first))
	})
	return ps
}

func (p *posResults) sortedMoves() []*moveResults {
	ms := make([]*moveResults, 0, len(p.moves))
	for _, r := range p.moves {
		ms = append(ms, r)
	}
	slices.SortFunc(ms, func(a, b *moveResults) int {
		return cmp.Or(cmp.Compare(b.games, a.games), cmp.Compare(a.first, b.first))
	})
	return ms
}

// choice is the move a results book plays in p: of the moves seen in at least
// min games, the one with the lowest loss rate (then the most wins, then the
// most games); nil when there is none, or when only one move was seen (the
// records then say nothing about the alternatives).
func (p *posResults) choice(min int) *moveResults {
	var best *moveResults
	seen := 0
	for _, r := range p.sortedMoves() {
		if r.games < min {
			continue
		}
		seen++
		if best == nil || r.lossRate() < best.lossRate() ||
			r.lossRate() == best.lossRate() && (r.won > best.won || r.won == best.won && r.games > best.games) {
			best = r
		}
	}
	if seen < 2 {
		return nil
	}
	return best
}

// report writes the table for people: each position with its moves' results.
func (t *resultsTable) report(w io.Writer, min int) error {
	pct := func(n, d int) int { return (100*n + d/2) / max(d, 1) }
	fmt.Fprintf(w, "%d finished games (%d unfinished left out), Red won %d, drew %d, lost %d (%d%%)\n",
		t.games, t.skipped, t.won, t.drawn, t.lost, pct(t.lost, t.games))
	for _, p := range t.sorted() {
		if len(p.moves) < 2 && p.games < min {
			continue
		}
		fmt.Fprintf(w, "\nply %d, %d games: %s\n", len(p.line), p.games, strings.Join(p.line, " "))
		c := p.choice(min)
		for _, r := range p.sortedMoves() {
			mark := ""
			if r == c {
				mark = "  <- by results"
			}
			fmt.Fprintf(w, "  %-6s %3d games  won %2d  drawn %3d  lost %3d (%d%%)%s\n",
				r.move, r.games, r.won, r.drawn, r.lost, pct(r.lost, r.games), mark)
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}

// book writes the results book's lines: each position where choice finds a
// move, that move with its score for Red (wins and half the draws) as the value.
func (t *resultsTable) book(w io.Writer, min int, seen map[string]bool) error {
	for _, p := range t.sorted() {
		c := p.choice(min)
		if c == nil {
			continue
		}
		seen[p.key] = true
		score := (float64(c.won) + float64(c.drawn)/2) / float64(c.games)
		if _, err := fmt.Fprintf(w, "%s : %s %.4f\n", strings.Join(p.line, " "), c.move, score); err != nil {
			return fmt.Errorf("book: %w", err)
		}
	}
	return nil
}

// recordPaths expands directories to the records (*.trihex) in them.
func recordPaths(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("book: %w", err)
		}
		if !fi.IsDir() {
			out = append(out, a)
			continue
		}
		m, err := filepath.Glob(filepath.Join(a, "*.trihex"))
		if err != nil {
			return nil, fmt.Errorf("book: %w", err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("book: %s holds no records (*.trihex)", a)
		}
		out = append(out, m...)
	}
	return out, nil
}

// bookResults is trihex book --results.
func bookResults(args []string, plies, min int, out, in string, searchFlags bool, stdout, stderr io.Writer) int {
	var err error
	switch {
	case searchFlags:
		err = cli.UsageError("--results reads games; it takes no --white or --count")
	case len(args) == 0:
		err = cli.UsageError("--results needs records or folders of them")
	case plies < 1 || plies > 16:
		err = cli.UsageError(fmt.Sprintf("--plies %d: want 1 to 16", plies))
	case min < 1:
		err = cli.UsageError("--min must be above 0")
	case in != "" && out == "":
		err = cli.UsageError("--in goes with --out")
	}
	var paths []string
	if err == nil {
		paths, err = recordPaths(args)
	}
	var old []bookLine
	if err == nil && in != "" {
		old, err = readBookLines(in)
	}
	t := &resultsTable{plies: plies, pos: map[string]*posResults{}}
	for _, p := range paths {
		if err != nil {
			break
		}
		err = t.read(p)
	}
	if err == nil {
		err = t.report(stdout, min)
	}
	if err == nil && out != "" {
		err = writeResultsBook(t, out, in, old, min, paths)
	}
	if err != nil {
		return cli.Exit(err, stderr, BookUsage)
	}
	return 0
}

// writeResultsBook writes t's book to path, then old's entries for the other
// positions.
func writeResultsBook(t *resultsTable, path, in string, old []bookLine, min int, paths []string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# trihex book --results --plies %d --min %d: Red's moves by the results of %d finished games\n", t.plies, min, t.games)
	seen := map[string]bool{}
	if err := t.book(&b, min, seen); err != nil {
		return err
	}
	if len(old) != 0 {
		if err := keepOld(&b, seen, old, in); err != nil {
			return err
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("book: %w", err)
	}
	return nil
}
