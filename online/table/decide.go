package table

import (
	"strings"

	"trihex/game"
	"trihex/game/clock"
	"trihex/online/proto"
)

// Create decides a create message: the first event of a new game, whose host
// (keyHash, seat m.Seat, or seat 1 when 0) waits for a player with the invite.
// away is how long (ms) a player may be gone before the other may claim the
// game; a correspondence game has no such claim (its clock decides).
func Create(m *proto.Msg, keyHash string, now, away int64) (*Event, error) {
	info, err := game.Lookup(m.Kind)
	if err != nil {
		return nil, refuse(proto.ErrMalformed, "%s", strings.TrimPrefix(err.Error(), "game: "))
	}
	opts, err := info.ResolveOptions(m.Opts)
	if err != nil {
		return nil, refuse(proto.ErrMalformed, "%s", strings.TrimPrefix(err.Error(), "game: "))
	}
	ctl, err := clock.Parse(m.TC)
	if err != nil {
		return nil, refuse(proto.ErrMalformed, "%s", strings.TrimPrefix(err.Error(), "clock: "))
	}
	if ctl.Kind == clock.Correspondence {
		away = 0
	}
	seat := max(m.Seat, 1)
	e := &Event{K: KCreate, At: now, Kind: info.Name, Opts: opts.String(), TC: ctl.String(), Token: Hash(m.Token), Away: away}
	e.Keys[seat-1], e.Names[seat-1] = keyHash, cleanName(m.Name)
	return e, nil
}

// Rematch is the create event of the rematch agreed in t: the same game and
// clock, the players in each other's seats, both seated.
func (t *Table) Rematch(now int64) *Event {
	return &Event{K: KCreate, At: now, Kind: t.Info.Name, Opts: t.Options.String(), TC: t.ctl.String(),
		Keys: [2]string{t.keys[1], t.keys[0]}, Names: [2]string{t.names[1], t.names[0]}, Away: t.awayLimit}
}

func cleanName(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > proto.MaxName {
		s = string(r[:proto.MaxName])
	}
	return s
}

// Join decides a join message: the free seat, for the holder of the invite.
// Joining again with the same key is a duplicate (ErrDuplicate, and the seat is
// the player's); the host cannot take both seats.
func (t *Table) Join(m *proto.Msg, keyHash string, now int64) (*Event, error) {
	if !t.TokenOK(m.Token) {
		return nil, refuse(proto.ErrAuth, "this invite code is not the game's")
	}
	if t.SeatOfKey(keyHash) != 0 {
		return nil, ErrDuplicate
	}
	for s := 1; s <= 2; s++ {
		if !t.Joined(s) {
			return &Event{K: KJoin, At: now, Seat: s, Key: keyHash, Name: cleanName(m.Name)}, nil
		}
	}
	return nil, refuse(proto.ErrTaken, "both seats of this game are taken")
}

// Decide decides a game command (move, offer, answer, resign, chat, claim) from seat at
// time now, with lag ms measured on the sender's connection. It returns the event
// to store and apply, or an error: a *Refusal with what to tell the sender, or
// ErrDuplicate. Both are returned when a late move loses on time: the flag is the
// event and the move is refused.
func (t *Table) Decide(seat int, m *proto.Msg, now, lag int64) (*Event, error) {
	if seat < 1 || seat > 2 {
		return nil, refuse(proto.ErrState, "take a seat first")
	}
	if m.T != proto.Move && m.ID != 0 && m.ID <= t.cmds[seat-1] {
		return nil, ErrDuplicate
	}
	e, err := t.decide(seat, m, now, lag)
	if e != nil && e.K != KMove && e.K != KFlag {
		e.ID = m.ID
	}
	return e, err
}

func (t *Table) decide(seat int, m *proto.Msg, now, lag int64) (*Event, error) {
	switch m.T {
	case proto.Move:
		return t.decideMove(seat, m, now, lag)
	case proto.Offer:
		return t.decideOffer(seat, m, now)
	case proto.Answer:
		return t.decideAnswer(seat, m, now)
	case proto.Resign:
		if t.Over() {
			return nil, ErrDuplicate
		}
		return &Event{K: KResign, At: now, Seat: seat}, nil
	case proto.ClaimEnd:
		return t.decideClaim(seat, m, now)
	case proto.Chat:
		return &Event{K: KChat, At: now, Seat: seat, Text: strings.TrimSpace(m.Text)}, nil
	}
	return nil, refuse(proto.ErrState, "%s is not a game command", m.T)
}

