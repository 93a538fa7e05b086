package table

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"trihex/game"
	_ "trihex/game/all"
	"trihex/online/proto"
)

const (
	hostKey  = "HOSTKEY0000000000000000000"
	guestKey = "GUESTKEY000000000000000000"
	token    = "TOKEN00000000000"
)

// game is a table with its event log, so that each test also checks that the
// log folds into the same game.
type tgame struct {
	t      *testing.T
	tab    *Table
	events []*Event
}

func newGame(t *testing.T, kind, tc string) *tgame {
	t.Helper()
	e, err := Create(&proto.Msg{T: proto.Create, Kind: kind, TC: tc, Token: token, Name: "  Ada   L. "}, Hash(hostKey), 1000, 60_000)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Start("7KQ2M9XA", e)
	if err != nil {
		t.Fatal(err)
	}
	g := &tgame{t: t, tab: tab, events: []*Event{e}}
	j, err := tab.Join(&proto.Msg{T: proto.Join, Token: token, Name: "Bo"}, Hash(guestKey), 1000)
	if err != nil {
		t.Fatal(err)
	}
	g.apply(j)
	return g
}

func (g *tgame) apply(e *Event) {
	g.t.Helper()
	if err := g.tab.Apply(e); err != nil {
		g.t.Fatal(err)
	}
	g.events = append(g.events, e)
	again, err := Fold(g.tab.ID, g.events)
	if err != nil {
		g.t.Fatal(err)
	}
	if a, b := again.Snapshot(5e12), g.tab.Snapshot(5e12); !reflect.DeepEqual(a, b) {
		g.t.Fatalf("folded again: %+v\nplayed: %+v", a, b)
	}
}

// do sends m from seat at time now and applies what the table decides; it
// returns the refusal's code, "dup", or "".
func (g *tgame) do(seat int, m proto.Msg, now, lag int64) string {
	g.t.Helper()
	e, err := g.tab.Decide(seat, &m, now, lag)
	if e != nil {
		g.apply(e)
	}
	var r *Refusal
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrDuplicate):
		return "dup"
	case errors.As(err, &r):
		return r.Code
	}
	g.t.Fatal(err)
	return ""
}

func (g *tgame) move(seat, n int, mv string, now int64) string {
	return g.do(seat, proto.Msg{T: proto.Move, N: n, Line: g.tab.Line(), Move: mv}, now, 0)
}

func TestMovesNumberedAndChecked(t *testing.T) {
	g := newGame(t, "attangle", "")
	if g.tab.Name(1) != "Ada L." || g.tab.Name(2) != "Bo" {
		t.Errorf("names %q %q", g.tab.Name(1), g.tab.Name(2))
	}
	for _, c := range []struct {
		seat, n  int
		mv, want string
	}{
		{2, 1, "e6", "turn"},    // White moves first
		{1, 1, "z9", "illegal"}, // not a cell
		{1, 2, "e6", "stale"},   // a gap
		{1, 1, "e6", ""},
		{1, 1, "e6", "dup"}, // sent twice: acknowledged, not applied
		{1, 1, "E6 ", "dup"},
		{2, 2, "e6", "illegal"}, // taken
		{2, 2, "c6", ""},
		{2, 1, "e6", "stale"}, // not seat 2's move 1
	} {
		if got := g.move(c.seat, c.n, c.mv, 2000); got != c.want {
			t.Errorf("seat %d move %d %s: %q, want %q", c.seat, c.n, c.mv, got, c.want)
		}
	}
	if got := strings.Join(g.tab.Moves(), " "); got != "e6 c6" {
		t.Errorf("moves %q", got)
	}
	if g.tab.Seq != 4 {
		t.Errorf("seq %d, want 4 (create, join, 2 moves)", g.tab.Seq)
	}
}

func TestJoin(t *testing.T) {
	g := newGame(t, "abande", "")
	for _, c := range []struct {
		key, tok, want string
	}{
		{guestKey, token, "dup"},
		{"OTHERKEY00000000000000000", token, "taken"},
		{"OTHERKEY00000000000000000", "WRONGTOKEN000000", "auth"},
		{hostKey, token, "dup"},
	} {
		_, err := g.tab.Join(&proto.Msg{T: proto.Join, Token: c.tok}, Hash(c.key), 3000)
		got := "dup"
		var r *Refusal
		if errors.As(err, &r) {
			got = r.Code
		}
		if got != c.want {
			t.Errorf("%s with %s: %v, want %s", c.key, c.tok, err, c.want)
		}
	}
	if g.tab.SeatOfKey(Hash(guestKey)) != 2 || g.tab.SeatOfKey(Hash(hostKey)) != 1 || g.tab.SeatOfKey("x") != 0 {
		t.Error("seats by key")
	}
}

