package relay

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"trihex/online/proto"
	"trihex/online/table"
	"trihex/online/wire"
)

// session is one connection: a player who said hello and, once seated, plays.
type session struct {
	h    *Hub
	conn wire.Conn
	out  chan []byte
	done chan struct{}
	once sync.Once

	name    string
	g       *live // the game it is seated in, or nil
	seat    int
	lag     atomic.Int64 // ms, one way, measured by the hub's pings
	tokens  float64
	refill  time.Time
	closing string // the error code it was closed with, for the log
}

// outQueue is how many messages may wait for a slow connection before it is
// dropped (its player reconnects and gets the whole game).
const outQueue = 256

// Serve serves one connection until it ends: hello, a seat, then the game. A
// message that is not one, a frame over the limit, a flood or a wrong version
// closes this connection only, after an error message that says why.
func (h *Hub) Serve(conn wire.Conn) {
	s := &session{h: h, conn: conn, out: make(chan []byte, outQueue), done: make(chan struct{}),
		tokens: h.opt.Burst, refill: h.opt.Now()}
	h.sessions.Add(1)
	defer h.sessions.Add(-1)
	ctx, cancel := context.WithCancel(h.ctx)
	defer cancel()
	written := make(chan struct{})
	go func() {
		s.writer(ctx)
		close(written)
	}()
	go s.pinger(ctx)
	s.read(ctx)
	s.close("")
	<-written // the last words (an error that says why) go out first
	if g := s.g; g != nil {
		h.detach(g, s)
	}
}

func (s *session) close(code string) {
	s.once.Do(func() {
		s.closing = code
		close(s.done)
	})
}

// writer sends queued messages in order; once the session is done it sends what
// is queued (an error saying why) and closes the connection.
func (s *session) writer(ctx context.Context) {
	defer s.conn.Close()
	for {
		select {
		case b := <-s.out:
			wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			err := s.conn.Write(wctx, b)
			cancel()
			if err != nil {
				s.close("")
				return
			}
		case <-s.done:
			for {
				select {
				case b := <-s.out:
					wctx, cancel := context.WithTimeout(ctx, time.Second)
					_ = s.conn.Write(wctx, b)
					cancel()
				default:
					return
				}
			}
		case <-ctx.Done():
			return
		}
	}
}

// pinger measures the connection's lag: the client echoes the hub's time.
func (s *session) pinger(ctx context.Context) {
	t := time.NewTicker(s.h.opt.PingEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			s.send(&proto.Msg{T: proto.Ping, TS: s.h.opt.Now().UnixMilli()})
		case <-s.done:
			return
		case <-ctx.Done():
			return
		}
	}
}

// send queues m; a connection too slow to take it is closed.
func (s *session) send(m *proto.Msg) {
	b, err := proto.Encode(m)
	if err != nil {
		s.h.logf("relay: %v", err)
		return
	}
	select {
	case s.out <- b:
	default:
		s.close("slow")
	}
}

func (s *session) fail(code, text string) {
	s.send(&proto.Msg{T: proto.Error, Code: code, Text: text})
	s.close(code)
}

// allow spends a token of the rate limit.
func (s *session) allow() bool {
	now := s.h.opt.Now()
	s.tokens = min(s.h.opt.Burst, s.tokens+now.Sub(s.refill).Seconds()*s.h.opt.Rate)
	s.refill = now
	if s.tokens < 1 {
		return false
	}
	s.tokens--
	return true
}

func (s *session) read(ctx context.Context) {
	hello := false
	for {
		wait := s.h.opt.Idle
		if !hello {
			wait = s.h.opt.Hello
		}
		rctx, cancel := context.WithTimeout(ctx, wait)
		b, err := s.conn.Read(rctx)
		cancel()
		if err != nil {
			if errors.Is(err, proto.ErrFrameTooBig) {
				s.fail(proto.ErrTooBig, "a message over the size limit")
			}
			return
		}
		select {
		case <-s.done:
			return
		default:
		}
		if !s.allow() {
			s.fail(proto.ErrFlood, "too many messages")
			return
		}
		m, err := proto.Decode(b)
		if err != nil {
			s.fail(proto.ErrMalformed, err.Error())
			return
		}
		if !hello {
			if !s.hello(m) {
				return
			}
			hello = true
			continue
		}
		s.handle(m)
	}
}

