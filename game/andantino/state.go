package andantino

import (
	"math/bits"

	"trihex/game"
	"trihex/game/hex"
)

// State is an Andantino position. The unbounded surface is a dense square grid of
// cell bytes with a movable origin: cell (q, r) is grid[(r+offR)<<shift | (q+offQ)],
// so a grid row is a row of constant r and the six neighbours are the index steps
// E +1, NE +w, NW +w−1, W −1, SW −w, SE −w+1 (w = 1<<shift):
//
//	r+1      NW    NE
//	r     W    q,r    E
//	r−1      SW    SE
//
// Before a tile comes within `margin` cells of the edge the grid is re-centred on the
// tiles or doubled, so no legal game indexes outside it; its memory grows with the
// square of the tiles' spread (only the continuation variant can spread them out).
type State struct {
	once, cont bool
	shift      uint
	offQ, offR int
	dir        [6]int32 // index step of each direction, ring order (hex.E …)
	grid       []byte
	lines      *lineBoards       // own memory per state, copied by CopyFrom
	legal      []int32           // empty cells with ≥2 tile neighbours, any order
	tiles      [totalTiles]int32 // grid index of every tile on the surface
	nTiles     int
	left       [2]int // tiles in hand
	toMove     game.Player
	ply        int
	onceUsed   bool   // Red has placed its one single-contact tile
	inCont     bool   // all 50 tiles are down and continuation is on
	bbox       [2]box // per side, a superset of its tiles' hull
	hash       uint64
	stale      bool    // hash not kept up to date (random playouts); Hash recomputes it
	counts     windows // the evaluation's window count, kept by placements (eval.go)
	res        game.Result
	win        winInfo
	history    []uint64 // hashes since continuation began, for repetition

	visited []uint16 // flood scratch, not copied: stamped by generation
	queue   []int32  // flood scratch, not copied
	gen     uint16
	moveBuf []game.Move // playout scratch, not copied
}

// winInfo remembers where the game was won, for WinningCells.
type winInfo struct {
	kind   uint8 // 0 none, 1 line, 2 trap, 3 suicide
	q, r   int   // the new tile (line) or a cell of the region (trap, suicide)
	d      int   // line direction
	player game.Player
}

const (
	winNone = iota
	winLine
	winTrap
	winSuicide
)

// New returns the start position: White on (0,0), Red on (1,0), 24 tiles each in
// hand, White to move.
func New(once, cont bool) *State {
	s := empty(once, cont)
	s.addTile(s.index(0, 0), 1)
	s.addTile(s.index(1, 0), 2)
	s.left = [2]int{24, 24}
	return s
}

// empty returns a state without tiles on the starting grid.
func empty(once, cont bool) *State {
	s := &State{once: once, cont: cont, legal: make([]int32, 0, legalCap), lines: new(lineBoards)}
	s.setGeometry(startShift, 1<<(startShift-1), 1<<(startShift-1))
	s.grid = make([]byte, 1<<(2*startShift))
	s.bbox = [2]box{emptyBox(), emptyBox()}
	s.res = game.Ongoing
	s.counts.ok = s.linesOK()
	return s
}

// lineBoards are bitboards of each side's tiles on a 64-wide grid, one word per row,
// per column and per anti-diagonal, so that the line-of-five test of a new tile is
// three loads. They exist while the grid is 64 wide (always, short of a long
// continuation game); otherwise the test reads the grid.
type lineBoards struct {
	row, col [2][64]uint64  // row[p][y] bit x; col[p][x] bit y
	diag     [2][128]uint64 // diag[p][x+y] bit x
}

func (b *lineBoards) set(p int, x, y int32) {
	b.row[p][y&63] |= 1 << (x & 63)
	b.col[p][x&63] |= 1 << (y & 63)
	b.diag[p][(x+y)&127] |= 1 << (x & 63)
}

