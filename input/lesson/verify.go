package lesson

import (
	"fmt"
	"strconv"
	"strings"

	"trihex/game"
	"trihex/game/hex"
)

// The optional views of a position the checks read. They are the game packages'
// own methods; asking for them through interfaces keeps this package on the
// game.State contract.
type (
	stacker interface {
		Stack(p hex.Point) (height int, layers [3]game.Player)
	}
	tripler interface{ Triples(pl game.Player) int }
	pooler  interface{ Pool(pl game.Player) int }
	hander  interface{ Hand(pl game.Player) int }
	surface interface {
		At(c hex.Coord) game.Player
		TilesLeft(pl game.Player) int
	}
)

// maxPaths bounds the positions one step may start in: a step with several
// accepted moves followed by steps that continue from it branches.
const maxPaths = 256

// verify replays the lesson against the rules: every position, every expected,
// wrong and reply move, every check. Steps that continue from a step with several
// accepted moves are checked from each of the positions those moves reach.
func (l *Lesson) verify(fail func(int, string, ...any) error) error {
	entries := []game.State{l.start()}
	for i, st := range l.Steps {
		if !st.Continue {
			pos := l.start()
			for k, m := range st.Setup {
				if err := pos.Play(m); err != nil {
					return fail(st.lines["moves"], "moves: move %d: %v", k+1, err)
				}
			}
			st.setup = pos.Clone()
			entries = []game.State{pos}
		}
		var exits []game.State
		for _, pos := range entries {
			out, err := l.verifyStep(st, pos, fail)
			if err != nil {
				return err
			}
			exits = append(exits, out...)
		}
		entries = entries[:0]
		if i+1 < len(l.Steps) && !l.Steps[i+1].Continue {
			continue // the next step sets up its own position
		}
		seen := map[uint64]bool{}
		for _, s := range exits {
			if h := s.Hash(); !seen[h] {
				seen[h] = true
				entries = append(entries, s)
			}
		}
		if len(entries) > maxPaths {
			return fail(st.Line, "the next step could start in %d positions (at most %d): give it moves", len(entries), maxPaths)
		}
	}
	return nil
}

// verifyStep checks one step from one position and returns the positions the next
// step starts in.
func (l *Lesson) verifyStep(st *Step, pos game.State, fail func(int, string, ...any) error) ([]game.State, error) {
	if r := pos.Result(); r.Over {
		return nil, fail(st.Line, "the step's position is already over (%s)", l.Game.DescribeResult(r))
	}
	for _, c := range st.Look {
		if !l.onBoard(pos, c) {
			return nil, fail(st.lines["look"], "look: %s is not a cell of the position", l.cellName(c))
		}
	}
	if st.Explain() {
		after := pos.Clone()
		before := pos
		for _, m := range st.Reply {
			before = after.Clone()
			if err := after.Play(m); err != nil {
				return nil, fail(st.lines["reply"], "reply: %v", err)
			}
		}
		if len(st.Reply) > 0 {
			if err := l.checks(st, before, st.Reply[len(st.Reply)-1], after, fail); err != nil {
				return nil, err
			}
		}
		return []game.State{after}, nil
	}
	for _, w := range st.Wrong {
		err := pos.Clone().Play(w.Move)
		switch {
		case w.Illegal && err == nil:
			return nil, fail(w.line, "illegal %s: the move is legal here", pos.FormatMove(w.Move))
		case !w.Illegal && err != nil:
			return nil, fail(w.line, "wrong %s: %v (mark it illegal if that is the point)", pos.FormatMove(w.Move), err)
		}
		for _, m := range st.Expect {
			if m == w.Move {
				return nil, fail(w.line, "%s is both expected and wrong", pos.FormatMove(m))
			}
		}
	}
	moves := st.Expect
	if st.Any {
		moves = moves[:0:0]
		for _, m := range pos.LegalMoves(nil) {
			if !st.wrong(m) {
				moves = append(moves, m)
			}
		}
		if len(moves) == 0 {
			return nil, fail(st.lines["expect"], "expect: any, but there is no legal move that is not wrong")
		}
	}
	var exits []game.State
	for _, m := range moves {
		after := pos.Clone()
		if err := after.Play(m); err != nil {
			return nil, fail(st.lines["expect"], "expect: %v", err)
		}
		if err := l.checks(st, pos, m, after, fail); err != nil {
			return nil, err
		}
		if len(st.Reply) > 0 && after.Result().Over {
			return nil, fail(st.lines["reply"], "reply: the game is over after %s", pos.FormatMove(m))
		}
		for _, x := range st.Reply {
			if err := after.Play(x); err != nil {
				return nil, fail(st.lines["reply"], "reply after %s: %v", pos.FormatMove(m), err)
			}
		}
		exits = append(exits, after)
	}
	return exits, nil
}

