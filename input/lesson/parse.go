package lesson

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"trihex/game"
	_ "trihex/game/all" // lessons name their game; the registry must know all three
	"trihex/game/hex"
)

// Lesson is one lesson file, parsed and checked against the rules.
type Lesson struct {
	Name    string // the file, such as "abande/02-capturing.txt"
	Title   string
	Summary string
	Game    *game.Info
	Options game.Options // canonical and complete
	Steps   []*Step

	defaultElse string // the header's else, filled into steps without one
}

// Step is one step of a lesson: a position, what to do in it, and how to answer.
type Step struct {
	Line int // the line of the file where the step starts, for messages

	// Setup is the position as moves from the start; with Continue the step
	// instead starts where the previous one ended (the start for the first step).
	Setup    []game.Move
	Continue bool

	Say  string      // what to do
	Look []hex.Coord // cells to highlight

	Expect []game.Move // the accepted moves; none on an explanation step
	Any    bool        // every legal move is accepted but the Wrong ones
	Reply  []game.Move // played after the right move, or shown by Next
	Right  string      // said after the right move; may be empty
	Else   string      // the answer to a legal move not anticipated
	Wrong  []Wrong     // anticipated wrong moves, legal or illegal
	Checks []string    // what the right move achieves (see the package doc)

	setup game.State     // the position Setup reaches, built once by Parse
	lines map[string]int // the line of each key, for messages
}

// Wrong is a wrong move the lesson anticipates, with its explanation.
type Wrong struct {
	Move    game.Move
	Text    string
	Illegal bool // the move breaks a rule (the lesson says which)

	line int
}

// Explain reports whether the step is an explanation: the player reads it and
// presses Next instead of moving.
func (s *Step) Explain() bool { return len(s.Expect) == 0 && !s.Any }

// field is one key's value with the line it starts on.
type field struct {
	key, value string
	line       int
}

// section is the header or one step: its fields in file order.
type section struct {
	line   int
	fields []field
}

// maxFile bounds a lesson file: a lesson is a page of text, not a game archive.
const maxFile = 1 << 20

// Parse reads one lesson file; name is used in messages and kept as the lesson's
// Name. It refuses anything malformed or against the rules with the name and line.
func Parse(name string, data []byte) (*Lesson, error) {
	fail := func(line int, format string, args ...any) error {
		return fmt.Errorf("lesson: %s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	if len(data) > maxFile {
		return nil, fail(1, "file is larger than %d bytes", maxFile)
	}
	if !utf8.Valid(data) {
		return nil, fail(1, "file is not UTF-8")
	}
	sections, err := split(string(data), fail)
	if err != nil {
		return nil, err
	}
	l := &Lesson{Name: name}
	if err := l.header(sections[0], fail); err != nil {
		return nil, err
	}
	if len(sections) == 1 {
		return nil, fail(sections[0].line, "the lesson has no steps (a step starts with ---)")
	}
	for _, sec := range sections[1:] {
		st, err := l.step(sec, fail)
		if err != nil {
			return nil, err
		}
		l.Steps = append(l.Steps, st)
	}
	if err := l.verify(fail); err != nil {
		return nil, err
	}
	return l, nil
}

// split cuts the text into sections of key: value fields, joining continuation
// lines to the value above them.
func split(text string, fail func(int, string, ...any) error) ([]section, error) {
	secs := []section{{line: 1}}
	cur := &secs[0]
	open := false // whether an indented line may continue the last field
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		line := strings.TrimRight(raw, " \t\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			open = false
		case strings.HasPrefix(trimmed, "#"):
			// A comment neither ends nor continues a value.
		case trimmed == "---":
			secs = append(secs, section{line: n})
			cur = &secs[len(secs)-1]
			open = false
		case line[0] == ' ' || line[0] == '\t':
			if !open {
				return nil, fail(n, "indented line continues no value")
			}
			f := &cur.fields[len(cur.fields)-1]
			f.value = strings.TrimSpace(f.value + " " + trimmed)
		default:
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				return nil, fail(n, "want key: value, got %q", clip(trimmed))
			}
			k = strings.Join(strings.Fields(strings.ToLower(k)), " ")
			cur.fields = append(cur.fields, field{key: k, value: strings.TrimSpace(v), line: n})
			open = true
		}
	}
	return secs, nil
}

// clip shortens a line quoted in a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func (l *Lesson) header(sec section, fail func(int, string, ...any) error) error {
	seen := map[string]bool{}
	var opts string
	var generic string
	optLine := sec.line
	for _, f := range sec.fields {
		if seen[f.key] {
			return fail(f.line, "%s given twice", f.key)
		}
		seen[f.key] = true
		switch f.key {
		case "title":
			l.Title = f.value
		case "summary":
			l.Summary = f.value
		case "game":
			g, err := game.Lookup(f.value)
			if err != nil {
				return fail(f.line, "%v", err)
			}
			l.Game = g
		case "options":
			opts, optLine = f.value, f.line
		case "else":
			generic = f.value
		default:
			return fail(f.line, "unknown header key %q (want title, game, summary, options, else)", f.key)
		}
	}
	switch {
	case l.Game == nil:
		return fail(sec.line, "the header names no game")
	case l.Title == "":
		return fail(sec.line, "the header has no title")
	case l.Summary == "":
		return fail(sec.line, "the header has no summary")
	}
	o, err := l.Game.ResolveOptions(opts)
	if err != nil {
		return fail(optLine, "%v", err)
	}
	l.Options = o
	l.defaultElse = generic
	return nil
}

