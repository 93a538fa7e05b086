package save

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"trihex/game"
	"trihex/game/clock"
)

// A move's clock is written in its comment as the chess programs write it,
// before the player's own words: {[%clk 0:04:55] a good move}. The record keeps
// it apart from the comment (Node.Clock), so that a comment never shows it.

// ClockStamp is the clock of the side that made a move, just after it (its
// increment added), as the record's [%clk] gives it.
type ClockStamp struct {
	// Left is the main time left: [%clk H:MM:SS], with tenths under a minute
	// ([%clk 0:00:09.4]), rounded down. What is read is at the precision
	// written, so that it writes back the same.
	Left time.Duration
	// Periods is the number of byo-yomi periods left once the main time is
	// spent ([%periods 3]); 0 while the main time lasts, when all are left.
	Periods int32
	Set     bool // the move has a clock
}

// Stamp makes the stamp of a side's time: its main time (written rounded down
// to the record's precision, kept whole until then so that undo restores it
// exactly), and its byo-yomi periods once the main time is spent.
func Stamp(sd clock.Side) ClockStamp {
	st := ClockStamp{Left: max(sd.Main, 0), Set: true}
	if sd.Main == 0 && sd.Periods > 0 {
		st.Periods = int32(min(sd.Periods, clock.MaxPeriods))
	}
	return st
}

// clockPrecision rounds d down to what [%clk] writes: tenths under a minute,
// else whole seconds.
func clockPrecision(d time.Duration) time.Duration {
	d = max(d, 0)
	if d < time.Minute {
		return d.Truncate(100 * time.Millisecond)
	}
	return d.Truncate(time.Second)
}

// maxClock bounds a [%clk]: a long game's main time with its increments.
const maxClock = 1000 * time.Hour

// commands are the comment commands of a stamp, as written.
func (st ClockStamp) commands() []string {
	if !st.Set {
		return nil
	}
	d := min(clockPrecision(st.Left), maxClock-time.Second)
	h, mnt, sec := d/time.Hour, d%time.Hour/time.Minute, d%time.Minute/time.Second
	c := fmt.Sprintf("[%%clk %d:%02d:%02d", h, mnt, sec)
	if d < time.Minute {
		c += fmt.Sprintf(".%d", d%time.Second/(100*time.Millisecond))
	}
	out := []string{c + "]"}
	if st.Periods > 0 {
		out = append(out, fmt.Sprintf("[%%periods %d]", st.Periods))
	}
	return out
}

// parseClk reads H:MM:SS with an optional fraction of a second.
func parseClk(s string) (time.Duration, bool) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 || len(parts[0]) == 0 || len(parts[0]) > 3 || len(parts[1]) != 2 || len(parts[2]) < 2 {
		return 0, false
	}
	sec, frac, _ := strings.Cut(parts[2], ".")
	if len(sec) != 2 || len(frac) > 9 || strings.HasSuffix(parts[2], ".") {
		return 0, false
	}
	var v [3]int64
	for i, p := range []string{parts[0], parts[1], sec} {
		for _, c := range p {
			if c < '0' || c > '9' {
				return 0, false
			}
			v[i] = v[i]*10 + int64(c-'0')
		}
	}
	if v[1] > 59 || v[2] > 59 {
		return 0, false
	}
	d := time.Duration(v[0])*time.Hour + time.Duration(v[1])*time.Minute + time.Duration(v[2])*time.Second
	scale := time.Second
	for _, c := range frac {
		if c < '0' || c > '9' {
			return 0, false
		}
		scale /= 10
		d += time.Duration(c-'0') * scale
	}
	return clockPrecision(d), true
}

// takeCommand reads the clock command in inside (the text between "[%" and
// "]"), into st; false when it is not one.
func takeCommand(inside string, st *ClockStamp) bool {
	f := strings.Fields(inside)
	if len(f) != 2 || !strings.HasPrefix(inside, f[0]) {
		return false
	}
	switch f[0] {
	case "clk":
		d, ok := parseClk(f[1])
		if !ok {
			return false
		}
		st.Left, st.Set = d, true
	case "periods":
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > clock.MaxPeriods || f[1][0] == '+' {
			return false
		}
		st.Periods = int32(n)
	default:
		return false
	}
	return true
}

// takeClock takes the clock commands out of a comment's text: the stamp they
// give (the last of each), and the text left, where each stood a space. It
// takes until none is left, so that the text left never holds one.
func takeClock(text string) (string, ClockStamp) {
	var st ClockStamp
	for {
		var b strings.Builder
		found := false
		rest := text
		for {
			i := strings.Index(rest, "[%")
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i:], ']')
			if j < 0 {
				break
			}
			if takeCommand(rest[i+2:i+j], &st) {
				b.WriteString(rest[:i])
				b.WriteByte(' ')
				rest = rest[i+j+1:]
				found = true
				continue
			}
			b.WriteString(rest[:i+2])
			rest = rest[i+2:]
		}
		if !found {
			if st.Periods > 0 && !st.Set {
				st.Periods = 0 // periods without a clock say nothing
			}
			return text, st
		}
		b.WriteString(rest)
		text = b.String()
	}
}

// ClockAt is the clock at n, a node of the game's tree, when the game has a
// clock (its TimeControl tag): each side's time as its last move before n left
// it (that move's [%clk]), whole for a side that has not moved, or whose move
// has no clock or one the control cannot have; the side to move's turn begins
// with it. A correspondence game's side to move has its days for the move
// whole again. The record's moves alternate sides, as its move numbers do.
func (g *Game) ClockAt(n *Node) (clock.Snapshot, bool) { return ClockAt(g.Control, n) }

// ClockAt is Game.ClockAt for a tree played under the control ctl.
func ClockAt(ctl clock.Control, n *Node) (clock.Snapshot, bool) {
	if ctl.Kind == clock.NoClock {
		return clock.Snapshot{}, false
	}
	snap := ctl.Start()
	whole := snap.Sides[0]
	for _, p := range n.Path() {
		side := game.Player((p.Ply - 1) % 2)
		sd := whole
		if p.Clock.Set && ctl.Kind != clock.Correspondence {
			sd.Main = p.Clock.Left
			if p.Clock.Periods > 0 && ctl.Kind == clock.ByoYomi {
				sd.Periods = int(p.Clock.Periods)
			}
		}
		sd.Moved = true
		try := snap
		try.Sides[side] = sd
		if ctl.Check(try) != nil {
			sd = whole
			sd.Moved = true
		}
		snap.Sides[side] = sd
	}
	snap.ToMove = game.Player(n.Ply % 2)
	return snap, true
}
