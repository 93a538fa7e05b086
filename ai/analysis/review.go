package analysis

import (
	"context"
	"fmt"
	"math"
	"sync"

	"trihex/ai"
	"trihex/game"
	"trihex/save"
)

// The marks of a review, by how much a move lowered the mover's chance to win
// (Ply.Drop, in chances from 0 to 1), when it was not the engine's move.
//
// Why these: the default budget's estimates of one game differ from one search
// to the next even where nothing was lost. Over self-play games of levels 2 and
// 3 (four of each game, 460 moves), reviewed at the default budget, the drop
// after a move that was the engine's own stayed within 0.04 (Abande), 0.05
// (Attangle) and 0.04 (Andantino) nine times in ten, and passed 0.10 twice:
// below that it is noise, so marks start at 0.10, a tenth of a game given
// away. 0.20 is a clear advantage given away, and 0.30 or more (a fair game,
// 0.5, turned into a lost one, 0.2; a won one, 0.9, into an open one; a move
// that hands over an immediate win from anywhere but a lost game) a move a
// player should never make. Lichess marks chess on the same scale at 0.05,
// 0.10 and 0.15; a chess engine's estimates are steadier than these games'
// Monte Carlo ones, hence steps twice as wide. Those games' moves (levels 2
// and 3 playing) drew 1 mark in 100 in Abande, 5 in Attangle and 26 in
// Andantino, where the review reads by alpha-beta what their Monte Carlo
// search missed.
const (
	BlunderDrop    = 0.30 // "??"
	MistakeDrop    = 0.20 // "?"
	InaccuracyDrop = 0.10 // "?!"
)

// The marks, as the record writes them (RULES.md §6).
const (
	Blunder    = "??"
	Mistake    = "?"
	Inaccuracy = "?!"
)

// MarkFor is the mark of a move that lowered the mover's win chance by drop:
// none when the move was the engine's choice (best) or the drop is below
// InaccuracyDrop.
func MarkFor(drop float64, best bool) string {
	switch {
	case best:
		return ""
	case drop >= BlunderDrop:
		return Blunder
	case drop >= MistakeDrop:
		return Mistake
	case drop >= InaccuracyDrop:
		return Inaccuracy
	}
	return ""
}

// Ply is one move of a reviewed game. Win chances are the mover's, from 0 to 1
// (a draw counts ½), rounded to 0.0001.
type Ply struct {
	N      int    `json:"ply"`    // 1 for the game's first move (start.Ply()+1 for a review's first)
	Number string `json:"number"` // as the move list numbers it: "3." for the first mover, "3..." for the second
	Player string `json:"player"` // the mover's side: "White", …
	Move   string `json:"move"`
	// Before is the engine's value of the position before the move for the
	// mover (ai.Info.Mean: with Monte Carlo, the mean over its playouts).
	Before float64 `json:"before"`
	// After is the mover's chance in the position after the move: 1 minus the
	// opponent's there, or the result when the move ended the game (Exact).
	After float64 `json:"after"`
	Exact bool    `json:"exact,omitempty"`
	Drop  float64 `json:"drop"` // Before − After: what the move cost; below 0 when it did better than expected
	// Best is the engine's move in the position before, BestValue its win
	// chance there (with Monte Carlo a little above Before, which averages in
	// the other moves tried), BestLine the line it expected (from Best).
	Best      string   `json:"best"`
	BestValue float64  `json:"best_value"`
	BestLine  []string `json:"best_line,omitempty"`
	Mark      string   `json:"mark,omitempty"` // Blunder, Mistake, Inaccuracy or ""

	Side       game.Player `json:"-"` // the mover
	Played     game.Move   `json:"-"`
	BestMove   game.Move   `json:"-"`
	BestPV     []game.Move `json:"-"` // BestLine's moves: the variation to save
	BestIsMove bool        `json:"-"` // the move played was the engine's
}

// Comment is the review of the move in words, for the record's comment on a
// marked move: "54% → 12%, better e4 (55%)" (the mover's chances).
func (p Ply) Comment() string {
	c := percent(p.Before) + " → " + percent(p.After)
	if !p.BestIsMove && p.Best != "" {
		c += ", better " + p.Best + " (" + percent(p.BestValue) + ")"
	}
	return c
}

// ChanceOf is player p's chance to win before the move (after: after it), for a
// graph drawn from one side.
func (p Ply) ChanceOf(side game.Player, after bool) float64 {
	v := p.Before
	if after {
		v = p.After
	}
	if side == p.Side {
		return v
	}
	return 1 - v
}

// Review runs the engine the budget names over every position of a game's main
// line, from start through moves, and judges each move; see ReviewWith.
func Review(ctx context.Context, start game.State, moves []game.Move, b Budget, progress func(done, total int)) ([]Ply, error) {
	eng, err := b.Engine()
	if err != nil {
		return nil, err
	}
	defer ai.Release(eng) // its tree and table: the review is over
	return ReviewWith(ctx, eng, start, moves, progress)
}

