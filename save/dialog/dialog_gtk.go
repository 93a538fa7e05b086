//go:build (cgo || windows) && !nodialog

package dialog

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"

	sqdialog "github.com/sqweek/dialog"

	"trihex/save"
)

// Native reports whether Open and Save show the desktop's file dialogs (GTK
// here).
const Native = true

// filterName names the dialogs' file type filter: Trihex records.
const filterName = "Trihex games (*" + save.Extension + ")"

// Open asks for a record to open, starting in dir. It blocks until the user
// answers, so call it from a goroutine of its own.
func Open(dir string) (string, error) {
	return run(func() (string, error) {
		b := sqdialog.File().Title("Open game").Filter(filterName, save.Extension[1:])
		if dir != "" {
			b = b.SetStartDir(dir)
		}
		return b.Load()
	})
}

// Save asks where to save a record, starting in dir with the file name name. It
// blocks like Open. The path returned has the extension added when the user typed
// none.
func Save(dir, name string) (string, error) {
	p, err := run(func() (string, error) {
		b := sqdialog.File().Title("Save game").Filter(filterName, save.Extension[1:])
		if dir != "" {
			b = b.SetStartDir(dir)
		}
		if name != "" {
			b = b.SetStartFile(name)
		}
		return b.Save()
	})
	return WithExtension(p), err
}

// run runs f on one OS thread and turns the library's panic when GTK could not
// start (no display) into ErrNoDialog, so the app falls back to its own field.
func run(f func() (string, error)) (path string, err error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer func() {
		if r := recover(); r != nil {
			path, err = "", fmt.Errorf("%w: %v", ErrNoDialog, r)
		}
	}()
	path, err = f()
	if errors.Is(err, sqdialog.ErrCancelled) {
		return "", ErrCancelled
	}
	if err != nil {
		return "", err
	}
	return filepath.Clean(path), nil
}
