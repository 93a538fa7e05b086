package puzzle

import (
	"trihex/game"
)

// MaxAnswers is the most answers a puzzle accepts: two only when both do the same
// thing (the two ends of an open four, two cells that each block the one threat).
const MaxAnswers = 2

// minMoves is the fewest legal moves a puzzle position has, so that at least one
// move is wrong whatever the answers.
const minMoves = 3

// Classify decides whether s makes a puzzle and of which kind, with its answers:
// a win with the next move (win1); in Abande with both hands empty and the mover
// ahead on score, the moves that keep a won game to the end (keep); else the
// fastest forced win within two or three of the mover's moves (win2, win3); else
// a defence against an immediate threat. ok is false when s is none of these or
// has too many answers; err is ErrBudget when the prover's limit ran out.
func (p *Prover) Classify(s game.State) (k Kind, answers []game.Move, ok bool, err error) {
	p.reset(s)
	p.scratch(0, s)
	if s.Result().Over || len(s.LegalMoves(nil)) < minMoves {
		return 0, nil, false, nil
	}
	for _, k := range []Kind{Win1, Win2, Win3} {
		// Ahead near the end of Abande, a won game is a keep puzzle however soon
		// it ends (after the pass that ends it at once, win1).
		if k == Win2 && endgame(s) {
			me := s.ToMove()
			sc := s.(game.Scorer).Score()
			if sc[me] > sc[me.Other()] {
				if k, a, ok, err := p.judge(s, Keep); ok || err != nil {
					return k, a, ok, err
				}
			}
		}
		w := p.wins(s, k.Moves(), 0)
		if p.stopped {
			return 0, nil, false, ErrBudget
		}
		if w {
			return p.judge(s, k)
		}
	}
	return p.judge(s, Defend)
}

// judge computes the answers of kind k in s and says whether they make a puzzle:
// at least one, at most MaxAnswers, and for defend a real threat (the opponent wins
// at once after at least half of the legal moves).
func (p *Prover) judge(s game.State, k Kind) (Kind, []game.Move, bool, error) {
	answers, err := p.answers(s, k)
	if err != nil {
		return 0, nil, false, err
	}
	if len(answers) == 0 || len(answers) > MaxAnswers {
		return 0, nil, false, nil
	}
	if k == Defend {
		moves := s.LegalMoves(nil)
		lost := 0
		for _, m := range moves {
			if t, _ := p.threatAfter(s, m); t {
				lost++
			}
		}
		if 2*lost < len(moves) {
			return 0, nil, false, nil
		}
	}
	return k, answers, true, nil
}

// refute returns the line after the wrong move (not an answer) of kind k in s that
// shows why it fails: the opponent's immediate win if it has one; for the win
// kinds the reply after which the solver no longer wins in time; for keep the line
// to the end of the game, the opponent keeping the solver from a win and the
// solver passing where it may.
func (p *Prover) refute(s game.State, k Kind, wrong game.Move) []game.Move {
	p.reset(s)
	p.scratch(0, s)
	me := s.ToMove()
	t := s.Clone()
	t.Apply(wrong)
	if t.Result().Over {
		return nil
	}
	n := k.Moves()
	switch k {
	case Defend:
		n = 1 // the opponent's immediate win
	case Keep:
		n = keepDepth
	}
	var line []game.Move
	for len(line) < 40 && !t.Result().Over {
		r, ok := p.refutation(t, me, n-1)
		if !ok {
			break
		}
		t.Apply(r)
		line = append(line, r)
		if k != Keep || t.Result().Over {
			break
		}
		// The solver has no winning move left; it passes where it may (ending the
		// game soonest), else makes its first move.
		moves := t.LegalMoves(nil)
		m := moves[0]
		for _, x := range moves {
			if game.IsPass(t, x) {
				m = x
			}
		}
		t.Apply(m)
		line = append(line, m)
	}
	return line
}

// refutation picks the defender's reply in t (the defender to move) after which
// the attacker att does not win within n more moves: an immediate win of the
// defender first, then a reply that ends the game without the attacker winning,
// then any that refutes. n = 0 means the attacker had to have won already, so the
// defender's best reply is wanted: a win, else one that leaves the attacker no
// immediate win, else the first.
func (p *Prover) refutation(t game.State, att game.Player, n int) (game.Move, bool) {
	moves := t.LegalMoves(nil)
	if len(moves) == 0 {
		return game.Move{}, false
	}
	c := t.Clone()
	var ends, refutes []game.Move
	for _, m := range moves {
		c.CopyFrom(t)
		c.Apply(m)
		r := c.Result()
		switch {
		case r.Over && r.Winner == att.Other():
			return m, true
		case r.Over && r.Winner != att:
			ends = append(ends, m)
		case r.Over:
		case !p.wins(c, max(n, 1), 1):
			refutes = append(refutes, m)
		}
	}
	switch {
	case len(ends) > 0:
		return ends[0], true
	case len(refutes) > 0:
		return refutes[0], true
	case n == 0:
		return moves[0], true
	}
	return game.Move{}, false
}
