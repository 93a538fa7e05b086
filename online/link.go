package online

import (
	"cmp"
	"errors"
	"slices"
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/input"
	"trihex/online/proto"
	"trihex/save"
)

// Link plays a network game in an input.Session, for the window: the session
// has a Remote seat for the opponent (both seats Remote while watching), the
// Client talks to the authority, and the Link keeps the two in step. The window
// calls Poll once a frame: the opponent's moves, offers, answers, clocks and the
// end are fed into the session there, on the window's goroutine, and what
// happened comes back as events. The window's own actions go through the
// Link's methods (Play, Resign, OfferDraw, …), which change the session at
// once and send the command; none of them waits on the network. A move played
// in the session by other means (Session.Play, Pass) is sent by the next Poll.
// The Client reconnects by itself; whenever the session and the authority's
// game disagree (a refused move, a resync), the session is rebuilt from the
// authority's and LinkSession says so.
type Link struct {
	c    *Client
	s    *input.Session
	now  func() time.Time
	name string // the player's own name, for the record
	mute bool
	game string // the game id the session plays
	out  []LinkEvent
}

// LinkEventKind says what a LinkEvent reports.
type LinkEventKind int

// The events of a Link, in the order they happened.
const (
	// LinkSession: Session() is a new session to show: the game began, a
	// rematch began (colours swapped), or the session was rebuilt from the
	// authority's game. The window drops the old one (without closing the
	// Link) and shows this.
	LinkSession LinkEventKind = iota
	// LinkGame: the session changed (Input: its events to animate and sound):
	// the opponent's move, a takeback, an offer of a draw or a takeback
	// (input.OfferMade, answered with AnswerDraw or AnswerTakeback), an answer
	// (input.OfferDeclined), the game's end (input.GameOver).
	LinkGame
	// LinkConnected and LinkReconnecting: the connection came up (again) or
	// dropped (Err says why); the Link tries again by itself.
	LinkConnected
	LinkReconnecting
	// LinkFailed: the seat was refused for good (a wrong code, no such game,
	// another version); Text says why in the player's words. Nothing more
	// comes.
	LinkFailed
	// LinkJoined: the opponent took their seat (Text: their name).
	LinkJoined
	// LinkPresence: the opponent connected (OK) or left; Status says for how
	// long and whether the game can be claimed.
	LinkPresence
	// LinkOffer: the opponent offers an abort or a rematch (Offer); answer
	// with AnswerAbort or AnswerRematch. Draws and takebacks come in LinkGame.
	LinkOffer
	// LinkAnswer: the opponent answered our offer of an abort or a rematch
	// (Offer, OK). A rematch accepted is followed by LinkSession.
	LinkAnswer
	// LinkChat: a chat line (Seat, Text); none from a muted opponent.
	LinkChat
	// LinkRefused: the authority refused a command of ours; Text says why.
	LinkRefused
	// LinkAborted: the game was aborted; it has no result, and the session
	// takes no more moves.
	LinkAborted
)

// LinkEvent is one thing a Link reports.
type LinkEvent struct {
	Kind  LinkEventKind
	Input []input.Event // for LinkGame
	Seat  int           // 1 or 2: who chatted, who answered
	Offer string        // proto.OfferAbort or proto.OfferRematch
	OK    bool
	Text  string
	Err   error
}

// Follow links client c to the window: its session is made once the client is
// seated (LinkSession). name is the player's own name; now is the session's
// clock (nil: time.Now).
func Follow(c *Client, name string, now func() time.Time) *Link {
	if now == nil {
		now = time.Now
	}
	return &Link{c: c, name: name, now: now}
}

// Client is the link's client.
func (l *Link) Client() *Client { return l.c }

// Session is the session that plays the game, nil until the client is seated.
func (l *Link) Session() *input.Session { return l.s }

// Close ends the connection (the game goes on at the authority: come back
// with Config.Resume) and the session's computer.
func (l *Link) Close() {
	l.c.Close()
	if l.s != nil {
		l.s.Close()
	}
}

