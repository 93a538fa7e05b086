package input

import (
	"fmt"
	"strings"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/game/clock"
	"trihex/game/hex"
	"trihex/save"
)

// EventKind says what an operation of a Session did.
type EventKind int

// The events a Session reports; the scene turns them into animations, sounds,
// the autosave and the record written out.
const (
	MovePlayed    EventKind = iota // Move was played in Before, giving After
	MovesUndone                    // Plies moves were taken back, from Before to After
	MovesRedone                    // Plies moves were replayed; Move, the last, was played in Before
	ViewChanged                    // the position shown changed, not the game
	GameOver                       // the game ended (After, Result): a move, a resignation, a draw agreed, a flag
	Saved                          // the game was saved to Path
	Failed                         // an operation or the computer failed: Err
	OfferMade                      // Offer was made: a draw or a takeback, for the other side to answer
	OfferDeclined                  // Offer was declined
	EndTakenBack                   // an end beyond the board was taken back (Undo): the game goes on at After
	PauseChanged                   // the game was paused or resumed (Session.Paused)
	ClockFlagged                   // with a remote seat: Side's clock shows its flag; the authority decides (Session.End)
	Judged                         // the Judge answered the player's move: Judgement (after the moves it played)
)

// Sound is the sound of a move played or redone.
type Sound int

// The sounds of moves: the game's end, a capture (Abande, Attangle), a tile
// moved (Andantino's continuation) or a piece placed.
const (
	SoundPlace Sound = iota
	SoundMove
	SoundCapture
	SoundEnd
)

// Event is one thing an operation did.
type Event struct {
	Kind          EventKind
	Move          Choice // the move to animate (for a redo, the last redone)
	Before, After game.State
	Plies         int         // the moves played, taken back or redone
	Sound         Sound       // for MovePlayed and MovesRedone
	Err           error       // for Failed
	Result        game.Result // for GameOver: how the game ended
	Offer         Offer       // for OfferMade and OfferDeclined
	Side          game.Player // for ClockFlagged
	Judgement     Judgement   // for Judged
}

// Changed reports whether the event changed the game's record (its moves or its
// end), so that the autosave and the record written out must follow.
func (e Event) Changed() bool {
	switch e.Kind {
	case MovePlayed, MovesUndone, MovesRedone, GameOver, EndTakenBack:
		return true
	}
	return false
}

// Session is one game as the player sees it, without a display: the match and
// the picker that builds moves from clicks, who plays each side, the series, the
// record's tags, the file it belongs to and whether it has unsaved moves, the
// computer player, the clock, and the offers between the sides. The scene reads
// the exported fields and changes the game only through the methods, which keep
// the picker, the computer, the clock and the unsaved flag in step and return
// what happened as events; what the seats allow, it asks the Can… methods.
type Session struct {
	Info    *game.Info
	Opts    game.Options
	Match   *Match
	Picker  *Picker // offers InputState's moves; reset after every change
	Seats   [2]Seat // by side: First, Second
	Series  *Series // an Andantino series, or nil
	Tags    []save.Tag
	Path    string    // the file the game was opened from or saved to
	Started time.Time // when the game began, for the Date tag
	Speed   float64   // animation and computer pace: 0.5 slow, 1 normal, 2 fast
	Replay  Replay    // the review's play/pause, moved on by Tick

	Computer *ai.Player
	// Clock is the game's clock, nil without a time control (SetTimeControl).
	// The session presses it on every move, restores it on undo, redo and
	// visits from the clocks kept on the tree's nodes, pauses it with the game,
	// and reports its flag from Tick.
	Clock *clock.Clock
	// AcceptDraw answers a draw offered to the computer, which plays side in st;
	// nil declines every offer. It is the hook for the engine's own judgement
	// (accept when its evaluation says drawn or lost), not wired yet.
	AcceptDraw func(st game.State, side game.Player) bool
	// Judge, when set, answers the player's moves before they count (a lesson
	// or a puzzle); nil for a game.
	Judge Judge

	now       func() time.Time
	offer     *Offer    // a draw or takeback offer waiting for its answer
	flagSaid  bool      // ClockFlagged was reported for the flag shown now
	paused    bool      // a game without the computer paused (with it: Computer.Paused)
	dirty     bool      // moves played or taken back since the last save
	lastTick  time.Time // for the replay's pace
	hintMv    game.Move // the move hintCells are the cells of
	hintPly   int
	hintCells []hex.Coord
}

