package research_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"trihex/ai"
	_ "trihex/ai/all"
	"trihex/ai/knowledge"
	"trihex/game"
	"trihex/game/andantino"
	"trihex/save"
)

// TestRedVetoes measures two ways to keep level 5 as Red off its fatal moves
// (ai/README.md, "Tried, not kept"), in the positions TestRedFatalMoves
// finds: RED_VETO names that test's -v output. In each, level 5's search
// names its three best moves, and each is checked by the 10-million-node
// search that found the fatal moves, rated by plain UCT as White from the
// position after it, and searched by a threat-space search for White
// (threatSpace below):
//
//	RED_FATAL=testdata/andantino go test -run RedFatal -v -timeout 0 ./ai/internal/research > fatal.out
//	RED_VETO=$PWD/fatal.out go test -run RedVetoes -v -timeout 0 ./ai/internal/research
//
// About 25 minutes on one core for 76 positions; RED_VETO_SHARD=k/n takes
// every n-th position from the k-th, to run shards side by side.
func TestRedVetoes(t *testing.T) {
	src := os.Getenv("RED_VETO")
	if src == "" {
		t.Skip("set RED_VETO=FILE (TestRedFatalMoves's -v output)")
	}
	shard, shards := 0, 1
	if v := os.Getenv("RED_VETO_SHARD"); v != "" {
		if _, err := fmt.Sscanf(v, "%d/%d", &shard, &shards); err != nil || shards < 1 {
			t.Fatalf("RED_VETO_SHARD=%q: want k/n", v)
		}
	}
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fatalLine := regexp.MustCompile(`: (\S+): Red's move \S+ at ply (\d+) proven losing, the position before it not`)
	check := ai.NewAnalysis(ai.Analysis{Nodes: 10_000_000, Time: time.Hour, Threads: 1})
	budgets := []int{150_000, 500_000}
	type cand struct {
		lose   bool
		ab     float64
		uct    []float64 // White's mean result after the move, by budget
		threat bool
	}
	var (
		positions, firstLoses, someHolds, noThreat, losing, threatWins, falseWins int
		uctPicksLosing                                                            = make([]int, len(budgets))
		uctRight, uctWrong                                                        = make([]int, len(budgets)), make([]int, len(budgets))
		abRight, abWrong                                                          int
	)
	sc := bufio.NewScanner(f)
	for i := 0; sc.Scan(); {
		m := fatalLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		i++
		if (i-1)%shards != shard {
			continue
		}
		ply, _ := strconv.Atoi(m[2])
		g, err := save.ReadFile(filepath.Join("testdata/andantino", m[1]))
		if err != nil {
			t.Fatal(err)
		}
		pos := g.Start.Clone()
		for _, mv := range g.Moves[:ply] {
			if err := pos.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		// Level 5's search at its opening budget (4.5 M nodes by phase, as
		// TestRedFatalMoves gives it), three root moves scored exactly.
		ab, err := ai.ParseEngine("ab,n=4500000,t=3600,ph=1,mp=3,th=1", 0, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		var cands []cand
		for _, mi := range ab.Choose(context.Background(), pos).Top {
			after := pos.Clone()
			if err := after.Play(mi.Move); err != nil {
				t.Fatal(err)
			}
			c := cand{ab: mi.Value}
			for _, p := range budgets {
				u := ai.WithThreads(ai.NewUCT(p, time.Hour, uint64(i)), 1)
				c.uct = append(c.uct, u.Choose(context.Background(), after).Mean)
			}
			c.lose = check.Choose(context.Background(), after).Proven == 1
			kp, _ := knowledge.Of(after.Info()).Evaluable(after)
			ts := newThreatSpace(kp, 0, 2_000_000)
			c.threat = ts.attack(0, 20)
			if c.lose {
				losing++
				if ts.nodes == 1 {
					noThreat++
				}
				if c.threat {
					threatWins++
				}
			} else if c.threat {
				falseWins++
			}
			t.Logf("%s ply %d: %s search %.4f UCT %.3f %.3f losing %v threat win %v (%d nodes)",
				m[1], ply, pos.FormatMove(mi.Move), c.ab, c.uct[0], c.uct[1], c.lose, c.threat, ts.nodes)
			cands = append(cands, c)
		}
		positions++
		if cands[0].lose {
			firstLoses++
		}
		if slices.ContainsFunc(cands, func(c cand) bool { return !c.lose }) {
			someHolds++
		}
		for b := range budgets {
			low := slices.MinFunc(cands, func(x, y cand) int {
				return cmpFloat(x.uct[b], y.uct[b])
			})
			if low.lose {
				uctPicksLosing[b]++
			}
		}
		// Every pair of a losing and a holding move of the same position:
		// which does each rating put first?
		for _, l := range cands {
			for _, h := range cands {
				if !l.lose || h.lose {
					continue
				}
				for b := range budgets {
					if h.uct[b] < l.uct[b] {
						uctRight[b]++
					} else {
						uctWrong[b]++
					}
				}
				if h.ab > l.ab {
					abRight++
				} else {
					abWrong++
				}
			}
		}
	}
	t.Logf("%d positions: the search's first move proven losing in %d; one of its three not in %d", positions, firstLoses, someHolds)
	for b, p := range budgets {
		t.Logf("UCT %d playouts: its lowest-rated move for White proven losing in %d; pairs (losing, holding) rated right %d, wrong %d",
			p, uctPicksLosing[b], uctRight[b], uctWrong[b])
	}
	t.Logf("the search's own values: pairs rated right %d, wrong %d", abRight, abWrong)
	t.Logf("threat-space search: %d of %d losing moves proven (White had no threat at all after %d), %d holding moves 'proven'",
		threatWins, losing, noThreat, falseWins)
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestThreatSpaceBeforeEnd measures how far before the end of White's won
// games the threat-space search proves the win: RED_TSS names a folder of
// folders of records (testdata/andantino).
//
//	RED_TSS=testdata/andantino go test -run ThreatSpaceBeforeEnd -v ./ai/internal/research
func TestThreatSpaceBeforeEnd(t *testing.T) {
	root := os.Getenv("RED_TSS")
	if root == "" {
		t.Skip("set RED_TSS=DIR (a folder of folders of records)")
	}
	files, err := filepath.Glob(filepath.Join(root, "*", "*.trihex"))
	if err != nil {
		t.Fatal(err)
	}
	var proven, tried [12]int
	for _, f := range files {
		g, err := save.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if r := g.Final.Result(); g.Info != andantino.Info || !r.Over || r.Winner != 0 {
			continue
		}
		for back := 1; back < len(proven); back += 2 {
			k := len(g.Moves) - back // White's last move is at an even ply
			if k%2 == 1 {
				k--
			}
			if k < 0 {
				break
			}
			pos := g.Start.Clone()
			for _, mv := range g.Moves[:k] {
				if err := pos.Play(mv); err != nil {
					t.Fatal(err)
				}
			}
			kp, _ := knowledge.Of(pos.Info()).Evaluable(pos)
			d := len(g.Moves) - k
			tried[d]++
			if newThreatSpace(kp, 0, 2_000_000).attack(0, 20) {
				proven[d]++
			}
		}
	}
	for d := range tried {
		if tried[d] > 0 {
			t.Logf("%d plies before the end: White's win proven in %d of %d games", d, proven[d], tried[d])
		}
	}
}

// threatSpace looks for a forced win of the attacker by threats alone: the
// attacker plays only moves that leave a winning cell (a four, or a move that
// leaves a trap cell), the defender only its one reply, filling that cell
// (two cells: the attacker wins). A defender's counter-four is read only
// where its reply makes one, so a win found is not proof against every
// defence; the test uses it for what it finds.
type threatSpace struct {
	att   game.Player
	nodes int
	limit int
	fail  map[uint64]int // attacker's positions without a win, by the depth searched
	buf   [64][]game.Move
	moves [64][]game.Move
	sc    [64][]int32
	st    [64]knowledge.Position
}

func newThreatSpace(pos knowledge.Position, att game.Player, limit int) *threatSpace {
	t := &threatSpace{att: att, limit: limit, fail: map[uint64]int{}}
	for i := range t.st {
		t.st[i] = pos.Clone().(knowledge.Position)
	}
	return t
}

// attack reports whether the attacker, to move at ply, wins with at most
// depth threats.
func (t *threatSpace) attack(ply, depth int) bool {
	t.nodes++
	if t.nodes > t.limit || ply >= len(t.st)-2 {
		return false
	}
	st := t.st[ply]
	a := st.Assess(t.buf[ply][:0], true)
	t.buf[ply] = a.Blocks
	switch {
	case a.Result.Over:
		return a.Result.Winner == t.att
	case a.Win:
		return true
	case len(a.Blocks) >= 2 || depth == 0:
		return false
	}
	if d, ok := t.fail[a.Hash]; ok && d >= depth {
		return false
	}
	var cands []game.Move
	if len(a.Blocks) == 1 {
		cands = append(cands, a.Blocks[0]) // go on only if the block threatens too
	} else {
		moves := st.LegalMoves(t.moves[ply][:0])
		t.moves[ply] = moves
		sc := slices.Grow(t.sc[ply][:0], len(moves))[:len(moves)]
		t.sc[ply] = sc
		st.MoveScores(moves, sc)
		for k, m := range moves {
			if sc[k] >= knowledge.Forcing {
				cands = append(cands, m)
			}
		}
		for _, m := range st.TrapThreats(nil) {
			if !slices.Contains(cands, m) {
				cands = append(cands, m)
			}
		}
	}
	for _, m := range cands {
		t.st[ply+1].ApplyFrom(st, m)
		if t.defend(ply+1, depth-1) {
			return true
		}
	}
	if t.nodes <= t.limit {
		t.fail[a.Hash] = depth
	}
	return false
}

// defend is the defender's ply: its one reply to the attacker's threat.
func (t *threatSpace) defend(ply, depth int) bool {
	t.nodes++
	st := t.st[ply]
	a := st.Assess(t.buf[ply][:0], true)
	t.buf[ply] = a.Blocks
	switch {
	case a.Result.Over:
		return a.Result.Winner == t.att
	case a.Win, len(a.Blocks) == 0:
		return false // the defender wins first, or the move threatened nothing
	case len(a.Blocks) >= 2:
		return true
	}
	t.st[ply+1].ApplyFrom(st, a.Blocks[0])
	return t.attack(ply+1, depth)
}