// Wake has a value when Poll has something to do; the window need not wait on it.
func (l *Link) Wake() <-chan struct{} { return l.c.Wake() }

// Poll feeds what came from the authority into the session, sends a move
// played in the session, and returns what happened. It never waits.
func (l *Link) Poll() []LinkEvent {
	for _, e := range l.c.Poll() {
		l.handle(e)
	}
	if l.s != nil {
		l.sendLocal()
	}
	out := l.out
	l.out = nil
	return out
}

func (l *Link) emit(e LinkEvent) { l.out = append(l.out, e) }

func (l *Link) emitGame(evs []input.Event) {
	if len(evs) > 0 {
		l.emit(LinkEvent{Kind: LinkGame, Input: evs})
	}
}

// mine is our side, and whether we play (not watching).
func (l *Link) mine(v *View) (game.Player, bool) {
	if v.Seat != 1 && v.Seat != 2 {
		return game.NoPlayer, false
	}
	return game.Player(v.Seat - 1), true
}

func (l *Link) handle(e Event) {
	switch e.Kind {
	case Connected:
		l.emit(LinkEvent{Kind: LinkConnected})
		l.sync()
	case Resynced, Rematch:
		l.sync()
	case Reconnecting:
		l.emit(LinkEvent{Kind: LinkReconnecting, Err: e.Err, Text: words(e.Err)})
	case Failed:
		l.emit(LinkEvent{Kind: LinkFailed, Err: e.Err, Text: words(e.Err)})
	case Joined:
		l.emit(LinkEvent{Kind: LinkJoined, Seat: e.Seat, Text: e.Text})
		if l.s != nil {
			v := l.c.View()
			l.s.Seats[e.Seat-1].Name = e.Text
			if _, plays := l.mine(&v); !plays {
				l.s.Seats[e.Seat-1] = input.Seat{Kind: input.Remote, Name: e.Text}
			}
		}
	case PresenceChanged:
		if v := l.c.View(); e.Seat != v.Seat {
			l.emit(LinkEvent{Kind: LinkPresence, Seat: e.Seat, OK: e.OK})
		}
	case Moved:
		l.moved(e)
	case Offered:
		l.offered(e)
	case Answered:
		l.answered(e)
	case Chatted:
		if v := l.c.View(); l.mute && e.Seat != v.Seat {
			return
		}
		l.emit(LinkEvent{Kind: LinkChat, Seat: e.Seat, Text: e.Text})
	case GameOver:
		l.over(e.Result, e.Clock)
	case Refused:
		l.emit(LinkEvent{Kind: LinkRefused, Text: e.Text, Err: e.Err})
		l.sync()
	}
}

// moved plays the opponent's move in the session, or takes note that ours
// was confirmed, and sets the authority's clocks.
func (l *Link) moved(e Event) {
	s := l.s
	if s == nil {
		return
	}
	v := l.c.View()
	texts := s.Match.Texts()[:s.Match.Len()]
	switch {
	case len(texts) == e.N && texts[e.N-1] == e.Move:
		// Ours, confirmed (or one played here already).
	case len(texts) == e.N-1 && !s.Result().Over:
		live := s.Match.Live()
		mv, err := live.ParseMove(e.Move)
		if err != nil {
			l.sync()
			return
		}
		if s.Match.Reviewing() {
			l.emitGame(s.ToLive())
		}
		evs := s.PlayMove(mv)
		if len(evs) == 0 || evs[0].Kind != input.MovePlayed {
			l.sync()
			return
		}
		l.emitGame(evs)
	default:
		l.sync()
		return
	}
	if e.Clock == nil {
		return
	}
	if s.Clock != nil && e.N <= len(s.Match.Line()) {
		if k := s.Clock.Control().Kind; k == clock.Fischer || k == clock.ByoYomi {
			// The record's [%clk] is the authority's, the same at both ends.
			s.Match.Line()[e.N-1].Clock = stamp(clkOf(e.Clock.Sides[e.Seat-1]))
		}
	}
	if e.N == len(v.Moves) {
		l.syncClock(e.Clock, v.ClockAt)
	}
}

