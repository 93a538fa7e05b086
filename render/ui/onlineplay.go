package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/input"
	"trihex/online"
	"trihex/online/proto"
	"trihex/render"
)

// A network game on the game screen. The session is the Link's (its opponent
// a Remote seat); each tick polls the Link without waiting and feeds what came
// into the scene as any session's events. Around the board: the opponent's
// connection in their box, the invite code until they join, a banner while
// the connection is down (drawn, never a box: the board stays playable), the
// chat's last lines with a line to type, and the network's own buttons
// (Takeback, Abort, Claim win, Chat, Mute). Resign, Offer draw and the answers
// to offers go through the Link (matchui.go asks netPlay first).

// netPlay is the network's part of a game scene.
type netPlay struct {
	link *online.Link
	host *online.Host // a game hosted on this network: the authority, kept while the game is
	st   online.Status
	wake chan struct{} // closed when the scene closes: stops the waker
	ply  int           // the moves when last polled: a move in a game by days lists the games again
}

const (
	wNetTakeback  widgetID = "net-takeback"
	wNetAbort     widgetID = "net-abort"
	wNetClaimWin  widgetID = "net-claim-win"
	wNetClaimDraw widgetID = "net-claim-draw"
	wNetChat      widgetID = "net-chat"
	wNetMute      widgetID = "net-mute"
	wNetInvite    widgetID = "net-invite" // the invite code: its label is the code
	wNetBanner    widgetID = "net-banner" // Reconnecting…: drawn only, never hit
	wNetLine      widgetID = "net-line"   // the opponent's connection, in their box
	wNetAccept    widgetID = "net-accept"
	wNetDecline   widgetID = "net-decline"
	wNetRematch   widgetID = "net-rematch" // after an abort, which has no end card
)

// netLayout is the network's part of the game screen's layout.
type netLayout struct {
	line    string // the opponent's connection
	name    string // the opponent's name, which the line begins with
	lineOK  bool
	banner  string
	invite  string
	chat    []string // the last lines, oldest first
	chatBox render.Rect
	buttons []widgetID
}

// newNetPlay is the game scene of a Link whose session has just been made.
func (a *App) newNetPlay(link *online.Link, host *online.Host) *playScene {
	p := a.newPlay(link.Session())
	n := &netPlay{link: link, host: host, wake: make(chan struct{})}
	p.net = n
	// The network's news comes on other goroutines: each wakes the window.
	go func() {
		for {
			select {
			case <-n.wake:
				return
			case <-link.Wake():
				a.wake(a.now())
			}
		}
	}()
	n.st = link.Status()
	return p
}

// close leaves the game: the connection ends (a relay keeps the game), and a
// game hosted here ends with its host.
func (n *netPlay) close() {
	if n == nil {
		return
	}
	close(n.wake)
	n.link.Close()
	if n.host != nil {
		n.host.Close()
	}
}

// askLeave asks what leaving a network game needs asked, and reports whether
// it took over (then runs at once or once the player agrees). A relay keeps
// its games: they are left without a word and opened again from Play online.
// A game hosted here ends with it: in play, leaving is asked for; over, the
// record may be saved first (it is not autosaved).
func (n *netPlay) askLeave(a *App, p *playScene, what string, then func()) bool {
	switch {
	case n == nil:
		return false
	case n.host == nil:
		then()
		return true
	case !n.st.Over && n.st.Joined:
		them := "your friend"
		if me, ok := n.me(); ok {
			them = cmpOr(n.st.Names[me.Other()], them)
		}
		a.push(&confirmBox{
			title: what + "?",
			text:  "You host this game on this network: it ends for " + them + " when you leave it, and nobody wins it. Resign or finish it first to give it a result.",
			buttons: []boxButton{
				{id: wConfirmDiscard, label: "Leave the game (Enter)", style: destructiveButton, run: then},
				{id: wConfirmCancel, label: "Stay (Esc)", style: plainButton},
			},
		})
	case p.sess.Match.Len() > 0 && p.sess.Unsaved():
		a.push(&confirmBox{
			title: what + "?",
			text:  "The game hosted here is gone once you leave it. Save its record first?",
			buttons: []boxButton{
				{id: wConfirmSave, label: "Save (Enter)", style: primaryButton, run: func() { a.files.saveThen(a, then) }},
				{id: wConfirmDiscard, label: "Don't save", style: destructiveButton, run: then},
				{id: wConfirmCancel, label: "Cancel (Esc)", style: plainButton},
			},
		})
	default:
		then()
	}
	return true
}

