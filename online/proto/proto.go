// Package proto is Trihex's network protocol: the messages two players and an
// authority (the host of a direct game, or the relay) exchange, their JSON codec
// with its limits, the length-prefixed frames that carry them over TCP, invite
// codes and time controls. It knows no carrier and no game rules: moves travel as
// text in each game's own notation (RULES.md), checked by whoever applies them.
package proto

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"trihex/game"
	"trihex/game/clock"
)

// Version is the protocol's version, sent in hello; peers of another version are
// refused with a message that says which one to run.
const Version = 1

// RulesVersion names the rules and notation of all three games; it changes when
// any game's rules or notation change, so that two programs that would disagree on
// a move never start a game together.
const RulesVersion = "1"

// Limits on what a peer may send. A frame over MaxFrame closes the connection.
const (
	MaxFrame = 64 << 10 // bytes in one message; a snapshot of a long game fits
	MaxName  = 40       // runes in a player's name
	MaxChat  = 280      // runes in one chat line
	MaxMove  = 40       // bytes of a move's text
	MaxPlies = 2000     // moves in a snapshot
	MaxList  = 200      // games in a list
	MaxOpts  = 200      // bytes of a rules options string
	maxMs    = 1000 * 3600 * 1000
)

// Type names a message.
type Type string

// Messages from a player to the authority.
const (
	Hello  Type = "hello"  // first message: V, Rules, App, Name
	Create Type = "create" // host a game: Game (an id the client draws), Token, Kind, Opts, TC, Seat (0: any), Key
	Join   Type = "join"   // take the free seat with an invite: Game, Token, Key
	Claim  Type = "claim"  // take back one's seat (reconnect): Game, Key
	List   Type = "list"   // the player's games: Key
	Move   Type = "move"   // N (its ply, from 1), Line, Move; Seq is the last event seen
	Offer  Type = "offer"  // Kind (draw, takeback, abort, rematch), N
	Answer Type = "answer" // Kind, OK, N
	Resign Type = "resign" // —
	Chat   Type = "chat"   // Text
	Sync   Type = "sync"   // ask for a State
	Ping   Type = "ping"   // TS (the sender's time, in its own unit, echoed), Seq
	Watch  Type = "watch"  // follow a game read only: Game
	// ClaimEnd ends the game when the opponent has been gone past the game's
	// limit (Snapshot.AwayLimit): Kind ClaimWin or ClaimDraw.
	ClaimEnd Type = "claim-end"
)

// Kinds of ClaimEnd.
const (
	ClaimWin  = "win"
	ClaimDraw = "draw"
)

// Messages from the authority to a player.
const (
	Welcome Type = "welcome" // answer to hello: V
	State   Type = "state"   // the whole game: Snap, Seq, Seat (the receiver's seat), Code (the invite, for its host)
	Joined  Type = "joined"  // a seat was taken: Seq, Seat, Name
	Ack     Type = "ack"     // a move already applied, sent again: N, Line
	Over    Type = "over"    // Seq, Result (resignation, time, …)
	Error   Type = "error"   // Code, Text; a refused command, or why the connection closes
	Pong    Type = "pong"    // TS echoed, Seq (the game's last event)
	Games   Type = "games"   // answer to list: Games
	// Presence tells that a seat's player connected (OK) or left: Seq, Seat.
	Presence Type = "presence"
)

// The Move, Offer, Answer and Chat types also travel from the authority to both
// players once accepted, with Seq, Seat and what the event changed (Clock, Hash,
// Result, Game for a rematch).

// Offer kinds.
const (
	OfferDraw     = "draw"
	OfferTakeback = "takeback"
	OfferAbort    = "abort"
	OfferRematch  = "rematch"
)

