package online

import (
	"fmt"
	"net"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"trihex/game"
	"trihex/input"
	"trihex/online/proto"
	"trihex/online/relay"
	"trihex/online/wire"
)

// relayOn serves a hub over a store on loopback, on addr ("127.0.0.1:0": any
// port), until stop; it returns the address it listens on.
func relayOn(t *testing.T, store relay.Store, addr string) (string, func()) {
	t.Helper()
	var ln net.Listener
	var err error
	for range 50 { // the port of a relay just stopped may take a moment to free
		if ln, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	h, err := relay.NewHub(store, relay.Options{Solo: true})
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h.Handler()}
	done := make(chan struct{})
	go func() {
		_ = srv.Serve(ln)
		close(done)
	}()
	return ln.Addr().String(), func() {
		h.Close()
		_ = srv.Close()
		<-done
	}
}

// window is one end as the window sees it: a Link polled as a frame would,
// with every event kept.
type window struct {
	t      *testing.T
	name   string
	l      *Link
	events []LinkEvent
}

func (w *window) poll() {
	w.events = append(w.events, w.l.Poll()...)
}

// until polls both windows, waiting on their wakes, until ok holds.
func until(t *testing.T, what string, ws []*window, ok func() bool) {
	t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		for _, w := range ws {
			w.poll()
		}
		if ok() {
			return
		}
		select {
		case <-ws[0].l.Wake():
		case <-ws[1].l.Wake():
		case <-timeout:
			t.Fatalf("waited in vain for %s; %s's events %+v", what, ws[0].name, ws[0].events)
		}
	}
}

// saw reports whether w had an event of kind that passes f (nil: any).
func (w *window) saw(kind LinkEventKind, f func(LinkEvent) bool) bool {
	for _, e := range w.events {
		if e.Kind == kind && (f == nil || f(e)) {
			return true
		}
	}
	return false
}

// sawInput reports whether w's session reported an event of kind.
func (w *window) sawInput(kind input.EventKind, f func(input.Event) bool) bool {
	for _, e := range w.events {
		for _, ie := range e.Input {
			if ie.Kind == kind && (f == nil || f(ie)) {
				return true
			}
		}
	}
	return false
}