// NewSession starts a game of info under opts with seats (White or Black first).
// A nil now means time.Now; the computer's pace and the Date tag read it.
func NewSession(info *game.Info, opts game.Options, seats [2]Seat, now func() time.Time) *Session {
	if now == nil {
		now = time.Now
	}
	start := info.New(opts)
	s := &Session{
		Info:     info,
		Opts:     opts,
		Match:    NewMatch(start),
		Picker:   NewPicker(nil),
		Seats:    seats,
		Started:  now(),
		Speed:    1,
		Replay:   Replay{Speed: 1},
		Computer: ai.NewPlayer(now),
		now:      now,
	}
	s.Tags = []save.Tag{{Name: "Date", Value: s.Started.Format("2006-01-02")}}
	s.Computer.Clock = s.computerClock // the computer plays to the game's clock, once it has one
	s.seatEngines()
	s.Picker.Reset(s.InputState())
	return s
}

// SessionFromGame continues a recorded game with its players (seats from the
// player tags, humans at fallbackLevel), its tags, its series, its end beyond
// the board and its clocks (each side's time as the record's [%clk] left it).
// The computer waits for Space when the game opens on its turn with a human
// playing, and always when it plays both sides; a game with a clock opens
// paused. It starts saved.
func SessionFromGame(g *save.Game, fallbackLevel int, now func() time.Time) *Session {
	var seats [2]Seat
	for i, side := range g.Info.Players {
		v, _ := g.Record.Get(side)
		seats[i] = SeatFromTag(v, fallbackLevel)
	}
	s := NewSession(g.Info, g.Start.Options(), seats, now)
	if g.Root != nil {
		// The whole tree: variations, comments and marks stay with the game.
		s.Match = NewMatchTree(g.Start, g.Root)
	} else {
		for _, m := range g.Moves {
			if err := s.Match.Play(m); err != nil {
				break // cannot happen: save.Read replayed every move
			}
		}
	}
	s.Tags = append([]save.Tag(nil), g.Record.Tags...)
	if g.Info.SeriesPoints != nil {
		s.Series = SeriesFromTags(g.Record, seats)
	}
	if g.Result.Termination != game.ByRules && s.Match.LiveNode() == lastOfMainLine(s.Match.Root()) {
		s.Match.End(g.Result)
	}
	if g.Control.Kind != clock.NoClock {
		s.Clock = clock.New(g.Control, s.now)
		s.restoreClock()
		if r, ok := s.Match.Ending(); ok && r.Termination == game.TimeForfeit {
			s.flagClock(r.Winner.Other())
		}
	}
	if (s.ComputerToMove() && s.anyHere()) || !s.anyHere() || s.Clock != nil {
		// Not a surprise move on opening, nor a clock running before the
		// player is ready: Space goes on.
		s.setPaused(true)
	}
	s.Picker.Reset(s.InputState())
	return s
}

// lastOfMainLine is the last move of root's main line, or root.
func lastOfMainLine(root *save.Node) *save.Node {
	if line := root.MainLine(); len(line) > 0 {
		return line[len(line)-1]
	}
	return root
}

// anyHere reports whether a person at this screen plays either side.
func (s *Session) anyHere() bool { return s.Seats[0].Here() || s.Seats[1].Here() }

// bothHere reports whether both sides are played at this screen.
func (s *Session) bothHere() bool { return s.Seats[0].Here() && s.Seats[1].Here() }

