package andantino

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// Move encoding: A holds the target (q, r) as two int32 halves; B is 1 for a
// placement, or for a relocation the source packed the same way and xored with
// relocFlag. Coordinates never reach math.MinInt32 (ParseMove refuses it), so B is
// never 0 or 1 for a relocation and no move is the zero Move.
const relocFlag = 1<<63 | 1<<31

func pack(q, r int) uint64 { return uint64(uint32(int32(q))) | uint64(uint32(int32(r)))<<32 }

func unpack(x uint64) (q, r int) { return int(int32(uint32(x))), int(int32(uint32(x >> 32))) }

// PlaceMove is the placement of a tile on (q, r).
func PlaceMove(q, r int) game.Move { return game.Move{A: pack(q, r), B: 1} }

// RelocateMove is the continuation move of the tile on (fq, fr) to (tq, tr).
func RelocateMove(fq, fr, tq, tr int) game.Move {
	return game.Move{A: pack(tq, tr), B: pack(fq, fr) ^ relocFlag}
}

// decode splits m into its target and, for a relocation, its source.
func decode(m game.Move) (tq, tr, fq, fr int, reloc bool) {
	tq, tr = unpack(m.A)
	if m.B == 1 {
		return tq, tr, 0, 0, false
	}
	fq, fr = unpack(m.B ^ relocFlag)
	return tq, tr, fq, fr, true
}

// Info describes the game.
func (s *State) Info() *game.Info { return Info }

// Options are the rules options in effect.
func (s *State) Options() game.Options {
	adj, cont := "strict", "off"
	if s.once {
		adj = "once"
	}
	if s.cont {
		cont = "on"
	}
	return game.Options{{Key: "adjacency", Value: adj}, {Key: "continuation", Value: cont}}
}

// ToMove is the side to move.
func (s *State) ToMove() game.Player { return s.toMove }

// Ply is the number of moves played.
func (s *State) Ply() int { return s.ply }

// Result reports whether the game is over and how.
func (s *State) Result() game.Result { return s.res }

// Hash is the Zobrist hash of tiles, side to move and the used single-contact turn.
func (s *State) Hash() uint64 {
	s.rehash()
	return s.hash
}

// onceOpen reports whether the side to move may place on a single-contact cell now.
func (s *State) onceOpen() bool {
	return s.once && s.toMove == game.Second && !s.onceUsed && !s.inCont
}

// LegalMoves appends the legal moves to dst.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	if s.res.Over {
		return dst
	}
	g := s.grid
	if !s.inCont {
		for _, i := range s.legal {
			q, r := s.coord(i)
			dst = append(dst, PlaceMove(q, r))
		}
		if s.onceOpen() {
			// A single-contact cell touches exactly one tile, so it is met once here.
			for k := 0; k < s.nTiles; k++ {
				for _, d := range s.dir {
					n := s.tiles[k] + d
					if g[n]&colourMask == 0 && g[n]&countMask == countUnit {
						q, r := s.coord(n)
						dst = append(dst, PlaceMove(q, r))
					}
				}
			}
		}
		return dst
	}
	c := byte(s.toMove) + 1
	for k := 0; k < s.nTiles; k++ {
		t := s.tiles[k]
		if g[t]&colourMask != c {
			continue
		}
		fq, fr := s.coord(t)
		for _, x := range s.legal {
			// Without the picked-up tile a cell it touches loses one neighbour.
			if g[x]&countMask == 2*countUnit && s.adjacent(t, x) {
				continue
			}
			tq, tr := s.coord(x)
			dst = append(dst, RelocateMove(fq, fr, tq, tr))
		}
	}
	return dst
}

func (s *State) adjacent(a, b int32) bool {
	d := b - a
	for _, x := range s.dir {
		if d == x {
			return true
		}
	}
	return false
}

