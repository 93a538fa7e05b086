package online

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"trihex/online/proto"
	"trihex/online/relay"
	"trihex/online/table"
	"trihex/online/wire"
)

// seated starts a host of g on dial and a guest who joins, and waits until
// both are seated.
func seated(t *testing.T, dial func(context.Context) (wire.Conn, error), g, clk string) (*Client, *Client) {
	t.Helper()
	a := Start(Config{Dial: dial, Key: NewKey(), Name: "A", Host: &HostGame{Game: g, Clock: clk}})
	inv, err := proto.ParseInvite(waitInvite(t, a))
	if err != nil {
		t.Fatal(err)
	}
	b := Start(Config{Dial: dial, Key: NewKey(), Name: "B", Join: &inv})
	waitFor(t, a, func(v *View) bool { return v.Joined[1] && v.Present[1] })
	waitFor(t, b, func(v *View) bool { return v.Seat == 2 && v.Present[0] })
	return a, b
}

// play plays moves in turn from a and b, each seen by both.
func play(t *testing.T, a, b *Client, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		c := a
		if v := a.View(); !v.YourMove() {
			c = b
		}
		n := len(c.View().Moves)
		if err := c.Move(mv); err != nil {
			t.Fatal(err)
		}
		for _, c := range []*Client{a, b} {
			waitFor(t, c, func(v *View) bool { return len(v.Moves) == n+1 })
		}
	}
}

// refusal waits for c's next Refused event and returns its words.
func refusal(t *testing.T, c *Client) string {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		for _, e := range c.Poll() {
			if e.Kind == Refused {
				return e.Text
			}
		}
		select {
		case <-c.Wake():
		case <-timeout:
			t.Fatal("no refusal")
		}
	}
}

// A player who leaves is shown gone; past the limit the other claims the win,
// not before; the one who left comes back to the game over.
func TestClaimWhenOpponentGone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h, err := relay.NewHub(relay.NewMemory(), relay.Options{AwayLimit: 30 * time.Second, Solo: true})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		dial := pipeTo(h, wire.Faults{})
		a, b := seated(t, dial, "attangle", "300+3")
		defer a.Close()
		play(t, a, b, "e6", "c6", "g4")
		key, id := b.cfg.Key, b.GameID()
		b.Close()
		waitFor(t, a, func(v *View) bool { return !v.Present[1] })
		left := time.Now()
		if v := a.View(); v.CanClaim(1, time.Now()) || v.AwayLimit != 30*time.Second {
			t.Fatalf("a claim at once: limit %v", v.AwayLimit)
		}
		a.Claim(proto.ClaimWin)
		if why := refusal(t, a); !strings.Contains(why, "claim after 30 s") {
			t.Errorf("refused with %q", why)
		}
		time.Sleep(30*time.Second - time.Since(left))
		if v := a.View(); !v.CanClaim(1, time.Now()) {
			t.Fatal("no claim after the limit")
		}
		a.Claim(proto.ClaimWin)
		waitFor(t, a, func(v *View) bool { return v.Result != nil })
		if v := a.View(); v.Describe() != "Black abandoned the game" {
			t.Fatalf("%+v: %s", v.Result, v.Describe())
		}
		va := a.View()
		rec, err := Record(&va)
		if err != nil || !strings.Contains(rec, `[Result "white"]`) || !strings.Contains(rec, `[Termination "abandoned"]`) {
			t.Fatalf("%v\n%s", err, rec)
		}
		back := Start(Config{Dial: dial, Key: key, Resume: id})
		defer back.Close()
		waitFor(t, back, func(v *View) bool { return v.Result != nil })
		waitFor(t, a, func(v *View) bool { return v.Present[1] })
	})
}

// A game is watched by its id: every move and the end, and nothing the
// watcher sends changes it.
func TestWatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h, err := relay.NewHub(relay.NewMemory(), relay.Options{Solo: true})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		dial := pipeTo(h, wire.Faults{})
		a, b := seated(t, dial, "abande", "")
		defer a.Close()
		defer b.Close()
		play(t, a, b, "e6")
		w := Start(Config{Dial: dial, Watch: a.GameID()})
		defer w.Close()
		waitFor(t, w, func(v *View) bool { return len(v.Moves) == 1 && v.Names == [2]string{"A", "B"} })
		if err := w.Move("d7"); err == nil {
			t.Error("a watcher moved")
		}
		w.Offer(proto.OfferDraw)
		if why := refusal(t, w); why != "you are watching this game" {
			t.Errorf("refused with %q", why)
		}
		play(t, a, b, "d7")
		waitFor(t, w, func(v *View) bool { return len(v.Moves) == 2 })
		b.Resign()
		waitFor(t, w, func(v *View) bool { return v.Result != nil })
		if v := w.View(); v.Describe() != "White resigned" || len(v.Offers) != 0 {
			t.Errorf("%s %+v", v.Describe(), v.Offers)
		}
	})
}