func (b *lineBoards) unset(p int, x, y int32) {
	b.row[p][y&63] &^= 1 << (x & 63)
	b.col[p][x&63] &^= 1 << (y & 63)
	b.diag[p][(x+y)&127] &^= 1 << (x & 63)
}

// open reports whether cell (x, y) has a ray free of p's tiles in one of the six
// directions: then it reaches infinity without crossing them.
func (b *lineBoards) open(p game.Player, x, y int32) bool {
	row, col, diag := b.row[p][y&63], b.col[p][x&63], b.diag[p][(x+y)&127]
	below := func(k int32) uint64 { return uint64(1)<<(k&63) - 1 }
	above := func(w uint64, k int32) uint64 { return w >> (k & 63) >> 1 }
	return min(row&below(x), above(row, x), col&below(y), above(col, y), diag&below(x), above(diag, x)) == 0
}

// around returns p's tiles in the nine cells centred on (x, y) along each axis
// (row, column, anti-diagonal), bit 4 being (x, y) itself.
func (b *lineBoards) around(p int, x, y int32) [3]uint32 {
	return [3]uint32{
		uint32(b.row[p][y&63]>>((x-4)&63)) & 0x1ff,
		uint32(b.col[p][x&63]>>((y-4)&63)) & 0x1ff,
		uint32(b.diag[p][(x+y)&127]>>((x-4)&63)) & 0x1ff,
	}
}

// linesOK reports whether the bitboards are kept (the grid is 64 wide).
func (s *State) linesOK() bool { return s.shift == 6 }

func (s *State) setGeometry(shift uint, offQ, offR int) {
	s.shift, s.offQ, s.offR = shift, offQ, offR
	w := int32(1) << shift
	s.dir = [6]int32{1, w, w - 1, -1, -w, -w + 1}
}

// index returns the grid index of (q, r), which must be inside the grid.
func (s *State) index(q, r int) int32 {
	return int32((r+s.offR)<<s.shift | (q + s.offQ))
}

// inGrid reports whether (q, r) is inside the grid, away from its edge.
func (s *State) inGrid(q, r int) bool {
	w := 1 << s.shift
	x, y := q+s.offQ, r+s.offR
	return x >= margin && x < w-margin && y >= margin && y < w-margin
}

// coord returns the absolute coordinate of grid index i.
func (s *State) coord(i int32) (q, r int) {
	return int(i)&(1<<s.shift-1) - s.offQ, int(i)>>s.shift - s.offR
}

// addTile puts a tile of colour c on empty cell i: counts, legal list, hash, hull
// and tile list; no rule checks. i must already be off the legal list.
func (s *State) addTile(i int32, c byte) (mask uint8) {
	g := s.grid
	l := s.legal
	n := len(l)
	l = l[:n+6] // capacity holds every empty cell next to 50 tiles, plus 6
	// Branch-free: where a cell turns into an empty cell with two tiles next to it
	// is unpredictable, so write it to the list and advance the length by the test.
	for d, step := range s.dir {
		x := i + step
		v := g[x] + countUnit
		g[x] = v
		l[n] = x
		n += b2i(v&^holeMask == 2*countUnit)
		mask |= uint8(b2i(v&colourMask == c)) << d
	}
	s.legal = l[:n]
	g[i] = g[i]&countMask | c
	q, r := s.coord(i)
	if !s.stale {
		s.hash ^= tileKey(q, r, c)
	}
	s.bbox[c-1].add(q, r)
	if s.linesOK() {
		if s.counts.ok {
			s.countTile(i, int(c-1))
		}
		s.lines.set(int(c-1), i&63, i>>6)
	}
	s.tiles[s.nTiles] = i
	s.nTiles++
	return mask
}

func b2i(b bool) int {
	var x int
	if b {
		x = 1
	}
	return x
}