// Error codes.
const (
	ErrVersion   = "version"   // protocol or rules version differ
	ErrMalformed = "malformed" // not a message, or a bad field
	ErrTooBig    = "too-big"   // a frame over MaxFrame
	ErrFlood     = "flood"     // too many messages
	ErrAuth      = "auth"      // a wrong key or invite token
	ErrNotFound  = "not-found" // no such game
	ErrTaken     = "taken"     // the seat is someone else's
	ErrIllegal   = "illegal"   // a move the rules refuse
	ErrTurn      = "turn"      // not this seat's move
	ErrStale     = "stale"     // a command about a position that is gone; a State follows
	ErrOver      = "over"      // the game has ended
	ErrRefused   = "refused"   // an offer or answer that does not apply now
	ErrState     = "state"     // a command out of order (a move before a seat is held)
	ErrInternal  = "internal"  // the authority failed (storage); try again
)

// Msg is one message. Its fields are used by type as the constants above say;
// the others stay empty. Seats are 1 (who moves first) and 2; 0 is none.
type Msg struct {
	T     Type   `json:"t"`
	Seq   int64  `json:"seq,omitempty"`
	V     int    `json:"v,omitempty"`
	Rules string `json:"rules,omitempty"`
	App   string `json:"app,omitempty"`
	Name  string `json:"name,omitempty"`
	Key   string `json:"key,omitempty"`
	Game  string `json:"game,omitempty"`
	Token string `json:"token,omitempty"`
	Kind  string `json:"kind,omitempty"`
	Opts  string `json:"opts,omitempty"`
	TC    string `json:"tc,omitempty"`
	Seat  int    `json:"seat,omitempty"`
	N     int    `json:"n,omitempty"`
	Line  int    `json:"line,omitempty"`
	Move  string `json:"mv,omitempty"`
	Hash  string `json:"hash,omitempty"`
	OK    bool   `json:"ok,omitempty"`
	Text  string `json:"text,omitempty"`
	Code  string `json:"code,omitempty"`
	TS    int64  `json:"ts,omitempty"`
	// ID numbers a player's commands other than moves (offers, answers, resign,
	// chat), so that one sent twice is done once; errors name the command's ID.
	ID int64 `json:"id,omitempty"`

	Clock  *Clock     `json:"clock,omitempty"`
	Result *Result    `json:"result,omitempty"`
	Snap   *Snapshot  `json:"snap,omitempty"`
	Games  []GameInfo `json:"games,omitempty"`
}

// Clock is the clocks as the authority keeps them (game/clock's Snapshot, in
// milliseconds), as of At, the authority's time (Unix ms). The side to move's
// time runs on from when a player receives it; ClockOf and Snapshot convert.
type Clock struct {
	Sides   [2]ClockSide `json:"sides"`
	ToMove  int          `json:"toMove"`            // the seat whose turn it is
	Flagged int          `json:"flagged,omitempty"` // the seat whose time ran out, 0 none
	At      int64        `json:"at,omitempty"`
}

// ClockSide is one side's time, as clock.Side has it.
type ClockSide struct {
	Main    int64 `json:"main"`              // ms of main time (correspondence: of this move)
	Periods int   `json:"periods,omitempty"` // byo-yomi periods left
	Period  int64 `json:"period,omitempty"`  // ms left in the byo-yomi period
	Moved   bool  `json:"moved,omitempty"`   // the side has made its first move
}

// ClockOf is s for the wire, as of at.
func ClockOf(s clock.Snapshot, at int64) *Clock {
	c := &Clock{ToMove: int(s.ToMove) + 1, At: at}
	if s.Flagged != game.NoPlayer {
		c.Flagged = int(s.Flagged) + 1
	}
	for i, d := range s.Sides {
		c.Sides[i] = ClockSide{Main: d.Main.Milliseconds(), Periods: d.Periods, Period: d.Period.Milliseconds(), Moved: d.Moved}
	}
	return c
}

