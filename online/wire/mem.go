package wire

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"trihex/online/proto"
)

// Faults says how an in-memory pipe mistreats messages, each with its own
// probability: a dropped message is never delivered, a duplicated one twice,
// a delayed one after up to MaxDelay (so later ones may overtake it).
type Faults struct {
	Drop, Dup, Delay float64
	MaxDelay         time.Duration
	Seed             uint64
	// Hit, when set, is told of each message mistreated: "drop", "dup", "delay".
	Hit func(kind string)
}

// Pipe returns the two ends of an in-memory connection whose messages in each
// direction suffer f. Closing either end closes both.
func Pipe(f Faults) (Conn, Conn) {
	done := make(chan struct{})
	a2b, b2a := make(chan []byte, 1024), make(chan []byte, 1024)
	once := new(sync.Once)
	r1 := rand.New(rand.NewPCG(f.Seed, 1))
	r2 := rand.New(rand.NewPCG(f.Seed, 2))
	a := &mem{in: b2a, out: a2b, done: done, once: once, f: f, rng: r1}
	b := &mem{in: a2b, out: b2a, done: done, once: once, f: f, rng: r2}
	return a, b
}

type mem struct {
	in, out chan []byte
	done    chan struct{}
	once    *sync.Once
	f       Faults
	mu      sync.Mutex
	rng     *rand.Rand
}

func (m *mem) Read(ctx context.Context) ([]byte, error) {
	select {
	case b := <-m.in:
		return b, nil
	case <-m.done:
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (m *mem) Write(ctx context.Context, msg []byte) error {
	if len(msg) > proto.MaxFrame {
		return proto.ErrFrameTooBig
	}
	select {
	case <-m.done:
		return ErrClosed
	default:
	}
	m.mu.Lock()
	drop, dup, delay := m.rng.Float64() < m.f.Drop, m.rng.Float64() < m.f.Dup, m.rng.Float64() < m.f.Delay
	var wait time.Duration
	if delay && m.f.MaxDelay > 0 {
		wait = time.Duration(m.rng.Int64N(int64(m.f.MaxDelay))) + 1
	}
	m.mu.Unlock()
	if h := m.f.Hit; h != nil {
		for _, k := range []struct {
			on   bool
			name string
		}{{drop, "drop"}, {dup && !drop, "dup"}, {wait > 0 && !drop, "delay"}} {
			if k.on {
				h(k.name)
			}
		}
	}
	if drop {
		return nil
	}
	msg = append([]byte(nil), msg...)
	n := 1
	if dup {
		n = 2
	}
	for range n {
		if wait > 0 {
			time.AfterFunc(wait, func() { m.put(msg) })
		} else if err := m.put(msg); err != nil {
			return err
		}
	}
	return nil
}

// put delivers msg, or drops it when the reader is 1024 messages behind (a
// stalled peer loses messages, as a network would).
func (m *mem) put(msg []byte) error {
	select {
	case m.out <- msg:
		return nil
	case <-m.done:
		return ErrClosed
	default:
		return nil
	}
}

func (m *mem) Close() error {
	m.once.Do(func() { close(m.done) })
	return nil
}