// remote reports whether a person on another machine plays either side.
func (s *Session) remote() bool { return s.Seats[0].Kind == Remote || s.Seats[1].Kind == Remote }

// hasComputer reports whether the computer plays either side.
func (s *Session) hasComputer() bool {
	return s.Seats[0].Kind == Computer || s.Seats[1].Kind == Computer
}

// Result is how the game stands at the live position: over by the rules or
// beyond the board (a resignation, a draw agreed, a flag), or going on.
func (s *Session) Result() game.Result { return s.Match.Result() }

// ComputerToMove reports whether the computer is to move in the live position.
func (s *Session) ComputerToMove() bool {
	return !s.Result().Over && s.Seats[s.Match.Live().ToMove()].Kind == Computer
}

// InputState is the position clicks act on: the live one, or nil while reviewing,
// once the game is over, on the turn of a side not played at this screen, and
// while a game with a clock is paused.
func (s *Session) InputState() game.State {
	live := s.Match.Live()
	if s.Match.Reviewing() || s.Result().Over || !s.Seats[live.ToMove()].Here() || (s.Clock != nil && s.Paused()) ||
		(s.Judge != nil && s.Judge.Waiting()) {
		return nil
	}
	return live
}

// Play plays a move: a human's from the picker, or the computer's. With a Judge,
// the Judge answers it first (Judged) and says what is played.
func (s *Session) Play(ch Choice) []Event {
	if s.Judge != nil {
		return s.judge(ch)
	}
	return s.play(ch)
}

// PlayMove plays mv in the live position: a move that comes as a move (the
// network's, an engine's), spelled and given its cells here.
func (s *Session) PlayMove(mv game.Move) []Event {
	live := s.Match.Live()
	return s.play(ChoiceOf(live, mv))
}

// Pass plays the move that names no cell (Abande's pass) when it is legal for a
// human now.
func (s *Session) Pass() []Event {
	ch, ok := s.Picker.Pass()
	if !ok {
		return nil
	}
	return s.Play(ch)
}

// play is the one way a move enters the game. With a clock, the mover's clock
// is pressed first: a flag already fallen ends the game instead of the move.
func (s *Session) play(ch Choice) []Event {
	before := s.Match.Live()
	mover := before.ToMove()
	if s.Match.Reviewing() {
		return []Event{{Kind: Failed, Err: fmt.Errorf("input: %s: %w", ch.Text, ErrReviewing)}}
	}
	if _, ended := s.Match.Ending(); ended {
		return []Event{{Kind: Failed, Err: fmt.Errorf("input: %s: %w", ch.Text, ErrEnded)}}
	}
	var undoClock clock.Snapshot
	if s.Clock != nil {
		undoClock = s.Clock.Snapshot()
		if err := s.Clock.Press(mover); err != nil {
			f := s.Clock.Flag()
			switch {
			case f != game.NoPlayer && !s.remote():
				return s.end(game.Ended(game.TimeForfeit, f.Other()))
			case f != game.NoPlayer:
				s.pressFlagged(mover) // the authority's clock, not this one, decides
			default:
				return []Event{{Kind: Failed, Err: fmt.Errorf("input: %s: %w", ch.Text, err)}}
			}
		}
	}
	if err := s.Match.Play(ch.Move); err != nil {
		if s.Clock != nil {
			_ = s.Clock.Restore(undoClock) // its own snapshot: never refused
		}
		return []Event{{Kind: Failed, Err: fmt.Errorf("input: %s: %w", ch.Text, err)}}
	}
	if s.Clock != nil {
		if k := s.Clock.Control().Kind; k == clock.Fischer || k == clock.ByoYomi {
			s.Match.LiveNode().Clock = save.Stamp(s.Clock.Side(mover))
		}
	}
	after := s.Match.Live()
	offer := s.offer
	s.changed()
	if offer != nil && offer.Kind == DrawOffer && offer.By == mover {
		s.offer = offer // the offerer's own move leaves a draw offer standing
	}
	evs := []Event{{Kind: MovePlayed, Move: ch, Before: before, After: after, Plies: 1, Sound: soundOf(ch, after)}}
	return s.gameOver(evs, before, after)
}