// me is the side played here, and whether one is (not watching).
func (n *netPlay) me() (game.Player, bool) {
	if n.st.Seat != 1 && n.st.Seat != 2 {
		return game.NoPlayer, false
	}
	return game.Player(n.st.Seat - 1), true
}

// netTick polls the Link and shows what came.
func (p *playScene) netTick(a *App) {
	n := p.net
	if n == nil {
		return
	}
	for _, e := range n.link.Poll() {
		p.netEvent(a, e)
	}
	n.st = n.link.Status()
	if ply := p.sess.Match.Len(); ply != n.ply {
		n.ply = ply
		if p.byDays() {
			a.online.listed = time.Time{} // whose move it is changed: the title's count too
		}
	}
	a.pollGames(a.now())
}

// byDays reports whether the game is played by days a move.
func (p *playScene) byDays() bool {
	return p.sess.Clock != nil && p.sess.Clock.Control().Kind == clock.Correspondence
}

// netEvent shows one of the Link's events.
func (p *playScene) netEvent(a *App, e online.LinkEvent) {
	n := p.net
	them := "Your opponent"
	if me, ok := n.me(); ok && n.st.Names[me.Other()] != "" {
		them = n.st.Names[me.Other()]
	}
	switch e.Kind {
	case online.LinkSession:
		p.adopt(a, n.link.Session())
	case online.LinkGame:
		p.handle(a, e.Input)
		for _, ev := range e.Input {
			if ev.Kind == input.OfferMade && ev.Offer.Kind == input.TakebackOffer && p.sess.Seats[ev.Offer.By.Other()].Here() {
				p.askTakeback(a, ev.Offer.By)
			}
			if ev.Kind == input.OfferDeclined && n.st.Names[ev.Offer.By.Other()] != "" {
				// Said by name: the opponent is a person, not a colour.
				what := map[input.OfferKind]string{input.DrawOffer: "the draw", input.TakebackOffer: "the takeback"}[ev.Offer.Kind]
				p.say(n.st.Names[ev.Offer.By.Other()] + " declines " + what + ": play on.")
			}
		}
	case online.LinkFailed:
		a.showError(capitalize(e.Text))
	case online.LinkJoined:
		a.prefs.sound.play(sndEnd)
		a.showNotice(e.Text + " joined: the game is on.")
	case online.LinkPresence:
		if e.OK {
			a.showNotice(them + " is back.")
		} else {
			a.showNotice(them + " left the game: it waits for them.")
		}
	case online.LinkOffer:
		p.askOffer(a, e.Offer, them)
	case online.LinkAnswer:
		what := map[string]string{proto.OfferAbort: "abort", proto.OfferRematch: "rematch"}[e.Offer]
		if !e.OK {
			p.say(fmt.Sprintf("%s declines the %s.", them, what))
		}
	case online.LinkRefused:
		p.say(capitalize(e.Text))
	case online.LinkAborted:
		a.showNotice("The game was aborted: it counts for nobody.")
	}
}

// adopt shows s, the Link's new session (a rematch, or the game rebuilt
// from the authority's), in place of the old one, without animating it.
func (p *playScene) adopt(a *App, s *input.Session) {
	if s == nil || s == p.sess {
		return
	}
	s.Speed = a.prefs.settings.AnimationSpeed
	p.sess = s
	p.sides = render.Sides(s.Info)
	p.anims.clear()
	p.list = moveList{scrollPending: true}
	p.endHidden, p.armed, p.status = false, nil, flash{}
	p.match, p.clockShown = matchState{}, [2]string{}
	p.bv.follow = true
}

