package ugi

import "time"

// moveTime is the time to spend on a move with left on the clock, inc added
// after each move and movesToGo moves to the next time control (0: none):
// a thirtieth of what is left (or its share of the moves to go) plus the
// increment, and never so much that the clock falls below a safety margin.
func moveTime(left, inc time.Duration, movesToGo int) time.Duration {
	const margin = 50 * time.Millisecond
	share := left / 30
	if movesToGo > 0 {
		share = left / time.Duration(min(movesToGo, 30))
	}
	t := share + inc
	t = min(t, left-margin, left*3/4+inc/2)
	return max(t, 10*time.Millisecond)
}
