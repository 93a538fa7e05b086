package ui

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"trihex/render"
	"trihex/save"
)

// The File menu, the confirm box, the message banner, the native dialogs and the
// path field that replaces them without GTK. They belong to the app, not to a
// scene, because they work the same over the start screen and a game.

// menuItem is one line of the File menu.
type menuItem struct {
	id, label, keys string
	path            string // recent files: the file to open
	check           bool   // View menu: the choice in effect
}

// chrome is the app's state around the scenes.
type chrome struct {
	ptr      pointer
	menuOpen bool
	menuView bool // the open menu is the View menu, not the File menu
	confirm  *confirmBox
	prompt   *pathPrompt
	banner   banner
	eaten    bool // the app used this tick's click: the scene must not see it

	dlgWait chan dlgResult // a native dialog is open; its answer comes here
	dlgThen func(string)
	noDlg   bool // native dialogs failed (or --no-dialogs): use the path field

	closeAsked bool // the window's close button was pressed
}

type dlgResult struct {
	path string
	err  error
}

// confirmBox asks before dropping unsaved moves.
type confirmBox struct {
	title, text, yes string
	then             func()
}

// pathPrompt is the path field drawn in the window when there is no native dialog.
type pathPrompt struct {
	title string
	text  string
	then  func(string)
}

// banner is a message over the window: an error stays until dismissed, a notice
// goes after a few seconds.
type banner struct {
	text  string
	err   bool
	until time.Time // zero: until dismissed
}

func (a *app) showError(msg string) {
	a.banner = banner{text: msg, err: true}
	a.layoutDirty = true
}

func (a *app) showNotice(msg string) {
	a.banner = banner{text: msg, until: time.Now().Add(4 * time.Second)}
	a.layoutDirty = true
}

// modal reports whether a box or dialog takes all input.
func (a *app) modal() bool {
	return a.confirm != nil || a.prompt != nil || a.dlgWait != nil || a.menuOpen
}

// play returns the game screen, or nil on the start screen.
func (a *app) play() *play {
	p, _ := a.scene.(*play)
	return p
}

func (a *app) menuItems() []menuItem {
	if a.menuView {
		return a.viewItems()
	}
	items := []menuItem{
		{id: "new", label: "New", keys: "Ctrl+N"},
		{id: "open", label: "Open…", keys: "Ctrl+O"},
		{id: "save", label: "Save", keys: "Ctrl+S"},
		{id: "saveas", label: "Save As…", keys: "Ctrl+Shift+S"},
	}
	for i, path := range a.settings.Recent {
		items = append(items, menuItem{id: fmt.Sprintf("recent-%d", i), label: filepath.Base(path), path: path})
	}
	return append(items, menuItem{id: "quit", label: "Quit", keys: "Ctrl+Q"})
}

func (a *app) menuEnabled(id string) bool {
	if id == "save" || id == "saveas" {
		return a.play() != nil
	}
	return true
}

// chromeRects lays out the File button, the open menu, the banner and the boxes.
func (a *app) chromeRects() map[string]render.Rect {
	s := a.scale
	out := map[string]render.Rect{"file": {X: 8 * s, Y: 8 * s, W: 64 * s, H: 30 * s}, "view": {X: 78 * s, Y: 8 * s, W: 64 * s, H: 30 * s}}
	if a.menuOpen {
		y := 42 * s
		x := 8 * s
		if a.menuView {
			x = 78 * s
		}
		for _, it := range a.menuItems() {
			if strings.HasPrefix(it.id, "recent-0") || it.id == "quit" || it.id == "coords" || it.id == "sound" {
				y += 8 * s // separators around the recent files, between the View groups
			}
			out["menu-"+it.id] = render.Rect{X: x, Y: y, W: 300 * s, H: 28 * s}
			y += 28 * s
		}
	}
	if a.banner.text != "" {
		// Over the board, clear of the panel's buttons.
		area := a.w
		if p := a.play(); p != nil && p.screen.Board.W > 0 {
			area = p.screen.Board.W
		}
		w := min(area-40*s, 760*s)
		out["banner"] = render.Rect{X: (area - w) / 2, Y: a.h - 68*s, W: w, H: 64 * s} // over the review bar, clear of the board
	}
	if a.confirm != nil || a.prompt != nil {
		box := render.Rect{X: a.w/2 - 230*s, Y: a.h/2 - 80*s, W: 460 * s, H: 160 * s}
		out["box"] = box
		if a.confirm != nil {
			out["confirm-yes"] = render.Rect{X: box.X + box.W - 250*s, Y: box.Y + box.H - 50*s, W: 120 * s, H: 34 * s}
			out["confirm-no"] = render.Rect{X: box.X + box.W - 122*s, Y: box.Y + box.H - 50*s, W: 106 * s, H: 34 * s}
		}
	}
	return out
}