// Two windows play through a real relay on loopback: a game with a clock, a
// takeback asked and declined, the relay stopped and started again on the
// same store mid-game (both reconnect, nothing lost), the game to its end with
// the same record at both ends and at the authority, then a rematch with the
// colours swapped.
func TestLinkThroughRelay(t *testing.T) {
	store := relay.NewMemory()
	addr, stop := relayOn(t, store, "127.0.0.1:0")
	url := "ws://" + addr
	opts := func(name string) Config {
		return Config{Dial: DialServer(url), Key: NewKey(), Name: name, PingEvery: time.Second, Resend: 300 * time.Millisecond, MaxBackoff: 200 * time.Millisecond}
	}
	ca := opts("Ada")
	ca.Host = &HostGame{Game: "attangle", Clock: "300+3"}
	a := &window{t: t, name: "Ada", l: Follow(Start(ca), "Ada", nil)}
	defer a.l.Close()
	var code string
	until(t, "the invite", []*window{a, a}, func() bool { code = a.l.Status().Invite; return code != "" })
	if a.l.Session() == nil || !a.saw(LinkSession, nil) || !a.saw(LinkConnected, nil) {
		t.Fatal("no session once seated")
	}
	inv, err := proto.ParseInvite(code)
	if err != nil {
		t.Fatal(err)
	}
	cb := opts("Bo")
	cb.Join = &inv
	b := &window{t: t, name: "Bo", l: Follow(Start(cb), "Bo", nil)}
	defer b.l.Close()
	ws := []*window{a, b}
	until(t, "both seated", ws, func() bool {
		return b.l.Session() != nil && a.saw(LinkJoined, nil) && a.l.Status().Present && b.l.Status().Present
	})
	if st := b.l.Status(); st.Seat != 2 || st.Names != [2]string{"Ada", "Bo"} || st.Invite != "" {
		t.Fatalf("Bo's status %+v", st)
	}
	sa, sb := a.l.Session(), b.l.Session()
	if sa.Seats[0].Kind != input.Human || sa.Seats[1].Kind != input.Remote || sb.Seats[0].Kind != input.Remote || sb.Seats[1].Kind != input.Human {
		t.Fatalf("seats %+v %+v", sa.Seats, sb.Seats)
	}
	if sa.Clock == nil || sa.Clock.Control().String() != "300+3" {
		t.Fatal("no clock in the session")
	}

	// moveBy plays a random legal move for w: Ada through Link.Play, Bo in
	// the session (as a click would), which the next Poll sends.
	var r game.Rand
	r.Seed(5)
	moveBy := func(w *window) {
		t.Helper()
		s := w.l.Session()
		live := s.Match.Live()
		moves := live.LegalMoves(nil)
		mv := moves[r.Intn(len(moves))]
		var evs []input.Event
		if w == a {
			evs = w.l.Play(input.Choice{Move: mv, Text: live.FormatMove(mv), Cells: input.Cells(live, mv)})
		} else {
			evs = s.PlayMove(mv)
		}
		if len(evs) == 0 || evs[0].Kind != input.MovePlayed {
			t.Fatalf("%s's move %s: %+v", w.name, live.FormatMove(mv), evs)
		}
	}
	plies := func(w *window) int { return w.l.Session().Match.Len() }
	step := func() bool {
		t.Helper()
		for _, w := range ws {
			s := w.l.Session()
			if s.Result().Over {
				return false
			}
			if s.InputState() != nil && plies(w) == plies(a) && plies(w) == plies(b) && !w.l.Status().Pending {
				n := plies(w)
				moveBy(w)
				until(t, "the move at both ends", ws, func() bool {
					return plies(a) == n+1 && plies(b) == n+1 && len(a.l.Client().View().Moves) == n+1 && len(b.l.Client().View().Moves) == n+1
				})
				return true
			}
		}
		t.Fatal("nobody to move")
		return false
	}
	for range 4 {
		step()
	}

	// Ada asks to take back her last move; Bo declines.
	if plies(a)%2 != 0 {
		step()
	}
	before := plies(a)
	if evs := a.l.RequestTakeback(); len(evs) != 1 || evs[0].Kind != input.OfferMade {
		t.Fatalf("takeback request: %+v", evs)
	}
	until(t, "the request at Bo's", ws, func() bool {
		return b.sawInput(input.OfferMade, func(e input.Event) bool {
			return e.Offer.Kind == input.TakebackOffer && e.Offer.By == game.First
		})
	})
	if evs := b.l.AnswerTakeback(false); len(evs) != 1 || evs[0].Kind != input.OfferDeclined {
		t.Fatalf("declined: %+v", evs)
	}
	until(t, "the answer at Ada's", ws, func() bool { return a.sawInput(input.OfferDeclined, nil) })
	if plies(a) != before || plies(b) != before {
		t.Fatalf("a declined takeback took moves back: %d %d of %d", plies(a), plies(b), before)
	}
	if _, waiting := a.l.Session().Offer(); waiting {
		t.Fatal("the request still waits")
	}

	// The relay stops and starts again on the same store and port.
	step()
	stop()
	until(t, "both reconnecting", ws, func() bool {
		return a.saw(LinkReconnecting, nil) && b.saw(LinkReconnecting, nil)
	})
	a.events, b.events = nil, nil
	_, stop = relayOn(t, store, addr)
	defer func() { stop() }()
	until(t, "both back", ws, func() bool {
		return a.saw(LinkConnected, nil) && b.saw(LinkConnected, nil) && a.l.Status().Present && b.l.Status().Present
	})
	if st := a.l.Status(); !st.Connected || st.Reconnects == 0 {
		t.Fatalf("Ada's status after the restart: %+v", st)
	}
	if a.saw(LinkSession, nil) || b.saw(LinkSession, nil) {
		t.Error("a session rebuilt after a reconnection that lost nothing")
	}
	for step() {
	}
	until(t, "the end at both ends", ws, func() bool {
		return a.l.Status().Over && b.l.Status().Over && a.l.Session().Result().Over && b.l.Session().Result().Over
	})
	ra, err := a.l.Session().Record()
	if err != nil {
		t.Fatal(err)
	}
	rb, _ := b.l.Session().Record()
	va := a.l.Client().View()
	rv, _ := Record(&va)
	if ra != rb || ra != rv {
		t.Fatalf("the records differ:\n%s\n%s\n%s", ra, rb, rv)
	}
	t.Logf("%s, %d moves", a.l.Status().Result, plies(a))

	// A rematch, colours swapped.
	a.events, b.events = nil, nil
	a.l.Rematch()
	until(t, "the rematch offer", ws, func() bool {
		return b.saw(LinkOffer, func(e LinkEvent) bool { return e.Offer == proto.OfferRematch })
	})
	b.l.AnswerRematch(true)
	until(t, "the rematch", ws, func() bool {
		return a.saw(LinkSession, nil) && b.saw(LinkSession, nil) && a.l.Status().Seat == 2 && b.l.Status().Seat == 1
	})
	if s := a.l.Session(); s.Seats[1].Kind != input.Human || s.Seats[0].Kind != input.Remote || s.Match.Len() != 0 || s.Result().Over {
		t.Fatalf("Ada's rematch session: %+v", s.Seats)
	}
	step() // Bo moves first now
	if plies(a) != 1 {
		t.Fatal("the rematch's first move")
	}
}

