package ui

import (
	"time"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/render"
)

// flight is a piece or stack moving during an animation, between two places given
// as a cell and a layer (so a resize or re-fit mid-flight still lands right).
type flight struct {
	colours   []int
	from, to  hex.Coord
	fromLayer int
	toLayer   int
	drop      bool        // fall in from above instead of from a cell
	toPool    game.Player // ≥ 0: fly to that player's pieces in the panel
	tile      bool        // an Andantino tile: settles by shrinking onto its cell
}

// anim is one step of the animation queue: while it runs, state is drawn without
// the hidden cells, and the flights move over it.
type anim struct {
	state   game.State
	hide    []hex.Coord
	flights []flight
	dur     time.Duration
	start   time.Time // zero until the step begins
}

// animQueue runs animation steps one after another; a click skips them all.
type animQueue struct{ q []*anim }

func (aq *animQueue) push(as ...*anim) { aq.q = append(aq.q, as...) }
func (aq *animQueue) clear()           { aq.q = aq.q[:0] }

// tick starts the first step and drops those finished by now.
func (aq *animQueue) tick(now time.Time) {
	for len(aq.q) > 0 {
		a := aq.q[0]
		if a.start.IsZero() {
			a.start = now
		}
		if now.Sub(a.start) < a.dur {
			return
		}
		aq.q = aq.q[1:]
	}
}

func (aq *animQueue) current() *anim {
	if len(aq.q) == 0 {
		return nil
	}
	return aq.q[0]
}

// progress is the eased fraction of the current step done by now, 0 to 1.
func (a *anim) progress(now time.Time) float64 {
	if a.start.IsZero() || a.dur <= 0 {
		return 0
	}
	t := min(1, float64(now.Sub(a.start))/float64(a.dur))
	return 1 - (1-t)*(1-t)*(1-t) // ease out
}

// animsFor builds the animation of ch played in before, leading to after, with
// the players' piece colours sides.
func animsFor(before game.State, ch input.Choice, after game.State, sides [2]int, surface bool) []*anim {
	mover := before.ToMove()
	col := sides[mover]
	cs := ch.Cells
	place := ch.Kind == game.MovePlace && len(cs) == 1
	slide := (ch.Kind == game.MoveStep || ch.Kind == game.MoveCapture) && len(cs) == 2
	if surface {
		switch {
		case place:
			return []*anim{{state: after, hide: cs, dur: 260 * time.Millisecond,
				flights: []flight{{colours: []int{col}, from: cs[0], to: cs[0], tile: true, toPool: -1}}}}
		case slide:
			return []*anim{{state: after, hide: cs[1:], dur: 300 * time.Millisecond,
				flights: []flight{{colours: []int{col}, from: cs[0], to: cs[1], tile: true, toPool: -1}}}}
		}
		return nil
	}
	st, ok := before.(render.Stacker)
	if !ok {
		return nil
	}
	pt := func(c hex.Coord) hex.Point { q, _ := hex.PointAt(c); return q }
	height := func(s render.Stacker, c hex.Coord) int { h, _ := s.Stack(pt(c)); return h }
	switch {
	case place: // enter or place: the piece drops in
		return []*anim{{state: before, dur: 240 * time.Millisecond,
			flights: []flight{{colours: []int{col}, to: cs[0], drop: true, toPool: -1}}}}
	case slide: // Abande: the stack slides onto the enemy stack
		from, to := cs[0], cs[1]
		return []*anim{{state: before, hide: []hex.Coord{from}, dur: 300 * time.Millisecond,
			flights: []flight{{colours: render.Colours(st, pt(from), sides), from: from, to: to,
				toLayer: height(st, to), toPool: -1}}}}
	case ch.Kind == game.MoveCapture && len(cs) == 3: // Attangle: both attackers slide onto the target, then one piece goes home
		a, b, t := cs[0], cs[1], cs[2]
		if height(st, a) < height(st, b) {
			a, b = b, a // the taller attacker lands first
		}
		ht, ha := height(st, t), height(st, a)
		slide := &anim{state: before, hide: []hex.Coord{a, b}, dur: 320 * time.Millisecond,
			flights: []flight{
				{colours: render.Colours(st, pt(a), sides), from: a, to: t, toLayer: ht, toPool: -1},
				{colours: render.Colours(st, pt(b), sides), from: b, to: t, toLayer: ht + ha, toPool: -1},
			}}
		home := &anim{state: after, dur: 320 * time.Millisecond,
			flights: []flight{{colours: []int{col}, from: t, fromLayer: height(after.(render.Stacker), t), toPool: mover}}}
		return []*anim{slide, home}
	}
	return nil
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }
