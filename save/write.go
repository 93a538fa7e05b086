package save

import (
	"fmt"
	"strconv"
	"strings"

	"trihex/game"
)

// FormatVersion is written in the Format tag.
const FormatVersion = "1"

// standardTags are written first, in this order; the Result and Termination tags are
// computed from the game, the others come from extra when given.
var standardTags = []string{"Game", "Format", "Options", "Date", "White", "Black", "Red", "Result", "Termination"}

// Format writes the record of the game played from start by moves. Tags in extra
// (players, date, and any unknown tags of a loaded record) are kept; Game, Format,
// Options, Result and Termination are always those of the game itself.
func Format(start game.State, moves []game.Move, extra []Tag) (string, error) {
	info := start.Info()
	s := start.Clone()
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = s.FormatMove(m)
		if err := s.Play(m); err != nil {
			return "", fmt.Errorf("save: move %d: %v", i+1, err)
		}
	}
	res := s.Result()
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
	line := 0
	for i, txt := range texts {
		word := txt
		if i%2 == 0 {
			word = strconv.Itoa(i/2+1) + ". " + txt
		}
		if line > 0 && line+1+len(word) > 79 {
			b.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(word)
		line += len(word)
	}
	b.WriteByte('\n')
	return b.String(), nil
}

func isStandard(name string) bool {
	for _, s := range standardTags {
		if strings.EqualFold(s, name) {
			return true
		}
	}
	return false
}
