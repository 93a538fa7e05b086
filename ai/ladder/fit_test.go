package ladder

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// truth is a made-up ladder for the synthetic tests, with plain UCT between
// levels 3 and 4 as it might be.
var truth = map[string]float64{"random": 0, "1": 420, "2": 700, "3": 900, "4": 1060, "5": 1180, uctSpec: 980}

// expected is the probability that a beats b on the Elo scale.
func expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }

// synthetic plays n games of each scheduled pairing from the true ratings: draws
// take a fifth of the room the score leaves, so that the expected score of a
// game, counting a draw as a half, is exactly the model's.
func synthetic(r *rand.Rand, n int) []Pair {
	var out []Pair
	for _, p := range Schedule {
		e := expected(truth[p[0]], truth[p[1]])
		draw := 0.2 * 2 * min(e, 1-e)
		win := e - draw/2
		q := Pair{A: p[0], B: p[1]}
		for range n {
			switch u := r.Float64(); {
			case u < win:
				q.W++
			case u < win+draw:
				q.D++
			default:
				q.L++
			}
		}
		out = append(out, q)
	}
	return out
}

func byEngine(rs []Rating) map[string]Rating {
	m := map[string]Rating{}
	for _, r := range rs {
		m[r.Engine] = r
	}
	return m
}

// With results exactly as the true ratings predict and many games, the fit
// gives the true ratings back, inside narrow error bars.
func TestRecoverExpected(t *testing.T) {
	const n = 20000
	var pairs []Pair
	for _, p := range Schedule {
		e := expected(truth[p[0]], truth[p[1]])
		w := int(math.Round(e * n * 0.9))
		d := int(math.Round(n*e)-float64(w)) * 2
		pairs = append(pairs, Pair{A: p[0], B: p[1], W: w, D: d, L: n - w - d})
	}
	rs, err := Fit(pairs)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if d := math.Abs(r.Elo - truth[r.Engine]); d > r.Err2 || d > 3 {
			t.Errorf("%s: %.1f ± %.1f, true %.0f", r.Engine, r.Elo, r.Err2, truth[r.Engine])
		}
	}
}

// Games drawn at random from the true ratings: every fitted rating lies within
// its error bar of the truth (this seed; a 2σ bar misses one time in twenty).
func TestRecoverSampled(t *testing.T) {
	r := rand.New(rand.NewPCG(2024, 0))
	rs, err := Fit(synthetic(r, 200))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range rs {
		if d := math.Abs(x.Elo - truth[x.Engine]); d > x.Err2 || (x.Engine != "random" && x.Err2 > 150) {
			t.Errorf("%s: %.0f ± %.0f, true %.0f", x.Engine, x.Elo, x.Err2, truth[x.Engine])
		}
		t.Logf("%-12s %5.0f ± %3.0f (true %4.0f)", x.Engine, x.Elo, x.Err2, truth[x.Engine])
	}
}

// Over many samples the ±2σ bars hold the truth about 95% of the time: the
// error bars mean what they say, prior and all, at the ladder's 20 games a pair.
func TestCoverage(t *testing.T) {
	r := rand.New(rand.NewPCG(99, 0))
	const reps = 300
	hits, total := 0, 0
	for range reps {
		rs, err := Fit(synthetic(r, 20))
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range rs {
			if x.Engine == "random" {
				continue
			}
			total++
			if math.Abs(x.Elo-truth[x.Engine]) <= x.Err2 {
				hits++
			}
		}
	}
	if c := float64(hits) / float64(total); c < 0.9 || c > 0.995 {
		t.Errorf("coverage of the ±2σ bars %.3f, want about 0.95", c)
	} else {
		t.Logf("coverage %.3f", c)
	}
}

// Naming a pairing the other way round, or listing the pairs in another order,
// changes nothing.
func TestSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 0))
	pairs := synthetic(r, 30)
	a, err := Fit(pairs)
	if err != nil {
		t.Fatal(err)
	}
	flipped := slices.Clone(pairs)
	slices.Reverse(flipped)
	for i, p := range flipped {
		if i%2 == 0 {
			flipped[i] = Pair{A: p.B, B: p.A, W: p.L, D: p.D, L: p.W}
		}
	}
	b, err := Fit(flipped)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) {
		t.Fatalf("%d and %d ratings", len(a), len(b))
	}
	for i := range a {
		if a[i].Engine != b[i].Engine || math.Abs(a[i].Elo-b[i].Elo) > 1e-6 || math.Abs(a[i].Err2-b[i].Err2) > 1e-6 || a[i].Games != b[i].Games {
			t.Errorf("%+v against %+v", a[i], b[i])
		}
	}
	// Two engines with even results are equal, the pair's order aside.
	even, _ := Fit([]Pair{{A: "3", B: "2", W: 5, D: 2, L: 5}})
	if len(even) != 2 || even[0].Engine != "2" || math.Abs(even[1].Elo) > 1e-9 {
		t.Errorf("even results: %+v", even)
	}
}