// offered puts the opponent's offer of a draw or a takeback in the session,
// or tells the window of an abort or a rematch offered.
func (l *Link) offered(e Event) {
	v := l.c.View()
	me, plays := l.mine(&v)
	if l.s == nil || !plays || e.Seat == v.Seat {
		return
	}
	them := me.Other()
	switch e.Offer {
	case proto.OfferDraw:
		l.emitGame(l.s.OfferDraw(them))
	case proto.OfferTakeback:
		l.emitGame(l.s.RequestTakeback(them))
	default:
		l.emit(LinkEvent{Kind: LinkOffer, Seat: e.Seat, Offer: e.Offer})
	}
}

// answered settles an offer in the session as the authority decided it.
func (l *Link) answered(e Event) {
	s := l.s
	if s == nil {
		return
	}
	v := l.c.View()
	o, waiting := s.Offer()
	switch e.Offer {
	case proto.OfferDraw:
		if waiting && o.Kind == input.DrawOffer {
			l.emitGame(s.AnswerDraw(e.OK))
		}
	case proto.OfferTakeback:
		if waiting && o.Kind == input.TakebackOffer {
			l.emitGame(s.AnswerTakeback(e.OK))
		}
		if e.OK {
			l.sync() // the session must now have the authority's moves
			if v.Clock != nil {
				l.syncClock(v.Clock, v.ClockAt)
			}
		}
	default:
		if e.Seat != v.Seat {
			l.emit(LinkEvent{Kind: LinkAnswer, Seat: e.Seat, Offer: e.Offer, OK: e.OK})
		}
	}
}

// over ends the session's game as the authority ended it.
func (l *Link) over(r *proto.Result, c *proto.Clock) {
	s := l.s
	if s == nil || r == nil {
		return
	}
	if r.Aborted() {
		l.readOnly()
		l.emit(LinkEvent{Kind: LinkAborted, Text: "Game aborted"})
		return
	}
	res, ok := r.Game()
	if !ok {
		return
	}
	if c != nil && s.Clock != nil && res.Termination == game.TimeForfeit {
		l.syncClock(c, l.now())
	}
	if res.Termination != game.ByRules && !s.Result().Over {
		l.emitGame(s.End(res))
	}
	if v := l.c.View(); !s.Result().Over && !slices.Equal(s.Match.Texts()[:s.Match.Len()], v.Moves) {
		l.sync() // the rules ended it in a move the session has not got
	}
}

// readOnly makes the session take no more moves: both its seats are played
// elsewhere.
func (l *Link) readOnly() {
	for i := range l.s.Seats {
		l.s.Seats[i].Kind = input.Remote
	}
	l.s.Picker.Reset(l.s.InputState())
}

// syncClock sets the session's clock to the authority's, as it was received at
// at and has run since.
func (l *Link) syncClock(c *proto.Clock, at time.Time) {
	if l.s == nil || l.s.Clock == nil || c == nil {
		return
	}
	snap := charged(l.s.Clock.Control(), c.Snapshot(), l.now().Sub(at))
	if snap.ToMove != l.s.Match.Live().ToMove() && snap.Flagged == game.NoPlayer {
		return // the clocks of another position: ours has a move the authority has not confirmed yet
	}
	_ = l.s.SyncClock(snap) // refused only for a snapshot the control cannot have
}

// charged is snap with its running side's time run for d.
func charged(ctl clock.Control, snap clock.Snapshot, d time.Duration) clock.Snapshot {
	if d <= 0 {
		return snap
	}
	t := time.Unix(0, 0)
	c := clock.New(ctl, func() time.Time { return t })
	if c.Restore(snap) != nil {
		return snap
	}
	t = t.Add(d)
	return c.Snapshot()
}

