package andantino

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"trihex/game"
	rules "trihex/game/andantino"
)

// The opening book: Red's first moves, each chosen by a long alpha-beta search
// (`trihex book`, which writes book.txt). At a quarter second a move, Red's
// games against plain UCT are decided in its first four or five moves, where a
// search twenty times as long chooses differently (ai/README.md).
//
// A line of book.txt is a game's moves from the start, a colon, and the move to
// play there with the long search's value: "0,1 -1,1 -1,0 : 0,-1 0.0140". A
// position and its mirror image in the E–W axis through the two starting tiles
// (q, r) → (q+r, −r), the start's one symmetry, share an entry.

//go:embed book.txt
var bookText string

// BookEntry is a book's move, in the orientation of its position's key
// (BookKey), and the long search's value of it for the side to move.
type BookEntry struct {
	Move  game.Move
	Value float64
}

var book = sync.OnceValue(func() map[string]BookEntry {
	b, _ := ParseBook(bookText)
	return b
})

// ParseBook reads a book: each line's moves are replayed and its move checked
// legal there. It returns the entries it could read, keyed by BookKey, and
// the first error.
func ParseBook(text string) (map[string]BookEntry, error) {
	out := map[string]BookEntry{}
	var first error
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		key, e, err := ParseBookLine(line)
		if err != nil {
			if first == nil {
				first = fmt.Errorf("andantino: book line %d: %w", n+1, err)
			}
			continue
		}
		out[key] = e
	}
	return out, first
}

// ParseBookLine reads one line of a book: its position's key (BookKey) and
// its entry, in the key's orientation.
func ParseBookLine(line string) (string, BookEntry, error) {
	moves, entry, ok := strings.Cut(line, ":")
	f := strings.Fields(entry)
	if !ok || len(f) != 2 {
		return "", BookEntry{}, fmt.Errorf("want moves, a colon, a move and its value: %q", line)
	}
	s := rules.New(false, false)
	for _, t := range strings.Fields(moves) {
		m, err := rules.ParseMove(t)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			return "", BookEntry{}, fmt.Errorf("move %s: %w", t, err)
		}
	}
	m, err := rules.ParseMove(f[0])
	if err == nil && !s.IsLegal(m) {
		err = fmt.Errorf("%s is not legal there", f[0])
	}
	if err != nil {
		return "", BookEntry{}, err
	}
	v, err := strconv.ParseFloat(f[1], 64)
	if err != nil || v < 0 || v > 1 {
		return "", BookEntry{}, fmt.Errorf("bad value %q", f[1])
	}
	key, mirrored := BookKey(s)
	if mirrored {
		m = Mirror(m)
	}
	return key, BookEntry{Move: m, Value: v}, nil
}

// BookKey names s's position up to the start's symmetry: each colour's tiles,
// in the orientation whose spelling sorts first; mirrored reports that it is
// the mirror image of s.
func BookKey(s *rules.State) (key string, mirrored bool) {
	a, b := spellings(s)
	if b < a {
		return b, true
	}
	return a, false
}

// SelfMirror reports whether s is its own mirror image (as after 0,1 -1,1
// 1,-1 0,-1 -1,0), where a move and its mirror image are the same choice.
func SelfMirror(s *rules.State) bool {
	a, b := spellings(s)
	return a == b
}

// spellings are s's tiles, each colour's sorted, as they are and mirrored.
func spellings(s *rules.State) (plain, mirrored string) {
	var pl, mir [2][]string
	for _, t := range s.Tiles() {
		q, r := t.At.Q, t.At.R
		pl[t.Owner] = append(pl[t.Owner], fmt.Sprintf("%d,%d", q, r))
		mir[t.Owner] = append(mir[t.Owner], fmt.Sprintf("%d,%d", q+r, -r))
	}
	spell := func(c [2][]string) string {
		slices.Sort(c[0])
		slices.Sort(c[1])
		return strings.Join(c[0], " ") + " | " + strings.Join(c[1], " ")
	}
	return spell(pl), spell(mir)
}

// Mirror is m's cell reflected in the E–W axis.
func Mirror(m game.Move) game.Move {
	q, r, _ := strings.Cut(rules.FormatMove(m), ",")
	qi, _ := strconv.Atoi(q)
	ri, _ := strconv.Atoi(r)
	return rules.PlaceMove(qi+ri, -ri)
}

// BookMove returns the book's move for the position and its value for the
// side to move, if the book has one.
func (p *position) BookMove() (game.Move, float64, bool) {
	if p.State.Ply() > maxBookPly {
		return game.Move{}, 0, false
	}
	return lookup(book(), p.State)
}

// lookup finds s in b, in either orientation.
func lookup(b map[string]BookEntry, s *rules.State) (game.Move, float64, bool) {
	key, mirrored := BookKey(s)
	e, ok := b[key]
	if !ok {
		return game.Move{}, 0, false
	}
	m := e.Move
	if mirrored {
		m = Mirror(m)
	}
	if !s.IsLegal(m) {
		return game.Move{}, 0, false
	}
	return m, e.Value, true
}

// maxBookPly bounds the lookups: the book holds no later position.
const maxBookPly = 16