// A correspondence move not made in its days loses on time though nobody is
// connected: the relay's timer loads the game and stores the flag.
func TestCorrespondenceDeadlineWithNobodyThere(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := relay.NewMemory()
		h, err := relay.NewHub(store, relay.Options{PingEvery: time.Minute, Solo: true})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		a, b := seated(t, pipeTo(h, wire.Faults{}), "attangle", "1d/move")
		play(t, a, b, "e6", "c6", "g4")
		id := a.GameID()
		a.Close()
		b.Close()
		synctest.Wait()
		last := func() *table.Event {
			recs, _ := store.Read(context.Background(), id, 0)
			_, e, err := relay.DecodeEvent(recs[len(recs)-1])
			if err != nil {
				t.Fatal(err)
			}
			return e
		}
		if e := last(); e.K != table.KPresence || e.OK {
			t.Fatalf("the last event before the deadline: %+v", e)
		}
		time.Sleep(24*time.Hour - time.Second)
		synctest.Wait()
		if e := last(); e.K == table.KFlag {
			t.Fatal("flagged a second early")
		}
		time.Sleep(time.Second)
		synctest.Wait()
		if e := last(); e.K != table.KFlag || e.Seat != 2 {
			t.Fatalf("no flag at the deadline: %+v", e)
		}
	})
}

// A relay killed cannot store that its players left; started again on the same
// data, it shows them gone until they come back, so that a claim is possible.
func TestPresenceAfterRelayRestart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := relay.NewMemory()
		var cur atomic.Pointer[relay.Hub]
		start := func() *relay.Hub {
			h, err := relay.NewHub(store, relay.Options{Solo: true, AwayLimit: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			cur.Store(h)
			return h
		}
		start()
		dial := func(ctx context.Context) (wire.Conn, error) {
			x, y := wire.Pipe(wire.Faults{})
			go cur.Load().Serve(y)
			return x, nil
		}
		a, b := seated(t, dial, "andantino", "")
		defer a.Close()
		play(t, a, b, "1,-1", "2,-1")
		cur.Load().Close() // as if killed: no presence stored
		b.Close()
		h2 := start()
		defer h2.Close()
		waitFor(t, a, func(v *View) bool { return v.Connected && !v.Present[1] && v.Present[0] })
		time.Sleep(10 * time.Second)
		a.Claim(proto.ClaimDraw)
		waitFor(t, a, func(v *View) bool { return v.Result != nil })
		if v := a.View(); v.Describe() != "Game abandoned: a draw" {
			t.Fatal(v.Describe())
		}
	})
}

// The identity is kept: the same key the next time, a new one for a damaged
// file, and the file private.
func TestIdentityKept(t *testing.T) {
	dir := t.TempDir()
	id, err := LoadIdentity(dir)
	if err != nil || len(id.Key) != proto.KeyLen {
		t.Fatalf("%+v %v", id, err)
	}
	id.Name, id.Relay = "Ada", "wss://relay.example.org"
	if err := id.Save(dir); err != nil {
		t.Fatal(err)
	}
	again, err := LoadIdentity(dir)
	if err != nil || again != id {
		t.Fatalf("%+v %v, want %+v", again, err, id)
	}
	path := filepath.Join(dir, IdentityName)
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("%v %v", fi.Mode(), err)
	}
	if err := os.WriteFile(path, []byte(`{"key":"lost"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if fresh, err := LoadIdentity(dir); err != nil || fresh.Key == id.Key || len(fresh.Key) != proto.KeyLen {
		t.Fatalf("%+v %v", fresh, err)
	}
}

// The "your move" list without waiting: the games a key holds, whose move.
func TestListGamesAsync(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h, err := relay.NewHub(relay.NewMemory(), relay.Options{Solo: true})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		dial := pipeTo(h, wire.Faults{})
		a, b := seated(t, dial, "abande", "3d/move")
		defer a.Close()
		defer b.Close()
		play(t, a, b, "e6")
		c := ListGamesAsync(dial, b.cfg.Key, time.Minute)
		r := <-c
		if r.Err != nil || len(r.Games) != 1 || YourMove(r.Games) != 1 || r.Games[0].Opponent != "A" {
			t.Fatalf("%+v", r)
		}
		if r := <-ListGamesAsync(dial, a.cfg.Key, time.Minute); r.Err != nil || YourMove(r.Games) != 0 {
			t.Fatalf("%+v", r)
		}
	})
}

// The command line's time controls are the window's, minutes first.
func TestParseClock(t *testing.T) {
	for in, want := range map[string]string{
		"5+3": "300+3", "0.5+0": "30+0", "10+5x30": "600+5x30", "10m 5×30s": "600+5x30",
		"3d": "3d/move", "1 day": "1d/move", "": "-", "none": "-",
	} {
		c, err := ParseClock(in)
		if err != nil || c.String() != want {
			t.Errorf("%q: %v %v, want %s", in, c, err, want)
		}
	}
	for _, in := range []string{"fast", "5", "0+0", "61d", "10+0x30"} {
		if c, err := ParseClock(in); err == nil {
			t.Errorf("%q read as %v", in, c)
		}
	}
}

// A bot whose opponent leaves for good claims the game once the limit has
// passed, and Play returns with the game over.
func TestBotClaimsWhenOpponentGone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h, err := relay.NewHub(relay.NewMemory(), relay.Options{Solo: true, AwayLimit: 20 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		a, b := seated(t, pipeTo(h, wire.Faults{}), "attangle", "")
		defer a.Close()
		play(t, a, b, "e6")
		b.Close()
		start := time.Now()
		v, err := Play(context.Background(), a, randomMover(1))
		if err != nil {
			t.Fatal(err)
		}
		if v.Describe() != "Black abandoned the game" || len(v.Moves) != 1 {
			t.Fatalf("%s after %d moves", v.Describe(), len(v.Moves))
		}
		if waited := time.Since(start); waited < 20*time.Second || waited > 25*time.Second {
			t.Errorf("claimed after %v", waited)
		}
	})
}
