package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/render"
	"trihex/save"
)

// Optional accessors of the game states; the app asks through these small
// interfaces so that it needs nothing of a game beyond game.State.
type (
	hander interface{ Hand(game.Player) int }
	pooler interface {
		Pool(game.Player) int
		Triples(game.Player) int
	}
	waker   interface{ Awake(hex.Point) bool }
	surface interface {
		At(hex.Coord) game.Player
		Bounds() (lo, hi hex.Coord)
		TilesLeft(game.Player) int
	}
	suicider interface{ IsSuicide(hex.Coord) bool }
	winner   interface{ WinningCells() []hex.Coord }
)

// play is the game screen.
type play struct {
	info    *game.Info
	opts    game.Options
	match   *input.Match
	picker  *input.Picker
	sides   [2]int
	surface bool // Andantino: tiles on an unbounded surface, pan and zoom
	started time.Time

	ptr           pointer
	screen        render.Screen
	view          render.View
	viewFixed     bool // the user panned or zoomed: keep the view until Home or a move
	board         render.Board
	sprites       *render.Sprites
	small         *render.Sprites // panel pieces
	labels        bool
	hover         hex.Coord
	hoverOn       bool
	anims         animQueue
	listTop       int // first row shown in the move list
	listRows      []listHit
	scrollPending bool

	seats [2]seat
	speed float64 // animation and computer pace: 0.5 slow, 1 normal, 2 fast
	ai    thinker
	path  string // the file the game was opened from or saved to
	dirty bool   // moves played or taken back since it was last saved
	tags  []save.Tag

	layer    *ebiten.Image // the Andantino surface's static layer
	layerKey surfaceKey

	flip     bool         // the view is turned by 180°
	replay   input.Replay // the review's play/pause
	lastTick time.Time    // for the replay's pace
	series   *seriesRun   // an Andantino series, or nil
}

type listHit struct {
	r   render.Rect
	ply int // the position after this many moves
}

// newPlay starts a game with the settings' choices.
func (a *app) newPlay(info *game.Info, opts game.Options, seats [2]seat) *play {
	p := newPlay(info, opts)
	p.seats = seats
	p.labels = a.settings.Coordinates
	p.flip = a.settings.Flip
	p.speed = a.settings.AnimationSpeed
	p.replay.Speed = 1
	p.ai.details = true
	p.ai.lastMove = time.Now()
	p.tags = []save.Tag{{Name: "Date", Value: p.started.Format("2006-01-02")}}
	return p
}

// newPlayFromGame continues a recorded game, with its players and tags.
func (a *app) newPlayFromGame(g *save.Game) *play {
	var seats [2]seat
	for i, side := range g.Info.Players {
		v, _ := g.Record.Get(side)
		seats[i] = seatFromTag(v, a.settings.Level)
	}
	p := a.newPlay(g.Info, g.Start.Options(), seats)
	for _, m := range g.Moves {
		if err := p.match.Play(m); err != nil {
			break // cannot happen: save.Read replayed every move
		}
	}
	p.tags = append([]save.Tag(nil), g.Record.Tags...)
	if g.Info.Name == "Andantino" {
		p.series = seriesFromTags(g.Record, p.seats)
	}
	if p.computerToMove() && p.humans() {
		// Opened on the computer's turn: wait for a click on Space, not surprise.
		p.ai.paused = true
	}
	if !p.humans() {
		p.ai.paused = true
	}
	p.picker.Reset(p.inputState())
	return p
}

func newPlay(info *game.Info, opts game.Options) *play {
	start := info.New(opts)
	p := &play{
		speed:         1,
		info:          info,
		opts:          opts,
		match:         input.NewMatch(start),
		sides:         render.Sides(info),
		surface:       info.Name == "Andantino",
		started:       time.Now(),
		labels:        true,
		scrollPending: true,
	}
	p.picker = input.NewPicker(start)
	return p
}

// relayout recomputes the screen layout and the board view for the window size.
func (p *play) relayout(a *app) {
	sc := render.LayoutScreen(a.w, a.h, a.scale)
	if p.flip != a.settings.Flip {
		p.flip = a.settings.Flip
		p.screen = render.Screen{} // refit below
	}
	if sc.W == p.screen.W && sc.H == p.screen.H && sc.Scale == p.screen.Scale && !p.sprites.Stale() {
		return
	}
	p.screen = sc
	p.viewFixed = false
	p.fitView()
	a.layoutDirty = true
}

// fitView fits the board (or all tiles and legal cells) into the board area.
func (p *play) fitView() {
	area := p.screen.Board.Inset(8 * p.screen.Scale)
	area.H -= reviewBarH * p.screen.Scale // the review bar
	if p.surface {
		// Room at the top for the File and View buttons and the result banner.
		top := 44 * p.screen.Scale
		if p.series != nil {
			top += 20 * p.screen.Scale
		}
		area.Y += top
		area.H -= top
		cells := p.surfaceCells(p.match.View())
		p.view = render.FitFlip(cells, area, 1.2, 46*p.screen.Scale, p.flip)
	} else {
		// A unit of margin for the rim and labels; room at the top for the banner.
		area.Y += 36 * p.screen.Scale
		area.H -= 36 * p.screen.Scale
		p.view = render.FitFlip(render.BoardCells(), area, 1.25, 0, p.flip)
	}
	p.ensureSprites()
}

func (p *play) ensureSprites() {
	if p.sprites.Stale() || math.Abs(p.sprites.Unit-p.view.Unit) > 0.01 {
		p.sprites.Dispose()
		p.sprites = render.NewSprites(p.view.Unit)
	}
	su := 13 * p.screen.Scale
	if p.small.Stale() || p.small.Unit != su {
		p.small.Dispose()
		p.small = render.NewSprites(su)
	}
}

// surfaceCells lists the tiles of an Andantino state and the legal empty cells.
func (p *play) surfaceCells(s game.State) []hex.Coord {
	var out []hex.Coord
	if sf, ok := s.(surface); ok {
		lo, hi := sf.Bounds()
		for r := lo.R; r <= hi.R; r++ {
			for q := lo.Q; q <= hi.Q; q++ {
				if sf.At(hex.Coord{Q: q, R: r}) != game.NoPlayer {
					out = append(out, hex.Coord{Q: q, R: r})
				}
			}
		}
	}
	if s == p.match.Live() {
		for _, c := range p.picker.Choices() {
			out = append(out, c.Cells...)
		}
	}
	return out
}

// afterMove refreshes everything that follows from the live position.
func (p *play) afterMove(a *app) {
	p.picker.Reset(p.inputState())
	if p.surface {
		p.viewFixed = false
		p.fitView()
	}
	p.scrollToView()
	a.layoutDirty = true
	p.dirty = true
	p.ai.hint, p.ai.hintTxt = nil, ""
	p.ai.lastMove = time.Now()
	p.writeRecord(a)
	a.autosave(p)
}

// inputState is the position clicks act on: the live one, or none while reviewing,
// once the game is over or on the computer's turn.
func (p *play) inputState() game.State {
	if p.match.Reviewing() || p.match.Live().Result().Over || p.computerToMove() {
		return nil
	}
	return p.match.Live()
}

// unsaved reports whether quitting or opening another game would lose moves.
func (p *play) unsaved() bool { return p.dirty && p.match.Len() > 0 }

// record is the game's record: its tags (those of a loaded file kept) and moves.
func (p *play) record() (string, error) {
	tags := append([]save.Tag(nil), p.tags...)
	if len(tags) == 0 {
		tags = append(tags, save.Tag{Name: "Date", Value: p.started.Format("2006-01-02")})
	}
	for i, side := range p.info.Players {
		tags = append(tags, save.Tag{Name: side, Value: p.seats[i].tag()})
	}
	return save.Format(p.match.Start(), p.match.Moves(), tags)
}

func (p *play) writeRecord(a *app) {
	if a.flags.recordOut == "" {
		return
	}
	rec, err := p.record()
	if err != nil {
		a.setError("record-out: " + err.Error())
		return
	}
	a.writeLater(writeRecord, recordJob(a.flags.recordOut, rec))
}

// pushAnims queues a move's animation at the chosen speed.
func (p *play) pushAnims(as []*anim) {
	if p.speed > 0 && p.speed != 1 {
		for _, an := range as {
			an.dur = time.Duration(float64(an.dur) / p.speed)
		}
	}
	p.anims.push(as...)
}

// playMove plays a move the picker built, with its animation.
func (p *play) playMove(a *app, ch input.Choice) {
	before := p.match.Live()
	if err := p.match.Play(ch.Move); err != nil {
		a.setError(err.Error()) // cannot happen: the picker offers legal moves only
		return
	}
	p.pushAnims(p.animsFor(before, ch, p.match.Live()))
	p.moveSound(a, ch)
	p.afterMove(a)
}