// addTile64 is addTile for the 64-wide grid (every placement game): constant
// neighbour steps, fixed-size arrays without bounds checks, the loop unrolled.
func (s *State) addTile64(i int32, c byte) (mask uint8) {
	g := (*[1 << 12]byte)(s.grid)
	l := (*[legalCap]int32)(s.legal[:legalCap])
	n := len(s.legal)
	i &= 1<<12 - 1
	bump := func(x int32, d uint) {
		x &= 1<<12 - 1
		v := g[x] + countUnit
		g[x] = v
		l[n&(legalCap-1)] = x
		n += b2i(v&^holeMask == 2*countUnit)
		mask |= uint8(b2i(v&colourMask == c)) << d
	}
	bump(i+1, 0)
	bump(i+64, 1)
	bump(i+63, 2)
	bump(i-1, 3)
	bump(i-64, 4)
	bump(i-63, 5)
	s.legal = s.legal[:n]
	g[i] = g[i]&countMask | c
	x, y := i&63, i>>6
	q, r := int(x)-s.offQ, int(y)-s.offR
	if !s.stale {
		s.hash ^= tileKey(q, r, c)
	}
	s.bbox[c-1].add(q, r)
	if s.counts.ok {
		s.countTile(i, int(c-1))
	}
	s.lines.set(int(c-1), x, y)
	s.tiles[s.nTiles%totalTiles] = i
	s.nTiles++
	return mask
}

// removeTile takes the tile off cell i (continuation): the reverse of addTile.
func (s *State) removeTile(i int32) {
	g := s.grid
	c := g[i] & colourMask
	g[i] &^= colourMask
	s.counts.ok = false // continuation: nothing assesses it
	if s.linesOK() {
		s.lines.unset(int(c-1), i&63, i>>6)
	}
	for d := 0; d < 6; d++ {
		n := i + s.dir[d]
		v := g[n] - countUnit
		g[n] = v
		if v&colourMask == 0 && v&countMask == countUnit {
			s.dropLegal(n)
		}
	}
	if g[i]&countMask >= 2*countUnit {
		s.legal = append(s.legal, i)
	}
	q, r := s.coord(i)
	s.hash ^= tileKey(q, r, c)
	for k := 0; k < s.nTiles; k++ {
		if s.tiles[k] == i {
			s.nTiles--
			s.tiles[k] = s.tiles[s.nTiles]
			break
		}
	}
}

// dropLegal removes cell i from the legal list if it is there.
func (s *State) dropLegal(i int32) {
	l := s.legal
	for k := len(l) - 1; k >= 0; k-- {
		if l[k] == i {
			l[k] = l[len(l)-1]
			s.legal = l[:len(l)-1]
			return
		}
	}
}

// place is a placement (or the placing half of a relocation) of the side to move on
// empty cell i, already off the legal list, with the win checks of RULES.md §4 in
// their order, then the turn passes.
func (s *State) place(i int32) {
	p := s.toMove
	c := byte(p) + 1
	g := s.grid
	v := g[i]
	suicide := v&(holeBit<<(1-p)) != 0
	if s.once && p == game.Second && !s.onceUsed && !s.inCont && v&countMask == countUnit {
		s.onceUsed = true
		s.hash ^= onceKey
	}
	var mask uint8
	if s.shift == 6 {
		mask = s.addTile64(i, c)
	} else {
		mask = s.addTile(i, c)
	}
	entered := false
	if !s.inCont {
		s.left[p]--
	}
	switch {
	case s.lineAt(i, c, mask):
	case hex.Arcs[mask] >= 2 && s.enclosure(i, c, mask, false):
	case suicide:
		q, r := s.coord(i)
		s.res = game.Result{Over: true, Winner: 1 - p, Reason: ReasonSuicide}
		s.win = winInfo{kind: winSuicide, q: q, r: r, player: 1 - p}
	case s.nTiles == totalTiles && !s.inCont:
		if s.cont {
			s.inCont = true
			entered = true
		} else {
			s.res = game.Result{Over: true, Winner: game.NoPlayer, Reason: ReasonFifty}
		}
	}
	s.ply++
	s.toMove = 1 - p
	s.hash ^= sideKey
	if entered {
		// The first position of the continuation counts towards repetition.
		s.rehash()
		s.history = append(s.history[:0], s.hash)
	}
}

