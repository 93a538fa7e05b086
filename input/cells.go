// Package input turns pointer and keyboard events into intents: the click state
// machine that builds a legal move from clicks (Picker) and the match history with
// undo, redo and review (Match). Nothing here touches the screen, so it is tested
// without a display.
package input

import (
	"strconv"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// Cells returns the cells a move names, in notation order, read from its RULES.md
// spelling so that the app needs nothing of a game but the State interface:
//
//	Abande     enter [to]        move [from, to]      pass []
//	Attangle   place [p]         capture [a, b, target]
//	Andantino  place [c]         relocation [from, to]
func Cells(s game.State, m game.Move) []hex.Coord {
	return ParseCells(s.Info().Name == "Andantino", s.FormatMove(m))
}

// ParseCells reads the cells of a move spelling: "q,r" pairs on the unbounded
// surface, point labels such as "c3" on the 37-point board.
func ParseCells(surface bool, text string) []hex.Coord {
	text = strings.ToLower(strings.TrimSpace(text))
	var out []hex.Coord
	if surface {
		// "q,r" or "q,r-q,r"; a '-' right after a digit separates the cells, any
		// other '-' is a sign.
		cut := -1
		for i := 1; i < len(text); i++ {
			if text[i] == '-' && text[i-1] >= '0' && text[i-1] <= '9' {
				cut = i
				break
			}
		}
		parts := []string{text}
		if cut > 0 {
			parts = []string{text[:cut], text[cut+1:]}
		}
		for _, p := range parts {
			q, r, ok := strings.Cut(p, ",")
			if !ok {
				return nil
			}
			qi, err1 := strconv.Atoi(strings.TrimSpace(q))
			ri, err2 := strconv.Atoi(strings.TrimSpace(r))
			if err1 != nil || err2 != nil {
				return nil
			}
			out = append(out, hex.Coord{Q: qi, R: ri})
		}
		return out
	}
	for i := 0; i+1 < len(text); i++ {
		if text[i] >= 'a' && text[i] <= 'g' && text[i+1] >= '1' && text[i+1] <= '7' {
			if p, ok := hex.ParsePoint(text[i : i+2]); ok {
				out = append(out, p.Coord())
				i++
			}
		}
	}
	return out
}
