package online

import (
	"context"
	"encoding/binary"
	"net"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/coder/websocket"
	"github.com/nats-io/nats-server/v2/server"

	"trihex/online/proto"
	"trihex/online/relay"
	"trihex/online/wire"
)

// raw is a connection that sends whatever a test writes, as a hostile or broken
// client would.
type raw struct {
	t *testing.T
	w wire.Conn
}

func dialRaw(t *testing.T, url string) *raw {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 20)
	t.Cleanup(func() { c.CloseNow() })
	return &raw{t: t, w: &wsRaw{c}}
}

// wsRaw is a WebSocket without the carrier's own limits.
type wsRaw struct{ c *websocket.Conn }

func (w *wsRaw) Read(ctx context.Context) ([]byte, error) {
	_, b, err := w.c.Read(ctx)
	return b, err
}
func (w *wsRaw) Write(ctx context.Context, b []byte) error {
	return w.c.Write(ctx, websocket.MessageText, b)
}
func (w *wsRaw) Close() error { return w.c.CloseNow() }

func (r *raw) bytes(b []byte) {
	r.t.Helper()
	if err := r.w.Write(context.Background(), b); err != nil {
		r.t.Fatal(err)
	}
}

func (r *raw) send(m proto.Msg) {
	r.t.Helper()
	b, err := proto.Encode(&m)
	if err != nil {
		r.t.Fatal(err)
	}
	r.bytes(b)
}

func (r *raw) hello() {
	r.send(proto.Msg{T: proto.Hello, V: proto.Version, Rules: proto.RulesVersion})
	r.expect(proto.Welcome)
}

// expect reads until a message of type want, and returns it.
func (r *raw) expect(want proto.Type) *proto.Msg {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		b, err := r.w.Read(ctx)
		if err != nil {
			r.t.Fatalf("waiting for %s: %v", want, err)
		}
		m, err := proto.Decode(b)
		if err != nil {
			r.t.Fatal(err)
		}
		if m.T == want {
			return m
		}
		if m.T == proto.Error {
			r.t.Fatalf("waiting for %s: error %s: %s", want, m.Code, m.Text)
		}
	}
}

// refusedWith reads until an error, which must have code, and returns its text.
func (r *raw) refusedWith(code string) string {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		b, err := r.w.Read(ctx)
		if err != nil {
			r.t.Fatalf("waiting for error %s: %v", code, err)
		}
		m, err := proto.Decode(b)
		if err != nil {
			r.t.Fatal(err)
		}
		if m.T == proto.Error {
			if m.Code != code {
				r.t.Fatalf("error %s (%s), want %s", m.Code, m.Text, code)
			}
			return m.Text
		}
	}
}

// closed reports whether the authority closes the connection (reading to the end).
func (r *raw) closed() bool {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		if _, err := r.w.Read(ctx); err != nil {
			return ctx.Err() == nil
		}
	}
}