func TestTakebackDrawRematch(t *testing.T) {
	g := newGame(t, "attangle", "")
	g.move(1, 1, "e6", 2000)
	g.move(2, 2, "c6", 3000)
	g.move(1, 3, "g4", 4000)
	// Black asks to take back c6 (and g4, the reply to it).
	if got := g.do(2, proto.Msg{T: proto.Offer, Kind: proto.OfferTakeback}, 5000, 0); got != "" {
		t.Fatal(got)
	}
	if got := g.do(2, proto.Msg{T: proto.Offer, Kind: proto.OfferTakeback}, 5000, 0); got != "dup" {
		t.Errorf("offered twice: %q", got)
	}
	if got := g.do(1, proto.Msg{T: proto.Answer, Kind: proto.OfferTakeback, OK: true, N: 1}, 6000, 0); got != "" {
		t.Fatal(got)
	}
	if got := strings.Join(g.tab.Moves(), " "); got != "e6" || g.tab.Line() != 1 {
		t.Fatalf("after the takeback: %q line %d", got, g.tab.Line())
	}
	// A late copy of Black's old move 2 names the old line: refused as stale.
	if got := g.do(2, proto.Msg{T: proto.Move, N: 2, Line: 0, Move: "c6"}, 6500, 0); got != "stale" {
		t.Errorf("old line: %q", got)
	}
	g.move(2, 2, "d7", 7000)
	// A draw offered by one side is declined by the other's move, then agreed.
	g.do(2, proto.Msg{T: proto.Offer, Kind: proto.OfferDraw}, 7100, 0)
	g.move(1, 3, "g4", 8000)
	if s := g.tab.Snapshot(8000); len(s.Offers) != 0 {
		t.Errorf("offers after a move: %+v", s.Offers)
	}
	g.do(1, proto.Msg{T: proto.Offer, Kind: proto.OfferDraw}, 8100, 0)
	if got := g.do(2, proto.Msg{T: proto.Offer, Kind: proto.OfferDraw}, 8200, 0); got != "" {
		t.Fatal(got)
	}
	if r, _ := g.tab.Result(); r != game.Ended(game.Agreement, game.NoPlayer) {
		t.Fatalf("%+v", r)
	}
	if got := g.move(2, 4, "b1", 9000); got != "over" {
		t.Errorf("a move after the end: %q", got)
	}
	if got := g.do(1, proto.Msg{T: proto.Offer, Kind: proto.OfferRematch}, 9000, 0); got != "" {
		t.Fatal(got)
	}
	if got := g.do(2, proto.Msg{T: proto.Answer, Kind: proto.OfferRematch, OK: true}, 9100, 0); got != "" {
		t.Fatal(got)
	}
	if !proto.ValidID(g.tab.Next()) {
		t.Fatalf("rematch id %q", g.tab.Next())
	}
	re, err := Start(g.tab.Next(), g.tab.Rematch(9100))
	if err != nil {
		t.Fatal(err)
	}
	if re.SeatOfKey(Hash(guestKey)) != 1 || re.Name(2) != "Ada L." || !re.Joined(1) || !re.Joined(2) {
		t.Error("the rematch does not swap the seats")
	}
}

func TestAbortResignChat(t *testing.T) {
	g := newGame(t, "andantino", "")
	g.move(1, 1, "1,-1", 2000)
	if got := g.do(2, proto.Msg{T: proto.Chat, Text: "hi", ID: 1}, 2100, 0); got != "" {
		t.Fatal(got)
	}
	if got := g.do(2, proto.Msg{T: proto.Chat, Text: "hi", ID: 1}, 2100, 0); got != "dup" {
		t.Errorf("chat line sent twice: %q", got)
	}
	g.do(2, proto.Msg{T: proto.Offer, Kind: proto.OfferAbort}, 2200, 0)
	if _, aborted := g.tab.Result(); !aborted || g.tab.Describe() != "Game aborted" {
		t.Fatalf("early abort: %q", g.tab.Describe())
	}
	// Each side may abort alone before its own second move: after three
	// moves, Black still may, White no longer.
	for _, c := range []struct {
		seat  int
		alone bool
	}{{1, false}, {2, true}} {
		g = newGame(t, "andantino", "")
		for i, mv := range []string{"1,-1", "2,-1", "0,1"} {
			g.move(i%2+1, i+1, mv, 2000)
		}
		g.do(c.seat, proto.Msg{T: proto.Offer, Kind: proto.OfferAbort}, 2200, 0)
		if g.tab.Over() != c.alone {
			t.Fatalf("seat %d's abort after 3 moves: over %v", c.seat, g.tab.Over())
		}
	}
	g = newGame(t, "andantino", "")
	g.do(1, proto.Msg{T: proto.Resign}, 2300, 0)
	if r, _ := g.tab.Result(); r.Winner != game.Second || g.tab.Describe() != "White resigned" {
		t.Errorf("%+v %q", r, g.tab.Describe())
	}
}

