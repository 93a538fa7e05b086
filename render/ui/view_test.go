package ui

import (
	"encoding/binary"
	"strings"
	"testing"

	"trihex/game"
	"trihex/save"
)

func TestSynth(t *testing.T) {
	for k := sndKind(0); k < numSounds; k++ {
		pcm := synth(k)
		if len(pcm)%4 != 0 || len(pcm) < 4*sampleRate/50 || len(pcm) > 4*sampleRate {
			t.Errorf("sound %d: %d bytes", k, len(pcm))
		}
		peak := 0
		for i := 0; i+1 < len(pcm); i += 2 {
			v := int(int16(binary.LittleEndian.Uint16(pcm[i:])))
			peak = max(peak, v, -v)
		}
		if peak < 3000 {
			t.Errorf("sound %d: peak %d, too quiet", k, peak)
		}
	}
	// Without a device, or muted, playing is silent and safe.
	var nilBox *soundBox
	nilBox.play(sndEnd)
	nilBox.setVolume(1)
	(&soundBox{failed: true, volume: 1}).play(sndPlace)
}

func TestSeriesRun(t *testing.T) {
	info, err := game.Lookup("Andantino")
	if err != nil {
		t.Fatal(err)
	}
	g, err := openRecord("../../save/testdata/golden/andantino.trihex")
	if err != nil {
		t.Fatal(err)
	}
	end := g.Final // White wins with 27 tiles down: 23 points
	human, comp := seat{}, seat{computer: true, level: 2}
	sr := newSeriesRun(2, [2]seat{human, comp})
	if sr.gameSeats() != [2]seat{human, comp} || sr.participant(game.First) != 0 {
		t.Fatal("game 1: participant 0 has White")
	}
	if got := tilesOn(end); got != 27 {
		t.Fatalf("tiles %d", got)
	}
	if s := sr.now(end); s.Totals != [2]int{23, 0} || s.Played != 1 {
		t.Fatalf("after game 1: %+v", s)
	}
	if sr.over(end) || !strings.Contains(sr.result(end), "P1 23") {
		t.Fatalf("result %q", sr.result(end))
	}
	if s := sr.now(info.New(nil)); s.Totals != [2]int{} || s.Played != 0 {
		t.Fatal("an unfinished game counts")
	}
	nx := sr.next(end)
	if nx.gameSeats() != [2]seat{comp, human} || nx.participant(game.First) != 1 {
		t.Fatal("game 2: colours do not alternate")
	}
	// White wins game 2 too: that is participant 1.
	if s := nx.now(end); s.Totals != [2]int{23, 23} || !nx.over(end) {
		t.Fatalf("after game 2: %+v", s)
	}
	if !strings.Contains(nx.result(end), "drawn 23–23") {
		t.Fatalf("final %q", nx.result(end))
	}
	// The tag round-trips through a record.
	rec := &save.Record{Tags: []save.Tag{nx.tag()}}
	back := seriesFromTags(rec, nx.gameSeats())
	if back == nil || back.base != nx.base || back.seats != nx.seats {
		t.Fatalf("restored %+v from %v", back, nx.tag())
	}
	if seriesFromTags(&save.Record{Tags: []save.Tag{{Name: "Series", Value: "rubbish"}}}, nx.seats) != nil {
		t.Fatal("a bad tag gives a series")
	}
	if seriesFromTags(&save.Record{}, nx.seats) != nil {
		t.Fatal("no tag gives a series")
	}
}
