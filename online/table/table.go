// Package table is the authority's model of one network game: the events that
// change it (Event), their fold into the game (Apply: every move replayed through
// the rules), and the decisions on what players ask (Decide: legal, in turn, in
// time, not twice). The host of a direct game and every relay node run the same
// code, so a game folded from its stored events is the same game wherever it is
// folded. Time comes in as Unix milliseconds stamped on the events: a clock is
// charged from the stored times, so any node computes the same flag.
package table

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"trihex/game"
	"trihex/game/clock"
	"trihex/online/proto"
)

// Event kinds.
const (
	KCreate = "create"
	KJoin   = "join"
	KMove   = "move"
	KOffer  = "offer"
	KAnswer = "answer"
	KChat   = "chat"
	KResign = "resign"
	KFlag   = "flag"
	KAbort  = "abort"
	// KPresence: a seat's player connected (OK) or left.
	KPresence = "presence"
	// KClaim: the game claimed, won (OK) or drawn, from a player gone past the
	// limit.
	KClaim = "claim"
)

// Event is one accepted change to a game, as the authority stores it.
type Event struct {
	K    string `json:"k"`
	At   int64  `json:"at"` // authority's Unix ms
	Seat int    `json:"seat,omitempty"`
	// create: the game, its options and clock, the seats' key hashes and names
	// (the host's; both for a rematch), the invite token's hash
	Kind  string    `json:"kind,omitempty"` // the game's name; an offer's kind
	Opts  string    `json:"opts,omitempty"`
	TC    string    `json:"tc,omitempty"`
	Keys  [2]string `json:"keys,omitzero"`
	Names [2]string `json:"names,omitzero"`
	Token string    `json:"token,omitempty"`
	Away  int64     `json:"away,omitempty"` // ms a player may be gone before the other claims the game
	// join: Seat, Key, Name
	Key  string `json:"key,omitempty"`
	Name string `json:"name,omitempty"`
	// move: Seat, N, Line, Mv, Comp (ms of lag forgiven); offer, answer: Kind, N, OK;
	// chat: Text
	N    int    `json:"n,omitempty"`
	Line int    `json:"line,omitempty"`
	Mv   string `json:"mv,omitempty"`
	Comp int64  `json:"comp,omitempty"`
	OK   bool   `json:"ok,omitempty"`
	Text string `json:"text,omitempty"`
	Next string `json:"next,omitempty"` // an accepted rematch: the new game's id
	ID   int64  `json:"id,omitempty"`   // the command's ID (offer, answer, resign, chat)
}

// Hash is what the authority keeps of a secret (a player key, an invite token):
// its SHA-256, so that stored games give no one a seat.
func Hash(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:16])
}

// Table is one game as its events made it.
type Table struct {
	ID      string
	Info    *game.Info
	Options game.Options
	Created int64
	Seq     int64 // events applied; the create is 1
	LastAt  int64 // time of the last event

	keys   [2]string
	names  [2]string
	token  string
	start  game.State
	pos    game.State
	moves  []game.Move
	texts  []string
	line   int
	offers []proto.Offered
	res    game.Result // the game's end (Over), by the rules or beyond the board
	// aborted: the game was called off early; it has no result.
	aborted bool
	next    string
	chat    []proto.ChatLine
	cmds    [2]int64 // each seat's last command ID carried out

	ctl    clock.Control
	clk    *clock.Clock // nil without a time control; reads the time at t.at
	at     int64
	turnAt int64            // when the side to move's turn began
	snaps  []clock.Snapshot // snaps[i]: the clocks after i moves, for takebacks and [%clk]
	quota  [2]int64         // ms of lag each side may still be forgiven

	present   [2]bool  // each seat's player is connected
	awayAt    [2]int64 // since when each absent seat's player has been gone
	awayLimit int64    // ms gone before the other may claim; 0: no claim
}

// Refusal is a command the authority will not carry out, with the protocol's
// error code and the words for the player.
type Refusal struct{ Code, Text string }

func (r *Refusal) Error() string { return "table: " + r.Text }

func refuse(code, format string, a ...any) *Refusal {
	return &Refusal{Code: code, Text: fmt.Sprintf(format, a...)}
}

// ErrDuplicate is Decide's answer to a command already carried out (a move sent
// twice): nothing changes, and the sender is told so.
var ErrDuplicate = errors.New("table: already done")

// maxChat is how many chat lines a game keeps.
const maxChat = 50

