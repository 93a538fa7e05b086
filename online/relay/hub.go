package relay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"trihex/online/proto"
	"trihex/online/table"
)

// Options tune a Hub; the zero value serves with the defaults.
type Options struct {
	Now func() time.Time // the authority's clock; time.Now when nil
	Log *log.Logger      // where refusals and failures are logged; none when nil
	// Rate limit per connection: Burst messages at once, then Rate a second.
	Rate, Burst float64
	// Idle closes a connection that sent nothing for this long (its client
	// pings every PingEvery); Hello is how long a new connection has to say hello.
	Idle, Hello time.Duration
	// PingEvery is how often the hub pings each connection to measure its lag.
	PingEvery time.Duration
	// AwayLimit is how long a player may be gone before the opponent may
	// claim the game (default 60 s); it is kept with each game created.
	AwayLimit time.Duration
	// Solo says this hub is the only one on its store (an embedded store, a
	// direct game): a game it loads has nobody connected, whatever its stored
	// presence says (a node killed could not store its players' leaving).
	Solo bool
}

func (o *Options) defaults() {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Rate == 0 {
		o.Rate, o.Burst = 10, 40
	}
	if o.Idle == 0 {
		o.Idle = 20 * time.Second
	}
	if o.AwayLimit == 0 {
		o.AwayLimit = 60 * time.Second
	}
	if o.Hello == 0 {
		o.Hello = 10 * time.Second
	}
	if o.PingEvery == 0 {
		o.PingEvery = 5 * time.Second
	}
}

// Hub is the authority over the games in its store, for the connections it serves.
type Hub struct {
	store Store
	opt   Options
	ctx   context.Context
	stop  context.CancelFunc
	unsub func()

	mu       sync.Mutex
	games    map[string]*live
	sleepers map[string]*time.Timer // deadlines of games not in memory
	sessions atomic.Int64
}

// live is a game some connection of this hub is playing: the game folded from the
// store, the store sequence of its last event, and its connections here.
type live struct {
	id   string
	mu   sync.Mutex
	t    *table.Table
	last uint64
	sess map[*session]bool
	due  *time.Timer
	gone bool // evicted or failed to load: look it up again
}

// NewHub starts a hub over store.
func NewHub(store Store, opt Options) (*Hub, error) {
	opt.defaults()
	h := &Hub{store: store, opt: opt, games: map[string]*live{}, sleepers: map[string]*time.Timer{}}
	h.ctx, h.stop = context.WithCancel(context.Background())
	unsub, err := store.Subscribe(h.onRecord)
	if err != nil {
		return nil, fmt.Errorf("relay: %v", err)
	}
	h.unsub = unsub
	return h, nil
}

// Close ends every connection and the subscription; the store stays open.
func (h *Hub) Close() {
	h.stop()
	h.unsub()
	h.mu.Lock()
	for _, w := range h.sleepers {
		w.Stop()
	}
	h.mu.Unlock()
}

func (h *Hub) now() int64 { return h.opt.Now().UnixMilli() }

func (h *Hub) logf(format string, a ...any) {
	if h.opt.Log != nil {
		h.opt.Log.Printf(format, a...)
	}
}

// stored is an event as the store keeps it: with its index in the game, so that
// a node that missed one notices.
type stored struct {
	I int64 `json:"i"`
	table.Event
}

// DecodeEvent reads a stored event and its index in its game.
func DecodeEvent(r Record) (int64, *table.Event, error) {
	var s stored
	if err := json.Unmarshal(r.Data, &s); err != nil {
		return 0, nil, fmt.Errorf("relay: game %s, record %d: %v", r.Game, r.Seq, err)
	}
	return s.I, &s.Event, nil
}

// game returns the live game id, loading it from the store; nil and a refusal
// when there is no such game.
func (h *Hub) game(id string) (*live, error) {
	for {
		h.mu.Lock()
		g := h.games[id]
		if g == nil {
			g = &live{id: id, sess: map[*session]bool{}}
			h.games[id] = g
			g.mu.Lock() // held while loading: others wait for the game
			h.mu.Unlock()
			err := g.load(h)
			if err != nil {
				g.gone = true
				h.mu.Lock()
				delete(h.games, id)
				h.mu.Unlock()
			}
			g.mu.Unlock()
			if err != nil {
				return nil, err
			}
			return g, nil
		}
		h.mu.Unlock()
		g.mu.Lock()
		gone := g.gone
		g.mu.Unlock()
		if !gone {
			return g, nil
		}
	}
}

