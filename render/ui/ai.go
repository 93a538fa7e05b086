package ui

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
)

// seat says who plays one side.
type seat struct {
	computer bool
	level    int // 1–5, for a computer
}

func (s seat) String() string {
	if s.computer {
		return "Computer " + strconv.Itoa(s.level)
	}
	return "Human"
}

// tag is the player's name in a record: "Human", or "Trihex level N".
func (s seat) tag() string {
	if s.computer {
		return "Trihex level " + strconv.Itoa(s.level)
	}
	return "Human"
}

// seatFromTag reads a record's player tag back.
func seatFromTag(v string, fallback int) seat {
	if rest, ok := strings.CutPrefix(v, "Trihex level "); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 1 && n <= 5 {
			return seat{computer: true, level: n}
		}
	}
	return seat{level: fallback}
}

// thinker runs the computer's searches for a game: one engine per computer side
// (they keep their trees between moves), one job at a time on the worker, polled
// without blocking from Update.
type thinker struct {
	engines  [2]ai.Engine
	job      *ai.Job
	jobPly   int // the match length when the job started: a stale answer is dropped
	jobStart time.Time
	best     ai.Info // the latest progress
	bestTxt  string
	hasBest  bool
	ready    *ai.Info  // an answer waiting for the readable pace
	lastMove time.Time // when the last move was played, for the pace
	paused   bool      // Computer vs Computer after an undo: Space resumes
	details  bool      // show the best move and the estimate (T)

	hintJob *ai.Job
	hintPly int
	hint    []hex.Coord // the suggested move's cells, until the next move
	hintTxt string
}

// humans reports whether a human plays either side.
func (p *play) humans() bool { return !p.seats[0].computer || !p.seats[1].computer }

// computerToMove reports whether the computer should move in the live position.
func (p *play) computerToMove() bool {
	live := p.match.Live()
	return !live.Result().Over && p.seats[live.ToMove()].computer
}

// pace is the least time between moves when the computer moves, so that they can
// be followed: from the speed setting, never below 0.6 s.
func (p *play) pace() time.Duration {
	sp := p.speed
	if sp <= 0 {
		sp = 1
	}
	return max(600*time.Millisecond, time.Duration(float64(1200*time.Millisecond)/sp))
}

// think starts, polls and plays the computer's moves and the hint. It never blocks.
func (p *play) think(a *app) {
	t := &p.ai
	if t.hintJob != nil {
		select {
		case inf, ok := <-t.hintJob.Done:
			t.hintJob = nil
			live := p.match.Live()
			if ok && t.hintPly == p.match.Len() && !live.Result().Over && p.legal(live, inf.Move) {
				t.hint = input.Cells(live, inf.Move)
				t.hintTxt = live.FormatMove(inf.Move)
			}
		default:
		}
	}
	if t.job != nil {
	drain:
		for {
			select {
			case inf := <-t.job.Progress:
				live := p.match.Live()
				if p.legal(live, inf.Move) {
					t.best, t.hasBest = inf, true
					t.bestTxt = live.FormatMove(inf.Move)
				}
			default:
				break drain
			}
		}
		select {
		case inf, ok := <-t.job.Done:
			t.job = nil
			if ok && t.jobPly == p.match.Len() {
				t.ready = &inf
			}
		default:
		}
	}
	if !p.computerToMove() || t.paused {
		t.ready = nil
		return
	}
	if t.ready != nil {
		if p.match.Reviewing() || p.anims.current() != nil || time.Since(t.lastMove) < p.pace() {
			return
		}
		inf := *t.ready
		t.ready, t.hasBest = nil, false
		live := p.match.Live()
		if !p.legal(live, inf.Move) {
			a.setError("the computer found no move") // the worker promises a legal one
			t.paused = true
			return
		}
		p.playMove(a, input.Choice{Move: inf.Move, Text: live.FormatMove(inf.Move), Cells: input.Cells(live, inf.Move)})
		return
	}
	if t.job == nil {
		side := p.match.Live().ToMove()
		if t.engines[side] == nil {
			e, err := ai.NewLevel(p.seats[side].level, uint64(time.Now().UnixNano()))
			if err != nil {
				a.setError(err.Error())
				t.paused = true
				return
			}
			t.engines[side] = e
		}
		// ai.Start searches its own copy of the position.
		t.job = ai.Start(context.Background(), t.engines[side], p.match.Live())
		t.jobPly = p.match.Len()
		t.jobStart = time.Now()
		t.hasBest = false
	}
}

// legal reports whether mv is a legal move in s (the worker's answer is checked,
// not trusted).
func (p *play) legal(s game.State, mv game.Move) bool {
	for _, m := range s.LegalMoves(nil) {
		if m == mv {
			return true
		}
	}
	return false
}

// cancelSearch stops the computer's search and the hint. A cancelled engine may
// still be finishing on its goroutine, so it is replaced rather than reused.
func (p *play) cancelSearch() {
	t := &p.ai
	if t.job != nil {
		t.job.Cancel()
		t.job = nil
		t.engines = [2]ai.Engine{}
	}
	if t.hintJob != nil {
		t.hintJob.Cancel()
		t.hintJob = nil
	}
	t.ready, t.hasBest = nil, false
	t.hint, t.hintTxt = nil, ""
}

// close is called when the game screen is left.
func (p *play) close() {
	p.cancelSearch()
	if p.layer != nil {
		p.layer.Deallocate()
		p.layer = nil
	}
}

// askHint starts the hint search for the human to move.
func (p *play) askHint() {
	t := &p.ai
	live := p.match.Live()
	if t.hintJob != nil || p.computerToMove() || live.Result().Over || p.match.Reviewing() {
		return
	}
	t.hint, t.hintTxt = nil, ""
	t.hintJob = ai.Start(context.Background(), ai.NewHint(), live)
	t.hintPly = p.match.Len()
}

// thinkingText is the status line while the computer thinks.
func (p *play) thinkingText() string {
	t := &p.ai
	if t.paused && p.computerToMove() {
		return "paused · Space resumes"
	}
	if t.job == nil && t.ready == nil {
		return ""
	}
	return "thinking" + strings.Repeat(".", int(time.Since(t.jobStart)/(300*time.Millisecond))%4)
}

// boxThinking is the line in the player's box while its computer thinks: the
// best move so far and its estimated chance to win (T hides them).
func (p *play) boxThinking(pl game.Player) string {
	t := &p.ai
	live := p.match.Live()
	if (t.job == nil && t.ready == nil) || live.ToMove() != pl || !p.seats[pl].computer {
		return ""
	}
	if !t.details {
		return "thinking…"
	}
	if !t.hasBest {
		return "thinking…"
	}
	if t.best.Depth > 0 {
		return fmt.Sprintf("best %s · wins %.0f%% · depth %d", t.bestTxt, 100*t.best.Value, t.best.Depth)
	}
	return fmt.Sprintf("best %s · wins %.0f%% · %s playouts", t.bestTxt, 100*t.best.Value, kilo(t.best.Playouts))
}

// kilo writes a count briefly: 950, 12k, 1.2M.
func kilo(n int) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}
