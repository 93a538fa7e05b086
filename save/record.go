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
)

// Tag is one [Name "Value"] line.
type Tag struct{ Name, Value string }

// Token is one move of the move list as written, with where it stands.
type Token struct {
	Text      string
	Line, Col int // 1-based
}

// Record is a parsed record: its tags in file order and its move texts. Parse checks
// only the syntax; Load replays the moves.
type Record struct {
	Tags  []Tag
	Moves []Token
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

// Parse reads a record's syntax. It accepts a UTF-8 byte order mark, CRLF line
// ends, {…} comments and ";" comments to the end of the line, and move numbers such
// as "12." before moves.
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
	rec := &Record{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), MaxRecordSize+1)
	inComment := false
	commentLine := 0
	inTags := true
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if inTags && !inComment {
			trimmed := strings.TrimSpace(text)
			if strings.HasPrefix(trimmed, "[") {
				tag, err := parseTag(trimmed, line)
				if err != nil {
					return nil, err
				}
				rec.Tags = append(rec.Tags, tag)
				continue
			}
			if trimmed == "" || strings.HasPrefix(trimmed, ";") {
				continue
			}
			inTags = false
		}
		col := 0
		for col < len(text) {
			c := text[col]
			switch {
			case inComment:
				if c == '}' {
					inComment = false
				}
				col++
			case c == '{':
				inComment, commentLine = true, line
				col++
			case c == ';':
				col = len(text)
			case c == ' ' || c == '\t':
				col++
			case c == '[':
				return nil, fmt.Errorf("save: line %d: tag after the move list", line)
			default:
				end := col
				for end < len(text) && !strings.ContainsRune(" \t{;", rune(text[end])) {
					end++
				}
				word := text[col:end]
				start := col
				col = end
				// Strip a move number: "12." or "12..." alone or stuck to the move.
				if i := moveNumberEnd(word); i > 0 {
					word = word[i:]
					start += i
				}
				if word == "" || word == "*" {
					continue
				}
				rec.Moves = append(rec.Moves, Token{word, line, start + 1})
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("save: %v", err)
	}
	if inComment {
		return nil, fmt.Errorf("save: line %d: comment { not closed", commentLine)
	}
	return rec, nil
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
	Info   *game.Info
	Start  game.State  // the start position under the record's options
	Moves  []game.Move // the moves, all legal
	Final  game.State  // the position after the last move
	Record *Record
}

// Load replays rec through the rules. The Game tag names the game; the Options tag,
// when present, gives its rules options. An error names the line and column, the
// ply (1-based move number of the game) and the move.
func Load(rec *Record) (*Game, error) {
	start, err := rec.Start()
	if err != nil {
		return nil, err
	}
	g := &Game{Info: start.Info(), Start: start, Final: start.Clone(), Record: rec}
	for i, tok := range rec.Moves {
		m, err := g.Final.ParseMove(tok.Text)
		if err == nil {
			err = g.Final.Play(m)
		}
		if err != nil {
			return nil, &MoveError{Token: tok, Ply: i + 1, Err: err}
		}
		g.Moves = append(g.Moves, m)
	}
	// A Result tag that the moves contradict means the file was edited or is
	// not the game it claims to be.
	if tag, ok := rec.Get("Result"); ok {
		res := g.Final.Result()
		if want := g.Info.ResultTag(res); strings.TrimSpace(tag) != want {
			how := "the game is not over"
			if res.Over {
				how = "the moves end in " + want + " (" + res.Reason + ")"
			}
			return nil, fmt.Errorf("save: Result tag says %q, but %s", tag, how)
		}
	}
	return g, nil
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

// MoveError is a record's move that does not parse or is not legal.
type MoveError struct {
	Token Token
	Ply   int
	Err   error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("save: line %d, column %d: move %d %q: %v",
		e.Token.Line, e.Token.Col, e.Ply, e.Token.Text, e.Err)
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
