package ui

import "testing"

func TestSeatTags(t *testing.T) {
	for _, s := range []seat{{level: 3}, {computer: true, level: 1}, {computer: true, level: 5}} {
		got := seatFromTag(s.tag(), 3)
		if got != s {
			t.Errorf("seat %+v written %q reads back as %+v", s, s.tag(), got)
		}
	}
	for _, v := range []string{"", "Human", "Trihex level 9", "Trihex level x", "Alice"} {
		if got := seatFromTag(v, 2); got.computer || got.level != 2 {
			t.Errorf("tag %q: %+v, want a human", v, got)
		}
	}
}
