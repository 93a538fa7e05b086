package ui

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

func keyPressed(k ebiten.Key) bool { return inpututil.IsKeyJustPressed(k) }

func ctrl() bool {
	return ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
}

// pointer turns the mouse into clicks and drags: a press that moves less than a few
// pixels before release is a click, anything more is a drag (which pans a view).
type pointer struct {
	x, y           float64 // current position, device pixels
	downX, downY   float64
	down, dragging bool
	click          bool // a click completed this tick, at (downX, downY)
	dx, dy         float64
	wheel          float64
}

func (p *pointer) update(scale float64) {
	cx, cy := ebiten.CursorPosition()
	x, y := float64(cx), float64(cy)
	p.dx, p.dy = 0, 0
	p.click = false
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		p.down, p.dragging = true, false
		p.downX, p.downY = x, y
	}
	if p.down && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		if !p.dragging && math.Hypot(x-p.downX, y-p.downY) > 6*scale {
			p.dragging = true
		}
		if p.dragging {
			p.dx, p.dy = x-p.x, y-p.y
		}
	}
	if p.down && inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft) {
		p.down = false
		p.click = !p.dragging
	}
	_, wy := ebiten.Wheel()
	p.wheel = wy
	p.x, p.y = x, y
}
