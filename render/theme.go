package render

import (
	"image/color"
	"strings"

	"trihex/render/palette"
)

// Piece colours.
const (
	ColBlack   = palette.Black
	ColWhite   = palette.White
	ColRed     = palette.Red
	numColours = len(palette.Face)
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

// Theme is a complete set of colours, one named role for every colour the app
// draws, so that the high-contrast and colour-blind themes reach every pixel. It is
// a comparable value: caches key on it, and the app passes it around rather than
// keeping it in a package variable.
type Theme struct {
	Name  string // as stored in the settings
	Label string // as shown to the user

	// Window and panel.
	Background, Panel, Text, TextDim, TextDisabled, TextOnAccent color.RGBA
	Accent, Highlight, Warning, Danger, LastMove                 color.RGBA
	// Buttons: plain, hovered, chosen (a toggle that is on), the main action
	// (Start, Pass) and the destructive one (Discard).
	Button, ButtonHot, ButtonOn, ButtonOnHot, Primary, PrimaryHot, Destructive color.RGBA
	// Menus, boxes and banners.
	Menu, MenuEdge, Field, BannerInfo, BannerError, ResultBG color.RGBA
	Scrim, ScrimHeavy, ScrimLight                            color.RGBA // dim what lies under a box, help or dialog
	// Move list and review bar.
	List, Undone, ReviewBar, SliderTrack color.RGBA

	// The 37-point board and the Andantino surface.
	BoardFill, BoardEdge, BoardLine, BoardLabel, Surface color.RGBA
	Forbid, ForbidEdge, ForbidCross                      color.RGBA // Attangle's d4
	// Marks on the board: legal targets, the selection, the hover, the hint, the
	// last move, a winning line, the cell a continuation move left.
	Target, TargetDot, HoverRing, Hint, HintDot, LastRing, Win, FromCell color.RGBA
	CellLegalFill, CellLegalEdge, CellDangerFill                         color.RGBA
	Sheen, TileInner                                                     color.RGBA
	// Focus rings what the keyboard acts on: a target Tab rang, the focused
	// button, menu item or field; a colour no other mark uses.
	Focus                 color.RGBA
	Asleep, AsleepMark    color.RGBA // Abande: the badge of a stack that scores nothing now
	LabelDark, LabelLight color.RGBA // coordinates on light and dark faces

	Face, Side, Edge [numColours]color.RGBA // per piece colour
	Mark             [numColours]int
	MarkColour       [numColours]color.RGBA
	LineWidth        float64 // board lines and piece outlines, × the classic width
}

// tintable is the colour of the sprites made to be tinted when drawn (rings,
// dots, halos): white, so that the tint, a theme's role, is the colour seen.
var tintable = color.White

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// rgba is a colour with alpha, premultiplied as color.RGBA wants.
func rgba(v uint32, a uint8) color.RGBA {
	return color.RGBAModel.Convert(color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), a}).(color.RGBA)
}

// classic is the default theme; the others start from it and change what they must.
func classic() Theme {
	return Theme{
		Name: "classic", Label: "Classic",
		Background: rgb(0x2b2f36), Panel: rgb(0x22252b), Text: rgb(0xeeeeee), TextDim: rgb(0x9aa0aa),
		TextDisabled: rgb(0x70747c), TextOnAccent: rgb(0xffffff),
		Accent: rgb(0x4fa3ff), Highlight: rgb(0x3dd68c), Warning: rgb(0xff8a1e), Danger: rgb(0xe03c3c), LastMove: rgb(0xffd23c),
		Button: rgb(0x3a404a), ButtonHot: rgb(0x4a5260), ButtonOn: rgb(0x2d5f9a), ButtonOnHot: rgb(0x3a72b4),
		Primary: rgb(0x2f6b4c), PrimaryHot: rgb(0x3a855e), Destructive: rgb(0x8a2e2e),
		Menu: rgb(0x333841), MenuEdge: rgb(0x555b66), Field: rgb(0x121418),
		BannerInfo: rgba(0x2a4a6a, 0xf0), BannerError: rgba(0x6a2222, 0xf0), ResultBG: rgba(0x101216, 0xe0),
		Scrim: rgba(0, 0x80), ScrimHeavy: rgba(0, 0xb0), ScrimLight: rgba(0, 0x60),
		List: rgb(0x1a1c21), Undone: rgb(0x60646c), ReviewBar: rgba(0x141619, 0xd8), SliderTrack: rgb(0x505660),
		BoardFill: palette.BoardFill, BoardEdge: palette.BoardEdge, BoardLine: palette.BoardLine, BoardLabel: rgb(0x4a3214), Surface: rgb(0x3a5a4a),
		Forbid: rgb(0x8a2a1e), ForbidEdge: rgb(0x4a140e), ForbidCross: rgb(0xf0d8c8),
		Target: rgba(0x3dd68c, 0xd0), TargetDot: rgba(0x2fb874, 0xe0), HoverRing: rgba(0xffffff, 0x90),
		Hint: rgb(0x4fa3ff), HintDot: rgba(0x4fa3ff, 0xe0), LastRing: rgba(0xffc820, 0xe0), Win: rgba(0xffd23c, 0xc0),
		FromCell:      rgba(0xffd23c, 0x90),
		CellLegalFill: rgba(0x3dd68c, 0x30), CellLegalEdge: rgba(0x3dd68c, 0xb0), CellDangerFill: rgba(0xff8a1e, 0x50),
		Sheen: rgba(0xffffff, 0x18), TileInner: rgba(0xffffff, 0x20),
		Focus:  rgb(0xff5fd2),
		Asleep: rgb(0x5a6270), AsleepMark: rgb(0xe8ecf2),
		LabelDark: rgb(0x303030), LabelLight: rgb(0xfff0e8),
		Face:      palette.Face,
		Side:      palette.Side,
		Edge:      palette.Edge,
		LineWidth: 1,
	}
}

