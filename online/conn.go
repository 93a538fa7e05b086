package online

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/online/proto"
	"trihex/online/table"
	"trihex/online/wire"
)

// conn is one connection of a Client, from dial to drop.
type conn struct {
	c        *Client
	w        wire.Conn
	ctx      context.Context
	seated   bool
	syncSent time.Time
	lastIn   time.Time
}

// errFatal wraps a refusal that trying again cannot change.
type errFatal struct{ err error }

func (e errFatal) Error() string { return e.err.Error() }

// run connects, and reconnects after each drop with a growing wait, until Close
// or a refusal for good.
func (c *Client) run() {
	defer close(c.done)
	wait := 100 * time.Millisecond
	for {
		seated, err := c.session()
		if c.ctx.Err() != nil {
			return
		}
		var fatal errFatal
		if errors.As(err, &fatal) {
			c.mu.Lock()
			c.failed, c.v.Connected = true, false
			c.emit(Event{Kind: Failed, Err: fatal.err, Text: fatal.err.Error()})
			c.mu.Unlock()
			return
		}
		c.mu.Lock()
		c.v.Connected = false
		c.reconnects++
		c.emit(Event{Kind: Reconnecting, Err: err})
		c.mu.Unlock()
		if seated {
			wait = 100 * time.Millisecond
		}
		select {
		case <-time.After(wait):
		case <-c.ctx.Done():
			return
		}
		wait = min(2*wait, c.cfg.MaxBackoff)
	}
}

// session runs one connection; it reports whether it got seated.
func (c *Client) session() (bool, error) {
	dctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	w, err := c.cfg.Dial(dctx)
	cancel()
	if err != nil {
		return false, err
	}
	defer w.Close()
	ctx, stop := context.WithCancel(c.ctx)
	defer stop()
	k := &conn{c: c, w: w, ctx: ctx, lastIn: c.cfg.Now()}
	in := make(chan []byte, 64)
	errc := make(chan error, 1)
	go func() {
		for {
			b, err := w.Read(ctx)
			if err != nil {
				errc <- err
				return
			}
			select {
			case in <- b:
			case <-ctx.Done():
				return
			}
		}
	}()
	k.greet()
	ping := time.NewTicker(c.cfg.PingEvery)
	defer ping.Stop()
	resend := time.NewTicker(c.cfg.Resend)
	defer resend.Stop()
	for {
		select {
		case b := <-in:
			k.lastIn = c.cfg.Now()
			m, err := proto.Decode(b)
			if err != nil {
				return k.seated, fmt.Errorf("online: the server sent %v", err)
			}
			if err := k.receive(m); err != nil {
				return k.seated, err
			}
		case f := <-c.cmds:
			if k.seated {
				f(k)
			}
		case <-ping.C:
			if c.cfg.Now().Sub(k.lastIn) > 3*c.cfg.PingEvery {
				return k.seated, errors.New("online: the server stopped answering")
			}
			k.send(&proto.Msg{T: proto.Ping, TS: c.cfg.Now().UnixMicro(), Seq: k.seq()})
		case <-resend.C:
			k.resend()
		case err := <-errc:
			return k.seated, err
		case <-ctx.Done():
			return k.seated, ctx.Err()
		}
	}
}

func (k *conn) send(m *proto.Msg) {
	b, err := proto.Encode(m)
	if err != nil {
		return
	}
	wctx, cancel := context.WithTimeout(k.ctx, 10*time.Second)
	defer cancel()
	_ = k.w.Write(wctx, b) // a failed write shows as a failed read
}

func (k *conn) seq() int64 {
	k.c.mu.Lock()
	defer k.c.mu.Unlock()
	return k.c.v.Seq
}

// greet says hello and asks for the seat: the first time as configured (create,
// join or resume; each is safe to repeat), later by claiming the seat held.
func (k *conn) greet() {
	c := k.c
	k.send(&proto.Msg{T: proto.Hello, V: proto.Version, Rules: proto.RulesVersion, App: "trihex", Name: c.cfg.Name})
	c.mu.Lock()
	target, seatedOnce := c.target, c.v.Seat != 0
	c.mu.Unlock()
	m := &proto.Msg{T: proto.Claim, Game: target, Key: c.cfg.Key, Name: c.cfg.Name}
	switch {
	case c.cfg.Watch != "":
		m = &proto.Msg{T: proto.Watch, Game: target}
	case seatedOnce:
	case c.cfg.Host != nil:
		h := c.cfg.Host
		m = &proto.Msg{T: proto.Create, Game: target, Token: c.token, Key: c.cfg.Key, Name: c.cfg.Name,
			Kind: h.Game, Opts: h.Options, TC: h.Clock, Seat: h.Seat}
	case c.cfg.Join != nil:
		m = &proto.Msg{T: proto.Join, Game: target, Token: c.cfg.Join.Token, Key: c.cfg.Key, Name: c.cfg.Name}
	}
	k.send(m)
}

