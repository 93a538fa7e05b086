package lesson

import (
	"fmt"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// board draws a position for the tests, so that they compare pictures. It reads
// the position through the same views the checks use, not the games' String
// methods, whose layout is theirs to change.
//
// The 37-point board shows each stack bottom to top, the top piece in capitals
// (b/w: Black and White); the surface shows W and R tiles and "." for the empty
// cells next to them.
func board(s game.State) string {
	if v, ok := s.(surface); ok {
		return drawSurface(v)
	}
	v := s.(stacker)
	var b strings.Builder
	for row := 6; row >= 0; row-- {
		r := row - 3
		b.WriteString(strings.Repeat("  ", max(r, -r)))
		b.WriteByte(byte('a' + row))
		for q := max(-3, -3-r); q <= min(3, 3-r); q++ {
			p, _ := hex.PointAt(hex.Coord{Q: q, R: r})
			h, layers := v.Stack(p)
			cell := "."
			if h > 0 {
				cell = ""
				for i := 0; i < h; i++ {
					c := "bw"[layers[i]]
					if i == h-1 {
						c -= 'a' - 'A'
					}
					cell += string(c)
				}
			}
			fmt.Fprintf(&b, " %-3s", cell)
		}
		b.WriteString("\n")
	}
	return trimLines(b.String())
}

// drawSurface draws the tiles within one cell of the tiles' bounding box, rows
// from the top, each row shifted half a cell as on screen.
func drawSurface(v surface) string {
	lo, hi := hex.Coord{Q: 1 << 20, R: 1 << 20}, hex.Coord{Q: -1 << 20, R: -1 << 20}
	const reach = 12 // lessons stay near the start
	for q := -reach; q <= reach; q++ {
		for r := -reach; r <= reach; r++ {
			if v.At(hex.Coord{Q: q, R: r}) != game.NoPlayer {
				lo = hex.Coord{Q: min(lo.Q, q), R: min(lo.R, r)}
				hi = hex.Coord{Q: max(hi.Q, q), R: max(hi.R, r)}
			}
		}
	}
	// A cell's column is 2q+r (x = √3(q + r/2)); shift so the leftmost drawn
	// cell is at column 0.
	left := 1 << 20
	cell := func(c hex.Coord) byte {
		switch v.At(c) {
		case game.First:
			return 'W'
		case game.Second:
			return 'R'
		}
		for _, d := range hex.Dirs {
			if v.At(c.Add(d)) != game.NoPlayer {
				return '.'
			}
		}
		return ' '
	}
	for r := lo.R - 1; r <= hi.R+1; r++ {
		for q := lo.Q - reach; q <= hi.Q+reach; q++ {
			if cell(hex.Coord{Q: q, R: r}) != ' ' {
				left = min(left, 2*q+r)
			}
		}
	}
	var b strings.Builder
	for r := hi.R + 1; r >= lo.R-1; r-- {
		line := []byte(fmt.Sprintf("%3d ", r))
		for q := lo.Q - reach; q <= hi.Q+reach; q++ {
			ch := cell(hex.Coord{Q: q, R: r})
			if ch == ' ' {
				continue
			}
			col := 4 + 2*q + r - left
			for len(line) <= col {
				line = append(line, ' ')
			}
			line[col] = ch
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return trimLines(b.String())
}

// trimLines drops trailing spaces and the surrounding blank lines, so that a
// picture can be written as an indented raw string.
func trimLines(s string) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// picture reads a picture written in a test: a raw string with a common indent.
func picture(s string) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	for i, l := range lines {
		if len(l) >= indent {
			lines[i] = l[indent:]
		}
	}
	return trimLines(strings.Join(lines, "\n"))
}