// lineAt reports (and records) a line of five or more of colour c through cell i;
// mask holds the directions of i's neighbours of colour c. Branch-free, because
// where a run stops is unpredictable: each axis reads a window of ±4 cells into a
// 9-bit mask (bit 4 is i) and the three masks are tested together for five set bits
// in a row, which must include bit 4. Tiles keep `margin` (4) cells from the grid's
// edge, so the windows stay inside the grid.
func (s *State) lineAt(i int32, c byte, mask uint8) bool {
	var all uint32
	if s.linesOK() {
		w := s.lines.around(int(c-1), i&63, i>>6)
		all = w[0] | w[1]<<10 | w[2]<<20
	} else {
		all = s.lineWindows(i, c, mask)
	}
	if all&(all>>1)&(all>>2)&(all>>3)&(all>>4) == 0 {
		return false
	}
	q, r := s.coord(i)
	a := 0
	for x := all; x&(x>>1)&(x>>2)&(x>>3)&(x>>4)&0x3ff == 0; x >>= 10 {
		a++
	}
	s.res = game.Result{Over: true, Winner: game.Player(c - 1), Reason: ReasonLine}
	s.win = winInfo{kind: winLine, q: q, r: r, d: a, player: game.Player(c - 1)}
	return true
}

// lineWindows reads the three 9-cell windows of lineAt from the grid.
func (s *State) lineWindows(i int32, c byte, mask uint8) uint32 {
	g := s.grid
	own := func(j int32) uint32 { return uint32(b2i(g[j]&colourMask == c)) }
	var all uint32
	for a := 0; a < 3; a++ {
		d := s.dir[a]
		bits := own(i-4*d) | own(i-3*d)<<1 | own(i-2*d)<<2 | uint32(mask>>(a+3)&1)<<3 | 1<<4 |
			uint32(mask>>a&1)<<5 | own(i+2*d)<<6 | own(i+3*d)<<7 | own(i+4*d)<<8
		all |= bits << (10 * a)
	}
	return all
}