// sendLocal sends the move of ours the session has and the authority has not.
func (l *Link) sendLocal() {
	v := l.c.View()
	if l.game != v.Game || v.Position == nil || v.Pending != "" || !v.YourMove() {
		return
	}
	texts := l.s.Match.Texts()[:l.s.Match.Len()]
	n := len(v.Moves)
	if len(texts) != n+1 || !slices.Equal(texts[:n], v.Moves) {
		return
	}
	if err := l.c.Move(texts[n]); err != nil {
		l.emit(LinkEvent{Kind: LinkRefused, Err: err, Text: words(err)})
		l.sync()
	}
}

// sync makes the session the authority's game: the moves it lacks are played
// (LinkGame); a session that disagrees, or another game, is rebuilt
// (LinkSession).
func (l *Link) sync() {
	v := l.c.View()
	if v.Position == nil {
		return
	}
	s := l.s
	if s == nil || l.game != v.Game {
		l.rebuild(&v)
		return
	}
	for i, name := range v.Names {
		if name != "" {
			s.Seats[i].Name = name // a join we heard of only in the whole game
		}
	}
	texts := s.Match.Texts()[:s.Match.Len()]
	n := len(v.Moves)
	switch {
	case slices.Equal(texts, v.Moves):
	case v.Pending != "" && len(texts) == n+1 && slices.Equal(texts[:n], v.Moves) && texts[n] == v.Pending:
	case len(texts) < n && slices.Equal(texts, v.Moves[:len(texts)]) && !s.Result().Over:
		if s.Match.Reviewing() {
			l.emitGame(s.ToLive())
		}
		for _, t := range v.Moves[len(texts):] {
			mv, err := s.Match.Live().ParseMove(t)
			var evs []input.Event
			if err == nil {
				evs = s.PlayMove(mv)
			}
			if len(evs) == 0 || evs[0].Kind != input.MovePlayed {
				l.rebuild(&v)
				return
			}
			l.emitGame(evs)
		}
	default:
		l.rebuild(&v)
		return
	}
	// The record's [%clk] as the authority charged them, whichever way the
	// moves came.
	for i, n := range s.Match.Line()[:min(s.Match.Len(), len(v.Clk))] {
		n.Clock = stamp(v.Clk[i])
	}
	if v.Clock != nil {
		l.syncClock(v.Clock, v.ClockAt)
	}
	if v.Result != nil {
		l.over(v.Result, nil)
	}
}

// rebuild makes a new session of the authority's game: the seats (ours here,
// the opponent's remote), the moves with their clocks, the offers waiting and
// the end.
func (l *Link) rebuild(v *View) {
	if l.s != nil {
		l.s.Close()
	}
	var seats [2]input.Seat
	for i := range seats {
		seats[i] = input.Seat{Kind: input.Remote, Name: cmp.Or(v.Names[i], "Remote player")}
	}
	me, plays := l.mine(v)
	if plays {
		seats[me] = input.Seat{Kind: input.Human, Name: cmp.Or(v.Names[me], l.name)}
	}
	s := input.NewSession(v.Info, v.Options, seats, l.now)
	s.Started = v.Created
	s.Tags = []save.Tag{{Name: "Date", Value: v.Created.Format("2006-01-02")}}
	if ctl := v.Control(); ctl.Kind != clock.NoClock {
		_ = s.SetTimeControl(ctl) // a control the view checked, before any move
	}
	for i, t := range v.Moves {
		mv, err := s.Match.Live().ParseMove(t)
		if err != nil {
			break // cannot happen: the view replayed every move
		}
		s.PlayMove(mv)
		if i < len(v.Clk) {
			s.Match.LiveNode().Clock = stamp(v.Clk[i])
		}
	}
	l.s, l.game = s, v.Game
	if v.Clock != nil {
		l.syncClock(v.Clock, v.ClockAt)
	}
	if plays {
		for _, o := range v.Offers {
			if o.Seat == v.Seat {
				continue
			}
			switch o.Kind {
			case proto.OfferDraw:
				s.OfferDraw(me.Other())
			case proto.OfferTakeback:
				s.RequestTakeback(me.Other())
			}
		}
	}
	if v.Result != nil {
		if v.Result.Aborted() {
			l.readOnly()
		} else if res, ok := v.Result.Game(); ok && res.Termination != game.ByRules {
			s.End(res)
		}
	}
	s.Saved("") // nothing here to lose: the authority keeps the game
	l.emit(LinkEvent{Kind: LinkSession})
}

