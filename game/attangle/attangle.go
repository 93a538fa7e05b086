// Package attangle implements Attangle (RULES.md §3): two players place pieces on the
// 37-point hexagon and capture opponent stacks by moving two of their own stacks onto
// them along straight lines; the first to control three triple stacks wins.
package attangle

import (
	"fmt"
	"math/bits"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// PiecesPerSide is the number of pieces each player owns.
const PiecesPerSide = 18

// Option values of the "stalemate" option.
const (
	StalemateDraw = "draw"
	StalemateLoss = "loss"
)

// Info describes Attangle for the registry.
var Info = &game.Info{
	Name:        "Attangle",
	Players:     [2]string{"White", "Black"},
	Description: "Place pieces and stack two of yours onto an opponent's; three triples win.",
	Options: []game.OptionSpec{{
		Key:    "stalemate",
		Values: []string{StalemateDraw, StalemateLoss},
		Help:   "A player with an empty pool and no capture: draw (seed rule) or loses (2008 official rules).",
	}},
	Order: 2,
	Board: game.Board{Kind: game.Hexagon, ClosedCentre: true},
}

func init() {
	// Set here: New refers back to Info, which a composite literal cannot.
	Info.New = func(opts game.Options) game.State { return New(opts) }
	game.Register(Info)
}

var _ game.State = (*State)(nil)
var _ game.MoveDescriber = (*State)(nil)
var _ game.WinBounder = (*State)(nil)

// State is an Attangle position. The board is the 37-point hexagon of package hex
// (bit index = (r+3)·8 + q+3; d4, bit 30, is never occupied):
//
//	row g            g1  g2  g3  g4             48  49  50  51
//	row f          f1  f2  f3  f4  f5         41  42  43  44  45
//	row e        e1  e2  e3  e4  e5  e6     34  35  36  37  38  39
//	row d      d1  d2  d3  d4  d5  d6  d7  27  28  29  30  31  32  33
//	row c        c1  c2  c3  c4  c5  c6     19  20  21  22  23  24
//	row b          b1  b2  b3  b4  b5         11  12  13  14  15
//	row a            a1  a2  a3  a4             3   4   5   6
//
// A stack is kept twice: as a byte per point (height<<3 | layer colours, bit i set
// when layer i, counted from the bottom, is Black) for building new stacks, and as
// 64-bit sets (occupied, top owner per side, height ≥ 2, height 3) for move
// generation, which only needs to know who controls a point and how tall it is.
type State struct {
	cell   [64]uint8
	occ    hex.Set
	top    [2]hex.Set // points whose top piece belongs to the side
	tall   hex.Set    // height ≥ 2
	triple hex.Set    // height 3
	pool   [2]int8
	toMove game.Player
	loss   bool // stalemate=loss
	ply    int
	hash   uint64
	result game.Result
	opts   game.Options
}

const heightShift = 3

func height(c uint8) int { return int(c >> heightShift) }

// New returns the start position under opts (from Info.ResolveOptions; nil means the
// defaults).
func New(opts game.Options) *State {
	if opts == nil {
		opts, _ = Info.ResolveOptions("")
	}
	s := &State{
		pool:   [2]int8{PiecesPerSide, PiecesPerSide},
		toMove: game.First,
		loss:   opts.Get("stalemate") == StalemateLoss,
		result: game.Ongoing,
		opts:   opts,
	}
	s.hash = zobSide[s.toMove]
	return s
}

// Info describes the game.
func (s *State) Info() *game.Info { return Info }

// Options are the rules options in effect.
func (s *State) Options() game.Options { return s.opts }

// ToMove is the side to move.
func (s *State) ToMove() game.Player { return s.toMove }

// Ply is the number of moves played.
func (s *State) Ply() int { return s.ply }

// Result reports whether the game is over.
func (s *State) Result() game.Result { return s.result }

// Hash is the Zobrist hash of the stacks and the side to move (the pools follow from
// the stacks).
func (s *State) Hash() uint64 { return s.hash }

// Clone returns an independent copy.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src, an Attangle state.
func (s *State) CopyFrom(src game.State) { *s = *src.(*State) }

// Stack returns the height of the stack on p and its layers from the bottom up
// (game.NoPlayer above the top and for an empty or invalid point).
func (s *State) Stack(p hex.Point) (height int, layers [3]game.Player) {
	layers = [3]game.Player{game.NoPlayer, game.NoPlayer, game.NoPlayer}
	if !p.Valid() {
		return 0, layers
	}
	c := s.cell[p]
	h := int(c >> heightShift)
	for i := 0; i < h; i++ {
		layers[i] = game.Player(c >> i & 1)
	}
	return h, layers
}

// Pool is the number of pieces pl has left to place.
func (s *State) Pool(pl game.Player) int { return int(s.pool[pl&1]) }

// Triples is the number of triple stacks pl controls.
func (s *State) Triples(pl game.Player) int { return (s.top[pl&1] & s.triple).Count() }

// Occupied is the set of points holding a stack.
func (s *State) Occupied() hex.Set { return s.occ }

// Controlled is the set of points whose top piece belongs to pl.
func (s *State) Controlled(pl game.Player) hex.Set { return s.top[pl&1] }

// Move encoding: A = kind<<24 | b<<16 | a<<8 | target, B = 0; a < b are the two
// attackers of a capture. Neither kind is zero, so the zero Move is never legal.
const (
	kindPlace   = 1
	kindCapture = 2
)

// Place returns the move placing a piece on p.
func Place(p hex.Point) game.Move { return game.Move{A: kindPlace<<24 | uint64(p)} }

// Capture returns the capture of target by the attackers a and b (in either order).
func Capture(a, b, target hex.Point) game.Move {
	if a > b {
		a, b = b, a
	}
	return game.Move{A: kindCapture<<24 | uint64(b)<<16 | uint64(a)<<8 | uint64(target)}
}

// Decode splits m: the target point (the point placed on, for a placement) and, for a
// capture, the attackers in label order. ok is false for something that is no move.
func Decode(m game.Move) (target, a, b hex.Point, capture, ok bool) {
	if m.B != 0 || m.A>>26 != 0 {
		return hex.NoPoint, hex.NoPoint, hex.NoPoint, false, false
	}
	target = hex.Point(m.A)
	switch m.A >> 24 {
	case kindPlace:
		return target, hex.NoPoint, hex.NoPoint, false, m.A>>8&0xffff == 0 && target.Valid()
	case kindCapture:
		a, b = hex.Point(m.A>>8), hex.Point(m.A>>16)
		return target, a, b, true, target.Valid() && a.Valid() && b.Valid() && a < b && target != a && target != b
	}
	return hex.NoPoint, hex.NoPoint, hex.NoPoint, false, false
}

// IsLegal reports whether m is legal here.
func (s *State) IsLegal(m game.Move) bool { return s.whyIllegal(m) == "" }

// whyIllegal explains why m is not legal, or returns "".
func (s *State) whyIllegal(m game.Move) string {
	if s.result.Over {
		return "the game is over"
	}
	t, a, b, capture, ok := Decode(m)
	if !ok {
		return "not an Attangle move"
	}
	me := s.toMove
	if !capture {
		switch {
		case t == hex.Centre:
			return "d4 is never occupied"
		case s.occ.Has(t):
			return t.Label() + " is occupied"
		case s.pool[me] == 0:
			return "your pool is empty: you must capture"
		}
		return ""
	}
	switch {
	case a == t || b == t:
		return "an attacker cannot be the target"
	case !s.top[me.Other()].Has(t):
		return "no opponent stack on " + t.Label()
	case s.triple.Has(t):
		return "triples are never captured"
	}
	for _, p := range [2]hex.Point{a, b} {
		switch {
		case !s.top[me].Has(p):
			return "no stack of yours on " + p.Label()
		case s.triple.Has(p):
			return "a triple on " + p.Label() + " cannot move"
		case rayTo(s.occ, t, p) < 0:
			return p.Label() + " does not see " + t.Label() + " along an unblocked line"
		}
	}
	if height(s.cell[t])+height(s.cell[a])+height(s.cell[b])-1 > 3 {
		return "the new stack would be taller than 3"
	}
	return ""
}

// rayTo returns the direction in which p is the first stack seen from t, or -1.
func rayTo(occ hex.Set, t, p hex.Point) int {
	for d := hex.Dir(0); d < 6; d++ {
		if hex.FirstOnRay(occ, t, d) == p {
			return int(d)
		}
	}
	return -1
}

// Play checks m and applies it.
func (s *State) Play(m game.Move) error {
	if why := s.whyIllegal(m); why != "" {
		return fmt.Errorf("attangle: %w %q: %s", game.ErrIllegal, s.FormatMove(m), why)
	}
	s.Apply(m)
	return nil
}

// Apply applies the legal move m and decides whether the game is over.
func (s *State) Apply(m game.Move) {
	t := hex.Point(m.A)
	if m.A>>24 == kindPlace {
		s.place(t)
	} else {
		s.capture(hex.Point(m.A>>8), hex.Point(m.A>>16), t)
	}
	s.checkStuck()
}

// checkStuck ends the game when the side to move has an empty pool and no capture.
func (s *State) checkStuck() {
	if s.result.Over || s.pool[s.toMove] != 0 {
		return
	}
	var sc scan
	if sc.count(s, s.toMove) == 0 {
		s.stalemate()
	}
}

func (s *State) stalemate() {
	s.result = game.Result{Over: true, Winner: game.NoPlayer, Reason: "stalemate"}
	if s.loss {
		s.result.Winner = s.toMove.Other()
	}
}

// place puts a piece of the side to move on the empty point p and passes the turn.
func (s *State) place(p hex.Point) {
	me := s.toMove
	c := uint8(1<<heightShift) | uint8(me)
	s.cell[p] = c
	bit := hex.Set(1) << p
	s.occ |= bit
	s.top[me] |= bit
	s.pool[me]--
	s.hash ^= zob[p][c] ^ zobSide[0] ^ zobSide[1]
	s.toMove = me.Other()
	s.ply++
}

// capture moves the attackers a and b onto t, returns the top piece to the mover's
// pool, checks for three triples and passes the turn.
func (s *State) capture(a, b, t hex.Point) {
	me := s.toMove
	ct, ca, cb := s.cell[t], s.cell[a], s.cell[b]
	s.hash ^= zob[t][ct] ^ zob[a][ca] ^ zob[b][cb] ^ zobSide[0] ^ zobSide[1]
	if ca < cb { // taller attacker below the shorter one (height is the high bits)
		ca, cb = cb, ca
	}
	ht, ha, hb := ct>>heightShift, ca>>heightShift, cb>>heightShift
	h := ht + ha + hb - 1
	colours := (ct&7 | (ca&7)<<ht | (cb&7)<<(ht+ha)) & (1<<h - 1)
	c := h<<heightShift | colours
	s.hash ^= zob[t][c]
	s.cell[t] = c
	s.cell[a], s.cell[b] = 0, 0
	ab := hex.Set(1)<<a | hex.Set(1)<<b
	tb := hex.Set(1) << t
	s.occ &^= ab
	s.top[me] = s.top[me]&^ab | tb
	s.top[me.Other()] &^= tb
	s.tall = s.tall&^ab | tb
	if h == 3 {
		s.triple |= tb
		if (s.triple & s.top[me]).Count() >= 3 {
			s.result = game.Result{Over: true, Winner: me, Reason: "three triples"}
		}
	}
	s.pool[me]++
	s.toMove = me.Other()
	s.ply++
}

// LegalMoves appends the legal moves: placements in label order, then captures.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	if s.result.Over {
		return dst
	}
	me := s.toMove
	if s.pool[me] > 0 {
		for e := hex.Board &^ s.occ &^ (1 << hex.Centre); e != 0; e &= e - 1 {
			dst = append(dst, Place(e.First()))
		}
	}
	var sc scan
	if sc.count(s, me) == 0 {
		return dst
	}
	for x := sc.x; x != 0; x &= x - 1 {
		dst = sc.appendCaptures(s, x.First(), dst)
	}
	return dst
}

