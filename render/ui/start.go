package ui

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"trihex/game"
	"trihex/game/hex"
	"trihex/render"
	"trihex/save"
)

// startScreen is the start screen: choose the game, its rules options and the players.
type startScreen struct {
	games   []*game.Info
	sel     int
	choice  map[string]int // option key → index of the chosen value, per game
	ptr     pointer
	sprites map[float64]*render.Sprites
	boards  []render.Board

	computer [2]bool // per side, First then Second
	level    int
	speed    float64
	cont     *save.Game // an unfinished autosaved game to continue
	series   int        // Andantino: games in the series (1: a single game)
}

// gameOrder puts the games in the order the product names them.
var gameOrder = []string{"Abande", "Attangle", "Andantino"}

// speeds are the pace choices: animation speed factors.
var speeds = []struct {
	name string
	v    float64
}{{"Slow", 0.5}, {"Normal", 1}, {"Fast", 2}}

// newStart is the start screen with the remembered choices.
func (a *app) newStart() *startScreen {
	s := newStartScreen()
	st := a.settings
	for i, info := range s.games {
		if strings.EqualFold(info.Name, st.LastGame) {
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
	}
	s.computer = [2]bool{st.Players[0] == "computer", st.Players[1] == "computer"}
	s.level = st.Level
	s.speed = st.AnimationSpeed
	return s
}

// begin starts the chosen game and remembers the choices.
func (s *startScreen) begin(a *app) {
	info := s.games[s.sel]
	var seats [2]seat
	for i := range seats {
		seats[i] = seat{computer: s.computer[i], level: s.level}
		a.settings.Players[i] = "human"
		if s.computer[i] {
			a.settings.Players[i] = "computer"
		}
	}
	a.settings.LastGame = info.Name
	a.settings.LastOptions = s.options().String()
	a.settings.Level = s.level
	a.settings.AnimationSpeed = s.speed
	a.saveSettings()
	p := a.newPlay(info, s.options(), seats)
	if s.seriesOn() {
		p.series = newSeriesRun(s.series, seats)
		p.tags = append(p.tags, p.series.tag())
	}
	a.setScene(p)
}

// seriesOn reports whether a series is chosen (Andantino only).
func (s *startScreen) seriesOn() bool {
	return s.games[s.sel].Name == "Andantino" && s.series > 1
}

func newStartScreen() *startScreen {
	s := &startScreen{choice: map[string]int{}, level: 3, speed: 1, series: 1}
	for _, name := range gameOrder {
		if info, err := game.Lookup(name); err == nil {
			s.games = append(s.games, info)
		}
	}
	s.boards = make([]render.Board, len(s.games))
	return s
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

// lay computes the clickable areas for the window size.
func (s *startScreen) lay(a *app) (cards []render.Rect, hits map[string]render.Rect) {
	sc := a.scale
	w, h := a.w, a.h
	hits = map[string]render.Rect{}
	margin := 24 * sc
	top := 90 * sc
	gap := 16 * sc
	n := float64(len(s.games))
	cw := min((w-2*margin-(n-1)*gap)/n, 360*sc)
	rows := len(s.games[s.sel].Options) + 2
	if s.computer[0] || s.computer[1] {
		rows += 2 // level and speed
	}
	if s.games[s.sel].Name == "Andantino" {
		rows++ // series
	}
	// The cards give way to the rows below them in a short window.
	ch := max(120*sc, min(h*0.42, 300*sc, h-top-24*sc-float64(rows)*40*sc-70*sc))
	x0 := (w - (n*cw + (n-1)*gap)) / 2
	for i, info := range s.games {
		r := render.Rect{X: x0 + float64(i)*(cw+gap), Y: top, W: cw, H: ch}
		cards = append(cards, r)
		hits["game-"+strings.ToLower(info.Name)] = r
	}
	y := top + ch + 24*sc
	info := s.games[s.sel]
	for _, o := range info.Options {
		x := x0 + 170*sc
		for _, v := range o.Values {
			hits[fmt.Sprintf("opt-%s-%s", o.Key, v)] = render.Rect{X: x, Y: y, W: 110 * sc, H: 30 * sc}
			x += 118 * sc
		}
		y += 40 * sc
	}
	for _, side := range info.Players {
		hits["player-"+strings.ToLower(side)+"-human"] = render.Rect{X: x0 + 170*sc, Y: y, W: 110 * sc, H: 30 * sc}
		hits["player-"+strings.ToLower(side)+"-computer"] = render.Rect{X: x0 + 288*sc, Y: y, W: 110 * sc, H: 30 * sc}
		y += 40 * sc
	}
	if s.computer[0] || s.computer[1] {
		for n := 1; n <= 5; n++ {
			hits[fmt.Sprintf("level-%d", n)] = render.Rect{X: x0 + 170*sc + float64(n-1)*48*sc, Y: y, W: 42 * sc, H: 30 * sc}
		}
		y += 40 * sc
		for i, sp := range speeds {
			hits["speed-"+strings.ToLower(sp.name)] = render.Rect{X: x0 + 170*sc + float64(i)*86*sc, Y: y, W: 80 * sc, H: 30 * sc}
		}
		y += 40 * sc
	}
	if info.Name == "Andantino" {
		for i, n := range seriesChoices {
			hits[fmt.Sprintf("series-%d", n)] = render.Rect{X: x0 + 170*sc + float64(i)*96*sc, Y: y, W: 90 * sc, H: 30 * sc}
		}
		y += 40 * sc
	}
	by := min(y+10*sc, h-60*sc)
	if s.cont != nil {
		hits["start"] = render.Rect{X: w/2 - 250*sc, Y: by, W: 220 * sc, H: 44 * sc}
		hits["continue"] = render.Rect{X: w/2 - 10*sc, Y: by, W: 260 * sc, H: 44 * sc}
	} else {
		hits["start"] = render.Rect{X: w/2 - 110*sc, Y: by, W: 220 * sc, H: 44 * sc}
	}
	return cards, hits
}

// continueGame reopens the autosaved game.
func (s *startScreen) continueGame(a *app) {
	p := a.newPlayFromGame(s.cont)
	p.dirty = true // the autosave is not a file the user chose
	a.setScene(p)
}

func (s *startScreen) update(a *app) error {
	s.ptr.update(a.scale)
	if a.modal() || a.eaten {
		return nil // the File menu or a box had the input
	}
	_, hits := s.lay(a)
	for i := range s.games {
		if keyPressed(ebiten.Key1 + ebiten.Key(i)) {
			s.sel = i
			a.layoutDirty = true
		}
	}
	if keyPressed(ebiten.KeyLeft) && s.sel > 0 {
		s.sel--
		a.layoutDirty = true
	}
	if keyPressed(ebiten.KeyRight) && s.sel < len(s.games)-1 {
		s.sel++
		a.layoutDirty = true
	}
	if keyPressed(ebiten.KeyF1) {
		a.overlay = newHelp(s.games[s.sel], false)
	}
	if keyPressed(ebiten.KeySlash) {
		a.overlay = newHelp(s.games[s.sel], true)
	}
	if keyPressed(ebiten.KeyEnter) || keyPressed(ebiten.KeyKPEnter) {
		s.begin(a)
		return nil
	}
	if !s.ptr.click {
		return nil
	}
	for name, r := range hits {
		if !r.Contains(s.ptr.downX, s.ptr.downY) {
			continue
		}
		switch {
		case name == "start":
			s.begin(a)
			return nil
		case name == "continue":
			s.continueGame(a)
			return nil
		case strings.HasPrefix(name, "player-"):
			for i, side := range s.games[s.sel].Players {
				if strings.HasPrefix(name, "player-"+strings.ToLower(side)+"-") {
					s.computer[i] = strings.HasSuffix(name, "-computer")
				}
			}
		case strings.HasPrefix(name, "series-"):
			fmt.Sscanf(name, "series-%d", &s.series)
		case strings.HasPrefix(name, "level-"):
			s.level = int(name[len(name)-1] - '0')
		case strings.HasPrefix(name, "speed-"):
			for _, sp := range speeds {
				if name == "speed-"+strings.ToLower(sp.name) {
					s.speed = sp.v
				}
			}
		case strings.HasPrefix(name, "game-"):
			for i, info := range s.games {
				if name == "game-"+strings.ToLower(info.Name) {
					s.sel = i
				}
			}
		case strings.HasPrefix(name, "opt-"):
			info := s.games[s.sel]
			for _, o := range info.Options {
				for j, v := range o.Values {
					if name == fmt.Sprintf("opt-%s-%s", o.Key, v) {
						s.choice[info.Name+"/"+o.Key] = j
					}
				}
			}
		}
		a.layoutDirty = true
	}
	return nil
}

func (s *startScreen) layout(a *app) (map[string][2]float64, map[string]render.Rect) {
	_, hits := s.lay(a)
	return map[string][2]float64{}, hits
}

func (s *startScreen) draw(a *app, dst *ebiten.Image, t *render.Texts) {
	sc := a.scale
	cards, hits := s.lay(a)
	t.Add("Trihex", render.Face(34*sc, true), a.w/2, 36*sc, render.Center, render.TextColor)
	t.Add("Three hexagonal games for two players · F1 rules · ? shortcuts", render.Face(14*sc, false), a.w/2, 66*sc, render.Center, render.TextDim)
	for i, info := range s.games {
		r := cards[i]
		bg := render.ButtonBG
		if r.Contains(s.ptr.x, s.ptr.y) {
			bg = render.ButtonHot
		}
		render.FillRoundRect(dst, r, 10*sc, bg)
		if i == s.sel {
			render.StrokeRoundRect(dst, r, 10*sc, 3*sc, render.Highlight)
		}
		t.Add(fmt.Sprintf("%d  %s", i+1, info.Name), render.Face(20*sc, true), r.X+14*sc, r.Y+20*sc, render.Left, render.TextColor)
		f := render.Face(13*sc, false)
		lines := wrap(info.Description, f, r.W-28*sc)
		for k, line := range lines {
			t.Add(line, f, r.X+14*sc, r.Y+46*sc+float64(k)*17*sc, render.Left, render.TextDim)
		}
		pic := render.Rect{X: r.X + 8*sc, Y: r.Y + 56*sc + float64(len(lines))*17*sc, W: r.W - 16*sc}
		pic.H = r.Y + r.H - 8*sc - pic.Y
		s.drawPicture(dst, i, info, pic, sc)
	}
	// Options and players of the chosen game.
	info := s.games[s.sel]
	lf := render.Face(15*sc, true)
	bf := render.Face(14*sc, false)
	x0 := cards[0].X
	for _, o := range info.Options {
		r := hits[fmt.Sprintf("opt-%s-%s", o.Key, o.Values[0])]
		t.Add(o.Key, lf, x0, r.CY(), render.Left, render.TextColor)
		for j, v := range o.Values {
			br := hits[fmt.Sprintf("opt-%s-%s", o.Key, v)]
			on := s.choice[info.Name+"/"+o.Key] == j
			drawToggle(dst, t, br, v, on, br.Contains(s.ptr.x, s.ptr.y), sc)
		}
		last := hits[fmt.Sprintf("opt-%s-%s", o.Key, o.Values[len(o.Values)-1])]
		if room := a.w - (last.X + last.W + 24*sc); room > 80*sc {
			hf := render.Face(12*sc, false)
			lines := wrap(o.Help, hf, room)
			if len(lines) > 2 {
				lines = lines[:2]
			}
			for k, line := range lines {
				ly := r.CY() + (float64(k)-float64(len(lines)-1)/2)*15*sc
				t.Add(line, hf, last.X+last.W+12*sc, ly, render.Left, render.TextDim)
			}
		}
	}
	for i, side := range info.Players {
		br := hits["player-"+strings.ToLower(side)+"-human"]
		cr := hits["player-"+strings.ToLower(side)+"-computer"]
		t.Add(side, lf, x0, br.CY(), render.Left, render.TextColor)
		drawToggle(dst, t, br, "Human", !s.computer[i], br.Contains(s.ptr.x, s.ptr.y), sc)
		drawToggle(dst, t, cr, "Computer", s.computer[i], cr.Contains(s.ptr.x, s.ptr.y), sc)
	}
	if r, ok := hits["level-1"]; ok {
		t.Add("Level", lf, x0, r.CY(), render.Left, render.TextColor)
		for n := 1; n <= 5; n++ {
			br := hits[fmt.Sprintf("level-%d", n)]
			drawToggle(dst, t, br, fmt.Sprint(n), s.level == n, br.Contains(s.ptr.x, s.ptr.y), sc)
		}
		last := hits["level-5"]
		t.Add("1 beginner … 5 strongest (up to 3 s a move)", bf, last.X+last.W+12*sc, r.CY(), render.Left, render.TextDim)
		sr := hits["speed-slow"]
		t.Add("Speed", lf, x0, sr.CY(), render.Left, render.TextColor)
		for _, sp := range speeds {
			br := hits["speed-"+strings.ToLower(sp.name)]
			drawToggle(dst, t, br, sp.name, s.speed == sp.v, br.Contains(s.ptr.x, s.ptr.y), sc)
		}
	}
	if r, ok := hits["series-1"]; ok {
		t.Add("Series", lf, x0, r.CY(), render.Left, render.TextColor)
		for _, n := range seriesChoices {
			br := hits[fmt.Sprintf("series-%d", n)]
			label := fmt.Sprintf("%d games", n)
			if n == 1 {
				label = "1 game"
			}
			drawToggle(dst, t, br, label, s.series == n, br.Contains(s.ptr.x, s.ptr.y), sc)
		}
		last := hits[fmt.Sprintf("series-%d", seriesChoices[len(seriesChoices)-1])]
		if room := a.w - (last.X + last.W + 24*sc); room > 120*sc {
			hf := render.Face(12*sc, false)
			lines := wrap("Colours alternate; a win scores 50 minus the tiles on the surface.", hf, room)
			lines = lines[:min(2, len(lines))]
			for k, line := range lines {
				t.Add(line, hf, last.X+last.W+12*sc, r.CY()+(float64(k)-float64(len(lines)-1)/2)*15*sc, render.Left, render.TextDim)
			}
		}
	}
	if cr, ok := hits["continue"]; ok {
		bg := color.RGBA{0x2d, 0x5f, 0x9a, 0xff}
		if cr.Contains(s.ptr.x, s.ptr.y) {
			bg = color.RGBA{0x3a, 0x72, 0xb4, 0xff}
		}
		render.FillRoundRect(dst, cr, 8*sc, bg)
		t.Add(fmt.Sprintf("Continue %s (%d %s)", s.cont.Info.Name, len(s.cont.Moves), plural(len(s.cont.Moves), "move")), render.Face(14*sc, true), cr.CX(), cr.CY(), render.Center, render.TextColor)
	}
	st := hits["start"]
	bg := color.RGBA{0x2f, 0x6b, 0x4c, 0xff}
	if st.Contains(s.ptr.x, s.ptr.y) {
		bg = color.RGBA{0x3a, 0x85, 0x5e, 0xff}
	}
	render.FillRoundRect(dst, st, 8*sc, bg)
	label := "Start " + info.Name
	if s.seriesOn() {
		label = fmt.Sprintf("Start a %d-game series", s.series)
	}
	t.Add(label, render.Face(17*sc, true), st.CX(), st.CY(), render.Center, render.TextColor)
}

func drawToggle(dst *ebiten.Image, t *render.Texts, r render.Rect, label string, on, hot bool, sc float64) {
	bg := render.ButtonBG
	if hot {
		bg = render.ButtonHot
	}
	if on {
		bg = color.RGBA{0x2d, 0x5f, 0x9a, 0xff}
	}
	render.FillRoundRect(dst, r, 6*sc, bg)
	t.Add(label, render.Face(14*sc, false), r.CX(), r.CY(), render.Center, render.TextColor)
}

// drawPicture draws a small picture of a game into r: a few stacks on the board, or
// a few tiles.
func (s *startScreen) drawPicture(dst *ebiten.Image, i int, info *game.Info, r render.Rect, sc float64) {
	if r.H < 20*sc {
		return
	}
	sub := dst.SubImage(rectImage(r)).(*ebiten.Image)
	sides := render.Sides(info)
	if info.Name == "Andantino" {
		tiles := []struct {
			q, r, pl int
		}{{0, 0, 0}, {1, 0, 1}, {0, 1, 0}, {1, -1, 1}, {-1, 1, 0}, {2, -1, 1}, {-1, 0, 1}, {1, 1, 0}, {2, 0, 1}, {-2, 2, 0}}
		var cells []hex.Coord
		for _, tl := range tiles {
			cells = append(cells, hex.Coord{Q: tl.q, R: tl.r})
		}
		v := render.Fit(cells, r, 1.1, 0)
		sp := s.spritesFor(v.Unit)
		for k := len(tiles) - 1; k >= 0; k-- {
			x, y := v.ToPixel(cells[k])
			sp.Tile(sub, sides[tiles[k].pl], x, y, 1, 1)
		}
		return
	}
	v := render.Fit(render.BoardCells(), r, 1.25, 0)
	img := s.boards[i].Image(render.BoardKey{W: int(r.X + r.W), H: int(r.Y + r.H), View: v, ForbidCentre: info.Name == "Attangle", Scale: sc})
	op := &ebiten.DrawImageOptions{}
	sub.DrawImage(img, op)
	sp := s.spritesFor(v.Unit)
	stacks := map[string][]int{"c3": {0, 1}, "d3": {1}, "e4": {0, 1, 0}, "d5": {1, 0}, "c4": {0}, "e3": {1, 1}}
	if info.Name == "Attangle" {
		stacks = map[string][]int{"c3": {1, 0, 0}, "d3": {1}, "e4": {0}, "d5": {0, 1}, "b2": {1}, "e3": {1, 0}}
	}
	for k := len(hex.Points) - 1; k >= 0; k-- {
		pt := hex.Points[k]
		if layers, ok := stacks[pt.Label()]; ok {
			x, y := v.ToPixel(pt.Coord())
			cols := make([]int, len(layers))
			for j, l := range layers {
				cols[j] = sides[l]
			}
			sp.Stack(sub, cols, x, y, 1)
		}
	}
}

func (s *startScreen) spritesFor(u float64) *render.Sprites {
	if sp, ok := s.sprites[u]; ok && !sp.Stale() {
		return sp
	} else if ok {
		sp.Dispose() // drawn in a theme since changed
		delete(s.sprites, u)
	}
	if len(s.sprites) > 8 { // the window was resized many times: start afresh
		for _, sp := range s.sprites {
			sp.Dispose()
		}
		s.sprites = nil
	}
	if s.sprites == nil {
		s.sprites = map[float64]*render.Sprites{}
	}
	sp := render.NewSprites(u)
	s.sprites[u] = sp
	return sp
}

// wrap breaks s into lines no wider than w in face f.
func wrap(s string, f *text.GoTextFace, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if tw, _ := render.Measure(try, f); tw > w && line != "" {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

func rectImage(r render.Rect) image.Rectangle {
	return image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))
}

// plural is "1 move", "2 moves".
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
