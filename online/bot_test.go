package online

import (
	"testing"
	"time"

	"trihex/ai"
	"trihex/online/proto"
)

// The bot's engine is told its seat's time as the authority last sent it,
// run on since on its turn: Fischer with its increment, byo-yomi with its
// periods (a running period never taken for main time), days a move as the
// time for this one.
func TestBotClockState(t *testing.T) {
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	ms := time.Millisecond
	side := func(main int64, periods int, period int64) proto.ClockSide {
		return proto.ClockSide{Main: main, Periods: periods, Period: period, Moved: true}
	}
	const day = 24 * 3600 * 1000
	for _, c := range []struct {
		name, tc string
		seat     int
		clock    *proto.Clock
		ran      time.Duration
		want     ai.ClockState
		ok       bool
	}{
		{"no clock", "", 1, nil, 0, ai.ClockState{}, false},
		{"Fischer, ours running", "60+2", 2, &proto.Clock{Sides: [2]proto.ClockSide{side(5000, 0, 0), side(60000, 0, 0)}, ToMove: 2}, 1500 * ms,
			ai.ClockState{Left: 58500 * ms, Increment: 2 * time.Second}, true},
		{"Fischer, not yet running", "60+2", 1, &proto.Clock{Sides: [2]proto.ClockSide{{Main: 60000}, {Main: 60000}}, ToMove: 1}, 1500 * ms,
			ai.ClockState{Left: time.Minute, Increment: 2 * time.Second}, true},
		{"Fischer, the other side's turn", "60+2", 1, &proto.Clock{Sides: [2]proto.ClockSide{side(5000, 0, 0), side(60000, 0, 0)}, ToMove: 2}, 1500 * ms,
			ai.ClockState{Left: 5 * time.Second, Increment: 2 * time.Second}, true},
		{"Fischer, run out", "60+0", 1, &proto.Clock{Sides: [2]proto.ClockSide{side(1000, 0, 0), side(60000, 0, 0)}, ToMove: 1}, 3 * time.Second,
			ai.ClockState{}, true},
		{"byo-yomi main time", "60+3x10", 1, &proto.Clock{Sides: [2]proto.ClockSide{side(30000, 3, 10000), side(0, 3, 10000)}, ToMove: 1}, 2 * time.Second,
			ai.ClockState{Left: 28 * time.Second, Periods: 3, Period: 10 * time.Second}, true},
		{"byo-yomi into the periods", "60+3x10", 1, &proto.Clock{Sides: [2]proto.ClockSide{side(1000, 3, 10000), side(0, 3, 10000)}, ToMove: 1}, 2 * time.Second,
			ai.ClockState{Periods: 3, Period: 9 * time.Second}, true},
		{"byo-yomi period running", "60+3x10", 1, &proto.Clock{Sides: [2]proto.ClockSide{side(0, 1, 7000), side(0, 3, 10000)}, ToMove: 1}, 2 * time.Second,
			ai.ClockState{Periods: 1, Period: 5 * time.Second}, true},
		{"byo-yomi, main spent, not running", "60+3x10", 1, &proto.Clock{Sides: [2]proto.ClockSide{side(0, 2, 10000), side(0, 3, 10000)}, ToMove: 2}, 0,
			ai.ClockState{Periods: 2, Period: 10 * time.Second}, true},
		{"days", "3d/move", 1, &proto.Clock{Sides: [2]proto.ClockSide{side(day, 0, 0), side(day, 0, 0)}, ToMove: 1}, time.Hour,
			ai.ClockState{Left: 23 * time.Hour, MovesToGo: 1}, true},
	} {
		v := &View{Seat: c.seat, TC: c.tc, Clock: c.clock, ClockAt: at}
		got, ok := clockState(v, at.Add(c.ran))
		if got != c.want || ok != c.ok {
			t.Errorf("%s: %+v %v, want %+v %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
