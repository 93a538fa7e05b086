package input

import (
	"os"
	"strconv"
	"strings"
	"testing"

	_ "trihex/ai/all"
	"trihex/game"
	_ "trihex/game/all"
	"trihex/save"
)

// readGolden reads one of save's golden records.
func readGolden(t *testing.T, name string) *save.Game {
	t.Helper()
	f, err := os.Open("../save/testdata/golden/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := save.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSeriesRun(t *testing.T) {
	info, err := game.Lookup("Andantino")
	if err != nil {
		t.Fatal(err)
	}
	end := readGolden(t, "andantino.trihex").Final // White wins with 27 tiles down: 23 points
	human, comp := Seat{}, Seat{Kind: Computer, Level: 2}
	sr := NewSeries(2, [2]Seat{human, comp})
	if sr.GameSeats() != [2]Seat{human, comp} || sr.Participant(game.First) != 0 {
		t.Fatal("game 1: participant 0 has White")
	}
	if got := info.SeriesPoints(end); got != 23 {
		t.Fatalf("the game scores %d points", got)
	}
	if s := sr.Now(end); s.Totals != [2]int{23, 0} || s.Played != 1 {
		t.Fatalf("after game 1: %+v", s)
	}
	if sr.Over(end) || !strings.Contains(sr.Result(end), "P1 23") {
		t.Fatalf("result %q", sr.Result(end))
	}
	if s := sr.Now(info.New(nil)); s.Totals != [2]int{} || s.Played != 0 {
		t.Fatal("an unfinished game counts")
	}
	nx := sr.Next(end)
	if nx.GameSeats() != [2]Seat{comp, human} || nx.Participant(game.First) != 1 {
		t.Fatal("game 2: colours do not alternate")
	}
	// White wins game 2 too: that is participant 1.
	if s := nx.Now(end); s.Totals != [2]int{23, 23} || !nx.Over(end) {
		t.Fatalf("after game 2: %+v", s)
	}
	if !strings.Contains(nx.Result(end), "drawn 23–23") {
		t.Fatalf("final %q", nx.Result(end))
	}
	if nx.Name(0) != "Player 1" || nx.Name(1) != "Player 2 (computer)" {
		t.Fatalf("names %q %q", nx.Name(0), nx.Name(1))
	}
	// The tag round-trips through a record.
	rec := &save.Record{Tags: []save.Tag{nx.Tag()}}
	back := SeriesFromTags(rec, nx.GameSeats())
	if back == nil || back.base != nx.base || back.seats != nx.seats {
		t.Fatalf("restored %+v from %v", back, nx.Tag())
	}
	if SeriesFromTags(&save.Record{Tags: []save.Tag{{Name: "Series", Value: "rubbish"}}}, nx.seats) != nil {
		t.Fatal("a bad tag gives a series")
	}
	if SeriesFromTags(&save.Record{}, nx.seats) != nil {
		t.Fatal("no tag gives a series")
	}
}

// A game of a series ended beyond the board counts: Red resigns game 1 of 2
// with 4 tiles down (2 played), and White's participant scores 50 − 4.
func TestSeriesCountsResignation(t *testing.T) {
	info, err := game.Lookup("Andantino")
	if err != nil {
		t.Fatal(err)
	}
	seats := [2]Seat{{}, {}}
	s := NewSession(info, nil, seats, nil)
	defer s.Close()
	s.Series = NewSeries(2, seats)
	for _, text := range []string{"0,1", "1,-1"} {
		mv, err := s.Match.Live().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		s.PlayMove(mv)
	}
	if s.SeriesNext() {
		t.Fatal("the next game before this one ended")
	}
	s.Resign(game.Second)
	if !s.SeriesNext() {
		t.Fatal("after Red resigned, the series has no next game")
	}
	want := 50 - 4 // the two starting tiles and the two played
	if got := s.Series.Now(s.Final()).Totals; got != [2]int{want, 0} {
		t.Errorf("totals %v, want [%d 0]", got, want)
	}
	if r := s.Series.Result(s.Final()); !strings.Contains(r, "P1 "+strconv.Itoa(want)) {
		t.Errorf("series line %q", r)
	}
	next := s.NextSeriesGame()
	if next == nil {
		t.Fatal("no next game")
	}
	defer next.Close()
	if v, _ := (&save.Record{Tags: next.Tags}).Get(save.SeriesTag); !strings.Contains(v, strconv.Itoa(want)) {
		t.Errorf("next game's Series tag %q", v)
	}
}