// Snapshot is c as game/clock has it; clock.Control.Check says whether the
// time control can have it.
func (c *Clock) Snapshot() clock.Snapshot {
	s := clock.Snapshot{ToMove: game.Player(c.ToMove - 1), Flagged: game.NoPlayer}
	if c.Flagged != 0 {
		s.Flagged = game.Player(c.Flagged - 1)
	}
	for i, d := range c.Sides {
		s.Sides[i] = clock.Side{Main: time.Duration(d.Main) * time.Millisecond, Periods: d.Periods,
			Period: time.Duration(d.Period) * time.Millisecond, Moved: d.Moved}
	}
	return s
}

// Result is how a game ended: game.Result for the wire, with the winner as a
// seat (0: a draw, or nobody in an aborted game) and the Termination as the
// record writes it ("" for the rules' own end, whose words Reason gives), or
// TermAborted: a game called off before it began, which has no result.
type Result struct {
	Winner      int    `json:"winner,omitempty"`
	Termination string `json:"term,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

// TermAborted is the Termination of an aborted game: no winner, no record.
const TermAborted = "aborted"

// ResultOf is r for the wire.
func ResultOf(r game.Result) *Result {
	out := &Result{Termination: r.Termination.String()}
	if r.Winner == game.First || r.Winner == game.Second {
		out.Winner = int(r.Winner) + 1
	}
	if r.Termination == game.ByRules {
		out.Reason = r.Reason
	}
	return out
}

// Aborted reports whether the game was aborted.
func (r *Result) Aborted() bool { return r != nil && r.Termination == TermAborted }

// Game is r as game.Result has it; false when r is not a result the game
// model can have (an aborted game, an unknown Termination, a winner the
// Termination does not allow).
func (r *Result) Game() (game.Result, bool) {
	if r == nil || r.Aborted() {
		return game.Ongoing, false
	}
	res := game.Result{Over: true, Winner: game.NoPlayer, Reason: r.Reason}
	if r.Winner == 1 || r.Winner == 2 {
		res.Winner = game.Player(r.Winner - 1)
	}
	if r.Termination != "" {
		t, ok := game.ParseTermination(r.Termination)
		if !ok || !t.Allows(res.Winner) {
			return game.Ongoing, false
		}
		return game.Ended(t, res.Winner), true
	}
	return res, true
}

// Offered is an offer waiting for an answer.
type Offered struct {
	Kind string `json:"kind"`
	Seat int    `json:"seat"`
	N    int    `json:"n"`
}

// ChatLine is one line of a game's chat.
type ChatLine struct {
	Seat int    `json:"seat"`
	Text string `json:"text"`
}

// Snapshot is a whole game as the authority holds it.
type Snapshot struct {
	Game    string     `json:"game"`
	Kind    string     `json:"kind"` // the game's name, for game.Lookup
	Opts    string     `json:"opts,omitempty"`
	TC      string     `json:"tc,omitempty"`
	Created int64      `json:"created"` // Unix ms
	Names   [2]string  `json:"names"`
	Joined  [2]bool    `json:"joined"`
	Moves   []string   `json:"moves"`
	Line    int        `json:"line,omitempty"`
	Offers  []Offered  `json:"offers,omitempty"`
	Clock   *Clock     `json:"clock,omitempty"`
	Result  *Result    `json:"result,omitempty"`
	Next    string     `json:"next,omitempty"` // the rematch's game id
	IDs     [2]int64   `json:"ids,omitzero"`   // each seat's last command ID carried out
	Chat    []ChatLine `json:"chat,omitempty"`
	// Clk is each move's clock as the record's [%clk] gives it: the mover's
	// main time after the move, in ms, or once a byo-yomi main time is spent,
	// minus the periods left. Empty without a Fischer or byo-yomi clock.
	Clk []int64 `json:"clk,omitempty"`
	// Present says which seats' players are connected; Away, for how long
	// (ms) each one that is not has been gone. AwayLimit is how long a player
	// must be gone before the other may claim the game (ClaimEnd); 0 when no
	// claim is possible (a correspondence game: its clock decides).
	Present   [2]bool  `json:"present,omitzero"`
	Away      [2]int64 `json:"away,omitzero"`
	AwayLimit int64    `json:"awayLimit,omitempty"`
}

// GameInfo is one line of a player's list of games.
type GameInfo struct {
	Game     string `json:"game"`
	Kind     string `json:"kind"`
	Seat     int    `json:"seat"`
	Opponent string `json:"opponent,omitempty"`
	Ply      int    `json:"ply"`
	YourMove bool   `json:"yourMove,omitempty"`
	Over     bool   `json:"over,omitempty"`
	Deadline int64  `json:"deadline,omitempty"` // Unix ms by which the side to move must move; 0 none
	TC       string `json:"tc,omitempty"`
}

// Encode writes m as one JSON message.
func Encode(m *Msg) ([]byte, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("proto: %v", err)
	}
	if len(b) > MaxFrame {
		return nil, fmt.Errorf("proto: %s message of %d bytes over the limit of %d", m.T, len(b), MaxFrame)
	}
	return b, nil
}

// Decode reads one message and checks its fields for its type; anything else is
// an error that names the field.
func Decode(b []byte) (*Msg, error) {
	if len(b) > MaxFrame {
		return nil, fmt.Errorf("proto: message of %d bytes over the limit of %d", len(b), MaxFrame)
	}
	var m Msg
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("proto: not a message: %v", err)
	}
	if err := m.Check(); err != nil {
		return nil, err
	}
	return &m, nil
}

var knownTypes = map[Type]bool{
	Hello: true, Create: true, Join: true, Claim: true, List: true, Move: true, Offer: true,
	Answer: true, Resign: true, Chat: true, Sync: true, Ping: true, Welcome: true, State: true,
	Joined: true, Ack: true, Over: true, Error: true, Pong: true, Games: true, Watch: true,
	ClaimEnd: true, Presence: true,
}

// Check reports the first field of m that is out of its bounds for m's type.
func (m *Msg) Check() error {
	bad := func(field, why string) error {
		return fmt.Errorf("proto: %s message: %s %s", m.T, field, why)
	}
	if !knownTypes[m.T] {
		return fmt.Errorf("proto: unknown message type %q", clip(string(m.T)))
	}
	for _, f := range []struct {
		name, v string
		max     int
	}{
		{"rules", m.Rules, 20}, {"app", m.App, 40}, {"key", m.Key, 64}, {"game", m.Game, 16},
		{"token", m.Token, 40}, {"kind", m.Kind, 20}, {"opts", m.Opts, MaxOpts}, {"tc", m.TC, 30},
		{"mv", m.Move, MaxMove}, {"hash", m.Hash, 16}, {"code", m.Code, 200}, {"text", m.Text, 4 * MaxChat},
		{"name", m.Name, 4 * MaxName},
	} {
		if len(f.v) > f.max {
			return bad(f.name, fmt.Sprintf("longer than %d bytes", f.max))
		}
		if !utf8.ValidString(f.v) {
			return bad(f.name, "is not UTF-8")
		}
	}
	switch {
	case m.Seq < 0 || m.N < 0 || m.Line < 0 || m.V < 0 || m.ID < 0:
		return bad("a number", "is negative")
	case m.Seat < 0 || m.Seat > 2:
		return bad("seat", "is not 0, 1 or 2")
	case utf8.RuneCountInString(m.Name) > MaxName:
		return bad("name", fmt.Sprintf("longer than %d characters", MaxName))
	case utf8.RuneCountInString(m.Text) > MaxChat:
		return bad("text", fmt.Sprintf("longer than %d characters", MaxChat))
	case m.Game != "" && !ValidID(m.Game):
		return bad("game", "is not a game id")
	case m.Token != "" && !validSecret(m.Token):
		return bad("token", "is not an invite token")
	case m.Key != "" && !validSecret(m.Key):
		return bad("key", "is not a player key")
	case len(m.Games) > MaxList:
		return bad("games", fmt.Sprintf("lists more than %d", MaxList))
	}
	if err := m.need(); err != nil {
		return bad(err.Error(), "is missing")
	}
	switch m.T {
	case ClaimEnd:
		if m.Kind != ClaimWin && m.Kind != ClaimDraw {
			return bad("kind", fmt.Sprintf("%q is not win or draw", clip(m.Kind)))
		}
	case Offer, Answer:
		switch m.Kind {
		case OfferDraw, OfferTakeback, OfferAbort, OfferRematch:
		default:
			return bad("kind", fmt.Sprintf("%q is not draw, takeback, abort or rematch", clip(m.Kind)))
		}
	case Create:
		if _, err := clock.Parse(m.TC); err != nil {
			return bad("tc", strings.TrimPrefix(err.Error(), "clock: "))
		}
	}
	seatOK := func(s int) bool { return s >= 0 && s <= 2 }
	results := []*Result{m.Result}
	clocks := []*Clock{m.Clock}
	if s := m.Snap; s != nil {
		results, clocks = append(results, s.Result), append(clocks, s.Clock)
		for _, o := range s.Offers {
			if !seatOK(o.Seat) || o.N < 0 {
				return bad("snap", "has a bad offer")
			}
		}
		for _, c := range s.Chat {
			if !seatOK(c.Seat) || utf8.RuneCountInString(c.Text) > MaxChat {
				return bad("snap", "has a bad chat line")
			}
		}
	}
	for _, r := range results {
		if r != nil && (!seatOK(r.Winner) || len(r.Termination) > 40 || len(r.Reason) > 200) {
			return bad("result", "is out of bounds")
		}
	}
	for _, c := range clocks {
		if c == nil {
			continue
		}
		if c.ToMove < 1 || c.ToMove > 2 || !seatOK(c.Flagged) {
			return bad("clock", "has a bad seat")
		}
		for _, d := range c.Sides {
			if d.Main < 0 || d.Period < 0 || d.Periods < 0 || d.Main > maxMs || d.Period > maxMs || d.Periods > clock.MaxPeriods {
				return bad("clock", "is out of bounds")
			}
		}
	}
	for _, g := range m.Games {
		if !seatOK(g.Seat) {
			return bad("games", "has a bad seat")
		}
	}
	if s := m.Snap; s != nil {
		if len(s.Moves) > MaxPlies || len(s.Clk) > MaxPlies || len(s.Chat) > 100 || len(s.Offers) > 8 {
			return bad("snap", "is too long")
		}
		for _, mv := range s.Moves {
			if len(mv) > MaxMove || mv == "" {
				return bad("snap", "has a bad move")
			}
		}
	}
	return nil
}

// need names a field m's type requires that is empty, or "".
func (m *Msg) need() error {
	missing := func(f string) error { return errors.New(f) }
	switch m.T {
	case Hello:
		if m.V == 0 {
			return missing("v")
		}
		if m.Rules == "" {
			return missing("rules")
		}
	case Create:
		switch {
		case m.Game == "":
			return missing("game")
		case m.Token == "":
			return missing("token")
		case m.Key == "":
			return missing("key")
		case m.Kind == "":
			return missing("kind")
		}
	case Join:
		switch {
		case m.Game == "":
			return missing("game")
		case m.Token == "":
			return missing("token")
		case m.Key == "":
			return missing("key")
		}
	case Watch:
		if m.Game == "" {
			return missing("game")
		}
	case Claim:
		if m.Game == "" {
			return missing("game")
		}
		if m.Key == "" {
			return missing("key")
		}
	case List:
		if m.Key == "" {
			return missing("key")
		}
	case Move:
		if m.N == 0 {
			return missing("n")
		}
		if m.Move == "" {
			return missing("mv")
		}
	case Offer, Answer:
		if m.Kind == "" {
			return missing("kind")
		}
	case Chat:
		if strings.TrimSpace(m.Text) == "" {
			return missing("text")
		}
	case State:
		if m.Snap == nil {
			return missing("snap")
		}
	case Error:
		if m.Code == "" {
			return missing("code")
		}
	}
	return nil
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}
