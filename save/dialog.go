package save

import (
	"errors"
	"path/filepath"
	"strings"
)

// ErrCancelled is returned by OpenDialog and SaveDialog when the user closes the
// dialog without choosing a file.
var ErrCancelled = errors.New("save: cancelled")

// ErrNoDialog is returned by OpenDialog and SaveDialog when there are no native
// dialogs (built without cgo, with -tags nodialog, or no display for GTK): the app
// then asks for a path in its own window.
var ErrNoDialog = errors.New("save: no native file dialog")

// WithExtension adds Extension to a chosen save path that has no extension, since
// GTK's save dialog does not add it from the filter.
func WithExtension(path string) string {
	if path == "" || filepath.Ext(path) != "" || strings.HasSuffix(path, string(filepath.Separator)) {
		return path
	}
	return path + Extension
}
