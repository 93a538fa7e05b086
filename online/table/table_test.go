package table

import (
	"errors"
	"reflect"
	"strings"
	"testing"

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
	e, err := Create(&proto.Msg{T: proto.Create, Kind: kind, TC: tc, Token: token, Name: "  Ada   L. "}, Hash(hostKey), 1000)
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
	if r, over := g.tab.Over(); !over || r.Termination != proto.TermAgreement || r.Winner != 0 {
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
	if r, _ := g.tab.Over(); r == nil || r.Termination != proto.TermAborted {
		t.Fatalf("early abort: %+v", r)
	}
	g = newGame(t, "andantino", "")
	for i, mv := range []string{"1,-1", "2,-1", "0,1"} {
		g.move(i%2+1, i+1, mv, 2000)
	}
	g.do(2, proto.Msg{T: proto.Offer, Kind: proto.OfferAbort}, 2200, 0)
	if _, over := g.tab.Over(); over {
		t.Fatal("a late abort needs the other side's yes")
	}
	g.do(1, proto.Msg{T: proto.Resign}, 2300, 0)
	if r, _ := g.tab.Over(); r.Winner != 2 || g.tab.Describe() != "White resigned" {
		t.Errorf("%+v %q", r, g.tab.Describe())
	}
}

func TestFischerFlagAndLag(t *testing.T) {
	// 1 minute + 2 s. The gain is min(1000, (60+80)*4+150) = 710 ms.
	g := newGame(t, "attangle", "1+2")
	g.move(1, 1, "e6", 10_000) // the clocks do not run before both sides moved
	g.move(2, 2, "c6", 50_000)
	if _, ok := g.tab.Deadline(); !ok {
		t.Fatal("no deadline at ply 2")
	}
	c := g.tab.Clock(50_000)
	if c.Left != [2]int64{60_000, 60_000} || c.Running != 1 {
		t.Fatalf("%+v", c)
	}
	// White spends 10 s with 300 ms of lag forgiven: 60 - 9.7 + 2.
	if got := g.do(1, proto.Msg{T: proto.Move, N: 3, Move: "g4"}, 60_000, 300); got != "" {
		t.Fatal(got)
	}
	if c := g.tab.Clock(60_000); c.Left[0] != 52_300 || c.Running != 2 {
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
	// A move after its time (even within the grace, without lag) loses on time.
	late := newGame(t, "attangle", "1+2")
	late.move(1, 1, "e6", 10_000)
	late.move(2, 2, "c6", 50_000)
	if got := late.do(1, proto.Msg{T: proto.Move, N: 3, Move: "g4"}, 110_000, 0); got != "over" {
		t.Fatalf("late move: %q", got)
	}
	if r, _ := late.tab.Over(); r == nil || r.Termination != proto.TermTime || r.Winner != 2 {
		t.Fatalf("%+v", r)
	}
	// With lag forgiven it is in time.
	ok := newGame(t, "attangle", "1+2")
	ok.move(1, 1, "e6", 10_000)
	ok.move(2, 2, "c6", 50_000)
	if got := ok.do(1, proto.Msg{T: proto.Move, N: 3, Move: "g4"}, 110_000, 500); got != "" {
		t.Fatalf("forgiven move: %q", got)
	}
	if c := ok.tab.Clock(110_000); c.Left[0] != 500+2000 {
		t.Fatalf("%+v", c)
	}
	g.apply(e)
	if g.tab.Describe() != "Black lost on time" {
		t.Error(g.tab.Describe())
	}
}

func TestByoyomiAndDays(t *testing.T) {
	g := newGame(t, "attangle", "0.5+2x10") // 30 s, then 2 periods of 10 s
	g.move(1, 1, "e6", 0)
	g.move(2, 2, "c6", 0)
	g.move(1, 3, "g4", 35_000) // 30 s main, then 5 s into a period: no period lost
	if c := g.tab.Clock(35_000); c.Left[0] != 0 || c.Periods[0] != 2 {
		t.Fatalf("%+v", c)
	}
	g.move(2, 4, "e4", 35_000)
	g.move(1, 5, "b1", 50_000) // 15 s: one period used up, the next one saves it
	if c := g.tab.Clock(50_000); c.Periods[0] != 1 {
		t.Fatalf("%+v", c)
	}
	if c := g.tab.Clock(53_000); c.Running != 2 || c.Left[1] != 27_000 {
		t.Fatalf("%+v", c)
	}

	d := newGame(t, "abande", "3d")
	d.move(1, 1, "e6", 0)
	d.move(2, 2, "d7", 0)
	dl, ok := d.tab.Deadline()
	if !ok || dl != 3*proto.Day {
		t.Fatalf("deadline %d", dl)
	}
	if s := d.tab.Summary(1); !s.YourMove || s.Deadline != dl || s.Opponent != "Bo" {
		t.Errorf("%+v", s)
	}
	d.move(1, 3, "f5", 2*proto.Day)
	if dl, _ := d.tab.Deadline(); dl != 5*proto.Day {
		t.Errorf("deadline after a move: %d", dl)
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
