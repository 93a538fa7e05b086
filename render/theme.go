package render

import (
	"image/color"
	"strings"
)

// Colours of the interface. SetTheme assigns them from a Theme.
var (
	Background = color.RGBA{0x2b, 0x2f, 0x36, 0xff}
	PanelBG    = color.RGBA{0x22, 0x25, 0x2b, 0xff}
	BoardFill  = color.RGBA{0xd9, 0xb8, 0x7c, 0xff}
	BoardEdge  = color.RGBA{0x8a, 0x64, 0x34, 0xff}
	BoardLine  = color.RGBA{0x6b, 0x4a, 0x22, 0xff}
	BoardLabel = color.RGBA{0x4a, 0x32, 0x14, 0xff}
	Surface    = color.RGBA{0x3a, 0x5a, 0x4a, 0xff}
	TextColor  = color.RGBA{0xee, 0xee, 0xee, 0xff}
	TextDim    = color.RGBA{0x9a, 0xa0, 0xaa, 0xff}
	Accent     = color.RGBA{0x4f, 0xa3, 0xff, 0xff}
	Highlight  = color.RGBA{0x3d, 0xd6, 0x8c, 0xff}
	Warning    = color.RGBA{0xff, 0x8a, 0x1e, 0xff}
	Danger     = color.RGBA{0xe0, 0x3c, 0x3c, 0xff}
	ButtonBG   = color.RGBA{0x3a, 0x40, 0x4a, 0xff}
	ButtonHot  = color.RGBA{0x4a, 0x52, 0x60, 0xff}
	LastMove   = color.RGBA{0xff, 0xd2, 0x3c, 0xff}
)

// Piece colours.
const (
	ColBlack = iota
	ColWhite
	ColRed
	numColours
)

// ColourOf maps a side's name ("Black", "White", "Red") to a piece colour.
func ColourOf(side string) int {
	switch strings.ToLower(side) {
	case "black":
		return ColBlack
	case "red":
		return ColRed
	}
	return ColWhite
}

// Markings drawn on a piece's face, so that sides differ by shape as well as colour.
const (
	MarkNone = iota
	MarkRing // a ring inside the face
	MarkDot  // a dot in the middle of the face
)

// Theme is a complete set of colours for the boards, pieces and interface.
type Theme struct {
	Name  string // as stored in the settings
	Label string // as shown to the user

	Background, PanelBG, ButtonBG, ButtonHot color.RGBA
	TextColor, TextDim                       color.RGBA
	BoardFill, BoardEdge, BoardLine          color.RGBA
	BoardLabel, Surface                      color.RGBA
	Face, Side, Edge                         [numColours]color.RGBA // per piece colour
	Mark                                     [numColours]int
	MarkColour                               [numColours]color.RGBA
	LineWidth                                float64 // board lines and piece outlines, × the classic width
}

