// Package dialog shows the desktop's native file dialogs (GTK, with cgo) for
// opening and saving records. It is apart from package save so that the rules, the
// computer and the headless commands, which import save, link no GTK.
package dialog

import (
	"errors"
	"path/filepath"
	"strings"

	"trihex/save"
)

// ErrCancelled is returned by Open and Save when the user closes the dialog
// without choosing a file.
var ErrCancelled = errors.New("dialog: cancelled")

// ErrNoDialog is returned by Open and Save when there are no native dialogs (built
// without cgo, with -tags nodialog, or no display for GTK): the app then asks for
// a path in its own window.
var ErrNoDialog = errors.New("dialog: no native file dialog")

// WithExtension adds save.Extension to a chosen or typed save path that has no
// extension, since GTK's save dialog does not add it from the filter.
func WithExtension(path string) string {
	if path == "" || filepath.Ext(path) != "" || strings.HasSuffix(path, string(filepath.Separator)) {
		return path
	}
	return path + save.Extension
}
