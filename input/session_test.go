package input

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"trihex/ai"
	"trihex/game"
	"trihex/save"
)

// The session tests read like boards: moves are spelled as in a record and the
// computer is a stub that answers the first legal move, on a clock that moves
// only when told.

// testClock is the session's clock.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// stubEngine answers the first legal move: at once, or with a gate once the gate
// is closed or the search cancelled. answered hears of every answer.
type stubEngine struct {
	gate      chan struct{}
	answered  chan struct{}
	cancelled atomic.Int32
}

func (e *stubEngine) Name() string { return "stub" }

func (e *stubEngine) Choose(ctx context.Context, pos game.State) ai.Info {
	if e.gate != nil {
		select {
		case <-e.gate:
		case <-ctx.Done():
			e.cancelled.Add(1)
		}
	}
	defer func() {
		select {
		case e.answered <- struct{}{}:
		default:
		}
	}()
	return ai.Info{Move: pos.LegalMoves(nil)[0], Value: 0.5}
}

// stubs makes the session's engines and keeps them.
type stubs struct {
	gate     chan struct{}
	answered chan struct{}
	made     []*stubEngine
}

func (m *stubs) make(level int, seed uint64) (ai.Engine, error) {
	e := &stubEngine{gate: m.gate, answered: m.answered}
	m.made = append(m.made, e)
	return e, nil
}

var (
	human = Seat{Level: 3}
	comp  = Seat{Kind: Computer, Level: 1}
)

// newTestSession starts a game of name with the stub computer.
func newTestSession(t *testing.T, name string, seats [2]Seat) (*Session, *testClock, *stubs) {
	t.Helper()
	info, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	clk := &testClock{t: time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)}
	s := NewSession(info, nil, seats, clk.now)
	st := &stubs{answered: make(chan struct{}, 100)}
	s.Computer.NewEngine = st.make
	t.Cleanup(s.Close)
	return s, clk, st
}

// choice is the move spelled text in the live position.
func choice(t *testing.T, s *Session, text string) Choice {
	t.Helper()
	live := s.Match.Live()
	mv, err := live.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return ChoiceOf(live, mv)
}

// play plays the moves spelled, as a human would, and returns the last events.
func play(t *testing.T, s *Session, texts ...string) []Event {
	t.Helper()
	var evs []Event
	for _, text := range texts {
		evs = s.Play(choice(t, s, text))
		if len(evs) == 0 || evs[0].Kind != MovePlayed {
			t.Fatalf("%s: %+v", text, evs)
		}
	}
	return evs
}

// computerMoves lets the pace pass and ticks until the computer has moved.
func computerMoves(t *testing.T, s *Session, clk *testClock) Event {
	t.Helper()
	clk.advance(time.Hour)
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		for _, e := range s.Tick(true) {
			if e.Kind == Failed {
				t.Fatal(e.Err)
			}
			if e.Kind == MovePlayed {
				return e
			}
		}
	}
	t.Fatal("the computer did not move")
	return Event{}
}

// texts are the moves in effect, spelled.
func texts(s *Session) string { return strings.Join(s.Match.Texts()[:s.Match.Len()], " ") }

// noMove ticks a while with the pace long past and fails on a move.
func noMove(t *testing.T, s *Session, clk *testClock, why string) {
	t.Helper()
	clk.advance(time.Hour)
	for range 50 {
		for _, e := range s.Tick(true) {
			if e.Kind == MovePlayed {
				t.Fatalf("%s: the computer played %s", why, e.Move.Text)
			}
		}
		time.Sleep(time.Millisecond)
	}
}

