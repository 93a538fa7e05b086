package ai

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"trihex/game"
)

// Player is the computer player of one game as the app runs it: one engine per
// side (they keep their trees between moves), one search at a time on its own
// goroutine, polled without blocking once a frame, the pace between its moves so
// that they can be followed, the progress line and the hint for a human.
// Everything is called from one goroutine (the app's Update); the clock is
// injected so that tests need not wait.
type Player struct {
	// Paused keeps the computer from moving (Computer vs Computer after an undo, a
	// game opened on its turn, an answer that was not legal); Space resumes.
	Paused bool
	// Details shows the move the search likes so far in ProgressText (key T);
	// off by default, the player's setting.
	Details bool
	// Faster has the search's extra threads share the level's budget, so that
	// the computer answers sooner at the level's strength, instead of each
	// spending it whole, which makes it stronger in the same time (SetSplit).
	Faster bool
	// NewEngine makes the engine of a level (NewLevel, on every core but one);
	// tests put a fake here.
	NewEngine func(level int, seed uint64) (Engine, error)
	// NewHintEngine makes the engine of the hint (NewHint); tests put a fake here.
	NewHintEngine func() Engine
	// External, when set, makes the engine of a side that an external
	// program plays (nil, nil for a side the level's engine plays).
	External func(side game.Player) (Engine, error)
	// Line, when set, gives the game's start and its moves to the live
	// position, for an engine that needs them (Follower: an external engine).
	Line func() (game.State, []game.Move)
	// Clock, when set, tells the computer the time a side has when it begins
	// to think (ClockFor reads it off the game's clock; false: no clock):
	// the search then plays to it (StartOnClock), and the pace holds an
	// answer back no longer than the move's share of that time.
	Clock func(side game.Player) (ClockState, bool)

	now      func() time.Time
	engines  [2]Engine
	levels   [2]int // the level each engine was made for
	job      *Job
	jobPly   int // the ply the job started at: a stale answer is dropped
	jobStart time.Time
	jobShare time.Duration // on a clock: the move's base time; 0 without one
	jobReply time.Duration // the level's Reply; 0 for an external engine, which keeps its own time
	jobCut   bool          // the job was told to answer now: its Reply is near
	external [2]bool       // the side's engine is an external program's
	best     Info          // the latest progress
	bestTxt  string
	hasBest  bool
	ready    *Info     // an answer waiting for the pace
	readyPly int       // the ply it answers
	lastMove time.Time // when the last move was played, for the pace

	hintJob *Job
	hintEng Engine // the hint's engine while its search runs
	hintPly int
	hint    game.Move // the suggested move, until the next move; zero when none
	hintTxt string

	moves []game.Move // scratch for the legality checks
}

// NewPlayer returns a player with details hidden whose first move waits for the
// pace from now. A nil now means time.Now.
func NewPlayer(now func() time.Time) *Player {
	if now == nil {
		now = time.Now
	}
	return &Player{NewEngine: windowLevel, NewHintEngine: NewHint, now: now, lastMove: now()}
}

// windowLevel is the window's engine of a level: it searches on every core but
// the one that draws.
func windowLevel(level int, seed uint64) (Engine, error) {
	e, err := NewLevel(level, seed)
	if err != nil {
		return nil, err
	}
	return WithThreads(e, DefaultThreads(true)), nil
}

// Pace is the least time between the computer's moves at an animation speed
// (0.5 slow, 1 normal, 2 fast; ≤ 0 means 1), so that they can be followed: never
// below 0.6 s.
func Pace(speed float64) time.Duration {
	if speed <= 0 {
		speed = 1
	}
	return max(600*time.Millisecond, time.Duration(float64(1200*time.Millisecond)/speed))
}

// ReplyPace is the least time between a person's move and the computer's answer
// on the board at an animation speed (as Pace): long enough for the person's
// piece to land first, never below 0.3 s. The person knows their own move, so
// the computer need not wait the whole Pace that lets its moves be followed.
func ReplyPace(speed float64) time.Duration {
	if speed <= 0 {
		speed = 1
	}
	return max(300*time.Millisecond, time.Duration(float64(600*time.Millisecond)/speed))
}

// replyMargin is how long before a level's Reply its search is told to answer:
// the answer arrives within milliseconds, and is played at the next frame, which
// a busy machine under software GL may draw a tenth of a second later; the
// click itself takes a frame or two before the move is played.
const replyMargin = 400 * time.Millisecond

// errNoMove is returned by Poll when an answer was not a legal move.
var errNoMove = errors.New("ai: the computer found no move")

