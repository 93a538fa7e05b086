package hex

import (
	"testing"
)

// The labels of RULES.md §1, row by row from the top, as they appear on the board.
var boardRows = [][]string{
	{"g1", "g2", "g3", "g4"},
	{"f1", "f2", "f3", "f4", "f5"},
	{"e1", "e2", "e3", "e4", "e5", "e6"},
	{"d1", "d2", "d3", "d4", "d5", "d6", "d7"},
	{"c1", "c2", "c3", "c4", "c5", "c6"},
	{"b1", "b2", "b3", "b4", "b5"},
	{"a1", "a2", "a3", "a4"},
}

func TestLabelsAndCoordinates(t *testing.T) {
	want := map[string]Coord{
		"d4": {0, 0}, "a1": {0, -3}, "a4": {3, -3}, "d1": {-3, 0},
		"d7": {3, 0}, "g1": {-3, 3}, "g4": {0, 3},
	}
	for label, c := range want {
		p, ok := ParsePoint(label)
		if !ok || p.Coord() != c || p.Label() != label {
			t.Errorf("%s: got %v %v %q, want %v", label, p, ok, p.Label(), c)
		}
	}
	if Centre.Label() != "d4" {
		t.Errorf("centre is %s", Centre.Label())
	}
	// Each row: same R, Q increasing by one from the left.
	n := 0
	for i, row := range boardRows {
		for j, label := range row {
			p, ok := ParsePoint(label)
			if !ok {
				t.Fatalf("%s does not parse", label)
			}
			c := p.Coord()
			if c.R != 3-i {
				t.Errorf("%s: r = %d, want %d", label, c.R, 3-i)
			}
			if j > 0 {
				prev, _ := ParsePoint(row[j-1])
				if Step[prev][E] != p {
					t.Errorf("%s is not east of %s", label, row[j-1])
				}
			}
			n++
		}
	}
	if n != NumPoints || Board.Count() != NumPoints {
		t.Errorf("%d labels, %d points on the board", n, Board.Count())
	}
	for i := 1; i < len(Points); i++ {
		if Points[i-1].Label() >= Points[i].Label() {
			t.Errorf("Points not in label order at %d", i)
		}
	}
}

func TestParsePointRejects(t *testing.T) {
	for _, s := range []string{"", "d", "d0", "d8", "a5", "g5", "h1", "44", "d44", " d4", "dd"} {
		if p, ok := ParsePoint(s); ok {
			t.Errorf("ParsePoint(%q) = %v, want failure", s, p)
		}
	}
	if p, ok := ParsePoint("D4"); !ok || p != Centre {
		t.Errorf("upper case D4 not accepted")
	}
}

func TestNeighbours(t *testing.T) {
	counts := map[int]int{}
	for _, p := range Points {
		n := Neighbours[p]
		counts[n.Count()]++
		for _, q := range Points {
			adj := Distance(p.Coord(), q.Coord()) == 1
			if n.Has(q) != adj {
				t.Errorf("%s-%s adjacency %v, distance says %v", p, q, n.Has(q), adj)
			}
		}
		if Of(p).Dilate() != n|Of(p) {
			t.Errorf("Dilate(%s) = %v, want %v", p, Of(p).Dilate(), n|Of(p))
		}
	}
	// 6 corners with 3 neighbours, 12 edge points with 4, 19 inner points with 6.
	if counts[3] != 6 || counts[4] != 12 || counts[6] != 19 {
		t.Errorf("neighbour counts %v", counts)
	}
}

