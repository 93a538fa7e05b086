package proto

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

var samples = []Msg{
	{T: Hello, V: Version, Rules: RulesVersion, App: "trihex", Name: "Ada"},
	{T: Create, Game: "7KQ2M9XA", Token: "4F8ZJ2P1C6TR0WQE", Key: "0123456789ABCDEFGHJKMNPQRS", Kind: "abande", TC: "5+3", Seat: 1},
	{T: Join, Game: "7KQ2M9XA", Token: "4F8ZJ2P1C6TR0WQE", Key: "0123456789ABCDEFGHJKMNPQRS", Name: "Bo"},
	{T: Claim, Game: "7KQ2M9XA", Key: "0123456789ABCDEFGHJKMNPQRS"},
	{T: Move, N: 3, Line: 1, Move: "d7-e6", Seq: 9},
	{T: Offer, Kind: OfferTakeback, N: 4},
	{T: Answer, Kind: OfferDraw, OK: true, N: 7},
	{T: Chat, Text: "good game ♥"},
	{T: State, Seq: 4, Seat: 2, Snap: &Snapshot{Game: "7KQ2M9XA", Kind: "Attangle", Moves: []string{"e6", "c6"}, Names: [2]string{"a", "b"},
		Clock: &Clock{TC: "5+3", Left: [2]int64{1000, 2000}, Running: 1, At: 12}, Result: &Result{Winner: 1, Termination: TermRules, Reason: "three triples"}}},
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

func TestTC(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Control
		out  string
	}{
		{"", Control{Kind: TCNone}, "none"},
		{"5+3", Control{Kind: TCFischer, Base: 300_000, Inc: 3000}, "5+3"},
		{"0.5+0.25", Control{Kind: TCFischer, Base: 30_000, Inc: 250}, "0.5+0.25"},
		{"10+5x30", Control{Kind: TCByoyomi, Base: 600_000, Periods: 5, Period: 30_000}, "10+5x30"},
		{"3D", Control{Kind: TCDays, Days: 3}, "3d"},
	} {
		got, err := ParseTC(c.in)
		if err != nil || got != c.want || got.String() != c.out {
			t.Errorf("%q: %+v %v (%s)", c.in, got, err, got.String())
		}
	}
	for in, want := range map[string]string{"5+3": "300+3", "0.5+0.25": "30+0.25", "10+5x30": "600+5x30", "3d": "3d/move", "none": "-"} {
		if c, _ := ParseTC(in); c.Tag() != want {
			t.Errorf("%s: tag %q, want %q", in, c.Tag(), want)
		}
	}
	for _, s := range []string{"0+0", "5", "5+", "+3", "-1+2", "5+3x0", "0d", "31d", "NaN+1", "1e3+0", "601+0", "5+0x1"} {
		if c, err := ParseTC(s); err == nil {
			t.Errorf("%q read as %+v", s, c)
		}
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

func FuzzTC(f *testing.F) {
	for _, s := range []string{"5+3", "10+5x30", "3d", "none", "0.5+0.25"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseTC(s)
		if err != nil {
			return
		}
		again, err := ParseTC(c.String())
		if err != nil || again != c {
			t.Fatalf("%q → %q → %+v %v", s, c.String(), again, err)
		}
	})
}