func (t *Table) decideMove(seat int, m *proto.Msg, now, lag int64) (*Event, error) {
	ply := len(t.moves)
	if m.Line == t.line && m.N >= 1 && m.N <= ply && seat == seatOf(game.Player((m.N-1)%2)) {
		if mv, err := t.pos.ParseMove(m.Move); err == nil && t.texts[m.N-1] == t.pos.FormatMove(mv) {
			return nil, ErrDuplicate
		}
	}
	if t.Over() {
		return nil, refuse(proto.ErrOver, "the game is over (%s)", t.Describe())
	}
	if m.Line != t.line || m.N != ply+1 {
		return nil, refuse(proto.ErrStale, "move %d is not the next move (%d moves played)", m.N, ply)
	}
	if !t.Joined(1) || !t.Joined(2) {
		return nil, refuse(proto.ErrTurn, "waiting for the other player to join")
	}
	if seat != t.ToMove() {
		return nil, refuse(proto.ErrTurn, "it is %s's move", t.Info.Players[t.ToMove()-1])
	}
	mv, err := t.pos.ParseMove(m.Move)
	if err != nil {
		return nil, refuse(proto.ErrIllegal, "%s", strings.TrimPrefix(err.Error(), t.Info.Name+": "))
	}
	if !t.pos.IsLegal(mv) {
		return nil, refuse(proto.ErrIllegal, "%s is not a legal move here", t.pos.FormatMove(mv))
	}
	comp := t.compensation(seat, lag)
	if !t.inTime(now, comp) {
		return &Event{K: KFlag, At: now, Seat: seat}, refuse(proto.ErrOver, "your time ran out before the move arrived")
	}
	return &Event{K: KMove, At: now, Seat: seat, N: ply + 1, Line: t.line, Mv: t.pos.FormatMove(mv), Comp: comp}, nil
}

// earlyAbort reports whether seat may abort the game alone: before its own
// second move (seat 1 makes the odd moves).
func (t *Table) earlyAbort(seat int) bool {
	made := (len(t.moves) + 2 - seat) / 2
	return made < 2
}

// decideClaim decides a claim of the game from a player whose opponent has
// been gone past the game's limit: a win, or a draw, by abandonment.
func (t *Table) decideClaim(seat int, m *proto.Msg, now int64) (*Event, error) {
	if t.Over() {
		return nil, ErrDuplicate
	}
	opp := 3 - seat
	if t.awayLimit <= 0 {
		return nil, refuse(proto.ErrRefused, "this game cannot be claimed: its clock decides")
	}
	if !t.Joined(opp) {
		return nil, refuse(proto.ErrRefused, "no one has joined yet")
	}
	if t.present[opp-1] {
		return nil, refuse(proto.ErrRefused, "your opponent is connected")
	}
	if gone := now - t.awayAt[opp-1]; gone < t.awayLimit {
		return nil, refuse(proto.ErrRefused, "your opponent has been gone %d s; you can claim after %d s", gone/1000, t.awayLimit/1000)
	}
	return &Event{K: KClaim, At: now, Seat: seat, OK: m.Kind == proto.ClaimWin}, nil
}

// PresenceEvent is the event that says seat's player connected (here) or left,
// at now; nil when the table knows it already.
func (t *Table) PresenceEvent(seat int, here bool, now int64) *Event {
	if seat < 1 || seat > 2 || !t.Joined(seat) || t.present[seat-1] == here {
		return nil
	}
	return &Event{K: KPresence, At: now, Seat: seat, OK: here}
}