// Captures appends the legal captures onto target (none when target is not a stack
// the side to move can capture, or the game is over).
func (s *State) Captures(target hex.Point, dst []game.Move) []game.Move {
	if s.result.Over || !target.Valid() {
		return dst
	}
	var sc scan
	if sc.count(s, s.toMove) == 0 || !sc.x.Has(target) {
		return dst
	}
	return sc.appendCaptures(s, target, dst)
}

// RandomPlayout plays uniformly random legal moves to the end. A placement is drawn by
// index among the empty points, so only the captures are generated.
func (s *State) RandomPlayout(r *game.Rand) game.Result { return s.playout(r, 1, -1) }

// BiasedPlayout plays to the end like RandomPlayout, except that each capture is
// bias times as likely as each placement (bias 1 is RandomPlayout): with a
// board still open, uniform playouts almost never capture, which real players
// do whenever it gains a stack. It changes the state.
func (s *State) BiasedPlayout(r *game.Rand, bias int) game.Result {
	return s.playout(r, max(bias, 1), -1)
}

// playout plays steps moves (all, when negative) or to the end, each capture bias
// times as likely as each placement. One loop, not a call per move: it is the
// hottest code of the Attangle search.
func (s *State) playout(r *game.Rand, bias, steps int) game.Result {
	for ; steps != 0 && !s.result.Over; steps-- {
		me := s.toMove
		var sc scan
		n := sc.count(s, me)
		places := 0
		empty := hex.Board &^ s.occ &^ (1 << hex.Centre)
		if s.pool[me] > 0 {
			places = empty.Count()
		}
		if places+n == 0 {
			s.stalemate()
			break
		}
		k := r.Intn(places + n*bias)
		if k < places {
			s.place(selectBit(uint64(empty), k))
			continue
		}
		a, b, t := sc.pick(s, (k-places)/bias)
		s.capture(a, b, t)
	}
	return s.result
}