// askOffer asks the player to answer the opponent's offer of an abort or a
// rematch.
func (p *playScene) askOffer(a *App, kind, them string) {
	n := p.net
	title, text, yes := them+" asks to abort the game", "Aborted, it counts for nobody; declined, it goes on.", "Abort (Enter)"
	answer := n.link.AnswerAbort
	if kind == proto.OfferRematch {
		title, text, yes = them+" offers a rematch", "A new game with the colours swapped.", "Play again (Enter)"
		answer = n.link.AnswerRematch
	}
	a.push(&confirmBox{title: title, text: text,
		keep: func() bool { return n.hasTheirOffer(kind) },
		buttons: []boxButton{
			{id: wNetAccept, label: yes, style: primaryButton, run: func() { answer(true) }},
			{id: wNetDecline, label: "Decline (Esc)", style: plainButton, run: func() { answer(false) }},
		}})
}

func (n *netPlay) hasTheirOffer(kind string) bool {
	for _, k := range n.link.Status().TheirOffers {
		if k == kind {
			return true
		}
	}
	return false
}

// askTakeback asks the player to answer the opponent's takeback request.
func (p *playScene) askTakeback(a *App, by game.Player) {
	s := p.sess
	info := s.Info
	who := cmpOr(p.net.st.Names[by], info.Players[by])
	a.push(&confirmBox{title: who + " asks to take a move back",
		text: "Accept, and their last move is taken back; decline, and the game goes on.",
		keep: func() bool { o, ok := s.Offer(); return ok && o.Kind == input.TakebackOffer && o.By == by },
		buttons: []boxButton{
			{id: wNetAccept, label: "Accept (Enter)", style: primaryButton, run: func() { p.handle(a, p.net.link.AnswerTakeback(true)) }},
			{id: wNetDecline, label: "Decline (Esc)", style: plainButton, run: func() { p.handle(a, p.net.link.AnswerTakeback(false)) }},
		}})
}