// changed follows a change of the live position: an offer made before it is
// void.
func (s *Session) changed() {
	s.offer = nil
	s.syncClock()
	s.Picker.Reset(s.InputState())
	s.dirty = true
	s.Computer.MovePlayed()
}

// gameOver adds the GameOver event when the game has just ended.
func (s *Session) gameOver(evs []Event, before, after game.State) []Event {
	if after.Result().Over && !before.Result().Over {
		evs = append(evs, Event{Kind: GameOver, Before: before, After: after, Result: after.Result()})
	}
	return evs
}

// soundOf is the sound of ch, played to reach after.
func soundOf(ch Choice, after game.State) Sound {
	switch {
	case after.Result().Over:
		return SoundEnd
	case ch.Kind == game.MoveCapture:
		return SoundCapture
	case ch.Kind == game.MoveStep:
		return SoundMove
	}
	return SoundPlace
}

// Undo takes back a move; against the computer, its move and yours, so that it
// is your turn again. Computer vs Computer pauses. The computer's search stops.
// A resignation or a draw agreed is taken back first (EndTakenBack), a flag
// never. With a remote seat there is no undo: RequestTakeback asks.
func (s *Session) Undo() []Event {
	if !s.CanUndo() {
		return nil
	}
	s.Computer.Cancel()
	s.Replay.Stop()
	wasReviewing := s.Match.Reviewing()
	s.Match.ToLive()
	if _, ended := s.Match.Ending(); ended {
		s.Match.ClearEnd()
		s.changed()
		return []Event{{Kind: EndTakenBack, Before: s.Match.Live(), After: s.Match.Live()}}
	}
	before, n := s.Match.Live(), s.Match.Len()
	if !s.Match.Undo() {
		return s.viewEvents(wasReviewing)
	}
	if s.anyHere() {
		for s.programToMove() && s.Match.CanUndo() {
			s.Match.Undo()
		}
	} else {
		s.Computer.Paused = true
	}
	s.restoreClock()
	s.changed()
	return []Event{{Kind: MovesUndone, Before: before, After: s.Match.Live(), Plies: n - s.Match.Len()}}
}

// programToMove reports whether a program (the computer, an engine) is to move
// in the live position of a game going on.
func (s *Session) programToMove() bool {
	return !s.Result().Over && s.Seats[s.Match.Live().ToMove()].Program()
}

// Redo replays an undone move; against the computer, its move and yours, so that
// it does not answer afresh and cut the redo history. Computer vs Computer
// pauses.
func (s *Session) Redo() []Event {
	if !s.CanRedo() {
		return nil
	}
	s.Computer.Cancel()
	if !s.anyHere() {
		s.Computer.Paused = true
	}
	s.Replay.Stop()
	wasReviewing := s.Match.Reviewing()
	s.Match.ToLive()
	first, n := s.Match.Live(), s.Match.Len()
	before := first
	if !s.Match.Redo() {
		return s.viewEvents(wasReviewing)
	}
	for s.anyHere() && s.programToMove() && s.Match.CanRedo() {
		before = s.Match.Live() // the last move redone is the one animated
		s.Match.Redo()
	}
	mv, _ := s.Match.Move(s.Match.Len() - 1)
	ch := ChoiceOf(before, mv)
	after := s.Match.Live()
	s.restoreClock()
	s.changed()
	evs := []Event{{Kind: MovesRedone, Move: ch, Before: before, After: after, Plies: s.Match.Len() - n, Sound: soundOf(ch, after)}}
	return s.gameOver(evs, first, after)
}

// viewEvents resets the picker after the shown position may have changed.
func (s *Session) viewEvents(changed bool) []Event {
	if !changed {
		return nil
	}
	s.Picker.Reset(s.InputState())
	return []Event{{Kind: ViewChanged, After: s.Match.View()}}
}

