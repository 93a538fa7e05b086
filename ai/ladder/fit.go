package ladder

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Rating is one engine's place on the ladder.
type Rating struct {
	Engine string  // the engine's spec, as in the results file
	Elo    float64 // relative to the anchor (Fit)
	Err2   float64 // two standard errors of Elo; 0 for the anchor, which is fixed
	Games  int     // real games played, without the prior's
	// Below is the engine Step compares this one with: the next level down
	// (random below level 1), or level 4 for the ladder's UCT, which has level
	// 4's playouts; "" when there is none. Step's error bar is much narrower
	// than Err2 near the top of the ladder, where every Err2 carries the
	// uncertainty of the first step from random.
	Below    string
	Step     float64 // Elo minus Below's Elo
	StepErr2 float64 // two standard errors of Step
}

// PriorDraws is the prior of the fit: every pairing that has games gets this many
// virtual draws on top of them. Without it a 100% score (level 1 against random
// wins every game) has its maximum likelihood at an infinite gap; with it, 20
// wins out of 20 read as 20.5 out of 21, a gap of about 645 Elo, and the error
// bar stays honest about how little 20 won games bound it from above. One draw
// is weak: it moves a 20-game score by at most 1/42 towards a half.
const PriorDraws = 1.0

// eloPerNat converts the logistic model's natural scale to Elo: a gap of 400 Elo
// is odds of 10 to 1.
const eloPerNat = 400 / math.Ln10

// Fit finds the maximum-likelihood Bradley–Terry ratings of the engines in pairs,
// on the Elo scale, draws counting as half a win and half a loss, with the
// PriorDraws prior. The ratings are anchored so that "random" is 0 or, without
// it, the lowest engine is; the error bars are two standard errors from the
// inverse of the Fisher information of the model with the anchor fixed (the
// prior's virtual games counted in it), so they measure each engine against the
// anchor. Ratings come in ladder order (random, levels 1–5, UCT, then the rest
// by name). The engines must all be connected by games: a group that never met
// the others has no rating relative to them.
func Fit(pairs []Pair) ([]Rating, error) {
	var names []string
	idx := map[string]int{}
	for _, p := range pairs {
		if p.W < 0 || p.D < 0 || p.L < 0 {
			return nil, fmt.Errorf("ladder: negative count in %s against %s", p.A, p.B)
		}
		if p.A == p.B {
			return nil, fmt.Errorf("ladder: engine %q plays itself", p.A)
		}
		if p.N() == 0 {
			continue
		}
		for _, e := range []string{p.A, p.B} {
			if _, ok := idx[e]; !ok {
				idx[e] = -1
				names = append(names, e)
			}
		}
	}
	if len(names) == 0 {
		return nil, errors.New("ladder: no games to fit")
	}
	slices.SortFunc(names, compareEngines)
	for i, e := range names {
		idx[e] = i
	}
	n := len(names)
	// s[i][j] is i's score against j, m[i][j] the games between them, both with
	// the prior's virtual draws.
	s, m := square(n), square(n)
	games := make([]int, n)
	for _, p := range pairs {
		if p.N() == 0 {
			continue
		}
		i, j := idx[p.A], idx[p.B]
		s[i][j] += float64(p.W) + float64(p.D)/2
		s[j][i] += float64(p.L) + float64(p.D)/2
		m[i][j] += float64(p.N())
		m[j][i] += float64(p.N())
		games[i] += p.N()
		games[j] += p.N()
	}
	for i := range n {
		for j := range n {
			if m[i][j] > 0 && i != j {
				s[i][j] += PriorDraws / 2
				m[i][j] += PriorDraws
			}
		}
	}
	if cut := unreached(m); len(cut) > 0 {
		var sep []string
		for _, i := range cut {
			sep = append(sep, names[i])
		}
		return nil, fmt.Errorf("ladder: %s never met %s, directly or through others: no rating relates them", strings.Join(sep, ", "), names[0])
	}
	beta, err := newton(s, m)
	if err != nil {
		return nil, err
	}
	anchor := slices.Index(names, "random")
	if anchor < 0 {
		anchor = 0
		for i := range beta {
			if beta[i] < beta[anchor] {
				anchor = i
			}
		}
	}
	cov, err := covariance(m, beta, anchor)
	if err != nil {
		return nil, err
	}
	out := make([]Rating, n)
	for i := range n {
		out[i] = Rating{Engine: names[i], Elo: (beta[i] - beta[anchor]) * eloPerNat, Err2: 2 * math.Sqrt(cov[i][i]) * eloPerNat, Games: games[i]}
		if j := slices.Index(names, below(names[i], names)); j >= 0 {
			v := cov[i][i] + cov[j][j] - 2*cov[i][j]
			out[i].Below = names[j]
			out[i].Step = (beta[i] - beta[j]) * eloPerNat
			out[i].StepErr2 = 2 * math.Sqrt(max(v, 0)) * eloPerNat
		}
	}
	return out, nil
}

