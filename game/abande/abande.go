// Package abande implements Abande (RULES.md §2): two players enter pieces onto the
// 37-point hexagon and capture by moving whole stacks onto adjacent enemy stacks,
// keeping all pieces in one connected band; awake stacks score their height.
package abande

import (
	"fmt"
	"math/bits"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// Black moves first.
const (
	Black = game.First
	White = game.Second
)

// PiecesPerSide is each player's supply of pieces.
const PiecesPerSide = 18

// info is registered by init and returned by every state.
var info = &game.Info{
	Name:        "Abande",
	Players:     [2]string{"Black", "White"},
	Description: "Enter and stack pieces in one connected band; awake stacks score their height.",
	Options:     nil,
	New:         func(game.Options) game.State { return New() },
	Order:       1,
	Board:       game.Board{Kind: game.Hexagon},
	Passes:      true,
}

func init() { game.Register(info) }

// Info returns the game's description (the one registered).
func Info() *game.Info { return info }

var _ game.State = (*State)(nil)
var _ game.Scorer = (*State)(nil)
var _ game.MoveDescriber = (*State)(nil)
var _ game.WinBounder = (*State)(nil)

// State is an Abande position. Pieces sit on the 37 points of hex.Board:
//
//	row g            g1  g2  g3  g4
//	row f          f1  f2  f3  f4  f5
//	row e        e1  e2  e3  e4  e5  e6
//	row d      d1  d2  d3  d4  d5  d6  d7
//	row c        c1  c2  c3  c4  c5  c6
//	row b          b1  b2  b3  b4  b5
//	row a            a1  a2  a3  a4
//
// The board is kept twice: as bit sets (occupied points, the stacks each side
// controls, stacks of height ≥2 and of height 3) for the bit-parallel move generator,
// and as one code byte per point for the layers. A code is 1<<height | colours, where
// colour bit i is the piece at layer i counted from the bottom (0 Black, 1 White); 0
// is an empty point. Heights and owners follow from the code, merging two stacks is
// a shift and an or, and the code indexes the Zobrist table.
type State struct {
	occ    hex.Set    // points holding a stack
	own    [2]hex.Set // stacks each side controls (top piece)
	tall   hex.Set    // stacks of height ≥ 2
	triple hex.Set    // stacks of height 3
	code   [64]uint8  // per point: 1<<height | layer colours, 0 when empty
	hand   [2]int8    // pieces not yet entered
	toMove game.Player
	passes uint8 // passes in succession just played: 0, 1, or 2 (game over)
	ply    int
	hash   uint64
}

// New returns the start position: an empty board, 18 pieces in each hand, Black to
// move.
func New() *State {
	s := &State{hand: [2]int8{PiecesPerSide, PiecesPerSide}, toMove: Black}
	s.hash = s.computeHash()
	return s
}

// Move encoding: A = kind<<16 | from<<8 | to, B = 0. Every kind is non-zero, so the
// zero Move is never legal.
const (
	kindEnter = 1
	kindMove  = 2
	kindPass  = 3
)

// Enter returns the move that enters a piece on p.
func Enter(p hex.Point) game.Move { return game.Move{A: kindEnter<<16 | uint64(p)} }

// MoveStack returns the move of the stack on from onto the stack on to.
func MoveStack(from, to hex.Point) game.Move {
	return game.Move{A: kindMove<<16 | uint64(from)<<8 | uint64(to)}
}

// Pass is the pass move.
var Pass = game.Move{A: kindPass << 16}

// decode splits m; ok is false for anything that is not a well-formed Abande move
// (so that Play and IsLegal never trust a foreign Move).
func decode(m game.Move) (kind int, from, to hex.Point, ok bool) {
	if m.B != 0 || m.A>>18 != 0 {
		return 0, 0, 0, false
	}
	kind = int(m.A >> 16)
	from, to = hex.Point(m.A>>8), hex.Point(m.A)
	switch kind {
	case kindEnter:
		ok = from == 0 && to.Valid()
	case kindMove:
		ok = from.Valid() && hex.Neighbours[from].Has(to)
	case kindPass:
		ok = from == 0 && to == 0
	}
	return kind, from, to, ok
}

// ---- accessors ----

// Info implements game.State.
func (s *State) Info() *game.Info { return info }

// Options implements game.State: Abande has none.
func (s *State) Options() game.Options { return game.Options{} }

// ToMove implements game.State.
func (s *State) ToMove() game.Player { return s.toMove }

// Ply implements game.State.
func (s *State) Ply() int { return s.ply }

// Hash implements game.State.
func (s *State) Hash() uint64 { return s.hash }

// Occupied returns the points that hold a stack.
func (s *State) Occupied() hex.Set { return s.occ }

// Controlled returns the points whose stacks pl controls.
func (s *State) Controlled(pl game.Player) hex.Set { return s.own[pl&1] }

// Hand returns how many pieces pl has not yet entered.
func (s *State) Hand(pl game.Player) int {
	if pl != Black && pl != White {
		return 0
	}
	return int(s.hand[pl])
}

// Stack returns the height of the stack on p (0 when empty or p is not a point) and
// its layers from the bottom up; layers above the height are NoPlayer.
func (s *State) Stack(p hex.Point) (height int, layers [3]game.Player) {
	layers = [3]game.Player{game.NoPlayer, game.NoPlayer, game.NoPlayer}
	if !p.Valid() {
		return 0, layers
	}
	c := s.code[p]
	if c == 0 {
		return 0, layers
	}
	height = codeHeight(c)
	for i := 0; i < height; i++ {
		layers[i] = game.Player(c >> i & 1)
	}
	return height, layers
}

// Owner returns who controls the stack on p, or NoPlayer for an empty point.
func (s *State) Owner(p hex.Point) game.Player {
	switch {
	case !p.Valid() || !s.occ.Has(p):
		return game.NoPlayer
	case s.own[Black].Has(p):
		return Black
	default:
		return White
	}
}

// Awake reports whether p holds a stack next to a stack the opponent controls (only
// awake stacks score).
func (s *State) Awake(p hex.Point) bool {
	pl := s.Owner(p)
	return pl != game.NoPlayer && hex.Neighbours[p]&s.own[pl^1] != 0
}

// Score returns each side's score as if the game ended now: the heights of the awake
// stacks it controls (RULES.md §2, Scoring).
func (s *State) Score() [2]int {
	var sc [2]int
	for pl := 0; pl < 2; pl++ {
		// Awake: controlled by pl and adjacent to a stack of the opponent; buried
		// pieces play no part (the Decision), so only the owner sets are used.
		awake := s.own[pl] & s.own[pl^1].Dilate()
		sc[pl] = awake.Count() + (awake & s.tall).Count() + (awake & s.triple).Count()
	}
	return sc
}

// Result implements game.State.
func (s *State) Result() game.Result {
	if s.passes < 2 {
		return game.Ongoing
	}
	sc := s.Score()
	r := game.Result{Over: true, Winner: game.NoPlayer, Reason: "two passes"}
	switch {
	case sc[Black] > sc[White]:
		r.Winner = Black
	case sc[White] > sc[Black]:
		r.Winner = White
	}
	return r
}

// ---- move generation ----

func codeHeight(c uint8) int { return bits.Len8(c) - 1 }

// ringMask is hex.RingMask without the table walk: occ holds board points only, and
// the padded layout puts a non-point (always empty) wherever a step leaves the board.
// Shifts by a wrapped-around negative amount give 0 in Go, as they should.
func ringMask(occ hex.Set, p hex.Point) uint8 {
	o, q := uint64(occ), uint(p)
	return uint8(o>>(q+1)&1 | o>>(q+8)&1<<1 | o>>(q+7)&1<<2 |
		o>>(q-1)&1<<3 | o>>(q-8)&1<<4 | o>>(q-7)&1<<5)
}

// entries returns the points where the side to move may enter a piece (ignoring
// whether it has one).
func (s *State) entries() hex.Set {
	if s.occ == 0 {
		return hex.Board
	}
	return s.occ.Dilate() &^ s.occ
}

// movesAllowed reports whether the opening restriction is over: Black has entered
// two pieces (from ply 4 on).
func (s *State) movesAllowed() bool { return s.hand[Black] <= PiecesPerSide-2 }

// keepsBand reports whether lifting the stack on p leaves the band connected (the
// band is connected before). Cheap gate first: if p's occupied neighbours form one
// arc they stay joined through each other, so p is no cut point.
func (s *State) keepsBand(p hex.Point) bool {
	if hex.Arcs[ringMask(s.occ, p)] <= 1 {
		return true
	}
	return (s.occ &^ (1 << p)).Connected()
}

// multiArc returns the points whose occupied neighbours form two or more arcs of
// their ring (the bit-parallel form of hex.Arcs[ringMask] >= 2): it counts, for all
// points at once, the ring positions where an occupied neighbour is followed by an
// empty one, and keeps the points where that happens at least twice.
func (s *State) multiArc() hex.Set {
	o := s.occ
	// n[d]: points whose neighbour in direction d is occupied.
	n := [6]hex.Set{o >> 1, o >> 8, o >> 7, o << 1, o << 8, o << 7}
	var ones, twos hex.Set
	for d := 0; d < 6; d++ {
		end := n[d] &^ n[(d+1)%6]
		twos |= ones & end
		ones |= end
	}
	return twos & hex.Board
}

// moveSets returns, per direction d, the stacks of the side to move that may move one
// step in direction d: onto an enemy stack, combined height ≤ 3, band kept. The
// opening restriction is the caller's business.
func (s *State) moveSets(dirs *[6]hex.Set) (movable hex.Set) {
	me, opp := s.own[s.toMove], s.own[s.toMove^1]
	single := me &^ s.tall
	double := me & s.tall &^ s.triple
	enemy1 := opp &^ s.tall            // a single may be climbed by anything but a triple
	enemy2 := opp & s.tall &^ s.triple // a double only by a single
	// src[d]: stacks whose neighbour in direction d is a fitting target (steps E +1,
	// NE +8, NW +7, W −1, SW −8, SE −7; sources are board points, so whatever a
	// shift wraps onto is dropped by the and).
	e12 := enemy1 | enemy2
	src := [6]hex.Set{
		single&(e12>>1) | double&(enemy1>>1),
		single&(e12>>8) | double&(enemy1>>8),
		single&(e12>>7) | double&(enemy1>>7),
		single&(e12<<1) | double&(enemy1<<1),
		single&(e12<<8) | double&(enemy1<<8),
		single&(e12<<7) | double&(enemy1<<7),
	}
	movable = src[0] | src[1] | src[2] | src[3] | src[4] | src[5]
	// Keep only sources whose lifting keeps the band whole. Cheap gate first, for
	// all points at once: a point whose occupied neighbours form one arc of its ring
	// is no cut point, as they stay joined through each other.
	for x := movable & s.multiArc(); x != 0; x &= x - 1 {
		p := x.First()
		if !(s.occ &^ (1 << p)).Connected() {
			movable &^= 1 << p
		}
	}
	for d := 0; d < 6; d++ {
		dirs[d] = src[d] & movable
	}
	return movable
}

// LegalMoves implements game.State: entries in point order, then moves by direction,
// then the pass.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	if s.passes >= 2 {
		return dst
	}
	me := s.toMove
	if s.hand[me] > 0 {
		for x := s.entries(); x != 0; x &= x - 1 {
			dst = append(dst, Enter(x.First()))
		}
	}
	if s.movesAllowed() {
		var dirs [6]hex.Set
		s.moveSets(&dirs)
		for d := 0; d < 6; d++ {
			for x := dirs[d]; x != 0; x &= x - 1 {
				p := x.First()
				dst = append(dst, MoveStack(p, hex.Step[p][d]))
			}
		}
	}
	if s.hand[me] == 0 {
		dst = append(dst, Pass)
	}
	return dst
}

