package ui

import (
	"fmt"
	"strings"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
)

// rulePage is one illustrated step of a game's rules (F1): a caption and a small
// board showing a position reached by legal moves, with cells marked.
type rulePage struct {
	caption string
	options string // rules options of the position ("" for the defaults)
	moves   string // from the start, in notation
	// marks are the cells to ring: labels or "q,r", or "legal" for every cell a
	// move can go to now.
	marks string
}

// rulePages are the rules of each game as pictures with captions, RULES.md's
// points in the order a newcomer needs them. A test replays every position.
var rulePages = map[string][]rulePage{
	"Abande": {
		{caption: "Black moves first. Each player has 18 pieces in hand; a stack belongs to the owner of its top piece. The very first piece may enter anywhere."},
		{caption: "On a turn, enter a piece from your hand on an empty point next to a stack (green: White's choices here). All pieces always form one connected band.",
			moves: "e6 d7 f5", marks: "legal"},
		{caption: "Or capture: move one whole stack you control one step onto an adjacent enemy stack. A stack is at most 3 high. Here White's d7 took e6.",
			moves: "e6 d7 f5 d7-e6", marks: "e6"},
		{caption: "No capture is legal until Black has entered two pieces: here Black's e6 may not take d7 yet.",
			moves: "e6 d7", marks: "e6 d7"},
		{caption: "With no pieces in hand you may pass, and only then. When both players pass in succession, the game ends.",
			moves: abandeGolden},
		{caption: "A stack is awake when it touches an enemy stack; an asleep stack (z) scores nothing. Each player scores the heights of their awake stacks; the higher score wins.",
			moves: abandeGolden},
	},
	"Attangle": {
		{caption: "White moves first. Each player has 18 pieces in the pool. Place one on any empty point except the centre d4 (ringed), which always stays empty.",
			moves: "e6 c6 g4 e4", marks: "d4"},
		{caption: "Or capture: the target is an enemy single or double; two of your stacks must see it along two different straight lines. The first piece on each line sees it; empty points and d4 are crossed. Here b1 and e2 see c1.",
			moves: "e6 c6 g4 e4 b1 f3 d7 d6 a3 d3 e2 c1 f2 b5", marks: "b1 e2 c1"},
		{caption: "The attackers land on the target, the taller first, and the top piece goes back to your pool. Target plus attackers, less the one returned, must be at most 3 high.",
			moves: "e6 c6 g4 e4 b1 f3 d7 d6 a3 d3 e2 c1 f2 b5 b1,e2-c1", marks: "c1"},
		{caption: "Three triples (stacks of three) that you control win at once. A triple can never be captured.",
			moves: attangleGolden},
		{caption: "A player with an empty pool and no capture ends the game: a draw, or a loss with the 2008 official option (Stalemate on the start screen).",
			moves: attangleGolden},
	},
	"Andantino": {
		{caption: "A white tile at 0,0 and a red one at 1,0 start the game; each player has 24 more to play. White moves first."},
		{caption: "Place a tile on an empty cell that touches at least two tiles (green: White's choices here).",
			moves: "1,-1 2,-1", marks: "legal"},
		{caption: "A straight line of five or more of your tiles wins.",
			moves: andantinoGolden},
		{caption: "Enclosing opponent tiles wins too: a closed ring of your tiles around them (gaps inside are allowed). Here White's tiles close the region of the cell crossed in orange.",
			moves: suicideMoves, marks: "-1,1"},
		{caption: "Playing into a region the opponent encloses loses at once: such cells are crossed in orange. Trihex asks for a second click before playing one.",
			moves: suicideMoves, marks: "legal"},
		{caption: "With all 50 tiles down the game is a draw, unless the continuation option is on: then a move picks up one of your tiles and puts it on another cell touching two tiles; a third repetition draws.",
			options: "continuation=on", moves: continuationMoves, marks: "legal"},
	},
}

const (
	abandeGolden = "e6 d7 f5 d7-e6 d6 d5 c5 e5 e4 e5-d6 e5 d7 b5 e3 e5-e6 e3-e4 f3 g4 c4 g3 e5 c6 e5-d6 c3 g2 e5 f4 e3 f3-e3 " +
		"c6-c5 f2 c3-c4 f4-g3 e5-f5 g1 g4-g3 c3 a4 d4 f3 f2-f3 g4 d4-e4 a3 f4 b2 e2 a1 f4-f5 c2 pass pass"
	attangleGolden = "e6 c6 g4 e4 b1 f3 d7 d6 a3 d3 e2 c1 f2 b5 b1,e2-c1 f4 g2 e5 b2 d5 f1 a1 a3,e6-d6 d1 a2 a1,e4-b2 g3 b2,d5-a2 " +
		"d5 e3 c1,f1-d1 c6,e5-d6 e6 d2 e4 f3,f4-e4 a1 f5 f1 d2,f5-f2 g1 b3 d5,f1-d3 c1 e1 b3,e3-d3"
	andantinoGolden = "1,-1 2,-1 0,1 -1,1 0,-1 1,1 2,-2 1,-2 0,2 0,-2 3,-2 2,0 -1,2 2,1 3,-3 3,-1 -2,2 -2,3 -2,1 1,-3 4,-3 -1,-1 4,-2 -1,3 0,3"
	suicideMoves    = "0,1 1,-1 2,-1 1,1 2,-2 1,-2 3,-2 0,2 -1,2 0,-1 -1,0 -1,-1 3,-1 -1,3 4,-2 4,-1 2,-3 4,-3 0,3 3,-3 1,-3 4,-4 " +
		"3,-4 5,-4 2,-4 0,-2 0,-3 -1,-2 5,-3 -2,-1 5,-5 -1,-3 -2,3 3,-5 -2,2 -2,0 -2,1"
	continuationMoves = "1,-1 2,-1 2,0 0,1 3,-1 3,-2 3,0 -1,1 1,1 0,-1 0,2 1,2 -1,0 1,-2 4,-1 -2,1 2,-2 2,-3 4,0 -1,-1 -2,2 1,-3 " +
		"3,-3 2,-4 3,1 4,-2 5,-2 5,-3 -1,2 -1,3 -3,2 6,-3 5,-1 2,1 -3,1 2,2 -2,3 0,-2 -2,4 5,0 -3,3 -1,-2 -2,0 4,1 -2,-1 5,1 " +
		"6,-2 3,-4"
)

// rulePosition replays a page's moves; the marks come back as cells.
func rulePosition(info *game.Info, pg rulePage) (game.State, []hex.Coord, error) {
	st, err := info.Start(pg.options)
	if err != nil {
		return nil, nil, err
	}
	for _, tok := range strings.Fields(pg.moves) {
		m, err := st.ParseMove(tok)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("ui: %s rules page: move %q: %w", info.Name, tok, err)
		}
	}
	var marks []hex.Coord
	if pg.marks == "legal" {
		for _, m := range st.LegalMoves(nil) {
			if cs := input.Cells(st, m); len(cs) > 0 {
				marks = append(marks, cs[len(cs)-1])
			}
		}
		return st, marks, nil
	}
	for _, f := range strings.Fields(pg.marks) {
		c, ok := info.Board.ParseCell(f)
		if !ok {
			return nil, nil, fmt.Errorf("ui: %s rules page: mark %q is not a cell", info.Name, f)
		}
		marks = append(marks, c)
	}
	return st, marks, nil
}
