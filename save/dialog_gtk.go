//go:build cgo && !nodialog

package save

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"

	"github.com/sqweek/dialog"
)

// NativeDialogs reports whether OpenDialog and SaveDialog show the desktop's file
// dialogs (GTK here).
const NativeDialogs = true

// OpenDialog asks for a record to open, starting in dir. It blocks until the user
// answers, so call it from a goroutine of its own.
func OpenDialog(dir string) (string, error) {
	return runDialog(func() (string, error) {
		b := dialog.File().Title("Open game").Filter("Trihex games (*"+Extension+")", Extension[1:])
		if dir != "" {
			b = b.SetStartDir(dir)
		}
		return b.Load()
	})
}

// SaveDialog asks where to save a record, starting in dir with the file name name.
// It blocks like OpenDialog. The path returned has the extension added when the
// user typed none.
func SaveDialog(dir, name string) (string, error) {
	p, err := runDialog(func() (string, error) {
		b := dialog.File().Title("Save game").Filter("Trihex games (*"+Extension+")", Extension[1:])
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

// runDialog runs f on one OS thread and turns the library's panic when GTK could
// not start (no display) into ErrNoDialog, so the app falls back to its own field.
func runDialog(f func() (string, error)) (path string, err error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer func() {
		if r := recover(); r != nil {
			path, err = "", fmt.Errorf("%w: %v", ErrNoDialog, r)
		}
	}()
	path, err = f()
	if errors.Is(err, dialog.ErrCancelled) {
		return "", ErrCancelled
	}
	if err != nil {
		return "", err
	}
	return filepath.Clean(path), nil
}
