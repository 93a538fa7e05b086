package ui

import (
	"fmt"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/render"
)

// boardFrame is what the board shows in one frame, gathered by the scene.
type boardFrame struct {
	state     game.State // the position drawn (an animation's, or the one reviewed)
	live      bool       // no animation and not reviewing: targets, selection and hover show
	targets   []hex.Coord
	sel       []hex.Coord
	pickGen   uint64 // the picker's generation: its choices decide the targets
	hoverOn   bool
	hover     hex.Coord
	hoverOut  input.Outcome
	last      []hex.Coord // the cells of the move that led here
	anim      *anim
	hint      []hex.Coord
	sides     [2]int
	labels    bool
	forbid    bool // Attangle: d4
	area      render.Rect
	scale     float64
	poolPos   [2][2]float64
	reviewing bool
	armed     *hex.Coord  // a losing cell clicked once
	marks     []hex.Coord // the stacks that decided the game
	look      []hex.Coord // where a lesson asks the player to look
}

// draw draws the board area: the board or surface, the pieces, the flights of the
// running animation and the hint.
func (bv *boardView) draw(p painter, f *boardFrame, surface bool) {
	if surface {
		bv.drawSurface(p, f)
	} else {
		img := bv.board.Image(render.BoardKey{
			W: int(math.Ceil(f.area.W)), H: int(math.Ceil(f.area.H)), View: bv.view, Opaque: true,
			Labels: f.labels, ForbidCentre: f.forbid, Scale: f.scale, Theme: p.th, LabelsApart: true,
		})
		p.dst.DrawImage(img, nil)
		bv.drawStacks(p, f)
	}
	bv.drawFlights(p, f)
	if len(f.hint) > 0 && !f.reviewing {
		// The suggested move, pulsing so that it is not taken for a selection;
		// on the 37-point board its ring lies under the labels (drawStacks).
		k, ring := hintPulse(p.th, p.now)
		for i, c := range f.hint {
			x, y := bv.view.ToPixel(c)
			if surface {
				bv.sprites.Ring(p.dst, x, y, 0.95+0.1*k, ring)
			}
			if i == 0 {
				bv.sprites.Dot(p.dst, x, y, 0.22, p.th.HintDot)
			}
		}
	}
}

// hintPulse is the hint ring's pulse now, 0.5 to 1, and its colour.
func hintPulse(th render.Theme, now time.Time) (float64, color.RGBA) {
	k := 0.75 + 0.25*math.Sin(float64(now.UnixMilli())/160)
	ring := th.Hint
	ring.A = uint8(200 * k)
	ring.R, ring.G, ring.B = uint8(float64(ring.R)*200*k/255), uint8(float64(ring.G)*200*k/255), uint8(float64(ring.B)*200*k/255)
	return k, ring
}

func set(cs []hex.Coord) map[hex.Coord]bool {
	m := make(map[hex.Coord]bool, len(cs))
	for _, c := range cs {
		m[c] = true
	}
	return m
}

func (bv *boardView) drawStacks(p painter, f *boardFrame) {
	st, ok := f.state.(render.Stacker)
	if !ok {
		return
	}
	sp, th := bv.sprites, p.th
	var targets, sel, hidden, last map[hex.Coord]bool
	if f.live {
		targets, sel = set(f.targets), set(f.sel)
	}
	if f.anim != nil {
		hidden = set(f.anim.hide)
	} else {
		last = set(f.last)
	}
	wk, _ := f.state.(waker)
	marks, look := set(f.marks), set(f.look)
	var hint map[hex.Coord]bool
	if !f.reviewing {
		hint = set(f.hint)
	}
	// The marks lie flat on the board, under the labels (drawn next, so that a
	// glow or a ring never hides the coordinates it marks) and the stacks.
	for _, pt := range hex.Points {
		c := pt.Coord()
		x, y := bv.view.ToPixel(c)
		h, _ := st.Stack(pt)
		if last[c] {
			sp.Halo(p.dst, x, y, 1.15, th.LastRing)
		}
		if marks[c] {
			sp.Dot(p.dst, x, y, 0.85, th.Win) // the stacks that decided the game
		}
		if look[c] {
			sp.Halo(p.dst, x, y, 1.4, th.Hint)
		}
		if targets[c] {
			if h > 0 {
				sp.Halo(p.dst, x, y, 1.3, th.Target)
			} else {
				sp.Dot(p.dst, x, y, 0.28, th.TargetDot)
			}
		}
		if sel[c] {
			sp.Halo(p.dst, x, y, 1.45, th.Accent)
		}
		if hint[c] {
			k, ring := hintPulse(th, p.now)
			sp.Ring(p.dst, x, y, 0.95+0.1*k, ring)
		}
	}
	if img := bv.board.Labels(); img != nil {
		p.dst.DrawImage(img, nil)
	}
	// Back rows first so that stacks in front overlap those behind.
	for k := range hex.Points {
		i := len(hex.Points) - 1 - k
		if bv.view.Flip {
			i = k // turned round, the back rows are the other end
		}
		pt := hex.Points[i]
		c := pt.Coord()
		x, y := bv.view.ToPixel(c)
		h, _ := st.Stack(pt)
		hovered := f.live && f.hoverOn && f.hover == c
		if h == 0 || hidden[c] {
			if hovered && f.hoverOut.Action == input.Play && len(f.hoverOut.Move.Cells) == 1 {
				// Ghost of the piece a click would enter.
				sp.Disc(p.dst, f.sides[f.state.ToMove()], x, sp.LayerY(y, 0), 0.5)
			}
			continue
		}
		sp.Stack(p.dst, render.Colours(st, pt, f.sides), x, y, 1)
		if wk != nil && !wk.Awake(pt) {
			// Asleep: it scores nothing now. A badge of its own, not the ghost's
			// transparency.
			bx, by := x+sp.RX*0.95, sp.LayerY(y, h-1)-sp.RY*0.9
			sp.Dot(p.dst, bx, by, 0.24, th.Asleep)
			p.t.Add("z", render.Face(max(8*f.scale, bv.view.Unit*0.3), true), bx, by, render.Center, th.AsleepMark)
		}
		if a := f.hoverOut.Action; hovered && (a == input.Select || a == input.Play || a == input.Restart) {
			sp.Ring(p.dst, x, sp.LayerY(y, h-1), 0.75, th.HoverRing)
		}
	}
}