// Errors reach the window in the player's words.
func TestLinkFailedInWords(t *testing.T) {
	store := relay.NewMemory()
	addr, stop := relayOn(t, store, "127.0.0.1:0")
	defer stop()
	inv := proto.Invite{Game: proto.Random(proto.IDLen), Token: proto.Random(proto.TokenLen)}
	w := &window{t: t, name: "lost", l: Follow(Start(Config{Dial: DialServer("ws://" + addr), Key: NewKey(), Join: &inv}), "", nil)}
	defer w.l.Close()
	until(t, "the failure", []*window{w, w}, func() bool { return w.saw(LinkFailed, nil) })
	for _, e := range w.events {
		if e.Kind == LinkFailed && e.Text != "no game "+inv.Game+" here" {
			t.Errorf("%q", e.Text)
		}
	}
	if w.l.Session() != nil {
		t.Error("a session for no game")
	}
}

// clockOffset is a clock that a test moves on at once.
type clockOffset struct{ d atomic.Int64 }

func (c *clockOffset) now() time.Time      { return time.Now().Add(time.Duration(c.d.Load())) }
func (c *clockOffset) add(d time.Duration) { c.d.Add(int64(d)) }
func randomMove(r *game.Rand, st game.State) game.Move {
	moves := st.LegalMoves(nil)
	return moves[r.Intn(len(moves))]
}