// Play plays ch, a move the person here made in the session's picker, and
// sends it; the session's events come back as from Session.Play.
func (l *Link) Play(ch input.Choice) []input.Event {
	if l.s == nil || l.s.InputState() == nil {
		return nil
	}
	evs := l.s.Play(ch)
	l.sendLocal()
	return evs
}

// Pass plays the pass (Abande) for the person here and sends it.
func (l *Link) Pass() []input.Event {
	if l.s == nil {
		return nil
	}
	evs := l.s.Pass()
	l.sendLocal()
	return evs
}

// side is our side in a game we play and the session, or false.
func (l *Link) side() (game.Player, bool) {
	if l.s == nil {
		return game.NoPlayer, false
	}
	v := l.c.View()
	return l.mine(&v)
}

// Resign resigns the game for the person here.
func (l *Link) Resign() []input.Event {
	me, ok := l.side()
	if !ok || l.s.Result().Over {
		return nil
	}
	l.c.Resign()
	return l.s.Resign(me)
}

// OfferDraw offers a draw (or accepts the opponent's).
func (l *Link) OfferDraw() []input.Event {
	me, ok := l.side()
	if !ok || !l.s.CanOfferDraw() {
		return nil
	}
	l.c.Offer(proto.OfferDraw)
	return l.s.OfferDraw(me)
}

// AnswerDraw accepts or declines the opponent's draw offer.
func (l *Link) AnswerDraw(accept bool) []input.Event {
	if l.theirOffer(input.DrawOffer) {
		l.c.Answer(proto.OfferDraw, accept)
		return l.s.AnswerDraw(accept)
	}
	return nil
}

// RequestTakeback asks the opponent to take back our last move.
func (l *Link) RequestTakeback() []input.Event {
	me, ok := l.side()
	if !ok || !l.s.CanRequestTakeback() {
		return nil
	}
	l.c.Offer(proto.OfferTakeback)
	return l.s.RequestTakeback(me)
}

// AnswerTakeback accepts (the moves are taken back at once) or declines the
// opponent's takeback request.
func (l *Link) AnswerTakeback(accept bool) []input.Event {
	if l.theirOffer(input.TakebackOffer) {
		l.c.Answer(proto.OfferTakeback, accept)
		return l.s.AnswerTakeback(accept)
	}
	return nil
}

// theirOffer reports whether the opponent's offer of kind waits in the session.
func (l *Link) theirOffer(kind input.OfferKind) bool {
	me, ok := l.side()
	if !ok {
		return false
	}
	o, waiting := l.s.Offer()
	return waiting && o.Kind == kind && o.By == me.Other()
}

// Abort calls the game off: at once before our second move, else it is an
// offer the opponent answers (LinkAnswer).
func (l *Link) Abort() {
	if _, ok := l.side(); ok {
		l.c.Offer(proto.OfferAbort)
	}
}

// AnswerAbort accepts or declines the opponent's offer to abort.
func (l *Link) AnswerAbort(accept bool) { l.c.Answer(proto.OfferAbort, accept) }

// Rematch offers a rematch, colours swapped, once the game is over (or
// accepts the opponent's).
func (l *Link) Rematch() {
	if _, ok := l.side(); ok {
		l.c.Offer(proto.OfferRematch)
	}
}