// Review shows the position after i moves, stopping the replay.
func (s *Session) Review(i int) []Event { return s.review(func() { s.Match.Review(i) }) }

// Back shows the position one move earlier.
func (s *Session) Back() []Event { return s.review(s.Match.Back) }

// Forward shows the position one move later.
func (s *Session) Forward() []Event { return s.review(s.Match.Forward) }

// ToLive shows the live position.
func (s *Session) ToLive() []Event { return s.review(s.Match.ToLive) }

func (s *Session) review(f func()) []Event {
	s.Replay.Stop()
	f()
	return s.viewEvents(true)
}

// ToggleReplay starts or pauses the replay of the game's positions.
func (s *Session) ToggleReplay() []Event {
	s.Replay.Toggle(s.Match)
	s.lastTick = time.Time{}
	return s.viewEvents(true)
}

// ResumeHere plays on from the reviewed position: the later moves are taken back
// as Undo takes them back, so they stay redoable until another move is played,
// and the reviewed position becomes the live one. Computer vs Computer pauses.
func (s *Session) ResumeHere() []Event {
	if !s.Match.Reviewing() || s.remote() || s.endLocked() {
		return nil
	}
	s.Match.ClearEnd()
	s.Computer.Cancel()
	s.Replay.Stop()
	to := s.Match.ViewIndex()
	before, n := s.Match.Live(), s.Match.Len()
	for s.Match.Len() > to {
		s.Match.Undo()
	}
	if !s.anyHere() {
		s.Computer.Paused = true
	}
	s.restoreClock()
	s.changed()
	return []Event{{Kind: MovesUndone, Before: before, After: s.Match.Live(), Plies: n - s.Match.Len()}}
}

// Tick runs once a frame: it polls the computer and plays its move once it is
// ready, its pace has passed and canPlay (no animation running), and moves a
// running replay on.
func (s *Session) Tick(canPlay bool) []Event {
	var evs []Event
	s.syncClock() // the computer may have paused itself, or Space paused it
	if s.Clock != nil && !s.Result().Over {
		switch f := s.Clock.Flag(); {
		case f == game.NoPlayer:
		case !s.remote():
			evs = append(evs, s.end(game.Ended(game.TimeForfeit, f.Other()))...)
		case !s.flagSaid:
			s.flagSaid = true
			evs = append(evs, Event{Kind: ClockFlagged, Side: f})
		}
	}
	live := s.Match.Live()
	level := 0
	if s.ComputerToMove() || s.engineToMove() {
		level = max(1, s.Seats[live.ToMove()].Level)
	}
	pace := ai.Pace(s.Speed)
	if s.Match.Len() > 0 && s.Seats[live.ToMove().Other()].Kind != Computer {
		pace = ai.ReplyPace(s.Speed) // answering a person, who knows their own move
	}
	mv, ok, err := s.Computer.Poll(live, s.Match.Len(), level, canPlay && !s.Match.Reviewing(), pace)
	switch {
	case err != nil && s.engineToMove():
		return append(evs, s.engineFailed(err)...)
	case err != nil:
		evs = append(evs, Event{Kind: Failed, Err: err})
	}
	if ok {
		evs = append(evs, s.play(ChoiceOf(live, mv))...)
	}
	now := s.now()
	dt := 0.0
	if !s.lastTick.IsZero() {
		dt = now.Sub(s.lastTick).Seconds()
	}
	s.lastTick = now
	if s.Replay.Tick(s.Match, dt) {
		evs = append(evs, s.viewEvents(true)...)
	}
	return evs
}

// AskHint starts the hint's search when a person here is to move in the live
// position and no remote person plays (CanHint).
func (s *Session) AskHint() {
	if !s.CanHint() {
		return
	}
	s.Computer.AskHint(s.Match.Live(), s.Match.Len())
}