// IsLegal implements game.State.
func (s *State) IsLegal(m game.Move) bool { return s.illegal(m) == "" }

// illegal says why m is not legal here, or "" when it is.
func (s *State) illegal(m game.Move) string {
	kind, from, to, ok := decode(m)
	if !ok {
		return "not an Abande move"
	}
	if s.passes >= 2 {
		return "the game is over"
	}
	me, opp := s.toMove, s.toMove^1
	switch kind {
	case kindEnter:
		switch {
		case s.hand[me] == 0:
			return "no pieces left in hand"
		case s.occ.Has(to):
			return to.Label() + " is occupied"
		case s.occ != 0 && hex.Neighbours[to]&s.occ == 0:
			return to.Label() + " does not touch the band"
		}
	case kindMove:
		hf, ht := codeHeight(s.code[from]), codeHeight(s.code[to])
		switch {
		case !s.movesAllowed():
			return "no moves before Black has entered two pieces"
		case !s.own[me].Has(from):
			return "no stack of yours on " + from.Label()
		case !s.own[opp].Has(to):
			return "no opponent stack on " + to.Label()
		case hf+ht > 3:
			return fmt.Sprintf("the stacks would be %d high (at most 3)", hf+ht)
		case !s.keepsBand(from):
			return "moving " + from.Label() + " splits the band"
		}
	case kindPass:
		if s.hand[me] > 0 {
			return "pass only with no pieces in hand"
		}
	}
	return ""
}