func (p *play) update(a *app) error {
	p.prepare(a)
	p.labels = a.settings.Coordinates
	p.ptr.update(a.scale)
	p.anims.tick()
	p.think(a)
	m := p.match
	p.tickReplay(a)
	if a.modal() || a.eaten || a.overlay != nil {
		return nil // the File menu, a box or the help page has the input
	}
	if p.updateReview(a) {
		return nil // the review bar had the click or the key
	}
	wasInput := p.inputState() != nil

	// Keyboard.
	switch {
	case ctrl():
		switch {
		case keyPressed(ebiten.KeyZ):
			p.undo(a)
		case keyPressed(ebiten.KeyY):
			p.redo(a)
		}
	case keyPressed(ebiten.KeyEscape):
		p.picker.Cancel()
	case keyPressed(ebiten.KeyH):
		p.askHint()
	case keyPressed(ebiten.KeyT):
		p.ai.details = !p.ai.details
	case keyPressed(ebiten.KeySpace):
		p.ai.paused = !p.ai.paused
		p.ai.lastMove = time.Time{}
	case keyPressed(ebiten.KeyLeft):
		p.reviewStep(a, m.Back)
	case keyPressed(ebiten.KeyRight):
		p.reviewStep(a, m.Forward)
	case keyPressed(ebiten.KeyEnd):
		m.ToLive()
		p.afterReview(a)
	case keyPressed(ebiten.KeyHome):
		p.viewFixed = false
		p.fitView()
		a.layoutDirty = true
	case keyPressed(ebiten.KeyP):
		p.pass(a)
	case keyPressed(ebiten.KeyF1):
		a.overlay = newHelp(p.info, false)
	case keyPressed(ebiten.KeySlash):
		a.overlay = newHelp(p.info, true)
	}

	// Pan and zoom the surface.
	if p.surface {
		if p.ptr.dragging && p.screen.Board.Contains(p.ptr.downX, p.ptr.downY) && !p.reviewBar().Contains(p.ptr.downX, p.ptr.downY) && (p.ptr.dx != 0 || p.ptr.dy != 0) {
			p.view = p.view.Pan(p.ptr.dx, p.ptr.dy)
			p.viewFixed = true
		}
		if p.ptr.wheel != 0 && p.screen.Board.Contains(p.ptr.x, p.ptr.y) {
			s := p.screen.Scale
			p.view = p.view.ZoomAt(p.ptr.x, p.ptr.y, math.Pow(1.15, p.ptr.wheel), 8*s, 120*s)
			p.viewFixed = true
			p.ensureSprites()
		}
		if p.viewFixed && !p.ptr.down {
			// Write the new positions once the gesture ends.
			a.layoutDirty = a.layoutDirty || p.ptr.wheel != 0 || p.ptr.dragging
		}
	} else if p.ptr.wheel != 0 && p.screen.Moves.Contains(p.ptr.x, p.ptr.y) {
		p.listTop = max(0, p.listTop-int(p.ptr.wheel))
	}
	if p.surface && p.ptr.wheel != 0 && p.screen.Moves.Contains(p.ptr.x, p.ptr.y) {
		p.listTop = max(0, p.listTop-int(p.ptr.wheel))
	}

	// Hover.
	p.hover, p.hoverOn = p.cellAt(p.ptr.x, p.ptr.y)
	if wasInput != (p.inputState() != nil) || (p.inputState() == nil) != (p.picker.Choices() == nil) {
		// The computer moved or the turn passed to it: the clickable targets change.
		p.picker.Reset(p.inputState())
	}

	if !p.ptr.click {
		return nil
	}
	x, y := p.ptr.downX, p.ptr.downY
	// A click first finishes any running animation.
	p.anims.clear()
	buttons := p.buttons()
	for _, name := range render.ButtonOrder {
		if r, ok := buttons[name]; ok && r.Contains(x, y) {
			switch name {
			case "undo":
				p.undo(a)
			case "redo":
				p.redo(a)
			case "new":
				if p.seriesNext() {
					a.nextSeriesGame(p)
				} else {
					a.cmdNew()
				}
			case "hint":
				p.askHint()
			case "pass":
				p.pass(a)
			}
			return nil
		}
	}
	if r, ok := buttons["live"]; ok && r.Contains(x, y) {
		m.ToLive()
		p.afterReview(a)
		return nil
	}
	for _, h := range p.listRows {
		if h.r.Contains(x, y) {
			ply := h.ply
			p.reviewStep(a, func() { m.Review(ply) })
			return nil
		}
	}
	if !p.screen.Board.Contains(x, y) || p.reviewBar().Contains(x, y) {
		return nil
	}
	if c, ok := p.cellAt(x, y); ok {
		o := p.picker.Click(c)
		if o.Action == input.Play {
			p.playMove(a, o.Move)
		}
	} else {
		p.picker.ClickOutside()
	}
	return nil
}

// cellAt returns the point or cell under the pixel (x, y), if any.
func (p *play) cellAt(x, y float64) (hex.Coord, bool) {
	if !p.screen.Board.Contains(x, y) {
		return hex.Coord{}, false
	}
	c, d := p.view.FromPixel(x, y)
	if p.surface {
		return c, d <= 1
	}
	if _, ok := hex.PointAt(c); !ok || d > 0.85 {
		// A tall stack stands above its point: try under the pointer too.
		c2, d2 := p.view.FromPixel(x, y+0.4*p.view.Unit)
		if _, ok := hex.PointAt(c2); ok && d2 <= 0.6 {
			return c2, true
		}
		return c, false
	}
	return c, true
}

func (p *play) afterReview(a *app) {
	p.picker.Reset(p.inputState())
	if p.surface && !p.viewFixed {
		p.fitView()
	}
	p.scrollToView()
	a.layoutDirty = true
}

// undo takes back a move; against the computer, its move and yours, so that it is
// your turn again. Computer vs Computer pauses.
func (p *play) undo(a *app) {
	p.cancelSearch()
	p.anims.clear()
	p.match.ToLive()
	if !p.match.Undo() {
		return
	}
	if p.humans() {
		for p.computerToMove() && p.match.CanUndo() {
			p.match.Undo()
		}
	} else {
		p.ai.paused = true
	}
	p.afterMove(a)
}

