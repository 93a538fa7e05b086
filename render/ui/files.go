package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"trihex/input"
	"trihex/save"
	"trihex/save/dialog"
)

// The File menu's commands, the native dialogs (or the path field that stands in
// for them), and the files written in the background: the autosave, --record-out
// and the settings.

// fileState is the app's part in the file commands.
type fileState struct {
	noDlg      bool // native dialogs failed (or --no-dialogs): use the path field
	closeAsked bool // the window's close button was pressed
	dlg        *dialogWait
}

// waiting reports whether a native dialog is open.
func (fs *fileState) waiting() bool { return fs.dlg != nil }

// askDrop runs then at once, or after asking when the game has unsaved moves.
func (a *App) askDrop(what string, then func()) {
	p := a.play()
	if p == nil || !p.sess.Unsaved() {
		then()
		return
	}
	n := p.sess.Match.Len()
	a.push(&confirmBox{
		title: what + "?",
		text:  fmt.Sprintf("The %s game on the board (%d %s) is not saved. Its moves stay in the autosave until the next game's first move.", p.sess.Info.Name, n, plural(n, "move")),
		yes:   "Discard",
		then:  then,
	})
}

func (a *App) cmdNew() {
	a.askDrop("Start a new game", func() { a.setScene(a.newStart()) })
}

func (a *App) cmdOpen() {
	a.askDrop("Open another game", func() {
		dir := a.dialogDir() // here: the dialog's goroutine must not read the app
		a.ask("Open game: type the path of a "+save.Extension+" file", dir, func() (string, error) {
			return dialog.Open(dir)
		}, a.openPath)
	})
}

func (a *App) cmdSave() {
	p := a.play()
	if p == nil {
		return
	}
	if p.sess.Path == "" {
		a.cmdSaveAs()
		return
	}
	a.saveTo(p.sess.Path)
}

func (a *App) cmdSaveAs() {
	p := a.play()
	if p == nil {
		return
	}
	name := strings.ToLower(p.sess.Info.Name) + "-" + time.Now().Format("2006-01-02") + save.Extension
	if p.sess.Path != "" {
		name = filepath.Base(p.sess.Path)
	}
	dir := a.dialogDir()
	a.ask("Save game as: type a path", filepath.Join(dir, name), func() (string, error) {
		return dialog.Save(dir, name)
	}, func(path string) { a.saveTo(dialog.WithExtension(path)) })
}

func (a *App) cmdQuit() {
	a.askDrop("Quit Trihex", func() { a.quit = true })
}

// dialogDir is where the dialogs start: the folder of the current or last file.
func (a *App) dialogDir() string {
	if p := a.play(); p != nil && p.sess.Path != "" {
		return filepath.Dir(p.sess.Path)
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
func (a *App) ask(title, initial string, native func() (string, error), then func(string)) {
	pr := &pathPrompt{title: title, text: initial, then: then}
	if !dialog.Native || a.files.noDlg {
		if !strings.HasSuffix(initial, save.Extension) && !strings.HasSuffix(initial, string(filepath.Separator)) {
			pr.text += string(filepath.Separator)
		}
		a.push(pr)
		return
	}
	ch := make(chan dlgResult, 1)
	go func() {
		p, err := native()
		ch <- dlgResult{p, err}
	}()
	a.files.dlg = &dialogWait{ch: ch, then: then, fallback: pr}
	a.push(a.files.dlg)
}

func (a *App) dialogDone(d *dialogWait, r dlgResult) {
	a.files.dlg = nil
	switch {
	case r.err == nil && r.path != "":
		d.then(r.path)
	case r.err == nil || errors.Is(r.err, dialog.ErrCancelled):
	case errors.Is(r.err, dialog.ErrNoDialog):
		// GTK could not start: from now on, the path field.
		a.files.noDlg = true
		a.push(d.fallback)
	default:
		a.showError("File dialog: " + r.err.Error())
	}
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
func (a *App) openPath(path string) {
	g, err := save.ReadFile(path)
	if err != nil {
		a.showError(err.Error())
		return
	}
	sess := input.SessionFromGame(g, a.settings.Level, nil)
	sess.Path = path
	a.setScene(a.newPlay(sess))
	a.settings.AddRecent(path)
	a.saveSettings()
	a.showNotice("Opened " + path)
}

func (a *App) saveTo(path string) {
	p := a.play()
	if p == nil {
		return
	}
	rec, err := p.sess.Record()
	if err == nil {
		err = save.WriteFileAtomic(path, []byte(rec))
	}
	if err != nil {
		a.showError("Not saved: " + err.Error())
		return
	}
	p.sess.Saved(path)
	a.settings.AddRecent(path)
	a.saveSettings()
	a.showNotice("Saved " + path)
}

// autosave writes the game after every move, so that nothing is lost, and
// --record-out when asked for.
func (a *App) autosave(sess *input.Session) {
	rec, err := sess.Record()
	if err != nil {
		if !a.autosaveFailed {
			a.autosaveFailed = true // say it once, not after every move
			a.showError("Autosave failed: " + err.Error())
		}
		return
	}
	if a.cfgDir != "" {
		a.writer.Put(save.WriteAutosave, save.AutosaveJob(a.cfgDir, rec))
	}
	if a.flags.recordOut != "" {
		a.writer.Put(save.WriteRecord, save.RecordJob(a.flags.recordOut, rec))
	}
}

func (a *App) saveSettings() {
	if a.cfgDir != "" {
		a.writer.Put(save.WriteSettings, save.SettingsJob(a.cfgDir, a.settings))
	}
}

// reportWriteErrors shows the background writer's failures; Update calls it.
func (a *App) reportWriteErrors() {
	errs := a.writer.TakeErrors()
	if err := errs[save.WriteAutosave]; err != nil && !a.autosaveFailed {
		a.autosaveFailed = true // say it once, not after every move
		a.showError("Autosave failed: " + err.Error())
	}
	if err := errs[save.WriteRecord]; err != nil {
		a.showError("record-out: " + err.Error())
	}
	if err := errs[save.WriteSettings]; err != nil {
		a.showError("Settings not saved: " + err.Error())
	}
}
