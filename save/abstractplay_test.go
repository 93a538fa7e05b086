package save

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trihex/game/gametest"
)

// Games written in Abstract Play's own spellings load: its Attangle captures name
// the attackers in the order its engine found them ("e2,b1-c1" for b1,e2-c1), its
// Abande moves are Trihex's. Each record is the first reference game of the game
// package; the moves read are the reference's, and writing the game back gives the
// canonical spellings.
func TestAbstractPlayRecords(t *testing.T) {
	for _, c := range []struct{ file, refs, apOnly, canonical string }{
		{"attangle.txt", "../game/attangle/testdata/attangle-abstractplay.jsonl", "e2,b1-c1", "b1,e2-c1"},
		{"abande.txt", "../game/abande/testdata/abande-abstractplay.jsonl", "", "d7-e6"},
	} {
		refs, err := gametest.LoadReferences(c.refs)
		if err != nil {
			t.Fatal(err)
		}
		ref := refs[0]
		data, err := os.ReadFile(filepath.Join("testdata", "abstractplay", c.file))
		if err != nil {
			t.Fatal(err)
		}
		g, err := Read(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		var got []string
		for _, m := range g.Moves {
			got = append(got, g.Start.FormatMove(m))
		}
		if strings.Join(got, " ") != strings.Join(ref.Moves, " ") {
			t.Errorf("%s reads as\n%v\nwant\n%v", c.file, got, ref.Moves)
		}
		res := g.Final.Result()
		if tag := g.Info.ResultTag(res); tag != ref.Result || res.Reason != ref.End {
			t.Errorf("%s: result %s (%s), want %s (%s)", c.file, tag, res.Reason, ref.Result, ref.End)
		}
		text, err := Format(g.Start, g.Moves, g.Record.Tags)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, " "+c.canonical+" ") || c.apOnly != "" && strings.Contains(text, c.apOnly) {
			t.Errorf("%s is written back with Abstract Play's spellings:\n%s", c.file, text)
		}
	}
}

// The capture of the issue report, f5,c1-c4 (c1,f5-c4 in label order), loads.
func TestAbstractPlayAttackerOrder(t *testing.T) {
	g, err := Read(strings.NewReader("[Game \"Attangle\"]\n\nf5 c4 c1 g1 f5,c1-c4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if last := g.Start.FormatMove(g.Moves[len(g.Moves)-1]); last != "c1,f5-c4" {
		t.Errorf("f5,c1-c4 reads as %q", last)
	}
}
