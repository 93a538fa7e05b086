package save

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"trihex/game"
)

// FormatVersion is written in the Format tag.
const FormatVersion = "1"

// standardTags are written first, in this order; the Result and Termination tags are
// computed from the game, the others come from extra when given.
var standardTags = []string{"Game", "Format", "Options", "Date", "White", "Black", "Red", "Result", "Termination", "TimeControl"}

// Format writes the record of the game played from start by moves. Tags in extra
// (players, date, and any unknown tags of a loaded record) are kept; Game, Format,
// Options, Result and Termination are always those of the game itself.
func Format(start game.State, moves []game.Move, extra []Tag) (string, error) {
	root := &Node{}
	n := root
	for _, m := range moves {
		n = n.AddChild(m)
	}
	return FormatTree(start, root, extra)
}

// FormatTree writes the record of the move tree root played from start: its main
// line (which gives the Result and Termination tags), variations, comments and
// marks, in the canonical layout of RULES.md §6, so that reading the text back gives
// the same tree and writing that gives the same text. Each node's Move is written
// (its Token is read when Move is zero, as in a tree from Parse) and must be legal.
// Comments are written as CleanComment makes them, with "}" as "\}" and a "\"
// that would be read as an escape as "\\"; a StartComment is written only on the
// first move of a variation. The tags are those of Format.
func FormatTree(start game.State, root *Node, extra []Tag) (string, error) {
	return FormatEnd(start, root, extra, game.Ongoing)
}

// FormatEnd is FormatTree for a game that may have ended beyond the board: when
// end is over with a Termination other than game.ByRules (a resignation, a
// clock), it gives the Result and Termination tags. It is refused when the main
// line had already ended the game by the rules, or when its winner cannot go
// with its Termination (a draw by resignation). Any other end is the rules':
// the moves give the tags, as in FormatTree.
func FormatEnd(start game.State, root *Node, extra []Tag, end game.Result) (string, error) {
	text, s, err := moveList(start.Clone(), root)
	if err != nil {
		return "", err
	}
	info := start.Info()
	res := s.Result()
	if end.Over && end.Termination != game.ByRules {
		switch {
		case res.Over:
			return "", fmt.Errorf("save: the moves ended the game (%s) before the %s", info.DescribeResult(res), end.Termination)
		case !end.Termination.Allows(end.Winner):
			return "", fmt.Errorf("save: a game ended by %s cannot have the result %s", end.Termination, info.ResultTag(end))
		}
		res = game.Ended(end.Termination, end.Winner)
	}
	rec := &Record{}
	for _, t := range extra {
		rec.Set(t.Name, t.Value)
	}
	rec.Set("Game", info.Name)
	rec.Set("Format", FormatVersion)
	rec.Set("Options", start.Options().String())
	rec.Set("Result", info.ResultTag(res))
	if res.Over {
		rec.Set("Termination", res.Reason)
	} else {
		rec.Set("Termination", "unterminated")
	}
	var b strings.Builder
	for _, name := range standardTags {
		if v, ok := rec.Get(name); ok {
			fmt.Fprintf(&b, "[%s %s]\n", name, strconv.Quote(v))
		}
	}
	for _, t := range rec.Tags {
		if !isStandard(t.Name) {
			fmt.Fprintf(&b, "[%s %s]\n", t.Name, strconv.Quote(t.Value))
		}
	}
	b.WriteByte('\n')
	b.WriteString(text)
	return b.String(), nil
}

// moveList lays out the move list of the tree root, and returns it with the
// position at the end of the main line. With a start position (which it
// changes) the moves are replayed and spelled by the rules; with nil, they are
// written as read (Token.Text) and not checked.
func moveList(start game.State, root *Node) (string, game.State, error) {
	if root == nil {
		root = &Node{}
	}
	var l layout
	l.comment(root.Comment)
	w := walker{
		visit: func(_, n *Node, m game.Move, before game.State, ply int) error {
			if !ValidMark(n.Mark) {
				return fmt.Errorf("bad mark %q (marks are %s)", n.Mark, strings.Join(Marks, " "))
			}
			num := moveNumber(ply, l.number)
			if num != "" {
				num += " "
			}
			txt := n.Token.Text
			if before != nil {
				txt = before.FormatMove(m)
			}
			l.add(num + txt + n.Mark)
			l.number = false
			l.comment(n.Comment, n.Clock.commands()...)
			return nil
		},
		open: func(v *Node) {
			l.open++
			l.comment(v.StartComment)
			l.number = true
		},
		close: func() {
			l.atoms[len(l.atoms)-1] += ")"
			l.number = true
		},
	}
	s, err := w.line(root, 0, start)
	if err != nil {
		return "", nil, err
	}
	var b strings.Builder
	l.write(&b)
	return b.String(), s, nil
}

// layout lays out a move list: atoms (a numbered move, a word of a comment, with
// the parentheses of variations stuck to them) separated by spaces, in lines of
// at most 79 characters unless an atom is longer.
type layout struct {
	atoms  []string
	open   int  // variations opened before the next atom
	number bool // the next move is numbered even if it is the second mover's
}

func (l *layout) add(atom string) {
	if l.open > 0 {
		atom = strings.Repeat("(", l.open) + atom
		l.open = 0
	}
	l.atoms = append(l.atoms, atom)
}

// comment adds {text}, escaped, after the commands cmds ([%clk …]), unless
// both are empty; the next move is numbered.
func (l *layout) comment(text string, cmds ...string) {
	words := strings.Fields(escapeComment(CleanComment(text)))
	if len(cmds) > 0 {
		words = append(cmds, words...)
	}
	if len(words) == 0 {
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, w := range words {
		l.add(w)
	}
	l.number = true
}

// CleanComment returns the comment text as a record keeps it, the way FormatTree
// writes it and Parse reads it back: bytes that are not UTF-8 replaced by
// U+FFFD, the clock commands ([%clk …], [%periods …], which a move keeps as its
// Clock) taken out, each run of white space made one space, none at either end.
func CleanComment(text string) string {
	text, _ = takeClock(strings.ToValidUTF8(text, "\uFFFD"))
	return strings.Join(strings.Fields(text), " ")
}

// escapeComment writes "}" as "\}" and a "\" before "\", "}" or the end as "\\".
func escapeComment(s string) string {
	if !strings.ContainsAny(s, "\\}") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '}':
			b.WriteString("\\}")
		case c == '\\' && (i+1 == len(s) || s[i+1] == '\\' || s[i+1] == '}'):
			b.WriteString("\\\\")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (l *layout) write(b *strings.Builder) {
	line := 0
	for _, a := range l.atoms {
		n := utf8.RuneCountInString(a)
		if line > 0 && line+1+n > 79 {
			b.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(a)
		line += n
	}
	b.WriteByte('\n')
}

func isStandard(name string) bool {
	for _, s := range standardTags {
		if strings.EqualFold(s, name) {
			return true
		}
	}
	return false
}
