package ui

import (
	"math"
	"strings"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/input/exercise"
	"trihex/render"
	"trihex/save"
)

// playScene is the game screen. The game itself is the session (display-free:
// moves, undo, the computer, the record); the scene turns the frame's input into
// session operations and the session's events into animations, sounds and the
// autosave. Its layout (playLayout) is built in Update; the board view, the panel
// and the review bar draw from it.
type playScene struct {
	sess    *input.Session
	sides   [2]int // piece colour of each player
	surface bool   // tiles on an unbounded surface (Andantino): pan and zoom
	lay     *playLayout
	bv      boardView
	list    moveList
	anims   animQueue
	status  flash // a refused action's reason, in the status line for a few seconds
	hover   hex.Coord
	hoverOn bool
	armed   *hex.Coord   // a losing cell clicked once: the second click plays it
	focus   input.Focus  // the target Tab rang (focus.go)
	ringBtn keyRing      // or the button it rang past the targets (keynav.go)
	th      render.Theme // the theme of the last layout
	// endHidden puts the end card away (Review) until the game changes or the
	// review returns to the live position.
	endHidden bool
	coach     coaching
	// mode is a game, a lesson or puzzles; modeReset: set the session to the
	// mode's position once the animations end.
	mode      exercise.Mode
	modeReset bool
	analysis  analysing
	match     matchState // the clocks' low-time warning (matchui.go)
	// clockShown is the clocks' text as last drawn, so that a running clock is
	// drawn when it changes rather than every frame.
	clockShown [2]string
	net        *netPlay         // a network game's link (onlineplay.go), or nil
	clock      func() time.Time // the app's (now)
}

// flash is a short message with an end.
type flash struct {
	text  string
	until time.Time
}

func (a *App) newPlay(sess *input.Session) *playScene {
	sess.Speed = a.prefs.settings.AnimationSpeed
	if a.flags.RecordOut != "" {
		// --record-out holds the game on screen from its first frame.
		if rec, err := sess.Record(); err == nil {
			a.prefs.writer.Put(save.WriteRecord, save.RecordJob(a.flags.RecordOut, rec))
		}
	}
	return &playScene{
		coach:   coaching{ply: -1, on: coached(sess)},
		sess:    sess,
		sides:   render.Sides(sess.Info),
		surface: !sess.Info.Board.Bounded(),
		list:    moveList{scrollPending: true},
		mode:    exercise.Free{},
		clock:   a.now,
	}
}

func (p *playScene) gameName() string { return p.sess.Info.Name }

func (p *playScene) close() {
	p.net.close()
	p.analysis.stop()
	p.sess.Close()
	p.bv.dispose()
}

// tick runs the animations and the session's clock: the computer's moves and the
// replay.
func (p *playScene) tick(a *App) {
	p.netTick(a)
	p.anims.tick(p.now())
	p.sess.Computer.Faster = a.prefs.settings.FasterReplies // the View menu may change it
	p.sess.Computer.Details = a.prefs.settings.Thinking
	p.handle(a, p.sess.Tick(p.anims.current() == nil))
	p.coach.tick(p)
	p.modeTick()
	p.analysis.tick(p)
	p.clockTick(a)
}

// handle turns the session's events into what the player sees and hears, and
// keeps the files in step.
func (p *playScene) handle(a *App, evs []input.Event) {
	for _, e := range evs {
		p.matchEvent(a, e)
		switch e.Kind {
		case input.MovePlayed, input.MovesRedone:
			p.pushAnims(animsFor(e.Before, e.Move, e.After, p.sides, p.surface))
			a.prefs.sound.play(sndKind(e.Sound))
		case input.MovesUndone:
			p.anims.clear()
		case input.Judged:
			p.judged(a, e.Judgement)
		case input.Failed:
			p.say(playerMessage(e.Err))
			p.status.until = p.status.until.Add(engineFailureExtra(e.Err))
		}
		if e.Changed() {
			p.status = flash{} // said of the position before
			p.endHidden = false
			p.bv.follow = true // a new tile may lie outside the view
			p.list.scrollPending = true
			p.armed = nil
			p.focus.Clear()
			a.files.autosave(a, p.sess)
		}
		if e.Kind == input.ViewChanged {
			if !p.sess.Match.Reviewing() {
				p.endHidden = false // back at the end: the card, with Rematch, returns
			}
			p.anims.clear()
			p.list.scrollPending = true
			p.bv.follow = true
		}
	}
}

// say shows a short message in the status line for a few seconds: why a click or
// key did nothing, or what a first click on a losing cell would do.
func (p *playScene) say(msg string) { p.status = flash{msg, p.now().Add(4 * time.Second)} }

