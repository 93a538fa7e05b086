package ui

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"trihex/game/clock"
	"trihex/input"
	"trihex/online"
	"trihex/online/proto"
	"trihex/render"
)

// Play online: the screen that starts a network game of the game, options
// and clock chosen on the start screen. Host on this network listens here and
// shows the invite code; Join with a code plays a friend's game (a direct code
// holds the address; a relay's code plays on the relay set here); through a
// relay, Create makes a game on it and Watch follows one by its code, read
// only. The player's name and relay are kept with their key (online.json in
// the config folder); the games that wait for their move are listed from the
// relay, and the title counts them.

// onlineApp is what the window keeps of the player on the network.
type onlineApp struct {
	id       online.Identity
	loaded   bool
	games    []proto.GameInfo // the player's games on the relay, as last listed
	listErr  string
	listing  <-chan online.GamesResult
	listed   time.Time
	yourMove int // games waiting for the player's move: the title counts them
}

// identity is the player's identity, loaded from the config folder once.
func (a *App) identity() *online.Identity {
	o := &a.online
	if !o.loaded {
		o.loaded = true
		if a.prefs.cfgDir != "" {
			if id, err := online.LoadIdentity(a.prefs.cfgDir); err == nil {
				o.id = id
			}
		}
		if o.id.Key == "" {
			o.id.Key = online.NewKey() // no config folder: a key for this run
		}
	}
	return &o.id
}

// saveIdentity keeps the name and relay for the next run.
func (a *App) saveIdentity() {
	if a.prefs.cfgDir != "" {
		if err := a.identity().Save(a.prefs.cfgDir); err != nil {
			a.showError(playerMessage(err))
		}
	}
}

// pollGames asks the relay for the player's games now and then (every
// listEvery, and at once when asked by zeroing listed), and takes the answer
// when it comes, without waiting: the answer wakes the window.
func (a *App) pollGames(now time.Time) {
	o := &a.online
	id := a.identity()
	if o.listing != nil {
		select {
		case r := <-o.listing:
			o.listing = nil
			o.listErr = ""
			if r.Err != nil {
				o.listErr = playerMessage(r.Err)
			} else {
				o.games, o.yourMove = sortGames(r.Games), online.YourMove(r.Games)
			}
			a.redrawNow(now)
		default:
		}
		return
	}
	if id.Relay == "" {
		return
	}
	if next := o.listed.Add(listEvery); now.Before(next) {
		if a.redraw != nil {
			a.redraw.pollAt(next) // a still window lists again too
		}
		return
	}
	o.listed = now
	ch := make(chan online.GamesResult, 1)
	o.listing = ch
	list := online.ListGamesAsync(online.DialServer(id.Relay), id.Key, 10*time.Second)
	go func() {
		ch <- <-list
		a.redrawNow(a.now())
	}()
}

// listEvery is how often the relay is asked for the player's games.
const listEvery = time.Minute

// waiting is the player's games on the relay that wait for their move, the
// least time left first, as last listed: the start screen lists them.
func (a *App) waiting() []proto.GameInfo {
	var out []proto.GameInfo
	for _, g := range a.online.games { // sorted: the player's move first
		if g.YourMove && !g.Over {
			out = append(out, g)
		}
	}
	return out
}

// waitingID is the start screen's row of the i-th game that waits for the
// player's move.
func waitingID(i int) widgetID { return widgetID(fmt.Sprintf("yourmove-%d", i)) }

// redrawNow asks for a frame from any goroutine (none without a window).
func (a *App) redrawNow(t time.Time) {
	if a.redraw != nil {
		a.wake(t)
	}
}

// sortGames puts the games waiting for the player's move first, the least
// time left first, then the games waiting for the opponent, then those over.
func sortGames(gs []proto.GameInfo) []proto.GameInfo {
	rank := func(g proto.GameInfo) int {
		switch {
		case g.Over:
			return 2
		case g.YourMove:
			return 0
		}
		return 1
	}
	gs = slices.Clone(gs)
	slices.SortStableFunc(gs, func(x, y proto.GameInfo) int {
		if c := cmp.Compare(rank(x), rank(y)); c != 0 {
			return c
		}
		if x.Deadline != 0 && y.Deadline != 0 {
			return cmp.Compare(x.Deadline, y.Deadline)
		}
		return 0
	})
	return gs
}