func (s *session) hello(m *proto.Msg) bool {
	switch {
	case m.T != proto.Hello:
		s.fail(proto.ErrState, "say hello first")
		return false
	case m.V != proto.Version:
		s.fail(proto.ErrVersion, "this server speaks protocol version "+strconv.Itoa(proto.Version)+"; update Trihex to play here")
		return false
	case m.Rules != proto.RulesVersion:
		s.fail(proto.ErrVersion, "this server plays rules version "+proto.RulesVersion+"; update Trihex to play here")
		return false
	}
	s.name = m.Name
	s.send(&proto.Msg{T: proto.Welcome, V: proto.Version, Rules: proto.RulesVersion})
	return true
}

func (s *session) refuse(err error) { s.refuseCmd(nil, err) }

// refuseCmd tells the sender why command m (nil: the seat request) was refused,
// naming it by its N for a move and its ID otherwise.
func (s *session) refuseCmd(m *proto.Msg, err error) {
	out := &proto.Msg{T: proto.Error, Code: proto.ErrInternal, Text: err.Error()}
	var r *table.Refusal
	if errors.As(err, &r) {
		out.Code, out.Text = r.Code, r.Text
	}
	if m != nil {
		out.Kind, out.N, out.Line, out.ID = string(m.T), m.N, m.Line, m.ID
	}
	s.send(out)
}

func (s *session) handle(m *proto.Msg) {
	h := s.h
	switch m.T {
	case proto.Hello:
		s.hello(m) // said again: a client that lost the welcome
		return
	case proto.Ping:
		s.send(&proto.Msg{T: proto.Pong, TS: m.TS, Seq: s.seq()})
		return
	case proto.Pong:
		if m.TS > 0 {
			rtt := h.opt.Now().UnixMilli() - m.TS
			if rtt >= 0 && rtt < 60_000 {
				old := s.lag.Load()
				s.lag.Store((old*3 + rtt/2) / 4) // a moving average of the one-way lag
			}
		}
		return
	case proto.Create:
		s.create(m)
		return
	case proto.Join:
		s.join(m)
		return
	case proto.Claim:
		s.claim(m)
		return
	case proto.List:
		s.list(m)
		return
	case proto.Watch:
		s.watch(m)
		return
	}
	g := s.g
	if g == nil {
		s.refuse(&table.Refusal{Code: proto.ErrState, Text: "take a seat first"})
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if m.T == proto.Sync {
		s.sendState(g, "")
		return
	}
	if s.seat == 0 {
		s.refuseCmd(m, &table.Refusal{Code: proto.ErrRefused, Text: "you are watching this game"})
		return
	}
	err := g.decide(h, func() (*table.Event, error) {
		return g.t.Decide(s.seat, m, h.now(), s.lag.Load())
	})
	switch {
	case err == nil:
	case errors.Is(err, table.ErrDuplicate):
		if m.T == proto.Move {
			s.send(&proto.Msg{T: proto.Ack, N: m.N, Line: m.Line, Seq: g.t.Seq})
		}
		if m.Seq < g.t.Seq {
			s.sendState(g, "")
		}
	default:
		s.refuseCmd(m, err)
		var r *table.Refusal
		if errors.As(err, &r) && r.Code == proto.ErrStale {
			s.sendState(g, "")
		}
	}
}

func (s *session) seq() int64 {
	g := s.g
	if g == nil {
		return 0
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.t == nil {
		return 0
	}
	return g.t.Seq
}

// sendState sends the whole game; g.mu is held.
func (s *session) sendState(g *live, code string) {
	s.send(&proto.Msg{T: proto.State, Seq: g.t.Seq, Seat: s.seat, Code: code, Snap: g.t.Snapshot(s.h.now())})
}

// seatIn binds the session to seat in game id; the game is looked up again if
// it was dropped from memory meanwhile. f decides under the game's lock and
// returns the seat, or an error for the sender.
func (s *session) seatIn(id string, f func(g *live) (int, error)) {
	if s.g != nil {
		s.h.detach(s.g, s)
		s.g, s.seat = nil, 0
	}
	for range 3 {
		g, err := s.h.game(id)
		if err != nil {
			s.refuse(err)
			return
		}
		g.mu.Lock()
		if g.gone {
			g.mu.Unlock()
			continue
		}
		seat, err := f(g)
		if err != nil {
			g.mu.Unlock()
			s.refuse(err)
			if len(g.sess) == 0 {
				s.h.detachEmpty(g)
			}
			return
		}
		s.g, s.seat = g, seat
		s.h.attach(g, s)
		s.sendState(g, "")
		g.mu.Unlock()
		return
	}
	s.refuse(&table.Refusal{Code: proto.ErrInternal, Text: "the game is busy; try again"})
}

// detachEmpty drops a game that was loaded for a refused request, or to flag.
func (h *Hub) detachEmpty(g *live) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.sess) == 0 && !g.gone {
		h.evict(g)
	}
}

