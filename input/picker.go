package input

import (
	"slices"

	"trihex/game"
	"trihex/game/hex"
)

// Choice is one legal move with the cells it names (see Cells).
type Choice struct {
	Move  game.Move
	Text  string
	Cells []hex.Coord
	Kind  game.MoveKind // what the move does: its sound and animation
}

// Picker is the click state machine: it builds a legal move from clicks on cells,
// using nothing but the legal moves. A move is the set of cells it names, so the
// clicks may come in any order (Attangle's target then attackers, or attackers then
// target); only a cell that extends the selection towards some legal move is a
// target, so a click can never make an illegal move.
type Picker struct {
	state   game.State // the position offered, nil for none
	choices []Choice
	pass    *Choice // a move that names no cell (Abande's pass)
	sel     []hex.Coord
	gen     uint64 // counts the changes of the choices and the selection
}

// NewPicker offers the legal moves of s (none when the game is over).
func NewPicker(s game.State) *Picker {
	p := &Picker{}
	p.Reset(s)
	return p
}

// Reset offers the legal moves of s and clears the selection; a nil s offers none.
func (p *Picker) Reset(s game.State) {
	p.state, p.choices, p.pass, p.sel = s, p.choices[:0], nil, nil
	p.gen++
	if s == nil {
		return
	}
	for _, m := range s.LegalMoves(nil) {
		c := ChoiceOf(s, m)
		if c.Kind == game.MovePass {
			p.pass = &c
			continue
		}
		p.choices = append(p.choices, c)
	}
}

// Choices lists the legal moves that name cells.
func (p *Picker) Choices() []Choice { return p.choices }

// Pass returns the legal move that names no cell (Abande's pass), if there is one.
func (p *Picker) Pass() (Choice, bool) {
	if p.pass == nil {
		return Choice{}, false
	}
	return *p.pass, true
}

// Gen changes whenever the choices or the selection change (and so the targets):
// a cheap key for what is drawn from them.
func (p *Picker) Gen() uint64 { return p.gen }

// Selection is the cells chosen so far, in click order.
func (p *Picker) Selection() []hex.Coord { return p.sel }

// Cancel clears the selection; it reports whether there was one.
func (p *Picker) Cancel() bool {
	had := len(p.sel) > 0
	p.sel = nil
	if had {
		p.gen++
	}
	return had
}

// covers reports whether every cell of sel is among cells.
func covers(cells, sel []hex.Coord) bool {
	for _, c := range sel {
		if !slices.Contains(cells, c) {
			return false
		}
	}
	return true
}

// Targets returns the cells that extend the selection towards some legal move, each
// once, in the order the legal moves name them.
func (p *Picker) Targets() []hex.Coord {
	return p.targets(p.sel)
}

func (p *Picker) targets(sel []hex.Coord) []hex.Coord {
	var out []hex.Coord
	for _, ch := range p.choices {
		if !covers(ch.Cells, sel) {
			continue
		}
		for _, c := range ch.Cells {
			if !slices.Contains(sel, c) && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// complete returns the legal move whose cells are exactly sel.
func (p *Picker) complete(sel []hex.Coord) (Choice, bool) {
	for _, ch := range p.choices {
		if len(ch.Cells) == len(sel) && covers(ch.Cells, sel) {
			return ch, true
		}
	}
	return Choice{}, false
}

// Action is what a click on a cell does.
type Action int

// The actions of a click.
const (
	None     Action = iota // nothing: the cell is no target and nothing is selected
	Select                 // the cell joins the selection
	Deselect               // the cell leaves the selection
	Play                   // the click completes a legal move
	Cancel                 // the selection is dropped
	Restart                // the selection is dropped and the cell starts a new one
)

// Outcome says what a click did or would do; Move is set for Play.
type Outcome struct {
	Action Action
	Move   Choice
}

// Hover says what a click on c would do, without changing anything.
func (p *Picker) Hover(c hex.Coord) Outcome {
	if slices.Contains(p.sel, c) {
		return Outcome{Action: Deselect}
	}
	if slices.Contains(p.Targets(), c) {
		next := append(slices.Clone(p.sel), c)
		if ch, ok := p.complete(next); ok {
			return Outcome{Action: Play, Move: ch}
		}
		return Outcome{Action: Select}
	}
	if len(p.sel) == 0 {
		return Outcome{Action: None}
	}
	// A click elsewhere cancels; when the cell could start a selection of its own
	// (another of one's stacks) it starts one, but never plays a move outright.
	if slices.Contains(p.targets(nil), c) {
		if _, ok := p.complete([]hex.Coord{c}); !ok {
			return Outcome{Action: Restart}
		}
	}
	return Outcome{Action: Cancel}
}

// Click applies a click on c and returns what it did. For Play the selection is
// cleared and the caller plays Outcome.Move.
func (p *Picker) Click(c hex.Coord) Outcome {
	o := p.Hover(c)
	if o.Action != None {
		p.gen++
	}
	switch o.Action {
	case Deselect:
		i := slices.Index(p.sel, c)
		p.sel = slices.Delete(slices.Clone(p.sel), i, i+1)
	case Select:
		p.sel = append(p.sel, c)
	case Play, Cancel:
		p.sel = nil
	case Restart:
		p.sel = []hex.Coord{c}
	}
	return o
}

// Refusal says, in the player's words and from the rules, why a click on c does
// nothing useful now ("d4 stays empty", "not next to the band: …"): a click that
// does nothing, or only drops the selection. It is "" when the click selects, takes
// back, plays or starts a new selection, when no position is offered (Reset(nil):
// reviewing, the computer's turn, a game over) and for a game that gives no
// reasons (no game.Explainer).
func (p *Picker) Refusal(c hex.Coord) string {
	ex, ok := p.state.(game.Explainer)
	if !ok {
		return ""
	}
	switch p.Hover(c).Action {
	case None, Cancel:
		return ex.Refusal(p.sel, c)
	}
	return ""
}

// PassRefusal says why a pass is refused now ("no pass with pieces in hand",
// "there is no pass in Attangle"), or "" when Pass offers one, no position is
// offered, or the game gives no reasons.
func (p *Picker) PassRefusal() string {
	ex, ok := p.state.(game.Explainer)
	if !ok || p.pass != nil {
		return ""
	}
	return ex.PassRefusal()
}

// ClickOutside is a click away from every cell: it cancels the selection.
func (p *Picker) ClickOutside() Outcome {
	if p.Cancel() {
		return Outcome{Action: Cancel}
	}
	return Outcome{Action: None}
}