// updateChrome runs the File menu, boxes and shortcuts. It returns errQuit when
// the app should end.
func (a *app) updateChrome() error {
	a.eaten = false
	a.ptr.update(a.scale)
	if a.banner.text != "" && !a.banner.until.IsZero() && time.Now().After(a.banner.until) {
		a.banner = banner{}
		a.layoutDirty = true
	}
	if ebiten.IsWindowBeingClosed() {
		a.closeAsked = true // answered once no native dialog is open
	}
	if a.dlgWait != nil {
		select {
		case r := <-a.dlgWait:
			a.dlgWait = nil
			a.dialogDone(r)
		default:
		}
		return nil
	}
	if a.closeAsked {
		a.closeAsked = false
		a.confirm = nil
		a.prompt = nil
		a.menuOpen = false
		a.cmdQuit()
	}
	if a.quit {
		return errQuit
	}
	rects := a.chromeRects()
	click := a.ptr.click
	at := func(name string) bool {
		r, ok := rects[name]
		return ok && click && r.Contains(a.ptr.downX, a.ptr.downY)
	}
	switch {
	case a.confirm != nil:
		a.eaten = true
		c := a.confirm
		switch {
		case at("confirm-yes") || keyPressed(ebiten.KeyEnter) || keyPressed(ebiten.KeyKPEnter):
			a.confirm = nil
			a.layoutDirty = true
			c.then()
		case at("confirm-no") || keyPressed(ebiten.KeyEscape):
			a.confirm = nil
			a.layoutDirty = true
		}
	case a.prompt != nil:
		a.eaten = true
		a.updatePrompt()
	case a.menuOpen:
		a.eaten = true
		if keyPressed(ebiten.KeyEscape) || (alt() && (keyPressed(ebiten.KeyF) || keyPressed(ebiten.KeyV))) {
			a.menuOpen = false
			a.layoutDirty = true
			break
		}
		if !click {
			break
		}
		a.menuOpen = false
		a.layoutDirty = true
		for _, it := range a.menuItems() {
			if at("menu-"+it.id) && a.menuEnabled(it.id) {
				a.runMenu(it)
			}
		}
	default:
		shift := ebiten.IsKeyPressed(ebiten.KeyShift)
		switch {
		case at("file") || (alt() && keyPressed(ebiten.KeyF)):
			a.menuOpen, a.menuView = true, false
			a.eaten = true
			a.layoutDirty = true
		case at("view") || (alt() && keyPressed(ebiten.KeyV)):
			a.menuOpen, a.menuView = true, true
			a.eaten = true
			a.layoutDirty = true
		case at("banner") || (a.banner.text != "" && keyPressed(ebiten.KeyEscape)):
			a.banner = banner{}
			a.eaten = true
			a.layoutDirty = true
		case ctrl() && keyPressed(ebiten.KeyN):
			a.cmdNew()
		case ctrl() && keyPressed(ebiten.KeyO):
			a.cmdOpen()
		case ctrl() && shift && keyPressed(ebiten.KeyS):
			a.cmdSaveAs()
		case ctrl() && keyPressed(ebiten.KeyS):
			a.cmdSave()
		case ctrl() && keyPressed(ebiten.KeyQ):
			a.cmdQuit()
		case !ctrl() && !alt():
			a.viewKeys()
		}
	}
	if a.modal() {
		a.eaten = true
	}
	if a.quit {
		return errQuit
	}
	return nil
}

func alt() bool {
	return ebiten.IsKeyPressed(ebiten.KeyAlt)
}

func (a *app) runMenu(it menuItem) {
	switch {
	case it.id == "new":
		a.cmdNew()
	case it.id == "open":
		a.cmdOpen()
	case it.id == "save":
		a.cmdSave()
	case it.id == "saveas":
		a.cmdSaveAs()
	case it.id == "quit":
		a.cmdQuit()
	case a.runView(it.id):
	case it.path != "":
		path := it.path
		a.askDrop("Open "+filepath.Base(path), func() { a.openPath(path) })
	}
}

// askDrop runs then at once, or after asking when the game has unsaved moves.
func (a *app) askDrop(what string, then func()) {
	p := a.play()
	if p == nil || !p.unsaved() {
		then()
		return
	}
	n := p.match.Len()
	a.confirm = &confirmBox{
		title: what + "?",
		text:  fmt.Sprintf("The %s game on the board (%d %s) is not saved. Its moves stay in the autosave until the next game's first move.", p.info.Name, n, plural(n, "move")),
		yes:   "Discard",
		then:  then,
	}
	a.layoutDirty = true
}

func (a *app) cmdNew() {
	a.askDrop("Start a new game", func() { a.setScene(a.newStart()) })
}

func (a *app) cmdOpen() {
	a.askDrop("Open another game", func() {
		dir := a.dialogDir() // here: the dialog's goroutine must not read the app
		a.ask("Open game: type the path of a "+save.Extension+" file", dir, func() (string, error) {
			return save.OpenDialog(dir)
		}, a.openPath)
	})
}

func (a *app) cmdSave() {
	p := a.play()
	if p == nil {
		return
	}
	if p.path == "" {
		a.cmdSaveAs()
		return
	}
	a.saveTo(p.path)
}

func (a *app) cmdSaveAs() {
	p := a.play()
	if p == nil {
		return
	}
	name := strings.ToLower(p.info.Name) + "-" + time.Now().Format("2006-01-02") + save.Extension
	if p.path != "" {
		name = filepath.Base(p.path)
	}
	dir := a.dialogDir()
	a.ask("Save game as: type a path", filepath.Join(dir, name), func() (string, error) {
		return save.SaveDialog(dir, name)
	}, func(path string) { a.saveTo(save.WithExtension(path)) })
}

func (a *app) cmdQuit() {
	a.askDrop("Quit Trihex", func() { a.quit = true })
}

// dialogDir is where the dialogs start: the folder of the current or last file.
func (a *app) dialogDir() string {
	if p := a.play(); p != nil && p.path != "" {
		return filepath.Dir(p.path)
	}
	if len(a.settings.Recent) > 0 {
		return filepath.Dir(a.settings.Recent[0])
	}
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	return "."
}

// ask gets a path: from the native dialog on a goroutine (so the window keeps
// drawing; the answer is polled in Update), or from the path field.
func (a *app) ask(title, initial string, native func() (string, error), then func(string)) {
	if !save.NativeDialogs || a.noDlg {
		if !strings.HasSuffix(initial, save.Extension) && !strings.HasSuffix(initial, string(filepath.Separator)) {
			initial += string(filepath.Separator)
		}
		a.prompt = &pathPrompt{title: title, text: initial, then: then}
		a.layoutDirty = true
		return
	}
	ch := make(chan dlgResult, 1)
	a.dlgWait, a.dlgThen = ch, then
	pr := &pathPrompt{title: title, text: initial, then: then}
	go func() {
		p, err := native()
		ch <- dlgResult{p, err}
	}()
	a.pendingPrompt = pr
	a.layoutDirty = true
}

func (a *app) dialogDone(r dlgResult) {
	then, pr := a.dlgThen, a.pendingPrompt
	a.dlgThen, a.pendingPrompt = nil, nil
	a.layoutDirty = true
	switch {
	case r.err == nil && r.path != "":
		then(r.path)
	case r.err == nil || errors.Is(r.err, save.ErrCancelled):
	case errors.Is(r.err, save.ErrNoDialog):
		// GTK could not start: from now on, the path field.
		a.noDlg = true
		a.prompt = pr
	default:
		a.showError("File dialog: " + r.err.Error())
	}
}

