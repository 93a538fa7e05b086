package proto

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/game/clock"
)

var samples = []Msg{
	{T: Hello, V: Version, Rules: RulesVersion, App: "trihex", Name: "Ada"},
	{T: Create, Game: "7KQ2M9XA", Token: "4F8ZJ2P1C6TR0WQE", Key: "0123456789ABCDEFGHJKMNPQRS", Kind: "abande", TC: "300+3", Seat: 1},
	{T: Join, Game: "7KQ2M9XA", Token: "4F8ZJ2P1C6TR0WQE", Key: "0123456789ABCDEFGHJKMNPQRS", Name: "Bo"},
	{T: Claim, Game: "7KQ2M9XA", Key: "0123456789ABCDEFGHJKMNPQRS"},
	{T: Move, N: 3, Line: 1, Move: "d7-e6", Seq: 9},
	{T: Offer, Kind: OfferTakeback, N: 4},
	{T: Answer, Kind: OfferDraw, OK: true, N: 7},
	{T: Chat, Text: "good game ♥"},
	{T: State, Seq: 4, Seat: 2, Snap: &Snapshot{Game: "7KQ2M9XA", Kind: "Attangle", Moves: []string{"e6", "c6"}, Names: [2]string{"a", "b"},
		Clock:  &Clock{Sides: [2]ClockSide{{Main: 1000, Moved: true}, {Main: 2000, Moved: true}}, ToMove: 1, At: 12},
		Result: &Result{Winner: 1, Reason: "three triples"}, Clk: []int64{300_000, 2000}, Present: [2]bool{true, false},
		Away: [2]int64{0, 4000}, AwayLimit: 60_000}},
	{T: Presence, Seq: 5, Seat: 2, OK: true},
	{T: Watch, Game: "7KQ2M9XA"},
	{T: ClaimEnd, Kind: ClaimWin, ID: 3},
	{T: Error, Code: ErrIllegal, Text: "d4 is taken"},
	{T: Games, Games: []GameInfo{{Game: "7KQ2M9XA", Kind: "Andantino", Seat: 1, YourMove: true, Deadline: 5}}},
}