// pushAnims queues a move's animation at the chosen speed.
func (p *playScene) pushAnims(as []*anim) {
	if sp := p.sess.Speed; sp > 0 && sp != 1 {
		for _, an := range as {
			an.dur = time.Duration(float64(an.dur) / sp)
		}
	}
	p.anims.push(as...)
}

func (p *playScene) update(a *App, f *input.Frame) {
	if p.lay == nil {
		return // not laid out yet: nothing was shown to click on
	}
	for _, c := range f.Commands(input.ScopeGame) {
		p.command(a, c)
	}
	p.pointer(a, f)
	if f.Click {
		p.anims.clear() // a click first finishes any running animation
		p.click(a, f.DownX, f.DownY)
	}
}

// command carries out a key's or a button's command.
func (p *playScene) command(a *App, c input.Command) {
	s := p.sess
	if p.keyCommand(a, c) {
		return
	}
	switch c {
	case input.CmdUndo, input.CmdRedo, input.CmdHint:
		if p.guided() {
			p.say("In a lesson or a puzzle, try another move; Try again sets a puzzle up afresh.")
			return
		}
		p.history(a, c)
	case input.CmdPass:
		if _, ok := s.Picker.Pass(); ok {
			s.Picker.Cancel()
			p.handle(a, s.Pass())
		} else if why := s.Picker.PassRefusal(); why != "" {
			p.say(capitalize(why))
		} else if ex, ok := s.Match.Live().(game.Explainer); ok && !s.Match.Reviewing() && !s.ComputerToMove() {
			p.say(capitalize(ex.PassRefusal()))
		} else {
			p.say("No pass now: it is not your turn to move.")
		}
	case input.CmdAnalyse, input.CmdReviewGame:
		switch {
		case p.guided():
			p.say("The engine's analysis is for games, not for lessons and puzzles.")
		case c == input.CmdAnalyse:
			p.analysis.toggle(p)
		default:
			p.analysis.startReview(p)
		}
	case input.CmdResign, input.CmdOfferDraw:
		p.matchCommand(a, c)
	case input.CmdDetails:
		a.run(c) // the player's setting, also in the View menu
	case input.CmdPauseComputer:
		s.TogglePause() // the computer's pause, and the clock's
	case input.CmdReviewStart:
		p.handle(a, s.Review(0))
	case input.CmdReviewBack:
		p.handle(a, s.Back())
	case input.CmdReviewForward:
		p.handle(a, s.Forward())
	case input.CmdReviewLive:
		p.handle(a, s.ToLive())
	case input.CmdReplayToggle:
		p.handle(a, s.ToggleReplay())
	case input.CmdReplaySpeed:
		s.Replay.Speed = input.NextSpeed(s.Replay.Speed)
	case input.CmdFitView:
		p.bv.fixed = false
		p.bv.refit = true
	case input.CmdSeriesNext:
		if ns := s.NextSeriesGame(); ns != nil {
			a.setScene(a.newPlay(ns))
		}
	case input.CmdNew:
		if p.guided() {
			p.toList(a)
		} else if s.SeriesNext() {
			p.command(a, input.CmdSeriesNext) // the New button reads "Next game" then
		} else {
			a.files.newGame(a)
		}
	case input.CmdRules, input.CmdShortcuts:
		a.push(newHelp(s.Info, c == input.CmdShortcuts))
	}
}

// history carries out Undo, Redo and Hint, saying why when there is nothing to do.
func (p *playScene) history(a *App, c input.Command) {
	s := p.sess
	switch c {
	case input.CmdUndo:
		if !s.CanUndo() {
			if p.requestTakeback(a) {
				return
			}
			p.say("Nothing to undo: no move has been played.")
			return
		}
		p.anims.clear()
		p.handle(a, s.Undo())
	case input.CmdRedo:
		if !s.CanRedo() {
			p.say("Nothing to redo: no move was taken back.")
			return
		}
		p.anims.clear()
		p.handle(a, s.Redo())
	case input.CmdHint:
		if !s.CanHint() {
			p.say("The hint is for your own turn in the game, not for the computer's or a reviewed position.")
			return
		}
		s.AskHint()
	}
}