// cell returns the grid index of (q, r), if it is inside the grid.
func (s *State) cell(q, r int) (int32, bool) {
	w := 1 << s.shift
	x, y := q+s.offQ, r+s.offR
	if x < 0 || x >= w || y < 0 || y >= w {
		return 0, false
	}
	return int32(y<<s.shift | x), true
}

// IsLegal reports whether m is legal here.
func (s *State) IsLegal(m game.Move) bool { return s.whyIllegal(m) == "" }

// whyIllegal says why m is not legal, or "" when it is.
func (s *State) whyIllegal(m game.Move) string {
	if s.res.Over {
		return "the game is over"
	}
	if m.B == 0 {
		return "not a move"
	}
	tq, tr, fq, fr, reloc := decode(m)
	g := s.grid
	if reloc != s.inCont {
		if reloc {
			return "tiles are moved only once all 50 are down (continuation variant)"
		}
		return "all tiles are down: move one of yours (from-to)"
	}
	t, ok := s.cell(tq, tr)
	if !ok || g[t]&countMask == 0 {
		return fmt.Sprintf("%d,%d touches no tile", tq, tr)
	}
	if g[t]&colourMask != 0 {
		return fmt.Sprintf("%d,%d is occupied", tq, tr)
	}
	n := int(g[t]&countMask) / countUnit
	if reloc {
		f, ok := s.cell(fq, fr)
		if !ok || g[f]&colourMask != byte(s.toMove)+1 {
			return fmt.Sprintf("no tile of yours on %d,%d", fq, fr)
		}
		if s.adjacent(f, t) {
			n--
		}
	}
	if n >= 2 || n == 1 && s.onceOpen() {
		return ""
	}
	if n == 1 && s.once && s.toMove == game.Second && !s.inCont {
		return fmt.Sprintf("%d,%d touches only one tile and Red has used its single contact", tq, tr)
	}
	return fmt.Sprintf("%d,%d touches fewer than two tiles", tq, tr)
}

// Play checks m and applies it.
func (s *State) Play(m game.Move) error {
	if why := s.whyIllegal(m); why != "" {
		return fmt.Errorf("andantino: %w %q: %s", game.ErrIllegal, s.FormatMove(m), why)
	}
	s.Apply(m)
	return nil
}

// Apply applies the legal move m.
func (s *State) Apply(m game.Move) {
	tq, tr, fq, fr, reloc := decode(m)
	if reloc {
		s.relocate(fq, fr, tq, tr)
	} else {
		s.placeAt(tq, tr)
	}
}

// MoveCells implements game.MoveDescriber: [c] for a placement, [from, to] for a
// relocation.
func (s *State) MoveCells(dst []hex.Coord, m game.Move) ([]hex.Coord, game.MoveKind) {
	if m.B == 0 {
		return dst, game.MovePass
	}
	tq, tr, fq, fr, reloc := decode(m)
	if reloc {
		return append(dst, hex.Coord{Q: fq, R: fr}, hex.Coord{Q: tq, R: tr}), game.MoveStep
	}
	return append(dst, hex.Coord{Q: tq, R: tr}), game.MovePlace
}

// FormatMove spells m: "q,r" or "q,r-q,r" (from-to).
func (s *State) FormatMove(m game.Move) string { return FormatMove(m) }

// FormatMove spells m without needing a position.
func FormatMove(m game.Move) string {
	if m.B == 0 {
		return "?"
	}
	tq, tr, fq, fr, reloc := decode(m)
	b := make([]byte, 0, 24)
	if reloc {
		b = strconv.AppendInt(b, int64(fq), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(fr), 10)
		b = append(b, '-')
	}
	b = strconv.AppendInt(b, int64(tq), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(tr), 10)
	return string(b)
}

// ParseMove reads "q,r" or "q,r-q,r".
func (s *State) ParseMove(txt string) (game.Move, error) { return ParseMove(txt) }

var errSpelling = errors.New("want q,r to place or q,r-q,r to move a tile, e.g. -1,2 or 0,0-2,-1")

