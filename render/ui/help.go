package ui

import (
	"image"
	"math"
	"strings"

	"trihex/assets"
	"trihex/game"
	"trihex/input"
	"trihex/render"
)

// help is an overlay: the rules of a game (F1) or the keyboard shortcuts (?), the
// latter drawn from the keymap so that it cannot disagree with the keys.
type help struct {
	info      *game.Info
	shortcuts bool
	pics      *pictures // the start screen's pictures of the game
}

func newHelp(info *game.Info, shortcuts bool) *help {
	return &help{info: info, shortcuts: shortcuts, pics: newPictures()}
}

func (h *help) layout(a *App) *Layout {
	l := newLayout()
	l.add(wBox, render.Rect{X: a.w * 0.06, Y: a.h * 0.08, W: a.w * 0.88, H: a.h * 0.84}, false, "")
	return l
}

func (h *help) update(a *App, f *input.Frame) {
	if f.Click {
		a.pop(h)
		return
	}
	for _, c := range f.Commands(input.ScopeBox) {
		if c == input.CmdDismiss || c == input.CmdRules || c == input.CmdShortcuts {
			a.pop(h)
			return
		}
	}
}

// rulesText is RULES.md's account of each game, shortened to the points a player
// needs at the board.
var rulesText = map[string]string{
	"Abande": "Black moves first. Each player has 18 pieces; a stack's owner is the owner of its top piece.\n" +
		"On a turn, do one of: ENTER a piece from hand on an empty point next to an occupied one (the very first piece goes anywhere); " +
		"MOVE one whole stack you control one step onto an adjacent enemy stack (combined height at most 3), keeping all pieces in one connected band; " +
		"PASS, only when you have no pieces in hand.\n" +
		"No capture is legal until Black has entered two pieces. The game ends when both players pass in succession.\n" +
		"A stack is awake when it touches a stack of the opponent; asleep stacks (dimmed) score nothing. " +
		"Each player scores the heights of their awake stacks; the higher score wins.",
	"Attangle": "White moves first. Each player has 18 pieces in the pool; the centre d4 is never occupied.\n" +
		"On a turn, do one of: PLACE a piece from your pool on any empty point except d4; " +
		"or CAPTURE: choose an enemy single or double as target and two of your stacks that see it along two different straight lines " +
		"(the first piece on each line; empty points and d4 are crossed). Target + attackers − 1 must be at most 3. " +
		"The attackers land on the target (the taller first) and the top piece goes back to your pool.\n" +
		"Click the target and the two attackers in any order; only choices that complete a capture are highlighted.\n" +
		"Three triples you control win at once. A player with an empty pool and no capture ends the game: a draw, or a loss with the 2008 official option.",
	"Andantino": "White moves first. A white tile at 0,0 and a red one at 1,0 start the game; each player has 24 tiles to play.\n" +
		"Place a tile on an empty cell touching at least two tiles.\n" +
		"You win with a straight line of five or more of your tiles, or by enclosing opponent tiles (gaps inside are allowed). " +
		"Playing into a region the opponent encloses loses at once: such cells are marked in orange.\n" +
		"With all 50 tiles down the game is a draw, unless the continuation option is on: then a move picks up one of your tiles and puts it on another cell touching two tiles; a third repetition draws.",
}

func (h *help) draw(a *App, p painter, l *Layout) {
	s := p.s
	render.FillRect(p.dst, render.Rect{W: a.w, H: a.h}, p.th.ScrimHeavy)
	box := l.rect(wBox)
	render.FillRoundRect(p.dst, box, 12*s, p.th.Panel)
	title := h.info.Name + " — rules"
	if h.shortcuts {
		title = "Keyboard shortcuts"
	}
	p.text(title, 22, true, box.X+24*s, box.Y+28*s, render.Left, p.th.Text)
	f := render.Face(max(13, min(16, box.W/60/s))*s, false)
	y := box.Y + 64*s
	if h.shortcuts {
		// Two columns: the keys, then what they do.
		kf := render.Face(f.Size, true)
		for _, line := range input.Sheet() {
			p.t.Add(line.Keys, kf, box.X+24*s, y, render.Left, p.th.Accent)
			for _, w := range wrap(line.What, f, box.W-48*s-190*s) {
				p.t.Add(w, f, box.X+24*s+190*s, y, render.Left, p.th.Text)
				y += f.Size * 1.35
			}
			y += f.Size * 0.3
		}
	} else {
		for _, para := range strings.Split(rulesText[h.info.Name], "\n") {
			for _, line := range wrap(para, f, box.W-48*s) {
				p.t.Add(line, f, box.X+24*s, y, render.Left, p.th.Text)
				y += f.Size * 1.35
			}
		}
		r := render.Rect{X: box.X + 24*s, Y: y + 10*s, W: box.W - 48*s, H: box.Y + box.H - 40*s - y}
		if r.H >= 60 {
			r.H = math.Min(r.H, 260*s)
			r.W = math.Min(r.W, r.H*1.3)
			h.pics.draw(p, h.info, r)
		}
	}
	p.text("Esc or click to close", 12, false, box.CX(), box.Y+box.H-16*s, render.Center, p.th.TextDim)
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