// Themes are the themes offered, the first the default.
var Themes = []Theme{
	{
		Name: "classic", Label: "Classic",
		Background: rgb(0x2b2f36), PanelBG: rgb(0x22252b), ButtonBG: rgb(0x3a404a), ButtonHot: rgb(0x4a5260),
		TextColor: rgb(0xeeeeee), TextDim: rgb(0x9aa0aa),
		BoardFill: rgb(0xd9b87c), BoardEdge: rgb(0x8a6434), BoardLine: rgb(0x6b4a22),
		BoardLabel: rgb(0x4a3214), Surface: rgb(0x3a5a4a),
		Face:      [numColours]color.RGBA{rgb(0x26262a), rgb(0xf4f1ea), rgb(0xc82a2a)},
		Side:      [numColours]color.RGBA{rgb(0x0c0c0e), rgb(0xb8b2a6), rgb(0x841616)},
		Edge:      [numColours]color.RGBA{rgb(0x707078), rgb(0x504c44), rgb(0x4a0a0a)},
		LineWidth: 1,
	},
	{
		Name: "high-contrast", Label: "High contrast",
		Background: rgb(0x000000), PanelBG: rgb(0x0c0c0c), ButtonBG: rgb(0x303030), ButtonHot: rgb(0x505050),
		TextColor: rgb(0xffffff), TextDim: rgb(0xd8d8d8),
		BoardFill: rgb(0xf0e6c8), BoardEdge: rgb(0xffffff), BoardLine: rgb(0x000000),
		BoardLabel: rgb(0x000000), Surface: rgb(0x1c1c1c),
		Face:      [numColours]color.RGBA{rgb(0x000000), rgb(0xffffff), rgb(0xff1a1a)},
		Side:      [numColours]color.RGBA{rgb(0x000000), rgb(0xa0a0a0), rgb(0x900000)},
		Edge:      [numColours]color.RGBA{rgb(0xffffff), rgb(0x000000), rgb(0xffffff)},
		LineWidth: 1.8,
	},
	{
		Name: "colour-blind", Label: "Colour-blind safe",
		Background: rgb(0x2b2f36), PanelBG: rgb(0x22252b), ButtonBG: rgb(0x3a404a), ButtonHot: rgb(0x4a5260),
		TextColor: rgb(0xeeeeee), TextDim: rgb(0xa8aeb8),
		BoardFill: rgb(0xd9c9a8), BoardEdge: rgb(0x7a6a50), BoardLine: rgb(0x5a4a30),
		BoardLabel: rgb(0x3a2a10), Surface: rgb(0x3c4a5c),
		// Okabe–Ito vermillion for Red; Black and Red carry a marking, White none.
		Face:       [numColours]color.RGBA{rgb(0x1e1e24), rgb(0xf6f3ea), rgb(0xd55e00)},
		Side:       [numColours]color.RGBA{rgb(0x08080a), rgb(0xb8b2a6), rgb(0x8a3c00)},
		Edge:       [numColours]color.RGBA{rgb(0x8a8a94), rgb(0x504c44), rgb(0x4a2000)},
		Mark:       [numColours]int{MarkRing, MarkNone, MarkDot},
		MarkColour: [numColours]color.RGBA{rgb(0xf0f0f0), {}, rgb(0x101010)},
		LineWidth:  1.2,
	},
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// current is the theme in use; gen counts changes, so caches know to redraw.
var (
	current = Themes[0]
	gen     = 1
)

// LookupTheme returns the theme called name (case-insensitive) and whether there
// is one; an unknown name gives the classic theme.
func LookupTheme(name string) (Theme, bool) {
	for _, t := range Themes {
		if strings.EqualFold(t.Name, name) {
			return t, true
		}
	}
	return Themes[0], false
}

// NextTheme is the name of the theme after name in Themes, wrapping around.
func NextTheme(name string) string {
	for i, t := range Themes {
		if strings.EqualFold(t.Name, name) {
			return Themes[(i+1)%len(Themes)].Name
		}
	}
	return Themes[0].Name
}

// SetTheme makes the theme called name current (classic when unknown) and returns
// its name.
func SetTheme(name string) string {
	t, _ := LookupTheme(name)
	if t.Name == current.Name {
		return t.Name
	}
	current = t
	gen++
	Background, PanelBG, ButtonBG, ButtonHot = t.Background, t.PanelBG, t.ButtonBG, t.ButtonHot
	TextColor, TextDim = t.TextColor, t.TextDim
	BoardFill, BoardEdge, BoardLine, BoardLabel, Surface = t.BoardFill, t.BoardEdge, t.BoardLine, t.BoardLabel, t.Surface
	return t.Name
}

// CurrentTheme is the theme in use.
func CurrentTheme() Theme { return current }

// ThemeGen changes whenever the theme does.
func ThemeGen() int { return gen }

// LabelColour is a colour readable on a tile or disc face of piece colour c.
func LabelColour(c int) color.RGBA {
	f := current.Face[c]
	if int(f.R)*299+int(f.G)*587+int(f.B)*114 > 140000 {
		return color.RGBA{0x30, 0x30, 0x30, 0xff}
	}
	return color.RGBA{0xff, 0xf0, 0xe8, 0xff}
}
