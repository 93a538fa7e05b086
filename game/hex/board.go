package hex

import (
	"math/bits"
	"strings"
)

// Point is a point of the 37-point board of Abande and Attangle. Its value is a bit
// index into a 7×8 grid: Point = (R+3)·8 + (Q+3). The eighth column and the corners
// of the 7×7 square outside the hexagon are never points, so a shifted Set only
// needs masking with Board to drop anything that wrapped around.
//
// The board, with labels (rows a–g bottom up, counted from the left in each row):
//
//	row g            g1  g2  g3  g4
//	row f          f1  f2  f3  f4  f5
//	row e        e1  e2  e3  e4  e5  e6
//	row d      d1  d2  d3  d4  d5  d6  d7
//	row c        c1  c2  c3  c4  c5  c6
//	row b          b1  b2  b3  b4  b5
//	row a            a1  a2  a3  a4
//
// and the same points as bit indices:
//
//	row g            48  49  50  51
//	row f          40  41  42  43  44
//	row e        32  33  34  35  36  37
//	row d      24  25  26  27  28  29  30
//	row c        17  18  19  20  21  22
//	row b          10  11  12  13  14
//	row a             3   4   5   6
//
// Steps: E +1, W −1, NE +8, SW −8, NW +7, SE −7.
type Point uint8

// NoPoint marks "no point" in tables (off the board, no blocker).
const NoPoint Point = 255

// NumPoints is the number of points of the board.
const NumPoints = 37

// Set is a set of points, bit p for Point p.
type Set uint64

// Board is the set of all 37 points.
var Board Set

// Centre is d4.
var Centre Point

// Points lists the 37 points in label order a1, a2, …, g4 (which is also the byte
// order of their labels).
var Points [NumPoints]Point

// Neighbours[p] is the set of points adjacent to p.
var Neighbours [64]Set

// Step[p][d] is the neighbour of p in direction d, or NoPoint.
var Step [64][6]Point

// Ray[p][d] is the set of points strictly beyond p in direction d, up to the edge.
var Ray [64][6]Set

var labels [64]string

// PointAt returns the point at axial coordinate c, if c is on the board.
func PointAt(c Coord) (Point, bool) {
	if c.Q < -3 || c.Q > 3 || c.R < -3 || c.R > 3 || c.S() < -3 || c.S() > 3 {
		return NoPoint, false
	}
	return Point((c.R+3)*8 + c.Q + 3), true
}

// Coord returns the axial coordinate of p.
func (p Point) Coord() Coord { return Coord{int(p%8) - 3, int(p/8) - 3} }

// Valid reports whether p is one of the 37 points.
func (p Point) Valid() bool { return p < 64 && Board&(1<<p) != 0 }

// Label returns p's label, such as "d4".
func (p Point) Label() string {
	if !p.Valid() {
		return "?"
	}
	return labels[p]
}

func (p Point) String() string { return p.Label() }

// ParsePoint reads a label such as "d4" or "D4".
func ParsePoint(s string) (Point, bool) {
	if len(s) != 2 {
		return NoPoint, false
	}
	row := int(lower(s[0])) - 'a'
	j := int(s[1]) - '0'
	if row < 0 || row > 6 || j < 1 || j > 7 {
		return NoPoint, false
	}
	r := row - 3
	q := max(-3, -3-r) + j - 1
	return PointAt(Coord{q, r})
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func init() {
	n := 0
	for row := 0; row < 7; row++ {
		r := row - 3
		first := max(-3, -3-r)
		for q := first; q <= 3 && -q-r >= -3; q++ {
			p, ok := PointAt(Coord{q, r})
			if !ok {
				panic("hex: bad board table")
			}
			Board |= 1 << p
			labels[p] = string(rune('a'+row)) + string(rune('1'+q-first))
			Points[n] = p
			n++
		}
	}
	if n != NumPoints {
		panic("hex: board does not have 37 points")
	}
	Centre, _ = PointAt(Coord{0, 0})
	for p := range Step {
		for d := range Step[p] {
			Step[p][d] = NoPoint
		}
	}
	for _, p := range Points {
		for d := Dir(0); d < 6; d++ {
			c := p.Coord()
			first := true
			for {
				c = c.Add(Dirs[d])
				q, ok := PointAt(c)
				if !ok {
					break
				}
				if first {
					Step[p][d] = q
					Neighbours[p] |= 1 << q
					first = false
				}
				Ray[p][d] |= 1 << q
			}
		}
	}
}

// Has reports whether p is in s.
func (s Set) Has(p Point) bool { return s&(1<<p) != 0 }

// Count is the number of points in s.
func (s Set) Count() int { return bits.OnesCount64(uint64(s)) }

// First returns the lowest point of s; s must not be empty.
func (s Set) First() Point { return Point(bits.TrailingZeros64(uint64(s))) }

// Last returns the highest point of s; s must not be empty.
func (s Set) Last() Point { return Point(63 - bits.LeadingZeros64(uint64(s))) }

// Of returns the set holding the given points.
func Of(ps ...Point) Set {
	var s Set
	for _, p := range ps {
		s |= 1 << p
	}
	return s
}

// Dilate returns s together with every point adjacent to a point of s.
func (s Set) Dilate() Set {
	return (s | s<<1 | s>>1 | s<<8 | s>>8 | s<<7 | s>>7) & Board
}

// Spread returns the points adjacent to some point of s (s itself included).
func (s Set) Spread() Set { return s.Dilate() }

// Component returns the connected part of s that holds seed (which must be in s).
func (s Set) Component(seed Point) Set {
	x := Set(1) << seed
	for {
		y := x.Dilate() & s
		if y == x {
			return x
		}
		x = y
	}
}

// Connected reports whether the points of s form one connected group (true for the
// empty set).
func (s Set) Connected() bool {
	if s == 0 {
		return true
	}
	return s.Component(s.First()) == s
}

// FirstOnRay returns the first point of occ beyond p in direction d, or NoPoint.
// Directions E, NE and NW step to higher bit indices, the others to lower ones.
func FirstOnRay(occ Set, p Point, d Dir) Point {
	b := occ & Ray[p][d]
	if b == 0 {
		return NoPoint
	}
	if d <= NW {
		return b.First()
	}
	return b.Last()
}

// RingMask returns the 6-bit mask of the directions d in which p's neighbour is in s.
func RingMask(s Set, p Point) uint8 {
	var m uint8
	for d := 0; d < 6; d++ {
		if q := Step[p][d]; q != NoPoint && s.Has(q) {
			m |= 1 << d
		}
	}
	return m
}

// String lists the labels of s in label order.
func (s Set) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for _, p := range Points {
		if s.Has(p) {
			if b.Len() > 1 {
				b.WriteByte(' ')
			}
			b.WriteString(p.Label())
		}
	}
	b.WriteByte('}')
	return b.String()
}
