package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"trihex/ai"
	"trihex/game"
	"trihex/game/clock"
	"trihex/input"
	"trihex/render"
	"trihex/save"
)

// startScreen is the start screen: choose the game, its rules options and the
// players, or continue the autosaved game.
type startScreen struct {
	games  []*game.Info
	sel    int
	choice map[string]int // "Game/key" → index of the chosen value
	pics   *pictures

	computer [2]bool // per side, First then Second
	level    int
	speed    float64
	cont     *save.Game    // an unfinished autosaved game to continue (continue.go)
	contPath string        // the file it belongs to, "" for none
	series   int           // games in the series where the game has series play (1: a single game)
	clock    clock.Control // the time control (clockui.go)
	engines  []engineChoice
	engine   int     // the computer: 0 Trihex's engine, i an external one, engines[i-1] (engines.go)
	recentY  float64 // the recent games' heading
	waitingY float64 // the heading of the games that wait for the player's move
	ring     keyRing // the row or button the keys ring (keynav.go)
}

// speeds are the pace choices: animation speed factors.
var speeds = []struct {
	name string
	v    float64
}{{"Slow", 0.5}, {"Normal", 1}, {"Fast", 2}}

// seriesChoices are the series lengths offered (1: one game).
var seriesChoices = []int{1, 2, 4, 6}

const (
	wStart    widgetID = "start"
	wContinue widgetID = "continue"
)

// newStart is the start screen with the remembered choices.
func (a *App) newStart() *startScreen {
	s := &startScreen{choice: map[string]int{}, level: 3, speed: 1, series: 1, pics: newPictures()}
	s.games = game.Games() // the registry's order: the cards, keys 1 to 3
	st := a.prefs.settings
	for i, info := range s.games {
		if !strings.EqualFold(info.Name, st.LastGame) {
			continue
		}
		s.sel = i
		for _, kv := range strings.Split(st.LastOptions, ",") {
			k, v, _ := strings.Cut(kv, "=")
			for _, o := range info.Options {
				for j, ov := range o.Values {
					if o.Key == k && ov == v {
						s.choice[info.Name+"/"+o.Key] = j
					}
				}
			}
		}
	}
	s.computer = [2]bool{st.Players[0] == "computer", st.Players[1] == "computer"}
	s.level = st.Level
	s.speed = st.AnimationSpeed
	s.clock = settingsClock(st)
	s.engines = engineChoices(st.Engines)
	return s
}

func (s *startScreen) gameName() string { return "" }
func (s *startScreen) tick(a *App)      { a.pollGames(a.now()) }
func (s *startScreen) close()           {}

// begin starts the chosen game and remembers the choices.
func (s *startScreen) begin(a *App) {
	info := s.games[s.sel]
	var seats [2]input.Seat
	for i := range seats {
		seats[i] = input.SeatOf(s.computer[i], s.level)
		if e, ok := s.engineSeat(); ok && s.computer[i] {
			seats[i] = e
		}
		a.prefs.settings.Players[i] = "human"
		if s.computer[i] {
			a.prefs.settings.Players[i] = "computer"
		}
	}
	s.remember(a)
	a.prefs.settings.Level = s.level
	a.prefs.settings.AnimationSpeed = s.speed
	a.prefs.save()
	sess := input.NewSession(info, s.options(), seats, a.sessionNow())
	_ = sess.SetTimeControl(s.clock) // a new game and a valid control: never refused
	if s.seriesOn() {
		sess.Series = input.NewSeries(s.series, seats)
		sess.Tags = append(sess.Tags, sess.Series.Tag())
	}
	a.setScene(a.newPlay(sess))
}

// remember keeps the chosen game and its options for the next start screen:
// a game begun, or a lesson, puzzles or a coached game of it.
func (s *startScreen) remember(a *App) {
	a.prefs.settings.LastGame = s.games[s.sel].Name
	a.prefs.settings.LastOptions = s.options().String()
	a.prefs.save()
}

// seriesOn reports whether a series is chosen (a game with series play only).
func (s *startScreen) seriesOn() bool {
	return s.games[s.sel].SeriesPoints != nil && s.series > 1
}

func (s *startScreen) options() game.Options {
	info := s.games[s.sel]
	var parts []string
	for _, o := range info.Options {
		parts = append(parts, o.Key+"="+o.Values[s.choice[info.Name+"/"+o.Key]])
	}
	opts, _ := info.ResolveOptions(strings.Join(parts, ","))
	return opts
}

