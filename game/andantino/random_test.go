package andantino

import (
	"flag"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"trihex/game"
	"trihex/game/gametest"
	"trihex/game/hex"
)

var (
	randomGames = flag.Int("random.games", 0, "random games per option set in TestRandomGames (0: 1000, 100 with -short)")
	naiveGames  = flag.Int("naive.games", 0, "random games per option set in TestAgainstNaive (0: 200, 30 with -short)")
	perftDeep   = flag.Bool("perft.deep", false, "cross-check perft(9) with the naive rules (slow)")
)

// optionSets are the four combinations of the two options.
var optionSets = []string{"", "adjacency=once", "continuation=on", "adjacency=once,continuation=on"}

// checkState checks the package's own invariants: tiles in hand plus tiles down make
// 25 per colour; the tile list, the grid and the hash agree; the legal-cell list is
// exactly the empty cells with two tile neighbours; holes are empty. The full grid
// scan runs on every ply when full is set.
func checkState(s *State, full bool) error {
	var down [2]int
	var hash uint64
	g := s.grid
	for k := 0; k < s.nTiles; k++ {
		t := s.tiles[k]
		c := g[t] & colourMask
		if c == 0 || c == 3 {
			return fmt.Errorf("tile list entry %d on an empty cell", k)
		}
		q, r := s.coord(t)
		if !s.inGrid(q, r) {
			return fmt.Errorf("tile %d,%d too near the grid's edge", q, r)
		}
		b := s.bbox[c-1]
		if q < b.minQ || q > b.maxQ || r < b.minR || r > b.maxR || q+r < b.minT || q+r > b.maxT {
			return fmt.Errorf("tile %d,%d outside its side's hull", q, r)
		}
		down[c-1]++
		hash ^= tileKey(q, r, c)
	}
	for p := 0; p < 2; p++ {
		if down[p]+s.left[p] != 25 {
			return fmt.Errorf("side %d: %d down + %d in hand", p, down[p], s.left[p])
		}
	}
	if s.toMove == game.Second {
		hash ^= sideKey
	}
	if s.onceUsed {
		hash ^= onceKey
	}
	if hash != s.Hash() {
		return fmt.Errorf("hash %x, from scratch %x", s.Hash(), hash)
	}
	if s.inCont != (s.cont && s.nTiles == 50 && (s.inCont || !s.res.Over)) {
		return fmt.Errorf("continuation flag %v with %d tiles", s.inCont, s.nTiles)
	}
	inList := map[int32]bool{}
	for _, i := range s.legal {
		if inList[i] || g[i]&colourMask != 0 || g[i]&countMask < 2*countUnit {
			return fmt.Errorf("bad legal-list entry %v", i)
		}
		inList[i] = true
	}
	if s.linesOK() {
		n := 0
		for p := 0; p < 2; p++ {
			for y := 0; y < 64; y++ {
				n += bits.OnesCount64(s.lines.row[p][y]) + bits.OnesCount64(s.lines.col[p][y])
			}
			for d := 0; d < 128; d++ {
				n += bits.OnesCount64(s.lines.diag[p][d])
			}
		}
		for k := 0; k < s.nTiles; k++ {
			t := s.tiles[k]
			p, x, y := g[t]&colourMask-1, t&63, t>>6
			if s.lines.row[p][y]>>x&1 == 0 || s.lines.col[p][x]>>y&1 == 0 || s.lines.diag[p][x+y]>>x&1 == 0 {
				return fmt.Errorf("tile %d missing from the line boards", t)
			}
		}
		if n != 3*s.nTiles {
			return fmt.Errorf("line boards hold %d bits for %d tiles", n, s.nTiles)
		}
	}
	if !full {
		return nil
	}
	tiles, legal := 0, 0
	w := 1 << s.shift
	for i, v := range g {
		if x, y := i&(w-1), i>>s.shift; x > 0 && x < w-1 && y > 0 && y < w-1 {
			n := 0
			for _, d := range s.dir {
				if g[int32(i)+d]&colourMask != 0 {
					n++
				}
			}
			if int(v&countMask)/countUnit != n {
				return fmt.Errorf("cell %d counts %d neighbours, has %d", i, v&countMask/countUnit, n)
			}
		}
		if v&colourMask != 0 {
			tiles++
			if v&holeMask != 0 {
				return fmt.Errorf("tile on a hole")
			}
		} else if v&countMask >= 2*countUnit {
			legal++
		}
	}
	if tiles != s.nTiles || legal != len(s.legal) {
		return fmt.Errorf("grid has %d tiles, %d legal cells; lists %d, %d", tiles, legal, s.nTiles, len(s.legal))
	}
	return nil
}

