package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/game"
	"trihex/game/hex"
	"trihex/render"
)

// Optional accessors of the game states; the board asks through these small
// interfaces so that it needs nothing of a game beyond game.State.
type (
	waker    interface{ Awake(hex.Point) bool }
	surfacer interface {
		At(hex.Coord) game.Player
		Bounds() (lo, hi hex.Coord)
		TilesLeft(game.Player) int
	}
	suicider interface{ IsSuicide(hex.Coord) bool }
	winner   interface{ WinningCells() []hex.Coord }
	// encloser gives the tiles that closed in a trapped or suicide region.
	encloser interface{ EnclosureCells() []hex.Coord }
)

// boardView is how the board is seen: the view (hex ↔ pixel), whether the player
// moved it, the sprites for its size and the cached static pictures (the 37-point
// board, the Andantino surface's layer).
type boardView struct {
	view    render.View
	fixed   bool // the player panned or zoomed: only Home fits the view again
	refit   bool // fit the view at the next layout (a new window size, Home)
	follow  bool // the position changed: grow the view if a cell left it
	ended   bool // the end card was shown at the last layout
	screen  render.Screen
	flip    bool
	sprites *render.Sprites
	small   *render.Sprites // panel pieces
	board   render.Board
	layer   *ebiten.Image // the Andantino surface's static layer
	key     surfaceKey
}

// place fits the view when the window, the flip or the game asks for it, and
// keeps the sprites drawn for the view's size and the theme.
func (bv *boardView) place(l *playLayout, p *playScene, a *App) {
	sc := l.screen
	if sc.W != bv.screen.W || sc.H != bv.screen.H || sc.Scale != bv.screen.Scale || a.prefs.settings.Flip != bv.flip {
		bv.screen, bv.flip = sc, a.prefs.settings.Flip
		bv.fixed, bv.refit = false, true
	}
	s := sc.Scale
	area := sc.Board.Inset(8 * s)
	area.H -= reviewBarH * s
	if p.coach.on || p.guided() || p.analysis.review != nil {
		area.H -= (guideH(p) + 6) * s
	}
	// The end card covers the board's foot: while it shows, the board (the
	// winning line or trap, the scoring stacks, the last move) is fitted above it.
	card, ended := l.get(wResult)
	if ended != bv.ended {
		bv.ended, bv.refit = ended, true
	}
	if p.surface {
		// Room at the top for the File and View buttons and the result banner.
		top := 44 * s
		if l.series {
			top += 20 * s
		}
		area.Y += top
		area.H -= top
		if ended {
			area.H = max(area.H/3, card.r.Y-8*s-area.Y)
		}
		cells := p.surfaceCells(p.sess.Match.View())
		// The view stays where it is (the player's pan and zoom, or the last fit)
		// while every cell shows; it grows just enough when one would fall outside.
		if bv.follow && !bv.refit {
			bv.view = render.Grow(bv.view, cells, area, 1.2)
		}
		bv.follow = false
		if bv.refit && !bv.fixed {
			bv.refit = false
			// The largest tile early in the game: a tenth of the area's short side,
			// so that a big window is filled and a small one still fits.
			bv.view = render.FitFlip(cells, area, 1.2, max(46*s, min(area.W, area.H)/10), bv.flip)
		}
	} else if bv.refit {
		bv.refit = false
		// A unit of margin for the rim and labels; room at the top for the banner.
		area.Y += 36 * s
		area.H -= 36 * s
		if ended {
			area.H = max(area.H/3, card.r.Y-4*s-area.Y)
		}
		bv.view = render.FitFlip(render.BoardCells(), area, 1.25, 0, bv.flip)
	}
	if bv.sprites.Stale(a.prefs.theme) || math.Abs(bv.sprites.Unit-bv.view.Unit) > 0.01 {
		bv.sprites.Dispose()
		bv.sprites = render.NewSprites(bv.view.Unit, a.prefs.theme)
	}
	if su := 13 * sc.Scale; bv.small.Stale(a.prefs.theme) || bv.small.Unit != su {
		bv.small.Dispose()
		bv.small = render.NewSprites(su, a.prefs.theme)
	}
}

func (bv *boardView) dispose() {
	if bv.layer != nil {
		bv.layer.Deallocate()
		bv.layer = nil
	}
}

// cellAt returns the point or cell under the pixel (x, y), if any.
func (bv *boardView) cellAt(x, y float64, surface bool) (hex.Coord, bool) {
	c, d := bv.view.FromPixel(x, y)
	if surface {
		return c, d <= 1
	}
	if _, ok := hex.PointAt(c); !ok || d > 0.85 {
		// A tall stack stands above its point: try under the pointer too.
		c2, d2 := bv.view.FromPixel(x, y+0.4*bv.view.Unit)
		if _, ok := hex.PointAt(c2); ok && d2 <= 0.6 {
			return c2, true
		}
		return c, false
	}
	return c, true
}
