package ui

import (
	"trihex/game"
	"trihex/input"
	"trihex/render"
)

// The match on the game screen: resign and offer a draw (buttons in the box of
// the player who acts, keys, the Game menu), the box that asks before a
// resignation, the box in which the other player at this screen answers a draw
// offer, and takebacks as the seats allow them. The session decides what each
// seat may do (input/ending.go); the scene asks it and shows the answer.

// matchLayout is the match's part of the game screen's layout.
type matchLayout struct {
	clocks  [2]clockFace
	clockOn bool
	paused  string     // the pause said over the board, or ""
	actions []widgetID // Resign and Offer draw, in the acting player's box
}

// matchState is what the scene keeps of the match between frames.
type matchState struct {
	lowSaid [2]bool // the low-time sound was played for this side's short time
}

const (
	wResign        widgetID = "resign"     // input.CmdResign's name: a click gives the command
	wOfferDraw     widgetID = "offer-draw" // input.CmdOfferDraw's
	wConfirmResign widgetID = "confirm-resign"
	wAcceptDraw    widgetID = "accept-draw"
	wDeclineDraw   widgetID = "decline-draw"
)

// layMatch places the clocks and the Resign and Offer draw buttons, at the foot
// of the box of the player here who acts now (with two at this screen, the side
// to move), while the game goes on and the live position is shown.
func (p *playScene) layMatch(l *playLayout, s float64) {
	p.layClocks(l, s)
	sess := p.sess
	pl, here := sess.PlayerHere()
	if !here || p.guided() || sess.Result().Over || sess.Match.Reviewing() {
		return
	}
	box := l.boxes[pl]
	f := render.Face(13*s, true)
	x := box.X + box.W - 8*s
	for _, b := range []struct {
		id    widgetID
		label string
		on    bool
	}{{wOfferDraw, "Offer draw", sess.CanOfferDraw()}, {wResign, "Resign", sess.CanResign()}} {
		w, _ := render.Measure(b.label, f)
		w += 20 * s
		x -= w
		l.add(b.id, render.Rect{X: x, Y: box.Y + box.H - 30*s, W: w, H: 24 * s}, b.on, b.label)
		l.match.actions = append(l.match.actions, b.id)
		x -= 6 * s
	}
}

// drawMatch draws the clocks and the match's buttons.
func drawMatch(pt painter, l *playLayout) {
	drawClocks(pt, l)
	for _, id := range l.match.actions {
		w, _ := l.get(id)
		pt.button(w, w.label, accentButton, 13, true) // outlined: the box is a button's colour
	}
}

// matchCommand carries out Resign and Offer draw.
func (p *playScene) matchCommand(a *App, c input.Command) {
	s := p.sess
	if p.guided() {
		p.say("Lessons and puzzles are not games to resign or draw: New starts a game.")
		return
	}
	switch c {
	case input.CmdResign:
		if !s.CanResign() {
			p.say(p.noMatchAction("resign"))
			return
		}
		side, _ := s.PlayerHere()
		p.askResign(a, side)
	case input.CmdOfferDraw:
		if !s.CanOfferDraw() {
			if _, here := s.PlayerHere(); here && !s.Result().Over {
				p.say("Your draw offer is waiting for an answer.")
			} else {
				p.say(p.noMatchAction("offer a draw"))
			}
			return
		}
		by, _ := s.PlayerHere()
		p.handle(a, p.offerDraw(by))
	}
}

// noMatchAction says why nobody here can resign or offer a draw now.
func (p *playScene) noMatchAction(what string) string {
	if p.sess.Result().Over {
		return "The game is over: nothing to " + what + ". Undo takes a resignation or an agreed draw back."
	}
	return "Nobody plays at this screen: there is no one here to " + what + "."
}

// askResign asks the player of side before resigning for them.
func (p *playScene) askResign(a *App, side game.Player) {
	s := p.sess
	info := s.Info
	text := "The game ends and " + info.Players[side.Other()] + " wins."
	if s.CanExplore() || s.Seats[side.Other()].Program() {
		text += " Undo takes the resignation back."
	}
	a.push(&confirmBox{title: "Resign as " + info.Players[side] + "?", text: text,
		keep: func() bool { return !s.Result().Over }, // a flag while it asks: nothing left to resign
		buttons: []boxButton{
			{id: wConfirmResign, label: "Resign (Enter)", style: destructiveButton, run: func() { p.handle(a, p.resign(side)) }},
			{id: wConfirmCancel, label: "Play on (Esc)", style: plainButton},
		}})
}