// below names the engine a step is measured from (Rating.Below) among names,
// or "".
func below(e string, names []string) string {
	if e == uctSpec {
		if slices.Contains(names, "4") {
			return "4"
		}
		return ""
	}
	r := engineRank(e)
	if r < 1 || r > 5 {
		return ""
	}
	best := ""
	for _, x := range names {
		if rx := engineRank(x); rx < r && (best == "" || rx > engineRank(best)) {
			best = x
		}
	}
	return best
}

func square(n int) [][]float64 {
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, n)
	}
	return a
}

// unreached lists the engines that no chain of games links to engine 0.
func unreached(m [][]float64) []int {
	seen := make([]bool, len(m))
	seen[0] = true
	stack := []int{0}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j := range m {
			if !seen[j] && m[i][j] > 0 {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	var out []int
	for i, ok := range seen {
		if !ok {
			out = append(out, i)
		}
	}
	return out
}

// logSigmoid is log(1/(1+e^-x)) without overflow for large |x|.
func logSigmoid(x float64) float64 {
	if x < 0 {
		return x - math.Log1p(math.Exp(x))
	}
	return -math.Log1p(math.Exp(-x))
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// logLik is the (prior-augmented) log-likelihood of the ratings beta.
func logLik(s, m [][]float64, beta []float64) float64 {
	var f float64
	for i := range s {
		for j := range s {
			if i != j && m[i][j] > 0 {
				f += s[i][j] * logSigmoid(beta[i]-beta[j])
			}
		}
	}
	return f
}

// information is the Fisher information of the ratings other than the anchor, in
// natural units: the negated Hessian of logLik, which in the logistic model does
// not depend on the results, only on the games and the ratings.
func information(m [][]float64, beta []float64, anchor int) [][]float64 {
	n := len(m)
	info := square(n - 1)
	k := func(i int) int { // the row of engine i with the anchor's removed
		if i > anchor {
			return i - 1
		}
		return i
	}
	for i := range n {
		for j := range n {
			if i == j || m[i][j] == 0 {
				continue
			}
			p := sigmoid(beta[i] - beta[j])
			w := m[i][j] * p * (1 - p)
			if i != anchor {
				info[k(i)][k(i)] += w
				if j != anchor {
					info[k(i)][k(j)] -= w
				}
			}
		}
	}
	return info
}

// newton maximises logLik with engine 0 fixed at 0 by Newton's method, halving a
// step that would lower the likelihood (the logistic likelihood is concave, and
// with the prior and connected games strictly so, so this converges from 0).
func newton(s, m [][]float64) ([]float64, error) {
	n := len(s)
	beta := make([]float64, n)
	f := logLik(s, m, beta)
	for range 200 {
		g := make([]float64, n-1)
		for i := 1; i < n; i++ {
			for j := range n {
				if i != j && m[i][j] > 0 {
					g[i-1] += s[i][j] - m[i][j]*sigmoid(beta[i]-beta[j])
				}
			}
		}
		step, err := solve(information(m, beta, 0), g)
		if err != nil {
			return nil, err
		}
		big := 0.0
		for _, d := range step {
			big = max(big, math.Abs(d))
		}
		if big < 1e-8 { // a millionth of an Elo point
			return beta, nil
		}
		improved := false
		for t := 1.0; t > 1e-6; t /= 2 {
			next := slices.Clone(beta)
			for i, d := range step {
				next[i+1] += t * d
			}
			if fn := logLik(s, m, next); fn >= f {
				beta, f, improved = next, fn, true
				break
			}
		}
		if !improved && big < 1e-5 {
			// Rounding, not the model, stops the last step: this is the optimum
			// to within what float64 can tell.
			return beta, nil
		}
		if !improved {
			break
		}
	}
	return nil, errors.New("ladder: the fit did not converge")
}

// covariance is the inverse of the anchored information, as a full n×n matrix
// with the anchor's row and column 0.
func covariance(m [][]float64, beta []float64, anchor int) ([][]float64, error) {
	n := len(m)
	out := square(n)
	if n == 1 {
		return out, nil
	}
	info := information(m, beta, anchor)
	rows := make([]int, 0, n-1)
	for i := range n {
		if i != anchor {
			rows = append(rows, i)
		}
	}
	for c, j := range rows {
		e := make([]float64, n-1)
		e[c] = 1
		col, err := solve(info, e)
		if err != nil {
			return nil, err
		}
		for r, i := range rows {
			out[i][j] = col[r]
		}
	}
	return out, nil
}

// solve solves a x = b for a symmetric positive definite a by Cholesky
// factorisation; a and b are not changed.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(a)
	l := square(n)
	for i := range n {
		for j := 0; j <= i; j++ {
			sum := a[i][j]
			for k := range j {
				sum -= l[i][k] * l[j][k]
			}
			if i == j {
				if sum <= 0 {
					return nil, errors.New("ladder: the information matrix is singular")
				}
				l[i][i] = math.Sqrt(sum)
			} else {
				l[i][j] = sum / l[j][j]
			}
		}
	}
	y := make([]float64, n)
	for i := range n {
		sum := b[i]
		for k := range i {
			sum -= l[i][k] * y[k]
		}
		y[i] = sum / l[i][i]
	}
	x := make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		sum := y[i]
		for k := i + 1; k < n; k++ {
			sum -= l[k][i] * x[k]
		}
		x[i] = sum / l[i][i]
	}
	return x, nil
}

// anchor names the engine Fit anchored at 0: the one without an error bar.
func anchor(ratings []Rating) string {
	for _, r := range ratings {
		if r.Elo == 0 && r.Err2 == 0 {
			return r.Engine
		}
	}
	return "?"
}

// engineRank places an engine spec on the ladder's x axis: random, levels 1 to 5,
// plain UCT, then anything else (ranked alike and ordered by name).
func engineRank(spec string) int {
	switch {
	case spec == "random":
		return 0
	case spec == "uct" || strings.HasPrefix(spec, "uct,"):
		return 6
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(spec, "level")); err == nil && n >= 1 && n <= 5 {
		return n
	}
	return 7
}

func compareEngines(a, b string) int {
	if ra, rb := engineRank(a), engineRank(b); ra != rb {
		return ra - rb
	}
	return strings.Compare(a, b)
}

// Label is how the table and the plot name an engine: "random", "level 3",
// "UCT 40k" for the runner's plain UCT, else the spec itself.
func Label(spec string) string {
	switch r := engineRank(spec); {
	case r >= 1 && r <= 5:
		return "level " + strconv.Itoa(r)
	case spec == uctSpec:
		return "UCT 40k"
	}
	return spec
}
