package input

import (
	"trihex/game"
	"trihex/save"
)

// The game's end beyond the board, the offers between the two sides, and what
// each seat may do: the session's policies ask the seats here, and the view asks
// the session.

// OfferKind is what one side offers the other.
type OfferKind int8

// The offers.
const (
	DrawOffer     OfferKind = iota // end the game drawn
	TakebackOffer                  // take back the offerer's last move (and the reply to it)
)

// Offer is an offer waiting for the other side's answer: made by By when the
// game had Ply moves. A move played voids it, except that the offerer's own
// move leaves a draw offer standing (the other side answers by playing on).
type Offer struct {
	Kind OfferKind
	By   game.Player
	Ply  int
}

// Offer is the offer waiting for an answer, if there is one. The side that
// answers is By.Other(): at this screen (AnswerDraw, AnswerTakeback), or the
// network's for a remote seat.
func (s *Session) Offer() (Offer, bool) {
	if s.offer == nil {
		return Offer{}, false
	}
	return *s.offer, true
}

// PlayerHere is the side whose person sits at this screen and acts now: the one
// side played here, or with both, the side to move; false when nobody plays
// here (the computer against itself, or watching).
func (s *Session) PlayerHere() (game.Player, bool) {
	switch here := [2]bool{s.Seats[0].Here(), s.Seats[1].Here()}; {
	case here[0] && here[1]:
		return s.Match.Live().ToMove(), true
	case here[0]:
		return game.First, true
	case here[1]:
		return game.Second, true
	}
	return game.NoPlayer, false
}

// endLocked reports whether the game ended beyond the board in a way that
// cannot be taken back: a flag (the time is gone), an abandonment or an
// adjudication, or anything with a remote seat.
func (s *Session) endLocked() bool {
	r, ended := s.Match.Ending()
	return ended && (s.remote() || r.Termination != game.Resignation && r.Termination != game.Agreement)
}

// CanUndo reports whether Undo does something: a move to take back, or a
// resignation or draw agreed at this screen; never with a remote seat (that is
// a takeback request) nor after a flag.
func (s *Session) CanUndo() bool {
	if s.remote() || s.endLocked() {
		return false
	}
	_, ended := s.Match.Ending()
	return ended || s.Match.CanUndo()
}

// CanRedo reports whether Redo does something.
func (s *Session) CanRedo() bool {
	_, ended := s.Match.Ending()
	return !s.remote() && !ended && s.Match.CanRedo()
}

// CanExplore reports whether the game's variations can be visited and played
// in (GoTo, ResumeHere at once): both sides are played at this screen. Against
// the computer it would answer there; with a remote seat the game is shared.
func (s *Session) CanExplore() bool { return s.bothHere() }

// CanHint reports whether the hint may be asked: a person here is to move, and
// no remote person plays (the engine's help is not for games against people
// elsewhere).
func (s *Session) CanHint() bool { return s.InputState() != nil && !s.remote() }

// CanPause reports whether the game can be paused (TogglePause): not over, no
// remote seat (a shared game pauses by agreement, over the network), and
// something to stop: a clock or the computer.
func (s *Session) CanPause() bool {
	return !s.remote() && !s.Result().Over && (s.Clock != nil || s.hasComputer())
}

// CanResign reports whether the person here may resign now (Resign with
// PlayerHere's side).
func (s *Session) CanResign() bool {
	_, here := s.PlayerHere()
	return here && !s.Result().Over
}

// CanOfferDraw reports whether the person here may offer a draw now: the game
// goes on and no offer of theirs waits.
func (s *Session) CanOfferDraw() bool {
	p, here := s.PlayerHere()
	return here && !s.Result().Over && (s.offer == nil || s.offer.By != p)
}

// CanRequestTakeback reports whether the person here may ask the remote side to
// take back their last move: a remote seat, a move of theirs to take back, no
// offer waiting, and the game not ended beyond the board.
func (s *Session) CanRequestTakeback() bool {
	p, here := s.PlayerHere()
	_, ended := s.Match.Ending()
	return here && s.remote() && s.offer == nil && !ended && s.movedSince(p, 0) && !s.Match.Reviewing()
}

// movedSince reports whether side p made one of the moves in effect after ply.
func (s *Session) movedSince(p game.Player, ply int) bool {
	for n := s.Match.LiveNode(); n.Parent != nil && n.Ply > ply; n = n.Parent {
		if s.moverOf(n) == p {
			return true
		}
	}
	return false
}

// moverOf is the side that played n's move.
func (s *Session) moverOf(n *save.Node) game.Player { return s.Match.state(n.Parent).ToMove() }

// Resign ends the game: side resigns, the other wins. The person here resigns
// with PlayerHere's side (the window asks first); the network resigns for a
// remote seat.
func (s *Session) Resign(side game.Player) []Event {
	if s.Result().Over || side != game.First && side != game.Second {
		return nil
	}
	return s.end(game.Ended(game.Resignation, side.Other()))
}

// OfferDraw offers a draw for side by. A draw offered by the other side and
// waiting is accepted. The computer answers at once through AcceptDraw (nil:
// it declines); an engine declines; a person here or elsewhere answers later
// (AnswerDraw), and OfferMade tells the window to ask, or the network to send.
func (s *Session) OfferDraw(by game.Player) []Event {
	if s.Result().Over || by != game.First && by != game.Second {
		return nil
	}
	if o := s.offer; o != nil && o.Kind == DrawOffer && o.By == by.Other() {
		return s.AnswerDraw(true)
	}
	if s.offer != nil {
		return nil // one offer at a time
	}
	o := Offer{Kind: DrawOffer, By: by, Ply: s.Match.Len()}
	s.offer = &o
	evs := []Event{{Kind: OfferMade, Offer: o}}
	switch s.Seats[by.Other()].Kind {
	case Computer:
		accept := s.AcceptDraw != nil && s.AcceptDraw(s.Match.Live().Clone(), by.Other())
		return append(evs, s.AnswerDraw(accept)...)
	case Engine:
		return append(evs, s.AnswerDraw(false)...)
	}
	return evs
}

// AnswerDraw answers the draw offer waiting: accepted, the game ends drawn by
// agreement (GameOver); declined, OfferDeclined.
func (s *Session) AnswerDraw(accept bool) []Event {
	o := s.offer
	if o == nil || o.Kind != DrawOffer {
		return nil
	}
	s.offer = nil
	if !accept {
		return []Event{{Kind: OfferDeclined, Offer: *o}}
	}
	return s.end(game.Ended(game.Agreement, game.NoPlayer))
}

// RequestTakeback asks, for side by, to take back by's last move (and the
// reply to it, if one came), so that it is by's turn again as before. Between
// people at this screen and against the computer it is done at once, as Undo
// does it; with a remote seat it is an offer (OfferMade) that the other side
// answers (AnswerTakeback): the person here asks the remote side, the network
// asks for the remote side.
func (s *Session) RequestTakeback(by game.Player) []Event {
	if by != game.First && by != game.Second || !s.movedSince(by, 0) || s.Match.Reviewing() {
		return nil
	}
	if !s.remote() {
		return s.Undo()
	}
	if _, ended := s.Match.Ending(); ended || s.offer != nil {
		return nil
	}
	o := Offer{Kind: TakebackOffer, By: by, Ply: s.Match.Len()}
	s.offer = &o
	return []Event{{Kind: OfferMade, Offer: o}}
}

// AnswerTakeback answers the takeback request waiting: accepted, the requester's
// last move (and the reply to it) are taken back with their clocks
// (MovesUndone); declined, OfferDeclined.
func (s *Session) AnswerTakeback(accept bool) []Event {
	o := s.offer
	if o == nil || o.Kind != TakebackOffer {
		return nil
	}
	s.offer = nil
	if !accept {
		return []Event{{Kind: OfferDeclined, Offer: *o}}
	}
	s.Computer.Cancel()
	s.Replay.Stop()
	s.Match.ToLive()
	before, n := s.Match.Live(), s.Match.Len()
	for s.Match.CanUndo() {
		mover := s.moverOf(s.Match.LiveNode())
		s.Match.Undo()
		if mover == o.By {
			break
		}
	}
	s.restoreClock()
	s.changed()
	return []Event{{Kind: MovesUndone, Before: before, After: s.Match.Live(), Plies: n - s.Match.Len()}}
}

// End ends the game beyond the board as another machine decided it: res has a
// Termination (an abandonment, an adjudication, a loss on time the authority's
// clock saw, a resignation) and a winner it allows. Nothing happens when the
// game is over already or res is not such an end.
func (s *Session) End(res game.Result) []Event {
	if s.Result().Over || !res.Over || res.Termination == game.ByRules || !res.Termination.Allows(res.Winner) {
		return nil
	}
	return s.end(game.Ended(res.Termination, res.Winner))
}

// end ends the game beyond the board with res at the live position: the
// computer stops, the clock stands, the offer goes.
func (s *Session) end(res game.Result) []Event {
	s.Computer.Cancel()
	s.Replay.Stop()
	s.Match.End(res)
	s.offer = nil
	s.dirty = true
	s.syncClock()
	s.Picker.Reset(s.InputState())
	live := s.Match.Live()
	return []Event{{Kind: GameOver, Before: live, After: live, Result: res}}
}

// Annotate puts a game review's notes on the moves it reviewed: nodes are those
// moves as the review was given them, notes[i] the note of nodes[i] (a zero
// Note: none). The notes of an earlier review are taken off first. The notes
// stay on their moves whatever is undone or played after (save.Node.Note), and
// the record writes them. The game is marked unsaved.
func (s *Session) Annotate(nodes []*save.Node, notes []save.Note) {
	stack := []*save.Node{s.Match.Root()}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = append(stack[:len(stack)-1], n.Children...)
		n.Note = nil
	}
	for i, n := range nodes {
		if i < len(notes) && notes[i] != (save.Note{}) {
			note := notes[i]
			n.Note = &note
		}
	}
	s.dirty = true
}