func (p *play) redo(a *app) {
	p.cancelSearch()
	if !p.humans() {
		p.ai.paused = true
	}
	p.anims.clear()
	p.match.ToLive()
	before := p.match.Live()
	if p.match.Redo() {
		// Against the computer, undo took back its move and yours: redo both, so
		// that the computer does not answer afresh and cut the redo history.
		for p.humans() && p.computerToMove() && p.match.CanRedo() {
			before = p.match.Live() // the last move redone is the one animated
			p.match.Redo()
		}
		i := p.match.Len() - 1
		mv, st := p.match.Move(i)
		ch := input.Choice{Move: mv, Text: st.FormatMove(mv), Cells: input.Cells(st, mv)}
		p.pushAnims(p.animsFor(before, ch, p.match.Live()))
		p.moveSound(a, ch)
		p.afterMove(a)
	}
}

func (p *play) pass(a *app) {
	if ch, ok := p.picker.Pass(); ok {
		p.picker.Cancel()
		p.playMove(a, ch)
	}
}

// buttons are the game screen's buttons that are shown now.
func (p *play) buttons() map[string]render.Rect {
	out := map[string]render.Rect{}
	for name, r := range p.screen.Buttons {
		if name == "hint" && (p.inputState() == nil || p.ai.hintJob != nil) {
			continue
		}
		if name == "pass" {
			if _, ok := p.picker.Pass(); !ok {
				if p.match.Reviewing() {
					out["live"] = r
				}
				continue
			}
		}
		out[name] = r
	}
	return out
}

func (p *play) buttonEnabled(name string) bool {
	switch name {
	case "undo":
		return p.match.CanUndo()
	case "redo":
		return p.match.CanRedo()
	}
	return true
}

func (p *play) layout(a *app) (map[string][2]float64, map[string]render.Rect) {
	p.relayout(a)
	cells := map[string][2]float64{}
	if p.surface {
		for _, c := range p.surfaceCells(p.match.View()) {
			x, y := p.view.ToPixel(c)
			if p.screen.Board.Contains(x, y) {
				cells[fmt.Sprintf("%d,%d", c.Q, c.R)] = [2]float64{x, y}
			}
		}
	} else {
		for _, pt := range hex.Points {
			x, y := p.view.ToPixel(pt.Coord())
			cells[pt.Label()] = [2]float64{x, y}
		}
	}
	buttons := p.buttons()
	for k, r := range p.reviewRects() {
		buttons[k] = r
	}
	return cells, buttons
}

// resultText says how the game ended, RULES.md style.
func (p *play) resultText(s game.State) string {
	r := s.Result()
	if !r.Over {
		return ""
	}
	if sc, ok := s.(game.Scorer); ok {
		v := sc.Score()
		if r.Winner == game.NoPlayer {
			return fmt.Sprintf("Draw %d–%d", v[0], v[1])
		}
		return fmt.Sprintf("%s wins %d–%d", p.info.Players[r.Winner], v[r.Winner], v[1-r.Winner])
	}
	reason := r.Reason
	if strings.Contains(reason, "50 tiles") {
		reason = "all 50 tiles played"
	}
	if r.Winner == game.NoPlayer {
		return "Draw: " + reason
	}
	return p.info.Players[r.Winner] + " wins: " + reason
}

// scrollToView asks the next frame to scroll the move list to the shown move (the
// list's size is known only once the panel is drawn).
func (p *play) scrollToView() { p.scrollPending = true }

func (p *play) doScroll() {
	p.scrollPending = false
	row := max(0, p.match.ViewIndex()-1) / 2
	rows := p.listCapacity()
	if rows <= 0 {
		return
	}
	if row < p.listTop {
		p.listTop = row
	}
	if row >= p.listTop+rows {
		p.listTop = row - rows + 1
	}
}

func (p *play) rowHeight() float64 { return 22 * p.screen.Scale }

// listCell is the rectangle of the move list's entry in column k (0 or 1) of row.
func (p *play) listCell(row, k int) render.Rect {
	s := p.screen.Scale
	ml := p.screen.Moves
	rh := p.rowHeight()
	colW := (ml.W - 48*s) / 2
	ry := ml.Y + 24*s + float64(row-p.listTop)*rh
	return render.Rect{X: ml.X + 42*s + float64(k)*colW, Y: ry, W: colW - 4*s, H: rh}
}

// prepare computes the frame's layout in Update, so that Draw only reads it: the
// screen and view for the window size, then the move list's place, scroll and
// clickable rows.
func (p *play) prepare(a *app) {
	p.relayout(a)
	p.updateList()
}

// updateList places the move list under the player boxes (as drawPanel draws
// them), scrolls it when asked and lists its clickable rows.
func (p *play) updateList() {
	s := p.screen.Scale
	in := p.screen.Panel.Inset(12 * s)
	y := in.Y + 14*s + 30*s + 22*s + 2*(84*s+8*s)
	if p.series != nil {
		y += 20 * s
	}
	ml := p.screen.Moves
	ml.Y = y
	ml.H = max(0, p.screen.Buttons["pass"].Y-8*s-y)
	p.screen.Moves = ml
	texts := p.match.Texts()
	rows := (len(texts) + 1) / 2
	capRows := p.listCapacity()
	if p.scrollPending {
		p.doScroll()
	}
	p.listTop = max(0, min(p.listTop, rows-capRows))
	p.listRows = p.listRows[:0]
	for row := p.listTop; row < rows && row < p.listTop+capRows; row++ {
		for k := 0; k < 2; k++ {
			if i := 2*row + k; i < p.match.Len() {
				p.listRows = append(p.listRows, listHit{p.listCell(row, k), i + 1})
			}
		}
	}
}