// click acts on a click at (x, y): a button, the review bar, a row of the move
// list, or the board.
func (p *playScene) click(a *App, x, y float64) {
	l := p.lay
	if id, ok := l.hit(x, y); ok {
		if p.netClick(a, id) || p.endClick(a, id) || p.modeClick(a, id) || p.analysisClick(a, id, x) || p.treeClick(a, id) {
			return
		}
		if cmd, ok := input.ParseCommand(string(id)); ok {
			p.command(a, cmd)
		} else if id == wLive {
			p.command(a, input.CmdReviewLive)
		} else if id == wResume {
			p.handle(a, p.sess.ResumeHere())
		} else if id == wSlider {
			p.handle(a, p.sess.Review(input.SliderIndex(x, l.slider.X, l.slider.W, p.sess.Match.Len())))
		}
		return
	}
	if l.bar.Contains(x, y) {
		return // the bar's background: never the board under it
	}
	for _, row := range l.rows {
		if !row.r.Contains(x, y) {
			continue
		}
		switch {
		case row.node != nil && row.variation():
			p.visit(a, row.node)
		case row.done:
			p.handle(a, p.sess.Review(row.ply))
		}
		return
	}
	if !l.board.Contains(x, y) {
		return
	}
	if p.sess.Match.Reviewing() && !p.guided() && askResume(a, p) {
		return
	}
	c, ok := p.bv.cellAt(x, y, p.surface)
	p.focus.Clear() // the pointer took over
	p.ringBtn.clear()
	if !ok {
		p.armed = nil
		p.sess.Picker.ClickOutside()
		return
	}
	p.clickCell(a, c)
}

// clickCell acts on a click on cell c, or Enter on the ringed cell: a warning
// before a move that loses at once, the rules' reason for a choice that does
// nothing, or the picker's next stage and the move it completes.
func (p *playScene) clickCell(a *App, c hex.Coord) {
	pk := p.sess.Picker
	if msg := p.danger(c); msg != "" && (p.armed == nil || *p.armed != c) {
		// The move loses at once: ask for a second click rather than end the game
		// on a slip.
		p.armed = &c
		p.say(msg + " Click it again to play it.")
		return
	}
	p.armed = nil
	if why := p.refusal(c); why != "" {
		// A lesson may foresee this mistake and say more than the rules.
		if text, ok := p.mode.Refused(append(append([]hex.Coord(nil), pk.Selection()...), c)); ok {
			why = text
		}
		p.say(why) // the click does nothing: say why, in the rules' words
	}
	if p.guided() && p.anims.current() != nil {
		return // the answer is still being played out
	}
	if o := pk.Click(c); o.Action == input.Play {
		p.handle(a, p.sess.Play(o.Move))
	}
}

// refusal says why a click on c does nothing now, or "".
func (p *playScene) refusal(c hex.Coord) string {
	s := p.sess
	switch {
	case p.mode.Why() != "":
		return p.mode.Why()
	case s.Result().Over:
		return "The game is over: " + s.ResultText() + ". New starts another; Undo takes moves back."
	case p.pausedRefusal() != "":
		return p.pausedRefusal()
	case s.ComputerToMove():
		if s.Computer.Paused {
			return "It is the computer's turn, and it is paused: Space lets it move."
		}
		return "It is the computer's turn: wait for its move."
	}
	return capitalize(s.Picker.Refusal(c))
}