func (s *session) create(m *proto.Msg) {
	h := s.h
	key := table.Hash(m.Key)
	if m.Name == "" {
		m.Name = s.name
	}
	e, err := table.Create(m, key, h.now(), h.opt.AwayLimit.Milliseconds())
	if err != nil {
		s.refuse(err)
		return
	}
	data, _ := jsonStored(1, e)
	if _, err := h.store.Append(h.ctx, m.Game, 0, data); err != nil && !errors.Is(err, ErrConflict) {
		s.refuse(&table.Refusal{Code: proto.ErrInternal, Text: "the game could not be saved: " + err.Error()})
		return
	}
	// A create sent again (its answer was lost) finds its own game.
	_ = h.store.AddGame(h.ctx, key, m.Game)
	s.seatIn(m.Game, func(g *live) (int, error) {
		if seat := g.t.SeatOfKey(key); seat != 0 && g.t.TokenOK(m.Token) {
			return seat, nil
		}
		return 0, &table.Refusal{Code: proto.ErrTaken, Text: "game id " + m.Game + " is taken; draw another"}
	})
}

func (s *session) join(m *proto.Msg) {
	h := s.h
	key := table.Hash(m.Key)
	if m.Name == "" {
		m.Name = s.name
	}
	s.seatIn(m.Game, func(g *live) (int, error) {
		var e *table.Event
		err := g.decide(h, func() (*table.Event, error) {
			var err error
			e, err = g.t.Join(m, key, h.now())
			return e, err
		})
		if err != nil && !errors.Is(err, table.ErrDuplicate) {
			return 0, err
		}
		_ = h.store.AddGame(h.ctx, key, m.Game)
		return g.t.SeatOfKey(key), nil
	})
}

// watch follows a game read only: every event, no seat.
func (s *session) watch(m *proto.Msg) {
	s.seatIn(m.Game, func(*live) (int, error) { return 0, nil })
}

func (s *session) claim(m *proto.Msg) {
	key := table.Hash(m.Key)
	s.seatIn(m.Game, func(g *live) (int, error) {
		if seat := g.t.SeatOfKey(key); seat != 0 {
			return seat, nil
		}
		return 0, &table.Refusal{Code: proto.ErrAuth, Text: "this key holds no seat in game " + m.Game}
	})
}

// list answers with the player's games, newest first: loaded from the store
// when not in memory, without keeping them.
func (s *session) list(m *proto.Msg) {
	h := s.h
	key := table.Hash(m.Key)
	ids, err := h.store.PlayerGames(h.ctx, key)
	if err != nil {
		s.refuse(err)
		return
	}
	out := []proto.GameInfo{}
	for i := len(ids) - 1; i >= 0 && len(out) < proto.MaxList; i-- {
		t, err := h.peek(ids[i])
		if err != nil {
			continue
		}
		if seat := t.SeatOfKey(key); seat != 0 {
			out = append(out, t.Summary(seat))
		}
	}
	s.send(&proto.Msg{T: proto.Games, Games: out})
}

// peek folds game id from the store without keeping it.
func (h *Hub) peek(id string) (*table.Table, error) {
	recs, err := h.store.Read(h.ctx, id, 0)
	if err != nil || len(recs) == 0 {
		return nil, errors.New("relay: no game")
	}
	var events []*table.Event
	for _, r := range recs {
		_, e, err := DecodeEvent(r)
		if err != nil {
			return nil, err
		}
		events = append(events, e)
	}
	t, err := table.Fold(id, events)
	if err != nil {
		return nil, err
	}
	// A game whose deadline has passed shows as lost on time.
	if e, due := t.Due(h.now()); due {
		_ = t.Apply(e)
	}
	return t, nil
}
