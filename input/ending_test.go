package input

import (
	"strings"
	"testing"

	"trihex/game"
	"trihex/save"
)

var (
	remote = Seat{Kind: Remote, Name: "Bea"}
	engine = Seat{Kind: Engine, Name: "Ext", Command: "ext --uci"}
)

func TestSeatKinds(t *testing.T) {
	cases := []struct {
		seat          Seat
		str, tag      string
		here, program bool
	}{
		{Seat{Level: 2}, "Human", "Human", true, false},
		{Seat{Name: "Ann"}, "Human", "Ann", true, false},
		{comp, "Computer 1", "Trihex level 1", false, true},
		{remote, "Bea", "Bea", false, false},
		{Seat{Kind: Remote}, "Remote player", "Remote player", false, false},
		{engine, "Ext", "Ext", false, true},
		{Seat{Kind: Engine}, "Engine", "Engine", false, true},
	}
	for _, c := range cases {
		if c.seat.String() != c.str || c.seat.Tag() != c.tag || c.seat.Here() != c.here || c.seat.Program() != c.program {
			t.Errorf("%+v: %q %q here %v program %v", c.seat, c.seat.String(), c.seat.Tag(), c.seat.Here(), c.seat.Program())
		}
	}
	// A saved game against a remote person or an engine opens at this screen.
	if got := SeatFromTag(remote.Tag(), 3); got != (Seat{Level: 3, Name: "Bea"}) {
		t.Errorf("remote read back as %+v", got)
	}
	if SeatOf(true, 4) != (Seat{Kind: Computer, Level: 4}) || SeatOf(false, 4) != (Seat{Level: 4}) {
		t.Error("SeatOf")
	}
}

// A resignation ends the game, is written to the record and read back, and is
// taken back by Undo at this screen.
func TestSessionResign(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, human})
	play(t, s, "a1", "g1")
	side, ok := s.PlayerHere()
	if !ok || side != game.First || !s.CanResign() {
		t.Fatalf("who resigns: %v %v", side, ok)
	}
	evs := s.Resign(side)
	want := game.Ended(game.Resignation, game.Second)
	if len(evs) != 1 || evs[0].Kind != GameOver || evs[0].Result != want || s.Result() != want || !evs[0].Changed() {
		t.Fatalf("resign: %+v", evs)
	}
	if s.ResultText() != "White resigned" {
		t.Errorf("result card %q", s.ResultText())
	}
	if s.InputState() != nil || s.CanResign() || s.CanOfferDraw() || s.Resign(game.Second) != nil {
		t.Fatal("the game goes on after the resignation")
	}
	if evs := s.Play(choice(t, s, "d1")); len(evs) != 1 || evs[0].Kind != Failed {
		t.Fatalf("a move after the resignation: %+v", evs)
	}
	rec, err := s.Record()
	if err != nil || !strings.Contains(rec, "[Result \"black\"]\n[Termination \"resignation\"]") {
		t.Fatalf("record (%v):\n%s", err, rec)
	}
	g, err := save.Read(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	back := SessionFromGame(g, 3, nil)
	defer back.Close()
	if back.Result() != want || back.Match.Len() != 2 {
		t.Fatalf("read back: %+v", back.Result())
	}
	if again, _ := back.Record(); again != rec {
		t.Errorf("written again:\n%s\nwas\n%s", again, rec)
	}
	// Undo takes the resignation back, then moves.
	if !s.CanUndo() || s.CanRedo() {
		t.Fatal("CanUndo after a resignation")
	}
	evs = s.Undo()
	if len(evs) != 1 || evs[0].Kind != EndTakenBack || s.Result().Over || s.Match.Len() != 2 || s.InputState() == nil {
		t.Fatalf("undo of the resignation: %+v", evs)
	}
	if rec, _ := s.Record(); !strings.Contains(rec, `[Result "*"]`) {
		t.Fatalf("record after the undo:\n%s", rec)
	}
	if evs := s.Undo(); len(evs) != 1 || evs[0].Kind != MovesUndone || texts(s) != "a1" {
		t.Fatalf("undo of a move: %+v %q", evs, texts(s))
	}
}