// layout places the game cards and the rows of choices for the window size.
func (s *startScreen) layout(a *App) *Layout {
	sc := a.scale
	w, h := a.w, a.h
	l := newLayout()
	margin, top, gap := 24*sc, 90*sc, 16*sc
	n := float64(len(s.games))
	cw := min((w-2*margin-(n-1)*gap)/n, 360*sc)
	info := s.games[s.sel]
	rows := len(info.Options) + 4 // the options, the two players, the clock, learning
	if s.computer[0] || s.computer[1] {
		rows += 2 // level and speed
		if len(s.engines) > 0 {
			rows++
		}
	}
	if info.SeriesPoints != nil {
		rows++ // series
	}
	// The cards give way to the rows below them and to up to three recent
	// games under Start in a short window (and up to two games that wait for
	// the player's move on the relay), and then the rows close up, down to 34
	// px apart, so that Start stays below them.
	recent := 0.0
	if n := min(len(a.prefs.settings.Recent), 3); n > 0 {
		recent = 36*sc + float64(n)*34*sc
	}
	if n := min(len(a.waiting()), 2); n > 0 {
		recent += 36*sc + float64(n)*34*sc
	}
	pitch := 40 * sc
	if room := h - top - 120*sc - 24*sc - 70*sc - recent; float64(rows)*pitch > room {
		pitch = max(34*sc, room/float64(rows))
	}
	ch := max(120*sc, min(h*0.42, 300*sc, h-top-24*sc-float64(rows)*pitch-70*sc-recent))
	x0 := (w - (n*cw + (n-1)*gap)) / 2
	for i, g := range s.games {
		l.add(widgetID("game-"+strings.ToLower(g.Name)), render.Rect{X: x0 + float64(i)*(cw+gap), Y: top, W: cw, H: ch}, true, g.Name)
	}
	y := top + ch + 24*sc
	x := x0 + 170*sc
	row := func(id string, i int, bw, step float64, label string) {
		l.add(widgetID(id), render.Rect{X: x + float64(i)*step*sc, Y: y, W: bw * sc, H: 30 * sc}, true, label)
	}
	for _, o := range info.Options {
		for i, v := range o.Values {
			row(fmt.Sprintf("opt-%s-%s", o.Key, v), i, 110, 118, v)
		}
		y += pitch
	}
	for _, side := range info.Players {
		row("player-"+strings.ToLower(side)+"-human", 0, 110, 118, "Human")
		row("player-"+strings.ToLower(side)+"-computer", 1, 110, 118, "Computer")
		y += pitch
	}
	s.layClockRow(l, x, y, sc)
	y += pitch
	if s.computer[0] || s.computer[1] {
		for n := 1; n <= 5; n++ {
			row(fmt.Sprintf("level-%d", n), n-1, 42, 48, fmt.Sprint(n))
		}
		row(fmt.Sprintf("level-%d", ai.Expert), 5, 72, 48, "Expert")
		y += pitch
		if len(s.engines) > 0 {
			s.layEngines(row)
			y += pitch
		}
		for i, sp := range speeds {
			row("speed-"+strings.ToLower(sp.name), i, 80, 86, sp.name)
		}
		y += pitch
	}
	if info.SeriesPoints != nil {
		for i, n := range seriesChoices {
			label := fmt.Sprintf("%d games", n)
			if n == 1 {
				label = "1 game"
			}
			row(fmt.Sprintf("series-%d", n), i, 90, 96, label)
		}
		y += pitch
	}
	// Learning: the list of the chosen game's lessons and puzzles, and a
	// coached first game.
	row("learn-lessons", 0, 110, 118, "Lessons…")
	row("learn-puzzles", 1, 110, 118, "Puzzles…")
	row("learn-coached", 2, 140, 118, "Coached game")
	y += pitch
	by := min(y+10*sc, h-60*sc)
	s.layRecent(a, l, by+64*sc)
	s.layStart(a, l, by)
	s.layPlayOnline(a, l, by)
	return l
}