// HintCells are the cells of the suggested move, until the next move.
func (s *Session) HintCells() []hex.Coord {
	mv, ok := s.Computer.Hint()
	if !ok {
		return nil
	}
	if mv != s.hintMv || s.hintPly != s.Match.Len() || s.hintCells == nil {
		s.hintMv, s.hintPly = mv, s.Match.Len()
		s.hintCells = Cells(s.Match.Live(), mv)
	}
	return s.hintCells
}

// ProgressText is the line in side pl's box while its computer thinks, or "".
func (s *Session) ProgressText(pl game.Player) string {
	if s.Match.Live().ToMove() != pl || s.Seats[pl].Kind != Computer {
		return ""
	}
	return s.Computer.ProgressText()
}

// Saved records that the game was written to path.
func (s *Session) Saved(path string) []Event {
	s.Path, s.dirty = path, false
	return []Event{{Kind: Saved}}
}

// MarkUnsaved marks the game as not saved to a file of the user's, as a game
// continued from the autosave is.
func (s *Session) MarkUnsaved() { s.dirty = true }

// Unsaved reports whether quitting or opening another game would lose moves:
// moves were played or taken back since it was saved, and there is at least one.
// An exercise (a session with a Judge) has nothing of the player's to save.
func (s *Session) Unsaved() bool { return s.dirty && s.Match.Len() > 0 && s.Judge == nil }

// Record is the game's record: its tags (those of a loaded record kept), the
// seats as player tags, and the moves in effect.
func (s *Session) Record() (string, error) {
	tags := append([]save.Tag(nil), s.Tags...)
	if len(tags) == 0 {
		tags = append(tags, save.Tag{Name: "Date", Value: s.Started.Format("2006-01-02")})
	}
	for i, side := range s.Info.Players {
		tags = append(tags, save.Tag{Name: side, Value: s.Seats[i].Tag()})
	}
	// The record is the tree. With the live position on its main line, the
	// main line ends there: the moves after it (undone) are left out. With the
	// live position in a variation (visited, or played on inside it), the tree
	// is written as it is: looking at a variation changes neither the game's
	// main line nor its result; Promote and Main line do. A game review's notes
	// are written on the moves they were made of, wherever those now are, a
	// better move as a variation. An end beyond the board is the live
	// position's, on the main line (Match.End).
	root := s.Match.Root().Clone()
	main := root.MainLine()
	end := game.Ongoing
	if live := s.Match.LiveNode(); s.Match.OnMainLine(live) {
		if live.Ply > 0 {
			main[live.Ply-1].Children = nil
		} else {
			root.Children = nil
		}
		if r, ok := s.Match.Ending(); ok {
			end = r
		}
	}
	save.ApplyNotes(root)
	return save.FormatEnd(s.Match.Start(), root, tags, end)
}

// SeriesNext reports whether the series' next game can start now.
func (s *Session) SeriesNext() bool {
	final := s.Final()
	return s.Series != nil && final.Result().Over && !s.Match.Reviewing() && !s.Series.Over(final)
}

// NextSeriesGame is the series' next game, colours swapped, with its Series tag;
// nil unless SeriesNext. The caller closes this session.
func (s *Session) NextSeriesGame() *Session {
	if !s.SeriesNext() {
		return nil
	}
	sr := s.Series.Next(s.Final())
	ns := NewSession(s.Info, s.Opts, sr.GameSeats(), s.now)
	ns.Series = sr
	ns.Tags = append(ns.Tags, sr.Tag())
	ns.Speed = s.Speed
	if s.Clock != nil {
		_ = ns.SetTimeControl(s.Clock.Control()) // a new game: never refused
	}
	return ns
}

