// Package online plays Trihex over a network. A Client is one player's end of a
// game: it connects to the authority (a relay, or the host of a direct game),
// takes its seat, and keeps a View of the game that it replays through the rules;
// it reconnects by itself and sends again whatever the authority has not
// confirmed, so that nothing the player did is lost and nothing is done twice.
// The window polls it each tick without blocking; the bot (trihex bot) waits on it.
// Host serves a direct game; the relay (trihex serve) is package online/relay.
package online

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/online/proto"
	"trihex/online/wire"
)

// Config says where a Client plays and as whom.
type Config struct {
	// Dial reaches the authority: DialServer or DialDirect, or an in-memory pipe.
	Dial func(ctx context.Context) (wire.Conn, error)
	Name string // shown to the opponent
	Key  string // the player's key (NewKey), kept in the settings: it holds the seats
	// What to do on the first connection; later ones claim the seat taken.
	// Exactly one: Host a new game, Join one with an invite, Resume one, or
	// Watch one (read only, by its id; no Key needed).
	Host   *HostGame
	Join   *proto.Invite
	Resume string // a game id the Key holds a seat in
	Watch  string // a game id to follow
	// InviteAddr is the host's address put in a direct game's invite code.
	InviteAddr string
	Now        func() time.Time // time.Now when nil
	// PingEvery and Resend pace the pings and the sending again of what was not
	// confirmed (defaults 5 s and 2 s); MaxBackoff caps the wait between tries to
	// connect (default 5 s).
	PingEvery, Resend, MaxBackoff time.Duration
}

// HostGame is a game to create: which game, its rules options, its time control
// (a clock.Control's String, "" for none) and the host's seat (1 moves first, 2,
// or 0 for 1). ID and
// Token, when set, are the game's id and invite token (a host started again with
// its saved seat); else they are drawn.
type HostGame struct {
	Game, Options, Clock string
	Seat                 int
	ID, Token            string
}

// NewKey draws a new player key.
func NewKey() string { return proto.Random(proto.KeyLen) }

// EventKind names what happened.
type EventKind int

// The events a Client reports, in the order they happened.
const (
	Connected       EventKind = iota // seated (again): the View is the authority's game
	Reconnecting                     // the connection dropped; Err says why; the client tries again
	Failed                           // the seat was refused for good (Err): wrong code, no such game, version
	Joined                           // the opponent took their seat (Seat, Text: the name)
	Moved                            // a move was played (Seat, N, Move)
	Offered                          // an offer (Seat, Offer)
	Answered                         // an answer to an offer (Seat, Offer, OK)
	Chatted                          // a chat line (Seat, Text)
	GameOver                         // the game ended (Result, Text: in words)
	Refused                          // a command of ours was refused (Err, Text: why, in words)
	Rematch                          // a rematch was agreed: the View is now the new game (after Connected)
	Resynced                         // the View was replaced by the authority's whole game
	PresenceChanged                  // the player of Seat connected (OK) or left
)

// Event is one thing that happened, for the window to show.
type Event struct {
	Kind   EventKind
	Seat   int
	N      int    // a move's ply, from 1
	Move   string // a move in the game's notation
	Offer  string // proto.OfferDraw, …
	OK     bool
	Text   string
	Result *proto.Result
	Clock  *proto.Clock // the authority's clocks after a move, an answer or the end
	Err    error
}

// View is the game as this client knows it: every move replayed through the rules.
type View struct {
	Game     string // the game id
	Info     *game.Info
	Options  game.Options
	TC       string // the time control as clock.Parse reads it ("" none)
	Created  time.Time
	Seat     int // ours: 1 moves first; 0 while watching
	Names    [2]string
	Joined   [2]bool
	Start    game.State // the start position
	Position game.State // after Moves
	Moves    []string
	Line     int // takebacks so far
	Offers   []proto.Offered
	Clock    *proto.Clock // as last charged by the authority, nil without a clock
	ClockAt  time.Time    // when Clock arrived here: the running side's time falls from there
	Result   *proto.Result
	Chat     []proto.ChatLine
	Clk      []int64 // each move's clock, as proto.Snapshot.Clk
	// Present says which seats' players are connected to the authority;
	// AwaySince, since when (here) each absent one has been gone; AwayLimit,
	// how long one must be gone before the other may claim the game (0: no
	// claim in this game).
	Present    [2]bool
	AwaySince  [2]time.Time
	AwayLimit  time.Duration
	Next       string // the rematch's game id
	Invite     string // the invite code, for the host until the guest joins
	Pending    string // our move sent and not yet confirmed
	Connected  bool
	Reconnects int // how many times the connection dropped
	RTT        time.Duration
	Seq        int64
	ids        [2]int64 // each seat's last command ID carried out
}

// YourMove reports whether it is our seat's move in a game that goes on with both
// players seated.
func (v *View) YourMove() bool {
	return v.Position != nil && v.Result == nil && v.Joined[0] && v.Joined[1] &&
		int(v.Position.ToMove())+1 == v.Seat
}

// Control is the game's time control.
func (v *View) Control() clock.Control {
	c, _ := clock.Parse(v.TC) // checked when the view was built
	return c
}

// Describe says how the game ended, in words: "Red resigned", "White wins:
// three triples", "Game aborted".
func (v *View) Describe() string { return describe(v.Info, v.Result) }

func describe(info *game.Info, r *proto.Result) string {
	if r == nil || info == nil {
		return "game in progress"
	}
	if r.Aborted() {
		return "Game aborted"
	}
	res, ok := r.Game()
	if !ok {
		return "Game over"
	}
	return info.ResultSentence(res)
}