// selectBit returns the k-th (from 0) set bit of x, which has more than k.
func selectBit(x uint64, k int) hex.Point {
	base := 0
	if n := bits.OnesCount32(uint32(x)); k >= n {
		k -= n
		x >>= 32
		base = 32
	}
	if n := bits.OnesCount16(uint16(x)); k >= n {
		k -= n
		x >>= 16
		base += 16
	}
	if n := bits.OnesCount8(uint8(x)); k >= n {
		k -= n
		x >>= 8
		base += 8
	}
	return hex.Point(base + int(selectInByte[uint8(x)][k]))
}

var selectInByte [256][8]uint8

var (
	zob     [64][32]uint64
	zobSide [2]uint64
)

func init() {
	for b := 0; b < 256; b++ {
		k := 0
		for i := 0; i < 8; i++ {
			if b>>i&1 == 1 {
				selectInByte[b][k] = uint8(i)
				k++
			}
		}
	}
	r := game.NewRand(0x417a6e61e)
	for p := range zob {
		for c := range zob[p] {
			zob[p][c] = r.Uint64()
		}
	}
	// The empty point hashes to zero so that only stacks contribute.
	for p := range zob {
		zob[p][0] = 0
	}
	zobSide[0], zobSide[1] = r.Uint64(), r.Uint64()
}

