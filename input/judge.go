package input

import "trihex/game"

// Judge answers the player's moves before they count: a lesson's step or a
// puzzle (input/exercise). A session with a Judge is an exercise, not a game:
// nothing in it is the player's to save.
type Judge interface {
	// Judge answers m, a legal move of the player's in the live position st.
	Judge(st game.State, m game.Move) Judgement
	// Waiting reports that the exercise waits for a button (Next, Try again):
	// the board offers no moves meanwhile.
	Waiting() bool
}

// Judgement is a Judge's answer to a move.
type Judgement struct {
	Right bool   // the move is what the exercise asked for
	Text  string // what to say: praise, or why the move is wrong
	// Play plays the move (a right one, or a wrong one whose refutation is
	// shown); without it the position stays as it was.
	Play bool
	Line []game.Move // played after the move: the lesson's reply, the refutation
	// Done names progress to keep (a lesson or a puzzle finished), for the
	// settings.
	Done string
	// Reset: once the moves are shown, the exercise sets up a position of its
	// own (its next step).
	Reset bool
}

// judge consults the session's Judge about ch: it plays what the judgement
// plays and reports it with a Judged event after the moves' events.
func (s *Session) judge(ch Choice) []Event {
	j := s.Judge.Judge(s.Match.Live(), ch.Move)
	var evs []Event
	if j.Play {
		evs = s.play(ch)
		for _, m := range j.Line {
			live := s.Match.Live()
			if !live.IsLegal(m) {
				break
			}
			evs = append(evs, s.play(ChoiceOf(live, m))...)
		}
	}
	s.Picker.Reset(s.InputState()) // the judge may wait for a button now
	return append(evs, Event{Kind: Judged, Judgement: j})
}