// random is the anchor when it played; otherwise the lowest engine is 0, and the
// anchor alone has no error bar. Ratings come in ladder order.
func TestAnchor(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 0))
	rs, _ := Fit(synthetic(r, 30))
	var names []string
	for _, x := range rs {
		names = append(names, x.Engine)
	}
	if want := []string{"random", "1", "2", "3", "4", "5", uctSpec}; !slices.Equal(names, want) {
		t.Errorf("order %v, want %v", names, want)
	}
	if rs[0].Elo != 0 || rs[0].Err2 != 0 {
		t.Errorf("random: %+v", rs[0])
	}
	rs, err := Fit([]Pair{{A: "5", B: "4", W: 12, D: 2, L: 6}, {A: "3", B: "4", W: 4, D: 4, L: 12}})
	if err != nil {
		t.Fatal(err)
	}
	m := byEngine(rs)
	if m["3"].Elo != 0 || m["3"].Err2 != 0 || m["4"].Elo <= 0 || m["5"].Elo <= m["4"].Elo || m["4"].Err2 <= 0 {
		t.Errorf("anchored on the lowest: %+v", rs)
	}
}

// A 100% score gives a finite gap: with the prior's one draw, 20 wins of 20 read
// as 20.5 of 21, 400·log10(41) ≈ 645 Elo, and a finite, wide error bar.
func TestPerfectScore(t *testing.T) {
	rs, err := Fit([]Pair{{A: "random", B: "1", L: 20}})
	if err != nil {
		t.Fatal(err)
	}
	want := 400 * math.Log10(41)
	if got := rs[1].Elo; math.Abs(got-want) > 1e-6 {
		t.Errorf("level 1 at %.3f, want %.3f", got, want)
	}
	if e := rs[1].Err2; math.IsInf(e, 0) || math.IsNaN(e) || e < 200 || e > 1000 {
		t.Errorf("error bar %v", e)
	}
	// A whole ladder of perfect scores stays finite and in order.
	var pairs []Pair
	for _, p := range Schedule {
		pairs = append(pairs, Pair{A: p[0], B: p[1], L: 20})
	}
	rs, err = Fit(pairs)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range rs {
		if math.IsInf(x.Elo, 0) || math.IsNaN(x.Elo) || math.IsNaN(x.Err2) || x.Elo > 10000 {
			t.Errorf("%+v", x)
		}
	}
}

// Engines that never met the others, directly or not, are refused; so are no
// games at all.
func TestDisconnected(t *testing.T) {
	_, err := Fit([]Pair{{A: "random", B: "1", L: 3}, {A: "3", B: "4", W: 1}})
	if err == nil || !strings.HasPrefix(err.Error(), "ladder: 3, 4 never met random") {
		t.Errorf("disconnected: %v", err)
	}
	if _, err := Fit([]Pair{{A: "random", B: "1"}}); err == nil || !strings.HasPrefix(err.Error(), "ladder: ") {
		t.Errorf("no games: %v", err)
	}
}

// Each level's step is its gap to the level below, UCT's to level 4, with an
// error bar of its own: the bars of the top levels against random all carry the
// first step's uncertainty, the steps' bars do not.
func TestSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 0))
	rs, err := Fit(synthetic(r, 20))
	if err != nil {
		t.Fatal(err)
	}
	m := byEngine(rs)
	for e, b := range map[string]string{"random": "", "1": "random", "2": "1", "5": "4", uctSpec: "4"} {
		x := m[e]
		if x.Below != b {
			t.Errorf("%s: step from %q, want %q", e, x.Below, b)
			continue
		}
		if b == "" {
			continue
		}
		if d := x.Elo - m[b].Elo; math.Abs(x.Step-d) > 1e-9 {
			t.Errorf("%s: step %v, ratings differ by %v", e, x.Step, d)
		}
		if x.StepErr2 <= 0 || (b != "random" && x.StepErr2 >= x.Err2) {
			t.Errorf("%s: step's bar %v, rating's %v", e, x.StepErr2, x.Err2)
		}
	}
	if m["1"].StepErr2 != m["1"].Err2 {
		t.Errorf("level 1's step from the anchor is its rating: %+v", m["1"])
	}
}
