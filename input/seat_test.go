package input

import "testing"

func TestSeatTags(t *testing.T) {
	for _, s := range []Seat{{Level: 3}, {Level: 3, Name: "Alice"}, {Kind: Computer, Level: 1}, {Kind: Computer, Level: 5}, {Kind: Computer, Level: 6}} {
		got := SeatFromTag(s.Tag(), 3)
		if got != s {
			t.Errorf("seat %+v written %q reads back as %+v", s, s.Tag(), got)
		}
	}
	for _, v := range []string{"", "Human", "Trihex level 9", "Trihex level x", "Alice"} {
		if got := SeatFromTag(v, 2); got.Kind != Human || got.Level != 2 {
			t.Errorf("tag %q: %+v, want a human", v, got)
		}
	}
	// A name from another program's record is kept, to be written back.
	if got := SeatFromTag("B: uct,t=1.9", 2); got.Name != "B: uct,t=1.9" || got.Tag() != "B: uct,t=1.9" {
		t.Errorf("a named human: %+v, tag %q", got, got.Tag())
	}
	if (Seat{Kind: Computer, Level: 4}).String() != "Computer 4" || (Seat{Level: 4}).String() != "Human" {
		t.Error("seat names")
	}
	if tag := (Seat{Kind: Computer, Level: 6}).Tag(); tag != "Trihex Expert" {
		t.Errorf("Expert's tag %q", tag)
	}
}
