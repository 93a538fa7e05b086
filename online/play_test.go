package online

import (
	"context"
	"strings"
	"testing"
	"time"

	"trihex/game"
	_ "trihex/game/all"
	"trihex/online/proto"
	"trihex/online/relay"
	"trihex/online/wire"
	"trihex/save"
)

// pipeTo dials hub over an in-memory pipe with faults f (a new seed for each
// connection, so that a reconnection does not meet the same losses).
func pipeTo(h *relay.Hub, f wire.Faults) func(ctx context.Context) (wire.Conn, error) {
	n := uint64(0)
	return func(ctx context.Context) (wire.Conn, error) {
		n++
		f.Seed = f.Seed*31 + n
		a, b := wire.Pipe(f)
		go h.Serve(b)
		return a, nil
	}
}

// randomMover plays random legal moves from a seed.
func randomMover(seed uint64) Mover {
	var r game.Rand
	r.Seed(seed)
	var buf []game.Move
	return func(_ context.Context, v *View) (string, error) {
		buf = v.Position.LegalMoves(buf[:0])
		return v.Position.FormatMove(buf[r.Intn(len(buf))]), nil
	}
}

// listMover plays the moves of a list in turn.
func listMover(moves []string) Mover {
	return func(_ context.Context, v *View) (string, error) {
		return moves[len(v.Moves)], nil
	}
}

// pair plays one game between two clients of hub and returns both last views.
func pair(t *testing.T, h *relay.Hub, host HostGame, f wire.Faults, a, b Mover) (View, View) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	hc := Start(Config{Dial: pipeTo(h, f), Name: "Host", Key: NewKey(), Host: &host, PingEvery: time.Second, Resend: 500 * time.Millisecond})
	defer hc.Close()
	code := waitInvite(t, hc)
	inv, err := proto.ParseInvite(code)
	if err != nil {
		t.Fatal(err)
	}
	f.Seed += 1000
	jc := Start(Config{Dial: pipeTo(h, f), Name: "Guest", Key: NewKey(), Join: &inv, PingEvery: time.Second, Resend: 500 * time.Millisecond})
	defer jc.Close()
	type res struct {
		v   View
		err error
	}
	done := make(chan res, 2)
	go func() { v, err := Play(ctx, hc, a); done <- res{v, err} }()
	va, err := Play(ctx, jc, b)
	if err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.v, va
}

// waitInvite waits until the host is seated and returns its invite code.
func waitInvite(t *testing.T, c *Client) string {
	t.Helper()
	for {
		for _, e := range c.Poll() {
			if e.Kind == Failed {
				t.Fatal(e.Err)
			}
		}
		if v := c.View(); v.Invite != "" {
			return v.Invite
		}
		select {
		case <-c.Wake():
		case <-time.After(time.Minute):
			t.Fatal("the host was never seated")
		}
	}
}

// sameRecords checks that both ends' records are the same, valid record.
func sameRecords(t *testing.T, a, b View) string {
	t.Helper()
	ra, err := Record(&a)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := Record(&b)
	if err != nil {
		t.Fatal(err)
	}
	if ra != rb {
		t.Fatalf("the records differ:\n%s\n%s", ra, rb)
	}
	if _, err := save.Read(strings.NewReader(ra)); err != nil {
		t.Fatalf("%v\n%s", err, ra)
	}
	return ra
}

func TestRandomGamesThroughHub(t *testing.T) {
	h, err := relay.NewHub(relay.NewMemory(), relay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for i, g := range game.Names() {
		a, b := pair(t, h, HostGame{Game: g}, wire.Faults{}, randomMover(uint64(i)), randomMover(uint64(i+100)))
		rec := sameRecords(t, a, b)
		t.Logf("%s: %d moves, %s", g, len(a.Moves), a.Describe())
		if a.Result == nil || a.Result.Termination != "" {
			t.Errorf("%s: %+v", g, a.Result)
		}
		if !strings.Contains(rec, `[White "`) || !a.Position.Result().Over {
			t.Errorf("%s:\n%s", g, rec)
		}
	}
}
