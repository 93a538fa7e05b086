// Package knowledge is the contract between the computer's searches (package
// ai) and what they know of each game: move priors and playout policies for
// the Monte Carlo search, a static evaluation for the alpha-beta search, and
// each game's budget at the top level. A game's knowledge lives in its own
// package under ai/ (ai/abande, ai/attangle, ai/andantino), which registers
// it here when imported, as the rules register themselves with package game;
// import trihex/ai/all for all three. A game with no knowledge registered is
// still played, by plain Monte Carlo search.
//
// The contract is its own package, apart from the searches, so that the
// knowledge packages do not import the search and the search's own tests can
// register them.
package knowledge

import (
	"fmt"
	"sync"

	"trihex/game"
)

// Game is what the searches know of one game.
type Game interface {
	// NewKnower returns the knowledge of one search thread: it keeps scratch
	// memory, so each thread has its own.
	NewKnower(o Options) Knower
	// TopPlayouts is the top level's playout budget in this game, so that
	// the top level spends about the same time a move in each game although
	// their playouts differ threefold in cost.
	TopPlayouts() int
	// Evaluable returns pos as a position the alpha-beta search can read, or
	// false where the game (or its variant, or its phase) has no evaluation;
	// the position returned is pos itself or wraps it, and changes with it.
	Evaluable(pos game.State) (Position, bool)
}

// Options are a search's knowledge settings.
type Options struct {
	// Heavy is the playout policy: AutoHeavy, TopHeavy, 0 the game's uniform
	// playout, k > 0 the game's heavy policy with strength k.
	Heavy int
}

// AutoHeavy, as Options.Heavy, picks each game's measured best playout policy
// for levels 1–4; TopHeavy is level 5's and the hint's.
const (
	AutoHeavy = -1
	TopHeavy  = -2
)

// Knower is the knowledge of one search thread.
type Knower interface {
	// Prepare reads what Prior needs once per position, before its moves
	// are scored.
	Prepare(pos game.State)
	// Prior is a cheap estimate in [0, 1] of how good m is for the side to
	// move in pos (0.5 neutral): the value a new child starts with.
	Prior(pos game.State, m game.Move) float64
	// Playout plays pos to its end with the knower's policy.
	Playout(pos game.State, r *game.Rand) game.Result
}

// Position is a position the alpha-beta search reads: the game's state with
// a static evaluation. Its Clone is a Position too.
//
// The search calls it at every node, through an interface: Assess and
// ApplyFrom each do in one call what would otherwise take several (the
// result, side to move and hash with the evaluation; a copy with a move), as
// an indirect call costs what a node's cheaper steps cost.
type Position interface {
	game.State
	// Assess reads the position for the side to move, reusing blocks for
	// Assessment.Blocks; with traps it also reads the cells that close a
	// trap. A finished game is read only for its Result.
	Assess(blocks []game.Move, traps bool) Assessment
	// ApplyFrom makes the position src (a Position of the same game) with m
	// played: CopyFrom then Apply.
	ApplyFrom(src Position, m game.Move)
	// MoveScores puts in dst[i] an ordering score of moves[i]: the higher,
	// the sooner the search tries it; Forcing or more for a move that makes a
	// threat the opponent must answer, which the quiescence reads.
	MoveScores(moves []game.Move, dst []int32)
	// TrapThreats appends the moves that leave a cell where the mover would
	// close a trap: forcing moves, which a threat-space search reads
	// (ai/internal/research). The levels' quiescence reads fours only: trap
	// threats there made a node 23% slower for no gain at level 5's time.
	TrapThreats(dst []game.Move) []game.Move
}

// Length is a Game that knows how long its games last between engines: the
// time manager (ai.TimeManager) spreads a clock's time over the moves still to
// come.
type Length interface {
	// Plies is a typical game's length in plies, from games between the
	// levels; a longer game is no harm, the time manager keeps time back.
	Plies() int
}

// Book is a Position that may have an opening book's move: the move, its
// value for the side to move (as a search's Info.Value) and whether there is
// one. The alpha-beta search plays it, with ABConfig.Book, without searching.
type Book interface {
	BookMove() (game.Move, float64, bool)
}

// Forcing is the least MoveScores value of a forcing move. The quiescence
// reads every move scored this high; a game's scores may put a few quiet
// moves there too, which costs nodes, not correctness (the side to move may
// still stand on the evaluation).
const Forcing = 120

// Assessment is a Position's reading for the side to move.
type Assessment struct {
	// Result, ToMove and Hash are the position's, read with the rest.
	Result game.Result
	ToMove game.Player
	Hash   uint64
	// Sums are each side's evaluation (index by game.Player): the search
	// weighs them, its side against the opponent's.
	Sums [2]int32
	// Win is set when the side to move wins with its next move.
	Win bool
	// Blocks are the opponent's winning cells: the side to move must fill
	// one, and with two or more it has lost.
	Blocks []game.Move
}

var (
	mu    sync.RWMutex
	games = map[*game.Info]Game{}
)

// Register makes g the knowledge of the game info describes; a game is
// registered once.
func Register(info *game.Info, g Game) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := games[info]; dup {
		panic(fmt.Sprintf("knowledge: %s registered twice", info.Name))
	}
	games[info] = g
}

// Of returns the knowledge of pos's game, or nil when none is registered.
func Of(info *game.Info) Game {
	mu.RLock()
	defer mu.RUnlock()
	return games[info]
}