// Against the computer the person here resigns, and the computer stops.
func TestSessionResignAgainstComputer(t *testing.T) {
	s, clk, _ := newTestSession(t, "Attangle", [2]Seat{human, comp})
	play(t, s, "c3")
	computerMoves(t, s, clk)
	play(t, s, "e2")
	side, _ := s.PlayerHere()
	if side != game.First {
		t.Fatalf("the person here plays %v", side)
	}
	if evs := s.Resign(side); len(evs) != 1 || s.Result().Winner != game.Second {
		t.Fatalf("resign: %+v", evs)
	}
	noMove(t, s, clk, "resigned")
	if s.ComputerToMove() {
		t.Fatal("the computer is to move in a finished game")
	}
}

// Two players at one screen: a draw offered, declined, offered again and
// accepted by the other; an offer stands through the offerer's own move and
// goes with the other side's.
func TestSessionDrawBetweenPlayersHere(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, human})
	play(t, s, "a1")
	evs := s.OfferDraw(game.Second)
	if len(evs) != 1 || evs[0].Kind != OfferMade || evs[0].Offer != (Offer{DrawOffer, game.Second, 1}) {
		t.Fatalf("offer: %+v", evs)
	}
	if o, ok := s.Offer(); !ok || o.By != game.Second || s.CanOfferDraw() {
		t.Fatal("the offer waits, and the offerer may not offer twice")
	}
	if evs := s.AnswerDraw(false); len(evs) != 1 || evs[0].Kind != OfferDeclined || s.Result().Over {
		t.Fatalf("declined: %+v", evs)
	}
	if _, ok := s.Offer(); ok || s.AnswerDraw(true) != nil {
		t.Fatal("a declined offer is still there")
	}
	s.OfferDraw(game.Second)
	play(t, s, "g1") // the offerer's move: the offer stands
	if _, ok := s.Offer(); !ok {
		t.Fatal("the offerer's move voided the offer")
	}
	play(t, s, "d1") // the other side plays on: declined
	if _, ok := s.Offer(); ok {
		t.Fatal("an offer survives the other side's move")
	}
	s.OfferDraw(game.Second)
	evs = s.OfferDraw(game.First) // offering back accepts
	want := game.Ended(game.Agreement, game.NoPlayer)
	if len(evs) != 1 || evs[0].Kind != GameOver || s.Result() != want {
		t.Fatalf("accepted: %+v", evs)
	}
	if rec, _ := s.Record(); !strings.Contains(rec, "[Result \"draw\"]\n[Termination \"agreement\"]") {
		t.Fatalf("record:\n%s", rec)
	}
	if s.OfferDraw(game.First) != nil {
		t.Fatal("an offer after the end")
	}
}

// The computer answers at once: by its hook, declining without one; an engine
// declines.
func TestSessionDrawAgainstPrograms(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, comp})
	play(t, s, "a1")
	evs := s.OfferDraw(game.First)
	if len(evs) != 2 || evs[0].Kind != OfferMade || evs[1].Kind != OfferDeclined || s.Result().Over {
		t.Fatalf("no hook: %+v", evs)
	}
	var asked game.Player = -2
	s.AcceptDraw = func(st game.State, side game.Player) bool {
		asked = side
		return st.Ply() == 1
	}
	evs = s.OfferDraw(game.First)
	if len(evs) != 2 || evs[1].Kind != GameOver || asked != game.Second || s.Result().Termination != game.Agreement {
		t.Fatalf("the hook accepts: %+v, asked %v", evs, asked)
	}
	e, _, _ := newTestSession(t, "Attangle", [2]Seat{human, engine})
	if evs := e.OfferDraw(game.First); len(evs) != 2 || evs[1].Kind != OfferDeclined {
		t.Fatalf("engine: %+v", evs)
	}
	if e.InputState() == nil {
		t.Fatal("the person here cannot move against an engine")
	}
	e.Play(choice(t, e, "a1"))
	if e.InputState() != nil || e.ComputerToMove() {
		t.Fatal("the engine's turn: the board takes moves, or the computer plays it")
	}
}