// ParseMove reads a move without needing a position.
func ParseMove(txt string) (game.Move, error) {
	t := strings.TrimSpace(txt)
	q, r, rest, ok := parseCell(t)
	if ok && rest == "" {
		return PlaceMove(q, r), nil
	}
	if ok && rest[0] == '-' {
		tq, tr, rest, ok := parseCell(rest[1:])
		if ok && rest == "" {
			return RelocateMove(q, r, tq, tr), nil
		}
	}
	return game.Move{}, fmt.Errorf("andantino: bad move %q: %w", txt, errSpelling)
}

func parseCell(t string) (q, r int, rest string, ok bool) {
	q, t, ok = parseInt(t)
	if !ok || t == "" || t[0] != ',' {
		return 0, 0, "", false
	}
	r, t, ok = parseInt(t[1:])
	return q, r, t, ok
}

// parseInt reads one canonical integer (no "+", "-0" or leading zeros, so each
// number has one spelling) within ±(2³¹−1).
func parseInt(t string) (int, string, bool) {
	neg := false
	if t != "" && t[0] == '-' {
		neg, t = true, t[1:]
	}
	n := 0
	for n < len(t) && '0' <= t[n] && t[n] <= '9' {
		n++
	}
	if n == 0 || n > 10 || t[0] == '0' && (n > 1 || neg) {
		return 0, "", false
	}
	v, err := strconv.ParseInt(t[:n], 10, 64)
	if err != nil || v > math.MaxInt32 {
		return 0, "", false
	}
	if neg {
		v = -v
	}
	return int(v), t[n:], true
}

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := &State{}
	c.CopyFrom(s)
	return c
}

// CopyFrom makes s a copy of src (a *State), reusing s's memory.
func (s *State) CopyFrom(src game.State) {
	o := src.(*State)
	grid, legal, hist, lines := s.grid, s.legal, s.history, s.lines
	vis, queue, gen, buf := s.visited, s.queue, s.gen, s.moveBuf
	same := len(grid) == len(o.grid) && s.shift == o.shift && s.offQ == o.offQ && s.offR == o.offR
	u := s.bbox[0]
	u.union(s.bbox[1])
	*s = *o
	if lines == nil {
		lines = new(lineBoards)
	}
	if same {
		// Only the rows, columns and diagonals of the tiles' hull (grown by one for
		// the neighbour counts) hold anything: copy those that either position uses.
		u.union(o.bbox[0])
		u.union(o.bbox[1])
		lo, hi := u.minR-1+o.offR, u.maxR+2+o.offR
		copy(grid[lo<<o.shift:hi<<o.shift], o.grid[lo<<o.shift:hi<<o.shift])
		if o.linesOK() {
			for p := 0; p < 2; p++ {
				copy(lines.row[p][lo:hi], o.lines.row[p][lo:hi])
				x0, x1 := u.minQ+o.offQ, u.maxQ+1+o.offQ
				copy(lines.col[p][x0:x1], o.lines.col[p][x0:x1])
				t0, t1 := u.minT+o.offQ+o.offR, u.maxT+1+o.offQ+o.offR
				copy(lines.diag[p][t0:t1], o.lines.diag[p][t0:t1])
			}
		}
	} else {
		grid = append(grid[:0], o.grid...)
		*lines = *o.lines
	}
	if cap(legal) < legalCap {
		legal = make([]int32, 0, legalCap)
	}
	s.grid, s.lines = grid, lines
	s.legal = append(legal[:0], o.legal...)
	s.history = append(hist[:0], o.history...)
	if len(vis) != len(grid) {
		vis, queue, gen = nil, nil, 0
	}
	s.visited, s.queue, s.gen, s.moveBuf = vis, queue, gen, buf
}

