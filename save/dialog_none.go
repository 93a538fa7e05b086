//go:build !cgo || nodialog

package save

// NativeDialogs reports whether OpenDialog and SaveDialog show the desktop's file
// dialogs: not in this build (no cgo, or -tags nodialog).
const NativeDialogs = false

// OpenDialog returns ErrNoDialog: the app asks for the path in its window.
func OpenDialog(dir string) (string, error) { return "", ErrNoDialog }

// SaveDialog returns ErrNoDialog: the app asks for the path in its window.
func SaveDialog(dir, name string) (string, error) { return "", ErrNoDialog }
