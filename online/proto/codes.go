package proto

import (
	"crypto/rand"
	"fmt"
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