// RandomPlayout plays uniformly random legal moves to the end. Placements without
// the adjacency variant take the tight loop: a random entry of the legal-cell list.
func (s *State) RandomPlayout(rnd *game.Rand) game.Result {
	if !s.once && !s.inCont {
		// Nothing reads the hash while tiles are placed from hand: let it go stale
		// until asked. Entering the continuation phase rehashes, since repetition
		// needs the true hash from then on.
		s.stale = true
		s.counts.ok = false // nor the window count
		m := int32(1)<<s.shift - 1
		lo, hi := int32(margin), int32(1)<<s.shift-margin
		for !s.res.Over && !s.inCont {
			l := s.legal
			k := rnd.Intn(len(l))
			i := l[k]
			l[k] = l[len(l)-1]
			s.legal = l[:len(l)-1]
			if x, y := i&m, i>>s.shift; x < lo || x >= hi || y < lo || y >= hi {
				q, r := s.coord(i)
				s.ensureRoom(q, r)
				i = s.index(q, r)
				m, hi = int32(1)<<s.shift-1, int32(1)<<s.shift-margin
			}
			s.place(i)
		}
	}
	for !s.res.Over {
		s.moveBuf = s.LegalMoves(s.moveBuf[:0])
		s.Apply(s.moveBuf[rnd.Intn(len(s.moveBuf))])
	}
	return s.res
}

// Tile is a tile on the surface.
type Tile struct {
	At    hex.Coord
	Owner game.Player
}

// Tiles lists the tiles on the surface, by row (r) then q.
func (s *State) Tiles() []Tile {
	out := make([]Tile, 0, s.nTiles)
	for k := 0; k < s.nTiles; k++ {
		t := s.tiles[k]
		q, r := s.coord(t)
		out = append(out, Tile{hex.Coord{Q: q, R: r}, game.Player(s.grid[t]&colourMask - 1)})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].At, out[j].At
		return a.R < b.R || a.R == b.R && a.Q < b.Q
	})
	return out
}

// At returns the owner of the tile on c, or NoPlayer.
func (s *State) At(c hex.Coord) game.Player {
	i, ok := s.cell(c.Q, c.R)
	if !ok || s.grid[i]&colourMask == 0 {
		return game.NoPlayer
	}
	return game.Player(s.grid[i]&colourMask - 1)
}

// PlacedBy returns the owner of the tile now on the target cell of the placement m,
// or NoPlayer (also for a relocation). After a playout it says whether m's cell was
// taken later and by whom: the all-moves-as-first statistics of the search read it.
func (s *State) PlacedBy(m game.Move) game.Player {
	if m.B != 1 {
		return game.NoPlayer
	}
	i, ok := s.cell(unpack(m.A))
	if !ok {
		return game.NoPlayer
	}
	return game.Player(s.grid[i]&colourMask) - 1
}

// TilesLeft is the number of tiles pl still has in hand.
func (s *State) TilesLeft(pl game.Player) int {
	if pl != game.First && pl != game.Second {
		return 0
	}
	return s.left[pl]
}

// InContinuation reports whether all tiles are down and tiles are being moved.
func (s *State) InContinuation() bool { return s.inCont }

// Bounds returns the least and greatest q and r of the tiles.
func (s *State) Bounds() (lo, hi hex.Coord) {
	b := emptyBox()
	for k := 0; k < s.nTiles; k++ {
		b.add(s.coord(s.tiles[k]))
	}
	return hex.Coord{Q: b.minQ, R: b.minR}, hex.Coord{Q: b.maxQ, R: b.maxR}
}

// IsSuicide reports whether c is an empty cell enclosed by the opponent of the side
// to move: a tile played there loses at once.
func (s *State) IsSuicide(c hex.Coord) bool {
	i, ok := s.cell(c.Q, c.R)
	return ok && s.grid[i]&colourMask == 0 && s.grid[i]&(holeBit<<(1-s.toMove)) != 0
}