func TestRandomGames(t *testing.T) {
	n := *randomGames
	if n == 0 {
		n = 1000
		if testing.Short() {
			n = 100
		}
	}
	for k, opts := range optionSets {
		ply := 0
		gametest.RandomGames(t, Info, opts, n, uint64(100+k), 1_000_000, func(st game.State) error {
			ply++
			return checkState(st.(*State), ply%16 == 0 || ply < 5000)
		})
	}
}

// TestAgainstNaive plays random games with both implementations side by side and
// compares legal moves, results, tiles and holes at every ply.
func TestAgainstNaive(t *testing.T) {
	games, maxPly := 200, 400
	if testing.Short() {
		games = 30
	}
	if *naiveGames > 0 {
		games = *naiveGames
	}
	r := game.NewRand(11)
	for k, opts := range optionSets {
		for i := 0; i < games; i++ {
			st, _ := Info.Start(opts)
			s := st.(*State)
			n := newNaive(s.once, s.cont)
			var played []string
			for ply := 0; ply < maxPly; ply++ {
				if err := compareNaive(s, n); err != nil {
					t.Fatalf("%q game %d after %v: %v\n%s", opts, i, played, err, s)
				}
				moves := s.LegalMoves(nil)
				if len(moves) == 0 {
					break
				}
				m := s.FormatMove(moves[r.Intn(len(moves))])
				played = append(played, m)
				play(t, s, m)
				n.play(m)
			}
		}
		_ = k
	}
}

func TestPerftNaive(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 5
	}
	if *perftDeep {
		depth = 9
	}
	for d := 1; d <= depth; d++ {
		fast, slow := game.Perft(New(false, false), d), naivePerft(newNaive(false, false), d)
		if fast != slow {
			t.Errorf("perft(%d): %d, naive %d", d, fast, slow)
		}
	}
}

// TestPerftDeeper counts beyond the published depths; the naive rules agree with
// the fast ones at every depth they were run to, and these were computed once.
func TestPerftDeeper(t *testing.T) {
	if testing.Short() {
		t.Skip("deep perft")
	}
	if got, want := game.Perft(New(false, false), 9), uint64(perft9); got != want {
		t.Errorf("perft(9) = %d, want %d", got, want)
	}
	// The adjacency variant from the start (Red's single contacts widen the tree).
	if got, want := game.Perft(New(true, false), 5), naivePerft(newNaive(true, false), 5); got != want {
		t.Errorf("perft(5) with adjacency=once = %d, naive %d", got, want)
	}
}

