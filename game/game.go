// Package game holds what the three games share: players, moves, results, rules
// options, the State interface every game satisfies, and a registry by name. The AI,
// the record reader and the app treat the games only through this package.
package game

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"trihex/game/hex"
)

// Player is a side. First moves first (Black in Abande, White in Attangle and
// Andantino); a game's Info names the two sides.
type Player int8

// The sides, and NoPlayer for "nobody" (a draw, or a game not over).
const (
	NoPlayer Player = -1
	First    Player = 0
	Second   Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return 1 - p }

// Move is one move in a compact, game-specific encoding. Two moves of the same game
// are equal exactly when they are the same move; the zero Move is never legal. It is
// two words wide because an Andantino relocation names two cells of an unbounded
// surface.
type Move struct{ A, B uint64 }

// Result says whether the game is over and how it ended. A State's Result is
// always the rules' (Termination ByRules); a game's may end otherwise too (a
// resignation, a clock), which the record and the session keep.
type Result struct {
	Over   bool
	Winner Player // NoPlayer for a draw
	Reason string // "three triples", "line of five", "two passes", …; a Termination's words
	// Termination is what ended the game when the rules did not (see Ended).
	Termination Termination
}

// Ongoing is the Result of a game still in progress.
var Ongoing = Result{Winner: NoPlayer}

// State is one position of one game, with everything needed to continue it. The
// methods that take a Move expect a Move of the same game.
type State interface {
	// Info describes the game this state belongs to.
	Info() *Info
	// Options are the rules options in effect, canonical and complete.
	Options() Options
	// ToMove is the side to move.
	ToMove() Player
	// Ply is the number of moves played since the start.
	Ply() int
	// LegalMoves appends the legal moves to dst and returns it; none when the game
	// is over. Every legal move appears once.
	LegalMoves(dst []Move) []Move
	// IsLegal reports whether m is legal here.
	IsLegal(m Move) bool
	// Play checks m and applies it, or returns an error naming the move.
	Play(m Move) error
	// Apply applies m, which must be legal: the unchecked fast path for search.
	Apply(m Move)
	// Result reports whether the game is over and how.
	Result() Result
	// FormatMove spells m in RULES.md notation.
	FormatMove(m Move) string
	// ParseMove reads a move in RULES.md notation (either case, surrounding spaces
	// allowed; a game may read other unambiguous spellings of a move, such as
	// Abstract Play's, which FormatMove never writes). It checks the spelling, not
	// legality.
	ParseMove(s string) (Move, error)
	// Clone returns an independent copy.
	Clone() State
	// CopyFrom makes the receiver a copy of src, which must be a state of the same
	// game, reusing the receiver's memory so that search loops do not allocate.
	CopyFrom(src State)
	// RandomPlayout plays uniformly random legal moves until the game is over and
	// returns the result. It changes the state.
	RandomPlayout(r *Rand) Result
	// Hash identifies the position (pieces, side to move, and whatever else
	// decides the legal moves) for transposition tables.
	Hash() uint64
}

// Scorer is satisfied by games that keep a running score (Abande): the score each
// side would have if the game ended now.
type Scorer interface {
	Score() [2]int
}

// Refuse is the part of Explainer.Refusal the games share: a cell already chosen
// is no refusal (clicking it again takes it back), a finished game refuses every
// click, and a selection the picker cannot reach is explained by its first bad
// cell. one judges the cell c after the cells sel, which are all good.
func Refuse(info *Info, res Result, sel []hex.Coord, c hex.Coord, one func(sel []hex.Coord, c hex.Coord) string) string {
	if slices.Contains(sel, c) {
		return ""
	}
	if res.Over {
		return OverReason(info, res)
	}
	for i, x := range sel {
		if why := one(sel[:i], x); why != "" {
			return why
		}
	}
	return one(sel, c)
}

// OverReason is the refusal of any click or pass once the game is over.
func OverReason(info *Info, res Result) string {
	return "the game is over (" + info.DescribeResult(res) + ")"
}

