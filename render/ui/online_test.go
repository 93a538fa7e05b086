package ui

import (
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/input"
	"trihex/online"
	"trihex/online/proto"
	"trihex/online/relay"
)

// The online screens without a display: apps as the window runs them, with
// frames fed by hand, playing through a real relay on loopback.

// relayForTest serves a relay on loopback whose players may be gone for away
// before the other claims the game; it returns its ws:// address.
func relayForTest(t *testing.T, away time.Duration) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h, err := relay.NewHub(relay.NewMemory(), relay.Options{Solo: true, AwayLimit: away})
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h.Handler()}
	done := make(chan struct{})
	go func() {
		_ = srv.Serve(ln)
		close(done)
	}()
	t.Cleanup(func() {
		h.Close()
		_ = srv.Close()
		<-done
	})
	return "ws://" + ln.Addr().String()
}

// netApp is one player's app on its start screen, with a name and a relay
// set; its frames come when the test steps it.
type netApp struct {
	*App
	t    *testing.T
	name string
}

func newNetApp(t *testing.T, name, relayAddr string) *netApp {
	t.Helper()
	a := newTestApp(1280, 800)
	a.flags.LayoutOut = filepath.Join(t.TempDir(), "layout.json") // the game screen lists its cells
	a.redraw = newFrames(time.Now, func() {})
	a.online.loaded = true
	a.online.id = online.Identity{Name: name, Key: online.NewKey(), Relay: relayAddr}
	a.scene = a.newStart()
	t.Cleanup(func() { a.scene.close() })
	n := &netApp{App: a, t: t, name: name}
	n.step()
	return n
}

// step runs a frame without input: the scene's tick, then every layer's layout.
func (n *netApp) step() {
	a := n.App
	a.scene.tick(a)
	a.relayout()
}

// layout is what the top layer shows: an overlay's, else the scene's.
func (n *netApp) layout() *Layout {
	if t := n.top(); t != nil {
		return n.layouts[t]
	}
	return n.layouts[n.scene]
}

// has reports whether the top layer shows id.
func (n *netApp) has(id widgetID) bool { _, ok := n.layout().get(id); return ok }

// click clicks id on the top layer, which must show it enabled.
func (n *netApp) click(id widgetID) {
	n.t.Helper()
	w, ok := n.layout().get(id)
	if !ok || !w.enabled {
		n.t.Fatalf("%s: no %s to click (shown %v); status %q", n.name, id, ok, n.layout().Status)
	}
	x, y := w.r.CX(), w.r.CY()
	f := &input.Frame{Pointer: input.Pointer{Click: true, X: x, Y: y, DownX: x, DownY: y}}
	if t := n.top(); t != nil {
		t.update(n.App, f)
	} else {
		n.scene.update(n.App, f)
	}
	if p := n.play(); p != nil {
		p.anims.clear() // shown at once
	}
	n.step()
}

// answer types text into the prompt on top and accepts it.
func (n *netApp) answer(text string) {
	n.t.Helper()
	pr, ok := n.top().(*pathPrompt)
	if !ok {
		n.t.Fatalf("%s: no prompt on top", n.name)
	}
	pr.update(n.App, &input.Frame{Text: []rune(text), Keys: []input.Chord{{Key: input.KeyEnter}}})
	n.step()
}

// cell clicks the cell labelled label on the game screen.
func (n *netApp) cell(label string) {
	n.t.Helper()
	p := n.play()
	if p == nil {
		n.t.Fatalf("%s: not on a game screen", n.name)
	}
	c, ok := n.layouts[p].Cells[label]
	if !ok {
		n.t.Fatalf("%s: no cell %s", n.name, label)
	}
	clickAt(n.App, p, c[0], c[1])
	n.step()
}

// plies is the number of moves of the game on screen (-1: none).
func (n *netApp) plies() int {
	if p := n.play(); p != nil {
		return p.sess.Match.Len()
	}
	return -1
}