// Malformed and oversized frames, a wrong key or invite, an illegal or
// out-of-turn move, a flood and a wrong version are refused, each closing at
// most its own connection, while a game on the same relay goes on to its end.
func TestAbuseRefused(t *testing.T) {
	h, err := relay.NewHub(relay.NewMemory(), relay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	url := wsServer(t, h)
	host := Start(Config{Dial: DialServer(url), Key: NewKey(), Name: "H", Host: &HostGame{Game: "andantino"}})
	defer host.Close()
	code := waitInvite(t, host)
	inv, _ := proto.ParseInvite(code)
	guest := Start(Config{Dial: DialServer(url), Key: NewKey(), Name: "G", Join: &inv})
	defer guest.Close()
	paused, resume := make(chan struct{}), make(chan struct{})
	vh, vg := playBoth(t, host, guest, pausingMover(5, 6, paused, resume), randomMover(6), func() {
		<-paused
		defer close(resume)

		r := dialRaw(t, url)
		r.hello()
		r.bytes([]byte("this is not json"))
		r.refusedWith(proto.ErrMalformed)
		if !r.closed() {
			t.Error("malformed: still open")
		}

		r = dialRaw(t, url)
		r.hello()
		r.bytes([]byte(`{"t":"chat","text":"` + strings.Repeat("x", proto.MaxFrame) + `"}`))
		if !r.closed() {
			t.Error("oversized: still open")
		}

		r = dialRaw(t, url)
		r.send(proto.Msg{T: proto.Move, N: 1, Move: "0,1"})
		r.refusedWith(proto.ErrState)
		if !r.closed() {
			t.Error("no hello: still open")
		}

		r = dialRaw(t, url)
		r.send(proto.Msg{T: proto.Hello, V: 99, Rules: proto.RulesVersion})
		if text := r.refusedWith(proto.ErrVersion); !strings.Contains(text, "update Trihex") {
			t.Error(text)
		}

		r = dialRaw(t, url)
		r.hello()
		r.send(proto.Msg{T: proto.Claim, Game: inv.Game, Key: NewKey()})
		r.refusedWith(proto.ErrAuth)
		r.send(proto.Msg{T: proto.Join, Game: inv.Game, Token: proto.Random(proto.TokenLen), Key: NewKey()})
		r.refusedWith(proto.ErrAuth)
		r.send(proto.Msg{T: proto.Join, Game: inv.Game, Token: inv.Token, Key: NewKey()})
		r.refusedWith(proto.ErrTaken)
		r.send(proto.Msg{T: proto.Move, N: 7, Move: "0,1"})
		r.refusedWith(proto.ErrState) // no seat, no move

		// A game of two raw players: the rules refuse, the game goes on.
		a, b := dialRaw(t, url), dialRaw(t, url)
		a.hello()
		b.hello()
		g, tok, ka := proto.Random(proto.IDLen), proto.Random(proto.TokenLen), NewKey()
		a.send(proto.Msg{T: proto.Create, Game: g, Token: tok, Key: ka, Kind: "attangle"})
		a.expect(proto.State)
		b.send(proto.Msg{T: proto.Join, Game: g, Token: tok, Key: NewKey()})
		b.expect(proto.State)
		a.send(proto.Msg{T: proto.Move, N: 1, Move: "z9"})
		a.refusedWith(proto.ErrIllegal)
		b.send(proto.Msg{T: proto.Move, N: 1, Move: "e6"})
		if text := b.refusedWith(proto.ErrTurn); text != "it is White's move" {
			t.Error(text)
		}
		a.send(proto.Msg{T: proto.Move, N: 1, Move: "e6"})
		if m := b.expect(proto.Move); m.Move != "e6" || m.N != 1 {
			t.Errorf("%+v", m)
		}
		b.send(proto.Msg{T: proto.Move, N: 2, Move: "e6"})
		if text := b.refusedWith(proto.ErrIllegal); !strings.Contains(text, "e6") {
			t.Error(text)
		}
		// A second connection with A's key holds A's seat; a wrong key none.
		a2 := dialRaw(t, url)
		a2.hello()
		a2.send(proto.Msg{T: proto.Claim, Game: g, Key: ka})
		if m := a2.expect(proto.State); m.Seat != 1 || len(m.Snap.Moves) != 1 {
			t.Errorf("%+v", m)
		}

		r = dialRaw(t, url)
		r.hello()
		for i := 0; i < 200; i++ {
			if err := r.w.Write(context.Background(), []byte(`{"t":"ping"}`)); err != nil {
				break
			}
		}
		r.refusedWith(proto.ErrFlood)
		if !r.closed() {
			t.Error("flood: still open")
		}
	})
	sameRecords(t, vh, vg)
}

// Over TCP (a direct game), a frame announcing more than the limit closes the
// connection before anything is read past its header.
func TestDirectFrameLimit(t *testing.T) {
	host, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	c, err := net.Dial("tcp", host.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var hdr [4]byte
	binary.BigEndian.PutUint32(hdr[:], 1<<30)
	if _, err := c.Write(hdr[:]); err != nil {
		t.Fatal(err)
	}
	r := &raw{t: t, w: wire.NewStream(c)}
	r.refusedWith(proto.ErrTooBig)
	if !r.closed() {
		t.Error("still open")
	}
}

// Two relay nodes over one NATS: a player on each plays a whole game, then they
// agree a rematch, which both nodes find.
func TestTwoRelayNodes(t *testing.T) {
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true,
		StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(30 * time.Second) {
		t.Fatal("NATS did not start")
	}
	defer ns.Shutdown()
	var urls []string
	for range 2 {
		store, err := relay.OpenNATS(ns.ClientURL())
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		h, err := relay.NewHub(store, relay.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		urls = append(urls, wsServer(t, h))
	}
	host := Start(Config{Dial: DialServer(urls[0]), Key: NewKey(), Name: "On one", Host: &HostGame{Game: "abande", Clock: "600+5"}})
	defer host.Close()
	inv, _ := proto.ParseInvite(waitInvite(t, host))
	guest := Start(Config{Dial: DialServer(urls[1]), Key: NewKey(), Name: "On two", Join: &inv})
	defer guest.Close()
	vh, vg := playBoth(t, host, guest, randomMover(7), randomMover(8), func() {})
	sameRecords(t, vh, vg)
	if vh.Clock == nil || vh.TC != "600+5" {
		t.Errorf("clock %+v", vh.Clock)
	}
	host.Offer(proto.OfferRematch)
	waitFor(t, guest, func(v *View) bool { return len(v.Offers) == 1 })
	guest.Answer(proto.OfferRematch, true)
	for _, c := range []*Client{host, guest} {
		waitFor(t, c, func(v *View) bool { return v.Game != vh.Game && v.Seat != 0 })
	}
	a, b := host.View(), guest.View()
	if a.Game != b.Game || a.Game == vh.Game || a.Seat != 2 || b.Seat != 1 || a.Names != [2]string{"On two", "On one"} {
		t.Fatalf("rematch: %s seat %d, %s seat %d, %q", a.Game, a.Seat, b.Game, b.Seat, a.Names)
	}
}

// waitFor waits on c's events until ok holds for its view.
func waitFor(t *testing.T, c *Client, ok func(*View) bool) {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		c.Poll()
		if v := c.View(); ok(&v) {
			return
		}
		select {
		case <-c.Wake():
		case <-timeout:
			v := c.View()
			t.Fatalf("waited in vain; view %+v", v)
		}
	}
}

// A correspondence game: the players leave, come back days later and find it,
// the list says whose move it is and until when, and a move not made in its
// days loses on time.
func TestCorrespondence(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		// Pings once a minute: days pass in this test.
		h, err := relay.NewHub(relay.NewMemory(), relay.Options{PingEvery: time.Minute, Idle: 10 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		dial := pipeTo(h, wire.Faults{})
		ka, kb := NewKey(), NewKey()
		a := Start(Config{Dial: dial, Key: ka, Name: "A", Host: &HostGame{Game: "attangle", Clock: "3d/move"}, PingEvery: time.Minute})
		inv, _ := proto.ParseInvite(waitInvite(t, a))
		b := Start(Config{Dial: dial, Key: kb, Name: "B", Join: &inv, PingEvery: time.Minute})
		waitFor(t, a, func(v *View) bool { return v.Joined[1] })
		for i, mv := range []string{"e6", "c6", "g4"} {
			c := []*Client{a, b}[i%2]
			if err := c.Move(mv); err != nil {
				t.Fatal(err)
			}
			for _, c := range []*Client{a, b} {
				waitFor(t, c, func(v *View) bool { return len(v.Moves) == i+1 })
			}
		}
		a.Close()
		b.Close()
		time.Sleep(2 * 24 * time.Hour)

		ctx := context.Background()
		list, err := ListGames(ctx, dial, kb)
		if err != nil || len(list) != 1 {
			t.Fatalf("%+v %v", list, err)
		}
		g := list[0]
		if g.Game != inv.Game || !g.YourMove || g.Seat != 2 || g.Ply != 3 || g.Opponent != "A" || g.TC != "3d/move" {
			t.Fatalf("%+v", g)
		}
		if left := time.Until(time.UnixMilli(g.Deadline)); left <= 23*time.Hour || left > 24*time.Hour+3*time.Second {
			t.Fatalf("deadline in %v", left)
		}
		if list, _ := ListGames(ctx, dial, ka); len(list) != 1 || list[0].YourMove {
			t.Fatalf("%+v", list)
		}
		if list, _ := ListGames(ctx, dial, NewKey()); len(list) != 0 {
			t.Fatalf("a stranger's list: %+v", list)
		}

		b = Start(Config{Dial: dial, Key: kb, Resume: inv.Game, PingEvery: time.Minute})
		defer b.Close()
		waitFor(t, b, func(v *View) bool { return v.Seat == 2 && len(v.Moves) == 3 })
		if err := b.Move("e4"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, b, func(v *View) bool { return len(v.Moves) == 4 })
		// A stays away: three days later B wins on time.
		time.Sleep(3*24*time.Hour + time.Second)
		waitFor(t, b, func(v *View) bool { return v.Result != nil })
		if v := b.View(); v.Result.Termination != "time forfeit" || v.Result.Winner != 2 || v.Describe() != "White lost on time" {
			t.Fatalf("%+v %s", v.Result, v.Describe())
		}
	})
}
