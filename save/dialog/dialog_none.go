//go:build (!cgo && !windows) || nodialog

package dialog

// Native reports whether Open and Save show the desktop's file dialogs: not in
// this build (no cgo, or -tags nodialog).
const Native = false

// Open returns ErrNoDialog: the app asks for the path in its window.
func Open(dir string) (string, error) { return "", ErrNoDialog }

// Save returns ErrNoDialog: the app asks for the path in its window.
func Save(dir, name string) (string, error) { return "", ErrNoDialog }
