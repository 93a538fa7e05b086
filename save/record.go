// Package save reads and writes game records (RULES.md §6): tag lines such as
// [Game "Attangle"], a blank line, then the numbered move list. Reading replays every
// move through the rules, so a record that loads is a legal game.
package save

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"trihex/game"
	"trihex/game/clock"
)

// Tag is one [Name "Value"] line.
type Tag struct{ Name, Value string }

// Token is one move of the move list as written, with where it stands.
type Token struct {
	Text      string
	Line, Col int // 1-based
}

// Record is a parsed record: its tags in file order and its move tree. Parse checks
// only the syntax; Load replays the moves.
type Record struct {
	Tags []Tag
	// Moves is the main line of Root, as written. A Record made without Root
	// (a program's) is read as this one line.
	Moves []Token
	// Root is the move tree: the main line, variations, comments and marks;
	// its nodes have Token set, and Move once Load has replayed them. Nil in a
	// Record made by a program.
	Root *Node

	tagLines []int // the line of each of the first len(tagLines) Tags, from Parse
}

// line is the line the tag name was read on, or 0.
func (r *Record) line(name string) int {
	for i, t := range r.Tags {
		if strings.EqualFold(t.Name, name) {
			if i < len(r.tagLines) {
				return r.tagLines[i]
			}
			return 0
		}
	}
	return 0
}

// Get returns the value of the tag name (case-insensitive) and whether it is there.
func (r *Record) Get(name string) (string, bool) {
	for _, t := range r.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// Set replaces the value of tag name, or appends the tag.
func (r *Record) Set(name, value string) {
	for i, t := range r.Tags {
		if strings.EqualFold(t.Name, name) {
			r.Tags[i].Value = value
			return
		}
	}
	r.Tags = append(r.Tags, Tag{name, value})
}

// MaxRecordSize bounds what Parse reads, so a huge file cannot exhaust memory. A
// finished game is a few kilobytes; continuation games of Andantino can be long.
const MaxRecordSize = 16 << 20

// Parse reads a record's syntax (RULES.md §6). It accepts a UTF-8 byte order mark,
// CRLF line ends, move numbers such as "12." or "12..." before moves (not
// checked), {…} comments, ";" comments to the end of the line (not kept),
// variations in parentheses nested up to MaxNesting deep, and move marks such
// as "!?" after a move. A syntax error names its line (and column).
func Parse(rd io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(rd, MaxRecordSize+1))
	if err != nil {
		return nil, fmt.Errorf("save: %v", err)
	}
	if len(data) > MaxRecordSize {
		return nil, fmt.Errorf("save: record larger than %d MiB", MaxRecordSize>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("save: record is not UTF-8 text")
	}
	rec := &Record{Root: &Node{}, tagLines: make([]int, 0, 16)}
	p := treeParser{cur: rec.Root, start: rec.Root}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), MaxRecordSize+1)
	inTags := true
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if inTags {
			trimmed := strings.TrimSpace(text)
			if strings.HasPrefix(trimmed, "[") {
				tag, err := parseTag(trimmed, line)
				if err != nil {
					return nil, err
				}
				rec.Tags = append(rec.Tags, tag)
				rec.tagLines = append(rec.tagLines, line)
				continue
			}
			if trimmed == "" || strings.HasPrefix(trimmed, ";") {
				continue
			}
			inTags = false
		}
		if err := p.line(text, line); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("save: %v", err)
	}
	if p.inComment {
		return nil, fmt.Errorf("save: line %d: comment { not closed", p.commentLine)
	}
	if len(p.stack) > 0 {
		f := p.stack[len(p.stack)-1]
		return nil, fmt.Errorf("save: line %d, column %d: variation ( not closed", f.line, f.col)
	}
	k := 0
	for n := rec.Root; len(n.Children) > 0; n = n.Children[0] {
		k++
	}
	if k > 0 {
		rec.Moves = make([]Token, 0, k)
	}
	for n := rec.Root; len(n.Children) > 0; {
		n = n.Children[0]
		rec.Moves = append(rec.Moves, n.Token)
	}
	return rec, nil
}

// treeParser builds the move tree of a record's move list, line by line.
type treeParser struct {
	cur   *Node // the last move read on the line being read (or its start)
	start *Node // where the line being read starts: the root, or the node a variation follows
	last  *Node // the move a separate mark belongs to; nil after anything else
	stack []openVariation

	startComment string // a comment after "(", for the variation's first move

	inComment   bool
	comment     []byte // the comment being read
	commentLine int

	// Nodes and one-child Children slices are cut from blocks, so that a record
	// of many moves makes few allocations for the garbage collector.
	nodes []Node
	kids  []*Node
}