// enclosure floods each region of non-c cells next to the new tile at i (one seed per
// arc of non-c neighbours) and reports a trap. A region is closed when its fill never
// leaves the hull of the tiles that can enclose it; closed regions without an
// opponent tile become holes of c. With several closed regions, a gap-free trap
// names the result ("trap") before a trap with a gap. A probe only reports: it
// marks no holes and leaves the result alone.
func (s *State) enclosure(i int32, c byte, mask uint8, probe bool) bool {
	p := game.Player(c - 1)
	// A cell escapes when one of its six rays is free of c tiles: exact and three
	// loads with the line boards; otherwise, when it lies outside a hull of the c
	// tiles that could wall it in.
	fast := s.linesOK()
	lb := s.lines
	var b box
	if fast {
		b = box{minQ: -1 << 40, maxQ: 1 << 40, minR: -1 << 40, maxR: 1 << 40, minT: -1 << 40, maxT: 1 << 40}
	} else if s.inCont {
		b = s.componentBox(i, c)
	} else {
		b = s.bbox[p]
	}
	minX, maxX := b.minQ+s.offQ, b.maxQ+s.offQ
	minY, maxY := b.minR+s.offR, b.maxR+s.offR
	minZ, maxZ := b.minT+s.offQ+s.offR, b.maxT+s.offQ+s.offR
	s.nextGen()
	if s.gen > 1<<16-8 {
		clear(s.visited)
		s.gen = 1
	}
	// Each arc's fill has its own stamp above base: meeting an earlier fill's stamp
	// means meeting a region that escaped (a closed one would have reached this
	// arc's start, which is then skipped).
	base := s.gen
	g, vis, queue := s.grid, s.visited, s.queue
	sh, m := s.shift, int32(1)<<s.shift-1
	found, foundGap := false, false
	var seed, seedGap int32
	for starts := arcStarts[mask]; starts != 0; starts &= starts - 1 {
		start := i + s.dir[bits.TrailingZeros8(starts)]
		if vis[start] > base || fast && lb.open(p, start&63, start>>6) {
			continue // same region as an earlier arc, or plainly open
		}
		s.gen++
		gen := s.gen
		vis[start] = gen
		queue[0] = start
		// Depth first: a fill that heads straight for the hull's edge leaves an
		// open region sooner than a breadth-first one.
		top := 1
		opp, empty, escaped := 0, 0, false
	fill:
		for top > 0 {
			top--
			x := queue[top]
			cx, cy := int(x&m), int(x>>sh)
			if fast && lb.open(p, x&63, x>>6) ||
				cx < minX || cx > maxX || cy < minY || cy > maxY || cx+cy < minZ || cx+cy > maxZ {
				escaped = true
				break
			}
			if g[x]&colourMask == 0 {
				empty++
			} else {
				opp++
			}
			for _, dd := range s.dir {
				y := x + dd
				if g[y]&colourMask == c {
					continue
				}
				if v := vis[y]; v != gen {
					if v > base {
						escaped = true
						break fill
					}
					vis[y] = gen
					queue[top] = y
					top++
				}
			}
		}
		switch {
		case escaped:
		case opp > 0 && empty == 0:
			found, seed = true, start
		case opp > 0:
			foundGap, seedGap = true, start
		case !probe:
			s.markHole(start, c)
		}
		if probe && (found || foundGap) {
			return true
		}
	}
	reason := ReasonTrap
	if !found {
		if !foundGap {
			return false
		}
		reason, seed = ReasonTrapGap, seedGap
	}
	q, r := s.coord(seed)
	s.res = game.Result{Over: true, Winner: p, Reason: reason}
	s.win = winInfo{kind: winTrap, q: q, r: r, player: p}
	return true
}

// closesTrap reports whether a tile of colour c on empty cell i would close a
// trap; mask holds the directions of i's neighbours of colour c. The tile goes on
// the grid and line boards only for the fill. It needs linesOK.
func (s *State) closesTrap(i int32, c byte, mask uint8) bool {
	g := s.grid
	v := g[i]
	g[i] = v | c
	s.lines.set(int(c-1), i&63, i>>6)
	t := s.enclosure(i, c, mask, true)
	s.lines.unset(int(c-1), i&63, i>>6)
	g[i] = v
	return t
}

// markHole marks the closed region of empty cells holding start as a hole of c.
// Its cells carry the current fill's stamp; the marking pass restamps them.
func (s *State) markHole(start int32, c byte) {
	g, vis, queue := s.grid, s.visited, s.queue
	s.gen++
	gen := s.gen
	hb := byte(holeBit) << (c - 1)
	vis[start] = gen
	queue[0] = start
	for head, tail := 0, 1; head < tail; head++ {
		x := queue[head]
		g[x] |= hb
		for _, d := range s.dir {
			if y := x + d; vis[y] != gen && g[y]&colourMask != c {
				vis[y] = gen
				queue[tail] = y
				tail++
			}
		}
	}
}

func (s *State) nextGen() {
	if len(s.visited) != len(s.grid) {
		s.visited = make([]uint16, len(s.grid))
		s.queue = make([]int32, len(s.grid))
		s.gen = 0
	}
	s.gen++
	if s.gen == 0 {
		clear(s.visited)
		s.gen = 1
	}
}