// layStart places Start, and Continue beside it when there is a game to go on
// with, at height by.
func (s *startScreen) layStart(a *App, l *Layout, by float64) {
	sc, w := a.scale, a.w
	label := "Start " + s.games[s.sel].Name
	if s.seriesOn() {
		label = fmt.Sprintf("Start a %d-game series", s.series)
	}
	c := s.cont
	if c == nil {
		l.add(wStart, render.Rect{X: w/2 - 110*sc, Y: by, W: 220 * sc, H: 44 * sc}, true, label)
		return
	}
	l.add(wStart, render.Rect{X: w/2 - 250*sc, Y: by, W: 220 * sc, H: 44 * sc}, true, label)
	cl := fmt.Sprintf("Continue %s (%s)", c.Info.Name, movesText(len(c.Moves)))
	if c.Result.Over {
		cl = "Continue the series" // its game ended: the card offers the next
	}
	l.add(wContinue, render.Rect{X: w/2 - 10*sc, Y: by, W: 260 * sc, H: 44 * sc}, true, cl)
}

func (s *startScreen) update(a *App, f *input.Frame) {
	for _, c := range f.Commands(input.ScopeStart) {
		if s.keyCommand(a, c) {
			if a.scene != s {
				return // a game or a lesson begun
			}
			continue
		}
		switch c {
		case input.CmdGame1, input.CmdGame2, input.CmdGame3:
			if i := int(c - input.CmdGame1); i < len(s.games) {
				s.sel = i
			}
		case input.CmdGamePrev:
			s.sel = max(0, s.sel-1)
		case input.CmdGameNext:
			s.sel = min(len(s.games)-1, s.sel+1)
		case input.CmdRules, input.CmdShortcuts:
			a.push(newHelp(s.games[s.sel], c == input.CmdShortcuts))
		case input.CmdStart:
			s.begin(a)
			return
		case input.CmdLearn:
			a.push(newLearnList(a, s, s.games[s.sel], false))
			return
		}
	}
	if !f.Click {
		return
	}
	id, ok := a.layouts[s].hit(f.DownX, f.DownY)
	if ok {
		s.click(a, string(id))
	}
}

// layRecent lists under the Start button the games on the relay that wait for
// the player's move (up to three: one click opens one), then the recent games,
// as many as there is room for (the layout keeps room for three).
func (s *startScreen) layRecent(a *App, l *Layout, y float64) {
	sc := a.scale
	w := min(a.w-48*sc, 520*sc)
	x := (a.w - w) / 2
	// rows is how many rows of 34 px fit below y under a heading.
	rows := func(y float64) int { return int((a.h - 8*sc - y - 24*sc + sc/2) / (34 * sc)) } // + sc/2: not lost to rounding
	if n := min(len(a.waiting()), rows(y), 3); n > 0 {
		s.waitingY = y + 10*sc
		y += 24 * sc
		now := a.now()
		for i, g := range a.waiting()[:n] {
			l.add(waitingID(i), render.Rect{X: x, Y: y, W: w, H: 30 * sc}, true, gameLine(g, now))
			y += 34 * sc
		}
		y += 4 * sc
	}
	n := min(len(a.prefs.settings.Recent), rows(y), 5)
	if n < 1 {
		return
	}
	s.recentY = y + 10*sc
	y += 24 * sc
	for i, path := range a.prefs.settings.Recent[:n] {
		l.add(widgetID(fmt.Sprintf("recent-%d", i)), render.Rect{X: x, Y: y, W: w, H: 30 * sc}, true, path)
		y += 34 * sc
	}
}