func (p *play) listCapacity() int {
	return int((p.screen.Moves.H - 24*p.screen.Scale) / p.rowHeight())
}

// ---- drawing ----

func (p *play) draw(a *app, dst *ebiten.Image, t *render.Texts) {
	if p.screen.W == 0 || p.sprites == nil || p.small == nil {
		dst.Fill(render.Background) // not laid out yet: Update does that
		return
	}
	s := p.screen.Scale
	shown := p.match.View()
	if an := p.anims.current(); an != nil {
		shown = an.state
	}
	// Board area.
	if p.surface {
		p.drawSurface(dst, shown)
	} else {
		img := p.board.Image(render.BoardKey{
			W: int(math.Ceil(p.screen.Board.W)), H: int(math.Ceil(p.screen.Board.H)), View: p.view, Opaque: true,
			Labels: p.labels, ForbidCentre: p.info.Name == "Attangle", Scale: s,
		})
		dst.DrawImage(img, nil)
		p.drawStacks(dst, shown)
	}
	p.drawAnimFlights(dst)
	if len(p.ai.hint) > 0 && !p.match.Reviewing() {
		// The suggested move, pulsing so that it is not taken for a selection.
		k := 0.75 + 0.25*math.Sin(float64(time.Now().UnixMilli())/160)
		for i, c := range p.ai.hint {
			x, y := p.view.ToPixel(c)
			p.sprites.Ring(dst, x, y, 0.95+0.1*k, color.NRGBA{0x4f, 0xa3, 0xff, uint8(200 * k)})
			if i == 0 {
				p.sprites.Dot(dst, x, y, 0.22, color.NRGBA{0x4f, 0xa3, 0xff, 0xe0})
			}
		}
	}
	p.drawPanel(a, dst, t)
	p.drawReview(dst, t)
	if msg := p.statusOverlay(); msg != "" {
		f := render.Face(18*s, true)
		w, _ := render.Measure(msg, f)
		sub := ""
		if p.series != nil && !p.match.Reviewing() {
			sub = p.series.result(p.match.Live())
		}
		sf := render.Face(14*s, true)
		sw, _ := render.Measure(sub, sf)
		w = min(max(w, sw), p.screen.Board.W-200*s)
		h := 36 * s
		if sub != "" {
			h += 20 * s
		}
		// Clear of the File and View buttons at the top left.
		cx := max(p.screen.Board.CX(), 160*s+w/2+16*s)
		r := render.Rect{X: cx - w/2 - 16*s, Y: 12 * s, W: w + 32*s, H: h}
		c := color.NRGBA{0x10, 0x12, 0x16, 0xe0}
		render.FillRoundRect(dst, r, 8*s, c)
		t.Add(msg, f, r.CX(), r.Y+18*s, render.Center, render.LastMove)
		if sub != "" {
			t.Add(sub, sf, r.CX(), r.Y+44*s, render.Center, render.TextColor)
		}
	}
}

// statusOverlay is the banner over the board: the result, or the review notice.
func (p *play) statusOverlay() string {
	if p.match.Reviewing() {
		return fmt.Sprintf("Reviewing move %d of %d · End returns", p.match.ViewIndex(), p.match.Len())
	}
	return p.resultText(p.match.Live())
}

// lastCells are the cells of the move that led to the shown position.
func (p *play) lastCells() []hex.Coord {
	i := p.match.ViewIndex()
	if i == 0 {
		return nil
	}
	mv, st := p.match.Move(i - 1)
	return input.Cells(st, mv)
}

