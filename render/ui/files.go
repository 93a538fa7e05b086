package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"trihex/input"
	"trihex/save"
	"trihex/save/dialog"
)

// The File menu's commands, the native dialogs (or the path field that stands in
// for them), and the files written in the background: the autosave, --record-out
// and the settings.

// fileState is the app's part in the file commands.
type fileState struct {
	noDlg          bool // native dialogs failed (or --no-dialogs): use the path field
	closeAsked     bool // the window's close button was pressed
	dlg            *dialogWait
	autosaveFailed bool // said once, not after every move
	kept           keptGame
	keptLoaded     bool // the autosave found at start has been read
}

// keptGame is the game the autosave holds, as this session last wrote it (or
// found it at start), and the file it belongs to: what Continue offers.
type keptGame struct {
	rec  string         // the record as last put in the autosave; "" when g is the one read at start
	g    *save.Game     // rec read, once asked for
	path string         // the file it was opened from or saved to; "" for none
	sess *input.Session // the session that wrote it, nil for the one read at start
}

// game is the kept game, read from its record the first time it is asked for;
// nil when there is none or it cannot be read.
func (k *keptGame) game() *save.Game {
	if k.g == nil && k.rec != "" {
		if g, err := save.Read(strings.NewReader(k.rec)); err == nil {
			k.g = g
		}
	}
	return k.g
}

// keep remembers that the autosave holds sess's game, rec, belonging to sess's
// file; the file is remembered in the settings for the next start.
func (fs *fileState) keep(a *App, sess *input.Session, rec string) {
	if fs.kept.rec != rec || fs.kept.sess != sess {
		fs.kept = keptGame{rec: rec, path: sess.Path, sess: sess}
	}
	fs.keepPath(a, sess.Path)
}

// keepPath sets the kept game's file, in the settings too.
func (fs *fileState) keepPath(a *App, path string) {
	fs.kept.path = path
	if a.prefs.settings.AutosaveFile != path {
		a.prefs.settings.AutosaveFile = path
		a.prefs.save()
	}
}

// waiting reports whether a native dialog is open.
func (fs *fileState) waiting() bool { return fs.dlg != nil }

// askDrop runs then at once, or after asking when the game has unsaved moves.
func (fs *fileState) askDrop(a *App, what string, then func()) {
	p := a.play()
	if p != nil && p.net.askLeave(a, p, what, then) {
		return // a network game: asked as its authority needs (onlineplay.go)
	}
	if p == nil || !p.sess.Unsaved() {
		then()
		return
	}
	a.push(&confirmBox{
		title: what + "?",
		text: fmt.Sprintf("The %s game on the board (%s) is not saved. Save it first? Without saving, its moves stay in the autosave until the next game's first move.",
			p.sess.Info.Name, movesText(p.sess.Match.Len())),
		buttons: []boxButton{
			{id: wConfirmSave, label: "Save (Enter)", style: primaryButton, run: func() { fs.saveThen(a, then) }},
			{id: wConfirmDiscard, label: "Don't save", style: destructiveButton, run: then},
			{id: wConfirmCancel, label: "Cancel (Esc)", style: plainButton},
		},
	})
}

// saveThen saves the game (asking for a path if it has none) and, once it is
// saved, runs then; a failed or cancelled save leaves everything as it was.
func (fs *fileState) saveThen(a *App, then func()) {
	p := a.play()
	if p == nil {
		then()
		return
	}
	if p.sess.Path != "" {
		if fs.saveTo(a, p.sess.Path) {
			then()
		}
		return
	}
	fs.askSavePath(a, func(path string) {
		if fs.saveTo(a, path) {
			then()
		}
	})
}

func (fs *fileState) newGame(a *App) {
	fs.askDrop(a, "Start a new game", func() { a.setScene(a.startScreen()) })
}

func (fs *fileState) open(a *App) {
	fs.askDrop(a, "Open another game", func() {
		dir := fs.dialogDir(a) // here: the dialog's goroutine must not read the app
		fs.ask(a, "Open game: type the path of a "+save.Extension+" file", dir, func() (string, error) {
			return dialog.Open(dir)
		}, func(path string) { fs.openPath(a, path) })
	})
}

func (fs *fileState) save(a *App) {
	p := a.play()
	if p == nil {
		return
	}
	if p.sess.Path == "" {
		fs.saveAs(a)
		return
	}
	fs.saveTo(a, p.sess.Path)
}

func (fs *fileState) saveAs(a *App) {
	if a.play() != nil {
		fs.askSavePath(a, func(path string) { fs.saveTo(a, path) })
	}
}

