package ui

import (
	"fmt"
	"os"
	"strings"
	"time"

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

// pollGames asks the relay for the player's games now and then, and takes the
// answer when it comes, without waiting.
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
				o.games, o.yourMove = r.Games, online.YourMove(r.Games)
			}
			a.wake(now)
		default:
		}
		return
	}
	if id.Relay == "" || now.Sub(o.listed) < time.Minute {
		return
	}
	o.listed = now
	o.listing = online.ListGamesAsync(online.DialServer(id.Relay), id.Key, 10*time.Second)
}

// onlineScreen is the Play online screen, and the wait for the seat once a
// game is asked for.
type onlineScreen struct {
	start *startScreen
	link  *online.Link // asked for: waiting for the seat
	host  *online.Host
	note  string  // what happens, or why not
	ring  keyRing // the button the keys ring (keynav.go)
}

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
)

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
	btn(wOnlineCreate, "Create a game", 170, 160)
	btn(wOnlineWatch, "Watch by code…", 338, 160)
	y += 60 * sc
	for i, g := range a.online.games[:min(len(a.online.games), 6)] {
		label := fmt.Sprintf("%s against %s · move %d", g.Kind, cmpOr(g.Opponent, "nobody yet"), g.Ply/2+1)
		if g.YourMove {
			label += " · your move"
		}
		l.add(widgetID(fmt.Sprintf("online-game-%d", i)), render.Rect{X: x + 170*sc, Y: y, W: 400 * sc, H: 30 * sc}, o.link == nil, label)
		y += 34 * sc
	}
	by := a.h - 70*sc
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
	case wOnlineHost:
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
		prompt("Code of the game to watch", "", func(t string) {
			if ident.Relay == "" {
				o.note = "Set the relay server's address first."
				return
			}
			gid, _, _ := strings.Cut(strings.TrimSpace(t), "-")
			if gid == "" {
				o.note = "No code given."
				return
			}
			cfg := o.config(a)
			cfg.Dial, cfg.Watch = online.DialServer(ident.Relay), gid
			o.begin(a, cfg, nil, "Joining as a watcher…")
		})
	default:
		var i int
		if _, err := fmt.Sscanf(string(id), "online-game-%d", &i); err == nil && i < len(a.online.games) {
			cfg := o.config(a)
			cfg.Dial, cfg.Resume = online.DialServer(ident.Relay), a.online.games[i].Game
			o.begin(a, cfg, nil, "Opening the game…")
		}
	}
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

// hostGame is the game chosen on the start screen: game, options, clock; the
// host plays first.
func (o *onlineScreen) hostGame() *online.HostGame {
	s := o.start
	return &online.HostGame{Game: s.games[s.sel].Name, Options: s.options().String(), Clock: s.clock.String(), Seat: 0}
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
	if s.clock.Kind != clock.NoClock {
		cl = clockLabel(s.clock)
	}
	sub += " · " + cl + " · you host as " + info.Players[0] + " (the start screen chooses)"
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
			p.button(w, w.label, plainButton, 13, false)
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