// Play implements game.State.
func (s *State) Play(m game.Move) error {
	if why := s.illegal(m); why != "" {
		return fmt.Errorf("abande: %w %q: %s", game.ErrIllegal, s.FormatMove(m), why)
	}
	s.Apply(m)
	return nil
}

// Apply implements game.State; m must be legal.
func (s *State) Apply(m game.Move) {
	a := m.A
	switch a >> 16 {
	case kindEnter:
		s.enter(hex.Point(a))
	case kindMove:
		s.move(hex.Point(a>>8), hex.Point(a))
	default:
		s.pass()
	}
}

func (s *State) enter(p hex.Point) {
	me := s.toMove
	c := uint8(2) | uint8(me)
	bit := hex.Set(1) << p
	s.occ |= bit
	s.own[me] |= bit
	s.code[p] = c
	s.hand[me]--
	s.hash ^= zobrist[p][c]
	s.endTurn()
}

func (s *State) move(from, to hex.Point) {
	me := s.toMove
	cf, ct := s.code[from], s.code[to]
	hf, ht := codeHeight(cf), codeHeight(ct)
	h := hf + ht
	// The mover's layers go on top of the target's.
	c := uint8(1)<<h | ct&(1<<ht-1) | (cf&(1<<hf-1))<<ht
	fb, tb := hex.Set(1)<<from, hex.Set(1)<<to
	s.occ &^= fb
	s.own[me] = s.own[me]&^fb | tb
	s.own[me^1] &^= tb
	s.tall = s.tall&^fb | tb
	s.triple &^= fb
	if h == 3 {
		s.triple |= tb
	}
	s.code[from], s.code[to] = 0, c
	s.hash ^= zobrist[from][cf] ^ zobrist[to][ct] ^ zobrist[to][c]
	s.endTurn()
}