// gameLine is a game's line in the list: the game, the opponent, the move,
// whose move it is and the time left for it.
func gameLine(g proto.GameInfo, now time.Time) string {
	// The move as the move list numbers them: 1. for the first pair.
	line := fmt.Sprintf("%s against %s · move %d", g.Kind, cmpOr(g.Opponent, "nobody yet"), g.Ply/2+1)
	switch {
	case g.Over:
		return fmt.Sprintf("%s against %s · over", g.Kind, cmpOr(g.Opponent, "nobody"))
	case g.YourMove:
		line += " · your move"
	default:
		line += " · their move"
	}
	if g.Deadline > 0 {
		line += " · " + timeLeft(time.UnixMilli(g.Deadline).Sub(now)) + " left"
	}
	return line
}

// timeLeft is a correspondence game's time to move, in words: "2 days 3 h",
// "5 h 20 min", "12 min".
func timeLeft(d time.Duration) string {
	d = max(0, d)
	days, h, m := int(d/(24*time.Hour)), int(d/time.Hour)%24, int(d/time.Minute)%60
	switch {
	case days > 1:
		return fmt.Sprintf("%d days %d h", days, h)
	case days == 1:
		return fmt.Sprintf("1 day %d h", h)
	case h > 0:
		return fmt.Sprintf("%d h %d min", h, m)
	}
	return fmt.Sprintf("%d min", m)
}

// onlineScreen is the Play online screen, and the wait for the seat once a
// game is asked for.
type onlineScreen struct {
	start *startScreen
	link  *online.Link // asked for: waiting for the seat
	host  *online.Host
	note  string  // what happens, or why not
	ring  keyRing // the button the keys ring (keynav.go)
	days  int     // a relay's game by days a move (correspondence); 0: the start screen's clock
}

// onlineDays are the paces by days a move offered for a relay's game.
var onlineDays = []int{1, 3, 7}

const (
	wPlayOnline   widgetID = "play-online"
	wOnlineName   widgetID = "online-name"
	wOnlineHost   widgetID = "online-host"
	wOnlineJoin   widgetID = "online-join"
	wOnlineRelay  widgetID = "online-relay"
	wOnlineCreate widgetID = "online-create"
	wOnlineWatch  widgetID = "online-watch"
	wOnlineBack   widgetID = "online-back"
	wOnlineCancel widgetID = "online-cancel"
	wOnlineLive   widgetID = "online-live" // the pace: the start screen's clock
)

// onlineDaysID is the pace toggle of days a move.
func onlineDaysID(d int) widgetID { return widgetID(fmt.Sprintf("online-days-%d", d)) }

func (a *App) newOnline(s *startScreen) *onlineScreen {
	a.online.listed = time.Time{} // list the games afresh
	return &onlineScreen{start: s}
}

func (o *onlineScreen) gameName() string { return "" }

func (o *onlineScreen) close() {
	if o.link != nil {
		o.link.Close()
		if o.host != nil {
			o.host.Close()
		}
	}
}

func (o *onlineScreen) frames(a *App, fr *frames, now time.Time) {
	if o.link != nil || a.online.listing != nil {
		fr.pollAt(now.Add(100 * time.Millisecond))
	}
}

// tick waits for the seat: the game screen opens once the Link has a session.
func (o *onlineScreen) tick(a *App) {
	a.pollGames(a.now())
	if o.link == nil {
		return
	}
	for _, e := range o.link.Poll() {
		switch e.Kind {
		case online.LinkFailed:
			o.link.Close()
			if o.host != nil {
				o.host.Close()
			}
			o.link, o.host = nil, nil
			o.note = capitalize(e.Text)
			return
		case online.LinkReconnecting:
			o.note = "Connecting… (" + e.Text + ")"
		}
	}
	if o.link.Session() != nil {
		ps := a.newNetPlay(o.link, o.host)
		o.link, o.host = nil, nil // the game screen has them now
		a.setScene(ps)
	}
}