// Start folds a create event into a new game.
func Start(id string, e *Event) (*Table, error) {
	if e.K != KCreate {
		return nil, fmt.Errorf("table: game %s starts with %q, not create", id, e.K)
	}
	info, err := game.Lookup(e.Kind)
	if err != nil {
		return nil, fmt.Errorf("table: %v", err)
	}
	opts, err := info.ResolveOptions(e.Opts)
	if err != nil {
		return nil, fmt.Errorf("table: %v", err)
	}
	ctl, err := clock.Parse(e.TC)
	if err != nil {
		return nil, fmt.Errorf("table: %v", err)
	}
	t := &Table{ID: id, Info: info, Options: opts, Created: e.At, Seq: 1, LastAt: e.At,
		keys: e.Keys, names: e.Names, token: e.Token, res: game.Ongoing, turnAt: e.At, awayLimit: max(e.Away, 0)}
	for i, k := range e.Keys {
		// The host is here; a rematch's players come back to it.
		t.present[i] = k != "" && e.Token != ""
		t.awayAt[i] = e.At
	}
	t.start = info.New(opts)
	t.pos = t.start.Clone()
	t.startClock(ctl)
	if t.clk != nil {
		t.at = e.At
		t.snaps = []clock.Snapshot{t.clk.Snapshot()}
	}
	return t, nil
}