func TestRays(t *testing.T) {
	a1, _ := ParsePoint("a1")
	g1, _ := ParsePoint("g1")
	d1, _ := ParsePoint("d1")
	d7, _ := ParsePoint("d7")
	// From d1 eastward the ray crosses d2…d7.
	if got := Ray[d1][E]; got.Count() != 6 || !got.Has(d7) || !got.Has(Centre) {
		t.Errorf("ray d1 east = %v", got)
	}
	// The west edge: a1 to d1 runs north-west, d1 to g1 north-east.
	if !Ray[a1][NW].Has(d1) || !Ray[d1][NE].Has(g1) || Ray[a1][NE].Has(g1) {
		t.Errorf("west edge rays wrong: %v %v", Ray[a1][NW], Ray[d1][NE])
	}
	// The first blocker is the nearest piece, whichever way the bits run.
	d2, _ := ParsePoint("d2")
	d6, _ := ParsePoint("d6")
	occ := Of(d2, d6, d7, d1)
	if got := FirstOnRay(occ, Centre, W); got != d2 {
		t.Errorf("first west of d4 = %v, want d2", got)
	}
	if got := FirstOnRay(occ, Centre, E); got != d6 {
		t.Errorf("first east of d4 = %v, want d6", got)
	}
	if got := FirstOnRay(occ, Centre, NE); got != NoPoint {
		t.Errorf("first NE of d4 on empty ray = %v", got)
	}
	for _, p := range Points {
		for d := Dir(0); d < 6; d++ {
			if (Ray[p][d] == 0) != (Step[p][d] == NoPoint) {
				t.Errorf("%s dir %d: ray and step disagree", p, d)
			}
			if Ray[p][d]&Ray[p][d.Opposite()] != 0 {
				t.Errorf("%s: opposite rays overlap", p)
			}
		}
	}
}

func TestConnected(t *testing.T) {
	pts := func(labels ...string) Set {
		var s Set
		for _, l := range labels {
			p, ok := ParsePoint(l)
			if !ok {
				t.Fatalf("bad label %s", l)
			}
			s |= Of(p)
		}
		return s
	}
	cases := []struct {
		s    Set
		want bool
	}{
		{0, true},
		{pts("d4"), true},
		{pts("d4", "d5"), true},
		{pts("d4", "d6"), false},
		{pts("a1", "b1", "c1", "d1", "e1", "f1", "g1"), true},
		{pts("d1", "d7"), false},      // the row wraps in bits, not on the board
		{pts("c6", "d1"), false},      // neighbours in bit index only
		{pts("a4", "b5", "c6"), true}, // the east edge
	}
	for _, c := range cases {
		if got := c.s.Connected(); got != c.want {
			t.Errorf("Connected(%v) = %v, want %v", c.s, got, c.want)
		}
	}
}

func TestArcs(t *testing.T) {
	cases := map[uint8]uint8{
		0:        0,
		0b000001: 1,
		0b000011: 1,
		0b100001: 1, // wraps around the ring
		0b000101: 2,
		0b010101: 3,
		0b111111: 1,
		0b011011: 2,
		0b110110: 2,
	}
	for m, want := range cases {
		if Arcs[m] != want {
			t.Errorf("Arcs[%06b] = %d, want %d", m, Arcs[m], want)
		}
	}
}

func TestDirections(t *testing.T) {
	for d := Dir(0); d < 6; d++ {
		next := Dirs[(d+1)%6]
		if Distance(Dirs[d], next) != 1 {
			t.Errorf("directions %d and %d are not ring neighbours", d, d+1)
		}
		o := Dirs[d.Opposite()]
		if Dirs[d].Q+o.Q != 0 || Dirs[d].R+o.R != 0 {
			t.Errorf("direction %d: opposite wrong", d)
		}
	}
}

func BenchmarkConnected(b *testing.B) {
	b.ReportAllocs()
	s := Board &^ Of(Centre)
	for b.Loop() {
		if !s.Connected() {
			b.Fatal("board minus centre not connected")
		}
	}
}

// TestBitDiagram pins the bit indices drawn in Point's doc comment.
func TestBitDiagram(t *testing.T) {
	rows := map[string][]Point{
		"g": {48, 49, 50, 51}, "f": {40, 41, 42, 43, 44}, "e": {32, 33, 34, 35, 36, 37},
		"d": {24, 25, 26, 27, 28, 29, 30}, "c": {17, 18, 19, 20, 21, 22},
		"b": {10, 11, 12, 13, 14}, "a": {3, 4, 5, 6},
	}
	for row, pts := range rows {
		for j, want := range pts {
			label := row + string(rune('1'+j))
			if p, ok := ParsePoint(label); !ok || p != want {
				t.Errorf("%s is bit %d, diagram says %d", label, p, want)
			}
		}
	}
}