// The same through a direct game (the host's program is the authority, the
// guest comes over TCP): chat and its mute, a takeback accepted, a draw offered
// and accepted, a rematch, and the win claimed once the guest has been gone
// past the limit (the authority's clock moved on, not waited for).
func TestLinkDirect(t *testing.T) {
	var clk clockOffset
	h, err := ListenWith("127.0.0.1:0", relay.Options{Now: clk.now, AwayLimit: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	a := &window{t: t, name: "host", l: Follow(Start(Config{Dial: h.Dial, InviteAddr: h.Addr(), Key: NewKey(), Name: "Ada",
		Host: &HostGame{Game: "andantino"}, Now: clk.now, Resend: 300 * time.Millisecond}), "Ada", clk.now)}
	defer a.l.Close()
	var code string
	until(t, "the invite", []*window{a, a}, func() bool { code = a.l.Status().Invite; return code != "" })
	inv, err := proto.ParseInvite(code)
	if err != nil || inv.Addr != h.Addr() {
		t.Fatalf("invite %q: %v", code, err)
	}
	b := &window{t: t, name: "guest", l: Follow(Start(Config{Dial: DialDirect(inv.Addr), Key: NewKey(), Name: "Bo", Join: &inv,
		Now: clk.now, Resend: 300 * time.Millisecond}), "Bo", clk.now)}
	ws := []*window{a, b}
	until(t, "both seated", ws, func() bool { return b.l.Session() != nil && a.l.Status().Joined })
	var r game.Rand
	r.Seed(9)
	plies := func(w *window) int { return w.l.Session().Match.Len() }
	move := func(w *window) {
		t.Helper()
		n := plies(w)
		live := w.l.Session().Match.Live()
		mv := randomMove(&r, live)
		if evs := w.l.Play(input.Choice{Move: mv, Text: live.FormatMove(mv)}); len(evs) == 0 || evs[0].Kind != input.MovePlayed {
			t.Fatalf("%s: %+v", w.name, evs)
		}
		until(t, "the move", ws, func() bool { return plies(a) == n+1 && plies(b) == n+1 })
	}
	move(a)
	move(b)
	move(a)
	// Someone watches over TCP too.
	wc := Start(Config{Dial: DialDirect(inv.Addr), Watch: inv.Game})
	defer wc.Close()
	waitFor(t, wc, func(v *View) bool { return len(v.Moves) == 3 && v.Seat == 0 })
	until(t, "a round trip measured", ws, func() bool { st := b.l.Status(); return st.Connected && st.RTT > 0 })

	// Chat, muted and not.
	b.l.Chat("hello")
	until(t, "the chat", ws, func() bool {
		return a.saw(LinkChat, func(e LinkEvent) bool { return e.Text == "hello" && e.Seat == 2 })
	})
	a.l.Mute(true)
	b.l.Chat("again")
	a.l.Chat("mine")
	until(t, "both lines", ws, func() bool { return len(b.l.Status().Chat) == 3 && len(a.l.Client().View().Chat) == 3 })
	until(t, "my line", ws, func() bool { return a.saw(LinkChat, func(e LinkEvent) bool { return e.Text == "mine" }) })
	if a.saw(LinkChat, func(e LinkEvent) bool { return e.Text == "again" }) || len(a.l.Status().Chat) != 1 {
		t.Fatalf("a muted line shown: %+v", a.l.Status().Chat)
	}
	a.l.Mute(false)
	if len(a.l.Status().Chat) != 3 {
		t.Fatal("the chat not back after the mute")
	}

	// Ada takes back her move, Bo agrees: both sessions are back one move.
	a.l.RequestTakeback()
	until(t, "the request", ws, func() bool { return b.sawInput(input.OfferMade, nil) })
	if evs := b.l.AnswerTakeback(true); len(evs) != 1 || evs[0].Kind != input.MovesUndone || plies(b) != 2 {
		t.Fatalf("accepted: %+v, %d moves", evs, plies(b))
	}
	until(t, "the takeback at Ada's", ws, func() bool { return plies(a) == 2 && a.sawInput(input.MovesUndone, nil) })
	if v := a.l.Client().View(); v.Line != 1 || len(v.Moves) != 2 {
		t.Fatalf("the authority's game: line %d, %d moves", v.Line, len(v.Moves))
	}
	move(a)

	// Bo offers a draw, Ada accepts.
	b.l.OfferDraw()
	until(t, "the draw offer", ws, func() bool {
		return a.sawInput(input.OfferMade, func(e input.Event) bool { return e.Offer.Kind == input.DrawOffer })
	})
	if evs := a.l.AnswerDraw(true); len(evs) != 1 || evs[0].Kind != input.GameOver {
		t.Fatalf("%+v", evs)
	}
	until(t, "the draw at both ends", ws, func() bool { return b.l.Session().Result().Over && a.l.Status().Over })
	if got := b.l.Session().ResultText(); got != "Draw agreed" {
		t.Errorf("Bo's result: %q", got)
	}

	// A rematch; Bo leaves; Ada claims the win after the limit.
	b.l.Rematch()
	until(t, "the offer", ws, func() bool {
		return a.saw(LinkOffer, nil) && slices.Contains(b.l.Status().MyOffers, proto.OfferRematch)
	})
	a.l.AnswerRematch(true)
	until(t, "the rematch", ws, func() bool { return a.l.Status().Seat == 2 && b.l.Status().Seat == 1 && !a.l.Session().Result().Over })
	a.events = nil
	b.l.Close()
	until(t, "Bo gone", ws, func() bool { return a.saw(LinkPresence, func(e LinkEvent) bool { return !e.OK }) })
	if st := a.l.Status(); st.CanClaim || st.ClaimIn <= 0 || st.Present {
		t.Fatalf("%+v", st)
	}
	clk.add(31 * time.Second)
	if st := a.l.Status(); !st.CanClaim || st.Away < 30*time.Second {
		t.Fatalf("%+v", st)
	}
	a.l.ClaimWin()
	until(t, "the claim", []*window{a, a}, func() bool { return a.l.Session().Result().Over })
	if got := a.l.Session().ResultText(); got != "White abandoned the game" {
		t.Errorf("%q", got)
	}
}

// A game watched through a Link: read only, every move, and an abort.
func TestLinkWatchAndAbort(t *testing.T) {
	addr, stop := relayOn(t, relay.NewMemory(), "127.0.0.1:0")
	defer stop()
	dial := DialServer("ws://" + addr)
	a, b := seated(t, dial, "attangle", "60+0")
	defer a.Close()
	defer b.Close()
	play(t, a, b, "e6", "c6")
	w := &window{t: t, name: "watcher", l: Follow(Start(Config{Dial: dial, Watch: a.GameID()}), "", nil)}
	defer w.l.Close()
	until(t, "the watched game", []*window{w, w}, func() bool { s := w.l.Session(); return s != nil && s.Match.Len() == 2 })
	s := w.l.Session()
	if st := w.l.Status(); !st.Watching || st.Seat != 0 || s.InputState() != nil || s.Seats[0].Kind != input.Remote || s.Seats[1].Kind != input.Remote {
		t.Fatalf("%+v %+v", st, s.Seats)
	}
	if s.Clock == nil {
		t.Fatal("no clock")
	}
	play(t, a, b, "g4")
	until(t, "a move", []*window{w, w}, func() bool { return w.l.Session().Match.Len() == 3 })
	b.Offer(proto.OfferAbort) // Black has moved once: aborted at once
	until(t, "the abort", []*window{w, w}, func() bool { return w.saw(LinkAborted, nil) })
	if st := w.l.Status(); !st.Aborted || st.Result != "Game aborted" {
		t.Fatalf("%+v", st)
	}
}

// A correspondence game outlives the program: both windows close, two days
// later the list says whose move it is, the player opens the game again by its
// id and finds the moves and a day on the clock, and plays.
func TestLinkCorrespondenceResumed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h, err := relay.NewHub(relay.NewMemory(), relay.Options{Solo: true, PingEvery: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		dial := pipeTo(h, wire.Faults{})
		ka, kb := NewKey(), NewKey()
		open := func(name, key string, cfg Config) *window {
			cfg.Dial, cfg.Key, cfg.Name, cfg.PingEvery = dial, key, name, time.Minute
			return &window{t: t, name: name, l: Follow(Start(cfg), name, nil)}
		}
		a := open("Ada", ka, Config{Host: &HostGame{Game: "abande", Clock: "3d/move"}})
		var code string
		until(t, "the invite", []*window{a, a}, func() bool { code = a.l.Status().Invite; return code != "" })
		inv, _ := proto.ParseInvite(code)
		b := open("Bo", kb, Config{Join: &inv})
		ws := []*window{a, b}
		until(t, "both seated", ws, func() bool { return b.l.Session() != nil && a.l.Status().Joined })
		var r game.Rand
		for i := range 3 {
			w := ws[i%2]
			live := w.l.Session().Match.Live()
			mv := randomMove(&r, live)
			w.l.Play(input.Choice{Move: mv, Text: live.FormatMove(mv)})
			until(t, "the move", ws, func() bool {
				return len(a.l.Client().View().Moves) == i+1 && len(b.l.Client().View().Moves) == i+1
			})
		}
		id := a.l.Client().GameID()
		a.l.Close()
		b.l.Close()
		time.Sleep(2 * 24 * time.Hour)

		list := <-ListGamesAsync(dial, kb, time.Minute)
		if list.Err != nil || YourMove(list.Games) != 1 || list.Games[0].Game != id {
			t.Fatalf("%+v", list)
		}
		b = open("Bo", kb, Config{Resume: id})
		defer b.l.Close()
		until(t, "the game again", []*window{b, b}, func() bool { s := b.l.Session(); return s != nil && s.Match.Len() == 3 })
		s := b.l.Session()
		if left := s.Clock.Remaining(game.Second); left != 24*time.Hour {
			t.Fatalf("Bo's clock shows %v", left)
		}
		if s.InputState() == nil {
			t.Fatal("not Bo's move")
		}
		live := s.Match.Live()
		mv := randomMove(&r, live)
		b.l.Play(input.Choice{Move: mv, Text: live.FormatMove(mv)})
		until(t, "the move stored", []*window{b, b}, func() bool { return len(b.l.Client().View().Moves) == 4 })
		a = open("Ada", ka, Config{Resume: id})
		defer a.l.Close()
		until(t, "Ada sees it", []*window{a, a}, func() bool { s := a.l.Session(); return s != nil && s.Match.Len() == 4 })
		ra, _ := a.l.Session().Record()
		rb, _ := b.l.Session().Record()
		if ra != rb {
			t.Fatalf("the records differ:\n%s\n%s", ra, rb)
		}
	})
}

// Two Links over carriers that drop, duplicate and delay messages play whole
// games: the sessions end as the authority's game, with the same records.
func TestLinkLossy(t *testing.T) {
	for k, name := range slices.Repeat(game.Names(), 3) {
		i, g := k, name
		t.Run(fmt.Sprintf("%s/%d", g, k/len(game.Names())), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h, err := relay.NewHub(relay.NewMemory(), relay.Options{Solo: true})
				if err != nil {
					t.Fatal(err)
				}
				defer h.Close()
				f := wire.Faults{Drop: 0.1, Dup: 0.1, Delay: 0.2, MaxDelay: 50 * time.Millisecond, Seed: uint64(i + 1)}
				open := func(name string, cfg Config) *window {
					cfg.Dial, cfg.Key, cfg.Name, cfg.Resend = pipeTo(h, f), NewKey(), name, 300*time.Millisecond
					return &window{t: t, name: name, l: Follow(Start(cfg), name, nil)}
				}
				a := open("Ada", Config{Host: &HostGame{Game: g, Clock: "600+5"}})
				defer a.l.Close()
				var code string
				until(t, "the invite", []*window{a, a}, func() bool { code = a.l.Status().Invite; return code != "" })
				inv, _ := proto.ParseInvite(code)
				b := open("Bo", Config{Join: &inv})
				defer b.l.Close()
				ws := []*window{a, b}
				var r game.Rand
				r.Seed(uint64(i))
				const maxPlies = 80
				until(t, "the game played", ws, func() bool {
					for _, w := range ws {
						s := w.l.Session()
						if s == nil {
							return false
						}
						v := w.l.Client().View()
						if s.InputState() != nil && !w.l.Status().Pending && v.YourMove() && s.Match.Len() == len(v.Moves) && len(v.Moves) < maxPlies {
							live := s.Match.Live()
							mv := randomMove(&r, live)
							w.l.Play(input.Choice{Move: mv, Text: live.FormatMove(mv)})
						}
					}
					va, vb := a.l.Client().View(), b.l.Client().View()
					done := func(v View) bool { return v.Result != nil || len(v.Moves) == maxPlies }
					return done(va) && done(vb) && slices.Equal(va.Moves, vb.Moves) &&
						a.l.Session().Match.Len() == len(va.Moves) && b.l.Session().Match.Len() == len(vb.Moves)
				})
				if a.l.Session().Result().Over != b.l.Session().Result().Over {
					t.Fatal("one session over, not the other")
				}
				ra, err := a.l.Session().Record()
				if err != nil {
					t.Fatal(err)
				}
				rb, _ := b.l.Session().Record()
				if ra != rb {
					t.Fatalf("the records differ:\n%s\n%s", ra, rb)
				}
			})
		})
	}
}