func (p *play) drawStacks(dst *ebiten.Image, s game.State) {
	st, ok := s.(render.Stacker)
	if !ok {
		return
	}
	sp := p.sprites
	live := p.anims.current() == nil && !p.match.Reviewing()
	targets := map[hex.Coord]bool{}
	sel := map[hex.Coord]bool{}
	if live {
		for _, c := range p.picker.Targets() {
			targets[c] = true
		}
		for _, c := range p.picker.Selection() {
			sel[c] = true
		}
	}
	hidden := map[hex.Coord]bool{}
	if an := p.anims.current(); an != nil {
		for _, c := range an.hide {
			hidden[c] = true
		}
	}
	last := map[hex.Coord]bool{}
	if p.anims.current() == nil {
		for _, c := range p.lastCells() {
			last[c] = true
		}
	}
	wk, _ := s.(waker)
	hoverOut := input.Outcome{}
	if live && p.hoverOn {
		hoverOut = p.picker.Hover(p.hover)
	}
	// Back rows first so that stacks in front overlap those behind.
	for k := range hex.Points {
		i := len(hex.Points) - 1 - k
		if p.view.Flip {
			i = k // turned round, the back rows are the other end
		}
		pt := hex.Points[i]
		c := pt.Coord()
		x, y := p.view.ToPixel(c)
		if last[c] {
			sp.Ring(dst, x, y, 0.72, color.NRGBA{0xff, 0xc8, 0x20, 0xe0})
		}
		h, _ := st.Stack(pt)
		if targets[c] {
			if h > 0 {
				sp.Ring(dst, x, y, 0.95, color.NRGBA{0x3d, 0xd6, 0x8c, 0xd0})
			} else {
				sp.Dot(dst, x, y, 0.28, color.NRGBA{0x2f, 0xb8, 0x74, 0xe0})
			}
		}
		if sel[c] {
			sp.Ring(dst, x, y, 1.0, render.Accent)
		}
		if h == 0 || hidden[c] {
			if live && p.hoverOn && p.hover == c && hoverOut.Action == input.Play && len(hoverOut.Move.Cells) == 1 {
				// Ghost of the piece a click would enter.
				sp.Disc(dst, p.sides[s.ToMove()], x, sp.LayerY(y, 0), 0.5)
			}
			continue
		}
		alpha := 1.0
		if wk != nil && !wk.Awake(pt) {
			alpha = 0.5 // asleep: scores nothing now
		}
		sp.Stack(dst, render.Colours(st, pt, p.sides), x, y, alpha)
		if live && p.hoverOn && p.hover == c && (hoverOut.Action == input.Select || hoverOut.Action == input.Play || hoverOut.Action == input.Restart) {
			sp.Ring(dst, x, sp.LayerY(y, h-1), 0.75, color.NRGBA{0xff, 0xff, 0xff, 0x90})
		}
	}
}

// surfaceKey is what the static layer of the Andantino surface depends on.
type surfaceKey struct {
	state     game.State
	view      render.View
	w, h      int
	labels    bool
	live      bool
	pick      uint64 // the picker's generation: its choices and selection decide the targets
	anim      *anim  // the running animation step hides cells
	scale     float64
	hasWinner bool
	theme     int
}

// drawSurface draws the Andantino surface: the tiles, legal cells and labels come
// from a layer rendered only when they change (under software GL, redrawing fifty
// tiles and their labels every frame costs a fifth of the frame rate); the
// selection and the hover are drawn over it each frame.
func (p *play) drawSurface(dst *ebiten.Image, s game.State) {
	live := p.anims.current() == nil && !p.match.Reviewing()
	k := surfaceKey{
		state: s, view: p.view, w: int(math.Ceil(p.screen.Board.W)), h: int(math.Ceil(p.screen.Board.H)),
		labels: p.labels, live: live, pick: p.picker.Gen(), anim: p.anims.current(),
		scale: p.screen.Scale, hasWinner: s.Result().Over, theme: render.ThemeGen(),
	}
	if p.layer == nil || k != p.layerKey {
		if p.layer == nil || p.layer.Bounds().Dx() != k.w || p.layer.Bounds().Dy() != k.h {
			if p.layer != nil {
				p.layer.Deallocate()
			}
			p.layer = ebiten.NewImage(max(1, k.w), max(1, k.h))
		}
		p.layerKey = k
		p.layer.Fill(render.Surface)
		var lt render.Texts
		p.drawSurfaceStatic(p.layer, &lt, s, live)
		lt.Flush(p.layer)
	}
	dst.DrawImage(p.layer, nil) // the board area starts at the window's corner
	if !live {
		return
	}
	sp := p.sprites
	for _, c := range p.picker.Selection() {
		x, y := p.view.ToPixel(c)
		sp.Ring(dst, x, y, 0.9, render.Accent)
	}
	if p.hoverOn {
		o := p.picker.Hover(p.hover)
		x, y := p.view.ToPixel(p.hover)
		switch o.Action {
		case input.Play:
			sp.Tile(dst, p.sides[s.ToMove()], x, y, 1, 0.55)
		case input.Select, input.Restart:
			sp.Ring(dst, x, y, 0.9, color.NRGBA{0xff, 0xff, 0xff, 0x90})
		}
	}
}

