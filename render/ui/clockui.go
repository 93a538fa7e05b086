package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/render"
	"trihex/save"
)

// The game's clocks on the game screen: each side's clock at the top right of
// its box, the side to move's lit while it runs, red once its time is short
// (clock.Control.LowTime, which scales with the base time) with one sound as it
// gets there, and the pause said over the board. The session keeps the clock
// (input/timing.go): it presses it on every move, restores it on undo, and ends
// the game when a flag falls; the scene only shows it.

// clockFace is one side's clock as the layout placed it.
type clockFace struct {
	text     string
	left     time.Duration // until its flag falls
	rect     render.Rect
	running  bool // the side to move's, counting down now
	low      bool // at or under the control's low-time mark
	flagged  bool // its time ran out
	standing bool // paused, or not started: the side has not moved yet
}

// clockW is the width of a clock in logical pixels, kept free right of the
// name in each player box.
const clockW = 100

// clockRoom is the room the clocks take from the names in the player boxes.
func (p *playScene) clockRoom(s float64) float64 {
	if p.sess.Clock == nil {
		return 0
	}
	return (clockW + 8) * s
}

// layClocks reads the clocks for this frame (Draw only reads the layout).
func (p *playScene) layClocks(l *playLayout, s float64) {
	c := p.sess.Clock
	m := &l.match
	if c == nil {
		return
	}
	m.clockOn = true
	flag := c.Flag()
	running := c.Running()
	for pl := game.First; pl <= game.Second; pl++ {
		box := l.boxes[pl]
		m.clocks[pl] = clockFace{
			text:     c.Text(pl),
			left:     c.UntilFlag(pl),
			rect:     render.Rect{X: box.X + box.W - (clockW+6)*s, Y: box.Y + 5*s, W: clockW * s, H: 28 * s},
			running:  running && c.ToMove() == pl,
			low:      c.Low(pl),
			flagged:  flag == pl,
			standing: c.ToMove() == pl && !running,
		}
	}
	if p.sess.Paused() && !p.sess.Result().Over {
		m.paused = "Paused · Space starts the clocks again"
		if p.sess.ComputerToMove() {
			m.paused = "Paused · Space lets the computer move"
		}
	}
}

// clockTick sounds the low-time warning once as the running clock gets there
// (again only after its time rose above the mark, by an increment or an undo).
func (p *playScene) clockTick(a *App) {
	c := p.sess.Clock
	if c == nil || p.sess.Result().Over || p.guided() {
		return
	}
	for pl := game.First; pl <= game.Second; pl++ {
		low := c.Low(pl)
		if !low {
			p.match.lowSaid[pl] = false
			continue
		}
		if c.Running() && c.ToMove() == pl && !p.match.lowSaid[pl] {
			p.match.lowSaid[pl] = true
			if p.sess.Seats[pl].Here() {
				a.prefs.sound.play(sndLow) // the warning is for the person whose time runs short
			}
		}
	}
}

// drawClocks draws both clocks in the player boxes.
func drawClocks(pt painter, l *playLayout) {
	m := &l.match
	if !m.clockOn {
		return
	}
	s, th := pt.s, pt.th
	for _, f := range m.clocks {
		bg, fg := th.List, th.TextDim
		switch {
		case f.flagged:
			bg, fg = th.Danger, th.Text
		case f.running && f.low:
			// Blinks at a second's pace in its last ten seconds.
			bg, fg = th.Danger, th.Text
			if f.left < 10*time.Second && pt.now.UnixMilli()/500%2 == 1 {
				bg = th.Warning
			}
		case f.low:
			fg = th.Danger
		case f.running:
			bg, fg = th.ButtonOn, th.Text
		case f.standing:
			fg = th.Text
		}
		render.FillRoundRect(pt.dst, f.rect, 6*s, bg)
		if f.running {
			render.StrokeRoundRect(pt.dst, f.rect, 6*s, 2*s, th.Highlight)
		}
		size := 19.0
		if w, _ := render.Measure(f.text, render.Face(size*s, true)); w > f.rect.W-10*s {
			size = 15 // a long byo-yomi line ("12:34 ×10"): smaller rather than over the edge
		}
		pt.text(f.text, size, true, f.rect.CX(), f.rect.CY(), render.Center, fg)
	}
}