func TestSessionUndoAgainstComputer(t *testing.T) {
	s, clk, _ := newTestSession(t, "Attangle", [2]Seat{human, comp})
	if evs := play(t, s, "c3"); evs[0].Plies != 1 || evs[0].Sound != SoundPlace || evs[0].Before.Ply() != 0 || evs[0].After.Ply() != 1 {
		t.Fatalf("events %+v", evs)
	}
	if s.InputState() != nil || len(s.Picker.Choices()) != 0 || !s.ComputerToMove() {
		t.Fatal("clicks act on the computer's turn")
	}
	if e := computerMoves(t, s, clk); e.Move.Text != "a1" {
		t.Fatalf("the computer replied %q", e.Move.Text)
	}
	if texts(s) != "c3 a1" || s.InputState() == nil || len(s.Picker.Choices()) == 0 {
		t.Fatalf("after the reply: %q", texts(s))
	}
	// Undo takes back the computer's reply and your move: your turn again.
	evs := s.Undo()
	if len(evs) != 1 || evs[0].Kind != MovesUndone || evs[0].Plies != 2 || evs[0].After.Ply() != 0 {
		t.Fatalf("undo: %+v", evs)
	}
	if s.Match.Len() != 0 || !s.Match.CanRedo() || s.InputState() == nil {
		t.Fatal("undo did not give the turn back")
	}

	// Undo while the computer thinks cancels its search; its answer never comes.
	s, clk, st := newTestSession(t, "Attangle", [2]Seat{human, comp})
	st.gate = make(chan struct{})
	defer close(st.gate)
	play(t, s, "c3", "a1", "c4") // the test plays the computer's a1
	s.Tick(true)
	if !s.Computer.Thinking() {
		t.Fatal("the computer does not think")
	}
	engine := st.made[len(st.made)-1]
	evs = s.Undo()
	if len(evs) != 1 || evs[0].Plies != 1 || texts(s) != "c3 a1" || s.Computer.Thinking() {
		t.Fatalf("undo while thinking: %+v, %q", evs, texts(s))
	}
	for end := time.Now().Add(10 * time.Second); engine.cancelled.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the search was not cancelled")
		}
	}
	noMove(t, s, clk, "your turn after undo")
	if !s.Match.CanRedo() || s.Match.Texts()[2] != "c4" {
		t.Fatal("the undone move is not redoable")
	}
}

func TestSessionRedoAgainstComputer(t *testing.T) {
	s, clk, _ := newTestSession(t, "Attangle", [2]Seat{human, comp})
	play(t, s, "c3")
	computerMoves(t, s, clk)
	play(t, s, "c4")
	computerMoves(t, s, clk)
	if texts(s) != "c3 a1 c4 a2" {
		t.Fatalf("game %q", texts(s))
	}
	s.Undo()
	s.Undo()
	if s.Match.Len() != 0 {
		t.Fatalf("two undos leave %q", texts(s))
	}
	// Redo replays your move and the computer's reply, animating the reply.
	evs := s.Redo()
	if len(evs) != 1 || evs[0].Kind != MovesRedone || evs[0].Plies != 2 || evs[0].Move.Text != "a1" || evs[0].Before.Ply() != 1 {
		t.Fatalf("redo: %+v", evs)
	}
	if texts(s) != "c3 a1" || s.ComputerToMove() || !s.Match.CanRedo() {
		t.Fatalf("after redo %q", texts(s))
	}
	noMove(t, s, clk, "your turn after redo")
	if evs := s.Redo(); len(evs) != 1 || evs[0].Plies != 2 || texts(s) != "c3 a1 c4 a2" {
		t.Fatalf("second redo: %+v, %q", evs, texts(s))
	}
	if evs := s.Redo(); evs != nil {
		t.Fatalf("nothing to redo: %+v", evs)
	}
}

func TestSessionComputerVsComputer(t *testing.T) {
	s, clk, _ := newTestSession(t, "Abande", [2]Seat{comp, {Kind: Computer, Level: 2}})
	computerMoves(t, s, clk)
	computerMoves(t, s, clk)
	if s.Match.Len() != 2 {
		t.Fatalf("game %q", texts(s))
	}
	// Undo takes back one move and pauses, so that it can be looked at.
	evs := s.Undo()
	if len(evs) != 1 || evs[0].Plies != 1 || !s.Computer.Paused {
		t.Fatalf("undo: %+v, paused %v", evs, s.Computer.Paused)
	}
	noMove(t, s, clk, "paused")
	if got := s.Computer.StatusText(s.ComputerToMove()); got != "paused · Space resumes" {
		t.Fatalf("status %q", got)
	}
	if evs := s.Redo(); len(evs) != 1 || evs[0].Plies != 1 || !s.Computer.Paused {
		t.Fatalf("redo: %+v", evs)
	}
	noMove(t, s, clk, "paused after redo")
	s.Computer.TogglePause()
	computerMoves(t, s, clk)
}

