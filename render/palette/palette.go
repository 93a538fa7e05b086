// Package palette holds the colours of the classic theme that the app's icon
// is drawn in too: the board and the black and white pieces. render's theme
// and assets/mkicon both take them from here, so the icon keeps the app's
// colours; the package imports nothing of Ebitengine, so the icon generator
// builds without cgo.
package palette

import "image/color"

// The 37-point board: its wood, its rim and its lines.
var (
	BoardFill = rgb(0xd9b87c)
	BoardEdge = rgb(0x8a6434)
	BoardLine = rgb(0x6b4a22)
)

// Pieces by colour (black, white, red): the face seen from above, the side of
// a stack and the outline.
var (
	Face = [3]color.RGBA{rgb(0x26262a), rgb(0xf4f1ea), rgb(0xc82a2a)}
	Side = [3]color.RGBA{rgb(0x0c0c0e), rgb(0xb8b2a6), rgb(0x841616)}
	Edge = [3]color.RGBA{rgb(0x707078), rgb(0x504c44), rgb(0x4a0a0a)}
)

// Indices of Face, Side and Edge.
const (
	Black = 0
	White = 1
	Red   = 2
)

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}