// drawSurfaceStatic draws the parts of the surface that change only with the
// position, the view and the selection, into the layer (at board coordinates,
// which start at the window's corner).
func (p *play) drawSurfaceStatic(dst *ebiten.Image, t *render.Texts, s game.State, live bool) {
	sf, ok := s.(surface)
	if !ok {
		return
	}
	sp := p.sprites
	hidden := map[hex.Coord]bool{}
	if an := p.anims.current(); an != nil {
		for _, c := range an.hide {
			hidden[c] = true
		}
	}
	// Legal cells (targets of the current selection).
	if live {
		sc, _ := s.(suicider)
		for _, c := range p.picker.Targets() {
			if sf.At(c) != game.NoPlayer {
				// Continuation: one's own tile that can be picked up.
				x, y := p.view.ToPixel(c)
				defer sp.Ring(dst, x, y, 0.7, render.Highlight)
				continue
			}
			x, y := p.view.ToPixel(c)
			sp.Cell(dst, x, y, sc != nil && sc.IsSuicide(c), 1)
		}
	}
	win := map[hex.Coord]bool{}
	if w, ok := s.(winner); ok && s.Result().Over {
		for _, c := range w.WinningCells() {
			win[c] = true
		}
	}
	last := map[hex.Coord]bool{}
	if p.anims.current() == nil {
		for _, c := range p.lastCells() {
			last[c] = true
		}
	}
	lo, hi := sf.Bounds()
	small := render.Face(max(8*p.screen.Scale, p.view.Unit*0.32), false)
	for k := 0; k <= hi.R-lo.R; k++ {
		r := hi.R - k
		if p.view.Flip {
			r = lo.R + k
		}
		for q := lo.Q; q <= hi.Q; q++ {
			c := hex.Coord{Q: q, R: r}
			x, y := p.view.ToPixel(c)
			if win[c] {
				sp.Dot(dst, x, y, 1.25, color.NRGBA{0xff, 0xd2, 0x3c, 0xc0})
			}
			owner := sf.At(c)
			if win[c] && owner != game.NoPlayer {
				defer sp.Ring(dst, x, y, 0.8, render.LastMove) // over the tiles
			}
			if owner == game.NoPlayer || hidden[c] {
				continue
			}
			sp.Tile(dst, p.sides[owner], x, y, 1, 1)
			if last[c] {
				sp.Ring(dst, x, y, 0.45, render.LastMove)
			}
			if p.labels && p.view.Unit > 18*p.screen.Scale {
				ly := y
				if render.CurrentTheme().Mark[p.sides[owner]] != render.MarkNone {
					ly = y + p.view.Unit*0.45 // clear of the marking
				}
				t.Add(fmt.Sprintf("%d,%d", q, r), small, x, ly, render.Center, render.LabelColour(p.sides[owner]))
			}
		}
	}
	for c := range last {
		if sf.At(c) == game.NoPlayer {
			// Where a continuation move took its tile from.
			x, y := p.view.ToPixel(c)
			sp.Ring(dst, x, y, 0.45, color.NRGBA{0xff, 0xd2, 0x3c, 0x90})
		}
	}
}

func (p *play) drawPanel(a *app, dst *ebiten.Image, t *render.Texts) {
	s := p.screen.Scale
	pr := p.screen.Panel
	render.FillRect(dst, pr, render.PanelBG)
	in := pr.Inset(12 * s)
	live := p.match.Live()
	shown := p.match.View()
	y := in.Y + 14*s
	t.Add(p.info.Name, render.Face(22*s, true), in.X, y, render.Left, render.TextColor)
	if o := p.opts.String(); o != "" {
		// Only when it fits beside the name.
		of, tf := render.Face(11*s, false), render.Face(22*s, true)
		ow, _ := render.Measure(o, of)
		tw, _ := render.Measure(p.info.Name, tf)
		if tw+ow+12*s < in.W {
			t.Add(o, of, in.X+in.W, y+2*s, render.Right, render.TextDim)
		}
	}
	y += 30 * s
	if p.series != nil {
		t.Add(p.series.summary(live), render.Face(13*s, true), in.X, y-4*s, render.Left, render.Accent)
		y += 20 * s
	}
	// Status: the result, an error, or whose turn.
	status := ""
	clr := color.Color(render.TextColor)
	switch {
	case time.Now().Before(a.errUntil):
		status, clr = a.lastErr, render.Danger
	case live.Result().Over:
		status, clr = p.resultText(live), render.LastMove
	default:
		status = p.info.Players[live.ToMove()] + " to move"
		if th := p.thinkingText(); th != "" {
			status += " · " + th
		} else if p.ai.hintJob != nil {
			status += " · finding a hint…"
		} else if p.ai.hintTxt != "" && p.hoverText() == "" {
			status += " · hint: " + p.ai.hintTxt
			clr = render.Accent
		} else if h := p.hoverText(); h != "" {
			status += " · " + h
		} else if len(p.picker.Selection()) > 0 {
			status += " · Esc cancels"
		}
	}
	t.Add(status, render.Face(15*s, true), in.X, y, render.Left, clr)
	y += 22 * s
	// Player boxes.
	for pl := game.First; pl <= game.Second; pl++ {
		box := render.Rect{X: in.X, Y: y, W: in.W, H: 84 * s}
		bg := render.ButtonBG
		render.FillRoundRect(dst, box, 8*s, bg)
		if !live.Result().Over && live.ToMove() == pl {
			render.StrokeRoundRect(dst, box, 8*s, 2*s, render.Highlight)
		}
		p.small.Disc(dst, p.sides[pl], box.X+18*s, box.Y+18*s, 1)
		who := p.info.Players[pl] + " · " + p.seatName(pl)
		if p.series != nil {
			who = fmt.Sprintf("%s · P%d", who, p.series.participant(pl)+1)
		}
		t.Add(who, render.Face(15*s, true), box.X+36*s, box.Y+18*s, render.Left, render.TextColor)
		line, count := p.playerFacts(shown, pl)
		t.Add(line, render.Face(13*s, false), box.X+12*s, box.Y+42*s, render.Left, render.TextDim)
		if th := p.boxThinking(pl); th != "" {
			// In place of the pieces while this side's computer thinks.
			t.Add(th, render.Face(13*s, true), box.X+12*s, box.Y+66*s, render.Left, render.Accent)
			y += box.H + 8*s
			continue
		}
		// The pieces in hand, drawn as a row of small discs.
		n := min(count, 25)
		step := min(11*s, (box.W-24*s)/float64(max(1, n)))
		for i := 0; i < n; i++ {
			p.small.Disc(dst, p.sides[pl], box.X+18*s+float64(i)*step, box.Y+66*s, 1)
		}
		y += box.H + 8*s
	}
	// Move list: its place, scroll and rows were set in Update (updateList).
	ml := p.screen.Moves
	render.FillRoundRect(dst, ml, 6*s, color.RGBA{0x1a, 0x1c, 0x21, 0xff})
	t.Add("Moves", render.Face(13*s, true), ml.X+10*s, ml.Y+12*s, render.Left, render.TextDim)
	texts := p.match.Texts()
	rows := (len(texts) + 1) / 2
	capRows := p.listCapacity()
	rh := p.rowHeight()
	f := render.Face(14*s, false)
	for row := p.listTop; row < rows && row < p.listTop+capRows; row++ {
		ry := ml.Y + 24*s + float64(row-p.listTop)*rh
		t.Add(fmt.Sprintf("%d.", row+1), f, ml.X+36*s, ry+rh/2, render.Right, render.TextDim)
		for k := 0; k < 2; k++ {
			i := 2*row + k
			if i >= len(texts) {
				break
			}
			cell := p.listCell(row, k)
			c := color.Color(render.TextColor)
			if i >= p.match.Len() {
				c = color.RGBA{0x60, 0x64, 0x6c, 0xff} // undone, redoable
			}
			if i == p.match.ViewIndex()-1 {
				render.FillRoundRect(dst, cell, 4*s, render.Accent)
				c = color.White
			}
			t.Add(texts[i], f, cell.X+6*s, cell.CY(), render.Left, c)
		}
	}
	// Buttons.
	for name, r := range p.buttons() {
		label := map[string]string{"undo": "Undo", "redo": "Redo", "new": "New", "pass": "Pass", "live": "Live (End)", "hint": "Hint (H)"}[name]
		if name == "new" && p.seriesNext() {
			label = "Next game"
			if w, _ := render.Measure(label, render.Face(14*s, true)); w > r.W-16*s {
				label = "Next"
			}
		}
		on := p.buttonEnabled(name)
		hot := on && r.Contains(p.ptr.x, p.ptr.y)
		bg := render.ButtonBG
		if hot {
			bg = render.ButtonHot
		}
		if name == "pass" {
			bg = color.RGBA{0x2f, 0x6b, 0x4c, 0xff}
			if hot {
				bg = color.RGBA{0x3a, 0x85, 0x5e, 0xff}
			}
		}
		render.FillRoundRect(dst, r, 6*s, bg)
		tc := color.Color(render.TextColor)
		if !on {
			tc = color.RGBA{0x70, 0x74, 0x7c, 0xff}
		}
		t.Add(label, render.Face(14*s, true), r.CX(), r.CY(), render.Center, tc)
	}
}