// load folds the game's stored events; g.mu is held.
func (g *live) load(h *Hub) error {
	recs, err := h.store.Read(h.ctx, g.id, 0)
	if err != nil {
		return &table.Refusal{Code: proto.ErrInternal, Text: "the game could not be read: " + err.Error()}
	}
	if len(recs) == 0 {
		return &table.Refusal{Code: proto.ErrNotFound, Text: "no game " + g.id + " here"}
	}
	var events []*table.Event
	for _, r := range recs {
		_, e, err := DecodeEvent(r)
		if err != nil {
			return &table.Refusal{Code: proto.ErrInternal, Text: err.Error()}
		}
		events = append(events, e)
	}
	t, err := table.Fold(g.id, events)
	if err != nil {
		h.logf("%v", err)
		return &table.Refusal{Code: proto.ErrInternal, Text: "the game's record is damaged"}
	}
	g.t, g.last = t, recs[len(recs)-1].Seq
	h.mu.Lock()
	if w := h.sleepers[g.id]; w != nil {
		w.Stop()
		delete(h.sleepers, g.id)
	}
	h.mu.Unlock()
	if h.opt.Solo {
		for seat := 1; seat <= 2; seat++ {
			_ = g.decide(h, func() (*table.Event, error) { return g.t.PresenceEvent(seat, false, h.now()), nil })
		}
	}
	g.schedule(h)
	return nil
}

// catchUp applies what the store has after g.last; g.mu is held.
func (g *live) catchUp(h *Hub) error {
	recs, err := h.store.Read(h.ctx, g.id, g.last)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if err := g.applyRecord(h, r); err != nil {
			return err
		}
	}
	return nil
}

// applyRecord applies a stored event unless it is already applied; g.mu is held.
func (g *live) applyRecord(h *Hub, r Record) error {
	i, e, err := DecodeEvent(r)
	if err != nil {
		return err
	}
	switch {
	case i <= g.t.Seq:
		return nil
	case i > g.t.Seq+1:
		// A gap: this node missed events. Read them in order instead.
		return g.catchUp(h)
	}
	if err := g.t.Apply(e); err != nil {
		return err
	}
	g.last = r.Seq
	g.announce(h, e)
	return nil
}

// onRecord is the store's notice of an event appended by any node.
func (h *Hub) onRecord(r Record) {
	h.mu.Lock()
	g := h.games[r.Game]
	h.mu.Unlock()
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.gone || g.t == nil || r.Seq <= g.last {
		return
	}
	if err := g.applyRecord(h, r); err != nil {
		h.logf("relay: game %s: %v", g.id, err)
	}
}

// commit stores e as the game's next event and applies it; g.mu is held. On
// ErrConflict the game has caught up with the store and the caller decides again.
func (g *live) commit(h *Hub, e *table.Event) error {
	if e.K == table.KAnswer && e.OK && e.Next != "" {
		// The rematch is stored first, so that whoever hears of it finds it.
		h.startRematch(g.t, e.Next)
	}
	data, err := jsonStored(g.t.Seq+1, e)
	if err != nil {
		return err
	}
	seq, err := h.store.Append(h.ctx, g.id, g.last, data)
	if errors.Is(err, ErrConflict) {
		if cerr := g.catchUp(h); cerr != nil {
			return cerr
		}
		return err
	}
	if err != nil {
		return err
	}
	if err := g.t.Apply(e); err != nil {
		return err // cannot happen: Decide made e for this very game
	}
	g.last = seq
	g.announce(h, e)
	return nil
}

// decide decides and commits one command, again after a conflict; g.mu is held.
// It returns the decision's error for the sender.
func (g *live) decide(h *Hub, f func() (*table.Event, error)) error {
	for range 5 {
		e, derr := f()
		if e == nil {
			return derr
		}
		err := g.commit(h, e)
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			h.logf("relay: game %s: %v", g.id, err)
			return &table.Refusal{Code: proto.ErrInternal, Text: "the game could not be saved; send it again"}
		}
		return derr
	}
	return &table.Refusal{Code: proto.ErrInternal, Text: "the game is busy; send it again"}
}