// On Andantino's tiles the rings that mark a tile (the last move, the winning
// line, a selection, the hover) go round its coordinates, inside its edge, never
// through them: tileRing is their radius as a Sprites.Ring factor, and
// markedLabelDrop how far (in View units) the label stands below the centre on
// a theme that marks the tiles' colours, clear of the marking.
const (
	tileRing        = 0.98
	markedLabelDrop = 0.36
)

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
	theme     string
}

// drawSurface draws the Andantino surface: the tiles, legal cells and labels come
// from a layer rendered only when they change (under software GL, redrawing fifty
// tiles and their labels every frame costs a fifth of the frame rate); the
// selection and the hover are drawn over it each frame.
func (bv *boardView) drawSurface(p painter, f *boardFrame) {
	k := surfaceKey{
		state: f.state, view: bv.view, w: int(math.Ceil(f.area.W)), h: int(math.Ceil(f.area.H)),
		labels: f.labels, live: f.live, pick: f.pickGen, anim: f.anim,
		scale: f.scale, hasWinner: f.state.Result().Over, theme: p.th.Name,
	}
	if bv.layer == nil || k != bv.key {
		if bv.layer == nil || bv.layer.Bounds().Dx() != k.w || bv.layer.Bounds().Dy() != k.h {
			if bv.layer != nil {
				bv.layer.Deallocate()
			}
			bv.layer = ebiten.NewImage(max(1, k.w), max(1, k.h))
		}
		bv.key = k
		bv.layer.Fill(p.th.Surface)
		var lt render.Texts
		lp := p
		lp.dst, lp.t = bv.layer, &lt
		bv.drawSurfaceStatic(lp, f)
		lt.Flush(bv.layer)
	}
	p.dst.DrawImage(bv.layer, nil) // the board area starts at the window's corner
	if !f.live {
		return
	}
	sp := bv.sprites
	for _, c := range f.sel {
		x, y := bv.view.ToPixel(c)
		sp.Ring(p.dst, x, y, tileRing, p.th.Accent)
	}
	if f.armed != nil {
		x, y := bv.view.ToPixel(*f.armed)
		sp.Ring(p.dst, x, y, 1.0, p.th.Danger)
	}
	for _, c := range f.look {
		x, y := bv.view.ToPixel(c)
		sp.Ring(p.dst, x, y, tileRing, p.th.Hint)
	}
	if f.hoverOn {
		x, y := bv.view.ToPixel(f.hover)
		switch f.hoverOut.Action {
		case input.Play:
			sp.Tile(p.dst, f.sides[f.state.ToMove()], x, y, 1, 0.55)
		case input.Select, input.Restart:
			sp.Ring(p.dst, x, y, tileRing, p.th.HoverRing)
		}
	}
}

