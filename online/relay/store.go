// Package relay is the authority that serves network games: the Hub takes
// connections, seats players, decides every command with the rules (package
// table), stores the accepted events and tells every player of the game. Its Store
// is in memory (a direct game's host, tests) or NATS JetStream (trihex serve), so
// that several relay nodes serve one player base: a game's stored events are the
// only truth, appended with the expected last sequence so that two nodes can never
// both append to the same game state, and every node folds the same events into
// the same game.
package relay

import (
	"context"
	"errors"
	"slices"
	"sync"
)

// Record is one stored event of a game, with its sequence in the store (which
// grows with every append, across games).
type Record struct {
	Game string
	Seq  uint64
	Data []byte
}

// ErrConflict is Append's answer when the game's last event is not the one the
// caller folded: another node appended first. Read what is new and decide again.
var ErrConflict = errors.New("relay: the game changed meanwhile")

// Store keeps games' events and the index of each player's games.
type Store interface {
	// Append stores ev as game id's next event if the last stored event of the
	// game has sequence last (0: the game has none yet), and returns its sequence.
	Append(ctx context.Context, id string, last uint64, ev []byte) (uint64, error)
	// Read returns game id's events after sequence after, in order.
	Read(ctx context.Context, id string, after uint64) ([]Record, error)
	// Subscribe calls fn with every event appended from now on, to any game, in
	// the store's order, from one goroutine, until stop.
	Subscribe(fn func(Record)) (stop func(), err error)
	// AddGame records that the player whose key hashes to player has a seat in
	// game id; PlayerGames lists them, oldest first.
	AddGame(ctx context.Context, player, id string) error
	PlayerGames(ctx context.Context, player string) ([]string, error)
	Close() error
}

// Memory is a Store in memory: a direct game's host and the tests use it.
type Memory struct {
	mu      sync.Mutex
	seq     uint64
	games   map[string][]Record
	players map[string][]string
	subs    map[int]chan Record
	nsub    int
}

// NewMemory returns an empty store.
func NewMemory() *Memory {
	return &Memory{games: map[string][]Record{}, players: map[string][]string{}, subs: map[int]chan Record{}}
}

func (m *Memory) Append(_ context.Context, id string, last uint64, ev []byte) (uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	evs := m.games[id]
	var have uint64
	if len(evs) > 0 {
		have = evs[len(evs)-1].Seq
	}
	if have != last {
		return 0, ErrConflict
	}
	m.seq++
	r := Record{Game: id, Seq: m.seq, Data: slices.Clone(ev)}
	m.games[id] = append(evs, r)
	for _, c := range m.subs {
		c <- r // each subscriber's goroutine drains its own queue
	}
	return r.Seq, nil
}

func (m *Memory) Read(_ context.Context, id string, after uint64) ([]Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Record
	for _, r := range m.games[id] {
		if r.Seq > after {
			out = append(out, r)
		}
	}
	return out, nil
}

// Subscribe delivers through an unbounded queue, so that Append never waits on
// a subscriber.
func (m *Memory) Subscribe(fn func(Record)) (func(), error) {
	in := make(chan Record, 64)
	done := make(chan struct{})
	m.mu.Lock()
	id := m.nsub
	m.nsub++
	m.subs[id] = in
	m.mu.Unlock()
	var queue []Record
	go func() {
		// Moves queued records from in to fn without ever blocking in.
		work := make(chan Record)
		go func() {
			for r := range work {
				fn(r)
			}
		}()
		defer close(work)
		for {
			var out chan Record
			var next Record
			if len(queue) > 0 {
				out, next = work, queue[0]
			}
			select {
			case r := <-in:
				queue = append(queue, r)
			case out <- next:
				queue = queue[1:]
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			m.mu.Lock()
			delete(m.subs, id)
			m.mu.Unlock()
			close(done)
		})
	}, nil
}

func (m *Memory) AddGame(_ context.Context, player, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !slices.Contains(m.players[player], id) {
		m.players[player] = append(m.players[player], id)
	}
	return nil
}

func (m *Memory) PlayerGames(_ context.Context, player string) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.players[player]), nil
}

func (m *Memory) Close() error { return nil }
