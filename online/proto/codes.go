package proto

import (
	"crypto/rand"
	"fmt"
	"math"
	"net"
	"strconv"
	"strings"
)

// alphabet is Crockford's base 32: no I, L, O or U, so that a code read aloud or
// copied by hand is not misread.
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// Lengths of the random strings, in characters of 5 bits.
const (
	IDLen    = 8  // a game id: 40 bits, unique among live games
	TokenLen = 16 // an invite token: 80 bits
	KeyLen   = 26 // a player key: 130 bits
)

// Random returns n random characters of the code alphabet.
func Random(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand's contract since Go 1.24)
	for i := range b {
		b[i] = alphabet[b[i]&31]
	}
	return string(b)
}

func inAlphabet(s string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(alphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}

// ValidID reports whether s is a game id.
func ValidID(s string) bool { return len(s) == IDLen && inAlphabet(s) }

// validSecret reports whether s can be a token or a key: 16 to 40 code characters.
func validSecret(s string) bool { return len(s) >= 16 && len(s) <= 40 && inAlphabet(s) }

// Invite is what a host gives a friend: the game, the secret that lets one take
// its free seat and, for a direct game, the host's address.
type Invite struct {
	Addr  string // host:port of a direct game; "" for a game on a relay
	Game  string
	Token string
}

// DirectScheme starts a direct game's invite code.
const DirectScheme = "trihex://"

// String spells the code: "GAMEID-TOKEN" for a relay's game (the relay's address
// is the player's setting), "trihex://HOST:PORT/GAMEID-TOKEN" for a direct one.
func (v Invite) String() string {
	code := v.Game + "-" + v.Token
	if v.Addr != "" {
		return DirectScheme + v.Addr + "/" + code
	}
	return code
}

// ParseInvite reads an invite code as String writes it, in either case, with
// spaces around it allowed.
func ParseInvite(s string) (Invite, error) {
	var v Invite
	s = strings.TrimSpace(s)
	if len(s) > 300 {
		return v, fmt.Errorf("proto: invite code too long")
	}
	if rest, ok := cutPrefixFold(s, DirectScheme); ok {
		addr, code, ok := strings.Cut(rest, "/")
		if !ok {
			return v, fmt.Errorf("proto: invite code %q: want %sHOST:PORT/CODE", clip(s), DirectScheme)
		}
		host, port, err := net.SplitHostPort(addr)
		if err != nil || host == "" {
			return v, fmt.Errorf("proto: invite code %q: address %q: want HOST:PORT", clip(s), clip(addr))
		}
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return v, fmt.Errorf("proto: invite code %q: bad port %q", clip(s), clip(port))
		}
		v.Addr, s = addr, code
	}
	id, tok, ok := strings.Cut(strings.ToUpper(s), "-")
	if !ok || !ValidID(id) || len(tok) != TokenLen || !inAlphabet(tok) {
		return Invite{}, fmt.Errorf("proto: invite code %q: want %d and %d letters or digits joined by -", clip(s), IDLen, TokenLen)
	}
	v.Game, v.Token = id, tok
	return v, nil
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// TC kinds.
const (
	TCNone    = "none"
	TCFischer = "fischer"
	TCByoyomi = "byoyomi"
	TCDays    = "days"
)

// Control is a time control.
type Control struct {
	Kind    string
	Base    int64 // ms of main time (Fischer, byo-yomi)
	Inc     int64 // ms added after each move (Fischer)
	Periods int   // byo-yomi periods
	Period  int64 // ms of one byo-yomi period
	Days    int   // days per move (correspondence)
}

// Day is a correspondence day in ms.
const Day = 24 * 3600 * 1000

// ParseTC reads a time control: "" or "none"; "5+3" (Fischer: 5 minutes, 3 seconds
// added a move; decimals allowed, "0.5+0" is 30 seconds); "10+5x30" (byo-yomi: 10
// minutes, then 5 periods of 30 seconds); "3d" (correspondence: 3 days a move,
// 1 to 30).
func ParseTC(s string) (Control, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	bad := func(why string) (Control, error) {
		return Control{}, fmt.Errorf("proto: time control %q: %s", clip(s), why)
	}
	switch {
	case s == "" || s == TCNone:
		return Control{Kind: TCNone}, nil
	case strings.HasSuffix(s, "d"):
		n, err := strconv.Atoi(strings.TrimSuffix(s, "d"))
		if err != nil || n < 1 || n > 30 {
			return bad("want 1d to 30d")
		}
		return Control{Kind: TCDays, Days: n}, nil
	}
	base, rest, ok := strings.Cut(s, "+")
	if !ok {
		return bad(`want "none", MIN+SEC, MIN+PxSEC or Nd`)
	}
	b, err := duration(base, 60_000, 600*60_000)
	if err != nil {
		return bad("minutes: " + err.Error())
	}
	if p, per, ok := strings.Cut(rest, "x"); ok {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 30 {
			return bad("periods: want 1 to 30")
		}
		d, err := duration(per, 1000, 3600_000)
		if err != nil || d == 0 {
			return bad("period seconds: want more than 0")
		}
		return Control{Kind: TCByoyomi, Base: b, Periods: n, Period: d}, nil
	}
	inc, err := duration(rest, 1000, 3600_000)
	if err != nil {
		return bad("increment seconds: " + err.Error())
	}
	if b == 0 && inc == 0 {
		return bad("no time at all")
	}
	return Control{Kind: TCFischer, Base: b, Inc: inc}, nil
}

// duration reads a non-negative decimal number of units (ms each), at most max ms.
func duration(s string, unit, max int64) (int64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f < 0 || strings.ContainsAny(s, "eEnN_") {
		return 0, fmt.Errorf("%q is not a number", clip(s))
	}
	ms := math.Round(f * float64(unit))
	if ms > float64(max) {
		return 0, fmt.Errorf("%s is over the limit", clip(s))
	}
	return int64(ms), nil
}

// String spells c as ParseTC reads it.
func (c Control) String() string {
	num := func(ms, unit int64) string { return strconv.FormatFloat(float64(ms)/float64(unit), 'f', -1, 64) }
	switch c.Kind {
	case TCFischer:
		return num(c.Base, 60_000) + "+" + num(c.Inc, 1000)
	case TCByoyomi:
		return num(c.Base, 60_000) + "+" + strconv.Itoa(c.Periods) + "x" + num(c.Period, 1000)
	case TCDays:
		return strconv.Itoa(c.Days) + "d"
	}
	return TCNone
}

// Tag spells c as a record's TimeControl tag: in seconds, as PGN has it ("300+3",
// "600+5x30", "3d/move"), where String's minutes are the window's and the
// protocol's spelling.
func (c Control) Tag() string {
	sec := func(ms int64) string { return strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) }
	switch c.Kind {
	case TCFischer:
		return sec(c.Base) + "+" + sec(c.Inc)
	case TCByoyomi:
		return sec(c.Base) + "+" + strconv.Itoa(c.Periods) + "x" + sec(c.Period)
	case TCDays:
		return strconv.Itoa(c.Days) + "d/move"
	}
	return "-"
}