// drawSurfaceStatic draws the parts of the surface that change only with the
// position, the view and the selection, into the layer (at board coordinates,
// which start at the window's corner).
func (bv *boardView) drawSurfaceStatic(p painter, f *boardFrame) {
	sf, ok := f.state.(surfacer)
	if !ok {
		return
	}
	sp, th, v := bv.sprites, p.th, bv.view
	var hidden, last, win, wall map[hex.Coord]bool
	if f.anim != nil {
		hidden = set(f.anim.hide)
	} else {
		last = set(f.last)
	}
	var over []func() // rings drawn over the tiles
	// Legal cells (targets of the current selection).
	if f.live {
		sc, _ := f.state.(suicider)
		for _, c := range f.targets {
			x, y := v.ToPixel(c)
			if sf.At(c) != game.NoPlayer {
				// Continuation: one's own tile that can be picked up.
				over = append(over, func() { sp.Ring(p.dst, x, y, tileRing, th.Highlight) })
				continue
			}
			sp.Cell(p.dst, x, y, sc != nil && sc.IsSuicide(c), 1)
		}
	}
	if w, ok := f.state.(winner); ok && f.state.Result().Over {
		win = set(w.WinningCells())
	}
	if e, ok := f.state.(encloser); ok && f.state.Result().Over {
		wall = set(e.EnclosureCells()) // the tiles that closed the region in
	}
	lo, hi := sf.Bounds()
	small := render.Face(max(8*f.scale, v.Unit*0.32), false)
	for k := 0; k <= hi.R-lo.R; k++ {
		r := hi.R - k
		if v.Flip {
			r = lo.R + k
		}
		for q := lo.Q; q <= hi.Q; q++ {
			c := hex.Coord{Q: q, R: r}
			x, y := v.ToPixel(c)
			if win[c] || wall[c] {
				sp.Dot(p.dst, x, y, 1.25, th.Win)
			}
			owner := sf.At(c)
			if win[c] && owner != game.NoPlayer {
				over = append(over, func() { sp.Ring(p.dst, x, y, tileRing, th.LastMove) })
			}
			if wall[c] {
				over = append(over, func() { sp.Ring(p.dst, x, y, tileRing, th.Win) })
			}
			if owner == game.NoPlayer || hidden[c] {
				continue
			}
			sp.Tile(p.dst, f.sides[owner], x, y, 1, 1)
			if last[c] {
				sp.Ring(p.dst, x, y, tileRing, th.LastMove)
			}
			if f.labels && v.Unit > 18*f.scale {
				ly := y
				if th.Mark[f.sides[owner]] != render.MarkNone {
					ly = y + v.Unit*markedLabelDrop // clear of the marking
				}
				p.t.Add(fmt.Sprintf("%d,%d", q, r), small, x, ly, render.Center, th.LabelOn(f.sides[owner]))
			}
		}
	}
	for _, d := range over {
		d()
	}
	for c := range last {
		if sf.At(c) == game.NoPlayer {
			// Where a continuation move took its tile from.
			x, y := v.ToPixel(c)
			sp.Ring(p.dst, x, y, 0.45, th.FromCell)
		}
	}
}

// drawFlights draws the moving pieces of the current animation step.
func (bv *boardView) drawFlights(p painter, f *boardFrame) {
	an := f.anim
	if an == nil {
		return
	}
	t := an.progress(p.now)
	sp := bv.sprites
	for _, fl := range an.flights {
		x1, y1 := bv.view.ToPixel(fl.to)
		if fl.tile {
			x0, y0 := bv.view.ToPixel(fl.from)
			k := 1.0
			if fl.from == fl.to {
				k = lerp(1.35, 1, t) // settles onto the surface
			}
			sp.Tile(p.dst, fl.colours[0], lerp(x0, x1, t), lerp(y0, y1, t), k, min(1, 0.3+t))
			continue
		}
		if fl.toPool >= 0 {
			x0, y0 := bv.view.ToPixel(fl.from)
			y0 = sp.LayerY(y0, fl.fromLayer)
			px, py := f.poolPos[fl.toPool][0], f.poolPos[fl.toPool][1]
			x, y := lerp(x0, px, t), lerp(y0, py, t)
			// Arc upwards on the way.
			y -= 4 * sp.T * 4 * t * (1 - t)
			bv.small.Disc(p.dst, fl.colours[0], x, y, 1) // shrinks to panel size
			if t < 0.5 {
				sp.Disc(p.dst, fl.colours[0], x, y, 1-2*t)
			}
			continue
		}
		var x0, y0 float64
		if fl.drop {
			x0, y0 = x1, y1-1.6*bv.view.Unit
		} else {
			x0, y0 = bv.view.ToPixel(fl.from)
			y0 = sp.LayerY(y0, fl.fromLayer) + sp.T*0.5
		}
		x, y := lerp(x0, x1, t), lerp(y0, sp.LayerY(y1, fl.toLayer)+sp.T*0.5, t)
		alpha := 1.0
		if fl.drop {
			alpha = min(1, 0.2+t)
		}
		sp.Stack(p.dst, fl.colours, x, y, alpha)
	}
}