// announce tells the game's connections here about e, just applied, and sets the
// flag's timer anew.
func (g *live) announce(h *Hub, e *table.Event) {
	if m := g.t.Message(e); m != nil {
		for s := range g.sess {
			s.send(m)
		}
	}
	g.schedule(h)
}

// schedule sets the timer that flags the side to move at its deadline, whether
// or not anyone is connected: the relay enforces the deadline.
func (g *live) schedule(h *Hub) {
	if g.due != nil {
		g.due.Stop()
		g.due = nil
	}
	d, ok := g.t.Deadline()
	if !ok || g.gone {
		return
	}
	wait := time.Duration(d-h.now()) * time.Millisecond
	g.due = time.AfterFunc(max(wait, 0), func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.gone {
			return
		}
		_ = g.decide(h, func() (*table.Event, error) {
			e, ok := g.t.Due(h.now())
			if !ok {
				g.schedule(h) // woken early: the clock was charged since
				return nil, nil
			}
			return e, nil
		})
	})
}

// startRematch stores the rematch's first event (once, whichever node gets there
// first) and indexes it for both players.
func (h *Hub) startRematch(t *table.Table, id string) {
	e := t.Rematch(h.now())
	data, _ := jsonStored(1, e)
	if _, err := h.store.Append(h.ctx, id, 0, data); err != nil && !errors.Is(err, ErrConflict) {
		h.logf("relay: rematch %s of %s: %v", id, t.ID, err)
	}
	for _, k := range e.Keys {
		_ = h.store.AddGame(h.ctx, k, id)
	}
}

// attach seats s in g (g.mu held); detach leaves. A seated player's coming
// and going is stored, so that the opponent sees it and may claim the game
// after the limit. When the last connection leaves, the game is dropped from
// memory (the store keeps it, and a timer its deadline).
func (h *Hub) attach(g *live, s *session) {
	g.sess[s] = true
	if s.seat != 0 {
		_ = g.decide(h, func() (*table.Event, error) { return g.t.PresenceEvent(s.seat, true, h.now()), nil })
	}
	g.schedule(h)
}

func (h *Hub) detach(g *live, s *session) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.sess, s)
	if g.gone {
		return
	}
	if s.seat != 0 && h.ctx.Err() == nil && !g.seated(s.seat) {
		_ = g.decide(h, func() (*table.Event, error) { return g.t.PresenceEvent(s.seat, false, h.now()), nil })
	}
	if len(g.sess) == 0 {
		h.evict(g)
	}
}

// seated reports whether a connection here holds seat; g.mu is held.
func (g *live) seated(seat int) bool {
	for o := range g.sess {
		if o.seat == seat {
			return true
		}
	}
	return false
}

// evict drops g from memory (g.mu held); a deadline it has is kept by a timer
// that loads the game again to flag it.
func (h *Hub) evict(g *live) {
	g.gone = true
	if g.due != nil {
		g.due.Stop()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.games[g.id] == g {
		delete(h.games, g.id)
	}
	if g.t == nil || h.ctx.Err() != nil {
		return
	}
	if d, ok := g.t.Deadline(); ok {
		if w := h.sleepers[g.id]; w != nil {
			w.Stop()
		}
		id := g.id
		h.sleepers[id] = time.AfterFunc(max(time.Duration(d-h.now())*time.Millisecond, 0), func() { h.wake(id) })
	}
}

// wake loads a game whose deadline has come with nobody connected, so that
// its timer flags the side to move (a correspondence game left for days).
func (h *Hub) wake(id string) {
	h.mu.Lock()
	delete(h.sleepers, id)
	h.mu.Unlock()
	if h.ctx.Err() != nil {
		return
	}
	g, err := h.game(id)
	if err != nil {
		return
	}
	g.mu.Lock()
	_ = g.decide(h, func() (*table.Event, error) {
		e, _ := g.t.Due(h.now())
		return e, nil
	})
	g.mu.Unlock()
	h.detachEmpty(g)
}

// Games counts the games held in memory (for the load test and logs).
func (h *Hub) Games() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.games)
}

func jsonStored(i int64, e *table.Event) ([]byte, error) {
	return json.Marshal(stored{I: i, Event: *e})
}