func (s *State) pass() {
	s.passes++
	s.hash ^= passKey[s.passes-1] ^ passKey[s.passes]
	s.toMove ^= 1
	s.ply++
	s.hash ^= sideKey
}

func (s *State) endTurn() {
	if s.passes != 0 {
		s.hash ^= passKey[s.passes]
		s.passes = 0
	}
	s.toMove ^= 1
	s.ply++
	s.hash ^= sideKey
}

// ---- playouts ----

// RandomPlayout implements game.State. It draws uniformly among all legal moves
// without building a move list: it counts entries, moves (per direction set) and
// the pass, picks an index, and finds the move it names.
func (s *State) RandomPlayout(r *game.Rand) game.Result {
	var dirs [6]hex.Set
	for s.passes < 2 {
		me := s.toMove
		var ent hex.Set
		if s.hand[me] > 0 {
			ent = s.entries()
		}
		n := ent.Count()
		nm := 0
		if s.movesAllowed() {
			if s.moveSets(&dirs) != 0 {
				for d := 0; d < 6; d++ {
					nm += dirs[d].Count()
				}
			}
		}
		total := n + nm
		if s.hand[me] == 0 {
			total++
		}
		k := r.Intn(total)
		switch {
		case k < n:
			s.enter(nth(ent, k))
		case k < n+nm:
			k -= n
			for d := 0; d < 6; d++ {
				if c := dirs[d].Count(); k >= c {
					k -= c
					continue
				}
				p := nth(dirs[d], k)
				s.move(p, hex.Step[p][d])
				break
			}
		default:
			s.pass()
		}
	}
	return s.Result()
}

// nth returns the k-th lowest point of x (k < x.Count()).
func nth(x hex.Set, k int) hex.Point {
	for ; k > 0; k-- {
		x &= x - 1
	}
	return x.First()
}

// ---- copying ----

// Clone implements game.State.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom implements game.State; src must be an *abande.State.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// ---- hashing ----

var (
	zobrist [64][16]uint64
	sideKey uint64
	passKey [3]uint64 // passKey[0] is 0 so that "no pass" costs nothing
)

func init() {
	r := game.NewRand(0xab4d3)
	for _, p := range hex.Points {
		for c := 2; c < 16; c++ {
			zobrist[p][c] = r.Uint64()
		}
	}
	sideKey = r.Uint64()
	passKey[1], passKey[2] = r.Uint64(), r.Uint64()
}