func highContrast() Theme {
	t := classic()
	t.Name, t.Label = "high-contrast", "High contrast"
	t.Background, t.Panel, t.Button, t.ButtonHot = rgb(0x000000), rgb(0x0c0c0c), rgb(0x303030), rgb(0x505050)
	t.ButtonOn, t.ButtonOnHot = rgb(0x0050c8), rgb(0x1a6ae0)
	t.Primary, t.PrimaryHot, t.Destructive = rgb(0x007a3c), rgb(0x00994c), rgb(0xb00000)
	t.Text, t.TextDim, t.TextDisabled = rgb(0xffffff), rgb(0xd8d8d8), rgb(0x8c8c8c)
	t.Accent, t.Highlight, t.LastMove = rgb(0x40b0ff), rgb(0x00ff88), rgb(0xffe000)
	t.Menu, t.MenuEdge, t.Field = rgb(0x1a1a1a), rgb(0xffffff), rgb(0x000000)
	t.BannerInfo, t.BannerError = rgb(0x003a80), rgb(0x8a0000)
	t.List, t.Undone, t.ReviewBar, t.SliderTrack = rgb(0x000000), rgb(0x909090), rgba(0x000000, 0xe8), rgb(0xa0a0a0)
	t.BoardFill, t.BoardEdge, t.BoardLine, t.BoardLabel, t.Surface = rgb(0xf0e6c8), rgb(0xffffff), rgb(0x000000), rgb(0x000000), rgb(0x1c1c1c)
	t.Target, t.TargetDot, t.HoverRing = rgba(0x00ff88, 0xf0), rgba(0x00c060, 0xf0), rgba(0xffffff, 0xd0)
	t.LastRing, t.Win, t.FromCell = rgba(0xffe000, 0xff), rgba(0xffe000, 0xd8), rgba(0xffe000, 0xc0)
	t.Asleep, t.AsleepMark = rgb(0x0050c8), rgb(0xffffff)
	t.Focus = rgb(0xff00ff)
	t.CellLegalFill, t.CellLegalEdge, t.CellDangerFill = rgba(0x00ff88, 0x40), rgba(0x00ff88, 0xf0), rgba(0xff8a1e, 0x80)
	t.Face = [numColours]color.RGBA{rgb(0x000000), rgb(0xffffff), rgb(0xff1a1a)}
	t.Side = [numColours]color.RGBA{rgb(0x000000), rgb(0xa0a0a0), rgb(0x900000)}
	t.Edge = [numColours]color.RGBA{rgb(0xffffff), rgb(0x000000), rgb(0xffffff)}
	t.LineWidth = 1.8
	return t
}

func colourBlind() Theme {
	t := classic()
	t.Name, t.Label = "colour-blind", "Colour-blind safe"
	t.TextDim = rgb(0xa8aeb8)
	// Okabe–Ito: blue for choices, bluish green for targets, orange for danger,
	// yellow for the last move; vermillion for Red.
	t.Accent, t.Highlight, t.Warning, t.Danger, t.LastMove = rgb(0x56b4e9), rgb(0x009e73), rgb(0xe69f00), rgb(0xd55e00), rgb(0xf0e442)
	t.Primary, t.PrimaryHot = rgb(0x006b50), rgb(0x008a66)
	t.Target, t.TargetDot = rgba(0x009e73, 0xe0), rgba(0x009e73, 0xf0)
	t.CellLegalFill, t.CellLegalEdge, t.CellDangerFill = rgba(0x009e73, 0x38), rgba(0x009e73, 0xd0), rgba(0xe69f00, 0x60)
	t.Hint, t.HintDot = rgb(0x56b4e9), rgba(0x56b4e9, 0xe0)
	t.Focus = rgb(0xcc79a7) // Okabe–Ito's reddish purple
	t.LastRing, t.Win, t.FromCell = rgba(0xf0e442, 0xe8), rgba(0xf0e442, 0xc8), rgba(0xf0e442, 0xa0)
	t.BoardFill, t.BoardEdge, t.BoardLine, t.BoardLabel, t.Surface = rgb(0xd9c9a8), rgb(0x7a6a50), rgb(0x5a4a30), rgb(0x3a2a10), rgb(0x3c4a5c)
	t.Face = [numColours]color.RGBA{rgb(0x1e1e24), rgb(0xf6f3ea), rgb(0xd55e00)}
	t.Side = [numColours]color.RGBA{rgb(0x08080a), rgb(0xb8b2a6), rgb(0x8a3c00)}
	t.Edge = [numColours]color.RGBA{rgb(0x8a8a94), rgb(0x504c44), rgb(0x4a2000)}
	// Black and Red carry a marking, White none.
	t.Mark = [numColours]int{MarkRing, MarkNone, MarkDot}
	t.MarkColour = [numColours]color.RGBA{rgb(0xf0f0f0), {}, rgb(0x101010)}
	t.LineWidth = 1.2
	return t
}

// Themes are the themes offered, the first the default.
var Themes = []Theme{classic(), highContrast(), colourBlind()}

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

// LabelOn is a colour readable on a tile or disc face of piece colour c.
func (t Theme) LabelOn(c int) color.RGBA {
	f := t.Face[c]
	if int(f.R)*299+int(f.G)*587+int(f.B)*114 > 140000 {
		return t.LabelDark
	}
	return t.LabelLight
}