// askSavePath asks where to save the game and gives the path, with the record's
// extension, to then.
func (fs *fileState) askSavePath(a *App, then func(string)) {
	p := a.play()
	name := strings.ToLower(p.sess.Info.Name) + "-" + a.now().Format("2006-01-02") + save.Extension
	if p.sess.Path != "" {
		name = filepath.Base(p.sess.Path)
	}
	dir := fs.dialogDir(a)
	fs.ask(a, "Save game as: type a path", filepath.Join(dir, name), func() (string, error) {
		return dialog.Save(dir, name)
	}, func(path string) { then(dialog.WithExtension(path)) })
}

func (fs *fileState) quit(a *App) {
	fs.askDrop(a, "Quit Trihex", func() { a.quit = true })
}

// dialogDir is where the dialogs start: the folder of the current or last file.
func (fs *fileState) dialogDir(a *App) string {
	if p := a.play(); p != nil && p.sess.Path != "" {
		return filepath.Dir(p.sess.Path)
	}
	if len(a.prefs.settings.Recent) > 0 {
		return filepath.Dir(a.prefs.settings.Recent[0])
	}
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	return "."
}

// ask gets a path: from the native dialog on a goroutine (so the window keeps
// drawing; the answer is polled in Update), or from the path field.
func (fs *fileState) ask(a *App, title, initial string, native func() (string, error), then func(string)) {
	pr := &pathPrompt{title: title, text: initial, then: then}
	if !dialog.Native || fs.noDlg {
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
	fs.dlg = &dialogWait{ch: ch, then: then, fallback: pr}
	a.push(fs.dlg)
}

func (fs *fileState) dialogDone(a *App, d *dialogWait, r dlgResult) {
	fs.dlg = nil
	switch {
	case r.err == nil && r.path != "":
		d.then(r.path)
	case r.err == nil || errors.Is(r.err, dialog.ErrCancelled):
	case errors.Is(r.err, dialog.ErrNoDialog):
		// GTK could not start: from now on, the path field.
		fs.noDlg = true
		a.push(d.fallback)
	default:
		a.showError("File dialog: " + playerMessage(r.err))
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

// readRecord reads a record the window opens: "-" is a file of that name here,
// never standard input, which the window would wait on.
func readRecord(path string) (*save.Game, error) {
	if path == "-" {
		path = "./-"
	}
	return save.ReadFile(path)
}

// openPath reads a record; a bad one leaves the game on screen and shows why.
func (fs *fileState) openPath(a *App, path string) {
	g, err := readRecord(path)
	if err != nil {
		a.showError(playerMessage(err))
		return
	}
	sess := input.SessionFromGame(g, a.prefs.settings.Level, a.sessionNow())
	sess.Path = path
	a.setScene(a.newPlay(sess))
	a.prefs.settings.AddRecent(path)
	a.prefs.save()
	a.showNotice("Opened " + path)
}

// saveTo writes the game to path and reports whether it did.
func (fs *fileState) saveTo(a *App, path string) bool {
	p := a.play()
	if p == nil {
		return false
	}
	rec, err := p.sess.Record()
	if err == nil {
		err = save.WriteFileAtomic(path, []byte(rec))
	}
	if err != nil {
		a.showError("Not saved: " + playerMessage(err))
		return false
	}
	p.sess.Saved(path)
	if fs.kept.sess == p.sess {
		fs.keepPath(a, path) // Continue saves to it from now on
	}
	a.prefs.settings.AddRecent(path)
	a.prefs.save()
	a.showNotice("Saved " + path)
	return true
}

// autosave writes the game after every move, so that nothing is lost, and
// --record-out when asked for.
func (fs *fileState) autosave(a *App, sess *input.Session) {
	rec, err := sess.Record()
	if err != nil {
		if !fs.autosaveFailed {
			fs.autosaveFailed = true // say it once, not after every move
			a.showError("Autosave failed: " + playerMessage(err))
		}
		return
	}
	if p := a.play(); a.prefs.cfgDir != "" && sess.Judge == nil && (p == nil || p.net == nil) { // neither a lesson or puzzle nor a network game (the authority keeps it) replaces the game kept
		a.prefs.writer.Put(save.WriteAutosave, save.AutosaveJob(a.prefs.cfgDir, rec))
		fs.keep(a, sess, rec)
	}
	if a.flags.RecordOut != "" {
		a.prefs.writer.Put(save.WriteRecord, save.RecordJob(a.flags.RecordOut, rec))
	}
}

// reportWriteErrors shows the background writer's failures; Update calls it.
func (fs *fileState) reportWriteErrors(a *App) {
	errs := a.prefs.writer.TakeErrors()
	if err := errs[save.WriteAutosave]; err != nil && !fs.autosaveFailed {
		fs.autosaveFailed = true // say it once, not after every move
		a.showError("Autosave failed: " + playerMessage(err))
	}
	if err := errs[save.WriteRecord]; err != nil {
		a.showError("record-out: " + err.Error())
	}
	if err := errs[save.WriteSettings]; err != nil {
		a.showError("Settings not saved: " + playerMessage(err))
	}
}