// onBoard reports whether c is a cell of pos: one of the 37 points, or on the
// surface a tile or a cell next to one (the part the window draws).
func (l *Lesson) onBoard(pos game.State, c hex.Coord) bool {
	if !l.surface() {
		_, ok := hex.PointAt(c)
		return ok
	}
	s, ok := pos.(surface)
	if !ok {
		return false
	}
	if s.At(c) != game.NoPlayer {
		return true
	}
	for _, d := range hex.Dirs {
		if s.At(c.Add(d)) != game.NoPlayer {
			return true
		}
	}
	return false
}

func (l *Lesson) cellName(c hex.Coord) string { return l.Game.Board.FormatCell(c) }

// checkArgs is how many numbers each check takes; -1 for an optional end reason.
var checkArgs = map[string]int{
	"place": 0, "capture": 0, "pass": 0, "relocate": 0, "ongoing": 0, "safe": 0,
	"win": -1, "loss": -1, "draw": -1,
	"height": 1, "triples": 1, "pool": 1, "touches": 1, "tiles": 1, "score": 2,
}

// applies says whether a check applies to the lesson's game, from what the
// registry and the start position say of it.
func (l *Lesson) applies(check string) bool {
	start, err := l.Game.Start("")
	if err != nil {
		return false
	}
	switch check {
	case "capture", "height", "pool": // stacks on the hexagon
		return l.Game.Board.Bounded()
	case "pass":
		return l.Game.Passes
	case "score":
		_, ok := start.(game.Scorer)
		return ok
	case "triples":
		_, ok := start.(tripler)
		return ok
	case "relocate", "touches", "tiles":
		_, ok := start.(surface)
		return ok && l.surface()
	}
	return true
}

// checkSyntax refuses an unknown check, a check of another game, or wrong
// arguments.
func (l *Lesson) checkSyntax(c string) error {
	words := strings.Fields(c)
	if len(words) == 0 {
		return fmt.Errorf("empty check")
	}
	n, ok := checkArgs[words[0]]
	if !ok {
		return fmt.Errorf("unknown check %q", words[0])
	}
	if !l.applies(words[0]) {
		return fmt.Errorf("check %q does not apply to %s", words[0], l.Game.Name)
	}
	if n < 0 {
		return nil
	}
	if len(words)-1 != n {
		return fmt.Errorf("check %q takes %d number(s)", words[0], n)
	}
	for _, w := range words[1:] {
		if _, err := strconv.Atoi(w); err != nil {
			return fmt.Errorf("check %q: %q is not a number", words[0], w)
		}
	}
	return nil
}

// checks runs the step's checks on move m from before to after.
func (l *Lesson) checks(st *Step, before game.State, m game.Move, after game.State, fail func(int, string, ...any) error) error {
	for _, c := range st.Checks {
		if why := l.check(c, before, m, after); why != "" {
			return fail(st.lines["check"], "check %q fails after %s: %s", c, before.FormatMove(m), why)
		}
	}
	return nil
}