// Poll runs the computer: it never blocks. live is the live position and ply the
// moves played to reach it (a change of ply makes a running search stale); level
// is the level of the side to move when the computer plays it, 0 when a human
// does. It collects progress and answers, starts a search when the computer is to
// move and none runs, and returns the move to play once the answer is in, pace
// has passed since the last move and canPlay (no animation running, not
// reviewing). The answer is checked, not trusted: one that is not legal pauses
// the player and comes back as an error.
func (p *Player) Poll(live game.State, ply, level int, canPlay bool, pace time.Duration) (game.Move, bool, error) {
	p.pollHint(live, ply)
	if p.job != nil && p.jobPly != ply {
		p.cancelJob() // the position changed under it
	}
	if p.job != nil {
		p.drain(live)
	}
	if p.job != nil && !p.jobCut && p.jobReply > 0 && p.now().Sub(p.jobStart) >= p.jobReply-replyMargin {
		// The level's promise: the search answers now with its best so far.
		p.job.Cancel()
		p.jobCut = true
	}
	if p.ready != nil && p.readyPly != ply {
		p.ready = nil
	}
	if over := live.Result().Over; over && p.job == nil {
		p.dropEngines() // their trees are of no more use
	}
	if level <= 0 || live.Result().Over || p.Paused {
		p.ready = nil
		return game.Move{}, false, nil
	}
	if p.ready != nil {
		if p.jobShare > 0 {
			pace = min(pace, p.jobShare) // the clock runs while the answer waits
		}
		if !canPlay || p.now().Sub(p.lastMove) < pace {
			return game.Move{}, false, nil
		}
		inf := *p.ready
		p.ready, p.hasBest = nil, false
		if !p.legal(live, inf.Move) {
			p.Paused = true
			if e := p.engines[live.ToMove()]; e != nil && EngineErr(e) != nil {
				return game.Move{}, false, EngineErr(e)
			}
			return game.Move{}, false, errNoMove
		}
		return inf.Move, true, nil
	}
	if p.job == nil {
		if err := p.start(live, ply, level); err != nil {
			p.Paused = true
			return game.Move{}, false, err
		}
	}
	return game.Move{}, false, nil
}

// drain takes the search's progress and, once it is done, its answer.
func (p *Player) drain(live game.State) {
	for {
		select {
		case inf := <-p.job.Progress:
			if p.legal(live, inf.Move) {
				p.best, p.hasBest = inf, true
				p.bestTxt = live.FormatMove(inf.Move)
			}
			continue
		default:
		}
		break
	}
	select {
	case inf, ok := <-p.job.Done:
		p.job = nil
		if ok {
			p.ready, p.readyPly = &inf, p.jobPly
		}
	default:
	}
}

// start starts the search of the side to move in live with its level's engine.
func (p *Player) start(live game.State, ply, level int) error {
	side := live.ToMove()
	if p.engines[side] == nil || p.levels[side] != level {
		var e Engine
		var err error
		if p.External != nil {
			e, err = p.External(side)
		}
		p.external[side] = e != nil
		if e == nil && err == nil {
			e, err = p.NewEngine(level, uint64(p.now().UnixNano()))
		}
		if err != nil {
			return err
		}
		if old := p.engines[side]; old != nil {
			Release(old)
		}
		p.engines[side], p.levels[side] = e, level
	}
	SetSplit(p.engines[side], p.Faster)
	if f, ok := p.engines[side].(Follower); ok && p.Line != nil {
		f.Follow(p.Line())
	}
	// Start searches its own copy of the position.
	p.jobShare = 0
	if c, ok := p.clockOf(side); ok {
		tm := NewTimeManager(live.Info())
		p.jobShare, _ = tm.Limits(c, live.Ply(), Stability{})
		p.job = StartOnClock(context.Background(), p.engines[side], live, c, tm)
	} else {
		p.job = Start(context.Background(), p.engines[side], live)
	}
	p.jobPly = ply
	p.jobStart = p.now()
	p.jobCut, p.jobReply = false, 0
	if level >= 1 && level <= MaxLevel && !p.external[side] {
		p.jobReply = Levels[level].Reply
	}
	p.hasBest = false
	return nil
}

// clockOf is side's time from Clock, false without one.
func (p *Player) clockOf(side game.Player) (ClockState, bool) {
	if p.Clock == nil {
		return ClockState{}, false
	}
	return p.Clock(side)
}

// legal reports whether mv is a legal move in s: the worker's answers are
// checked, not trusted.
func (p *Player) legal(s game.State, mv game.Move) bool {
	p.moves = s.LegalMoves(p.moves[:0])
	return slices.Contains(p.moves, mv)
}

