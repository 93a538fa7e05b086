// Package ladder measures the computer's levels against one another and draws
// them as an Elo ladder, one series per game. Games are slow (level 5 thinks for
// seconds a move), so results accumulate in a plain text file that any run
// extends and that a later run, or a person, can read; the fit and the picture
// are made from that file alone.
package ladder

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
)

// Result is one line of the results file: W wins, D draws and L losses of engine A
// against engine B in one game, played with the given seed on the given date. The
// runner writes a line for each game played, so that an interrupted run loses at
// most the game in progress; any number of lines may name the same pairing and
// are added up.
type Result struct {
	Game    string // game.Info.Name: "Abande", "Attangle", "Andantino"
	A, B    string // engine specs as ai.ParseEngine reads them: "random", "3", "uct,p=40000"
	W, D, L int    // from A's side
	Seed    uint64
	Date    string // YYYY-MM-DD
}

// header is the first line of a new results file: it names the columns for a
// reader of the file, and Read skips it like any line starting with '#'.
const header = "# game\tA\tB\tA wins\tdraws\tA losses\tseed\tdate\n"

const dateLayout = "2006-01-02"

// Line formats r as one line of the file, without the newline.
func (r Result) Line() string {
	return strings.Join([]string{r.Game, r.A, r.B, strconv.Itoa(r.W), strconv.Itoa(r.D),
		strconv.Itoa(r.L), strconv.FormatUint(r.Seed, 10), r.Date}, "\t")
}

// ParseError is a malformed line of a results file. Refusing it, rather than
// skipping it, keeps a typo from silently dropping games from the fit.
type ParseError struct {
	Path string // "" when read from a stream without a name
	Line int    // 1-based
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("ladder: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("ladder: %s:%d: %s", e.Path, e.Line, e.Msg)
}

// parseLine reads one non-comment line.
func parseLine(s string) (Result, error) {
	f := strings.Split(s, "\t")
	if len(f) != 8 {
		return Result{}, fmt.Errorf("want 8 tab-separated fields (game, A, B, wins, draws, losses, seed, date), got %d", len(f))
	}
	for i, name := range []string{"game", "engine A", "engine B"} {
		if f[i] = strings.TrimSpace(f[i]); f[i] == "" {
			return Result{}, fmt.Errorf("empty %s", name)
		}
	}
	r := Result{Game: f[0], A: f[1], B: f[2]}
	if r.A == r.B {
		return Result{}, fmt.Errorf("engine %q plays itself", r.A)
	}
	for i, p := range []*int{&r.W, &r.D, &r.L} {
		n, err := strconv.Atoi(strings.TrimSpace(f[3+i]))
		if err != nil || n < 0 {
			return Result{}, fmt.Errorf("%s %q: want a count ≥ 0", []string{"wins", "draws", "losses"}[i], f[3+i])
		}
		*p = n
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(f[6]), 10, 64)
	if err != nil {
		return Result{}, fmt.Errorf("seed %q: want an unsigned integer", f[6])
	}
	r.Seed = seed
	r.Date = strings.TrimSpace(f[7])
	if _, err := time.Parse(dateLayout, r.Date); err != nil {
		return Result{}, fmt.Errorf("date %q: want YYYY-MM-DD", f[7])
	}
	return r, nil
}

// Read reads a results file: one Result a line; blank lines and lines starting
// with '#' are skipped. A malformed line is a *ParseError.
func Read(r io.Reader) ([]Result, error) {
	var out []Result
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		s := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(s) == "" || strings.HasPrefix(s, "#") {
			continue
		}
		res, err := parseLine(s)
		if err != nil {
			return nil, &ParseError{Line: n, Msg: err.Error()}
		}
		out = append(out, res)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ladder: %w", err)
	}
	return out, nil
}

// ReadFile reads the results file at path; a file that does not exist yet holds
// no results, so that the first run starts from nothing.
func ReadFile(path string) ([]Result, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ladder: %w", err)
	}
	defer f.Close()
	res, err := Read(f)
	if pe, ok := errors.AsType[*ParseError](err); ok {
		pe.Path = path
	}
	return res, err
}

// Write writes results as a whole file, header first.
func Write(w io.Writer, results []Result) error {
	var b strings.Builder
	b.WriteString(header)
	for _, r := range results {
		b.WriteString(r.Line())
		b.WriteByte('\n')
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("ladder: %w", err)
	}
	return nil
}

// Append adds results to the file at path, creating it with its header. Each call
// is one write of whole lines to a file opened for appending, so a run killed
// between games leaves a readable file.
func Append(path string, results ...Result) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("ladder: %w", err)
	}
	var b strings.Builder
	if st, err := f.Stat(); err == nil && st.Size() == 0 {
		b.WriteString(header)
	}
	for _, r := range results {
		if _, err := parseLine(r.Line()); err != nil {
			f.Close()
			return fmt.Errorf("ladder: refusing to write a bad result: %v", err)
		}
		b.WriteString(r.Line())
		b.WriteByte('\n')
	}
	_, err = f.WriteString(b.String())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("ladder: %w", err)
	}
	return nil
}

// Pair is the total of a pairing in one game, A's results against B.
type Pair struct {
	A, B    string
	W, D, L int
}

// N is the number of games of the pairing.
func (p Pair) N() int { return p.W + p.D + p.L }

// Totals adds up the results of game by unordered pairing: lines naming B
// against A count with wins and losses swapped. Pairs come in the order of their
// first line, each oriented as that line.
func Totals(results []Result, gameName string) []Pair {
	var out []Pair
	idx := map[[2]string]int{}
	for _, r := range results {
		if !strings.EqualFold(r.Game, gameName) {
			continue
		}
		w, d, l := r.W, r.D, r.L
		i, ok := idx[[2]string{r.A, r.B}]
		if !ok {
			if i, ok = idx[[2]string{r.B, r.A}]; ok {
				w, l = l, w
			}
		}
		if !ok {
			i = len(out)
			idx[[2]string{r.A, r.B}] = i
			out = append(out, Pair{A: r.A, B: r.B})
		}
		out[i].W += w
		out[i].D += d
		out[i].L += l
	}
	return out
}