// A long continuation game: each side drags its rear-most tile ahead, White east
// and Red west, so the two groups crawl apart far beyond the first 64×64 grid;
// moves that would end the game are avoided while others exist. Legal moves are
// cross-checked with the naive rules every 100 plies.
func TestLongContinuation(t *testing.T) {
	plies := 3000
	if testing.Short() {
		plies = 600
	}
	r := game.NewRand(5)
	var s *State
	// A placement game that fills the surface without a winner.
	for {
		st, _ := Info.Start("continuation=on")
		s = st.(*State)
		for !s.inCont && !s.res.Over {
			ms := s.LegalMoves(nil)
			s.Apply(ms[r.Intn(len(ms))])
		}
		if s.inCont {
			break
		}
	}
	startW := 1 << s.shift
	far := 0
	for ply := 0; ply < plies && !s.res.Over; ply++ {
		if ply%100 == 0 {
			if err := checkState(s, true); err != nil {
				t.Fatalf("ply %d: %v", ply, err)
			}
			if err := compareNaive(s, naiveFrom(s)); err != nil {
				t.Fatalf("ply %d: %v\n%s", ply, err, s)
			}
		}
		moves := s.LegalMoves(nil)
		east := 1
		if s.toMove == game.Second {
			east = -1
		}
		// Score: how far the move carries a tile in the side's direction.
		score := func(m game.Move) int {
			tq, tr, fq, fr, _ := decode(m)
			return east*(2*tq+tr) - east*(2*fq+fr)
		}
		best := moves[0]
		for _, m := range moves {
			if score(m) > score(best) {
				best = m
			}
		}
		pick := best
		for try := 0; try < 20; try++ {
			if try > 0 || r.Intn(4) == 0 {
				pick = moves[r.Intn(len(moves))]
				if try == 0 && r.Intn(2) == 0 {
					pick = best
				}
			}
			c := s.Clone().(*State)
			c.Apply(pick)
			if !c.res.Over {
				break
			}
		}
		play(t, s, s.FormatMove(pick))
		lo, hi := s.Bounds()
		far = max(far, hi.Q-lo.Q, hi.R-lo.R)
	}
	t.Logf("%d plies, spread %d cells, grid %d wide (started %d), result %+v", s.ply, far, 1<<s.shift, startW, s.res)
	if !testing.Short() && (far < 2*startW || s.ply < 2000) {
		t.Errorf("tiles spread only %d cells in %d plies", far, s.ply)
	}
	if err := checkState(s, true); err != nil {
		t.Fatal(err)
	}
	if err := compareNaive(s, naiveFrom(s)); err != nil && !s.res.Over {
		t.Fatal(err)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"0,1", "-1,2", "0,0-2,-1", " 3,-4 ", "1,-1--1,2", "+1,2", "01,1", "-0,0", "9999999999,1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, txt string) {
		m, err := ParseMove(txt)
		if err != nil {
			return
		}
		back, err := ParseMove(FormatMove(m))
		if err != nil || back != m || m == (game.Move{}) {
			t.Fatalf("%q → %v → %q → %v %v", txt, m, FormatMove(m), back, err)
		}
		// Any parsed move may be asked about and tried on a position.
		s := New(true, true)
		if s.IsLegal(m) != (s.Play(m) == nil) {
			t.Fatalf("IsLegal and Play disagree on %q", txt)
		}
		_ = s.At(hex.Coord{Q: int(m.A & 0xff), R: 0})
	})
}

const perft9 = 1461516 // perft(10) = 11657708

// TestPlayoutHistoryInContinuation: a random playout started in the continuation
// phase must record the same position hashes (for repetition) as the checked moves
// it stands for. The playout's continuation loop draws like LegalMoves + Intn, so
// the same seed gives the same game.
func TestPlayoutHistoryInContinuation(t *testing.T) {
	r := game.NewRand(5)
	found := 0
	for g := 0; g < 400 && found < 20; g++ {
		s := New(false, true)
		for !s.res.Over && !s.inCont {
			ms := s.LegalMoves(nil)
			s.Apply(ms[r.Intn(len(ms))])
		}
		if s.res.Over {
			continue
		}
		found++
		a, b := s.Clone().(*State), s.Clone().(*State)
		seed := r.Uint64()
		ra, rb := game.NewRand(seed), game.NewRand(seed)
		a.RandomPlayout(ra)
		for plies := 0; !b.res.Over && plies < 100000; plies++ {
			ms := b.LegalMoves(nil)
			if err := b.Play(ms[rb.Intn(len(ms))]); err != nil {
				t.Fatal(err)
			}
		}
		if a.res != b.res || !slices.Equal(a.history, b.history) || a.Hash() != b.Hash() {
			t.Fatalf("playout and checked game differ: %v vs %v, %d vs %d history entries",
				a.res, b.res, len(a.history), len(b.history))
		}
	}
	if found == 0 {
		t.Fatal("no game reached the continuation phase")
	}
}