// CanClaim reports whether seat s's opponent has been gone past the game's
// limit at now, so that s may claim the game (the authority decides).
func (v *View) CanClaim(s int, now time.Time) bool {
	if s < 1 || s > 2 || v.Result != nil || v.AwayLimit <= 0 || !v.Joined[2-s] || v.Present[2-s] {
		return false
	}
	return now.Sub(v.AwaySince[2-s]) >= v.AwayLimit
}

// Client is one player's connection to a game.
type Client struct {
	cfg    Config
	ctx    context.Context
	cancel context.CancelFunc
	cmds   chan func(*conn)
	wake   chan struct{}
	done   chan struct{}

	mu      sync.Mutex
	v       View
	events  []Event
	target  string // the game to claim on (re)connection, once seated
	token   string // the invite token of a game we host
	pending []*proto.Msg
	nextID  int64
	failed  bool
	// reconnects counts the drops, for View.Reconnects
	reconnects int
}

// Start begins connecting in the background and returns at once.
func Start(cfg Config) *Client {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PingEvery == 0 {
		cfg.PingEvery = 5 * time.Second
	}
	if cfg.Resend == 0 {
		cfg.Resend = 2 * time.Second
	}
	if cfg.MaxBackoff == 0 {
		cfg.MaxBackoff = 5 * time.Second
	}
	c := &Client{cfg: cfg, cmds: make(chan func(*conn), 64), wake: make(chan struct{}, 1), done: make(chan struct{})}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	c.target = cfg.Resume
	if h := cfg.Host; h != nil {
		c.target, c.token = h.ID, h.Token
		if c.target == "" || c.token == "" {
			c.target, c.token = proto.Random(proto.IDLen), proto.Random(proto.TokenLen)
		}
	}
	if cfg.Join != nil {
		c.target = cfg.Join.Game
	}
	if cfg.Watch != "" {
		c.target = cfg.Watch
	}
	go c.run()
	return c
}

// Close ends the connection; the Client does nothing more.
func (c *Client) Close() {
	c.cancel()
	<-c.done
}

// Done is closed once the client has stopped (Close, or Failed).
func (c *Client) Done() <-chan struct{} { return c.done }

// Poll returns the events since the last call, without waiting.
func (c *Client) Poll() []Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	ev := c.events
	c.events = nil
	return ev
}

// Wake has a value whenever events are waiting for Poll.
func (c *Client) Wake() <-chan struct{} { return c.wake }

// View returns a copy of the game as known now.
func (c *Client) View() View {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := c.v
	v.Reconnects = c.reconnects
	if v.Position != nil {
		v.Position = v.Position.Clone()
	}
	v.Moves = slices.Clone(v.Moves)
	v.Clk = slices.Clone(v.Clk)
	v.Offers = slices.Clone(v.Offers)
	v.Chat = slices.Clone(v.Chat)
	return v
}

// GameID is the id of the game played (drawn by the client when it hosts).
func (c *Client) GameID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.target
}

// InviteCode is the code to give the opponent, for a game this client hosts.
func (c *Client) InviteCode() string {
	if c.token == "" {
		return ""
	}
	return proto.Invite{Addr: c.cfg.InviteAddr, Game: c.GameID(), Token: c.token}.String()
}

func (c *Client) emit(e Event) {
	c.events = append(c.events, e)
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// Move plays text (in the game's notation) for our seat. It is checked here by the
// rules first; the authority checks it again and confirms it to both players.
func (c *Client) Move(text string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := &c.v
	switch {
	case v.Position == nil:
		return errors.New("online: not seated in a game yet")
	case v.Result != nil:
		return errors.New("online: the game is over")
	case v.Pending != "":
		return errors.New("online: a move is on its way already")
	case !v.YourMove():
		return errors.New("online: not your move")
	}
	m, err := v.Position.ParseMove(text)
	if err != nil {
		return fmt.Errorf("online: %v", err)
	}
	if !v.Position.IsLegal(m) {
		return fmt.Errorf("online: %s is not a legal move here", v.Position.FormatMove(m))
	}
	text = v.Position.FormatMove(m)
	v.Pending = text
	c.queue(&proto.Msg{T: proto.Move, N: len(v.Moves) + 1, Line: v.Line, Move: text})
	return nil
}

// Offer offers a draw, a takeback, an abort or a rematch (proto.Offer… kinds).
func (c *Client) Offer(kind string) { c.command(&proto.Msg{T: proto.Offer, Kind: kind}) }

// Answer accepts or declines the opponent's offer of kind.
func (c *Client) Answer(kind string, ok bool) {
	c.command(&proto.Msg{T: proto.Answer, Kind: kind, OK: ok})
}

// Resign gives up the game.
func (c *Client) Resign() { c.command(&proto.Msg{T: proto.Resign}) }

// Claim claims the game from an opponent gone past the limit (View.CanClaim):
// won (proto.ClaimWin) or drawn (proto.ClaimDraw).
func (c *Client) Claim(kind string) { c.command(&proto.Msg{T: proto.ClaimEnd, Kind: kind}) }

// Chat sends a line to the opponent.
func (c *Client) Chat(text string) { c.command(&proto.Msg{T: proto.Chat, Text: text}) }

// command numbers m and queues it.
func (c *Client) command(m *proto.Msg) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nextID++
	m.ID = c.nextID
	c.queue(m)
}

// queue keeps m until the authority confirms it, and sends it now; c.mu is held.
func (c *Client) queue(m *proto.Msg) {
	c.pending = append(c.pending, m)
	select {
	case c.cmds <- func(k *conn) { k.send(m) }:
	default: // the resend tick sends it
	}
}

// ErrClosed is the Err of the Failed event after Close.
var ErrClosed = errors.New("online: closed")
