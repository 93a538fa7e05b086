package input

import (
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/gametest/toy"
	"trihex/game/hex"
	"trihex/save"
)

// A game the session knows only through the registry (a toy fourth game) is
// played by clicks from start to end: each click on an empty point places a
// piece, with the placing sound; three in a row ends it; undo takes a move back;
// the record names the game and reads back to the same position.
func TestSessionPlaysAToyGame(t *testing.T) {
	info, err := game.Lookup("tri")
	if err != nil || info != toy.Info {
		t.Fatalf("the toy game is not registered: %v", err)
	}
	s := NewSession(info, nil, [2]Seat{{}, {}}, nil)
	t.Cleanup(s.Close)
	click := func(label string) []Event {
		t.Helper()
		p, _ := hex.ParsePoint(label)
		o := s.Picker.Click(p.Coord())
		if o.Action != Play {
			t.Fatalf("click %s: %v, want a move", label, o.Action)
		}
		return s.Play(o.Move)
	}
	if n := len(s.Picker.Targets()); n != hex.NumPoints {
		t.Fatalf("%d points to click on an empty board", n)
	}
	for _, label := range []string{"d4", "a1", "d5", "a2"} {
		evs := click(label)
		if len(evs) != 1 || evs[0].Kind != MovePlayed || evs[0].Sound != SoundPlace || evs[0].Move.Kind != game.MovePlace {
			t.Fatalf("%s: events %+v", label, evs)
		}
	}
	if p, _ := hex.ParsePoint("d4"); s.Picker.Click(p.Coord()).Action == Play {
		t.Fatal("a taken point was played again")
	}
	s.Picker.Cancel()
	s.Undo()
	if s.Match.Len() != 3 || s.Match.Live().ToMove() != game.Second {
		t.Fatalf("after undo: %d moves, %v to move", s.Match.Len(), s.Match.Live().ToMove())
	}
	click("a2")
	evs := click("d3")
	if len(evs) != 2 || evs[1].Kind != GameOver || evs[0].Sound != SoundEnd {
		t.Fatalf("the winning move's events %+v", evs)
	}
	if got := s.ResultText(); !strings.Contains(got, "Black wins") || !strings.Contains(got, toy.ReasonThree) {
		t.Fatalf("result %q", got)
	}
	rec, err := s.Record()
	if err != nil {
		t.Fatal(err)
	}
	g, err := save.Read(strings.NewReader(rec))
	if err != nil {
		t.Fatalf("%v\n%s", err, rec)
	}
	if g.Info != info || g.Final.Hash() != s.Match.Live().Hash() || len(g.Moves) != 5 {
		t.Fatalf("the record reads back as %s with %d moves\n%s", g.Info.Name, len(g.Moves), rec)
	}
}
