package game

import "strings"

// Termination says what ended a game besides the rules: a player resigned, both
// agreed a draw, a clock ran out, a game was abandoned or adjudicated. Its zero
// value, ByRules, is the rules' own end, which Result.Reason names.
type Termination int8

// The ways a game ends. Abandoned and Adjudication come from play between machines:
// a player gone past a limit, a game decided by someone outside it.
const (
	ByRules Termination = iota
	Resignation
	Agreement
	TimeForfeit
	Abandoned
	Adjudication
)

var terminationWords = [...]string{"", "resignation", "agreement", "time forfeit", "abandoned", "adjudication"}

// String is the record's Termination tag for t, or "" for ByRules (the record
// then writes the rule's Reason).
func (t Termination) String() string {
	if t < 0 || int(t) >= len(terminationWords) {
		return ""
	}
	return terminationWords[t]
}

// ParseTermination reads a record's Termination tag (any case, spaces around):
// one of the words String gives, and false for anything else (a rule's words,
// such as "three triples", are no Termination of their own).
func ParseTermination(s string) (Termination, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for t := Resignation; int(t) < len(terminationWords); t++ {
		if terminationWords[t] == s {
			return t, true
		}
	}
	return ByRules, false
}

// Allows reports whether a game ended by t may have that winner: resignation and
// time forfeit have one, agreement is a draw, and abandonment or adjudication
// either. ByRules allows anything: the rules decide.
func (t Termination) Allows(winner Player) bool {
	switch t {
	case Resignation, TimeForfeit:
		return winner == First || winner == Second
	case Agreement:
		return winner == NoPlayer
	case Abandoned, Adjudication:
		return winner >= NoPlayer && winner <= Second
	}
	return t == ByRules
}

// Ended is the Result of a game ended by t (not ByRules) with winner (NoPlayer:
// a draw); its Reason is t's words, so that what prints a Reason still reads.
func Ended(t Termination, winner Player) Result {
	return Result{Over: true, Winner: winner, Reason: t.String(), Termination: t}
}

// ResultSentence says how a game ended in the player's words, for the result
// card and the headless commands: "Red resigned", "White lost on time", "Draw
// agreed", and for the rules' ends DescribeResult's "White wins: three triples".
func (g *Info) ResultSentence(r Result) string {
	if !r.Over || r.Termination == ByRules {
		return g.DescribeResult(r)
	}
	loser := ""
	if r.Winner == First || r.Winner == Second {
		loser = g.Players[r.Winner.Other()]
	}
	switch {
	case r.Termination == Resignation && loser != "":
		return loser + " resigned"
	case r.Termination == TimeForfeit && loser != "":
		return loser + " lost on time"
	case r.Termination == Agreement:
		return "Draw agreed"
	case r.Termination == Abandoned && loser != "":
		return loser + " abandoned the game"
	case r.Termination == Abandoned:
		return "Game abandoned: a draw"
	case r.Termination == Adjudication && loser != "":
		return g.Players[r.Winner] + " wins by adjudication"
	case r.Termination == Adjudication:
		return "Drawn by adjudication"
	}
	return g.DescribeResult(r)
}

// endWords is DescribeResult for a game ended by a Termination.
func (g *Info) endWords(r Result) string {
	if r.Winner != First && r.Winner != Second {
		switch r.Termination {
		case Agreement:
			return "Draw: agreed"
		case Abandoned:
			return "Draw: the game was abandoned"
		}
		return "Draw: " + r.Reason
	}
	win, lose := g.Players[r.Winner], g.Players[r.Winner.Other()]
	switch r.Termination {
	case Resignation:
		return win + " wins: " + lose + " resigned"
	case TimeForfeit:
		return win + " wins: " + lose + " lost on time"
	case Abandoned:
		return win + " wins: " + lose + " abandoned the game"
	}
	return win + " wins: " + r.Reason
}

// Concluded is st as the position a game ended at with r: st itself when r is
// the rules' own end or none, otherwise st whose Result is r (a resignation, a
// draw agreed, a flag), so that a series counts a game ended beyond the board.
// Unconcluded gives st back.
func Concluded(st State, r Result) State {
	if !r.Over || r.Termination == ByRules {
		return st
	}
	return concluded{st, r}
}

// concluded is a position whose game ended beyond the board.
type concluded struct {
	State
	res Result
}

func (c concluded) Result() Result { return c.res }

// Unconcluded is the position itself under a Concluded one (st otherwise), for what
// asks a game's own state for more than State offers.
func Unconcluded(st State) State {
	if c, ok := st.(concluded); ok {
		return c.State
	}
	return st
}