// AnswerRematch accepts or declines the opponent's rematch offer.
func (l *Link) AnswerRematch(accept bool) { l.c.Answer(proto.OfferRematch, accept) }

// ClaimWin claims the game won from an opponent gone past the limit
// (Status.CanClaim); ClaimDraw claims it drawn.
func (l *Link) ClaimWin()  { l.c.Claim(proto.ClaimWin) }
func (l *Link) ClaimDraw() { l.c.Claim(proto.ClaimDraw) }

// Chat sends a chat line.
func (l *Link) Chat(text string) { l.c.Chat(text) }

// Mute hides the opponent's chat (on) or shows it again; our own lines show
// either way.
func (l *Link) Mute(on bool) { l.mute = on }

// Status is what the window shows about the network game, at one moment.
type Status struct {
	Connected   bool          // to the authority, seated
	Reconnects  int           // drops so far
	RTT         time.Duration // the last round trip measured
	Seat        int           // ours, 1 or 2; 0 while watching or before seated
	Watching    bool
	Names       [2]string // by seat
	Invite      string    // the code to give the opponent, until they join
	Joined      bool      // the opponent has taken their seat
	Present     bool      // the opponent is connected
	Away        time.Duration
	CanClaim    bool // the opponent has been gone past the limit: ClaimWin, ClaimDraw
	ClaimIn     time.Duration
	CanAbort    bool     // the game goes on: Abort may be asked
	AbortAlone  bool     // and before our second move: it is aborted at once
	TheirOffers []string // the opponent's offers of an abort or a rematch, waiting
	MyOffers    []string // ours, waiting
	Over        bool
	Aborted     bool
	Result      string // how the game ended, in words
	Muted       bool
	Chat        []proto.ChatLine // the game's chat; the opponent's lines left out while muted
	Pending     bool             // a move of ours is on its way
}

// Status is the game's network state now, for the window to show each frame.
func (l *Link) Status() Status {
	v := l.c.View()
	now := l.now()
	st := Status{Connected: v.Connected, Reconnects: v.Reconnects, RTT: v.RTT, Seat: v.Seat,
		Watching: l.c.cfg.Watch != "", Names: v.Names, Invite: v.Invite, Muted: l.mute,
		Over: v.Result != nil, Aborted: v.Result.Aborted(), Pending: v.Pending != ""}
	if v.Result != nil {
		st.Result = v.Describe()
	}
	if v.Seat == 1 || v.Seat == 2 {
		o := 2 - v.Seat
		st.Joined, st.Present = v.Joined[o], v.Present[o]
		if st.Joined && !st.Present {
			st.Away = now.Sub(v.AwaySince[o])
			st.CanClaim = v.CanClaim(v.Seat, now)
			if v.AwayLimit > 0 && !st.CanClaim && v.Result == nil {
				st.ClaimIn = v.AwayLimit - st.Away
			}
		}
		st.CanAbort = v.Result == nil
		st.AbortAlone = st.CanAbort && (len(v.Moves)+2-v.Seat)/2 < 2
		for _, of := range v.Offers {
			if of.Kind != proto.OfferAbort && of.Kind != proto.OfferRematch {
				continue
			}
			if of.Seat == v.Seat {
				st.MyOffers = append(st.MyOffers, of.Kind)
			} else {
				st.TheirOffers = append(st.TheirOffers, of.Kind)
			}
		}
	}
	for _, c := range v.Chat {
		if l.mute && c.Seat != v.Seat {
			continue
		}
		st.Chat = append(st.Chat, c)
	}
	return st
}

// words is an error in the player's words: without the package's prefix.
func words(err error) string {
	if err == nil {
		return ""
	}
	var f errFatal
	if errors.As(err, &f) {
		err = f.err
	}
	msg := err.Error()
	for _, p := range []string{"online: ", "proto: ", "table: "} {
		if len(msg) > len(p) && msg[:len(p)] == p {
			msg = msg[len(p):]
		}
	}
	return msg
}