const parseBlock = 256

// node returns a new zero node.
func (p *treeParser) node() *Node {
	if len(p.nodes) == 0 {
		p.nodes = make([]Node, parseBlock)
	}
	n := &p.nodes[0]
	p.nodes = p.nodes[1:]
	return n
}

// child returns the Children slice of a node whose first child is n; appending
// a variation to it copies it.
func (p *treeParser) child(n *Node) []*Node {
	if len(p.kids) == 0 {
		p.kids = make([]*Node, parseBlock)
	}
	c := p.kids[0:1:1]
	c[0] = n
	p.kids = p.kids[1:]
	return c
}

// openVariation is a "(" not yet closed.
type openVariation struct {
	resume, start *Node // the parser's cur and start before "("
	line, col     int
}

// line reads one line of the move list.
func (p *treeParser) line(text string, line int) error {
	col := 0
	for col < len(text) {
		c := text[col]
		if p.inComment {
			switch {
			case c == '\\' && col+1 < len(text) && (text[col+1] == '\\' || text[col+1] == '}'):
				p.comment = append(p.comment, text[col+1])
				col += 2
			case c == '}':
				p.endComment()
				col++
			default:
				p.comment = append(p.comment, c)
				col++
			}
			continue
		}
		switch c {
		case ' ', '\t', '\r', '\v', '\f':
			col++
		case '{':
			p.inComment, p.commentLine, p.comment = true, line, p.comment[:0]
			col++
		case '}':
			return errAt(line, col, "} with no { before it")
		case ';':
			col = len(text)
		case '(':
			if p.cur == p.start {
				return errAt(line, col, "variation before any move")
			}
			if len(p.stack) >= MaxNesting {
				return errAt(line, col, fmt.Sprintf("variations nested more than %d deep", MaxNesting))
			}
			p.stack = append(p.stack, openVariation{p.cur, p.start, line, col + 1})
			p.cur = p.cur.Parent
			p.start, p.last, p.startComment = p.cur, nil, ""
			col++
		case ')':
			if len(p.stack) == 0 {
				return errAt(line, col, ") with no ( before it")
			}
			if p.cur == p.start {
				return errAt(line, col, "empty variation")
			}
			f := p.stack[len(p.stack)-1]
			p.stack = p.stack[:len(p.stack)-1]
			p.cur, p.start, p.last = f.resume, f.start, nil
			col++
		case '[':
			return fmt.Errorf("save: line %d: tag after the move list", line)
		default:
			end := col
			for end < len(text) && !strings.ContainsRune(" \t\r\v\f{};()", rune(text[end])) {
				end++
			}
			word := text[col:end]
			start := col
			col = end
			// Strip a move number: "12." or "12..." alone or stuck to the move.
			if i := moveNumberEnd(word); i > 0 {
				word = word[i:]
				start += i
				p.last = nil
			}
			if word == "" || word == "*" {
				p.last = nil
				continue
			}
			j := len(word)
			for j > 0 && (word[j-1] == '!' || word[j-1] == '?') {
				j--
			}
			move, mark := word[:j], word[j:]
			if !ValidMark(mark) {
				return fmt.Errorf("save: line %d, column %d: bad mark %q (marks are %s)",
					line, start+j+1, mark, strings.Join(Marks, " "))
			}
			if move == "" {
				switch {
				case p.last == nil:
					return fmt.Errorf("save: line %d, column %d: mark %q with no move before it", line, start+1, mark)
				case p.last.Mark != "":
					return fmt.Errorf("save: line %d, column %d: move %q has two marks", line, start+1, p.last.Token.Text)
				}
				p.last.Mark = mark
				continue
			}
			n := p.node()
			*n = Node{Token: Token{move, line, start + 1}, Mark: mark, Ply: p.cur.Ply + 1, Parent: p.cur}
			if p.cur == p.start && len(p.stack) > 0 {
				n.StartComment, p.startComment = p.startComment, ""
			}
			if len(p.cur.Children) == 0 {
				p.cur.Children = p.child(n)
			} else {
				p.cur.Children = append(p.cur.Children, n)
			}
			p.cur, p.last = n, n
		}
	}
	if p.inComment {
		p.comment = append(p.comment, ' ')
	}
	return nil
}

// errAt is a syntax error at the 0-based byte col of line.
func errAt(line, col int, msg string) error {
	return fmt.Errorf("save: line %d, column %d: %s", line, col+1, msg)
}

