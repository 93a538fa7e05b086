package online

import (
	"testing"
	"time"

	"trihex/ai"
	"trihex/online/proto"
)

// The bot's engine is told its seat's time as the authority last sent it,
// less what has run since on its turn: Fischer with its increment, byo-yomi
// with its periods (a running period never taken for main time), days a
// move as the time for this one.
func TestBotClockState(t *testing.T) {
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	ms := time.Millisecond
	for _, c := range []struct {
		name  string
		seat  int
		clock *proto.Clock
		ran   time.Duration
		want  ai.ClockState
		ok    bool
	}{
		{"no clock", 1, nil, 0, ai.ClockState{}, false},
		{"none", 1, &proto.Clock{TC: "none"}, 0, ai.ClockState{}, false},
		{"Fischer, ours running", 2, &proto.Clock{TC: "1+2", Left: [2]int64{5000, 60000}, Running: 2}, 1500 * ms,
			ai.ClockState{Left: 58500 * ms, Increment: 2 * time.Second}, true},
		{"Fischer, not yet running", 1, &proto.Clock{TC: "1+2", Left: [2]int64{60000, 60000}}, 1500 * ms,
			ai.ClockState{Left: time.Minute, Increment: 2 * time.Second}, true},
		{"Fischer, run out", 1, &proto.Clock{TC: "1+0", Left: [2]int64{1000, 60000}, Running: 1}, 3 * time.Second,
			ai.ClockState{}, true},
		{"byo-yomi main time", 1, &proto.Clock{TC: "1+3x10", Left: [2]int64{30000, 0}, Periods: [2]int{3, 3}, Running: 1}, 2 * time.Second,
			ai.ClockState{Left: 28 * time.Second, Periods: 3, Period: 10 * time.Second}, true},
		{"byo-yomi past the main time", 1, &proto.Clock{TC: "1+3x10", Left: [2]int64{1000, 0}, Periods: [2]int{3, 3}, Running: 1}, 0,
			ai.ClockState{Periods: 3, Period: time.Second}, true},
		{"byo-yomi period running", 1, &proto.Clock{TC: "1+3x10", Left: [2]int64{7000, 0}, Periods: [2]int{1, 3}, Running: 1}, 2 * time.Second,
			ai.ClockState{Periods: 1, Period: 5 * time.Second}, true},
		{"byo-yomi, main spent, not running", 1, &proto.Clock{TC: "1+3x10", Left: [2]int64{0, 0}, Periods: [2]int{2, 3}, Running: 2}, 0,
			ai.ClockState{Periods: 2, Period: 10 * time.Second}, true},
		{"days", 1, &proto.Clock{TC: "3d", Left: [2]int64{proto.Day, proto.Day}, Running: 1}, time.Hour,
			ai.ClockState{Left: 23 * time.Hour, MovesToGo: 1}, true},
	} {
		v := &View{Seat: c.seat, Clock: c.clock, ClockAt: at}
		got, ok := clockState(v, at.Add(c.ran))
		if got != c.want || ok != c.ok {
			t.Errorf("%s: %+v %v, want %+v %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