// Explainer is satisfied by games that can say, in the player's words and from the
// rules, why a click or a pass does nothing (the window shows it in one line). A
// move is the set of cells it names (input.Cells), chosen by clicks in any order.
type Explainer interface {
	// Refusal says why clicking cell c, with the cells sel already chosen, cannot
	// lead to a legal move now ("d4 stays empty", "not next to the band: …"). It
	// returns "" exactly when c extends sel towards some legal move (some legal
	// move names every cell of sel and c), and for a c in sel (clicking it again
	// takes it back). The game being over is a reason too.
	Refusal(sel []hex.Coord, c hex.Coord) string
	// PassRefusal says why the side to move cannot pass now, or "" when it can.
	PassRefusal() string
}

// Info describes one game: everything the window, the lessons, the AI and the
// record need to know of it besides its positions (State).
type Info struct {
	Name        string    // "Abande", "Attangle", "Andantino"
	Players     [2]string // side names, First then Second: "Black", "White"
	Description string    // one line for menus
	Options     []OptionSpec
	// New returns the start position under opts, which ResolveOptions produced.
	New func(opts Options) State

	// Order places the game in lists (the start screen's cards, the ladder):
	// lower first, then by name.
	Order int
	// Board is where the game is played: the 37-point hexagon or the unbounded
	// surface.
	Board Board
	// Passes: the rules let a side pass (Abande), so a lesson may expect one.
	Passes bool
	// SeriesPoints, when set, offers a series of games between two participants
	// who alternate sides (RULES.md §4 for Andantino): the points the winner of
	// the finished game final scores (final may be Concluded: a game won
	// beyond the board scores too). Nil: the game is played one at a time.
	SeriesPoints func(final State) int
	// SeriesHelp says in a few words what a won game scores in a series, for
	// the start screen: "a win scores 50 minus the tiles on the surface".
	SeriesHelp string
}

// ResultTag spells r for a record's Result tag: a lower-case side name, "draw", or
// "*" when the game is not over.
func (g *Info) ResultTag(r Result) string {
	switch {
	case !r.Over:
		return "*"
	case r.Winner == NoPlayer:
		return "draw"
	default:
		return strings.ToLower(g.Players[r.Winner])
	}
}

// Start returns the start position of g with the options in opts (see
// ResolveOptions).
func (g *Info) Start(opts string) (State, error) {
	o, err := g.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	return g.New(o), nil
}

// DescribeResult says in words how a game ended: "White wins: three triples",
// and for a game the rules did not end "White wins: Red resigned", "Draw:
// agreed".
func (g *Info) DescribeResult(r Result) string {
	switch {
	case !r.Over:
		return "game in progress"
	case r.Termination != ByRules:
		return g.endWords(r)
	case r.Winner == NoPlayer:
		return "Draw: " + r.Reason
	default:
		return g.Players[r.Winner] + " wins: " + r.Reason
	}
}

var registry = map[string]*Info{}

// Register makes a game known by its name; each game package calls it from init.
func Register(g *Info) {
	key := strings.ToLower(g.Name)
	if _, dup := registry[key]; dup {
		panic("game: " + g.Name + " registered twice")
	}
	registry[key] = g
}

// Lookup finds a registered game by name, in any case.
func Lookup(name string) (*Info, error) {
	if g, ok := registry[strings.ToLower(strings.TrimSpace(name))]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("game: unknown game %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the registered games in alphabetical order.
func Names() []string {
	var names []string
	for _, g := range registry {
		names = append(names, g.Name)
	}
	sort.Strings(names)
	return names
}

// Games lists the registered games in their Order, then by name: the order of
// the start screen's cards.
func Games() []*Info {
	var out []*Info
	for _, g := range registry {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Order != out[j].Order {
			return out[i].Order < out[j].Order
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// ErrIllegal is wrapped by the errors Play returns for a move that is not legal.
var ErrIllegal = errors.New("illegal move")