// endComment attaches the comment just read to the move before it, or to the
// start of the game or of the variation. A move's clock commands go to its
// Clock; elsewhere they are dropped, as CleanComment drops them.
func (p *treeParser) endComment() {
	p.inComment, p.last = false, nil
	text := string(p.comment)
	if p.cur != p.start || len(p.stack) == 0 {
		joined := p.cur.Comment + " " + text
		if p.cur.Parent != nil {
			var st ClockStamp
			joined, st = takeClock(joined)
			if st.Set {
				p.cur.Clock = st
			}
		}
		p.cur.Comment = CleanComment(joined)
	} else {
		p.startComment = joinComments(p.startComment, text)
	}
}

// joinComments appends b to a, as CleanComment makes comments.
func joinComments(a, b string) string {
	return CleanComment(a + " " + b)
}

// moveNumberEnd returns the length of a leading "123." or "123..." in w, or 0.
func moveNumberEnd(w string) int {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(w) || w[i] != '.' {
		return 0
	}
	for i < len(w) && w[i] == '.' {
		i++
	}
	return i
}

func parseTag(s string, line int) (Tag, error) {
	bad := func(why string) (Tag, error) {
		return Tag{}, fmt.Errorf("save: line %d: bad tag %s: %s", line, clip(s), why)
	}
	if !strings.HasSuffix(s, "]") {
		return bad(`missing "]"`)
	}
	body := strings.TrimSpace(s[1 : len(s)-1])
	name, rest, ok := strings.Cut(body, " ")
	if !ok || name == "" {
		return bad(`want [Name "value"]`)
	}
	for _, c := range name {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return bad("tag name has " + strconv.QuoteRune(c))
		}
	}
	value, err := strconv.Unquote(strings.TrimSpace(rest))
	if err != nil || !strings.HasPrefix(strings.TrimSpace(rest), `"`) {
		return bad("value is not a quoted string")
	}
	return Tag{name, value}, nil
}

func clip(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return strconv.Quote(s)
}

// Game is a record replayed through the rules.
type Game struct {
	Info  *game.Info
	Start game.State  // the start position under the record's options
	Moves []game.Move // the main line's moves, all legal
	Final game.State  // the position after the main line's last move
	// Result is how the game ended: the rules' result at Final, or one beyond
	// the board that the record's Termination and Result tags give (a
	// resignation, a draw agreed, a loss on time) for a game the moves had not
	// ended.
	Result game.Result
	// Control is the time control of the TimeControl tag (none without it);
	// ClockAt gives the clocks at a node.
	Control clock.Control
	// Root is the move tree replayed, variations included, with every node's
	// Move, Ply and Parent set and every move legal: the Record's own tree (not a
	// copy, so that a large record is not held twice), or when the Record has no
	// Root, one line made of its Moves. The position after a node is
	// Node.Position(Start).
	Root   *Node
	Record *Record
}

// Load replays rec through the rules: the main line and every move of every
// variation, in the order of the file, setting the Move of each node of rec.Root.
// The Game tag names the game; the Options tag, when present, gives its rules
// options; the TimeControl tag its clock. A Result tag must be the result of the
// main line, unless a Termination tag beyond the board explains it (see
// EndFromTags). A bad move gives a *MoveError naming its line and column, its
// ply (1-based move number of the game), the move and, in a variation, the
// variation.
func Load(rec *Record) (*Game, error) {
	start, err := rec.Start()
	if err != nil {
		return nil, err
	}
	var ctl clock.Control
	if tc, ok := rec.Get("TimeControl"); ok {
		if ctl, err = clock.Parse(tc); err != nil {
			return nil, fmt.Errorf("save: %sTimeControl tag: %v", lineOf(rec.line("TimeControl")), err)
		}
	}
	root := rec.Root
	if root == nil {
		root = chain(rec.Moves)
	}
	final, err := Replay(start, root)
	if err != nil {
		return nil, err
	}
	g := &Game{Info: start.Info(), Start: start, Final: final, Control: ctl, Root: root, Record: rec}
	for n := root; len(n.Children) > 0; {
		n = n.Children[0]
		g.Moves = append(g.Moves, n.Move)
	}
	if g.Result, err = rec.EndFromTags(final, root); err != nil {
		return nil, err
	}
	return g, nil
}

