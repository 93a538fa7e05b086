// Package puzzle holds the shipped puzzles of the three games (positions with one
// best move: win within one, two or three of your moves, stop the opponent's win,
// or in Abande keep a won score to the end), the exact prover that decides them,
// the generator that finds them in engine self-play, and the puzzles command.
//
// The puzzles are text data embedded in the binary, one file per game, one puzzle
// a line exactly as `trihex puzzles list GAME` prints it:
//
//	KIND<TAB>MOVES<TAB>ANSWERS
//
// KIND is win1, win2, win3, defend or keep; MOVES are the moves from the start
// position (default rules options) in RULES.md notation, each in the one spelling
// FormatMove writes, separated by single spaces; ANSWERS are the accepted moves,
// the same way. The position is the one after MOVES; the puzzle's side is the side
// to move there.
package puzzle

import (
	"embed"
	"errors"
	"fmt"
	"slices"
	"strings"

	"trihex/game"
	_ "trihex/game/all" // the games, looked up by name
)

// Kind is what a puzzle asks for.
type Kind uint8

// The kinds. WinN: the side to move wins within N of its own moves against any
// defence (and not in fewer). Defend: the opponent would win with its next move,
// and the answers are exactly the moves after which it has no immediate win. Keep
// (Abande): the side to move is ahead on score with the hands empty, and the
// answers (a pass or a capture) are exactly the moves that keep a won game to the
// end against any reply.
const (
	Win1 Kind = iota + 1
	Win2
	Win3
	Defend
	Keep
)

var kindNames = [...]string{Win1: "win1", Win2: "win2", Win3: "win3", Defend: "defend", Keep: "keep"}

// Kinds are all the kinds, in order.
var Kinds = []Kind{Win1, Win2, Win3, Defend, Keep}

func (k Kind) String() string {
	if k >= Win1 && k <= Keep {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind reads a kind's name.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds {
		if kindNames[k] == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("puzzle: unknown kind %q (win1, win2, win3, defend, keep)", s)
}

// Moves is the horizon of a win kind in the solver's own moves (0 for the others).
func (k Kind) Moves() int {
	switch k {
	case Win1:
		return 1
	case Win2:
		return 2
	case Win3:
		return 3
	}
	return 0
}

// Difficulty is a puzzle's level for the menu: it follows from the kind, so that
// the data line need not say it.
type Difficulty uint8

// The difficulties.
const (
	Easy Difficulty = iota + 1
	Medium
	Hard
)

// Difficulties are all the difficulties, in order.
var Difficulties = []Difficulty{Easy, Medium, Hard}

func (d Difficulty) String() string {
	switch d {
	case Easy:
		return "easy"
	case Medium:
		return "medium"
	case Hard:
		return "hard"
	}
	return fmt.Sprintf("Difficulty(%d)", uint8(d))
}

// Difficulty of a kind: one move to find against a visible threat or win is easy,
// a two-move plan or an endgame read to the end is medium, three moves are hard.
func (k Kind) Difficulty() Difficulty {
	switch k {
	case Win1, Defend:
		return Easy
	case Win2, Keep:
		return Medium
	}
	return Hard
}

// Puzzle is one shipped puzzle.
type Puzzle struct {
	Game       string // the game's name, as game.Info.Name
	Kind       Kind
	Moves      []string // the position, as moves from the start
	Answers    []string // the accepted moves, sorted
	Difficulty Difficulty
}

// Line is the puzzle's data line (without the newline), as the list command prints.
func (p Puzzle) Line() string {
	return p.Kind.String() + "\t" + strings.Join(p.Moves, " ") + "\t" + strings.Join(p.Answers, " ")
}

// Position replays the puzzle's moves from the start position of its game.
func (p Puzzle) Position() (game.State, error) {
	info, err := game.Lookup(p.Game)
	if err != nil {
		return nil, err
	}
	s, err := info.Start("")
	if err != nil {
		return nil, err
	}
	for i, txt := range p.Moves {
		m, err := s.ParseMove(txt)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("puzzle: move %d %q: %w", i+1, txt, err)
		}
		if s.FormatMove(m) != txt {
			return nil, fmt.Errorf("puzzle: move %d %q is not spelt %q", i+1, txt, s.FormatMove(m))
		}
	}
	if s.Result().Over {
		return nil, fmt.Errorf("%w (%s)", errOver, s.Result().Reason)
	}
	return s, nil
}