func TestSessionSeries(t *testing.T) {
	g := readGolden(t, "andantino.trihex") // White wins with 27 tiles down: 23 points
	g.Record.Set("White", "Human")
	g.Record.Set("Red", "Trihex level 2")
	g.Record.Set(save.SeriesTag, "game 1 of 2, points 0-0")
	clk := &testClock{t: time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)}
	s := SessionFromGame(g, 3, clk.now)
	defer s.Close()
	lvl2 := Seat{Kind: Computer, Level: 2}
	if s.Seats != [2]Seat{{Level: 3}, lvl2} || s.Series == nil || s.Unsaved() {
		t.Fatalf("opened: seats %v, series %v, unsaved %v", s.Seats, s.Series, s.Unsaved())
	}
	if !s.SeriesNext() || ResultText(s.Info, s.Match.Live()) != "White wins: line of five" {
		t.Fatalf("game 1 over: next %v, %q", s.SeriesNext(), ResultText(s.Info, s.Match.Live()))
	}
	s.Review(3)
	if s.SeriesNext() {
		t.Fatal("the next game starts while reviewing")
	}
	s.ToLive()

	// Game 2: colours swapped, the points carried, the tag written.
	n := s.NextSeriesGame()
	defer n.Close()
	if n.Seats != [2]Seat{lvl2, {Level: 3}} || n.Series.Participant(game.First) != 1 {
		t.Fatalf("game 2 seats %v", n.Seats)
	}
	if got := n.Series.Summary(n.Match.Live()); got != "Series game 2 of 2 · P1 23 – P2 0" {
		t.Fatalf("summary %q", got)
	}
	rec, err := n.Record()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Series "game 2 of 2, points 23-0"]`, `[White "Trihex level 2"]`, `[Red "Human"]`, `[Date "2026-03-04"]`} {
		if !strings.Contains(rec, want) {
			t.Errorf("record lacks %s:\n%s", want, rec)
		}
	}
	// White, now participant 2, wins game 2 the same way: the series is drawn.
	n.Computer.Paused = true // the moves below are the test's
	var evs []Event
	for i := range g.Moves {
		mv, st := g.Record.Moves[i], n.Match.Live()
		m, err := st.ParseMove(mv.Text)
		if err != nil {
			t.Fatal(err)
		}
		evs = n.Play(ChoiceOf(st, m))
	}
	if len(evs) != 2 || evs[1].Kind != GameOver || evs[0].Sound != SoundEnd {
		t.Fatalf("the last move's events %+v", evs)
	}
	if got := n.Series.Result(n.Match.Live()); got != "Series drawn 23–23" {
		t.Fatalf("series result %q", got)
	}
	if n.SeriesNext() || n.NextSeriesGame() != nil {
		t.Fatal("a third game of two")
	}
	// A series game saved and opened again is the same game of the series.
	rec, err = n.Record()
	if err != nil {
		t.Fatal(err)
	}
	back, err := save.Read(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	o := SessionFromGame(back, 3, clk.now)
	defer o.Close()
	if o.Series == nil || o.Series.Summary(o.Match.Live()) != "Series game 2 of 2 · P1 23 – P2 23" || o.Seats != n.Seats {
		t.Fatalf("reopened: %v %v", o.Series, o.Seats)
	}
}

func TestSessionOpenPauses(t *testing.T) {
	g := readGolden(t, "attangle.trihex")
	g.Record.Set("White", "Trihex level 1")
	g.Record.Set("Black", "Trihex level 2")
	s := SessionFromGame(g, 3, nil)
	defer s.Close()
	if !s.Computer.Paused || !s.Paused() || s.CanExplore() {
		t.Fatal("computer vs computer opens running")
	}
	// Cut to a position with a human to move and one with the computer to move.
	for cut := 1; cut <= 2; cut++ {
		g2 := *g
		g2.Moves = g.Moves[:cut]
		g2.Root = nil // a game made by a program: its moves, no tree
		g2.Record = &save.Record{Tags: []save.Tag{{Name: "White", Value: "Human"}, {Name: "Black", Value: "Trihex level 2"}}}
		s := SessionFromGame(&g2, 3, nil)
		wantPaused := s.ComputerToMove()
		if s.Computer.Paused != wantPaused || (s.InputState() == nil) != wantPaused {
			t.Errorf("opened after %d moves: paused %v", cut, s.Computer.Paused)
		}
		s.Close()
	}
}

func TestSessionUnsaved(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, human})
	if s.Unsaved() {
		t.Fatal("a new game is unsaved")
	}
	play(t, s, "c3")
	if !s.Unsaved() {
		t.Fatal("a move is not unsaved")
	}
	play(t, s, "c4")
	if evs := s.Saved("/tmp/g.trihex"); len(evs) != 1 || evs[0].Kind != Saved || s.Path != "/tmp/g.trihex" || s.Unsaved() {
		t.Fatalf("saved: %+v, path %q, unsaved %v", evs, s.Path, s.Unsaved())
	}
	s.Review(1)
	s.ToLive()
	if s.Unsaved() {
		t.Fatal("reviewing made it unsaved")
	}
	if evs := s.Undo(); len(evs) != 1 || evs[0].Plies != 1 || !s.Unsaved() {
		t.Fatal("an undo after saving is not unsaved")
	}
	s.Saved("/tmp/g.trihex")
	s.Redo()
	if !s.Unsaved() {
		t.Fatal("a redo after saving is not unsaved")
	}
	// The record reads back as the game.
	rec, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	g, err := save.Read(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Moves, s.Match.Moves()) {
		t.Fatalf("record %q", rec)
	}
	// Opened, it is saved; continued from the autosave, it is not.
	o := SessionFromGame(g, 3, nil)
	defer o.Close()
	if o.Unsaved() || o.Match.Len() != 2 {
		t.Fatal("an opened record is unsaved")
	}
	o.MarkUnsaved()
	if !o.Unsaved() {
		t.Fatal("MarkUnsaved")
	}
}

func TestSessionResumeHere(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, human})
	play(t, s, "c3", "c4", "c5", "c6")
	if evs := s.Review(2); len(evs) != 1 || evs[0].Kind != ViewChanged || evs[0].After.Ply() != 2 {
		t.Fatalf("review: %+v", evs)
	}
	if s.InputState() != nil || len(s.Picker.Choices()) != 0 {
		t.Fatal("clicks act while reviewing")
	}
	if evs := s.Play(choice(t, s, "e2")); len(evs) != 1 || evs[0].Kind != Failed || !strings.HasPrefix(evs[0].Err.Error(), "input: ") {
		t.Fatalf("a move while reviewing: %+v", evs)
	}
	evs := s.ResumeHere()
	if len(evs) != 1 || evs[0].Kind != MovesUndone || evs[0].Plies != 2 || s.Match.Reviewing() || texts(s) != "c3 c4" {
		t.Fatalf("resume: %+v, %q", evs, texts(s))
	}
	if s.InputState() == nil || !s.Match.CanRedo() || !s.Unsaved() {
		t.Fatal("the later moves are not redoable")
	}
	play(t, s, "e2")
	if s.Match.CanRedo() || texts(s) != "c3 c4 e2" {
		t.Fatalf("played on: %q", texts(s))
	}
	rec, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	// The moves played on from the reviewed position are the main line; the ones
	// they replaced stay as a variation.
	if !strings.HasSuffix(strings.TrimSpace(rec), "1. c3 c4 2. e2 (2. c5 c6)") {
		t.Fatalf("record:\n%s", rec)
	}
	if evs := s.ResumeHere(); evs != nil {
		t.Fatal("resume at the live position did something")
	}
}

func TestSessionTick(t *testing.T) {
	s, clk, st := newTestSession(t, "Attangle", [2]Seat{comp, human})
	if s.InputState() != nil {
		t.Fatal("clicks act on the computer's first move")
	}
	// The answer comes at once; the move waits for the pace.
	for answered := false; !answered; time.Sleep(time.Millisecond) {
		if evs := s.Tick(true); len(evs) != 0 {
			t.Fatalf("moved before the pace: %+v", evs)
		}
		select {
		case <-st.answered:
			answered = true
		default:
		}
	}
	if evs := s.Tick(true); len(evs) != 0 {
		t.Fatalf("moved before the pace: %+v", evs)
	}
	clk.advance(ai.Pace(s.Speed))
	if evs := s.Tick(false); len(evs) != 0 {
		t.Fatalf("moved during an animation: %+v", evs)
	}
	evs := s.Tick(true)
	if len(evs) != 1 || evs[0].Kind != MovePlayed || evs[0].Move.Text != "a1" || s.Match.Len() != 1 {
		t.Fatalf("tick: %+v", evs)
	}
	if s.InputState() == nil || s.Computer.Thinking() {
		t.Fatal("not your turn after the computer's move")
	}
}

func TestSessionHint(t *testing.T) {
	s, clk, _ := newTestSession(t, "Abande", [2]Seat{human, comp})
	s.Computer.NewHintEngine = func() ai.Engine { return ai.NewRandom(5) }
	play(t, s, "d4")
	computerMoves(t, s, clk)
	s.AskHint()
	for end := time.Now().Add(10 * time.Second); s.Computer.HintRunning(); time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("no hint")
		}
		s.Tick(true)
	}
	cells := s.HintCells()
	pass, ok := s.Picker.Pass()
	ok = ok && pass.Text == s.Computer.HintText() && cells == nil
	for _, ch := range s.Picker.Choices() {
		ok = ok || (ch.Text == s.Computer.HintText() && slices.Equal(ch.Cells, cells))
	}
	if !ok {
		t.Fatalf("hint %q at %v is not a legal move", s.Computer.HintText(), cells)
	}
	play(t, s, s.Computer.HintText())
	if s.HintCells() != nil || s.Computer.HintText() != "" {
		t.Fatal("the hint outlives the move")
	}
}

// A reviewed game's notes are written into the record (marks, comments, a better
// move as a variation) and read back from it.
func TestSessionNotes(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, human})
	play(t, s, "c3")
	play(t, s, "c4")
	better, err := s.Match.Start().ParseMove("a1")
	if err != nil {
		t.Fatal(err)
	}
	s.Annotate(s.Match.Line(), []save.Note{{}, {Mark: "?", Comment: "lets White build", Better: better}})
	rec, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rec, "c4? {lets White build}") || !strings.Contains(rec, "(1... a1 {better})") {
		t.Fatalf("record:\n%s", rec)
	}
	g, err := save.Read(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	back := SessionFromGame(g, 3, nil)
	defer back.Close()
	line := back.Match.Root().MainLine()
	if back.Match.Len() != 2 || line[1].Mark != "?" || line[1].Comment != "lets White build" || len(line[0].Children) != 2 {
		t.Errorf("read back: %d moves, %+v", back.Match.Len(), line[1])
	}
	// Written again, the record is the same.
	if again, err := back.Record(); err != nil || again != rec {
		t.Errorf("written again (%v):\n%s\nwas\n%s", err, again, rec)
	}
}

// Variations: visit one, promote it, make it the main line, delete it; comments
// go into the record.
func TestSessionVariations(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, human})
	play(t, s, "c3", "c4", "c5")
	s.Review(1)
	s.ResumeHere()
	play(t, s, "e2", "e3") // 1. c3 e2 2. e3, the old 1... c4 2. c5 a variation
	root := s.Match.Root()
	if len(root.Children[0].Children) != 2 || texts(s) != "c3 e2 e3" {
		t.Fatalf("tree: %q", texts(s))
	}
	old := root.Children[0].Children[1] // 1... c4
	if VariationRoot(old.Children[0]) != old || VariationRoot(s.Match.LiveNode()) != nil {
		t.Fatal("VariationRoot")
	}
	s.GoTo(old.Children[0])
	if texts(s) != "c3 c4 c5" || s.Match.Len() != 3 || s.Match.Reviewing() {
		t.Fatalf("in the variation: %q len %d", texts(s), s.Match.Len())
	}
	s.Tree().Comment("the old line")
	if !s.Tree().Promote() || root.Children[0].Children[0] != old {
		t.Fatal("promote")
	}
	rec, _ := s.Record()
	if !strings.Contains(rec, "c5 {the old line}") {
		t.Errorf("record after promoting (the path to the live move is its main line):\n%s", rec)
	}
	s.Review(1)
	if s.Tree().MakeMainLine() {
		t.Error("c3 is on the main line already")
	}
	e2 := root.Children[0].Children[1] // the new line, a variation since the promotion
	s.GoTo(e2.Children[0])
	evs := s.Tree().DeleteVariation()
	if len(evs) != 1 || len(root.Children[0].Children) != 1 || texts(s) != "c3" || s.Match.Len() != 1 ||
		strings.Join(s.Match.Texts(), " ") != "c3 c4 c5" {
		t.Fatalf("deleted: %+v %q len %d", evs, texts(s), s.Match.Len())
	}
}

// TestSessionRecordInVariation: visiting a variation, or playing on inside it,
// leaves the record's main line and result as they were.
func TestSessionRecordInVariation(t *testing.T) {
	g, err := save.Read(strings.NewReader("[Game \"Attangle\"]\n[Format \"1\"]\n\n1. c3 c4 (1... e2 2. e3) 2. c5 b4\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := SessionFromGame(g, 1, nil)
	before, _ := s.Record()
	e2 := s.Match.Root().Children[0].Children[1]
	s.GoTo(e2.Children[0]) // 1... e2 2. e3
	if rec, _ := s.Record(); rec != before {
		t.Errorf("visiting a variation changed the record:\n%s\nwas\n%s", rec, before)
	}
	play(t, s, "a1")
	rec, _ := s.Record()
	if !strings.Contains(rec, "1. c3 c4 (1... e2 2. e3 a1) 2. c5 b4") {
		t.Errorf("a move inside the variation:\n%s", rec)
	}
	s.GoTo(s.Match.Root().Children[0].Children[0]) // back on the main line, at 1... c4
	if rec, _ := s.Record(); !strings.Contains(rec, "1. c3 c4 (1... e2 2. e3 a1)") || strings.Contains(rec, "c5") {
		t.Errorf("on the main line the record ends at the live move:\n%s", rec)
	}
}

// Answering a person, the computer waits only ai.ReplyPace (their piece lands
// first), not the whole ai.Pace that lets its own moves be followed.
func TestSessionReplyPace(t *testing.T) {
	s, clk, st := newTestSession(t, "Attangle", [2]Seat{human, comp})
	play(t, s, "c3")
	for answered := false; !answered; time.Sleep(time.Millisecond) {
		if evs := s.Tick(true); len(evs) != 0 {
			t.Fatalf("moved before the pace: %+v", evs)
		}
		select {
		case <-st.answered:
			answered = true
		default:
		}
	}
	clk.advance(ai.ReplyPace(s.Speed) - time.Millisecond)
	if evs := s.Tick(true); len(evs) != 0 {
		t.Fatalf("moved before the reply pace: %+v", evs)
	}
	clk.advance(time.Millisecond)
	if evs := s.Tick(true); len(evs) != 1 || evs[0].Kind != MovePlayed || s.Match.Len() != 2 {
		t.Fatalf("no answer after the reply pace: %+v", evs)
	}
}
