// Package clock keeps the game clocks without a display: the time controls
// (none, Fischer, byo-yomi, correspondence) with their spellings in a record's
// TimeControl tag and in the window, and a Clock for the two sides of one game.
// It reads the time only through an injected function, so that tests run it in
// fake time (testing/synctest) and the session, the window and a network relay
// share one model.
package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind is a kind of time control.
type Kind int8

// The time controls.
const (
	// NoClock: nobody's time is counted.
	NoClock Kind = iota
	// Fischer: Base for the whole game, Increment added after each move.
	Fischer
	// ByoYomi: Base for the whole game, then Periods periods of Period each; a
	// move made within a period keeps it, a period run out is spent, the flag
	// falls when the last one runs out.
	ByoYomi
	// Correspondence: PerMove for each move, whatever was left of the last.
	Correspondence
)

// Control is a time control. The zero Control is no clock. Controls compare
// with ==.
type Control struct {
	Kind      Kind
	Base      time.Duration // the main time: Fischer's, byo-yomi's (may be 0)
	Increment time.Duration // Fischer: added after each move
	Periods   int           // byo-yomi: the number of periods
	Period    time.Duration // byo-yomi: the length of each period
	PerMove   time.Duration // correspondence: the time for each move, whole days
}

// Bounds of a Control, so that every value formats and parses exactly.
const (
	MaxBase      = 24 * time.Hour
	MaxIncrement = time.Hour // also the longest byo-yomi period
	MaxPeriods   = 100
	MaxDays      = 60
	day          = 24 * time.Hour
)

// The controls by their parts.

// FischerControl is base + increment.
func FischerControl(base, inc time.Duration) Control {
	return Control{Kind: Fischer, Base: base, Increment: inc}
}

// ByoYomiControl is base, then periods × period.
func ByoYomiControl(base time.Duration, periods int, period time.Duration) Control {
	return Control{Kind: ByoYomi, Base: base, Periods: periods, Period: period}
}

// CorrespondenceControl is days for each move.
func CorrespondenceControl(days int) Control {
	return Control{Kind: Correspondence, PerMove: time.Duration(days) * day}
}

// Presets are the controls the window offers, fastest first; custom ones are
// read with ParseLabel.
var Presets = []Control{
	FischerControl(time.Minute, 0),
	FischerControl(3*time.Minute, 2*time.Second),
	FischerControl(5*time.Minute, 3*time.Second),
	FischerControl(10*time.Minute, 5*time.Second),
	FischerControl(15*time.Minute, 10*time.Second),
	FischerControl(30*time.Minute, 20*time.Second),
	ByoYomiControl(10*time.Minute, 5, 30*time.Second),
	CorrespondenceControl(1),
	CorrespondenceControl(3),
	CorrespondenceControl(7),
}

// Valid says why c is not a control Trihex plays, or nil.
func (c Control) Valid() error {
	ms := func(d time.Duration) bool { return d%time.Millisecond == 0 }
	switch c.Kind {
	case NoClock:
		if c != (Control{}) {
			return errors.New("clock: no clock has no times")
		}
	case Fischer:
		switch {
		case c.Base <= 0 || c.Base > MaxBase || !ms(c.Base):
			return fmt.Errorf("clock: base time %v is not from 1 ms to %v, in whole milliseconds", c.Base, MaxBase)
		case c.Increment < 0 || c.Increment > MaxIncrement || !ms(c.Increment):
			return fmt.Errorf("clock: increment %v is not from 0 to %v, in whole milliseconds", c.Increment, MaxIncrement)
		case c.Periods != 0 || c.Period != 0 || c.PerMove != 0:
			return errors.New("clock: a Fischer clock has no periods")
		}
	case ByoYomi:
		switch {
		case c.Base < 0 || c.Base > MaxBase || !ms(c.Base):
			return fmt.Errorf("clock: main time %v is not from 0 to %v, in whole milliseconds", c.Base, MaxBase)
		case c.Periods < 1 || c.Periods > MaxPeriods:
			return fmt.Errorf("clock: %d periods: from 1 to %d", c.Periods, MaxPeriods)
		case c.Period <= 0 || c.Period > MaxIncrement || !ms(c.Period):
			return fmt.Errorf("clock: period %v is not from 1 ms to %v, in whole milliseconds", c.Period, MaxIncrement)
		case c.Increment != 0 || c.PerMove != 0:
			return errors.New("clock: a byo-yomi clock has no increment")
		}
	case Correspondence:
		if c.PerMove < day || c.PerMove > MaxDays*day || c.PerMove%day != 0 {
			return fmt.Errorf("clock: %v a move is not 1 to %d whole days", c.PerMove, MaxDays)
		}
		if c.Base != 0 || c.Increment != 0 || c.Periods != 0 || c.Period != 0 {
			return errors.New("clock: a correspondence clock has only its days")
		}
	default:
		return fmt.Errorf("clock: unknown kind %d", c.Kind)
	}
	return nil
}