func (a *app) updatePrompt() {
	pr := a.prompt
	for _, r := range ebiten.AppendInputChars(nil) {
		if r >= ' ' && len(pr.text) < 4096 {
			pr.text += string(r)
		}
	}
	if repeat(ebiten.KeyBackspace) && pr.text != "" {
		_, n := utf8.DecodeLastRuneInString(pr.text)
		pr.text = pr.text[:len(pr.text)-n]
	}
	switch {
	case keyPressed(ebiten.KeyEnter) || keyPressed(ebiten.KeyKPEnter):
		a.prompt = nil
		a.layoutDirty = true
		if t := strings.TrimSpace(pr.text); t != "" {
			pr.then(expandHome(t))
		}
	case keyPressed(ebiten.KeyEscape):
		a.prompt = nil
		a.layoutDirty = true
	}
}

// repeat reports a key press and its auto-repeat.
func repeat(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d > 30 && d%4 == 0)
}

func expandHome(p string) string {
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[2:])
		}
	}
	return p
}

// openPath reads a record; a bad one leaves the game on screen and shows why.
func (a *app) openPath(path string) {
	g, err := openRecord(path)
	if err != nil {
		a.showError(err.Error())
		return
	}
	p := a.newPlayFromGame(g)
	p.path = path
	a.setScene(p)
	a.settings.AddRecent(path)
	a.saveSettings()
	a.showNotice("Opened " + path)
}

func openRecord(path string) (*save.Game, error) {
	if path == "-" {
		path = "./-" // a file named "-": the window never reads standard input
	}
	return save.ReadFile(path)
}

func (a *app) saveTo(path string) {
	p := a.play()
	if p == nil {
		return
	}
	rec, err := p.record()
	if err == nil {
		err = save.WriteFileAtomic(path, []byte(rec))
	}
	if err != nil {
		a.showError("Not saved: " + err.Error())
		return
	}
	p.path = path
	p.dirty = false
	a.settings.AddRecent(path)
	a.saveSettings()
	a.showNotice("Saved " + path)
}

// autosave writes the game after every move, so that nothing is lost.
func (a *app) autosave(p *play) {
	if a.cfgDir == "" {
		return
	}
	rec, err := p.record()
	if err == nil {
		a.writeLater(writeAutosave, autosaveJob(a.cfgDir, rec))
		return
	}
	if !a.autosaveFailed {
		a.autosaveFailed = true // say it once, not after every move
		a.showError("Autosave failed: " + err.Error())
	}
}

func (a *app) saveSettings() {
	if a.cfgDir == "" {
		return
	}
	a.writeLater(writeSettings, settingsJob(a.cfgDir, a.settings))
}

// ---- drawing ----