// Against a remote person there is no undo: a takeback is asked for and
// answered, either way.
func TestSessionTakebackRemote(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, remote})
	if s.CanRequestTakeback() {
		t.Fatal("a takeback with no move")
	}
	play(t, s, "a1")
	if s.InputState() != nil {
		t.Fatal("the board takes the remote side's move")
	}
	play(t, s, "g1") // as the network plays it
	if s.CanUndo() || s.Undo() != nil || s.CanRedo() || s.CanHint() || s.CanPause() || s.CanExplore() {
		t.Fatal("undo, redo, hint, pause or variations with a remote seat")
	}
	if !s.CanRequestTakeback() || !s.CanResign() {
		t.Fatal("the person here cannot ask for a takeback or resign")
	}
	evs := s.RequestTakeback(game.First)
	if len(evs) != 1 || evs[0].Offer != (Offer{TakebackOffer, game.First, 2}) || s.CanRequestTakeback() {
		t.Fatalf("request: %+v", evs)
	}
	if evs := s.AnswerTakeback(false); len(evs) != 1 || evs[0].Kind != OfferDeclined || s.Match.Len() != 2 {
		t.Fatalf("declined: %+v", evs)
	}
	s.RequestTakeback(game.First)
	if evs := s.AnswerDraw(true); evs != nil {
		t.Fatal("a takeback answered as a draw")
	}
	evs = s.AnswerTakeback(true)
	if len(evs) != 1 || evs[0].Kind != MovesUndone || evs[0].Plies != 2 || s.Match.Len() != 0 || s.InputState() == nil {
		t.Fatalf("accepted: %+v, %d moves", evs, s.Match.Len())
	}
	// The remote side asks after the reply to its move: both are taken back,
	// and it is its turn again.
	play(t, s, "a1", "g1", "d1")
	if evs := s.RequestTakeback(game.Second); len(evs) != 1 || evs[0].Kind != OfferMade {
		t.Fatalf("remote request: %+v", evs)
	}
	if evs := s.AnswerTakeback(true); len(evs) != 1 || evs[0].Plies != 2 || texts(s) != "a1" {
		t.Fatalf("accepted: %+v %q", evs, texts(s))
	}
	// A move voids a request.
	play(t, s, "g1")
	s.RequestTakeback(game.Second)
	play(t, s, "d1")
	if _, ok := s.Offer(); ok || s.AnswerTakeback(true) != nil {
		t.Fatal("a request survives a move")
	}
	// A resignation with a remote seat is not undone here.
	s.Resign(game.First)
	if s.CanUndo() || s.Undo() != nil || s.GoTo(s.Match.Root()) != nil {
		t.Fatal("a resignation undone against a remote person")
	}
}

// Who acts at this screen.
func TestPlayerHere(t *testing.T) {
	for _, c := range []struct {
		seats [2]Seat
		side  game.Player
		ok    bool
	}{
		{[2]Seat{human, comp}, game.First, true},
		{[2]Seat{remote, human}, game.Second, true},
		{[2]Seat{comp, comp}, game.NoPlayer, false},
		{[2]Seat{human, human}, game.First, true},
	} {
		s, _, _ := newTestSession(t, "Abande", c.seats)
		if side, ok := s.PlayerHere(); side != c.side || ok != c.ok {
			t.Errorf("%v: %v %v", c.seats, side, ok)
		}
		if c.ok != s.CanResign() {
			t.Errorf("%v: CanResign %v", c.seats, s.CanResign())
		}
	}
}

// The repeatable case: Attangle, a1 g1, the review marks g1 "??", undo, f1,
// save. The mark stays on g1, now a variation, never on f1; deleting g1's
// variation takes it along.
func TestSessionNotesStayOnTheirMove(t *testing.T) {
	s, _, _ := newTestSession(t, "Attangle", [2]Seat{human, human})
	play(t, s, "a1", "g1")
	reviewed := append([]*save.Node(nil), s.Match.Line()[:s.Match.Len()]...)
	s.Annotate(reviewed, []save.Note{{}, {Mark: "??", Comment: "g1 was a blunder"}})
	s.Undo()
	play(t, s, "f1")
	rec, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	list := oneLine(rec[strings.Index(rec, "\n\n"):])
	if list != "1. a1 f1 (1... g1?? {g1 was a blunder})" {
		t.Fatalf("move list %q", list)
	}
	f1 := s.Match.LiveNode()
	if f1.Note != nil || f1.Mark != "" || reviewed[1].Note.Mark != "??" {
		t.Fatal("the note moved")
	}
	s.Match.Remove(reviewed[1])
	rec, _ = s.Record()
	if strings.Contains(rec, "??") || strings.Contains(rec, "blunder") {
		t.Fatalf("the note outlived its move:\n%s", rec)
	}
	// A second review replaces the first's notes.
	s.Annotate(s.Match.Line(), []save.Note{{Mark: "!"}})
	s.Annotate(s.Match.Line()[1:], []save.Note{{Mark: "?"}})
	if rec, _ := s.Record(); !strings.HasSuffix(strings.TrimSpace(rec), "1. a1 f1?") {
		t.Fatalf("second review:\n%s", rec)
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