// LowTime is the time left under which a side's clock warns: min(60 s,
// max(10 s, base/8)) as Lichess has it (byo-yomi: of its main time; the time
// counted is all that is left before the flag), and for correspondence an
// eighth of the time a move.
func (c Control) LowTime() time.Duration {
	if c.Kind == Correspondence {
		return c.PerMove / 8
	}
	return min(60*time.Second, max(10*time.Second, c.Base/8))
}

// String is c as a record's TimeControl tag writes it, in seconds:
//
//   - no clock
//     300+5        Fischer: 300 s, 5 s a move (PGN's form; "30+0.5", "60+0")
//     600+5x30     byo-yomi: 600 s, then 5 periods of 30 s ("0+3x10": byo-yomi only)
//     3d/move      correspondence: 3 days a move
//
// Parse reads it back.
func (c Control) String() string {
	switch c.Kind {
	case Fischer:
		return seconds(c.Base) + "+" + seconds(c.Increment)
	case ByoYomi:
		return seconds(c.Base) + "+" + strconv.Itoa(c.Periods) + "x" + seconds(c.Period)
	case Correspondence:
		return strconv.Itoa(int(c.PerMove/day)) + "d/move"
	}
	return "-"
}

// Parse reads a TimeControl tag as String writes it (spaces around allowed, "×"
// for "x", and PGN's "300" for 300+0); "" is no clock too.
func Parse(s string) (Control, error) {
	t := strings.TrimSpace(s)
	if t == "-" || t == "" {
		return Control{}, nil
	}
	bad := func(why string) (Control, error) {
		return Control{}, fmt.Errorf("clock: time control %s: %s (want 300+5, 600+5x30, 3d/move or -)", clip(s), why)
	}
	var c Control
	if days, ok := strings.CutSuffix(t, "d/move"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || days == "" || days[0] == '+' || days[0] == '-' {
			return bad("days are not a number")
		}
		if n < 1 || n > MaxDays {
			return bad(fmt.Sprintf("days a move not from 1 to %d", MaxDays))
		}
		c = CorrespondenceControl(n)
	} else {
		base, rest, plus := strings.Cut(t, "+")
		b, err := parseSeconds(base)
		if err != nil {
			return bad("base " + err.Error())
		}
		c = FischerControl(b, 0)
		if plus {
			rest = strings.ReplaceAll(rest, "×", "x")
			if np, per, byo := strings.Cut(rest, "x"); byo {
				n, err := strconv.Atoi(np)
				if err != nil || np[0] == '+' || np[0] == '-' {
					return bad("periods are not a number")
				}
				p, err := parseSeconds(per)
				if err != nil {
					return bad("period " + err.Error())
				}
				c = ByoYomiControl(b, n, p)
			} else if c.Increment, err = parseSeconds(rest); err != nil {
				return bad("increment " + err.Error())
			}
		}
	}
	if err := c.Valid(); err != nil {
		return bad(strings.TrimPrefix(err.Error(), "clock: "))
	}
	return c, nil
}

// Label is c in the window's words, minutes first as the game servers show
// them:
//
//	no clock
//	3+2          Fischer: 3 minutes, 2 s a move ("0.5+0": 30 s; "20s+1" when the
//	             base is not a quarter of a minute)
//	10m 5×30s    byo-yomi: 10 minutes, then 5 periods of 30 s ("5×30s": byo-yomi only)
//	3 days       correspondence: 3 days a move ("1 day")
//
// ParseLabel reads it back.
func (c Control) Label() string {
	switch c.Kind {
	case Fischer:
		base := compact(c.Base)
		if c.Base%(15*time.Second) == 0 {
			base = strconv.FormatFloat(c.Base.Minutes(), 'f', -1, 64)
		}
		return base + "+" + seconds(c.Increment)
	case ByoYomi:
		per := strconv.Itoa(c.Periods) + "×" + compact(c.Period)
		if c.Base == 0 {
			return per
		}
		return compact(c.Base) + " " + per
	case Correspondence:
		if n := int(c.PerMove / day); n != 1 {
			return strconv.Itoa(n) + " days"
		}
		return "1 day"
	}
	return "no clock"
}