// main is seat s's main time (ms) on the wire's clock c.
func main(c *proto.Clock, s int) int64 { return c.Sides[s-1].Main }

func TestFischerFlagAndLag(t *testing.T) {
	// 1 minute + 2 s. The gain is min(1000, (60+80)*4+150) = 710 ms.
	g := newGame(t, "attangle", "60+2")
	g.move(1, 1, "e6", 10_000) // each side's first move is free
	g.move(2, 2, "c6", 50_000)
	if _, ok := g.tab.Deadline(); !ok {
		t.Fatal("no deadline at ply 2")
	}
	c := g.tab.Clock(50_000)
	if main(c, 1) != 60_000 || main(c, 2) != 60_000 || c.ToMove != 1 {
		t.Fatalf("%+v", c)
	}
	// White spends 10 s with 300 ms of lag forgiven: 60 - 9.7 + 2.
	if got := g.do(1, proto.Msg{T: proto.Move, N: 3, Move: "g4"}, 60_000, 300); got != "" {
		t.Fatal(got)
	}
	if c := g.tab.Clock(60_000); main(c, 1) != 52_300 || c.ToMove != 2 {
		t.Fatalf("%+v", c)
	}
	// Black's deadline: 60 s plus the grace, min(quota 3×710, 2000).
	d, _ := g.tab.Deadline()
	if d != 60_000+60_000+2000 {
		t.Fatalf("deadline %d", d)
	}
	if _, due := g.tab.Due(d - 1); due {
		t.Fatal("flagged early")
	}
	e, due := g.tab.Due(d)
	if !due || e.Seat != 2 {
		t.Fatal("no flag at the deadline")
	}
	// A move at exactly its time (even within the grace, without lag) loses
	// on time: the flag falls at zero.
	late := newGame(t, "attangle", "60+2")
	late.move(1, 1, "e6", 10_000)
	late.move(2, 2, "c6", 50_000)
	if got := late.do(1, proto.Msg{T: proto.Move, N: 3, Move: "g4"}, 110_000, 0); got != "over" {
		t.Fatalf("late move: %q", got)
	}
	if r, _ := late.tab.Result(); r != game.Ended(game.TimeForfeit, game.Second) {
		t.Fatalf("%+v", r)
	}
	if c := late.tab.Clock(120_000); c.Flagged != 1 || main(c, 1) != 0 {
		t.Fatalf("the flagged clock: %+v", c)
	}
	// With lag forgiven it is in time.
	ok := newGame(t, "attangle", "60+2")
	ok.move(1, 1, "e6", 10_000)
	ok.move(2, 2, "c6", 50_000)
	// Looking at the clock past the flag (a snapshot sent in the grace) shows
	// the flag but changes nothing: only a flag event ends the game, and the
	// move below, with its lag forgiven, is still in time.
	if c := ok.tab.Clock(200_000); c.Flagged != 1 || main(c, 1) != 0 || ok.tab.Over() {
		t.Fatalf("the clock looked at late: %+v", c)
	}
	if got := ok.do(1, proto.Msg{T: proto.Move, N: 3, Move: "g4"}, 110_000, 500); got != "" {
		t.Fatalf("forgiven move: %q", got)
	}
	if c := ok.tab.Clock(110_000); main(c, 1) != 500+2000 {
		t.Fatalf("%+v", c)
	}
	// The record's clocks: the mover's time after each move.
	if s := ok.tab.Snapshot(110_000); !reflect.DeepEqual(s.Clk, []int64{60_000, 60_000, 2500}) {
		t.Errorf("stamps %v", s.Clk)
	}
	g.apply(e)
	if g.tab.Describe() != "Black lost on time" {
		t.Error(g.tab.Describe())
	}
}

