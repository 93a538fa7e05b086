package exercise

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"trihex/ai/puzzle"
	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
)

// Puzzles runs a game's puzzles: a right answer solves the puzzle, a wrong one
// is refuted on the board until Try again.
type Puzzles struct {
	puzzles []puzzle.Puzzle
	solved  []string // the IDs of the puzzles solved, as the settings keep them
	at      int
	done    bool // the puzzle shown was solved
	failed  bool // a wrong answer's refutation was played out: Try again
	say     string
	right   bool
}

// NewPuzzles starts ps at puzzle i, or at the first not in solved when i < 0.
func NewPuzzles(ps []puzzle.Puzzle, solved []string, i int) *Puzzles {
	p := &Puzzles{puzzles: ps, solved: slices.Clone(solved)}
	if i < 0 {
		i = 0
		for k, pz := range ps {
			if !slices.Contains(solved, ID(pz)) {
				i = k
				break
			}
		}
	}
	p.show(min(i, len(ps)-1))
	return p
}

// ID names a puzzle in the settings: a hash of its data line.
func ID(p puzzle.Puzzle) string {
	h := fnv.New64a()
	h.Write([]byte(p.Game + "\t" + p.Line()))
	return fmt.Sprintf("%s-%016x", strings.ToLower(p.Game), h.Sum64())
}

// Goal is what a puzzle of kind k asks, in words.
func Goal(k puzzle.Kind) string {
	switch k {
	case puzzle.Win1:
		return "win in one move"
	case puzzle.Win2:
		return "win in two moves"
	case puzzle.Win3:
		return "win in three moves"
	case puzzle.Defend:
		return "stop the threat"
	case puzzle.Keep:
		return "keep the win"
	}
	return "find the move"
}

func (p *Puzzles) show(i int) {
	p.at, p.done, p.failed, p.right = i, false, false, false
	p.say = p.task()
}

// At is the puzzle shown, from 0.
func (p *Puzzles) At() int { return p.at }

func (p *Puzzles) Kind() Kind { return Puzzle }

func (p *Puzzles) Session() *input.Session {
	pz := p.puzzles[p.at]
	info, err := game.Lookup(pz.Game)
	if err != nil {
		return nil // cannot happen: Load reads the data of registered games
	}
	start := info.New(nil)
	var moves []game.Move
	s := start.Clone()
	for _, txt := range pz.Moves {
		m, err := s.ParseMove(txt)
		if err != nil || s.Play(m) != nil {
			break // cannot happen: a test replays every shipped puzzle
		}
		moves = append(moves, m)
	}
	sess := twoHumans(start, moves, p)
	sess.Saved("")
	return sess
}

func (p *Puzzles) Say() string  { return p.say }
func (p *Puzzles) Right() bool  { return p.right }
func (p *Puzzles) Solved() bool { return p.done }

// Waiting: a solved puzzle waits for Next, a refuted one for Try again.
func (p *Puzzles) Waiting() bool { return p.done || p.failed }

func (p *Puzzles) Why() string {
	switch {
	case p.done:
		return "This puzzle is solved: Next puzzle shows another, Try again sets it up afresh."
	case p.failed:
		return "The position is no longer the puzzle's: Try again sets it up afresh."
	}
	return ""
}

func (p *Puzzles) task() string {
	pz := p.puzzles[p.at]
	st, err := pz.Position()
	if err != nil {
		return "This puzzle cannot be set up: its moves do not replay. Next shows another."
	}
	me := st.Info().Players[st.ToMove()]
	switch pz.Kind {
	case puzzle.Win1:
		return me + " to play and win at once."
	case puzzle.Win2:
		return me + " to play and win within two moves, whatever the reply."
	case puzzle.Win3:
		return me + " to play and win within three moves, whatever the replies."
	case puzzle.Defend:
		return me + " to play: the opponent threatens to win next move. Stop it."
	case puzzle.Keep:
		return me + " to play: you are ahead. Find the move (a pass or a capture) that keeps the game won to the end."
	}
	return me + " to play."
}