// ParseLabel reads a control as Label writes it, in either case, with "x" for
// "×", spaces around, and times with units where Label writes numbers ("3m+2s"
// for "3+2"). "none", "-" and "" are no clock; "3d", "3 days/move" and "3 days a
// move" are correspondence.
func ParseLabel(s string) (Control, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), " "))
	bad := func(why string) (Control, error) {
		return Control{}, fmt.Errorf("clock: time control %s: %s (want 3+2, 10m 5×30s, 3 days or no clock)", clip(s), why)
	}
	var c Control
	switch {
	case t == "" || t == "-" || t == "none" || t == "no clock":
		return Control{}, nil
	case strings.Contains(t, "d"):
		n, unit, _ := strings.Cut(t, "d")
		days, err := strconv.Atoi(strings.TrimSpace(n))
		unit = strings.TrimSpace(unit)
		if err != nil || n == "" || n[0] < '0' || n[0] > '9' || !slicesContains([]string{"", "ay", "ays", "ay/move", "ays/move", "ay a move", "ays a move", "/move"}, unit) {
			return bad("want a number of days")
		}
		if days < 1 || days > MaxDays {
			return bad(fmt.Sprintf("days a move not from 1 to %d", MaxDays))
		}
		c = CorrespondenceControl(days)
	case strings.ContainsAny(t, "x×"):
		t = strings.ReplaceAll(t, "×", "x")
		var base time.Duration
		if b, rest, ok := strings.Cut(t, " "); ok {
			var err error
			if base, err = unitDuration(b, time.Minute); err != nil {
				return bad("main time " + err.Error())
			}
			t = rest
		}
		np, per, _ := strings.Cut(t, "x")
		n, err := strconv.Atoi(strings.TrimSpace(np))
		if err != nil || strings.TrimSpace(np) == "" || strings.ContainsAny(np, "+-") {
			return bad("periods are not a number")
		}
		p, err := unitDuration(strings.TrimSpace(per), time.Second)
		if err != nil {
			return bad("period " + err.Error())
		}
		c = ByoYomiControl(base, n, p)
	default:
		b, inc, ok := strings.Cut(t, "+")
		if !ok {
			return bad(`want minutes+seconds, such as "3+2"`)
		}
		base, err := unitDuration(strings.TrimSpace(b), time.Minute)
		if err != nil {
			return bad("base " + err.Error())
		}
		i, err := unitDuration(strings.TrimSpace(inc), time.Second)
		if err != nil {
			return bad("increment " + err.Error())
		}
		c = FischerControl(base, i)
	}
	if err := c.Valid(); err != nil {
		return bad(strings.TrimPrefix(err.Error(), "clock: "))
	}
	return c, nil
}

func slicesContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// unitDuration reads a plain number in unit, or a time with units ("90s",
// "1h30m", "0.5m"), never negative.
func unitDuration(s string, unit time.Duration) (time.Duration, error) {
	if s == "" || s[0] == '-' || s[0] == '+' {
		return 0, fmt.Errorf("%s is not a time", clip(s))
	}
	if d, err := parseDecimal(s, unit); err == nil {
		return d, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%s is not a time", clip(s))
	}
	return d, nil
}

// parseSeconds reads a plain decimal number of seconds: "300", "0.5".
func parseSeconds(s string) (time.Duration, error) {
	d, err := parseDecimal(strings.TrimSpace(s), time.Second)
	if err != nil {
		return 0, fmt.Errorf("%s is not a number of seconds", clip(s))
	}
	return d, nil
}

// parseDecimal reads digits, optionally a point and up to 9 more digits, as a
// number of unit; exact, and bounded well below overflow.
func parseDecimal(s string, unit time.Duration) (time.Duration, error) {
	whole, frac, point := strings.Cut(s, ".")
	if whole == "" || len(whole) > 7 || (point && (frac == "" || len(frac) > 9)) {
		return 0, errors.New("not a number")
	}
	var n, f int64
	for _, c := range whole {
		if c < '0' || c > '9' {
			return 0, errors.New("not a number")
		}
		n = n*10 + int64(c-'0')
	}
	scale := int64(unit)
	d := n * scale
	for _, c := range frac {
		if c < '0' || c > '9' {
			return 0, errors.New("not a number")
		}
		scale /= 10
		f = f*10 + int64(c-'0')
		d += int64(c-'0') * scale
	}
	return time.Duration(d), nil
}

// seconds writes d in seconds, with as many decimals as it needs.
func seconds(d time.Duration) string {
	s := strconv.FormatInt(int64(d/time.Second), 10)
	if frac := d % time.Second; frac != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%09d", int64(frac)), "0")
	}
	return s
}

// compact writes d with units, leaving out zero parts: "10m", "1h30m", "45s".
func compact(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

func clip(s string) string {
	if len(s) > 30 {
		s = s[:30] + "…"
	}
	return strconv.Quote(s)
}