// componentBox returns the hull of the connected group of c tiles holding cell i.
// A region closed by the new tile at i is walled by a connected loop through i
// (the outer boundary of a bounded region of the hex grid is connected), so it lies
// inside this hull even when other groups have wandered far away.
func (s *State) componentBox(i int32, c byte) box {
	s.nextGen()
	g, vis, queue, gen := s.grid, s.visited, s.queue, s.gen
	b := emptyBox()
	vis[i] = gen
	queue[0] = i
	head, tail := 0, 1
	for head < tail {
		x := queue[head]
		head++
		q, r := s.coord(x)
		b.add(q, r)
		for _, d := range s.dir {
			y := x + d
			if vis[y] != gen && g[y]&colourMask == c {
				vis[y] = gen
				queue[tail] = y
				tail++
			}
		}
	}
	return b
}

// relocate is a continuation move: pick up the mover's tile at src, place it on dst.
func (s *State) relocate(sq, sr, dq, dr int) {
	s.ensureRoom(dq, dr)
	src, dst := s.index(sq, sr), s.index(dq, dr)
	p := s.toMove
	s.removeTile(src)
	s.dropLegal(dst)
	s.place(dst)
	s.recomputeHoles(p)
	s.recomputeBoxes()
	s.history = append(s.history, s.hash)
	if !s.res.Over {
		n := 0
		for _, h := range s.history {
			if h == s.hash {
				n++
			}
		}
		if n >= 3 {
			s.res = game.Result{Over: true, Winner: game.NoPlayer, Reason: ReasonRepetition}
		}
	}
}

// placeAt is a placement on (q, r).
func (s *State) placeAt(q, r int) {
	s.ensureRoom(q, r)
	i := s.index(q, r)
	s.dropLegal(i)
	s.place(i)
}

// ensureRoom re-centres or grows the grid so that (q, r) is away from its edge.
func (s *State) ensureRoom(q, r int) {
	if s.inGrid(q, r) {
		return
	}
	b := emptyBox()
	b.add(q, r)
	for k := 0; k < s.nTiles; k++ {
		b.add(s.coord(s.tiles[k]))
	}
	span := max(b.maxQ-b.minQ, b.maxR-b.minR) + 1 + 2*slack
	shift := uint(startShift)
	for 1<<shift < span {
		shift++
	}
	w := 1 << shift
	offQ := w/2 - (b.minQ+b.maxQ)/2
	offR := w/2 - (b.minR+b.maxR)/2
	old := s.grid
	oldShift, oldQ, oldR := s.shift, s.offQ, s.offR
	grid := make([]byte, w*w)
	for i, v := range old {
		if v != 0 {
			q := i&(1<<oldShift-1) - oldQ
			r := i>>oldShift - oldR
			grid[(r+offR)<<shift|(q+offQ)] = v
		}
	}
	remap := func(i int32) int32 {
		q := int(i)&(1<<oldShift-1) - oldQ
		r := int(i)>>oldShift - oldR
		return int32((r+offR)<<shift | (q + offQ))
	}
	for k := range s.legal {
		s.legal[k] = remap(s.legal[k])
	}
	for k := 0; k < s.nTiles; k++ {
		s.tiles[k] = remap(s.tiles[k])
	}
	s.grid = grid
	s.setGeometry(shift, offQ, offR)
	s.visited, s.queue = nil, nil
	if s.linesOK() {
		*s.lines = lineBoards{}
		for k := 0; k < s.nTiles; k++ {
			t := s.tiles[k]
			s.lines.set(int(grid[t]&colourMask-1), t&63, t>>6)
		}
	}
	switch {
	case !s.linesOK():
		s.counts.ok = false // counted from the line boards, which are gone
	case s.counts.ok:
		s.counts = s.countWindows() // the five cells' indices moved
	}
}