// resend sends again what the authority has not confirmed.
func (k *conn) resend() {
	c := k.c
	if !k.seated {
		k.greet()
		return
	}
	c.mu.Lock()
	msgs := slices.Clone(c.pending)
	c.mu.Unlock()
	for _, m := range msgs {
		k.send(m)
	}
	if !k.syncSent.IsZero() {
		k.syncSent = time.Time{}
		k.askSync()
	}
}

func (k *conn) askSync() {
	now := k.c.cfg.Now()
	if !k.syncSent.IsZero() && now.Sub(k.syncSent) < k.c.cfg.Resend {
		return
	}
	k.syncSent = now
	k.send(&proto.Msg{T: proto.Sync})
}

// receive handles one message from the authority.
func (k *conn) receive(m *proto.Msg) error {
	c := k.c
	switch m.T {
	case proto.Welcome, proto.Games:
		return nil
	case proto.Ping:
		k.send(&proto.Msg{T: proto.Pong, TS: m.TS, Seq: k.seq()})
		return nil
	case proto.Pong:
		c.mu.Lock()
		if m.TS > 0 {
			c.v.RTT = time.Duration(c.cfg.Now().UnixMicro()-m.TS) * time.Microsecond // our pings carry microseconds
		}
		behind := k.seated && m.Seq > c.v.Seq
		c.mu.Unlock()
		if behind {
			k.askSync()
		}
		return nil
	case proto.Error:
		return k.refused(m)
	case proto.State:
		return k.state(m)
	case proto.Ack:
		c.mu.Lock()
		have := m.Line == c.v.Line && m.N <= len(c.v.Moves)
		c.mu.Unlock()
		if !have {
			k.askSync()
		}
		return nil
	}
	if !k.seated {
		return nil
	}
	c.mu.Lock()
	switch {
	case m.Seq <= c.v.Seq:
		c.mu.Unlock()
		return nil // sent twice, or late
	case m.Seq > c.v.Seq+1:
		c.mu.Unlock()
		k.askSync() // one went missing
		return nil
	}
	ok, claim := c.apply(m)
	c.mu.Unlock()
	if !ok {
		k.askSync()
	}
	if claim != "" {
		k.seated = false
		k.greet()
	}
	return nil
}