// askDraw lets the player at this screen answer the draw offered by side by.
func (p *playScene) askDraw(a *App, by game.Player) {
	s := p.sess
	info := s.Info
	a.push(&confirmBox{title: info.Players[by] + " offers a draw",
		text: info.Players[by.Other()] + ": accept, and the game ends drawn; decline, and it goes on.",
		keep: func() bool { o, ok := s.Offer(); return ok && o.Kind == input.DrawOffer && o.By == by },
		buttons: []boxButton{
			{id: wAcceptDraw, label: "Accept draw (Enter)", style: primaryButton, run: func() { p.handle(a, p.answerDraw(true)) }},
			{id: wDeclineDraw, label: "Decline (Esc)", style: plainButton, run: func() { p.handle(a, p.answerDraw(false)) }},
		}})
}

// matchEvent shows what the session's event means for the match: a draw offered
// to the person here asks them, a declined one is said, and an end beyond the
// board sounds the end.
func (p *playScene) matchEvent(a *App, e input.Event) {
	s := p.sess
	switch e.Kind {
	case input.OfferMade:
		if e.Offer.Kind == input.DrawOffer && s.Seats[e.Offer.By.Other()].Here() {
			if _, ok := s.Offer(); ok {
				p.askDraw(a, e.Offer.By)
			}
		}
	case input.OfferDeclined:
		who := s.Info.Players[e.Offer.By.Other()]
		if s.Seats[e.Offer.By.Other()].Program() {
			who = "The computer"
		}
		what := "the draw"
		if e.Offer.Kind == input.TakebackOffer {
			what = "the takeback"
		}
		p.say(who + " declines " + what + ": play on.")
	case input.GameOver:
		if e.Result.Termination != game.ByRules {
			a.prefs.sound.play(sndEnd) // no move played it
		}
	}
}

// requestTakeback asks the other side to take back the player's last move
// where the seats make it a request (a remote seat); it reports whether it did.
func (p *playScene) requestTakeback(a *App) bool {
	s := p.sess
	if !s.CanRequestTakeback() {
		return false
	}
	by, _ := s.PlayerHere()
	p.handle(a, p.askForTakeback(by))
	p.say("Takeback asked: waiting for the answer.")
	return true
}

// pausedRefusal says why a click on the board does nothing while a timed game
// is paused, or "".
func (p *playScene) pausedRefusal() string {
	s := p.sess
	if s.Clock == nil || !s.Paused() || s.Result().Over || s.ComputerToMove() {
		return ""
	}
	return "The game is paused: Space starts the clocks again."
}

// gameMenuItems are the Game menu's items for the game on screen (p nil: none).
func gameMenuItems(p *playScene) []menuItem {
	on := func(ok bool) bool { return p == nil || !ok }
	var s *input.Session
	if p != nil {
		s = p.sess
	}
	can := func(f func(*input.Session) bool) bool { return s != nil && !p.guided() && f(s) }
	pause := "Pause"
	if s != nil && s.Paused() {
		pause = "Resume"
	}
	if s != nil && s.Clock != nil {
		pause += " the clocks"
	} else {
		pause += " the computer"
	}
	return []menuItem{
		{id: "menu-offer-draw", cmd: input.CmdOfferDraw, label: "Offer draw", keys: "D", disabled: on(can((*input.Session).CanOfferDraw))},
		{id: "menu-resign", cmd: input.CmdResign, label: "Resign…", keys: "Ctrl+R", disabled: on(can((*input.Session).CanResign))},
		{id: "menu-pause", cmd: input.CmdPauseComputer, label: pause, keys: "Space", group: true, disabled: on(can((*input.Session).CanPause))},
		{id: "menu-undo", cmd: input.CmdUndo, label: "Undo", keys: "Ctrl+Z", group: true,
			disabled: on(can(func(s *input.Session) bool { return s.CanUndo() || s.CanRequestTakeback() }))},
		{id: "menu-redo", cmd: input.CmdRedo, label: "Redo", keys: "Ctrl+Y", disabled: on(can((*input.Session).CanRedo))},
		{id: "menu-hint", cmd: input.CmdHint, label: "Hint", keys: "H", disabled: on(can((*input.Session).CanHint))},
	}
}