func (p *Puzzles) Heading() string {
	pz := p.puzzles[p.at]
	n := 0
	for _, q := range p.puzzles {
		if slices.Contains(p.solved, ID(q)) {
			n++
		}
	}
	head := fmt.Sprintf("Puzzle %d of %d: %s (%s) · solved %d", p.at+1, len(p.puzzles), Goal(pz.Kind), pz.Difficulty, n)
	if p.done {
		head = fmt.Sprintf("Solved · puzzle %d of %d · solved %d", p.at+1, len(p.puzzles), n)
	}
	return head
}

func (p *Puzzles) Marks() []hex.Coord { return nil }

func (p *Puzzles) Buttons() []Offer {
	if p.done {
		return []Offer{{Retry, "Try again"}, {Next, "Next puzzle ›"}}
	}
	b := []Offer{{Prev, "‹ Previous"}}
	if p.failed {
		b = append(b, Offer{Retry, "Try again"})
	}
	return append(b, Offer{Next, "Next ›"})
}

func (p *Puzzles) Press(b Button) Pressed {
	n := len(p.puzzles)
	switch b {
	case Next:
		p.show((p.at + 1) % n)
	case Prev:
		p.show((p.at + n - 1) % n)
	case Retry:
		p.show(p.at)
	default:
		return Pressed{}
	}
	return Pressed{Reset: true}
}

func (p *Puzzles) Refused([]hex.Coord) (string, bool) { return "", false }

// Judge checks m against the puzzle's answers; a wrong move is refuted.
func (p *Puzzles) Judge(st game.State, m game.Move) input.Judgement {
	switch {
	case p.done:
		return input.Judgement{Text: "This puzzle is solved: Next shows another."}
	case p.failed:
		// The refutation changed the position: judging a move there against
		// the puzzle would call a move right in another position.
		return input.Judgement{Text: "The position is no longer the puzzle's: Try again sets it up afresh."}
	}
	pz := p.puzzles[p.at]
	if pz.Check(m) {
		id := ID(pz)
		if !slices.Contains(p.solved, id) {
			p.solved = append(p.solved, id)
		}
		p.done, p.right = true, true
		p.say = "Solved! " + st.FormatMove(m) + " is the move. Next puzzle shows another; Try again sets this one up afresh."
		return input.Judgement{Right: true, Play: true, Text: p.say, Done: id}
	}
	line := puzzle.Refute(pz, m)
	p.failed, p.right = true, false
	p.say = "Not this one: " + refutationWords(st, m, line) + " Try again."
	return input.Judgement{Play: true, Line: line, Text: p.say}
}

// refutationWords says what the refutation line shows, in words.
func refutationWords(st game.State, wrong game.Move, line []game.Move) string {
	s := st.Clone()
	if s.Play(wrong) != nil {
		return ""
	}
	if r := s.Result(); r.Over {
		return "that move loses at once (" + r.Reason + ")."
	}
	opp := st.Info().Players[st.ToMove().Other()]
	var texts []string
	for _, m := range line {
		texts = append(texts, s.FormatMove(m))
		if s.Play(m) != nil {
			break
		}
	}
	if len(texts) == 0 {
		return "it does not do what the puzzle asks."
	}
	reply := fmt.Sprintf("%s answers %s", opp, texts[0])
	if len(texts) > 1 {
		reply = fmt.Sprintf("the best play goes %s", strings.Join(texts, " "))
	}
	if r := s.Result(); r.Over {
		if r.Winner == game.NoPlayer {
			return reply + ", and it is a draw."
		}
		return fmt.Sprintf("%s, and %s wins (%s).", reply, st.Info().Players[r.Winner], r.Reason)
	}
	return reply + ", and the win is no longer there."
}
