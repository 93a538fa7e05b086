// Package input turns pointer and keyboard events into intents: the click state
// machine that builds a legal move from clicks (Picker) and the match history with
// undo, redo and review (Match). Nothing here touches the screen, so it is tested
// without a display.
package input

import (
	"trihex/game"
	"trihex/game/hex"
)

// Cells returns the cells a move names, in notation order, as the rules give
// them (game.MoveDescriber):
//
//	Abande     enter [to]        capture [from, to]       pass []
//	Attangle   place [p]         capture [a, b, target]
//	Andantino  place [c]         relocation [from, to]
func Cells(s game.State, m game.Move) []hex.Coord {
	cells, _ := game.MoveCells(s, m)
	return cells
}

// ChoiceOf is the choice of move m in s: its spelling, its cells and its kind.
func ChoiceOf(s game.State, m game.Move) Choice {
	cells, kind := game.MoveCells(s, m)
	return Choice{Move: m, Text: s.FormatMove(m), Cells: cells, Kind: kind}
}
