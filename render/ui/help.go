package ui

import (
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"trihex/assets"
	"trihex/game"
	"trihex/render"
)

// help is an overlay: the rules of a game (F1) or the keyboard shortcuts (?).
type help struct {
	info      *game.Info
	shortcuts bool
	ptr       pointer
	pics      *startScreen // the start screen's pictures, kept so their board and sprites render once
}

func newHelp(info *game.Info, shortcuts bool) *help { return &help{info: info, shortcuts: shortcuts} }

func (h *help) update(a *app) error {
	h.ptr.update(a.scale)
	if keyPressed(ebiten.KeyEscape) || keyPressed(ebiten.KeyF1) || keyPressed(ebiten.KeySlash) || h.ptr.click {
		a.overlay = nil
	}
	return nil
}

func (h *help) layout(a *app) (map[string][2]float64, map[string]render.Rect) {
	return a.scene.layout(a)
}

var shortcutText = `Click          choose a point, stack or cell; legal targets are highlighted
Esc            cancel a half-built move
P              pass (Abande, when passing is legal)
Ctrl+Z / Ctrl+Y  undo / redo
Left / Right   review earlier positions; End returns to the live one
J / K / L      review: step back / play or pause / step forward
Alt+F / Alt+V  File menu / View menu
V / R / C      theme / flip the board 180° / coordinates
M / [ / ]      sound on or off / softer / louder
N              next game of an Andantino series
Ctrl+N / Ctrl+O  new game (start screen) / open a game
Ctrl+S / Ctrl+Shift+S  save / save as
Ctrl+Q         quit (asks first when moves are not saved)
H              hint: the computer's suggestion is ringed in blue
T              show or hide the computer's best move and win estimate while it thinks
Space          pause or resume the computer (Computer vs Computer pauses on undo)
Home           fit the Andantino view; drag pans, the wheel zooms
F1 / ? / F11   rules of the game / this sheet / fullscreen`

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

func (h *help) draw(a *app, dst *ebiten.Image, t *render.Texts) {
	s := a.scale
	render.FillRect(dst, render.Rect{W: a.w, H: a.h}, color.RGBA{0, 0, 0, 0xb0})
	box := render.Rect{X: a.w * 0.06, Y: a.h * 0.08, W: a.w * 0.88, H: a.h * 0.84}
	render.FillRoundRect(dst, box, 12*s, render.PanelBG)
	title := h.info.Name + " — rules"
	body := rulesText[h.info.Name]
	if h.shortcuts {
		title, body = "Keyboard shortcuts", shortcutText
	}
	t.Add(title, render.Face(22*s, true), box.X+24*s, box.Y+28*s, render.Left, render.TextColor)
	f := render.Face(max(13, min(16, box.W/60/s))*s, false)
	y := box.Y + 64*s
	for _, para := range strings.Split(body, "\n") {
		if h.shortcuts {
			// Two columns: the keys, then what they do (split at the first wide gap).
			keys, what, _ := strings.Cut(para, "  ")
			kf := render.Face(f.Size, true)
			t.Add(keys, kf, box.X+24*s, y, render.Left, render.Accent)
			for _, line := range wrap(strings.TrimSpace(what), f, box.W-48*s-190*s) {
				t.Add(line, f, box.X+24*s+190*s, y, render.Left, render.TextColor)
				y += f.Size * 1.35
			}
			y += f.Size * 0.3
			continue
		}
		for _, line := range wrap(para, f, box.W-48*s) {
			t.Add(line, f, box.X+24*s, y, render.Left, render.TextColor)
			y += f.Size * 1.35
		}
	}
	if !h.shortcuts {
		h.drawPictures(dst, render.Rect{X: box.X + 24*s, Y: y + 10*s, W: box.W - 48*s, H: box.Y + box.H - 40*s - y}, s)
	}
	t.Add("Esc or click to close", render.Face(12*s, false), box.CX(), box.Y+box.H-16*s, render.Center, render.TextDim)
}

// drawPictures reuses the start screen's pictures of a game.
func (h *help) drawPictures(dst *ebiten.Image, r render.Rect, s float64) {
	if r.H < 60 {
		return
	}
	r.H = math.Min(r.H, 260*s)
	r.W = math.Min(r.W, r.H*1.3)
	if h.pics == nil {
		h.pics = newStartScreen()
	}
	st := h.pics
	for i, g := range st.games {
		if g == h.info {
			st.drawPicture(dst, i, g, r, s)
		}
	}
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
