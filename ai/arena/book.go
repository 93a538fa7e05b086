package arena

import (
	"context"
	"flag"
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
const BookUsage = "trihex book [--plies N] [--time S] [--threads N] [--out FILE] [--count]"

// Book builds Andantino's opening book for Red (ai/andantino/book.txt): from
// the start it follows every White move and, at each Red position before ply
// N, searches with level 5's alpha-beta for S seconds; that move is the book's
// and the walk goes on from it only. A position met again, or as the mirror
// image of one met, is searched once. Each line is written as it is found, so
// an interrupted run leaves a usable book. --count only counts the positions.
func Book(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("book", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	plies := fs.Int("plies", 8, "book Red's moves before this ply")
	secs := fs.Float64("time", 6, "seconds of search a position")
	threads := fs.Int("threads", ai.DefaultThreads(false), "search threads (default: every core)")
	out := fs.String("out", "", "file to write (default: standard output)")
	count := fs.Bool("count", false, "count the Red positions only, without searching (White's moves are all followed; Red's first legal move stands in for the book's)")
	pos, err := cli.SplitFlags(fs, args)
	switch {
	case err != nil:
	case len(pos) != 0:
		err = cli.UsageError("book takes no file")
	case *plies < 1 || *plies > 16:
		err = cli.UsageError(fmt.Sprintf("--plies %d: want 1 to 16", *plies))
	case *secs <= 0 || *threads < 1:
		err = cli.UsageError("--time and --threads must be above 0")
	}
	if err != nil {
		return cli.Exit(err, stderr, BookUsage)
	}
	w := stdout
	var f *os.File
	if *out != "" && !*count {
		if f, err = os.Create(*out); err != nil {
			return cli.Exit(fmt.Errorf("book: %w", err), stderr, BookUsage)
		}
		defer f.Close() // a second Close after the one below only reports it was closed
		w = f
	}
	b := &bookWalk{plies: *plies, count: *count, w: w, stderr: stderr, seen: map[string]bool{}, t0: time.Now()}
	if !*count {
		spec := fmt.Sprintf("ab,t=%g,th=%d", *secs, *threads)
		e, err := ai.ParseEngine(spec, 0, 0, 1)
		if err != nil {
			return cli.Exit(err, stderr, BookUsage)
		}
		b.engine = e
		fmt.Fprintf(w, "# trihex book --plies %d --time %g --threads %d: Red's moves by level 5's alpha-beta search (%s)\n", *plies, *secs, *threads, spec)
	}
	err = b.walk(rules.New(false, false), nil)
	if f != nil && err == nil {
		if err = f.Close(); err != nil {
			err = fmt.Errorf("book: %w", err)
		}
	}
	if err != nil {
		return cli.Exit(err, stderr, BookUsage)
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
	n      int
	t0     time.Time
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
		b.n++
		var m game.Move
		if b.count {
			m = s.LegalMoves(nil)[0]
		} else {
			inf := b.engine.Choose(context.Background(), s)
			m = inf.Move
			if _, err := fmt.Fprintf(b.w, "%s : %s %.4f\n", strings.Join(moves, " "), rules.FormatMove(m), inf.Value); err != nil {
				return fmt.Errorf("book: %w", err)
			}
			fmt.Fprintf(b.stderr, "%d  ply %d  %s : %s %.4f  depth %d  %s\n", b.n, s.Ply(), strings.Join(moves, " "), rules.FormatMove(m), inf.Value, inf.Depth, time.Since(b.t0).Round(time.Second))
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