func TestByoyomiAndDays(t *testing.T) {
	g := newGame(t, "attangle", "30+2x10") // 30 s, then 2 periods of 10 s
	g.move(1, 1, "e6", 0)
	g.move(2, 2, "c6", 0)
	g.move(1, 3, "g4", 35_000) // 30 s main, then 5 s into a period: no period lost
	if c := g.tab.Clock(35_000); main(c, 1) != 0 || c.Sides[0].Periods != 2 || c.Sides[0].Period != 10_000 {
		t.Fatalf("%+v", c)
	}
	g.move(2, 4, "e4", 35_000)
	g.move(1, 5, "b1", 50_000) // 15 s: one period used up, the next one saves it
	if c := g.tab.Clock(50_000); c.Sides[0].Periods != 1 {
		t.Fatalf("%+v", c)
	}
	if c := g.tab.Clock(53_000); c.ToMove != 2 || main(c, 2) != 27_000 {
		t.Fatalf("%+v", c)
	}
	if s := g.tab.Snapshot(53_000); !reflect.DeepEqual(s.Clk, []int64{30_000, 30_000, -2, 30_000, -1}) {
		t.Errorf("stamps %v", s.Clk)
	}

	const day = 24 * 3600 * 1000
	d := newGame(t, "abande", "3d/move")
	d.move(1, 1, "e6", 0)
	d.move(2, 2, "d7", 0)
	dl, ok := d.tab.Deadline()
	if !ok || dl != 3*day {
		t.Fatalf("deadline %d", dl)
	}
	if s := d.tab.Summary(1); !s.YourMove || s.Deadline != dl || s.Opponent != "Bo" {
		t.Errorf("%+v", s)
	}
	d.move(1, 3, "f5", 2*day)
	if dl, _ := d.tab.Deadline(); dl != 5*day {
		t.Errorf("deadline after a move: %d", dl)
	}
	if d.tab.AwayLimit() != 0 {
		t.Error("a correspondence game can be claimed")
	}
	if got := d.do(1, proto.Msg{T: proto.ClaimEnd, Kind: proto.ClaimWin}, 9*day, 0); got != proto.ErrRefused {
		t.Errorf("claim in correspondence: %q", got)
	}
}

// A player gone past the limit: the other may claim the win or a draw; not
// earlier, not while they are back.
func TestPresenceAndClaim(t *testing.T) {
	g := newGame(t, "attangle", "300+3")
	if here, _ := g.tab.Present(1); !here {
		t.Fatal("the host is not present")
	}
	if here, _ := g.tab.Present(2); !here {
		t.Fatal("the guest who joined is not present")
	}
	g.move(1, 1, "e6", 2000)
	if g.tab.PresenceEvent(2, true, 2500) != nil {
		t.Error("a presence event that changes nothing")
	}
	g.apply(g.tab.PresenceEvent(2, false, 3000))
	if s := g.tab.Snapshot(13_000); s.Present != [2]bool{true, false} || s.Away != [2]int64{0, 10_000} || s.AwayLimit != 60_000 {
		t.Errorf("snapshot: %+v %+v %d", s.Present, s.Away, s.AwayLimit)
	}
	claim := func(seat int, kind string, now int64) string {
		return g.do(seat, proto.Msg{T: proto.ClaimEnd, Kind: kind}, now, 0)
	}
	if got := claim(1, proto.ClaimWin, 62_999); got != proto.ErrRefused {
		t.Errorf("claim 1 ms early: %q", got)
	}
	if got := claim(2, proto.ClaimWin, 70_000); got != proto.ErrRefused {
		t.Errorf("a claim against a present player: %q", got)
	}
	g.apply(g.tab.PresenceEvent(2, true, 50_000))
	g.apply(g.tab.PresenceEvent(2, false, 60_000))
	if got := claim(1, proto.ClaimWin, 100_000); got != proto.ErrRefused {
		t.Errorf("the absence counts from the last time gone: %q", got)
	}
	if got := claim(1, proto.ClaimDraw, 120_000); got != "" {
		t.Fatal(got)
	}
	if r, _ := g.tab.Result(); r != game.Ended(game.Abandoned, game.NoPlayer) || g.tab.Describe() != "Game abandoned: a draw" {
		t.Errorf("%+v %q", r, g.tab.Describe())
	}
	w := newGame(t, "attangle", "")
	w.apply(w.tab.PresenceEvent(1, false, 5000))
	if got := w.do(2, proto.Msg{T: proto.ClaimEnd, Kind: proto.ClaimWin}, 65_000, 0); got != "" {
		t.Fatal(got)
	}
	if r, _ := w.tab.Result(); r != game.Ended(game.Abandoned, game.Second) || w.tab.Describe() != "White abandoned the game" {
		t.Errorf("%+v %q", r, w.tab.Describe())
	}
}

func TestFoldRefusesBadLogs(t *testing.T) {
	g := newGame(t, "attangle", "")
	for _, bad := range []*Event{
		{K: KMove, Seat: 1, N: 2, Mv: "e6"},
		{K: KMove, Seat: 2, N: 1, Mv: "e6"},
		{K: KMove, Seat: 1, N: 1, Mv: "q9"},
		{K: KJoin, Seat: 2, Key: "x"},
		{K: KAnswer, Seat: 1, Kind: proto.OfferDraw, OK: true},
		{K: "teleport"},
	} {
		if _, err := Fold(g.tab.ID, append(append([]*Event{}, g.events...), bad)); err == nil {
			t.Errorf("%+v folded", bad)
		}
	}
	if _, err := Fold("X", []*Event{{K: KMove}}); err == nil {
		t.Error("a log without create folded")
	}
	if _, err := Fold("X", []*Event{{K: KCreate, Kind: "chess"}}); err == nil {
		t.Error("an unknown game folded")
	}
}