// layNet places the network's parts: the opponent's line in their box, the
// invite, the banner, the chat and the buttons under the board's top left.
func (p *playScene) layNet(l *playLayout, s float64) {
	n := p.net
	if n == nil {
		return
	}
	st := n.st
	nl := &l.net
	me, plays := n.me()
	if plays {
		them := me.Other()
		box := l.boxes[them]
		switch {
		case !st.Joined && !st.Over:
			nl.line = "waiting for them to join"
		case !st.Connected:
			nl.line = "not known while we reconnect" // the last news of them may be old
		case !st.Present && p.byDays():
			nl.line = "away · the game waits for their move"
			if p.sess.Match.Live().ToMove() == me {
				nl.line = "away · they see your move when they come back"
			}
		case !st.Present:
			nl.line = "gone " + clockWords(st.Away)
			if st.ClaimIn > 0 {
				nl.line += " · claim in " + clockWords(st.ClaimIn)
			}
		default:
			nl.line, nl.lineOK = "connected", true
			switch {
			case st.RTT >= time.Millisecond:
				nl.line += fmt.Sprintf(" · %d ms", st.RTT.Milliseconds())
			case st.RTT > 0:
				nl.line += " · under 1 ms"
			}
		}
		// Their name first: a narrow box's title may have room for the side only.
		if name := st.Names[them]; name != "" {
			nl.line, nl.name = name+" · "+nl.line, name
		}
		l.add(wNetLine, render.Rect{X: box.X + 12*s, Y: box.Y + 76*s, W: box.W - 24*s, H: 20 * s}, false, nl.line)
	}
	if !st.Connected {
		nl.banner = "Reconnecting…"
		if st.Reconnects == 0 {
			nl.banner = "Connecting…"
		}
		b := l.board
		l.add(wNetBanner, render.Rect{X: b.CX() - 120*s, Y: b.Y + 60*s, W: 240 * s, H: 32 * s}, false, nl.banner)
	}
	if st.Invite != "" && !st.Joined {
		nl.invite = st.Invite
		l.Invite = st.Invite
		// Over the move list, empty until the friend joins: the board stays clear.
		r := l.list
		l.add(wNetInvite, render.Rect{X: r.X, Y: r.Y + 26*s, W: r.W, H: min(r.H-26*s, 130*s)}, false, st.Invite)
	}
	// The buttons, in a row at the board's foot, over the chat's lines.
	b := l.board
	bottom := b.Y + b.H - 10*s
	if l.bar.H > 0 {
		bottom = l.bar.Y - 6*s
	}
	if l.coachLine.H > 0 {
		bottom = l.coachLine.Y - 6*s
	}
	if _, over := l.get(wResult); over {
		bottom = l.rect(wResult).Y - 6*s
	}
	f := render.Face(13*s, true)
	x := b.X + 10*s
	y := bottom - 26*s
	add := func(id widgetID, label string, on bool) {
		w, _ := render.Measure(label, f)
		w += 20 * s
		l.add(id, render.Rect{X: x, Y: y, W: w, H: 24 * s}, on, label)
		nl.buttons = append(nl.buttons, id)
		x += w + 6*s
	}
	if plays && st.Aborted {
		// An aborted game has no result, so no end card: its rematch is here.
		l.status = "Game aborted: it counts for nobody"
		l.Status = l.status
		if slices.Contains(st.MyOffers, proto.OfferRematch) {
			add(wNetRematch, "Rematch offered", false)
		} else {
			add(wNetRematch, "Rematch", true)
		}
	}
	if plays && !st.Over {
		add(wNetTakeback, "Takeback", p.sess.CanRequestTakeback())
		if st.AbortAlone {
			add(wNetAbort, "Abort", true)
		}
		if st.CanClaim {
			add(wNetClaimWin, "Claim win", true)
			add(wNetClaimDraw, "Claim draw", true)
		}
	}
	if plays {
		add(wNetChat, "Chat…", true)
	}
	mute := "Mute chat"
	if st.Muted {
		mute = "Unmute chat"
	}
	add(wNetMute, mute, true)
	lines := st.Chat[max(0, len(st.Chat)-4):]
	for _, c := range lines {
		who := "Watcher"
		if c.Seat == 1 || c.Seat == 2 {
			who = cmpOr(st.Names[c.Seat-1], p.sess.Info.Players[c.Seat-1])
		}
		nl.chat = append(nl.chat, who+": "+c.Text)
	}
	// For --layout-out: the moves the session has, so that a test driving two
	// windows waits for a move to arrive rather than for a time.
	l.add(widgetID(fmt.Sprintf("net-ply-%d", p.sess.Match.Len())), render.Rect{}, false, "")
	if len(nl.chat) > 0 {
		h := float64(len(nl.chat))*17*s + 10*s
		nl.chatBox = render.Rect{X: b.X + 10*s, Y: y - 6*s - h, W: min(b.W-20*s, 420*s), H: h}
		l.add("net-chat-lines", nl.chatBox, false, nl.chat[len(nl.chat)-1])
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// clockWords is a duration as a clock shows it: 0:12, 1:02:03.
func clockWords(d time.Duration) string {
	d = max(0, d).Round(time.Second)
	h, m, sec := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, sec)
	}
	return fmt.Sprintf("%d:%02d", m, sec)
}

