package input

// Replay plays a Match's positions forward at a chosen pace, for reviewing a
// finished or loaded game: Tick moves the shown position on, Toggle starts and
// pauses. It changes only which position is shown, never the moves.
type Replay struct {
	Playing bool
	Speed   float64 // moves per second; ≤ 0 means 1
	acc     float64 // moves owed since the last step
}

// ReplaySpeeds are the paces offered, in moves per second.
var ReplaySpeeds = []float64{0.5, 1, 2, 4}

// NextSpeed is the pace after s in ReplaySpeeds, wrapping around.
func NextSpeed(s float64) float64 {
	for i, v := range ReplaySpeeds {
		if v == s {
			return ReplaySpeeds[(i+1)%len(ReplaySpeeds)]
		}
	}
	return 1
}

// Toggle starts or pauses the replay. Starting at the last position starts again
// from the first.
func (r *Replay) Toggle(m *Match) {
	if r.Playing {
		r.Playing = false
		return
	}
	if m.Len() == 0 {
		return
	}
	if m.ViewIndex() >= m.Len() {
		m.Review(0)
	}
	r.Playing, r.acc = true, 0
}

// Stop pauses the replay.
func (r *Replay) Stop() { r.Playing, r.acc = false, 0 }

// Tick advances the replay by dt seconds and reports whether the shown position
// changed. The replay stops at the live position.
func (r *Replay) Tick(m *Match, dt float64) bool {
	if !r.Playing {
		return false
	}
	speed := r.Speed
	if speed <= 0 {
		speed = 1
	}
	if dt > 0 && dt < 10 {
		r.acc += dt * speed
	}
	changed := false
	for r.acc >= 1 && m.ViewIndex() < m.Len() {
		r.acc--
		m.Forward()
		changed = true
	}
	if m.ViewIndex() >= m.Len() {
		r.Stop()
	}
	return changed
}

// SliderIndex maps the pixel x on a slider from x0 to x0+w to a position 0..n
// (the nearest one; clamped at both ends).
func SliderIndex(x, x0, w float64, n int) int {
	if n <= 0 || w <= 0 {
		return 0
	}
	f := (x - x0) / w
	i := int(f*float64(n) + 0.5)
	return max(0, min(n, i))
}

// SliderX is the pixel of position i on a slider from x0 to x0+w of n positions.
func SliderX(i int, x0, w float64, n int) float64 {
	if n <= 0 {
		return x0
	}
	return x0 + w*float64(max(0, min(n, i)))/float64(n)
}