// sessionNow is the time the game sessions read: the app's (now), or with
// --time-scale (testing) a clock that runs that many times faster, so that an
// end-to-end test sees a 1+0 game's flag fall in seconds.
func (a *App) sessionNow() func() time.Time {
	k := a.flags.TimeScale
	if k <= 0 || k == 1 {
		return a.now
	}
	start := a.now()
	return func() time.Time { return start.Add(time.Duration(float64(a.now().Sub(start)) * k)) }
}

// The start screen's clock row: no clock, the Fischer presets, a byo-yomi one
// and a custom control typed in the window's words ("2+1", "5m 3×20s").

// startClocks are the controls the row offers before Custom.
var startClocks = []clock.Control{
	{},
	clock.FischerControl(time.Minute, 0),
	clock.FischerControl(3*time.Minute, 2*time.Second),
	clock.FischerControl(5*time.Minute, 3*time.Second),
	clock.FischerControl(10*time.Minute, 5*time.Second),
	clock.FischerControl(15*time.Minute, 10*time.Second),
	clock.ByoYomiControl(10*time.Minute, 5, 30*time.Second),
}

const wClockCustom widgetID = "clock-custom"

// clockID is the start screen's toggle of ctl.
func clockID(i int) widgetID { return widgetID(fmt.Sprintf("clock-%d", i)) }

// clockLabel is a toggle's label: "None", "3+2", "10m 5×30s".
func clockLabel(c clock.Control) string {
	if c.Kind == clock.NoClock {
		return "None"
	}
	return c.Label()
}

// customClock reports whether the chosen control is none of the row's.
func (s *startScreen) customClock() bool { return !slices.Contains(startClocks, s.clock) }

// layClockRow places the clock row at x, y.
func (s *startScreen) layClockRow(l *Layout, x, y, sc float64) {
	f := render.Face(14*sc, false)
	for i, c := range startClocks {
		w, _ := render.Measure(clockLabel(c), f)
		w = max(50*sc, w+18*sc)
		l.add(clockID(i), render.Rect{X: x, Y: y, W: w, H: 30 * sc}, true, clockLabel(c))
		x += w + 6*sc
	}
	label := "Custom…"
	if s.customClock() {
		label = s.clock.Label() + "…"
	}
	w, _ := render.Measure(label, f)
	l.add(wClockCustom, render.Rect{X: x, Y: y, W: max(80*sc, w+18*sc), H: 30 * sc}, true, label)
}

// drawClockRow draws the clock row and its hint.
func (s *startScreen) drawClockRow(p painter, l *Layout, label func(string, widgetID), hint func(widgetID, float64, ...string)) {
	if _, ok := l.get(clockID(0)); !ok {
		return
	}
	label("Clock", clockID(0))
	for i, c := range startClocks {
		w, _ := l.get(clockID(i))
		p.toggle(w, w.label, s.clock == c)
	}
	w, _ := l.get(wClockCustom)
	p.toggle(w, w.label, s.customClock())
	hint(wClockCustom, 120, "Minutes + seconds added a move; byo-yomi: main time, then periods. A side's clock starts with its first move.",
		"Minutes + seconds a move; a clock starts with its first move.")
}

// clickClock acts on the clock row; it reports whether name was one of it.
func (s *startScreen) clickClock(a *App, name string) bool {
	for i, c := range startClocks {
		if name == string(clockID(i)) {
			s.clock = c
			s.keepClock(a)
			return true
		}
	}
	if name != string(wClockCustom) {
		return false
	}
	text := ""
	if s.customClock() {
		text = s.clock.Label()
	}
	a.push(&pathPrompt{title: "Time control: minutes+seconds (2+1) or byo-yomi (5m 3×20s)", text: text, keepEmpty: true,
		then: func(t string) {
			if strings.TrimSpace(t) == "" {
				return
			}
			c, err := clock.ParseLabel(t)
			if err != nil {
				a.showError(playerMessage(err))
				return
			}
			if c.Kind == clock.Correspondence {
				a.showError("Days a move are for games by mail, not at one screen: choose minutes, such as 10+5.")
				return
			}
			s.clock = c
			s.keepClock(a)
		}})
	return true
}

// keepClock remembers the chosen clock for the next start screen.
func (s *startScreen) keepClock(a *App) {
	a.prefs.settings.TimeControl = s.clock.String()
	a.prefs.save()
}

// settingsClock is the clock the settings remember (none when unreadable).
func settingsClock(st save.Settings) clock.Control {
	c, err := clock.Parse(st.TimeControl)
	if err != nil || c.Kind == clock.Correspondence {
		return clock.Control{}
	}
	return c
}