// SuicideCells lists the cells the side to move could play on that are suicide.
func (s *State) SuicideCells() []hex.Coord {
	var out []hex.Coord
	seen := map[hex.Coord]bool{}
	for _, m := range s.LegalMoves(nil) {
		q, r := unpack(m.A)
		c := hex.Coord{Q: q, R: r}
		if !seen[c] && s.IsSuicide(c) {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// WinningCells returns the cells to highlight when the game has been won: the line,
// or the enclosed region (trapped tiles and gaps, or the suicide tile's region).
func (s *State) WinningCells() []hex.Coord {
	w := s.win
	switch w.kind {
	case winLine:
		c := byte(w.player) + 1
		d := hex.Dirs[w.d]
		q, r := w.q, w.r
		for s.At(hex.Coord{Q: q - d.Q, R: r - d.R}) == w.player {
			q, r = q-d.Q, r-d.R
		}
		var out []hex.Coord
		for i, ok := s.cell(q, r); ok && s.grid[i]&colourMask == c; i, ok = s.cell(q, r) {
			out = append(out, hex.Coord{Q: q, R: r})
			q, r = q+d.Q, r+d.R
		}
		return out
	case winTrap, winSuicide:
		return s.region(w.q, w.r, byte(w.player)+1)
	}
	return nil
}

// EnclosureCells returns, once a game has been won by enclosing (a trap, or a
// suicide into the winner's closed region), the winner's tiles that close the
// region WinningCells lists: the wall that caused it. Otherwise none.
func (s *State) EnclosureCells() []hex.Coord {
	w := s.win
	if w.kind != winTrap && w.kind != winSuicide {
		return nil
	}
	c := byte(w.player) + 1
	seen := map[hex.Coord]bool{}
	var out []hex.Coord
	for _, in := range s.region(w.q, w.r, c) {
		for _, d := range hex.Dirs {
			n := in.Add(d)
			if i, ok := s.cell(n.Q, n.R); ok && !seen[n] && s.grid[i]&colourMask == c {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}

// region returns the cells not of colour c connected to (q, r); it must be enclosed.
func (s *State) region(q, r int, c byte) []hex.Coord {
	start := hex.Coord{Q: q, R: r}
	seen := map[hex.Coord]bool{start: true}
	out := []hex.Coord{start}
	for k := 0; k < len(out); k++ {
		for _, d := range hex.Dirs {
			n := out[k].Add(d)
			i, ok := s.cell(n.Q, n.R)
			if !ok || seen[n] || s.grid[i]&colourMask == c {
				continue
			}
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}

// String draws the position: W and R tiles, '.' for empty cells touching two tiles,
// rows from the top, each cell at column 2q+r.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s to move, ply %d, in hand W %d R %d", Info.Players[s.toMove], s.ply, s.left[0], s.left[1])
	if s.res.Over {
		fmt.Fprintf(&b, ", %s", Info.DescribeResult(s.res))
	}
	b.WriteByte('\n')
	lo, hi := s.Bounds()
	lo.Q, lo.R, hi.Q, hi.R = lo.Q-1, lo.R-1, hi.Q+1, hi.R+1
	minCol := 2*lo.Q + hi.R
	for r := hi.R; r >= lo.R; r-- {
		line := []byte(fmt.Sprintf("%4d ", r))
		for q := lo.Q - (hi.R - lo.R); q <= hi.Q+(hi.R-lo.R); q++ {
			col := 2*q + r - minCol
			if col < 0 {
				continue
			}
			ch := byte(0)
			if i, ok := s.cell(q, r); ok {
				switch v := s.grid[i]; {
				case v&colourMask == 1:
					ch = 'W'
				case v&colourMask == 2:
					ch = 'R'
				case v&countMask >= 2*countUnit:
					ch = '.'
				}
			}
			if ch == 0 {
				continue
			}
			for len(line) < 5+col {
				line = append(line, ' ')
			}
			line = append(line, ch)
		}
		b.WriteString(strings.TrimRight(string(line), " "))
		b.WriteByte('\n')
	}
	return b.String()
}
