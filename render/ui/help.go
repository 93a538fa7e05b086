package ui

import (
	"fmt"
	"image"

	"trihex/assets"
	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/render"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// help is an overlay: the rules of a game as illustrated pages (F1), or the
// keyboard shortcuts (?), the latter drawn from the keymap so that it cannot
// disagree with the keys.
type help struct {
	info      *game.Info
	shortcuts bool
	page      int
	pics      *pictures
	// The page's position, replayed once per page.
	shown int
	st    game.State
	marks []hex.Coord
}

const (
	wPagePrev widgetID = "page-prev"
	wPageNext widgetID = "page-next"
)

func newHelp(info *game.Info, shortcuts bool) *help {
	return &help{info: info, shortcuts: shortcuts, pics: newPictures(), shown: -1}
}

func (h *help) layout(a *App) *Layout {
	s := a.scale
	l := newLayout()
	box := render.Rect{X: a.w * 0.06, Y: a.h * 0.08, W: a.w * 0.88, H: a.h * 0.84}
	l.add(wBox, box, false, "")
	if !h.shortcuts {
		n := len(rulePages[h.info.Name])
		y := box.Y + box.H - 50*s
		l.add(wPagePrev, render.Rect{X: box.X + 24*s, Y: y, W: 130 * s, H: 34 * s}, h.page > 0, "‹ Previous")
		l.add(wPageNext, render.Rect{X: box.X + box.W - 24*s - 130*s, Y: y, W: 130 * s, H: 34 * s}, h.page < n-1, "Next ›")
	}
	return l
}

func (h *help) update(a *App, f *input.Frame) {
	n := len(rulePages[h.info.Name])
	if f.Click {
		switch id, _ := a.layouts[h].hit(f.DownX, f.DownY); id {
		case wPagePrev:
			h.page = max(0, h.page-1)
		case wPageNext:
			h.page = min(n-1, h.page+1)
		default:
			a.pop(h) // a click anywhere else closes the page
		}
		return
	}
	for _, c := range f.Commands(input.ScopeOverlay) {
		switch c {
		case input.CmdDismiss, input.CmdRules, input.CmdShortcuts:
			a.pop(h)
			return
		case input.CmdPagePrev:
			h.page = max(0, h.page-1)
		case input.CmdPageNext:
			h.page = min(n-1, h.page+1)
		}
	}
}

func (h *help) draw(a *App, p painter, l *Layout) {
	s := p.s
	render.FillRect(p.dst, render.Rect{W: a.w, H: a.h}, p.th.ScrimHeavy)
	box := l.rect(wBox)
	render.FillRoundRect(p.dst, box, 12*s, p.th.Panel)
	f := render.Face(max(13, min(16, box.W/60/s))*s, false)
	if h.shortcuts {
		p.text("Keyboard shortcuts", 22, true, box.X+24*s, box.Y+28*s, render.Left, p.th.Text)
		// Two columns: the keys, then what they do, in the largest face that
		// fits the box (a small window gets a smaller one, not lines cut off).
		sheet := input.Sheet()
		for f.Size > 10*s && sheetHeight(sheet, f, box.W-48*s-190*s) > box.H-64*s-36*s {
			f = render.Face(f.Size-s, false)
		}
		kf := render.Face(f.Size, true)
		y := box.Y + 64*s
		for _, line := range sheet {
			p.t.Add(line.Keys, kf, box.X+24*s, y, render.Left, p.th.Accent)
			for _, w := range wrap(line.What, f, box.W-48*s-190*s) {
				p.t.Add(w, f, box.X+24*s+190*s, y, render.Left, p.th.Text)
				y += f.Size * 1.35
			}
			y += f.Size * 0.3
		}
		p.text("Esc or click to close", 12, false, box.CX(), box.Y+box.H-16*s, render.Center, p.th.TextDim)
		return
	}
	pages := rulePages[h.info.Name]
	pg := pages[h.page]
	if h.shown != h.page {
		h.shown = h.page
		h.st, h.marks, _ = rulePosition(h.info, pg) // every page replays: a test says so
	}
	p.text(fmt.Sprintf("%s — rules, %d of %d", h.info.Name, h.page+1, len(pages)), 22, true, box.X+24*s, box.Y+28*s, render.Left, p.th.Text)
	// The picture on the left, the caption on the right (under it in a narrow window).
	inner := render.Rect{X: box.X + 24*s, Y: box.Y + 56*s, W: box.W - 48*s, H: box.H - 56*s - 64*s}
	pic, text := inner, inner
	if inner.W > 1.6*inner.H {
		pic.W = min(inner.H*1.15, inner.W*0.6)
		text.X, text.W = pic.X+pic.W+24*s, inner.W-pic.W-24*s
	} else {
		pic.H = inner.H * 0.62
		text.Y, text.H = pic.Y+pic.H+12*s, inner.H-pic.H-12*s
	}
	if h.st != nil {
		h.pics.drawState(p, h.st, pic, h.marks)
	}
	cf := render.Face(max(15, min(19, box.W/52/s))*s, false)
	y := text.Y + cf.Size
	for _, line := range wrap(pg.caption, cf, text.W) {
		p.t.Add(line, cf, text.X, y, render.Left, p.th.Text)
		y += cf.Size * 1.4
	}
	for _, id := range []widgetID{wPagePrev, wPageNext} {
		w, _ := l.get(id)
		p.button(w, w.label, plainButton, 14, true)
	}
	p.text("← → turn the pages · Esc or a click elsewhere closes", 12, false, box.CX(), box.Y+box.H-33*s, render.Center, p.th.TextDim)
}

// appIcons draws the window icon: a hexagon with three stacked discs.
func appIcons() []image.Image {
	var out []image.Image
	for _, n := range []int{16, 32, 48, 64} {
		if img, err := assets.Icon(n); err == nil {
			out = append(out, img)
		}
	}
	return out
}

// sheetHeight is the height of the shortcut sheet's lines in face f, the
// second column w wide.
func sheetHeight(sheet []input.SheetLine, f *text.GoTextFace, w float64) float64 {
	h := 0.0
	for _, line := range sheet {
		h += float64(len(wrap(line.What, f, w)))*f.Size*1.35 + f.Size*0.3
	}
	return h
}