func (l *Lesson) step(sec section, fail func(int, string, ...any) error) (*Step, error) {
	st := &Step{Line: sec.line, Continue: true, lines: map[string]int{}}
	seen := map[string]bool{}
	parser := l.start()
	for _, f := range sec.fields {
		key, arg, _ := strings.Cut(f.key, " ")
		if key != "wrong" && key != "illegal" {
			if seen[f.key] {
				return nil, fail(f.line, "%s given twice in one step", f.key)
			}
			seen[f.key] = true
		}
		if arg != "" && key != "wrong" && key != "illegal" {
			return nil, fail(f.line, "unknown step key %q", f.key)
		}
		if _, ok := st.lines[key]; !ok {
			st.lines[key] = f.line
		}
		var err error
		switch key {
		case "moves":
			st.Continue = false
			st.Setup, err = parseMoves(parser, f.value, true)
		case "say":
			st.Say = f.value
		case "look":
			st.Look, err = l.parseCells(f.value)
		case "expect":
			if strings.EqualFold(f.value, "any") {
				st.Any = true
				break
			}
			st.Expect, err = parseMoves(parser, f.value, false)
			if err == nil && len(st.Expect) == 0 {
				err = fmt.Errorf("no move given (use \"any\" to accept every legal move)")
			}
		case "reply":
			st.Reply, err = parseMoves(parser, f.value, false)
		case "right":
			st.Right = f.value
		case "else":
			st.Else = f.value
		case "check":
			for _, c := range strings.Split(f.value, ",") {
				c = strings.Join(strings.Fields(strings.ToLower(c)), " ")
				if err = l.checkSyntax(c); err != nil {
					break
				}
				st.Checks = append(st.Checks, c)
			}
		case "wrong", "illegal":
			err = st.addWrong(parser, key, arg, f)
		default:
			err = fmt.Errorf("unknown step key %q (want moves, say, look, expect, reply, right, else, check, wrong MOVE, illegal MOVE)", f.key)
		}
		if err != nil {
			return nil, fail(f.line, "%s: %v", f.key, err)
		}
	}
	// What a step must say, and what only a move step may say.
	switch {
	case st.Say == "":
		return nil, fail(sec.line, "the step has no say")
	case st.Explain() && (seen["else"] || seen["right"] || len(st.Wrong) > 0 || seen["check"] && len(st.Reply) == 0):
		return nil, fail(sec.line, "an explanation step (no expect) takes no else, right, wrong or illegal, and checks only with reply")
	}
	if st.Else == "" {
		st.Else = l.defaultElse
	}
	if !st.Explain() && !st.Any && st.Else == "" {
		return nil, fail(sec.line, "the step has no else (give one here or in the header)")
	}
	return st, nil
}

// addWrong reads an anticipated wrong move ("wrong MOVE: text", or "illegal MOVE:
// text" for one against the rules).
func (st *Step) addWrong(parser game.State, key, arg string, f field) error {
	if arg == "" {
		return fmt.Errorf("%s needs a move: %s MOVE: text", key, key)
	}
	m, err := parser.ParseMove(arg)
	if err != nil {
		return err
	}
	for _, w := range st.Wrong {
		if w.Move == m {
			return fmt.Errorf("move %s anticipated twice", arg)
		}
	}
	if f.value == "" {
		return fmt.Errorf("no text: say why the move is wrong")
	}
	st.Wrong = append(st.Wrong, Wrong{Move: m, Text: f.value, Illegal: key == "illegal", line: f.line})
	return nil
}

// start returns the start position of the lesson's game and options.
func (l *Lesson) start() game.State { return l.Game.New(l.Options) }

// parseMoves reads moves separated by spaces; with numbers, tokens such as "12."
// (move numbers copied from a record) are skipped.
func parseMoves(s game.State, text string, numbers bool) ([]game.Move, error) {
	var out []game.Move
	for _, tok := range strings.Fields(text) {
		if numbers && strings.HasSuffix(tok, ".") {
			if _, err := strconv.Atoi(tok[:len(tok)-1]); err == nil {
				continue
			}
		}
		m, err := s.ParseMove(tok)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// surface reports whether the game is played on an unbounded surface (cells
// q,r) rather than the 37-point board (labels).
func (l *Lesson) surface() bool { return !l.Game.Board.Bounded() }

// parseCells reads highlight cells as the game's board names them: labels on the
// board, q,r on the surface.
func (l *Lesson) parseCells(text string) ([]hex.Coord, error) {
	var out []hex.Coord
	for _, tok := range strings.Fields(text) {
		c, ok := l.Game.Board.ParseCell(tok)
		if !ok {
			return nil, fmt.Errorf("%q is not a cell of %s", tok, l.Game.Name)
		}
		out = append(out, c)
	}
	return out, nil
}

// moveCells returns the cells a move names, as the rules give them (the same as
// input.Cells): [to] or [from, to] for Abande, [p] or [a, b, target] for
// Attangle, [c] or [from, to] for Andantino; none for a pass.
func moveCells(s game.State, m game.Move) []hex.Coord {
	cells, _ := game.MoveCells(s, m)
	return cells
}