// click acts on the widget named name.
func (s *startScreen) click(a *App, name string) {
	info := s.games[s.sel]
	switch {
	case s.clickClock(a, name):
	case name == string(wPlayOnline):
		a.setScene(a.newOnline(s))
	case name == string(wStart):
		s.begin(a)
	case name == "learn-lessons", name == "learn-puzzles":
		a.push(newLearnList(a, s, info, name == "learn-puzzles"))
	case name == "learn-coached":
		// Against level 1 with the coach and hints: the newcomer moves first.
		s.remember(a)
		sess := input.NewSession(info, s.options(), [2]input.Seat{{}, {Kind: input.Computer, Level: 1}}, a.sessionNow())
		coachOn(sess)
		a.setScene(a.newPlay(sess))
	case name == string(wContinue):
		s.continueKept(a)
	case strings.HasPrefix(name, "yourmove-"):
		var i int
		fmt.Sscanf(name, "yourmove-%d", &i)
		if ws := a.waiting(); i >= 0 && i < len(ws) {
			o := a.newOnline(s)
			a.setScene(o)
			o.resume(a, ws[i])
		}
	case strings.HasPrefix(name, "recent-"):
		var i int
		fmt.Sscanf(name, "recent-%d", &i)
		if i >= 0 && i < len(a.prefs.settings.Recent) {
			a.files.openPath(a, a.prefs.settings.Recent[i])
		}
	case strings.HasPrefix(name, "player-"):
		for i, side := range info.Players {
			if strings.HasPrefix(name, "player-"+strings.ToLower(side)+"-") {
				s.computer[i] = strings.HasSuffix(name, "-computer")
			}
		}
	case strings.HasPrefix(name, "series-"):
		fmt.Sscanf(name, "series-%d", &s.series)
	case strings.HasPrefix(name, "level-"):
		s.level = int(name[len(name)-1] - '0')
	case strings.HasPrefix(name, "engine-"):
		s.clickEngine(name)
	case strings.HasPrefix(name, "speed-"):
		for _, sp := range speeds {
			if name == "speed-"+strings.ToLower(sp.name) {
				s.speed = sp.v
			}
		}
	case strings.HasPrefix(name, "game-"):
		for i, g := range s.games {
			if name == "game-"+strings.ToLower(g.Name) {
				s.sel = i
			}
		}
	case strings.HasPrefix(name, "opt-"):
		for _, o := range info.Options {
			for j, v := range o.Values {
				if name == fmt.Sprintf("opt-%s-%s", o.Key, v) {
					s.choice[info.Name+"/"+o.Key] = j
				}
			}
		}
	}
}

func (s *startScreen) draw(a *App, p painter, l *Layout) {
	p.dst.Fill(p.th.Background)
	sc := p.s
	p.text("Trihex", 34, true, a.w/2, 36*sc, render.Center, p.th.Text)
	p.text("Three hexagonal games for two players · F1 rules · ? shortcuts", 14, false, a.w/2, 66*sc, render.Center, p.th.TextDim)
	for i, info := range s.games {
		r := l.rect(widgetID("game-" + strings.ToLower(info.Name)))
		bg := p.th.Button
		if r.Contains(p.ptrX, p.ptrY) {
			bg = p.th.ButtonHot
		}
		render.FillRoundRect(p.dst, r, 10*sc, bg)
		if i == s.sel {
			render.StrokeRoundRect(p.dst, r, 10*sc, 3*sc, p.th.Highlight)
		}
		p.text(fmt.Sprintf("%d  %s", i+1, info.Name), 20, true, r.X+14*sc, r.Y+20*sc, render.Left, p.th.Text)
		f := render.Face(13*sc, false)
		lines := wrap(info.Description, f, r.W-28*sc)
		for k, line := range lines {
			p.t.Add(line, f, r.X+14*sc, r.Y+46*sc+float64(k)*17*sc, render.Left, p.th.TextDim)
		}
		pic := render.Rect{X: r.X + 8*sc, Y: r.Y + 56*sc + float64(len(lines))*17*sc, W: r.W - 16*sc}
		pic.H = r.Y + r.H - 8*sc - pic.Y
		s.pics.draw(p, info, pic)
	}
	s.drawRows(a, p, l)
	if _, ok := l.get(waitingID(0)); ok {
		p.text("Your move", 14, true, l.rect(waitingID(0)).X, s.waitingY, render.Left, p.th.Accent)
		for i := 0; ; i++ {
			w, ok := l.get(waitingID(i))
			if !ok {
				break
			}
			p.button(w, cutToFit(w.label, render.Face(13*sc, false), w.r.W-16*sc), accentButton, 13, false)
		}
	}
	if _, ok := l.get("recent-0"); ok {
		p.text("Recent games", 14, true, l.rect("recent-0").X, s.recentY, render.Left, p.th.TextDim)
		for i := 0; ; i++ {
			w, ok := l.get(widgetID(fmt.Sprintf("recent-%d", i)))
			if !ok {
				break
			}
			bg := p.th.Button
			if w.r.Contains(p.ptrX, p.ptrY) {
				bg = p.th.ButtonHot
			}
			render.FillRoundRect(p.dst, w.r, 6*sc, bg)
			p.text(filepath.Base(w.label), 14, true, w.r.X+12*sc, w.r.CY(), render.Left, p.th.Text)
			p.text(filepath.Dir(w.label), 12, false, w.r.X+w.r.W-12*sc, w.r.CY(), render.Right, p.th.TextDim)
		}
	}
	if w, ok := l.get(wContinue); ok {
		p.button(w, w.label, accentButton, 14, true)
	}
	w, _ := l.get(wStart)
	p.button(w, w.label, primaryButton, 17, true)
	if w, ok := l.get(wPlayOnline); ok {
		p.button(w, w.label, accentButton, 15, true)
	}
}