// computeHash recomputes the hash from scratch (the incremental one must agree).
// Hands need no key: they follow from the pieces on the board.
func (s *State) computeHash() uint64 {
	var h uint64
	for x := s.occ; x != 0; x &= x - 1 {
		p := x.First()
		h ^= zobrist[p][s.code[p]]
	}
	if s.toMove == White {
		h ^= sideKey
	}
	return h ^ passKey[s.passes]
}

// ---- notation ----

// MoveCells implements game.MoveDescriber: [to] for an entry, [from, to] for a
// capture (the stack moves onto the enemy stack), none for a pass.
func (s *State) MoveCells(dst []hex.Coord, m game.Move) ([]hex.Coord, game.MoveKind) {
	kind, from, to, ok := decode(m)
	switch {
	case !ok:
		return dst, game.MovePass
	case kind == kindEnter:
		return append(dst, to.Coord()), game.MovePlace
	case kind == kindMove:
		return append(dst, from.Coord(), to.Coord()), game.MoveCapture
	}
	return dst, game.MovePass
}

// CannotWinWithin implements game.WinBounder: the game ends only after both
// sides pass, which needs an empty hand, and a move enters at most one piece,
// so while either hand holds n or more pieces nobody wins within n moves.
func (s *State) CannotWinWithin(pl game.Player, n int) bool {
	return s.Hand(pl) > n-1 || s.Hand(pl.Other()) > n-1
}

// FormatMove implements game.State: "c3", "c3-d4" or "pass".
func (s *State) FormatMove(m game.Move) string {
	kind, from, to, ok := decode(m)
	if !ok {
		return fmt.Sprintf("?%x:%x", m.A, m.B)
	}
	switch kind {
	case kindEnter:
		return to.Label()
	case kindMove:
		return from.Label() + "-" + to.Label()
	}
	return "pass"
}

// ParseMove implements game.State. It accepts either case and spaces anywhere (as
// Abstract Play does: "C3 - D4" is c3-d4), and rejects a step between points that
// are not adjacent.
func (s *State) ParseMove(text string) (game.Move, error) { return ParseMove(text) }

// ParseMove reads a move in RULES.md notation; see State.ParseMove.
func ParseMove(text string) (game.Move, error) {
	t := strings.ToLower(strings.Join(strings.Fields(text), ""))
	bad := func(why string) (game.Move, error) {
		return game.Move{}, fmt.Errorf("abande: bad move %q: %s", text, why)
	}
	if t == "pass" {
		return Pass, nil
	}
	a, b, isStep := strings.Cut(t, "-")
	from, ok := hex.ParsePoint(a)
	if !ok {
		return bad(fmt.Sprintf("%q is not a point (a1 … g4), a step like c3-d4, or pass", a))
	}
	if !isStep {
		return Enter(from), nil
	}
	to, ok := hex.ParsePoint(b)
	if !ok {
		return bad(fmt.Sprintf("%q is not a point (a1 … g4)", b))
	}
	if !hex.Neighbours[from].Has(to) {
		return bad(from.Label() + " and " + to.Label() + " are not adjacent")
	}
	return MoveStack(from, to), nil
}

// String draws the position: each point shows its stack bottom to top (b black,
// w white, top piece in capitals), "." for an empty point.
func (s *State) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Abande, ply %d, %s to move, in hand: Black %d, White %d",
		s.ply, info.Players[s.toMove], s.hand[Black], s.hand[White])
	if s.passes == 1 {
		sb.WriteString(", last move pass")
	}
	if r := s.Result(); r.Over {
		sb.WriteString(", " + info.DescribeResult(r))
	}
	sc := s.Score()
	fmt.Fprintf(&sb, ", score %d–%d\n", sc[Black], sc[White])
	for row := 6; row >= 0; row-- {
		n := 7 - abs(row-3)
		var line strings.Builder
		line.WriteString(strings.Repeat("  ", 7-n))
		line.WriteByte(byte('a' + row))
		line.WriteString(" ")
		for j := 1; j <= n; j++ {
			p, _ := hex.ParsePoint(string([]byte{byte('a' + row), byte('0' + j)}))
			fmt.Fprintf(&line, "%-4s", stackText(s.code[p]))
		}
		sb.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return sb.String()
}

func stackText(c uint8) string {
	h := codeHeight(c)
	if h <= 0 {
		return "."
	}
	var b []byte
	for i := 0; i < h; i++ {
		ch := byte('b')
		if c>>i&1 == 1 {
			ch = 'w'
		}
		if i == h-1 {
			ch -= 'a' - 'A'
		}
		b = append(b, ch)
	}
	return string(b)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