func (t *Table) decideOffer(seat int, m *proto.Msg, now int64) (*Event, error) {
	if m.Kind == proto.OfferRematch {
		if !t.Over() {
			return nil, refuse(proto.ErrRefused, "a rematch is offered once the game is over")
		}
		if t.next != "" {
			return nil, ErrDuplicate
		}
	} else if t.Over() {
		return nil, refuse(proto.ErrOver, "the game is over (%s)", t.Describe())
	}
	if t.offerFrom(seat, m.Kind) >= 0 {
		return nil, ErrDuplicate
	}
	e := &Event{K: KOffer, At: now, Seat: seat, Kind: m.Kind}
	switch m.Kind {
	case proto.OfferAbort:
		if t.earlyAbort(seat) {
			return &Event{K: KAbort, At: now, Seat: seat}, nil
		}
	case proto.OfferTakeback:
		// The requester's last move, and the reply to it when there was one.
		mine := 0
		for n := len(t.moves); n >= 1; n-- {
			if seatOf(game.Player((n-1)%2)) == seat {
				mine = n
				break
			}
		}
		if mine == 0 {
			return nil, refuse(proto.ErrRefused, "you have no move to take back")
		}
		e.N = mine - 1
	case proto.OfferDraw:
		if !t.Joined(3 - seat) {
			return nil, refuse(proto.ErrRefused, "no one has joined yet")
		}
	}
	// The same offer from both sides is an agreement.
	if t.offerFrom(3-seat, m.Kind) >= 0 {
		return t.decideAnswer(seat, &proto.Msg{T: proto.Answer, Kind: m.Kind, OK: true}, now)
	}
	return e, nil
}

func (t *Table) decideAnswer(seat int, m *proto.Msg, now int64) (*Event, error) {
	i := t.offerFrom(3-seat, m.Kind)
	if i < 0 || (m.N != 0 && t.offers[i].N != m.N) {
		return nil, ErrDuplicate // answered already, or withdrawn by a move
	}
	e := &Event{K: KAnswer, At: now, Seat: seat, Kind: m.Kind, N: t.offers[i].N, OK: m.OK}
	if m.OK && m.Kind == proto.OfferRematch {
		e.Next = proto.Random(proto.IDLen)
	}
	return e, nil
}

// Snapshot is the whole game as of now, for a player that (re)joins or lost track.
func (t *Table) Snapshot(now int64) *proto.Snapshot {
	s := &proto.Snapshot{Game: t.ID, Kind: t.Info.Name, Opts: t.Options.String(), Created: t.Created,
		Names: t.names, Joined: [2]bool{t.Joined(1), t.Joined(2)}, Moves: append([]string{}, t.texts...),
		Line: t.line, Offers: append([]proto.Offered(nil), t.offers...), Clock: t.Clock(now),
		Result: t.wire(), Next: t.next, Chat: append([]proto.ChatLine(nil), t.chat...), IDs: t.cmds,
		Clk: t.stamps(), Present: t.present, AwayLimit: t.awayLimit}
	for i, here := range t.present {
		if !here && t.Joined(i+1) {
			s.Away[i] = max(0, now-t.awayAt[i])
		}
	}
	if t.ctl.Kind != clock.NoClock {
		s.TC = t.ctl.String()
	}
	return s
}

// Summary is the game's line in seat s's list of games.
func (t *Table) Summary(s int) proto.GameInfo {
	g := proto.GameInfo{Game: t.ID, Kind: t.Info.Name, Seat: s, Opponent: t.names[2-s], Ply: len(t.moves), Over: t.Over()}
	if t.ctl.Kind != clock.NoClock {
		g.TC = t.ctl.String()
	}
	if !t.Over() && t.Joined(1) && t.Joined(2) {
		g.YourMove = t.ToMove() == s
		if d, ok := t.Deadline(); ok {
			g.Deadline = d
		}
	}
	return g
}

// Message is the message that tells players about event e, just applied (Seq is
// the game's); nil for an event that tells them nothing.
func (t *Table) Message(e *Event) *proto.Msg {
	m := &proto.Msg{Seq: t.Seq, Seat: e.Seat, ID: e.ID}
	switch e.K {
	case KJoin:
		m.T, m.Name = proto.Joined, e.Name
	case KMove:
		m.T, m.N, m.Line, m.Move, m.Hash = proto.Move, e.N, e.Line, e.Mv, HashText(t.pos)
		m.Clock = t.Clock(e.At)
	case KOffer:
		m.T, m.Kind, m.N = proto.Offer, e.Kind, e.N
	case KAnswer:
		m.T, m.Kind, m.N, m.OK, m.Game = proto.Answer, e.Kind, e.N, e.OK, e.Next
		m.Line, m.Clock = t.line, t.Clock(e.At)
	case KChat:
		m.T, m.Text = proto.Chat, e.Text
	case KPresence:
		m.T, m.OK = proto.Presence, e.OK
	case KResign, KFlag, KAbort, KClaim:
		m.T = proto.Over
		m.Clock = t.Clock(e.At)
	default:
		return nil
	}
	m.Result = t.wire()
	return m
}
