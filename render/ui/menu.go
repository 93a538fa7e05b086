package ui

import (
	"fmt"
	"path/filepath"

	"trihex/ai"
	"trihex/input"
	"trihex/render"
)

// menu is the File or the View menu, open under its button.
type menu struct {
	view     bool // the View menu, not the File menu
	gameMenu bool // the Game menu (matchui.go)
	helpMenu bool // the Help menu (helpmenu.go)
	items    []menuItem
	lit      keyRing    // the item lit by the keys or the pointer (keynav.go)
	ptr      [2]float64 // the pointer when last seen
}

// menuItem is one line of a menu.
type menuItem struct {
	id       widgetID
	cmd      input.Command
	label    string
	keys     string
	path     string // a recent file: the file to open
	theme    string // a theme: its name
	check    bool   // View menu: the choice in effect
	group    bool   // a separator goes above it
	disabled bool
}

func newMenu(view bool) *menu { return &menu{view: view} }

// itemsFor lists the menu's items as the app is now.
func (m *menu) itemsFor(a *App) []menuItem {
	p := a.play()
	if m.gameMenu {
		return gameMenuItems(p)
	}
	if m.helpMenu {
		return helpMenuItems(a)
	}
	if m.view {
		var items []menuItem
		for i, th := range render.Themes {
			keys := ""
			if i == 0 {
				keys = "V cycles"
			}
			items = append(items, menuItem{id: widgetID("menu-theme-" + th.Name), cmd: input.CmdSetTheme, theme: th.Name,
				label: th.Label, keys: keys, check: a.prefs.settings.Theme == th.Name})
		}
		snd := soundItems(a) // off, with the reason, where no device plays
		return append(items,
			menuItem{id: "menu-coords", cmd: input.CmdCoords, label: "Coordinates", keys: "C", check: a.prefs.settings.Coordinates, group: true},
			menuItem{id: "menu-flip", cmd: input.CmdFlip, label: "Flip board 180°", keys: "R", check: a.prefs.settings.Flip},
			snd[0], snd[1], snd[2],
			menuItem{id: "menu-faster", cmd: input.CmdFaster, label: fasterLabel(), check: a.prefs.settings.FasterReplies, group: true},
			menuItem{id: "menu-thinking", cmd: input.CmdDetails, label: "Show the move the computer likes", keys: "T", check: a.prefs.settings.Thinking},
			menuItem{id: "menu-analyse", cmd: input.CmdAnalyse, label: "Analysis of the position", keys: "A", group: true,
				check: p != nil && p.analysis.live != nil, disabled: p == nil},
			menuItem{id: "menu-review-game", cmd: input.CmdReviewGame, label: "Analyse the game", keys: "G", disabled: p == nil},
		)
	}
	game := p != nil
	items := []menuItem{
		{id: "menu-new", cmd: input.CmdNew, label: "New", keys: "Ctrl+N"},
		{id: "menu-open", cmd: input.CmdOpen, label: "Open…", keys: "Ctrl+O"},
		{id: "menu-save", cmd: input.CmdSave, label: "Save", keys: "Ctrl+S", disabled: !game},
		{id: "menu-saveas", cmd: input.CmdSaveAs, label: "Save As…", keys: "Ctrl+Shift+S", disabled: !game},
	}
	for i, path := range a.prefs.settings.Recent {
		items = append(items, menuItem{id: widgetID(fmt.Sprintf("menu-recent-%d", i)), cmd: input.CmdOpenRecent,
			label: filepath.Base(path), path: path, group: i == 0})
	}
	return append(items, menuItem{id: "menu-quit", cmd: input.CmdQuit, label: "Quit", keys: "Ctrl+Q", group: true})
}

func (m *menu) layout(a *App) *Layout {
	s := a.scale
	m.items = m.itemsFor(a)
	l := newLayout()
	x, y := 8*s, 42*s
	if m.view {
		x = 78 * s
	}
	if m.gameMenu {
		x = 148 * s
	}
	if m.helpMenu {
		x = helpX(a)
	}
	for _, it := range m.items {
		if it.group {
			y += 8 * s
		}
		l.add(it.id, render.Rect{X: x, Y: y, W: 300 * s, H: 28 * s}, !it.disabled, it.label)
		y += 28 * s
	}
	return l
}

func (m *menu) update(a *App, f *input.Frame) {
	if m.keys(a, f) {
		return
	}
	for _, c := range f.Commands(input.ScopeMenu) {
		if c == input.CmdDismiss || c == input.CmdFileMenu || c == input.CmdViewMenu || c == input.CmdGameMenu || c == input.CmdHelpMenu {
			a.pop(m)
			return
		}
	}
	if !f.Click {
		return
	}
	a.pop(m) // a click anywhere closes the menu; on an item it also runs it
	id, ok := a.layouts[m].hit(f.DownX, f.DownY)
	if !ok {
		return
	}
	for _, it := range m.items {
		if it.id == id {
			m.choose(a, it)
		}
	}
}

// choose carries out item it, chosen by a click or by Enter.
func (m *menu) choose(a *App, it menuItem) {
	switch it.cmd {
	case input.CmdSetTheme:
		a.prefs.setTheme(it.theme)
	case input.CmdOpenRecent:
		path := it.path
		a.files.askDrop(a, "Open "+filepath.Base(path), func() { a.files.openPath(a, path) })
	default:
		a.run(it.cmd)
	}
}

func (m *menu) draw(a *App, p painter, l *Layout) {
	s := p.s
	if len(m.items) == 0 {
		return
	}
	first, last := l.rect(m.items[0].id), l.rect(m.items[len(m.items)-1].id)
	bg := render.Rect{X: first.X, Y: first.Y - 4*s, W: first.W, H: last.Y + last.H - first.Y + 8*s}
	render.FillRoundRect(p.dst, bg, 8*s, p.th.Menu)
	render.StrokeRoundRect(p.dst, bg, 8*s, 1*s, p.th.MenuEdge)
	f := render.Face(14*s, false)
	kf := render.Face(12*s, false)
	for _, it := range m.items {
		w, _ := l.get(it.id)
		r := w.r
		c := p.th.Text
		if !w.enabled {
			c = p.th.TextDisabled
		} else if m.lights(it.id) {
			render.FillRoundRect(p.dst, r.Inset(2*s), 4*s, p.th.Accent)
			c = p.th.TextOnAccent
		}
		label := it.label
		if it.check {
			p.t.Add("•", render.Face(16*s, true), r.X+12*s, r.CY(), render.Left, p.th.Highlight)
		}
		if m.view || m.helpMenu {
			label = "   " + label
		}
		if it.path != "" {
			if it.group {
				p.t.Add("Recent", kf, r.X+r.W-12*s, r.CY(), render.Right, p.th.TextDim)
			}
			label = "  " + label
		}
		p.t.Add(label, f, r.X+12*s, r.CY(), render.Left, c)
		if it.keys != "" {
			kc := p.th.TextDim
			if c == p.th.TextOnAccent {
				kc = c // on the lit item's fill, dim text is hard to read
			}
			p.t.Add(it.keys, kf, r.X+r.W-12*s, r.CY(), render.Right, kc)
		}
	}
}

// fasterLabel names the View menu's choice between the computer's extra cores
// making it stronger (off) or quicker (on), with the cores it has.
func fasterLabel() string {
	if n := ai.DefaultThreads(true); n > 1 {
		return fmt.Sprintf("Faster replies (%d cores share a search)", n)
	}
	return "Faster replies (needs more than 2 cores)"
}