// layout places the rows: name; this network; a code; the relay; the games.
func (o *onlineScreen) layout(a *App) *Layout {
	sc := a.scale
	l := newLayout()
	id := a.identity()
	x := a.w/2 - 300*sc
	y := 130 * sc
	field := func(wid widgetID, label string, w float64) {
		l.add(wid, render.Rect{X: x + 170*sc, Y: y, W: w * sc, H: 32 * sc}, o.link == nil, label)
	}
	btn := func(wid widgetID, label string, dx, w float64) {
		l.add(wid, render.Rect{X: x + dx*sc, Y: y, W: w * sc, H: 32 * sc}, o.link == nil, label)
	}
	field(wOnlineName, playerName(id), 260)
	y += 56 * sc
	btn(wOnlineHost, "Host on this network", 170, 220)
	y += 56 * sc
	btn(wOnlineJoin, "Join with a code…", 170, 220)
	y += 56 * sc
	field(wOnlineRelay, cmpOr(id.Relay, "none: click to set"), 300)
	y += 44 * sc
	// The pace of a game created on the relay: the start screen's clock, or
	// days a move (a correspondence game, which waits while the app is closed).
	f := render.Face(14*sc, false)
	px := x + 170*sc
	pace := func(wid widgetID, label string) {
		w, _ := render.Measure(label, f)
		w = max(60*sc, w+18*sc)
		l.add(wid, render.Rect{X: px, Y: y, W: w, H: 30 * sc}, o.link == nil, label)
		px += w + 6*sc
	}
	pace(wOnlineLive, o.liveLabel())
	for _, d := range onlineDays {
		pace(onlineDaysID(d), clock.CorrespondenceControl(d).Label()+" a move")
	}
	y += 42 * sc
	btn(wOnlineCreate, "Create a game", 170, 160)
	btn(wOnlineWatch, "Watch by code…", 338, 160)
	y += 60 * sc
	by := a.h - 70*sc
	now := a.now()
	for i, g := range a.online.games {
		if y+30*sc > by-40*sc {
			break // the rest waits for a taller window
		}
		l.add(widgetID(fmt.Sprintf("online-game-%d", i)), render.Rect{X: x + 170*sc, Y: y, W: 430 * sc, H: 30 * sc}, o.link == nil, gameLine(g, now))
		y += 34 * sc
	}
	if o.link != nil {
		l.add(wOnlineCancel, render.Rect{X: a.w/2 - 90*sc, Y: by, W: 180 * sc, H: 40 * sc}, true, "Cancel")
	} else {
		l.add(wOnlineBack, render.Rect{X: a.w/2 - 90*sc, Y: by, W: 180 * sc, H: 40 * sc}, true, "Back")
	}
	l.Status = o.note
	return l
}

func (o *onlineScreen) update(a *App, f *input.Frame) {
	for _, c := range f.Commands(input.ScopeStart) {
		if c == input.CmdDismiss {
			o.back(a)
			return
		}
		if ringButtons(&o.ring, a.layouts[o], c, func(id widgetID) { o.click(a, id) }) && a.scene != o {
			return
		}
	}
	if !f.Click {
		return
	}
	if id, ok := a.layouts[o].hit(f.DownX, f.DownY); ok {
		o.click(a, id)
	}
}

// back returns to the start screen (a game asked for is called off).
func (o *onlineScreen) back(a *App) {
	if o.link != nil {
		o.close()
		o.link, o.host, o.note = nil, nil, ""
		return
	}
	a.setScene(o.start)
}

func (o *onlineScreen) click(a *App, id widgetID) {
	ident := a.identity()
	prompt := func(title, text string, then func(string)) {
		a.push(&pathPrompt{title: title, text: text, plain: true, then: then})
	}
	switch id {
	case wOnlineBack, wOnlineCancel:
		o.back(a)
	case wOnlineName:
		prompt("Your name, as your opponents see it", ident.Name, func(t string) {
			ident.Name = strings.TrimSpace(t)
			a.saveIdentity()
		})
	case wOnlineRelay:
		prompt("Relay server address (ws://host:port or wss://…)", ident.Relay, func(t string) {
			ident.Relay = strings.TrimSpace(t)
			a.saveIdentity()
			a.online.listed, a.online.games, a.online.yourMove = time.Time{}, nil, 0
		})
	case wOnlineLive:
		o.days = 0
	case wOnlineHost:
		if o.days > 0 {
			o.note = "Days a move need a relay, which keeps the game while you are away: Create a game there."
			return
		}
		addr := cmpOr(a.flags.OnlineListen, ":0")
		h, err := online.Listen(addr)
		if err != nil {
			o.note = "Cannot host here: " + playerMessage(err)
			return
		}
		cfg := o.config(a)
		cfg.Dial, cfg.InviteAddr = h.Dial, h.Addr()
		cfg.Host = o.hostGame()
		o.begin(a, cfg, h, "Hosting: the code shows once the game is set up…")
	case wOnlineJoin:
		prompt("Invite code from your friend", "", func(t string) { o.join(a, t) })
	case wOnlineCreate:
		if ident.Relay == "" {
			o.note = "Set the relay server's address first."
			return
		}
		cfg := o.config(a)
		cfg.Dial = online.DialServer(ident.Relay)
		cfg.Host = o.hostGame()
		o.begin(a, cfg, nil, "Creating the game on "+ident.Relay+"…")
	case wOnlineWatch:
		prompt("Code of the game to watch (its id is enough on the relay)", "", func(t string) { o.watch(a, t) })
	default:
		var i int
		if _, err := fmt.Sscanf(string(id), "online-days-%d", &i); err == nil {
			o.days = i
			return
		}
		if _, err := fmt.Sscanf(string(id), "online-game-%d", &i); err == nil && i < len(a.online.games) {
			o.resume(a, a.online.games[i])
		}
	}
}