// errOver is the error of Position when the moves end the game.
var errOver = errors.New("puzzle: the game is over after the moves")

// Check reports whether answer is one of the puzzle's accepted moves (it must be
// legal in the puzzle's position).
func (p Puzzle) Check(answer game.Move) bool {
	s, err := p.Position()
	if err != nil || !s.IsLegal(answer) {
		return false
	}
	return slices.Contains(p.Answers, s.FormatMove(answer))
}

// Refute returns why wrong fails in the puzzle p: the line of moves that follows it
// (starting with the opponent's reply) in which the opponent wins, stops the win,
// or, for keep, reaches an end the solver does not win. It is empty when wrong is
// not legal, is an accepted answer, or ends the game itself (a suicide tile).
func Refute(p Puzzle, wrong game.Move) []game.Move {
	s, err := p.Position()
	if err != nil || !s.IsLegal(wrong) || p.Check(wrong) {
		return nil
	}
	return NewProver().refute(s, p.Kind, wrong)
}

// ParseLine reads one data line of game g (numbered n, for the messages): the
// kind, the position's moves and the answers, each checked against the rules: the
// moves replay legally in canonical spelling, the game is not over, the answers
// are legal, distinct and sorted. It does not prove the puzzle (see Prove).
func ParseLine(g string, n int, line string) (Puzzle, error) {
	fail := func(format string, a ...any) (Puzzle, error) {
		return Puzzle{}, fmt.Errorf("puzzle: %s line %d: %s", g, n, fmt.Sprintf(format, a...))
	}
	f := strings.Split(line, "\t")
	if len(f) != 3 {
		return fail("want 3 tab-separated fields (kind, moves, answers), have %d", len(f))
	}
	k, err := ParseKind(f[0])
	if err != nil {
		return fail("unknown kind %q", f[0])
	}
	p := Puzzle{Game: g, Kind: k, Difficulty: k.Difficulty()}
	for i, field := range f[1:] {
		var words []string
		if field != "" {
			words = strings.Split(field, " ")
		}
		for _, w := range words {
			if w == "" {
				return fail("an empty move in %q (single spaces between moves)", field)
			}
		}
		if i == 0 {
			p.Moves = words
		} else {
			p.Answers = words
		}
	}
	if len(p.Answers) == 0 {
		return fail("no answers")
	}
	info, err := game.Lookup(g)
	if err != nil {
		return fail("%v", err)
	}
	p.Game = info.Name
	s, err := p.Position()
	if err != nil {
		return fail("%v", strings.TrimPrefix(err.Error(), "puzzle: "))
	}
	for i, a := range p.Answers {
		m, err := s.ParseMove(a)
		switch {
		case err != nil:
			return fail("answer %q: %v", a, err)
		case !s.IsLegal(m):
			return fail("answer %q is not legal", a)
		case s.FormatMove(m) != a:
			return fail("answer %q is not spelt %q", a, s.FormatMove(m))
		case i > 0 && p.Answers[i-1] >= a:
			return fail("answers not sorted or repeated at %q", a)
		}
	}
	return p, nil
}

// Parse reads a whole data file of game g: one puzzle a line, every line a
// puzzle (no blank lines), the last ended by a newline.
func Parse(g, text string) ([]Puzzle, error) {
	if text == "" {
		return nil, nil
	}
	if !strings.HasSuffix(text, "\n") {
		return nil, fmt.Errorf("puzzle: %s: the last line has no newline", g)
	}
	var out []Puzzle
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		p, err := ParseLine(g, i+1, line)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

//go:embed data/*.txt
var data embed.FS

// dataFile is the embedded file of a game.
func dataFile(info *game.Info) string { return "data/" + strings.ToLower(info.Name) + ".txt" }

// Load returns the shipped puzzles of the named game, in file order.
func Load(g string) ([]Puzzle, error) {
	info, err := game.Lookup(g)
	if err != nil {
		return nil, err
	}
	b, err := data.ReadFile(dataFile(info))
	if err != nil {
		return nil, fmt.Errorf("puzzle: no puzzles for %s", info.Name)
	}
	return Parse(info.Name, string(b))
}