func TestRoundTrip(t *testing.T) {
	for _, m := range samples {
		b, err := Encode(&m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(*got, m) {
			t.Errorf("round trip of %s gave %+v", b, got)
		}
	}
}

func TestDecodeRefuses(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"t":"move","n":1}`, "mv is missing"},
		{`{"t":"move","mv":"a1"}`, "n is missing"},
		{`{"t":"hello","v":1}`, "rules is missing"},
		{`{"t":"launch"}`, "unknown message type"},
		{`{"t":"offer","kind":"pizza"}`, `"pizza" is not draw`},
		{`{"t":"claim","game":"short","key":"0123456789ABCDEFGHJKMNPQRS"}`, "game is not a game id"},
		{`{"t":"join","game":"7KQ2M9XA","token":"x","key":"0123456789ABCDEFGHJKMNPQRS"}`, "not an invite token"},
		{`{"t":"move","n":-1,"mv":"a1"}`, "negative"},
		{`{"t":"move","n":1,"mv":"a1","seat":3}`, "seat"},
		{`{"t":"chat","text":"   "}`, "text is missing"},
		{`{"t":"chat","text":"` + strings.Repeat("é", MaxChat+1) + `"}`, "longer than"},
		{`{"t":"create","game":"7KQ2M9XA","token":"4F8ZJ2P1C6TR0WQE","key":"0123456789ABCDEFGHJKMNPQRS","kind":"abande","tc":"5+"}`, "tc"},
		{`{"t":"claim-end","kind":"loss"}`, `"loss" is not win or draw`},
		{`{"t":"watch"}`, "game is missing"},
		{`{"t":"over","clock":{"sides":[{"main":-1},{"main":0}],"toMove":1}}`, "clock is out of bounds"},
		{`{"t":"over","clock":{"sides":[{"main":1},{"main":0}],"toMove":3}}`, "clock has a bad seat"},
		{`[1,2]`, "not a message"},
		{`{"t":"move","n":1,"mv":"a1"} trailing`, "not a message"},
		{"{\"t\":\"chat\",\"text\":\"\xff\"}", ""}, // JSON replaces bad UTF-8: accepted as U+FFFD
	} {
		_, err := Decode([]byte(c.in))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.in, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error with %q", c.in, err, c.want)
		}
	}
	if _, err := Decode(make([]byte, MaxFrame+1)); err == nil {
		t.Error("an oversized message was decoded")
	}
}

func TestInvite(t *testing.T) {
	v := Invite{Game: "7KQ2M9XA", Token: "4F8ZJ2P1C6TR0WQE"}
	if s := v.String(); s != "7KQ2M9XA-4F8ZJ2P1C6TR0WQE" {
		t.Fatal(s)
	}
	v.Addr = "127.0.0.1:4321"
	if s := v.String(); s != "trihex://127.0.0.1:4321/7KQ2M9XA-4F8ZJ2P1C6TR0WQE" {
		t.Fatal(s)
	}
	for _, s := range []string{v.String(), " TRIHEX://127.0.0.1:4321/7kq2m9xa-4f8zj2p1c6tr0wqe \n"} {
		got, err := ParseInvite(s)
		if err != nil || got != v {
			t.Errorf("%q: %+v %v", s, got, err)
		}
	}
	v6 := Invite{Addr: "[::1]:80", Game: v.Game, Token: v.Token}
	if got, err := ParseInvite(v6.String()); err != nil || got != v6 {
		t.Errorf("%+v %v", got, err)
	}
	for _, s := range []string{"", "7KQ2M9XA", "7KQ2M9XA-4F8ZJ2P1C6TR0WQ", "7KQ2M9XI-4F8ZJ2P1C6TR0WQE",
		"trihex://host/7KQ2M9XA-4F8ZJ2P1C6TR0WQE", "trihex://h:0/7KQ2M9XA-4F8ZJ2P1C6TR0WQE", "trihex://h:1"} {
		if _, err := ParseInvite(s); err == nil {
			t.Errorf("%q read as an invite", s)
		}
	}
}

// The wire's clock and result are game/clock's and game's, exactly.
func TestClockAndResultConvert(t *testing.T) {
	snap := clock.Snapshot{Sides: [2]clock.Side{{Main: 61500 * time.Millisecond, Moved: true},
		{Main: 0, Periods: 3, Period: 12 * time.Second, Moved: true}}, ToMove: game.Second, Flagged: game.NoPlayer}
	if got := ClockOf(snap, 7).Snapshot(); got != snap {
		t.Errorf("clock %+v came back as %+v", snap, got)
	}
	snap.Flagged = game.First
	if got := ClockOf(snap, 7); got.Flagged != 1 || got.ToMove != 2 || got.Snapshot() != snap {
		t.Errorf("flagged clock: %+v", got)
	}
	for _, r := range []game.Result{
		{Over: true, Winner: game.First, Reason: "three triples"},
		{Over: true, Winner: game.NoPlayer, Reason: "two passes"},
		game.Ended(game.Resignation, game.Second),
		game.Ended(game.Agreement, game.NoPlayer),
		game.Ended(game.TimeForfeit, game.First),
		game.Ended(game.Abandoned, game.NoPlayer),
	} {
		got, ok := ResultOf(r).Game()
		if !ok || got != r {
			t.Errorf("result %+v came back as %+v %v", r, got, ok)
		}
	}
	for _, r := range []*Result{nil, {Termination: TermAborted}, {Termination: "resignation"}, {Termination: "teleport", Winner: 1}} {
		if got, ok := r.Game(); ok {
			t.Errorf("%+v read as %+v", r, got)
		}
	}
	if !(&Result{Termination: TermAborted}).Aborted() {
		t.Error("an aborted game is not aborted")
	}
}

func TestFrames(t *testing.T) {
	var buf bytes.Buffer
	for _, m := range []string{"a", "", `{"t":"ping"}`} {
		if err := WriteFrame(&buf, []byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"a", "", `{"t":"ping"}`} {
		got, err := ReadFrame(&buf, MaxFrame)
		if err != nil || string(got) != want {
			t.Fatalf("%q %v, want %q", got, err, want)
		}
	}
	// A header announcing 4 GiB is refused without reading on.
	if _, err := ReadFrame(bytes.NewReader([]byte{0xff, 0xff, 0xff, 0xff, 1}), MaxFrame); !errors.Is(err, ErrFrameTooBig) {
		t.Error(err)
	}
	if _, err := ReadFrame(bytes.NewReader([]byte{0, 0, 0, 5, 'a'}), MaxFrame); err == nil {
		t.Error("a cut frame was read")
	}
	if err := WriteFrame(&buf, make([]byte, MaxFrame+1)); !errors.Is(err, ErrFrameTooBig) {
		t.Error(err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, m := range samples {
		b, _ := json.Marshal(m)
		f.Add(b)
	}
	f.Add([]byte(`{"t":"move","n":1e99,"mv":"a"}`))
	f.Add([]byte(`{"t":"state","snap":{"moves":[""]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			return
		}
		// What was accepted is written back and read again the same.
		out, err := Encode(m)
		if err != nil {
			if len(out) > MaxFrame {
				return
			}
			t.Fatalf("accepted %q but cannot write it: %v", b, err)
		}
		again, err := Decode(out)
		if err != nil {
			t.Fatalf("%q → %q: %v", b, out, err)
		}
		if !reflect.DeepEqual(m, again) {
			t.Fatalf("%q → %+v → %+v", b, m, again)
		}
	})
}

func FuzzFrame(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 'x'})
	f.Add([]byte{0, 1, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := bytes.NewReader(b)
		for i := 0; i < 100; i++ {
			msg, err := ReadFrame(r, 1024)
			if err != nil {
				return
			}
			if len(msg) > 1024 {
				t.Fatalf("frame of %d bytes over the limit", len(msg))
			}
		}
	})
}

func FuzzInvite(f *testing.F) {
	f.Add("trihex://127.0.0.1:4321/7KQ2M9XA-4F8ZJ2P1C6TR0WQE")
	f.Add("7KQ2M9XA-4F8ZJ2P1C6TR0WQE")
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseInvite(s)
		if err != nil {
			return
		}
		again, err := ParseInvite(v.String())
		if err != nil || again != v {
			t.Fatalf("%q → %q → %+v %v", s, v.String(), again, err)
		}
	})
}