// drawRows draws the rows of choices: options, players, level, speed, series.
func (s *startScreen) drawRows(a *App, p painter, l *Layout) {
	sc := p.s
	info := s.games[s.sel]
	x0 := l.rect(widgetID("game-" + strings.ToLower(s.games[0].Name))).X
	label := func(text string, first widgetID) {
		p.text(text, 15, true, x0, l.rect(first).CY(), render.Left, p.th.Text)
	}
	// hint writes a line or two of explanation right of a row, where there is room.
	// hint writes the first of texts (the fullest first) that fits in two lines
	// right of the row; the last is cut with "…" if even it does not.
	hint := func(last widgetID, minRoom float64, texts ...string) {
		r := l.rect(last)
		if room := a.w - (r.X + r.W + 24*sc); room > minRoom*sc {
			hf := render.Face(12*sc, false)
			var lines []string
			for _, text := range texts {
				if lines = wrap(text, hf, room); len(lines) <= 2 {
					break
				}
			}
			if len(lines) > 2 {
				lines = []string{lines[0], lines[1] + " …"}
			}
			for k, line := range lines {
				p.t.Add(line, hf, r.X+r.W+12*sc, r.CY()+(float64(k)-float64(len(lines)-1)/2)*15*sc, render.Left, p.th.TextDim)
			}
		}
	}
	toggle := func(id string, on bool) {
		w, _ := l.get(widgetID(id))
		p.toggle(w, w.label, on)
	}
	for _, o := range info.Options {
		label(game.OptionTitle(o.Key), widgetID(fmt.Sprintf("opt-%s-%s", o.Key, o.Values[0])))
		for j, v := range o.Values {
			toggle(fmt.Sprintf("opt-%s-%s", o.Key, v), s.choice[info.Name+"/"+o.Key] == j)
		}
		hint(widgetID(fmt.Sprintf("opt-%s-%s", o.Key, o.Values[len(o.Values)-1])), 80, o.Help)
	}
	for i, side := range info.Players {
		id := "player-" + strings.ToLower(side)
		label(side, widgetID(id+"-human"))
		toggle(id+"-human", !s.computer[i])
		toggle(id+"-computer", s.computer[i])
	}
	s.drawClockRow(p, l, label, hint)
	if _, ok := l.get("level-1"); ok {
		label("Level", "level-1")
		for n := 1; n <= ai.MaxLevel; n++ {
			toggle(fmt.Sprintf("level-%d", n), s.level == n)
		}
		hint(widgetID(fmt.Sprintf("level-%d", ai.Expert)), 120, "1 beginner … 5 strong (up to 3 s a move); Expert thinks about 10 s a move.",
			"1 beginner … 5 strong; Expert about 10 s a move.")
		s.drawEngines(l, label, toggle, hint)
		label("Speed", "speed-slow")
		for _, sp := range speeds {
			toggle("speed-"+strings.ToLower(sp.name), s.speed == sp.v)
		}
	}
	if _, ok := l.get("learn-coached"); ok {
		label("Learn", "learn-lessons")
		for _, id := range []widgetID{"learn-lessons", "learn-puzzles", "learn-coached"} {
			w, _ := l.get(id)
			p.button(w, w.label, accentButton, 14, false)
		}
		hint("learn-coached", 120, "Lessons teach every rule by playing, puzzles to practise (L lists both); a coached game against level 1.",
			"Every rule by playing; puzzles; a game with a coach.")
	}
	if _, ok := l.get("series-1"); ok {
		label("Series", "series-1")
		for _, n := range seriesChoices {
			toggle(fmt.Sprintf("series-%d", n), s.series == n)
		}
		hint(widgetID(fmt.Sprintf("series-%d", seriesChoices[len(seriesChoices)-1])), 120, "Colours alternate; "+s.games[s.sel].SeriesHelp+".")
	}
}
