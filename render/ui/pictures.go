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
}

func newPictures() *pictures {
	return &pictures{boards: map[string]*render.Board{}, sprites: map[float64]*render.Sprites{}}
}

// draw draws the picture of info into r.
func (pc *pictures) draw(p painter, info *game.Info, r render.Rect) {
	if r.H < 20*p.s {
		return
	}
	sub := p.dst.SubImage(rectImage(r)).(*ebiten.Image)
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
		sp := pc.spritesFor(v.Unit, p.th)
		for k := len(tiles) - 1; k >= 0; k-- {
			x, y := v.ToPixel(cells[k])
			sp.Tile(sub, sides[tiles[k].pl], x, y, 1, 1)
		}
		return
	}
	v := render.Fit(render.BoardCells(), r, 1.25, 0)
	b := pc.boards[info.Name]
	if b == nil {
		b = &render.Board{}
		pc.boards[info.Name] = b
	}
	img := b.Image(render.BoardKey{W: int(r.X + r.W), H: int(r.Y + r.H), View: v, ForbidCentre: info.Name == "Attangle", Scale: p.s, Theme: p.th})
	sub.DrawImage(img, nil)
	sp := pc.spritesFor(v.Unit, p.th)
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
