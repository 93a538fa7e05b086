package ladder

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"os"
	"testing"
)

// sampleLadders fits three synthetic games, one of them without level 5 and
// plain UCT, as a partly played ladder would be.
func sampleLadders(t testing.TB) []Ladder {
	r := rand.New(rand.NewPCG(3, 0))
	var out []Ladder
	for i, g := range Games() {
		pairs := synthetic(r, 20+10*i)
		if g == "Andantino" {
			pairs = pairs[:4]
		}
		rs, err := Fit(pairs)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, p := range pairs {
			n += p.N()
		}
		out = append(out, Ladder{Game: g, Ratings: rs, Games: n})
	}
	return out
}

// The same ladders make the same bytes, a PNG of the documented size in which
// every game's colour appears. LADDER_PREVIEW=file.png writes it for a look.
func TestPlot(t *testing.T) {
	ls := sampleLadders(t)
	a, err := Plot(ls)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Plot(sampleLadders(t))
	if !bytes.Equal(a, b) {
		t.Fatal("two plots of the same ladders differ")
	}
	if p := os.Getenv("LADDER_PREVIEW"); p != "" {
		os.WriteFile(p, a, 0o644)
	}
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if sz := img.Bounds().Size(); sz.X != Width || sz.Y != Height {
		t.Fatalf("size %v", sz)
	}
	for i, l := range ls {
		want := seriesColour(l.Game, i)
		found := false
		for y := 0; y < Height && !found; y++ {
			for x := 0; x < Width && !found; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				found = uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B
			}
		}
		if !found {
			t.Errorf("no pixel of %s's colour", l.Game)
		}
	}
	// An empty ladder still draws, axes only.
	if _, err := Plot(nil); err != nil {
		t.Error(err)
	}
}