// drawNet draws the network's parts.
func (p *playScene) drawNet(pt painter, l *playLayout) {
	if p.net == nil {
		return
	}
	s, th := pt.s, pt.th
	nl := &l.net
	if w, ok := l.get(wNetLine); ok {
		c := th.TextDim
		dot := th.Danger
		if nl.lineOK {
			dot = th.Accent
		}
		render.FillRoundRect(pt.dst, render.Rect{X: w.r.X, Y: w.r.CY() - 4*s, W: 8 * s, H: 8 * s}, 4*s, dot)
		f := render.Face(13*s, true)
		pt.t.Add(fitText(w.r.W-14*s, f, nl.line, strings.TrimPrefix(nl.line, nl.name+" · ")), f, w.r.X+14*s, w.r.CY(), render.Left, c)
	}
	if nl.chatBox.H > 0 {
		r := nl.chatBox
		render.FillRoundRect(pt.dst, r, 6*s, th.Scrim)
		f := render.Face(13*s, false)
		for i, line := range nl.chat {
			pt.t.Add(fitText(r.W-16*s, f, line, line[:min(len(line), 40)]+"…"), f, r.X+8*s, r.Y+13*s+float64(i)*17*s, render.Left, th.Text)
		}
	}
	for _, id := range nl.buttons {
		w, _ := l.get(id)
		style := plainButton
		if id == wNetClaimWin || id == wNetRematch {
			style = primaryButton
		}
		pt.button(w, w.label, style, 13, true)
	}
	if w, ok := l.get(wNetInvite); ok {
		r := w.r
		render.FillRoundRect(pt.dst, r, 8*s, th.ResultBG)
		render.StrokeRoundRect(pt.dst, r, 8*s, 2*s, th.LastMove)
		f := render.Face(13*s, false)
		for i, line := range wrap("Waiting for your friend: give them this code.", f, r.W-20*s) {
			pt.t.Add(line, f, r.X+10*s, r.Y+16*s+float64(i)*16*s, render.Left, th.Text)
		}
		// The code in lines that fit: cut after the address and the game's id.
		cf := render.Face(14*s, true)
		var lines []string
		code := nl.invite
		for _, sep := range []string{"/", "-"} {
			if i := strings.LastIndex(code, sep); i > 0 {
				lines = append(lines, code[:i+1])
				code = code[i+1:]
			}
		}
		lines = append(lines, code)
		for i, line := range lines {
			pt.t.Add(line, cf, r.X+10*s, r.Y+56*s+float64(i)*21*s, render.Left, th.LastMove)
		}
	}
	if w, ok := l.get(wNetBanner); ok {
		render.FillRoundRect(pt.dst, w.r, 8*s, th.Destructive)
		pt.text(w.label, 15, true, w.r.CX(), w.r.CY(), render.Center, th.Text)
	}
}

// netClick acts on the network's buttons (and Rematch on the end card, which
// online is an offer); it reports whether id was one.
func (p *playScene) netClick(a *App, id widgetID) bool {
	n := p.net
	if n == nil {
		return false
	}
	switch id {
	case wResultRematch, wNetRematch:
		n.link.Rematch()
		p.say("Rematch offered: waiting for the answer.")
	case wNetTakeback:
		p.requestTakeback(a)
	case wNetAbort:
		alone := n.st.AbortAlone
		n.link.Abort()
		if !alone {
			p.say("Abort asked: waiting for the answer.")
		}
	case wNetClaimWin:
		n.link.ClaimWin()
	case wNetClaimDraw:
		n.link.ClaimDraw()
	case wNetChat:
		a.push(&pathPrompt{title: "Say to your opponent", keepEmpty: false, plain: true, then: func(t string) {
			n.link.Chat(t)
		}})
	case wNetMute:
		n.link.Mute(!n.st.Muted)
		n.st = n.link.Status()
	default:
		return false
	}
	return true
}

// netFrames asks for the frames the network's status needs: the opponent's
// time away counts in seconds.
func (p *playScene) netFrames(fr *frames, now time.Time) {
	if p.net == nil {
		return
	}
	st := p.net.st
	if !st.Connected || (st.Joined && !st.Present) {
		fr.pollAt(now.Add(250 * time.Millisecond))
	}
}

// netTitle is the title's count of the games waiting for the player's move.
func (a *App) netTitle() string {
	switch n := a.online.yourMove; {
	case n == 1:
		return " · 1 game waits for you"
	case n > 1:
		return fmt.Sprintf(" · %d games wait for you", n)
	}
	return ""
}

// resign, offerDraw, answerDraw and askForTakeback act in the session, and in
// a network game through the Link, which tells the authority.
func (p *playScene) resign(side game.Player) []input.Event {
	if p.net != nil {
		return p.net.link.Resign()
	}
	return p.sess.Resign(side)
}

func (p *playScene) offerDraw(by game.Player) []input.Event {
	if p.net != nil {
		return p.net.link.OfferDraw()
	}
	return p.sess.OfferDraw(by)
}

func (p *playScene) answerDraw(ok bool) []input.Event {
	if p.net != nil {
		return p.net.link.AnswerDraw(ok)
	}
	return p.sess.AnswerDraw(ok)
}

func (p *playScene) askForTakeback(by game.Player) []input.Event {
	if p.net != nil {
		return p.net.link.RequestTakeback()
	}
	return p.sess.RequestTakeback(by)
}