// resume opens again one of the player's games on the relay set here.
func (o *onlineScreen) resume(a *App, g proto.GameInfo) {
	cfg := o.config(a)
	cfg.Dial, cfg.Resume = online.DialServer(a.identity().Relay), g.Game
	o.begin(a, cfg, nil, "Opening the game…")
}

// watch follows a game read only: a direct code's game at its host, else
// the game of the id (a code's part before "-") on the relay set here.
func (o *onlineScreen) watch(a *App, code string) {
	cfg := o.config(a)
	if inv, err := proto.ParseInvite(code); err == nil && inv.Addr != "" {
		cfg.Dial, cfg.Watch = online.DialDirect(inv.Addr), inv.Game
		o.begin(a, cfg, nil, "Joining as a watcher…")
		return
	}
	if a.identity().Relay == "" {
		o.note = "Set the relay server's address first."
		return
	}
	gid, _, _ := strings.Cut(strings.ToUpper(strings.TrimSpace(code)), "-")
	if !proto.ValidID(gid) {
		o.note = fmt.Sprintf("%q is not a game's code: it is %d letters or digits, a dash and more.", strings.TrimSpace(code), proto.IDLen)
		return
	}
	cfg.Dial, cfg.Watch = online.DialServer(a.identity().Relay), gid
	o.begin(a, cfg, nil, "Joining as a watcher…")
}

// join joins the game of an invite code: directly when the code holds an
// address, else on the relay set here.
func (o *onlineScreen) join(a *App, code string) {
	inv, err := proto.ParseInvite(code)
	if err != nil {
		o.note = capitalize(playerMessage(err))
		return
	}
	cfg := o.config(a)
	cfg.Join = &inv
	switch {
	case inv.Addr != "":
		cfg.Dial = online.DialDirect(inv.Addr)
	case a.identity().Relay != "":
		cfg.Dial = online.DialServer(a.identity().Relay)
	default:
		o.note = "That code is a relay's: set the relay server's address first."
		return
	}
	o.begin(a, cfg, nil, "Joining…")
}

func (o *onlineScreen) config(a *App) online.Config {
	id := a.identity()
	return online.Config{Key: id.Key, Name: playerName(id)}
}

// hostGame is the game chosen on the start screen: game, options, clock (or
// days a move); the host plays first.
func (o *onlineScreen) hostGame() *online.HostGame {
	s := o.start
	return &online.HostGame{Game: s.games[s.sel].Name, Options: s.options().String(), Clock: o.control().String(), Seat: 0}
}

// control is the game's clock: days a move when chosen, else the start
// screen's.
func (o *onlineScreen) control() clock.Control {
	if o.days > 0 {
		return clock.CorrespondenceControl(o.days)
	}
	return o.start.clock
}

// liveLabel is the pace toggle of the start screen's clock.
func (o *onlineScreen) liveLabel() string {
	if o.start.clock.Kind == clock.NoClock {
		return "No clock"
	}
	return clockLabel(o.start.clock)
}

// begin asks for the game; tick opens it once seated.
func (o *onlineScreen) begin(a *App, cfg online.Config, h *online.Host, note string) {
	o.start.remember(a)
	o.link, o.host, o.note = online.Follow(online.Start(cfg), cfg.Name, a.sessionNow()), h, note
}

