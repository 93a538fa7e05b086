// Package assets holds what the app embeds: its fonts (the Go fonts, which need no
// file of their own because golang.org/x/image ships them as byte slices).
package assets

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Font files (TrueType) for the user interface.
var (
	Regular = goregular.TTF
	Bold    = gobold.TTF
)