// recomputeHoles finds p's holes from scratch (continuation: a tile picked up can
// open a hole or leave an enclosed cell). For each group of p's tiles, the non-p
// cells of its hull that the fill from just outside the hull cannot reach are
// enclosed; every enclosed region lies inside the hull of its walls.
func (s *State) recomputeHoles(p game.Player) {
	g := s.grid
	hb := byte(holeBit << p)
	c := byte(p) + 1
	for i := range g {
		g[i] &^= hb
	}
	var seen [totalTiles]bool
	for k := 0; k < s.nTiles; k++ {
		t := s.tiles[k]
		if g[t]&colourMask != c || seen[k] {
			continue
		}
		b := s.componentBox(t, c)
		// Mark the tiles of this group as seen so each group is filled once.
		for j := k; j < s.nTiles; j++ {
			if s.visited[s.tiles[j]] == s.gen {
				seen[j] = true
			}
		}
		s.fillOutside(b, c, hb)
	}
}

// fillOutside floods the non-c cells of hull b grown by one from the cells outside
// b, then marks every empty cell of b the fill missed with hole bit hb.
func (s *State) fillOutside(b box, c, hb byte) {
	s.nextGen()
	g, vis, queue, gen := s.grid, s.visited, s.queue, s.gen
	in := func(q, r int, grow int) bool {
		return q >= b.minQ-grow && q <= b.maxQ+grow && r >= b.minR-grow && r <= b.maxR+grow &&
			q+r >= b.minT-grow && q+r <= b.maxT+grow
	}
	tail := 0
	for r := b.minR - 1; r <= b.maxR+1; r++ {
		for q := b.minQ - 1; q <= b.maxQ+1; q++ {
			if in(q, r, 1) && !in(q, r, 0) {
				i := s.index(q, r)
				if g[i]&colourMask != c {
					vis[i] = gen
					queue[tail] = i
					tail++
				}
			}
		}
	}
	for head := 0; head < tail; head++ {
		x := queue[head]
		for _, d := range s.dir {
			y := x + d
			if vis[y] == gen || g[y]&colourMask == c {
				continue
			}
			if q, r := s.coord(y); in(q, r, 1) {
				vis[y] = gen
				queue[tail] = y
				tail++
			}
		}
	}
	for r := b.minR; r <= b.maxR; r++ {
		for q := b.minQ; q <= b.maxQ; q++ {
			if in(q, r, 0) {
				i := s.index(q, r)
				if vis[i] != gen && g[i]&colourMask == 0 {
					g[i] |= hb
				}
			}
		}
	}
}

// recomputeBoxes shrinks the hulls to the tiles after a relocation.
func (s *State) recomputeBoxes() {
	s.bbox = [2]box{emptyBox(), emptyBox()}
	for k := 0; k < s.nTiles; k++ {
		t := s.tiles[k]
		q, r := s.coord(t)
		s.bbox[s.grid[t]&colourMask-1].add(q, r)
	}
}

// rehash recomputes a stale hash from the tiles.
func (s *State) rehash() {
	if !s.stale {
		return
	}
	s.stale = false
	s.hash = 0
	if s.toMove == game.Second {
		s.hash = sideKey
	}
	if s.onceUsed {
		s.hash ^= onceKey
	}
	for k := 0; k < s.nTiles; k++ {
		t := s.tiles[k]
		q, r := s.coord(t)
		s.hash ^= tileKey(q, r, s.grid[t]&colourMask)
	}
}

// arcStarts[mask] has bit d set when direction d starts an arc of cells not in
// mask, going round the ring: d is not in mask and the direction before it is.
var arcStarts [64]uint8

func init() {
	for m := 0; m < 64; m++ {
		for d := 0; d < 6; d++ {
			if m&(1<<d) == 0 && m&(1<<((d+5)%6)) != 0 {
				arcStarts[m] |= 1 << d
			}
		}
	}
}

// Zobrist keys, derived from absolute coordinates by a mixing function so that the
// surface needs no key table.
func tileKey(q, r int, c byte) uint64 {
	return mix(uint64(uint32(q)) | uint64(uint32(r))<<32 + uint64(c)*0x9e3779b97f4a7c15)
}

func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

var (
	sideKey = mix(0x1234567)
	onceKey = mix(0x7654321)
)