// refused handles an error message: a refused seat ends the client, a refused
// command is dropped and reported, anything else drops the connection.
func (k *conn) refused(m *proto.Msg) error {
	c := k.c
	err := fmt.Errorf("online: %s", m.Text)
	if !k.seated {
		switch m.Code {
		case proto.ErrAuth, proto.ErrNotFound, proto.ErrTaken, proto.ErrVersion, proto.ErrMalformed:
			return errFatal{err}
		}
		return err
	}
	switch m.Code {
	case proto.ErrStale, proto.ErrInternal:
		return nil // a State follows, or the command is sent again
	case proto.ErrFlood, proto.ErrTooBig, proto.ErrMalformed, proto.ErrVersion, proto.ErrState:
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.IndexFunc(c.pending, func(p *proto.Msg) bool {
		if m.Kind == string(proto.Move) {
			return p.T == proto.Move && p.N == m.N && p.Line == m.Line
		}
		return p.ID != 0 && p.ID == m.ID
	})
	if i < 0 {
		return nil // a refusal of something already settled
	}
	if c.pending[i].T == proto.Move {
		c.v.Pending = ""
	}
	c.pending = slices.Delete(c.pending, i, i+1)
	c.emit(Event{Kind: Refused, Err: err, Text: m.Text})
	return nil
}

// state replaces the view by the authority's whole game.
func (k *conn) state(m *proto.Msg) error {
	c := k.c
	s := m.Snap
	c.mu.Lock()
	defer c.mu.Unlock()
	if k.seated && s.Game == c.v.Game && m.Seq < c.v.Seq {
		return nil // an older copy
	}
	v, err := build(s, m.Seat, m.Seq, c.cfg.Now())
	if err != nil {
		return err
	}
	first := !k.seated
	newGame := c.v.Game != "" && c.v.Game != s.Game
	v.Connected, v.RTT, v.Reconnects = true, c.v.RTT, c.reconnects
	if c.token != "" && v.Seat != 0 && !v.Joined[2-v.Seat] {
		v.Invite = proto.Invite{Addr: c.cfg.InviteAddr, Game: s.Game, Token: c.token}.String()
	}
	if newGame {
		c.pending, c.token, v.Invite = nil, "", ""
	}
	c.v = v
	c.target = s.Game
	c.reconcile()
	k.seated, k.syncSent = true, time.Time{}
	switch {
	case newGame:
		c.emit(Event{Kind: Connected})
		c.emit(Event{Kind: Rematch})
	case first:
		c.emit(Event{Kind: Connected})
	default:
		c.emit(Event{Kind: Resynced})
	}
	if v.Result != nil {
		c.emit(Event{Kind: GameOver, Result: v.Result, Text: v.Describe()})
	}
	again := slices.Clone(c.pending)
	c.mu.Unlock()
	for _, p := range again {
		k.send(p)
	}
	if first {
		// The round trip at once, not after the first ping period.
		k.send(&proto.Msg{T: proto.Ping, TS: c.cfg.Now().UnixMicro(), Seq: m.Seq})
	}
	c.mu.Lock()
	return nil
}

// reconcile drops what the view shows done from the commands waiting; c.mu held.
func (c *Client) reconcile() {
	v := &c.v
	c.nextID = max(c.nextID, v.idsSeen())
	v.Pending = ""
	c.pending = slices.DeleteFunc(c.pending, func(p *proto.Msg) bool {
		if p.T != proto.Move {
			return p.ID <= v.idsSeen()
		}
		if p.Line == v.Line && p.N <= len(v.Moves) {
			return true // played (by us: the authority never numbers ours for them)
		}
		if p.Line == v.Line && p.N == len(v.Moves)+1 && v.YourMove() {
			v.Pending = p.Move
			return false
		}
		c.emit(Event{Kind: Refused, Text: "the position changed before the move " + p.Move + " arrived"})
		return true
	})
}

// idsSeen is the last command ID of ours the authority carried out.
func (v *View) idsSeen() int64 {
	if v.Seat == 0 {
		return 0
	}
	return v.ids[v.Seat-1]
}

// build makes a view from a snapshot, replaying its moves through the rules.
func build(s *proto.Snapshot, seat int, seq int64, now time.Time) (View, error) {
	info, err := game.Lookup(s.Kind)
	if err != nil {
		return View{}, fmt.Errorf("online: the server's game: %v", err)
	}
	opts, err := info.ResolveOptions(s.Opts)
	if err != nil {
		return View{}, fmt.Errorf("online: the server's game: %v", err)
	}
	ctl, err := clock.Parse(s.TC)
	if err != nil {
		return View{}, fmt.Errorf("online: the server's game: %v", err)
	}
	if s.Clock != nil {
		if ctl.Kind == clock.NoClock {
			return View{}, errors.New("online: the server's game has a clock without a time control")
		}
		if err := ctl.Check(s.Clock.Snapshot()); err != nil {
			return View{}, fmt.Errorf("online: the server's clock: %v", err)
		}
	}
	v := View{Game: s.Game, Info: info, Options: opts, TC: s.TC, Created: time.UnixMilli(s.Created).UTC(),
		Seat: seat, Names: s.Names, Joined: s.Joined, Line: s.Line, Offers: s.Offers, Clock: s.Clock,
		ClockAt: now, Result: s.Result, Chat: s.Chat, Next: s.Next, Seq: seq, ids: s.IDs, Clk: s.Clk,
		Present: s.Present, AwayLimit: time.Duration(s.AwayLimit) * time.Millisecond}
	for i, ms := range s.Away {
		v.AwaySince[i] = now.Add(-time.Duration(ms) * time.Millisecond)
	}
	v.Start = info.New(opts)
	v.Position = v.Start.Clone()
	for i, t := range s.Moves {
		mv, err := v.Position.ParseMove(t)
		if err == nil {
			err = v.Position.Play(mv)
		}
		if err != nil {
			return View{}, fmt.Errorf("online: the server's move %d %q: %v", i+1, t, err)
		}
		v.Moves = append(v.Moves, v.Position.FormatMove(mv))
	}
	if len(v.Clk) > len(v.Moves) {
		v.Clk = v.Clk[:len(v.Moves)]
	}
	return v, nil
}

// apply applies one event message in sequence; c.mu is held. It reports false
// when the message does not fit the view (then the whole game is asked for),
// and the rematch's id when one was agreed.
func (c *Client) apply(m *proto.Msg) (bool, string) {
	v := &c.v
	if m.T != proto.Over && (m.Seat < 1 || m.Seat > 2) || v.Position == nil {
		return false, ""
	}
	mine := m.Seat == v.Seat && m.Seat != 0
	if mine && m.ID > v.ids[v.Seat-1] {
		v.ids[v.Seat-1] = m.ID
		c.pending = slices.DeleteFunc(c.pending, func(p *proto.Msg) bool { return p.T != proto.Move && p.ID <= m.ID })
	}
	claim := ""
	switch m.T {
	case proto.Joined:
		v.Joined[m.Seat-1], v.Names[m.Seat-1], v.Present[m.Seat-1] = true, m.Name, true
		v.Invite = ""
		if !mine {
			c.emit(Event{Kind: Joined, Seat: m.Seat, Text: m.Name})
		}
	case proto.Move:
		if m.N != len(v.Moves)+1 || m.Line != v.Line {
			return false, ""
		}
		mv, err := v.Position.ParseMove(m.Move)
		if err != nil || !v.Position.IsLegal(mv) {
			return false, ""
		}
		next := v.Position.Clone()
		next.Apply(mv)
		if m.Hash != "" && table.HashText(next) != m.Hash {
			return false, ""
		}
		v.Position = next
		v.Moves = append(v.Moves, next.FormatMove(mv))
		v.Offers = nil
		if k := v.Control().Kind; m.Clock != nil && (k == clock.Fischer || k == clock.ByoYomi) && len(v.Clk) == len(v.Moves)-1 {
			v.Clk = append(v.Clk, clkOf(m.Clock.Sides[m.Seat-1]))
		}
		if mine {
			v.Pending = ""
			c.pending = slices.DeleteFunc(c.pending, func(p *proto.Msg) bool { return p.T == proto.Move })
		}
		c.emit(Event{Kind: Moved, Seat: m.Seat, N: m.N, Move: m.Move, Clock: m.Clock})
	case proto.Offer:
		v.Offers = append(v.Offers, proto.Offered{Kind: m.Kind, Seat: m.Seat, N: m.N})
		c.emit(Event{Kind: Offered, Seat: m.Seat, Offer: m.Kind})
	case proto.Answer:
		v.Offers = slices.DeleteFunc(v.Offers, func(o proto.Offered) bool { return o.Kind == m.Kind && o.Seat != m.Seat })
		if m.OK && m.Kind == proto.OfferTakeback {
			if m.N > len(v.Moves) {
				return false, ""
			}
			v.Moves, v.Line, v.Offers = v.Moves[:m.N], m.Line, nil
			if len(v.Clk) > m.N {
				v.Clk = v.Clk[:m.N]
			}
			v.Position = v.Start.Clone()
			for _, t := range v.Moves {
				mv, _ := v.Position.ParseMove(t)
				v.Position.Apply(mv)
			}
			c.reconcile()
		}
		if m.OK && m.Kind == proto.OfferRematch && m.Game != "" {
			v.Next, claim = m.Game, m.Game
			c.target = m.Game
		}
		c.emit(Event{Kind: Answered, Seat: m.Seat, Offer: m.Kind, OK: m.OK, N: m.N, Clock: m.Clock})
	case proto.Chat:
		v.Chat = append(v.Chat, proto.ChatLine{Seat: m.Seat, Text: m.Text})
		c.emit(Event{Kind: Chatted, Seat: m.Seat, Text: m.Text})
	case proto.Presence:
		if v.Present[m.Seat-1] != m.OK {
			v.Present[m.Seat-1] = m.OK
			v.AwaySince[m.Seat-1] = c.cfg.Now()
		}
		c.emit(Event{Kind: PresenceChanged, Seat: m.Seat, OK: m.OK})
	case proto.Over:
	default:
		return true, ""
	}
	v.Seq = m.Seq
	if m.Clock != nil {
		v.Clock, v.ClockAt = m.Clock, c.cfg.Now()
	}
	if m.Result != nil && v.Result == nil {
		v.Result = m.Result
		v.Pending = ""
		c.pending = slices.DeleteFunc(c.pending, func(p *proto.Msg) bool { return p.T == proto.Move })
		c.emit(Event{Kind: GameOver, Result: m.Result, Text: v.Describe(), Clock: m.Clock})
	}
	return true, claim
}