// Fold builds a game from all its events.
func Fold(id string, events []*Event) (*Table, error) {
	if len(events) == 0 {
		return nil, fmt.Errorf("table: game %s has no events", id)
	}
	t, err := Start(id, events[0])
	if err != nil {
		return nil, err
	}
	for _, e := range events[1:] {
		if err := t.Apply(e); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// seatOf is the side a seat plays: seat 1 moves first.
func seatOf(p game.Player) int { return int(p) + 1 }

// ToMove is the seat whose move it is.
func (t *Table) ToMove() int { return seatOf(t.pos.ToMove()) }

// Ply is the number of moves played.
func (t *Table) Ply() int { return len(t.moves) }

// Line is the number of takebacks accepted, which a move must name.
func (t *Table) Line() int { return t.line }

// Over reports whether the game has ended (or was aborted).
func (t *Table) Over() bool { return t.res.Over || t.aborted }

// Result is how the game ended (game.Ongoing while it goes on), and whether it
// was aborted, which has no result.
func (t *Table) Result() (game.Result, bool) { return t.res, t.aborted }

// Present reports whether seat s's player is connected, and if not, since when
// (Unix ms) it has been gone.
func (t *Table) Present(s int) (bool, int64) { return t.present[s-1], t.awayAt[s-1] }

// AwayLimit is how long (ms) a player may be gone before the other may claim
// the game; 0 when no claim can be made.
func (t *Table) AwayLimit() int64 { return t.awayLimit }

// Moves are the moves in the game's notation.
func (t *Table) Moves() []string { return t.texts }

// Position is the position now (not to be changed).
func (t *Table) Position() game.State { return t.pos }

// Next is the rematch's game id, once one was agreed.
func (t *Table) Next() string { return t.next }

// Joined reports whether seat s (1 or 2) is taken.
func (t *Table) Joined(s int) bool { return t.keys[s-1] != "" }

// Name is the name of seat s's player.
func (t *Table) Name(s int) string { return t.names[s-1] }

// SeatOfKey is the seat a player key's hash holds, or 0.
func (t *Table) SeatOfKey(keyHash string) int {
	for i, k := range t.keys {
		if k != "" && k == keyHash {
			return i + 1
		}
	}
	return 0
}

// TokenOK reports whether token is the game's invite token.
func (t *Table) TokenOK(token string) bool { return t.token != "" && Hash(token) == t.token }

// HashText spells a position's hash as moves carry it.
func HashText(s game.State) string { return strconv.FormatUint(s.Hash(), 16) }

// Apply folds an event the authority accepted (from Decide, or read back from
// the store) into the game. An event that does not fit is an error: a store that
// does not hold the game it claims.
func (t *Table) Apply(e *Event) error {
	if err := t.apply(e); err != nil {
		return fmt.Errorf("table: game %s, event %d (%s): %v", t.ID, t.Seq+1, e.K, err)
	}
	t.Seq++
	t.LastAt = max(t.LastAt, e.At)
	return nil
}

func (t *Table) apply(e *Event) error {
	if e.Seat < 1 || e.Seat > 2 {
		return fmt.Errorf("seat %d", e.Seat)
	}
	if e.Seat > 0 && e.ID > t.cmds[e.Seat-1] {
		t.cmds[e.Seat-1] = e.ID
	}
	switch e.K {
	case KJoin:
		if e.Seat == 0 || t.keys[e.Seat-1] != "" {
			return fmt.Errorf("seat %d is taken", e.Seat)
		}
		t.keys[e.Seat-1], t.names[e.Seat-1] = e.Key, e.Name
		t.present[e.Seat-1] = true
	case KPresence:
		if t.present[e.Seat-1] != e.OK {
			t.present[e.Seat-1], t.awayAt[e.Seat-1] = e.OK, e.At
		}
	case KClaim:
		if t.Over() {
			return errors.New("the game is over")
		}
		w := game.NoPlayer
		if e.OK {
			w = game.Player(e.Seat - 1)
		}
		t.end(game.Ended(game.Abandoned, w), e.At)
	case KMove:
		return t.applyMove(e)
	case KOffer:
		t.offers = append(t.offers, proto.Offered{Kind: e.Kind, Seat: e.Seat, N: e.N})
	case KAnswer:
		return t.applyAnswer(e)
	case KChat:
		t.chat = append(t.chat, proto.ChatLine{Seat: e.Seat, Text: e.Text})
		if len(t.chat) > maxChat {
			t.chat = t.chat[len(t.chat)-maxChat:]
		}
	case KResign:
		if t.Over() {
			return errors.New("the game is over")
		}
		t.end(game.Ended(game.Resignation, game.Player(e.Seat-1).Other()), e.At)
	case KFlag:
		if t.Over() {
			return errors.New("the game is over")
		}
		t.flag(e.Seat, e.At)
		t.end(game.Ended(game.TimeForfeit, game.Player(e.Seat-1).Other()), e.At)
	case KAbort:
		t.abort(e.At)
	default:
		return fmt.Errorf("unknown event")
	}
	return nil
}

func (t *Table) applyMove(e *Event) error {
	if t.Over() {
		return errors.New("the game is over")
	}
	if e.N != len(t.moves)+1 || e.Line != t.line || e.Seat != t.ToMove() {
		return fmt.Errorf("move %d by seat %d out of order", e.N, e.Seat)
	}
	m, err := t.pos.ParseMove(e.Mv)
	if err == nil {
		err = t.pos.Play(m)
	}
	if err != nil {
		return err
	}
	if err := t.press(e.Seat, e.At, e.Comp); err != nil {
		return err
	}
	t.moves = append(t.moves, m)
	t.texts = append(t.texts, e.Mv)
	if t.clk != nil {
		t.snaps = append(t.snaps, t.clk.Snapshot())
	}
	t.offers = t.offers[:0] // a move declines what was offered
	if r := t.pos.Result(); r.Over {
		t.end(r, e.At)
	}
	return nil
}

func (t *Table) applyAnswer(e *Event) error {
	i := t.offerFrom(3-e.Seat, e.Kind)
	if i < 0 {
		return fmt.Errorf("no %s offer to answer", e.Kind)
	}
	o := t.offers[i]
	t.offers = append(t.offers[:i], t.offers[i+1:]...)
	if !e.OK {
		return nil
	}
	switch o.Kind {
	case proto.OfferDraw:
		t.end(game.Ended(game.Agreement, game.NoPlayer), e.At)
	case proto.OfferAbort:
		t.abort(e.At)
	case proto.OfferRematch:
		t.next = e.Next
	case proto.OfferTakeback:
		if o.N < 0 || o.N >= len(t.moves) {
			return fmt.Errorf("takeback to ply %d of %d", o.N, len(t.moves))
		}
		t.pos = t.start.Clone()
		for _, m := range t.moves[:o.N] {
			t.pos.Apply(m)
		}
		t.moves, t.texts = t.moves[:o.N], t.texts[:o.N]
		if t.clk != nil {
			t.snaps = t.snaps[:o.N+1]
			t.at = e.At
			if err := t.clk.Restore(t.snaps[o.N]); err != nil {
				return err
			}
		}
		t.turnAt = e.At
		t.line++
		t.offers = t.offers[:0]
	}
	return nil
}

// end ends the game with res at time at.
func (t *Table) end(res game.Result, at int64) {
	t.res = res
	t.offers = t.offers[:0]
	t.stopClock(at)
}

// abort calls the game off at time at: no result.
func (t *Table) abort(at int64) {
	t.aborted = true
	t.offers = t.offers[:0]
	t.stopClock(at)
}

// wire is the game's end for the wire, nil while it goes on.
func (t *Table) wire() *proto.Result {
	switch {
	case t.aborted:
		return &proto.Result{Termination: proto.TermAborted}
	case t.res.Over:
		return proto.ResultOf(t.res)
	}
	return nil
}

func (t *Table) offerFrom(seat int, kind string) int {
	for i, o := range t.offers {
		if o.Seat == seat && o.Kind == kind {
			return i
		}
	}
	return -1
}

// Describe says in words how the game ended: "White resigned", "Black wins:
// three triples", "Draw agreed", "Game aborted".
func (t *Table) Describe() string {
	switch {
	case t.aborted:
		return "Game aborted"
	case !t.res.Over:
		return "game in progress"
	}
	return t.Info.ResultSentence(t.res)
}