// check evaluates one check (syntax already checked) and says why it fails, or "".
func (l *Lesson) check(c string, before game.State, m game.Move, after game.State) string {
	words := strings.Fields(c)
	mover := before.ToMove()
	cells, kind := game.MoveCells(before, m)
	res := after.Result()
	want := func(ok bool, got string) string {
		if ok {
			return ""
		}
		return got
	}
	switch words[0] {
	case "place":
		return want(kind == game.MovePlace, "not a placement")
	case "capture":
		return want(kind == game.MoveCapture, "not a capture")
	case "pass":
		return want(kind == game.MovePass, "not a pass")
	case "relocate":
		return want(kind == game.MoveStep, "not a relocation")
	case "ongoing":
		return want(!res.Over, l.Game.DescribeResult(res))
	case "win", "loss", "draw":
		winner := map[string]game.Player{"win": mover, "loss": mover.Other(), "draw": game.NoPlayer}[words[0]]
		reason := strings.Join(words[1:], " ")
		ok := res.Over && res.Winner == winner && (reason == "" || strings.EqualFold(res.Reason, reason))
		return want(ok, l.Game.DescribeResult(res))
	case "safe":
		if res.Over {
			return ""
		}
		for _, x := range after.LegalMoves(nil) {
			s := after.Clone()
			s.Apply(x)
			if r := s.Result(); r.Over && r.Winner == mover.Other() {
				return "the opponent wins with " + after.FormatMove(x)
			}
		}
		return ""
	}
	return countCheck(words, before, after, cells, mover)
}

// countCheck checks what a right move leaves counted: a stack's height, triples,
// the pool, the score, the tiles a cell touches, the tiles down.
func countCheck(words []string, before, after game.State, cells []hex.Coord, mover game.Player) string {
	num := func(i int) int { n, _ := strconv.Atoi(words[i]); return n }
	want := func(ok bool, got string) string {
		if ok {
			return ""
		}
		return got
	}
	switch words[0] {
	case "height":
		s, ok := after.(stacker)
		if !ok || len(cells) == 0 {
			return "no stack to measure"
		}
		p, _ := hex.PointAt(cells[len(cells)-1])
		h, _ := s.Stack(p)
		return want(h == num(1), fmt.Sprintf("the stack is %d high", h))
	case "triples":
		s, ok := after.(tripler)
		if !ok {
			return "the game has no triples"
		}
		n := s.Triples(mover)
		return want(n == num(1), fmt.Sprintf("the mover has %d triples", n))
	case "pool":
		var n int
		switch s := after.(type) {
		case pooler:
			n = s.Pool(mover)
		case hander:
			n = s.Hand(mover)
		default:
			return "the game has no pool"
		}
		return want(n == num(1), fmt.Sprintf("the mover has %d pieces left", n))
	case "score":
		s, ok := after.(game.Scorer)
		if !ok {
			return "the game keeps no score"
		}
		sc := s.Score()
		return want(sc[0] == num(1) && sc[1] == num(2), fmt.Sprintf("the score is %d %d", sc[0], sc[1]))
	case "touches":
		s, ok := before.(surface)
		if !ok || len(cells) == 0 {
			return "not a placement on the surface"
		}
		to := cells[len(cells)-1]
		n := 0
		for _, d := range hex.Dirs {
			c := to.Add(d)
			if s.At(c) != game.NoPlayer && (len(cells) == 1 || c != cells[0]) {
				n++
			}
		}
		return want(n == num(1), fmt.Sprintf("the cell touched %d tiles", n))
	case "tiles":
		s, ok := after.(surface)
		if !ok {
			return "not the surface"
		}
		n := 50 - s.TilesLeft(game.First) - s.TilesLeft(game.Second)
		return want(n == num(1), fmt.Sprintf("%d tiles are on the surface", n))
	}
	return "unknown check"
}