func (p *play) seatName(pl game.Player) string {
	if p.seats[pl].computer {
		return fmt.Sprintf("Computer, level %d", p.seats[pl].level)
	}
	return "Human"
}

// hoverText says what a click at the pointer would do.
func (p *play) hoverText() string {
	if !p.hoverOn || p.inputState() == nil {
		return ""
	}
	o := p.picker.Hover(p.hover)
	name := p.cellName(p.hover)
	switch o.Action {
	case input.Play:
		return "click plays " + o.Move.Text
	case input.Select, input.Restart:
		return "click selects " + name
	case input.Deselect:
		return "click drops " + name
	case input.Cancel:
		return "click cancels"
	}
	return ""
}

func (p *play) cellName(c hex.Coord) string {
	if pt, ok := hex.PointAt(c); ok && !p.surface {
		return pt.Label()
	}
	return fmt.Sprintf("%d,%d", c.Q, c.R)
}

// playerFacts is the line under a player's name and the pieces still to play.
func (p *play) playerFacts(s game.State, pl game.Player) (string, int) {
	switch st := s.(type) {
	case pooler:
		return fmt.Sprintf("Pool %d · Triples %d of 3", st.Pool(pl), st.Triples(pl)), st.Pool(pl)
	case surface:
		return fmt.Sprintf("Tiles left %d", st.TilesLeft(pl)), st.TilesLeft(pl)
	case hander:
		line := fmt.Sprintf("In hand %d", st.Hand(pl))
		if sc, ok := s.(game.Scorer); ok {
			line += fmt.Sprintf(" · Score %d", sc.Score()[pl])
		}
		return line, st.Hand(pl)
	}
	return "", 0
}

// poolPos is where a player's pieces in hand are drawn in the panel (the target of
// a returned piece's flight).
func (p *play) poolPos(pl game.Player) (float64, float64) {
	s := p.screen.Scale
	in := p.screen.Panel.Inset(12 * s)
	y := in.Y + 14*s + 30*s + 22*s + float64(pl)*(84*s+8*s)
	if p.series != nil {
		y += 20 * s
	}
	return in.X + 18*s, y + 66*s
}