// pollHint collects the hint's answer, kept only for the position it was asked in.
func (p *Player) pollHint(live game.State, ply int) {
	if p.hintJob == nil {
		return
	}
	select {
	case inf, ok := <-p.hintJob.Done:
		p.stopHint()
		if ok && p.hintPly == ply && !live.Result().Over && p.legal(live, inf.Move) {
			p.hint, p.hintTxt = inf.Move, live.FormatMove(inf.Move)
		}
	default:
	}
}

// cancelJob stops the computer's search. A cancelled engine may still be finishing
// on its goroutine, so it is replaced rather than reused.
func (p *Player) cancelJob() {
	if p.job == nil {
		return
	}
	p.job.Cancel()
	p.job = nil
	p.dropEngines()
}

// dropEngines gives back the engines' memory (a running search gives it back
// when it ends) and forgets them: the next search makes new ones.
func (p *Player) dropEngines() {
	for i, e := range p.engines {
		if e != nil {
			Release(e)
		}
		p.engines[i], p.levels[i] = nil, 0
	}
}

// stopHint cancels the hint's search, if it runs, and gives back its engine's
// memory: each hint has an engine of its own.
func (p *Player) stopHint() {
	if p.hintJob == nil {
		return
	}
	p.hintJob.Cancel()
	Release(p.hintEng)
	p.hintJob, p.hintEng = nil, nil
}

// Cancel stops the computer's search and the hint and forgets a waiting answer,
// the progress and the hint: the position is about to change.
func (p *Player) Cancel() {
	p.cancelJob()
	p.stopHint()
	p.ready, p.hasBest = nil, false
	p.clearHint()
}

// Close stops everything and gives back the engines' memory; call it when the
// game is left.
func (p *Player) Close() {
	p.Cancel()
	p.dropEngines()
}

// MovePlayed is called after every change of the live position (a move, an undo,
// a redo): the pace restarts and the hint, which was for the old position, goes.
func (p *Player) MovePlayed() {
	p.lastMove = p.now()
	p.clearHint()
}

// TogglePause pauses or resumes the computer (Space); it moves straight away on
// resuming.
func (p *Player) TogglePause() {
	p.Paused = !p.Paused
	p.lastMove = time.Time{}
}

func (p *Player) clearHint() { p.hint, p.hintTxt = game.Move{}, "" }

// AskHint starts the hint's search for the side to move in live, reached after
// ply moves, unless one runs or the game is over. The caller checks that a human
// is to move.
func (p *Player) AskHint(live game.State, ply int) {
	if p.hintJob != nil || live.Result().Over {
		return
	}
	p.clearHint()
	p.hintEng = p.NewHintEngine()
	p.hintJob = Start(context.Background(), p.hintEng, live)
	p.hintPly = ply
}

// Hint is the suggested move for the live position, once the hint's search has
// answered, until the next move.
func (p *Player) Hint() (game.Move, bool) { return p.hint, p.hintTxt != "" }

// HintText is the suggested move's spelling, or "".
func (p *Player) HintText() string { return p.hintTxt }

// HintRunning reports whether the hint's search runs.
func (p *Player) HintRunning() bool { return p.hintJob != nil }

// Thinking reports whether the computer searches or holds an answer back for the
// pace.
func (p *Player) Thinking() bool { return p.job != nil || p.ready != nil }

// StatusText is the status line's note on the computer: "paused · Space resumes"
// when it is paused on its turn (computerToMove), "thinking" with dots that count
// the time while it thinks, or "".
func (p *Player) StatusText(computerToMove bool) string {
	if p.Paused && computerToMove {
		return "paused · Space resumes"
	}
	if !p.Thinking() {
		return ""
	}
	return "thinking" + strings.Repeat(".", int(p.now().Sub(p.jobStart)/(300*time.Millisecond))%4)
}

// ProgressText is the line in the thinking side's box, in a player's words:
// "thinking · likes b3" (the best move so far) when Details is on, and
// "thinking… · T shows its idea" when it is off or there is none yet; that it
// is paused; "" when the computer is not thinking. The engine's own figures
// (estimates, depth, playouts) are the analysis board's, not a player's.
func (p *Player) ProgressText() string {
	switch {
	case !p.Thinking():
		return ""
	case p.Paused:
		return "paused · Space resumes"
	case !p.Details:
		return "thinking… · T shows its idea"
	case !p.hasBest:
		return "thinking…"
	}
	return "thinking · likes " + p.bestTxt
}

// Kilo writes a count briefly: 950, 12k, 1.2M.
func Kilo(n int) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%dk", n/1000)
	}
	return strconv.Itoa(n)
}