// EndFromTags is the result of a game whose main line (below root, its moves
// replayed) ends in final, as the record's Result and Termination tags tell it.
// Without a Termination beyond the board (one of game.ParseTermination's words;
// a rule's words such as "three triples" are not), a Result tag must be the
// moves' own: a record edited, or not the game it claims to be, is refused. With
// one, the moves must not have ended the game already (refused with the line of
// the move that ended it), and the Result tag must name a winner that
// termination allows (a side for a resignation, "draw" for an agreement).
func (r *Record) EndFromTags(final game.State, root *Node) (game.Result, error) {
	info := final.Info()
	res := final.Result()
	tag, hasResult := r.Get("Result")
	tag = strings.TrimSpace(tag)
	termTag, _ := r.Get("Termination")
	if term, beyond := game.ParseTermination(termTag); beyond {
		at := lineOf(r.line("Termination"))
		if res.Over {
			last := &Node{}
			if root != nil {
				if line := root.MainLine(); len(line) > 0 {
					last = line[len(line)-1]
				}
			}
			where := ""
			if last.Token.Line > 0 {
				where = fmt.Sprintf(" on line %d", last.Token.Line)
			}
			return res, fmt.Errorf("save: %sTermination %q, but the moves had already ended the game: move %s %q%s: %s",
				at, termTag, moveNumber(last.Ply, true), moveText(last, nil), where, info.DescribeResult(res))
		}
		winner, ok := resultWinner(info, tag)
		if !hasResult || !ok || !term.Allows(winner) {
			return res, fmt.Errorf("save: %sTermination %q needs a Result tag of %s, not %q", at, termTag, allowed(info, term), tag)
		}
		return game.Ended(term, winner), nil
	}
	if hasResult {
		if want := info.ResultTag(res); tag != want {
			how := "the game is not over"
			if res.Over {
				how = "the moves end in " + want + " (" + res.Reason + ")"
			}
			return res, fmt.Errorf("save: %sResult tag says %q, but %s", lineOf(r.line("Result")), tag, how)
		}
	}
	return res, nil
}

// resultWinner reads a Result tag's winner: a side's name in lower case, or
// "draw" for game.NoPlayer.
func resultWinner(info *game.Info, tag string) (game.Player, bool) {
	for _, p := range []game.Player{game.First, game.Second, game.NoPlayer} {
		if tag == info.ResultTag(game.Result{Over: true, Winner: p}) {
			return p, true
		}
	}
	return game.NoPlayer, false
}

// allowed lists the Result tags a game ended by t may have.
func allowed(info *game.Info, t game.Termination) string {
	var out []string
	for _, p := range []game.Player{game.First, game.Second, game.NoPlayer} {
		if t.Allows(p) {
			out = append(out, strconv.Quote(info.ResultTag(game.Result{Over: true, Winner: p})))
		}
	}
	return strings.Join(out, " or ")
}

// lineOf is "line N: ", or "" for no line.
func lineOf(line int) string {
	if line <= 0 {
		return ""
	}
	return fmt.Sprintf("line %d: ", line)
}

// Format writes the game back: its tree and tags, its result beyond the board
// when it has one (FormatEnd).
func (g *Game) Format() (string, error) {
	return FormatEnd(g.Start, g.Root, g.Record.Tags, g.Result)
}

// Start returns the start position the record's Game and Options tags name.
func (r *Record) Start() (game.State, error) {
	name, ok := r.Get("Game")
	if !ok {
		return nil, fmt.Errorf("save: no Game tag (one of %s)", strings.Join(game.Names(), ", "))
	}
	info, err := game.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("save: Game tag: %v", err)
	}
	opts, _ := r.Get("Options")
	start, err := info.Start(opts)
	if err != nil {
		return nil, fmt.Errorf("save: Options tag: %v", err)
	}
	return start, nil
}

// MoveError is a record's move that does not parse or is not legal:
//
//	save: line 4, column 12: move 3. "d4" in the variation 2... f1 (instead of 2... a4): …
type MoveError struct {
	Token Token // the move as written and where (no line for a move a program added)
	Ply   int   // 1 for the game's first move
	Err   error
	// Variation names the variation the move is in, innermost first, by its
	// first move and the one it replaces: "2... f1 (instead of 2... a4)", or for
	// one inside another "3. b2 (instead of 3. c2) in the variation 2... f1
	// (instead of 2... a4)"; "" on the main line.
	Variation string
}

func (e *MoveError) Error() string {
	var b strings.Builder
	b.WriteString("save: ")
	if e.Token.Line > 0 {
		fmt.Fprintf(&b, "line %d, column %d: ", e.Token.Line, e.Token.Col)
	}
	fmt.Fprintf(&b, "move %s %q", moveNumber(e.Ply, true), e.Token.Text)
	if e.Variation != "" {
		b.WriteString(" in the variation " + e.Variation)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

func (e *MoveError) Unwrap() error { return e.Err }

// Read parses and replays a record.
func Read(rd io.Reader) (*Game, error) {
	rec, err := Parse(rd)
	if err != nil {
		return nil, err
	}
	return Load(rec)
}