func (a *app) drawChrome(dst *ebiten.Image, t *render.Texts) {
	s := a.scale
	rects := a.chromeRects()
	fb := rects["file"]
	bg := render.ButtonBG
	if a.menuOpen || fb.Contains(a.ptr.x, a.ptr.y) {
		bg = render.ButtonHot
	}
	render.FillRoundRect(dst, fb, 6*s, bg)
	t.Add("File", render.Face(14*s, true), fb.CX(), fb.CY(), render.Center, render.TextColor)
	vb := rects["view"]
	bg = render.ButtonBG
	if (a.menuOpen && a.menuView) || vb.Contains(a.ptr.x, a.ptr.y) {
		bg = render.ButtonHot
	}
	render.FillRoundRect(dst, vb, 6*s, bg)
	t.Add("View", render.Face(14*s, true), vb.CX(), vb.CY(), render.Center, render.TextColor)
	if a.menuOpen {
		items := a.menuItems()
		first, last := rects["menu-"+items[0].id], rects["menu-"+items[len(items)-1].id]
		bgR := render.Rect{X: first.X, Y: first.Y - 4*s, W: first.W, H: last.Y + last.H - first.Y + 8*s}
		render.FillRoundRect(dst, bgR, 8*s, color.RGBA{0x33, 0x38, 0x41, 0xff})
		render.StrokeRoundRect(dst, bgR, 8*s, 1*s, color.RGBA{0x55, 0x5b, 0x66, 0xff})
		f := render.Face(14*s, false)
		kf := render.Face(12*s, false)
		for i, it := range items {
			r := rects["menu-"+it.id]
			on := a.menuEnabled(it.id)
			if on && r.Contains(a.ptr.x, a.ptr.y) {
				render.FillRoundRect(dst, r.Inset(2*s), 4*s, render.Accent)
			}
			c := color.Color(render.TextColor)
			if !on {
				c = color.RGBA{0x70, 0x74, 0x7c, 0xff}
			}
			label := it.label
			if it.check {
				t.Add("•", render.Face(16*s, true), r.X+12*s, r.CY(), render.Left, render.Highlight)
			}
			if a.menuView {
				label = "   " + label
			}
			if it.path != "" {
				if i == 4 {
					t.Add("Recent", kf, r.X+r.W-12*s, r.CY(), render.Right, render.TextDim)
				}
				label = "  " + label
			}
			t.Add(label, f, r.X+12*s, r.CY(), render.Left, c)
			if it.keys != "" {
				t.Add(it.keys, kf, r.X+r.W-12*s, r.CY(), render.Right, render.TextDim)
			}
		}
	}
	if b, ok := rects["banner"]; ok {
		c := color.RGBA{0x2a, 0x4a, 0x6a, 0xf0}
		if a.banner.err {
			c = color.RGBA{0x6a, 0x22, 0x22, 0xf0}
		}
		render.FillRoundRect(dst, b, 8*s, c)
		f := render.Face(14*s, false)
		lines := wrap(a.banner.text, f, b.W-60*s)
		if len(lines) > 3 {
			lines = append(lines[:2], lines[2]+" …")
		}
		for i, line := range lines {
			y := b.CY() + (float64(i)-float64(len(lines)-1)/2)*18*s
			t.Add(line, f, b.X+14*s, y, render.Left, render.TextColor)
		}
		t.Add("×", render.Face(20*s, true), b.X+b.W-20*s, b.Y+16*s, render.Center, render.TextColor)
	}
	if a.dlgWait != nil {
		render.FillRect(dst, render.Rect{W: a.w, H: a.h}, color.RGBA{0, 0, 0, 0x60})
		t.Add("Waiting for the file dialog…", render.Face(16*s, true), a.w/2, a.h/2, render.Center, render.TextColor)
	}
	box, ok := rects["box"]
	if !ok {
		return
	}
	render.FillRect(dst, render.Rect{W: a.w, H: a.h}, color.RGBA{0, 0, 0, 0x80})
	render.FillRoundRect(dst, box, 10*s, render.PanelBG)
	render.StrokeRoundRect(dst, box, 10*s, 1*s, color.RGBA{0x55, 0x5b, 0x66, 0xff})
	f := render.Face(14*s, false)
	if c := a.confirm; c != nil {
		t.Add(c.title, render.Face(18*s, true), box.X+20*s, box.Y+26*s, render.Left, render.TextColor)
		for i, line := range wrap(c.text, f, box.W-40*s) {
			t.Add(line, f, box.X+20*s, box.Y+56*s+float64(i)*18*s, render.Left, render.TextDim)
		}
		yes, no := rects["confirm-yes"], rects["confirm-no"]
		render.FillRoundRect(dst, yes, 6*s, color.RGBA{0x8a, 0x2e, 0x2e, 0xff})
		t.Add(c.yes+" (Enter)", render.Face(14*s, true), yes.CX(), yes.CY(), render.Center, render.TextColor)
		render.FillRoundRect(dst, no, 6*s, render.ButtonBG)
		t.Add("Cancel (Esc)", render.Face(14*s, true), no.CX(), no.CY(), render.Center, render.TextColor)
	}
	if pr := a.prompt; pr != nil {
		t.Add(pr.title, render.Face(16*s, true), box.X+20*s, box.Y+26*s, render.Left, render.TextColor)
		field := render.Rect{X: box.X + 20*s, Y: box.Y + 56*s, W: box.W - 40*s, H: 34 * s}
		render.FillRoundRect(dst, field, 4*s, color.RGBA{0x12, 0x14, 0x18, 0xff})
		shown := pr.text
		for shown != "" {
			if w, _ := render.Measure(shown+"|", f); w < field.W-16*s {
				break
			}
			_, n := utf8.DecodeRuneInString(shown)
			shown = shown[n:] // keep the end of a long path in view
		}
		cursor := ""
		if time.Now().UnixMilli()/500%2 == 0 {
			cursor = "|"
		}
		t.Add(shown+cursor, f, field.X+8*s, field.CY(), render.Left, render.TextColor)
		t.Add("Enter accepts · Esc cancels", render.Face(12*s, false), box.X+20*s, box.Y+box.H-24*s, render.Left, render.TextDim)
	}
}