// waitFor steps the apps until ok holds: the news comes from the relay on
// other goroutines, so each round waits a moment for it; at most 30 s.
func waitFor(t *testing.T, what string, ok func() bool, apps ...*netApp) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		for _, a := range apps {
			a.step()
		}
		if ok() {
			return
		}
		if time.Now().After(deadline) {
			for _, a := range apps {
				t.Logf("%s: status %q, bar %q", a.name, a.layout().Status, a.bar.text)
			}
			t.Fatalf("waited 30 s in vain for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// openOnline opens Play online from the start screen, Attangle chosen.
func (n *netApp) openOnline() *onlineScreen {
	n.t.Helper()
	n.click("game-attangle")
	n.click(wPlayOnline)
	o, ok := n.scene.(*onlineScreen)
	if !ok {
		n.t.Fatalf("%s: Play online opened %T", n.name, n.scene)
	}
	return o
}

// Two players on a relay, as the window shows them: a game created with the
// start screen's clock and joined with its code; Abort offered to each side
// only before its second move; a watcher by code who can play nothing; chat,
// muted; then the guest leaves and the host claims the win once the limit is
// past.
func TestOnlineRelayGameInTheWindow(t *testing.T) {
	addr := relayForTest(t, 300*time.Millisecond)
	ada, bo := newNetApp(t, "Ada", addr), newNetApp(t, "Bo", addr)
	ada.openOnline()
	ada.click(wOnlineCreate)
	waitFor(t, "Ada's game and its code", func() bool { return ada.has(wNetInvite) }, ada)
	code := ada.play().net.st.Invite
	if _, err := proto.ParseInvite(code); err != nil {
		t.Fatalf("Ada's code %q: %v", code, err)
	}
	bo.openOnline()
	bo.click(wOnlineJoin)
	bo.answer(code)
	waitFor(t, "Bo seated and Ada told", func() bool { return bo.plies() == 0 && !ada.has(wNetInvite) }, ada, bo)
	if p := bo.play(); p.sess.Seats[game.Second].Kind != input.Human || p.sess.Seats[game.First].Kind != input.Remote || p.sess.Seats[game.First].Name != "Ada" {
		t.Fatalf("Bo's seats %+v", p.sess.Seats)
	}

	// Abort: each side alone, before its own second move.
	abort := func() [2]bool { return [2]bool{ada.has(wNetAbort), bo.has(wNetAbort)} }
	moves := []struct {
		by    *netApp
		cell  string
		abort [2]bool // after the move
	}{
		{ada, "a1", [2]bool{true, true}},
		{bo, "a2", [2]bool{true, true}},
		{ada, "a3", [2]bool{false, true}},
		{bo, "g1", [2]bool{false, false}},
	}
	if got := abort(); got != [2]bool{true, true} {
		t.Fatalf("before any move, Abort shown to Ada, Bo: %v", got)
	}
	for i, m := range moves {
		m.by.cell(m.cell)
		waitFor(t, "the move "+m.cell, func() bool { return ada.plies() == i+1 && bo.plies() == i+1 }, ada, bo)
		waitFor(t, "the authority's count of moves", func() bool { return abort() == m.abort }, ada, bo)
	}

	// A takeback asked, and declined in the box it opens on the other side.
	ada.click(wNetTakeback)
	waitFor(t, "Bo asked", func() bool { return bo.has(wNetDecline) }, ada, bo)
	if w, _ := bo.layout().get(wBox); w.id == "" || !strings.Contains(bo.top().(*confirmBox).title, "Ada asks to take a move back") {
		t.Errorf("Bo's box: %+v", bo.top())
	}
	bo.click(wNetDecline)
	waitFor(t, "Ada told", func() bool { return strings.Contains(ada.layout().Status, "Bo declines the takeback") }, ada, bo)
	if ada.plies() != 4 || bo.plies() != 4 {
		t.Fatalf("a declined takeback took moves back: %d, %d", ada.plies(), bo.plies())
	}

	// A draw offered, and declined the same way.
	ada.click(wOfferDraw)
	waitFor(t, "Bo offered a draw", func() bool { return bo.has(wDeclineDraw) }, ada, bo)
	bo.click(wDeclineDraw)
	waitFor(t, "Ada told", func() bool { return strings.Contains(ada.layout().Status, "Bo declines the draw") }, ada, bo)

	// A watcher by code: both seats remote, no move, no network buttons but Mute.
	cy := newNetApp(t, "Cy", addr)
	cy.openOnline()
	cy.click(wOnlineWatch)
	cy.answer(code)
	waitFor(t, "Cy watching", func() bool { return cy.plies() == 4 }, cy)
	wp := cy.play()
	if wp.sess.InputState() != nil || !wp.net.st.Watching {
		t.Fatalf("the watcher can play: seats %+v", wp.sess.Seats)
	}
	for _, id := range []widgetID{wNetTakeback, wNetAbort, wNetChat, wResign, wOfferDraw} {
		if cy.has(id) {
			t.Errorf("the watcher is offered %s", id)
		}
	}
	if len(cy.layouts[wp].Cells) == 0 {
		t.Fatal("the watcher's board has no cells laid out")
	}
	cy.cell("a4")
	if cy.plies() != 4 {
		t.Fatal("a click of the watcher played a move")
	}

	// Chat, and Mute.
	bo.play().net.link.Chat("good luck")
	waitFor(t, "the chat line", func() bool { return ada.has("net-chat-lines") && cy.has("net-chat-lines") }, ada, bo, cy)
	if l := ada.play().lay.net.chat; len(l) != 1 || l[0] != "Bo: good luck" {
		t.Errorf("Ada's chat %q", l)
	}
	ada.click(wNetMute)
	if w, _ := ada.layout().get(wNetMute); ada.has("net-chat-lines") || w.label != "Unmute chat" {
		t.Errorf("muted, Ada still sees the chat")
	}

	// Bo leaves; past the limit Ada may claim the game.
	bo.setScene(bo.newStart())
	waitFor(t, "Ada told Bo left", func() bool { return strings.Contains(ada.play().lay.net.line, "Bo · gone") }, ada)
	waitFor(t, "Claim win", func() bool { return ada.has(wNetClaimWin) }, ada)
	ada.click(wNetClaimWin)
	waitFor(t, "the game won", func() bool { return ada.play().sess.Result().Over }, ada, cy)
	if r := ada.play().sess.Result(); r.Winner != game.First || !strings.Contains(ada.layout().Status, "abandon") {
		t.Errorf("after the claim: %+v, status %q", r, ada.layout().Status)
	}
	waitFor(t, "the watcher sees the end", func() bool { return cy.play().sess.Result().Over }, cy)
}

// A game by days a move: created on the relay with the pace chosen on Play
// online, it waits for the player while the app is closed; the player's list
// on Play online shows it first, with "your move" and the time left, the start
// screen lists it under Start, the title counts it, and a click opens it again.
func TestOnlineCorrespondenceInTheWindow(t *testing.T) {
	addr := relayForTest(t, 300*time.Millisecond)
	ada, bo := newNetApp(t, "Ada", addr), newNetApp(t, "Bo", addr)
	o := ada.openOnline()
	ada.click(onlineDaysID(3))
	if o.control().String() != "3d/move" {
		t.Fatalf("3 days a move chose %q", o.control())
	}
	ada.click(wOnlineHost)
	if !strings.Contains(o.note, "relay") || o.link != nil {
		t.Errorf("a game by days a move hosted on this network: note %q", o.note)
	}
	ada.click(wOnlineCreate)
	waitFor(t, "Ada's game", func() bool { return ada.has(wNetInvite) }, ada)
	code := ada.play().net.st.Invite
	bo.openOnline()
	bo.click(wOnlineJoin)
	bo.answer(code)
	waitFor(t, "Bo seated", func() bool { return bo.plies() == 0 && !ada.has(wNetInvite) }, ada, bo)
	for i, m := range []struct {
		by   *netApp
		cell string
	}{{ada, "a1"}, {bo, "a2"}, {ada, "a3"}} {
		m.by.cell(m.cell)
		waitFor(t, "the move "+m.cell, func() bool { return ada.plies() == i+1 && bo.plies() == i+1 }, ada, bo)
	}

	// Bo leaves the game (New): nothing asked, since the relay keeps it; it
	// waits for him, and nobody may claim it.
	bo.click("new")
	if _, ok := bo.scene.(*startScreen); !ok || bo.top() != nil {
		t.Fatalf("New in a relay's game: %T, box %+v", bo.scene, bo.top())
	}
	waitFor(t, "Ada told Bo left", func() bool { return !ada.play().net.st.Present }, ada)
	if line := ada.play().lay.net.line; !strings.Contains(line, "waits") {
		t.Errorf("Ada's line for Bo away in a game by days: %q", line)
	}
	if st := ada.play().net.st; st.CanClaim || st.ClaimIn != 0 || ada.has(wNetClaimWin) {
		t.Errorf("a game by days may be claimed: %+v", st)
	}
	bo.online.listed = time.Time{}
	waitFor(t, "Bo's list", func() bool { return bo.online.listing == nil && len(bo.online.games) == 1 }, bo)
	if bo.online.yourMove != 1 || bo.netTitle() != " · 1 game waits for you" {
		t.Fatalf("Bo's count %d, title %q", bo.online.yourMove, bo.netTitle())
	}
	if w, ok := bo.layout().get(wPlayOnline); !ok || !strings.Contains(w.label, "1 your move") {
		t.Errorf("Play online on the start screen: %q", w.label)
	}
	// The start screen lists it under Start, as Play online does.
	if w, ok := bo.layout().get(waitingID(0)); !ok || !strings.Contains(w.label, "Attangle against Ada · move 2 · your move") {
		t.Errorf("the start screen's Your move row: %q (shown %v)", w.label, ok)
	}
	if _, ok := bo.layout().get(waitingID(1)); ok {
		t.Error("the start screen lists a game that does not wait for Bo")
	}
	bo.openOnline()
	w, ok := bo.layout().get("online-game-0")
	if !ok || !strings.Contains(w.label, "Attangle against Ada · move 2 · your move · 2 days 23 h left") {
		t.Fatalf("Bo's list: %q", w.label)
	}
	bo.click(wOnlineBack)
	bo.click(waitingID(0))
	if _, ok := bo.scene.(*onlineScreen); !ok {
		t.Fatalf("the Your move row opened %T", bo.scene)
	}
	waitFor(t, "the game again", func() bool { return bo.plies() == 3 }, bo)
	if p := bo.play(); p.sess.InputState() == nil || p.sess.Clock == nil {
		t.Fatal("Bo cannot move, or the game has no clock")
	}
	bo.cell("g1")
	waitFor(t, "Ada sees it", func() bool { return ada.plies() == 4 }, ada, bo)
	// The list is asked again after a move in a game by days: not Bo's move now.
	waitFor(t, "Bo's count down", func() bool { return bo.online.listing == nil && bo.online.yourMove == 0 }, bo)

	// Bo resigns; both windows end the game with the same record.
	bo.click(wResign)
	bo.click(wConfirmResign)
	waitFor(t, "the end at both ends", func() bool { return ada.has(wResultRematch) && bo.has(wResultRematch) }, ada, bo)
	ra, _ := ada.play().sess.Record()
	rb, _ := bo.play().sess.Record()
	if ra != rb || !strings.Contains(ra, `[Termination "resignation"]`) || !strings.Contains(ra, `[TimeControl "3d/move"]`) {
		t.Errorf("the records:\n%s\n%s", ra, rb)
	}
}

// The list of games: the player's move first, the least time left first, then
// the opponent's, then the games over.
func TestOnlineGameList(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	ms := func(d time.Duration) int64 { return now.Add(d).UnixMilli() }
	gs := sortGames([]proto.GameInfo{
		{Game: "over", Kind: "Abande", Opponent: "Cy", Over: true},
		{Game: "theirs", Kind: "Attangle", Opponent: "Bo", Ply: 3, Deadline: ms(time.Hour)},
		{Game: "later", Kind: "Andantino", Opponent: "Di", Ply: 8, YourMove: true, Deadline: ms(50 * time.Hour)},
		{Game: "soon", Kind: "Abande", Ply: 0, YourMove: true, Deadline: ms(90 * time.Minute)},
	})
	var got []string
	for _, g := range gs {
		got = append(got, gameLine(g, now))
	}
	want := []string{
		"Abande against nobody yet · move 1 · your move · 1 h 30 min left",
		"Andantino against Di · move 5 · your move · 2 days 2 h left",
		"Attangle against Bo · move 2 · their move · 1 h 0 min left",
		"Abande against Cy · over",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("list:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The name and the relay typed on Play online are kept in the config folder
// with the player's key, and the next run of the app finds them.
func TestOnlineIdentityKept(t *testing.T) {
	dir := t.TempDir()
	open := func() *netApp {
		a := newTestApp(1280, 800)
		a.redraw = newFrames(time.Now, func() {})
		a.prefs.cfgDir = dir
		a.scene = a.newStart()
		t.Cleanup(func() { a.scene.close() })
		n := &netApp{App: a, t: t, name: "app"}
		n.step()
		return n
	}
	a := open()
	a.openOnline()
	key := a.identity().Key
	a.click(wOnlineName)
	a.answer("Ada")
	a.click(wOnlineRelay)
	a.answer(" ws://127.0.0.1:9 ") // loopback: the list asked for fails at once
	b := open()
	b.openOnline()
	if id := b.identity(); id.Name != "Ada" || id.Relay != "ws://127.0.0.1:9" || id.Key != key || key == "" {
		t.Fatalf("the next run found %+v (key %q before)", *id, key)
	}
	if w, _ := b.layout().get(wOnlineRelay); w.label != "ws://127.0.0.1:9" {
		t.Errorf("the relay field shows %q", w.label)
	}
}

// Host on this network, as the window does it on loopback: the friend joins
// with the code, and a third app watches the game with the same code, read
// only; a code that is none is answered in words.
func TestOnlineDirectInTheWindow(t *testing.T) {
	ada, bo, cy := newNetApp(t, "Ada", ""), newNetApp(t, "Bo", ""), newNetApp(t, "Cy", "ws://127.0.0.1:9") // Cy has a relay set, but a direct code is watched at its host
	ada.flags.OnlineListen = "127.0.0.1:0"
	ada.openOnline()
	ada.click(wOnlineHost)
	waitFor(t, "Ada's code", func() bool { return ada.has(wNetInvite) }, ada)
	code := ada.play().net.st.Invite
	if inv, err := proto.ParseInvite(code); err != nil || !strings.HasPrefix(inv.Addr, "127.0.0.1:") {
		t.Fatalf("Ada's code %q: %v", code, err)
	}
	bo.openOnline()
	bo.click(wOnlineJoin)
	bo.answer(code)
	waitFor(t, "Bo seated", func() bool { return bo.plies() == 0 && !ada.has(wNetInvite) }, ada, bo)
	ada.cell("a1")
	waitFor(t, "the move", func() bool { return bo.plies() == 1 }, ada, bo)

	o := cy.openOnline()
	cy.click(wOnlineWatch)
	cy.answer("not a code")
	if !strings.Contains(o.note, "is not a game's code") || o.link != nil {
		t.Errorf("a bad code to watch: note %q", o.note)
	}
	cy.click(wOnlineWatch)
	cy.answer(code)
	waitFor(t, "Cy watching", func() bool { return cy.plies() == 1 }, cy)
	if cy.play().sess.InputState() != nil {
		t.Fatal("the watcher can play")
	}
	bo.cell("a2")
	waitFor(t, "the watcher sees the move", func() bool { return cy.plies() == 2 }, ada, bo, cy)

	// The host leaving ends the game for Bo: asked first, and Stay keeps it.
	ada.click("new")
	if box, ok := ada.top().(*confirmBox); !ok || !strings.Contains(box.text, "it ends for Bo") {
		t.Fatalf("New in a game hosted here asked nothing: %+v", ada.top())
	}
	ada.click(wConfirmCancel)
	if ada.play() == nil || ada.top() != nil {
		t.Fatal("Stay left the game")
	}
	ada.click("new")
	ada.click(wConfirmDiscard)
	if _, ok := ada.scene.(*startScreen); !ok {
		t.Fatalf("Leave the game left Ada on %T", ada.scene)
	}
	waitFor(t, "Bo told", func() bool { return bo.has(wNetBanner) }, bo)
}