// ResultText says how the game in st ended, RULES.md style, or "" while it goes on.
func ResultText(info *game.Info, st game.State) string {
	r := st.Result()
	if !r.Over {
		return ""
	}
	if sc, ok := st.(game.Scorer); ok {
		v := sc.Score()
		if r.Winner == game.NoPlayer {
			return fmt.Sprintf("Draw %d–%d", v[0], v[1])
		}
		return fmt.Sprintf("%s wins %d–%d", info.Players[r.Winner], v[r.Winner], v[1-r.Winner])
	}
	reason := r.Reason
	switch {
	case strings.Contains(reason, "50 tiles"):
		reason = "all 50 tiles played"
	case reason == "suicide" && r.Winner != game.NoPlayer:
		w := info.Players[r.Winner]
		return fmt.Sprintf("%s played into %s's enclosure: %s wins", info.Players[r.Winner.Other()], w, w)
	}
	if r.Winner == game.NoPlayer {
		return "Draw: " + reason
	}
	return info.Players[r.Winner] + " wins: " + reason
}

// ResultText says how the game ended, for the result card: ResultText's words
// for the rules' ends, the player's sentence for one beyond the board ("Red
// resigned"); "" while it goes on.
func (s *Session) ResultText() string {
	r := s.Result()
	if r.Over && r.Termination != game.ByRules {
		return s.Info.ResultSentence(r)
	}
	return ResultText(s.Info, s.Match.Live())
}

// Close stops the computer; call it when the game is left.
func (s *Session) Close() { s.Computer.Close() }

// GoTo makes n, a node of the game's tree, the live and shown position: to visit
// a variation, or to go back to the main line. The computer's search stops; a
// game against the computer pauses it.
func (s *Session) GoTo(n *save.Node) []Event {
	if n == s.Match.LiveNode() && !s.Match.Reviewing() || s.remote() {
		return nil
	}
	if _, ended := s.Match.Ending(); ended && n != s.Match.LiveNode() {
		return nil // the game ended here: Undo takes the end back first
	}
	s.Computer.Cancel()
	s.Replay.Stop()
	before := s.Match.Live()
	s.Match.GoTo(n)
	if !s.anyHere() || s.ComputerToMove() {
		s.Computer.Paused = true
	}
	s.restoreClock()
	s.changed()
	return []Event{{Kind: MovesUndone, Before: before, After: s.Match.Live()}}
}

// VariationRoot is the first move of the innermost variation n is in, or nil when
// n is on the main line.
func VariationRoot(n *save.Node) *save.Node {
	for p := n; p != nil && p.Parent != nil; p = p.Parent {
		if p.Parent.Children[0] != p {
			return p
		}
	}
	return nil
}

// Tree edits the game's move tree: the variations and the comments. Every edit
// marks the game unsaved.
type Tree struct{ s *Session }

// Tree is the editor of the session's move tree.
func (s *Session) Tree() Tree { return Tree{s} }

// Promote moves the variation the shown move is in one place up among its
// siblings (the first variation becomes the main continuation there).
func (t Tree) Promote() bool {
	v := VariationRoot(t.s.Match.ViewNode())
	if v == nil {
		return false
	}
	v.Promote()
	t.s.dirty = true
	return true
}

// MakeMainLine makes the line of the shown move the record's main line.
func (t Tree) MakeMainLine() bool {
	n := t.s.Match.ViewNode()
	if VariationRoot(n) == nil {
		return false
	}
	n.MakeMainLine()
	t.s.dirty = true
	return true
}

// DeleteVariation takes the variation the shown move is in out of the game; the
// position shown and played becomes the move it branched from.
func (t Tree) DeleteVariation() []Event {
	v := VariationRoot(t.s.Match.ViewNode())
	if v == nil {
		return nil
	}
	evs := t.s.GoTo(v.Parent)
	if evs == nil {
		evs = []Event{{Kind: MovesUndone, Before: t.s.Match.Live(), After: t.s.Match.Live()}}
	}
	t.s.Match.Remove(v)
	t.s.dirty = true
	return evs
}

// Comment sets the comment of the shown move ("" removes it).
func (t Tree) Comment(text string) {
	n := t.s.Match.ViewNode()
	if n.Parent == nil {
		return // the start: nothing to comment
	}
	n.Comment = save.CleanComment(text)
	t.s.dirty = true
}