// ReviewGame reviews a loaded record's main line.
func ReviewGame(ctx context.Context, g *save.Game, b Budget, progress func(done, total int)) ([]Ply, error) {
	return Review(ctx, g.Start, g.Moves, b, progress)
}

// ReviewWith searches each position of the game with eng, in order, so that the
// engine's tree or table carries over from one position to the next (what it
// read one move ahead is where it starts), and returns a Ply a move. The
// position after the last move is searched too, for that move's After, unless
// the game is over there, when the result is exact. progress, when not nil, is
// called with the positions searched and the total, first with 0. A cancelled ctx
// stops it within milliseconds with ctx's error; an illegal move is an error
// naming it.
func ReviewWith(ctx context.Context, eng ai.Engine, start game.State, moves []game.Move, progress func(done, total int)) ([]Ply, error) {
	pos := make([]game.State, len(moves)+1)
	pos[0] = start.Clone()
	for i, m := range moves {
		s := pos[i].Clone()
		if err := s.Play(m); err != nil {
			return nil, fmt.Errorf("analysis: move %d: %v", i+1, err)
		}
		pos[i+1] = s
	}
	if len(moves) == 0 {
		return []Ply{}, nil
	}
	total := 0
	for _, s := range pos {
		if !s.Result().Over {
			total++
		}
	}
	if progress != nil {
		progress(0, total)
	}
	infos := make([]ai.Info, len(pos))
	done := 0
	for i, s := range pos {
		if s.Result().Over {
			continue
		}
		infos[i] = eng.Choose(ctx, s)
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("analysis: review stopped: %w", err)
		}
		done++
		if progress != nil {
			progress(done, total)
		}
	}
	plies := make([]Ply, len(moves))
	for i, m := range moves {
		before, after, inf := pos[i], pos[i+1], infos[i]
		mover := before.ToMove()
		n := start.Ply() + i + 1
		p := Ply{N: n, Number: moveNumber(n), Player: before.Info().Players[mover], Move: before.FormatMove(m),
			Before: inf.Mean, BestValue: round(inf.Value), Side: mover, Played: m, BestMove: inf.Move, BestIsMove: inf.Move == m}
		if r := after.Result(); r.Over {
			p.After, p.Exact = resultFor(r, mover), true
		} else if after.ToMove() == mover {
			p.After = infos[i+1].Mean
		} else {
			p.After = 1 - infos[i+1].Mean
		}
		if inf.Move != (game.Move{}) {
			p.Best = before.FormatMove(inf.Move)
			p.BestLine = spell(before, before.Clone(), inf.PV)
			p.BestPV = inf.PV[:len(p.BestLine)]
		}
		p.Before, p.After = round(p.Before), round(p.After)
		p.Drop = round(p.Before - p.After)
		p.Mark = MarkFor(p.Drop, p.BestIsMove)
		plies[i] = p
	}
	return plies, nil
}

// round rounds a chance to 0.0001, so that the text, the JSON and the window
// show the same numbers.
func round(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// moveNumber numbers ply (1-based) as the record does: "3." for the first
// mover's move, "3..." for the second's.
func moveNumber(ply int) string {
	if ply%2 == 1 {
		return fmt.Sprintf("%d.", (ply+1)/2)
	}
	return fmt.Sprintf("%d...", ply/2)
}

// ReviewJob is a review running on its own goroutine, polled without waiting:
// what the window's progress bar and Cancel button need.
type ReviewJob struct {
	cancel context.CancelFunc
	done   chan struct{}

	mu       sync.Mutex
	n, total int
	plies    []Ply
	err      error
	finished bool
}

// StartReview starts Review of start and moves with the budget b on a new
// goroutine (the positions are copied: the caller may change its own).
func StartReview(start game.State, moves []game.Move, b Budget) *ReviewJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &ReviewJob{cancel: cancel, done: make(chan struct{})}
	start = start.Clone()
	moves = append([]game.Move(nil), moves...)
	go func() {
		defer close(j.done)
		defer cancel()
		plies, err := Review(ctx, start, moves, b, func(n, total int) {
			j.mu.Lock()
			j.n, j.total = n, total
			j.mu.Unlock()
		})
		j.mu.Lock()
		j.plies, j.err, j.finished = plies, err, true
		j.mu.Unlock()
	}()
	return j
}

// Progress returns the positions searched so far and the number to search (0, 0
// until the review has started).
func (j *ReviewJob) Progress() (done, total int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.n, j.total
}

// Result returns the review once it has finished (finished false before): the
// plies, or the error, which wraps context.Canceled after Cancel.
func (j *ReviewJob) Result() (plies []Ply, finished bool, err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.plies, j.finished, j.err
}

// Cancel stops the review; Result then reports the cancellation within
// milliseconds.
func (j *ReviewJob) Cancel() { j.cancel() }

// Done is closed when the review has finished, cancelled or not.
func (j *ReviewJob) Done() <-chan struct{} { return j.done }
