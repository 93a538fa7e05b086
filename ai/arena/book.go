package arena

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"trihex/ai"
	aiandantino "trihex/ai/andantino"
	"trihex/game"
	rules "trihex/game/andantino"
	"trihex/game/cli"
)

// BookUsage is the usage line of Book.
const BookUsage = "trihex book [--plies N] [--time S] [--threads N] [--out FILE] [--count] [--white SPEC ... --games K [--seed N] [--in FILE]] | trihex book --results [--plies N] [--min K] [--out FILE [--in FILE]] RECORD|DIR..."

// Book builds Andantino's opening book for Red (ai/andantino/book.txt): from
// the start it follows every White move and, at each Red position before ply
// N, searches with level 5's alpha-beta for S seconds; that move is the book's
// and the walk goes on from it only. A position met again, or as the mirror
// image of one met, is searched once. Each line is written as it is found, so
// an interrupted run leaves a usable book. --count only counts the positions.
//
// With --white, the book follows games instead of every White move: K games
// in which White is played by the engines given (in turn, each game from its
// own seed) and Red by the long search, so that the book goes deeper along
// the lines a strong White plays. --in adds a book's entries for the positions
// this run did not search, after its own.
//
// With --results, the book is chosen from finished games instead (results.go):
// the records' Red positions before ply N are listed with each Red move's
// games, wins, draws and losses; --out writes a book of the positions where at
// least two moves were each played in K games or more (--min), each with the
// move that lost least often, and --in adds an older book's other entries.
func Book(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("book", BookUsage, stderr)
	plies := fs.Int("plies", 8, "book Red's moves before this ply")
	secs := fs.Float64("time", 6, "seconds of search a position")
	threads := fs.Threads(ai.DefaultThreads(false), "search threads (default: every core)")
	out := fs.String("out", "", "file to write (default: standard output)")
	count := fs.Bool("count", false, "count the Red positions only, without searching (White's moves are all followed; Red's first legal move stands in for the book's)")
	var whites []string
	fs.Func("white", "an engine to play White (repeatable): follow its games, not every White move", func(v string) error {
		whites = append(whites, v)
		return nil
	})
	games := fs.Int("games", 0, "with --white: games to play")
	seed := fs.Uint64("seed", 1, "with --white: the first game's seed")
	in := fs.String("in", "", "a book whose entries are kept for positions not searched here")
	results := fs.Bool("results", false, "choose Red's moves from the results of the records given")
	minGames := fs.Int("min", 5, "with --results: the games a move needs to be chosen")
	pos, err := fs.Parse(args, -1, "")
	switch {
	case err != nil:
	case *results:
		return bookResults(pos, *plies, *minGames, *out, *in, len(whites) != 0 || *count, stdout, stderr)
	case len(pos) != 0:
		err = cli.UsageError("book takes no file (but --results takes records)")
	case (len(whites) == 0) != (*games == 0) || *games < 0:
		err = cli.UsageError("--white and --games go together")
	case len(whites) != 0 && *count:
		err = cli.UsageError("--count follows every White move; it takes no --white")
	case *plies < 1 || *plies > 16:
		err = cli.UsageError(fmt.Sprintf("--plies %d: want 1 to 16", *plies))
	case *secs <= 0:
		err = cli.UsageError("--time must be above 0")
	}
	for _, spec := range whites {
		if _, perr := ai.ParseEngine(spec, 0, 0, 1); err == nil && perr != nil {
			err = cli.UsageError(perr.Error())
		}
	}
	var old []bookLine
	if err == nil && *in != "" {
		old, err = readBookLines(*in)
	}
	if err != nil {
		return fs.Fail(err)
	}
	w := stdout
	var f *os.File
	if *out != "" && !*count {
		if f, err = os.Create(*out); err != nil {
			return fs.Fail(fmt.Errorf("book: %w", err))
		}
		defer f.Close() // a second Close after the one below only reports it was closed
		w = f
	}
	b := &bookWalk{plies: *plies, count: *count, w: w, stderr: stderr, seen: map[string]bool{}, t0: time.Now()}
	if !*count {
		spec := fmt.Sprintf("ab,t=%g,th=%d", *secs, *threads)
		e, err := ai.ParseEngine(spec, 0, 0, 1)
		if err != nil {
			return fs.Fail(err)
		}
		b.engine = e
		fmt.Fprintf(w, "# trihex book %s: Red's moves by level 5's alpha-beta search (%s)\n", strings.Join(args, " "), spec)
	}
	if len(whites) == 0 {
		err = b.walk(rules.New(false, false), nil)
	} else {
		for g := range *games {
			if err = b.game(whites[g%len(whites)], *seed+uint64(g)); err != nil {
				break
			}
		}
	}
	if err == nil && len(old) != 0 {
		err = keepOld(b.w, b.seen, old, *in)
	}
	if f != nil && err == nil {
		if err = f.Close(); err != nil {
			err = fmt.Errorf("book: %w", err)
		}
	}
	if err != nil {
		return fs.Fail(err)
	}
	fmt.Fprintf(stderr, "%d Red positions in %s\n", b.n, time.Since(b.t0).Round(time.Second))
	return 0
}

type bookWalk struct {
	plies  int
	count  bool
	engine ai.Engine
	w      io.Writer
	stderr io.Writer
	seen   map[string]bool
	found  map[string]aiandantino.BookEntry // with --white: the moves searched so far
	n      int
	t0     time.Time
}

// game plays one game from the start to the book's last ply, White by the
// engine spec (from seed), Red by the book so far or else by a search.
func (b *bookWalk) game(white string, seed uint64) error {
	we, err := ai.ParseEngine(white, 0, 0, seed)
	if err != nil {
		return err
	}
	s := rules.New(false, false)
	var moves []string
	for s.Ply() < b.plies && !s.Result().Over {
		var m game.Move
		if s.ToMove() == game.First {
			m = we.Choose(context.Background(), s).Move
		} else if m, err = b.red(s, moves); err != nil {
			return err
		}
		s.Apply(m)
		moves = append(moves, rules.FormatMove(m))
	}
	fmt.Fprintf(b.stderr, "game with seed %d done: %s\n", seed, strings.Join(moves, " "))
	return nil
}

// red returns the book's move for a Red position, searching it the first
// time it (or its mirror image) is met.
func (b *bookWalk) red(s *rules.State, moves []string) (game.Move, error) {
	if b.found == nil {
		b.found = map[string]aiandantino.BookEntry{}
	}
	key, mirrored := aiandantino.BookKey(s)
	if e, ok := b.found[key]; ok {
		if mirrored {
			return aiandantino.Mirror(e.Move), nil
		}
		return e.Move, nil
	}
	b.seen[key] = true
	inf, err := b.search(s, moves)
	if err != nil {
		return inf.Move, err
	}
	m := inf.Move
	e := aiandantino.BookEntry{Move: m, Value: inf.Value}
	if mirrored {
		e.Move = aiandantino.Mirror(m)
	}
	b.found[key] = e
	return m, nil
}

// search finds Red's move in s, reached by moves, with the long search and
// writes it as a book line.
func (b *bookWalk) search(s *rules.State, moves []string) (ai.Info, error) {
	b.n++
	inf := b.engine.Choose(context.Background(), s)
	line := fmt.Sprintf("%s : %s %.4f", strings.Join(moves, " "), rules.FormatMove(inf.Move), inf.Value)
	if _, err := fmt.Fprintln(b.w, line); err != nil {
		return inf, fmt.Errorf("book: %w", err)
	}
	fmt.Fprintf(b.stderr, "%d  ply %d  %s  depth %d  %s\n", b.n, s.Ply(), line, inf.Depth, time.Since(b.t0).Round(time.Second))
	return inf, nil
}

// A bookLine is one entry of a book file, as written, with its position's key.
type bookLine struct {
	key, text string
}

// readBookLines reads a book file, each line checked by ParseBookLine.
func readBookLines(path string) ([]bookLine, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	var out []bookLine
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		key, _, err := aiandantino.ParseBookLine(line)
		if err != nil {
			return nil, fmt.Errorf("book: %s:%d: %w", path, n+1, err)
		}
		out = append(out, bookLine{key, line})
	}
	return out, nil
}

// keepOld writes the old book's lines (from path) for the positions not in
// seen, after a note.
func keepOld(w io.Writer, seen map[string]bool, old []bookLine, path string) error {
	if _, err := fmt.Fprintf(w, "# from %s, the positions not searched above\n", path); err != nil {
		return fmt.Errorf("book: %w", err)
	}
	for _, l := range old {
		if seen[l.key] {
			continue
		}
		seen[l.key] = true
		if _, err := fmt.Fprintln(w, l.text); err != nil {
			return fmt.Errorf("book: %w", err)
		}
	}
	return nil
}

func (b *bookWalk) walk(s *rules.State, moves []string) error {
	if s.Ply() >= b.plies || s.Result().Over {
		return nil
	}
	key, _ := aiandantino.BookKey(s)
	if b.seen[key] {
		return nil
	}
	b.seen[key] = true
	var next []game.Move
	if s.ToMove() == game.First {
		next = s.LegalMoves(nil)
	} else {
		var m game.Move
		if b.count {
			b.n++
			m = s.LegalMoves(nil)[0]
		} else {
			inf, err := b.search(s, moves)
			if err != nil {
				return err
			}
			m = inf.Move
		}
		next = []game.Move{m}
	}
	for _, m := range next {
		c := s.Clone().(*rules.State)
		c.Apply(m)
		if err := b.walk(c, append(moves[:len(moves):len(moves)], rules.FormatMove(m))); err != nil {
			return err
		}
	}
	return nil
}