// capitalize starts a reason with a capital, as a sentence in the status line.
func capitalize(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pointer pans and zooms the surface, drags the review slider, scrolls the move
// list and follows the hover.
func (p *playScene) pointer(a *App, f *input.Frame) {
	l := p.lay
	// The slider follows a press and drag that began on it.
	if f.Down && l.slider.W > 0 && l.slider.Contains(f.DownX, f.DownY) {
		if i := input.SliderIndex(f.X, l.slider.X, l.slider.W, p.sess.Match.Len()); i != p.sess.Match.ViewIndex() {
			p.handle(a, p.sess.Review(i))
		}
	} else if p.surface {
		bv := &p.bv
		if f.Dragging && f.Down && l.board.Contains(f.DownX, f.DownY) && !l.bar.Contains(f.DownX, f.DownY) && (f.DX != 0 || f.DY != 0) {
			bv.view = bv.view.Pan(f.DX, f.DY)
			bv.fixed = true
		}
		if f.Wheel != 0 && l.board.Contains(f.X, f.Y) {
			s := a.scale
			bv.view = bv.view.ZoomAt(f.X, f.Y, math.Pow(1.15, f.Wheel), 8*s, 120*s)
			bv.fixed = true
		}
	}
	if f.Wheel != 0 && l.list.Contains(f.X, f.Y) {
		p.list.top = max(0, p.list.top-int(f.Wheel))
	}
	p.hover, p.hoverOn = hex.Coord{}, false
	if l.board.Contains(f.X, f.Y) && !l.bar.Contains(f.X, f.Y) {
		p.hover, p.hoverOn = p.bv.cellAt(f.X, f.Y, p.surface)
	}
}

// lastCells are the cells of the move that led to the shown position.
func (p *playScene) lastCells() []hex.Coord {
	m := p.sess.Match
	i := m.ViewIndex()
	if i == 0 {
		return nil
	}
	mv, st := m.Move(i - 1)
	return input.Cells(st, mv)
}

// seatName says who plays side pl.
func seatName(st input.Seat) string {
	switch {
	case st.Kind == input.Computer:
		return "Computer, " + ai.LevelName(st.Level)
	case st.Name != "":
		return st.Name
	}
	return st.String()
}

// visit goes to a variation from the move list: in a game between humans it
// becomes the position played; against the computer it is refused, since the
// computer would answer there.
func (p *playScene) visit(a *App, n *save.Node) {
	if !p.sess.CanExplore() {
		p.say("Variations can be visited in a game between humans: against the computer, it would answer there. Save the game and open it with two humans to explore them.")
		return
	}
	p.handle(a, p.sess.GoTo(n))
}

// treeClick acts on the move list's header buttons; it reports whether id was one.
func (p *playScene) treeClick(a *App, id widgetID) bool {
	s := p.sess
	switch id {
	case wComment:
		n := s.Match.ViewNode()
		a.push(&pathPrompt{title: "Comment on " + moveLabel(p.sess.Match, s.Match.ViewIndex()) + " (Enter keeps it; empty removes it)",
			text: n.Comment, then: func(text string) { s.Tree().Comment(text); a.files.autosave(a, s) }, keepEmpty: true})
	case wPromote:
		s.Tree().Promote()
	case wMainLine:
		s.Tree().MakeMainLine()
	case wDelete:
		p.handle(a, s.Tree().DeleteVariation())
	default:
		return false
	}
	return true
}

// askResume answers a click on the board while an earlier position is shown: a
// move there starts a variation, the moves after it staying in the record. In a
// game between humans it plays on from there at once; against the computer it
// asks first, since the computer will answer from there, and reports that it
// asked (the click is then done).
func askResume(a *App, p *playScene) bool {
	if p.sess.CanExplore() {
		p.handle(a, p.sess.ResumeHere())
		return false
	}
	a.push(&confirmBox{title: "Play on from here?",
		text: "The computer will answer from this position. The moves after it stay in the record as a variation, and Redo brings them back.",
		buttons: []boxButton{
			{id: "confirm-resume", label: "Play from here (Enter)", style: primaryButton, run: func() { p.handle(a, p.sess.ResumeHere()) }},
			{id: wConfirmCancel, label: "Cancel (Esc)", style: plainButton},
		}})
	return true
}

// frames asks for the frames the game needs without input: every frame while a
// move is animated or a refused action's reason fades, twenty a second while a
// hint pulses (a slow pulse needs no more); a look at a running clock every
// tenth, drawn when its text changes; and an
// Update every frame while the computer, the hint, the analysis or a replay runs
// (their news comes from other goroutines), drawn ten times a second for their
// progress.
func (p *playScene) frames(a *App, fr *frames, now time.Time) {
	s := p.sess
	if p.anims.current() != nil {
		fr.moving()
	} else if len(s.HintCells()) > 0 && !s.Match.Reviewing() {
		fr.drawAt(now.Add(50 * time.Millisecond))
	}
	if now.Before(p.status.until) {
		if fade := p.status.until.Add(-time.Second); now.Before(fade) {
			fr.drawAt(fade)
		} else {
			fr.moving()
		}
		fr.drawAt(p.status.until.Add(time.Millisecond))
	}
	if c := s.Clock; c != nil && c.Running() {
		// Its text is read every tenth (tenths show under ten seconds, and the
		// flag falls on time), drawn when it changes; the low clock blinks.
		for pl := game.First; pl <= game.Second; pl++ {
			if t := c.Text(pl); t != p.clockShown[pl] {
				p.clockShown[pl] = t
				fr.changed()
			}
		}
		fr.pollAt(now.Add(100 * time.Millisecond))
		if pl := c.ToMove(); c.Low(pl) && c.UntilFlag(pl) < 10*time.Second {
			const blink = 500 * time.Millisecond
			fr.drawAt(now.Truncate(blink).Add(blink))
		}
	}
	p.netFrames(fr, now)
	an := &p.analysis
	if s.Computer.Thinking() || s.Computer.HintRunning() || s.Replay.Playing || an.live != nil ||
		an.review.running() || p.modeReset {
		fr.pollAt(now.Add(frameGap))
		fr.drawAt(now.Add(100 * time.Millisecond))
	}
}