func (o *onlineScreen) draw(a *App, p painter, l *Layout) {
	p.dst.Fill(p.th.Background)
	sc := p.s
	s := o.start
	info := s.games[s.sel]
	p.text("Play online", 30, true, a.w/2, 40*sc, render.Center, p.th.Text)
	sub := info.Name
	if d := s.options().Describe(); d != "" {
		sub += " · " + d
	}
	cl := "no clock"
	if c := o.control(); c.Kind == clock.Correspondence {
		cl = c.Label() + " a move"
	} else if c.Kind != clock.NoClock {
		cl = clockLabel(c)
	}
	sub += " · " + cl + " · you play " + info.Players[0] + " (the start screen chooses the game)"
	p.text(sub, 14, false, a.w/2, 74*sc, render.Center, p.th.TextDim)
	x := l.rect(wOnlineName).X - 170*sc
	label := func(text string, id widgetID) {
		p.text(text, 15, true, x, l.rect(id).CY(), render.Left, p.th.Text)
	}
	hint := func(text string, id widgetID) {
		r := l.rect(id)
		p.text(text, 12, false, r.X+r.W+12*sc, r.CY(), render.Left, p.th.TextDim)
	}
	fieldBox := func(id widgetID) {
		w, _ := l.get(id)
		render.FillRoundRect(p.dst, w.r, 4*sc, p.th.Field)
		if w.enabled && w.r.Contains(p.ptrX, p.ptrY) {
			render.StrokeRoundRect(p.dst, w.r, 4*sc, 1*sc, p.th.Highlight)
		}
		p.text(w.label, 14, false, w.r.X+8*sc, w.r.CY(), render.Left, p.th.Text)
	}
	label("Your name", wOnlineName)
	fieldBox(wOnlineName)
	label("This network", wOnlineHost)
	hint("your friend joins with the code shown", wOnlineHost)
	label("A friend's game", wOnlineJoin)
	hint("paste or type the code they give you", wOnlineJoin)
	label("Relay server", wOnlineRelay)
	fieldBox(wOnlineRelay)
	label("Pace", wOnlineLive)
	for _, id := range append([]widgetID{wOnlineLive}, onlineDaysIDs()...) {
		w, _ := l.get(id)
		p.toggle(w, w.label, id == onlineDaysID(o.days) || (id == wOnlineLive && o.days == 0))
	}
	// Days a move explained right of the row, or under Create when no room.
	paceHint := "days a move: the game waits while the app is closed"
	last := l.rect(onlineDaysID(onlineDays[len(onlineDays)-1]))
	if w, _ := render.Measure(paceHint, render.Face(12*sc, false)); last.X+last.W+12*sc+w < a.w-8*sc {
		hint(paceHint, onlineDaysID(onlineDays[len(onlineDays)-1]))
	} else {
		c := l.rect(wOnlineCreate)
		p.text("Days a move: the game waits on the relay while the app is closed.", 12, false, c.X, c.Y+c.H+14*sc, render.Left, p.th.TextDim)
	}
	for _, id := range []widgetID{wOnlineHost, wOnlineJoin, wOnlineCreate, wOnlineWatch} {
		w, _ := l.get(id)
		style := accentButton
		if id == wOnlineHost {
			style = primaryButton
		}
		p.button(w, w.label, style, 14, true)
	}
	if _, ok := l.get("online-game-0"); ok {
		label("Your games", "online-game-0")
		for i := 0; ; i++ {
			w, ok := l.get(widgetID(fmt.Sprintf("online-game-%d", i)))
			if !ok {
				break
			}
			style := plainButton
			if i < len(a.online.games) && a.online.games[i].YourMove {
				style = accentButton
			}
			p.button(w, cutToFit(w.label, render.Face(13*sc, false), w.r.W-16*sc), style, 13, false)
		}
	} else if a.online.listErr != "" {
		p.text("Your games: "+a.online.listErr, 13, false, x, l.rect(wOnlineCreate).Y+80*sc, render.Left, p.th.TextDim)
	}
	for _, id := range []widgetID{wOnlineBack, wOnlineCancel} {
		if w, ok := l.get(id); ok {
			p.button(w, w.label, plainButton, 15, true)
		}
	}
	if o.note != "" {
		p.text(o.note, 15, true, a.w/2, a.h-100*sc, render.Center, p.th.Accent)
	}
}

// cutToFit is text cut to fit in w, with "…" where it was cut.
func cutToFit(text string, f *text.GoTextFace, w float64) string {
	if tw, _ := render.Measure(text, f); tw <= w {
		return text
	}
	r := []rune(text)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if tw, _ := render.Measure(string(r)+"…", f); tw <= w {
			break
		}
	}
	return string(r) + "…"
}

// onlineDaysIDs are the pace toggles of days a move.
func onlineDaysIDs() []widgetID {
	var ids []widgetID
	for _, d := range onlineDays {
		ids = append(ids, onlineDaysID(d))
	}
	return ids
}

// layPlayOnline places Play online left of Start on the start screen.
func (s *startScreen) layPlayOnline(a *App, l *Layout, by float64) {
	sc := a.scale
	st := l.rect(wStart)
	label := "Play online"
	if n := a.online.yourMove; n > 0 {
		label = fmt.Sprintf("Play online (%d your move)", n)
	}
	w := 200 * sc
	l.add(wPlayOnline, render.Rect{X: st.X - w - 16*sc, Y: by, W: w, H: 44 * sc}, true, label)
}

// playerName is the name opponents see: the one set here, else the login's.
func playerName(id *online.Identity) string {
	if id.Name != "" {
		return id.Name
	}
	if u := os.Getenv("USER"); u != "" {
		return strings.ToUpper(u[:1]) + u[1:]
	}
	return "Player"
}
