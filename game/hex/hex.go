// Package hex holds the geometry shared by the three games: axial coordinates on a
// triangular lattice of points (or, equivalently, a grid of hexagonal cells), the six
// directions, and the 37-point hexagonal board of Abande and Attangle with its labels,
// neighbour and ray tables and 64-bit point sets.
package hex

// Coord is an axial coordinate: Q grows to the east along a row, R grows upward by
// row. The screen position of (Q, R) at unit spacing is x = √3·(Q + R/2), y = −1.5·R
// with y growing downward.
type Coord struct{ Q, R int }

// Add returns c + d.
func (c Coord) Add(d Coord) Coord { return Coord{c.Q + d.Q, c.R + d.R} }

// S is the third cube coordinate, −Q−R.
func (c Coord) S() int { return -c.Q - c.R }

// Distance is the number of steps between a and b.
func Distance(a, b Coord) int {
	dq, dr, ds := a.Q-b.Q, a.R-b.R, a.S()-b.S()
	return (abs(dq) + abs(dr) + abs(ds)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Dir is one of the six directions, numbered counter-clockwise starting east, so that
// directions i and i+1 (mod 6) point at neighbours that are adjacent to each other,
// and i+3 is the opposite of i.
type Dir uint8

// The six directions in ring order.
const (
	E Dir = iota
	NE
	NW
	W
	SW
	SE
)

// Dirs holds the unit step of each direction.
var Dirs = [6]Coord{
	E:  {1, 0},
	NE: {0, 1},
	NW: {-1, 1},
	W:  {-1, 0},
	SW: {0, -1},
	SE: {1, -1},
}

// Opposite returns the direction pointing the other way.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }

// Arcs[m] is the number of separate runs of set bits in the 6-bit ring mask m (bit i
// set when the neighbour in direction i is "in"), counted around the ring. Removing a
// point (or adding one) changes how its neighbours are connected only when its "in"
// neighbours form two or more arcs: consecutive ring neighbours touch each other.
var Arcs [64]uint8

func init() {
	for m := 0; m < 64; m++ {
		n := 0
		for i := 0; i < 6; i++ {
			cur := m>>i&1 == 1
			next := m>>((i+1)%6)&1 == 1
			if cur && !next {
				n++
			}
		}
		if m == 63 {
			n = 1
		}
		Arcs[m] = uint8(n)
	}
}
