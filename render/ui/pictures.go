package ui

import (
	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/game/hex"
	"trihex/render"
)

// pictures draws a small picture of each game (a few stacks on the board, or a
// few tiles) for the start screen's cards and the rules page, keeping the board
// images and sprites so they render once per size.
type pictures struct {
	boards  map[string]*render.Board
	sprites map[float64]*render.Sprites
	samples map[string]game.State // the start screen's positions, replayed once
}

func newPictures() *pictures {
	return &pictures{boards: map[string]*render.Board{}, sprites: map[float64]*render.Sprites{}}
}

// samples are the positions the start screen shows of each game: the openings
// of the golden games, reached by legal moves (drawn once a size by drawState).
var samples = map[string]string{
	"Abande":    "e6 d7 f5 d7-e6 d6 d5 c5 e5 e4 e5-d6 e5 d7",
	"Attangle":  "e6 c6 g4 e4 b1 f3 d7 d6 a3 d3 e2 c1 f2 b5 b1,e2-c1",
	"Andantino": "1,-1 2,-1 0,1 -1,1 0,-1 1,1 2,-2 1,-2 0,2 0,-2",
}

// draw draws the picture of info's sample position into r.
func (pc *pictures) draw(p painter, info *game.Info, r render.Rect) {
	if pc.samples == nil {
		pc.samples = map[string]game.State{}
	}
	st, ok := pc.samples[info.Name]
	if !ok {
		st, _, _ = rulePosition(info, rulePage{moves: samples[info.Name]})
		pc.samples[info.Name] = st
	}
	if st != nil {
		pc.drawState(p, st, r, nil)
	}
}

func (pc *pictures) spritesFor(u float64, th render.Theme) *render.Sprites {
	if sp, ok := pc.sprites[u]; ok && !sp.Stale(th) {
		return sp
	} else if ok {
		sp.Dispose() // drawn in a theme since changed
		delete(pc.sprites, u)
	}
	if len(pc.sprites) > 8 { // the window was resized many times: start afresh
		for _, sp := range pc.sprites {
			sp.Dispose()
		}
		clear(pc.sprites)
	}
	sp := render.NewSprites(u, th)
	pc.sprites[u] = sp
	return sp
}

// drawState draws the position st into r: the board and its stacks, or the
// surface and its tiles, with the cells marks ringed (a legal empty cell in the
// legal-cell look, a losing one crossed).
func (pc *pictures) drawState(p painter, st game.State, r render.Rect, marks []hex.Coord) {
	if r.H < 40*p.s || r.W < 40*p.s {
		return
	}
	sub := p.dst.SubImage(rectImage(r)).(*ebiten.Image)
	sides := render.Sides(st.Info())
	th := p.th
	if sf, ok := st.(surfacer); ok {
		pc.drawSurface(p, sub, st, sf, r, marks)
		return
	}
	stk, ok := st.(render.Stacker)
	if !ok {
		return
	}
	v := render.Fit(render.BoardCells(), r, 1.25, 0)
	name := st.Info().Name
	b := pc.boards[name]
	if b == nil {
		b = &render.Board{}
		pc.boards[name] = b
	}
	img := b.Image(render.BoardKey{W: int(r.X + r.W), H: int(r.Y + r.H), View: v, Labels: v.Unit > 16*p.s,
		ForbidCentre: st.Info().Board.ClosedCentre, Scale: p.s, Theme: th})
	sub.DrawImage(img, nil)
	sp := pc.spritesFor(v.Unit, th)
	marked := set(marks)
	wk, _ := st.(waker)
	for k := len(hex.Points) - 1; k >= 0; k-- {
		pt := hex.Points[k]
		x, y := v.ToPixel(pt.Coord())
		h, _ := stk.Stack(pt)
		if marked[pt.Coord()] {
			if h > 0 {
				sp.Halo(sub, x, y, 1.35, th.Target)
			} else {
				sp.Dot(sub, x, y, 0.28, th.TargetDot)
			}
		}
		if h == 0 {
			continue
		}
		sp.Stack(sub, render.Colours(stk, pt, sides), x, y, 1)
		if wk != nil && !wk.Awake(pt) {
			bx, by := x+sp.RX*0.95, sp.LayerY(y, h-1)-sp.RY*0.9
			sp.Dot(sub, bx, by, 0.24, th.Asleep)
			p.t.Add("z", render.Face(max(7*p.s, v.Unit*0.3), true), bx, by, render.Center, th.AsleepMark)
		}
	}
}

// drawSurface draws an Andantino position into r (sub is r's part of the window).
func (pc *pictures) drawSurface(p painter, sub *ebiten.Image, st game.State, sf surfacer, r render.Rect, marks []hex.Coord) {
	sides := render.Sides(st.Info())
	th := p.th
	render.FillRoundRect(sub, r, 8*p.s, th.Surface)
	var tiles []hex.Coord
	lo, hi := sf.Bounds()
	for q := lo.Q; q <= hi.Q; q++ {
		for rr := lo.R; rr <= hi.R; rr++ {
			if c := (hex.Coord{Q: q, R: rr}); sf.At(c) != game.NoPlayer {
				tiles = append(tiles, c)
			}
		}
	}
	v := render.Fit(append(append([]hex.Coord(nil), tiles...), marks...), r, 1.2, r.H/5)
	sp := pc.spritesFor(v.Unit, th)
	win := map[hex.Coord]bool{}
	if w, ok := st.(winner); ok && st.Result().Over {
		win = set(w.WinningCells())
	}
	for _, c := range tiles {
		x, y := v.ToPixel(c)
		sp.Tile(sub, sides[sf.At(c)], x, y, 1, 1)
		if win[c] {
			sp.Ring(sub, x, y, 0.8, th.LastMove)
		}
	}
	sc, _ := st.(suicider)
	for _, c := range marks {
		x, y := v.ToPixel(c)
		if sf.At(c) != game.NoPlayer {
			sp.Ring(sub, x, y, 0.85, th.Accent)
			continue
		}
		sp.Cell(sub, x, y, sc != nil && sc.IsSuicide(c), 1)
	}
}
