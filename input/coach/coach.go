// Package coach reads a position for a newcomer, without a display: what the
// opponent threatens after its move (a win at once, or a capture), and which of
// the player's moves would let the opponent win at once. It needs nothing of a
// game beyond game.State, so it coaches all three games alike: a threat is a
// reply the opponent would have after most of the player's moves, that is one
// the player must do something about.
package coach

import (
	"fmt"
	"sort"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
)

// Threat is one thing the opponent threatens.
type Threat struct {
	Win    bool        // the reply wins at once (else it captures)
	Reason string      // for a win, the rules' end reason: "line of five", "trap", "three triples"
	Move   string      // the reply, in notation
	Cells  []hex.Coord // the reply's cells: where to look
	share  float64     // the part of the player's moves after which the reply exists
}

// wins reports whether playing m in st (a copy is played) wins at once for the
// side to move, and how.
func wins(st game.State, m game.Move) (bool, string) {
	s := st.Clone()
	if err := s.Play(m); err != nil {
		return false, ""
	}
	r := s.Result()
	return r.Over && r.Winner == st.ToMove(), r.Reason
}

// Threats lists what the side not to move in st threatens: the replies it has
// after at least half of the moves of the side to move, wins first. A finished
// game threatens nothing.
func Threats(st game.State) []Threat {
	if st.Result().Over {
		return nil
	}
	moves := st.LegalMoves(nil)
	if len(moves) == 0 {
		return nil
	}
	count := map[string]*Threat{}
	var buf []game.Move
	for _, m := range moves {
		after := st.Clone()
		if after.Play(m) != nil || after.Result().Over {
			continue
		}
		seen := map[string]bool{}
		buf = after.LegalMoves(buf[:0])
		for _, r := range buf {
			txt := after.FormatMove(r)
			cells, kind := game.MoveCells(after, r)
			win, reason := wins(after, r)
			if !win && kind != game.MoveCapture || seen[txt] {
				continue
			}
			seen[txt] = true
			t := count[txt]
			if t == nil {
				t = &Threat{Win: win, Reason: reason, Move: txt, Cells: cells}
				count[txt] = t
			}
			t.share++
		}
	}
	var out []Threat
	for _, t := range count {
		t.share /= float64(len(moves))
		if t.share >= 0.5 {
			out = append(out, *t)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Win != out[j].Win {
			return out[i].Win
		}
		if out[i].share != out[j].share {
			return out[i].share > out[j].share
		}
		return out[i].Move < out[j].Move
	})
	return out
}

// Losing returns, for each move of the side to move after which the opponent
// can win at once, one such winning reply.
func Losing(st game.State) map[game.Move]Threat {
	out := map[game.Move]Threat{}
	if st.Result().Over {
		return out
	}
	var buf []game.Move
	for _, m := range st.LegalMoves(nil) {
		after := st.Clone()
		if after.Play(m) != nil {
			continue
		}
		if r := after.Result(); r.Over {
			if r.Winner == after.ToMove() {
				// The move itself loses (an Andantino suicide).
				out[m] = Threat{Win: true, Reason: r.Reason, Move: st.FormatMove(m), Cells: input.Cells(st, m)}
			}
			continue
		}
		buf = after.LegalMoves(buf[:0])
		for _, r := range buf {
			if win, reason := wins(after, r); win {
				out[m] = Threat{Win: true, Reason: reason, Move: after.FormatMove(r), Cells: input.Cells(after, r)}
				break
			}
		}
	}
	return out
}

// Say is the coach's line about the threats, for the player (the side to move
// in st): "" when there is nothing to say.
func Say(st game.State, threats []Threat) string {
	if len(threats) == 0 {
		return ""
	}
	opp := st.Info().Players[st.ToMove().Other()]
	t := threats[0]
	if t.Win {
		what := "to win"
		switch t.Reason {
		case "line of five":
			what = "a line of five"
		case "trap", "trap with a gap":
			what = "to enclose your tiles"
		case "three triples":
			what = "a third triple"
		}
		if len(threats) > 1 && threats[1].Win {
			return fmt.Sprintf("%s threatens %s with %s, and has another winning move (%s): one move may not stop both.", opp, what, t.Move, threats[1].Move)
		}
		return fmt.Sprintf("%s threatens %s with %s: stop it now.", opp, what, t.Move)
	}
	target := t.Cells[len(t.Cells)-1]
	name := fmt.Sprintf("%d,%d", target.Q, target.R)
	if p, ok := hex.PointAt(target); ok {
		name = p.Label()
	}
	return fmt.Sprintf("%s threatens to capture your stack on %s (%s): protect it, or strike first.", opp, name, t.Move)
}

// Warn is the coach's warning for a move that lets the opponent win at once.
func Warn(st game.State, t Threat) string {
	opp := st.Info().Players[st.ToMove().Other()]
	if t.Reason == "suicide" {
		return "That move loses at once: the cell is enclosed by " + opp + "."
	}
	return fmt.Sprintf("Careful: after that move %s wins at once with %s (%s).", opp, t.Move, t.Reason)
}