// String draws the board (rows g to a; each stack bottom to top in w/b letters, "."
// for an empty point, "+" for d4), then the pools and the side to move.
func (s *State) String() string {
	var sb strings.Builder
	for row := 6; row >= 0; row-- {
		sb.WriteString(strings.Repeat("  ", abs(row-3)))
		sb.WriteByte(byte('a' + row))
		sb.WriteByte(' ')
		for _, p := range hex.Points {
			if p.Label()[0] != byte('a'+row) {
				continue
			}
			c := s.cell[p]
			txt := ""
			switch {
			case c == 0 && p == hex.Centre:
				txt = "+"
			case c == 0:
				txt = "."
			default:
				for i := 0; i < height(c); i++ {
					txt += string("wb"[c>>i&1])
				}
			}
			fmt.Fprintf(&sb, " %-3s", txt)
		}
		trimmed := strings.TrimRight(sb.String(), " ")
		sb.Reset()
		sb.WriteString(trimmed)
		sb.WriteByte('\n')
	}
	fmt.Fprintf(&sb, "pools: white %d, black %d; %s to move (ply %d)",
		s.pool[0], s.pool[1], Info.Players[s.toMove], s.ply)
	if s.result.Over {
		fmt.Fprintf(&sb, "; %s", Info.DescribeResult(s.result))
	}
	return sb.String()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
