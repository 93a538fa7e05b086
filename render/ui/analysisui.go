package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"trihex/ai"
	"trihex/ai/analysis"
	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/render"
	"trihex/save"
)

// analysing is the game screen's analysis: the engine's live view of the position
// shown (A), and a review of the whole game (G) with a win-chance graph and the
// mistakes marked. Both run on their own goroutines (ai/analysis' Live and
// ReviewJob); the window only polls them.
type analysing struct {
	live   *analysis.Live // nil: off
	snap   analysis.Snapshot
	review *gameReview // nil: none asked for
	graph  render.Graph
	axis   graphAxis // where the graph and its axis were laid out
	// budget is what the review may spend on a position; the zero Budget is
	// the default on all the machine's cores.
	budget analysis.Budget
}

// gameReview is a review of the game's main line: running, done, or failed.
type gameReview struct {
	job     *analysis.ReviewJob
	moves   int            // the moves reviewed: the progress' total until the job says it
	plies   []analysis.Ply // once done
	err     error          // once failed: said in the box until closed
	chances []float64      // the graph's points, from plies
	version uint64         // names chances for the graph's cache
	nodes   []*save.Node   // the moves reviewed, for their notes
}

// running reports a review still at work.
func (rv *gameReview) running() bool { return rv != nil && rv.plies == nil && rv.err == nil }

// reviews counts the reviews done, to name each one's graph.
var reviews uint64

// The analysis' widgets.
const (
	wReviewCancel widgetID = "review-cancel"
	wGraph        widgetID = "graph"
)

// toggleLive starts or stops the live analysis.
func (an *analysing) toggle(p *playScene) {
	if an.live != nil {
		an.live.Stop()
		an.live = nil
		p.say("Analysis off.")
		return
	}
	an.live = analysis.NewLive(nil)
	an.live.Follow(p.sess.Match.View())
	p.say("Analysis on: the engine's three best moves are numbered on the board. A: off.")
}

// startReview starts ai/analysis' review job on the game's main line.
func (an *analysing) startReview(p *playScene) {
	if an.review.running() {
		p.say("The game is being analysed: Cancel stops it.")
		return
	}
	m := p.sess.Match
	if m.Len() == 0 {
		p.say("Nothing to analyse yet: no move has been played.")
		return
	}
	b := an.budget
	if b == (analysis.Budget{}) {
		b.Threads = ai.DefaultThreads(true)
	}
	an.review = &gameReview{job: analysis.StartReview(m.Start(), m.Moves(), b), moves: m.Len(),
		nodes: append([]*save.Node(nil), m.Line()[:m.Len()]...)}
	p.bv.refit = true // the box under the board takes room from the board
}

// progress is the positions searched and the number to search.
func (rv *gameReview) progress() (done, total int) {
	done, total = rv.job.Progress()
	if total == 0 {
		total = rv.moves // not started yet
	}
	return done, total
}

// analysisTick follows the position shown and collects a finished review, or
// says why it failed.
func (an *analysing) tick(p *playScene) {
	if an.live != nil {
		an.live.Follow(p.sess.Match.View())
		an.snap = an.live.Latest()
	}
	rv := an.review
	if !rv.running() {
		return
	}
	plies, finished, err := rv.job.Result()
	switch {
	case !finished:
		return
	case errors.Is(err, context.Canceled):
		an.review = nil // Cancel, which said so
		p.bv.refit = true
		return
	case err == nil && len(plies) == 0:
		err = errors.New("the engine judged no move")
	}
	if err != nil {
		rv.err = err
		p.say(reviewFailed(err))
		return
	}
	rv.plies = plies
	// The graph's points, once: the first player's chance before the first
	// move and after each.
	rv.chances = []float64{plies[0].ChanceOf(game.First, false)}
	for _, pl := range plies {
		rv.chances = append(rv.chances, pl.ChanceOf(game.First, true))
	}
	reviews++
	rv.version = reviews
	notes := make([]save.Note, len(rv.nodes))
	for _, pl := range plies {
		if pl.Mark != "" && pl.N >= 1 && pl.N <= len(notes) {
			notes[pl.N-1] = save.Note{Mark: pl.Mark, Better: pl.BestMove, Comment: pl.Comment()}
		}
	}
	// On the moves reviewed, wherever undo or a new move has put them
	// since; the marks go into the record when it is saved.
	p.sess.Annotate(rv.nodes, notes)
}

// reviewFailed says why the review failed, in the player's words.
func reviewFailed(err error) string {
	return "The game could not be analysed: " + playerMessage(err) + "."
}

// stopAnalysis ends both when the game is left.
func (an *analysing) stop() {
	if an.live != nil {
		an.live.Stop()
		an.live = nil
	}
	if an.review.running() {
		an.review.job.Cancel()
	}
}

// reviewGuide is what the box under the board says about the review.
func (an *analysing) guide(p *playScene, fits func(string) bool) string {
	rv := an.review
	if rv == nil {
		return ""
	}
	if rv.err != nil {
		return reviewFailed(rv.err)
	}
	if rv.plies == nil {
		done, total := rv.progress()
		return fmt.Sprintf("Analysing the game: position %d of %d…", done, total)
	}
	m := p.sess.Match
	if i := m.ViewIndex(); m.Reviewing() && i >= 1 && i <= len(rv.plies) {
		pl := rv.plies[m.ViewIndex()-1]
		out := fmt.Sprintf("%s %s%s: %s's chance %.0f%% → %.0f%%.", pl.Number, pl.Move, pl.Mark, pl.Player, 100*pl.Before, 100*pl.After)
		short := fmt.Sprintf("%s %s%s: %.0f%% → %.0f%%.", pl.Number, pl.Move, pl.Mark, 100*pl.Before, 100*pl.After)
		if !pl.BestIsMove && pl.Best != "" {
			out += fmt.Sprintf(" The engine's move: %s (%.0f%%).", pl.Best, 100*pl.BestValue)
			short += fmt.Sprintf(" Best %s (%.0f%%).", pl.Best, 100*pl.BestValue)
		}
		if fits(out) {
			return out
		}
		return short
	}
	count := map[string]int{}
	for _, pl := range rv.plies {
		count[pl.Mark]++
	}
	b, m2, i := count[analysis.Blunder], count[analysis.Mistake], count[analysis.Inaccuracy]
	// The fullest that fits the box beside the graph.
	for _, text := range []string{
		fmt.Sprintf("Game analysed: %s (??), %s (?), %s (?!). Click the graph or a move to see it.",
			counted(b, "blunder", "blunders"), counted(m2, "mistake", "mistakes"), counted(i, "inaccuracy", "inaccuracies")),
		fmt.Sprintf("Game analysed: %d ??, %d ?, %d ?!. Click the graph or a move.", b, m2, i),
	} {
		if fits(text) {
			return text
		}
	}
	return fmt.Sprintf("Analysed: %d ??, %d ?, %d ?!", b, m2, i)
}

// layAnalysis places the review's widgets in the box under the board.
func (an *analysing) lay(l *playLayout, players [2]string, s float64) {
	rv := an.review
	if rv == nil || l.coachLine.W == 0 {
		return
	}
	r := l.coachLine
	if rv.plies == nil {
		label := "Cancel"
		if rv.err != nil {
			label = "Close"
		}
		l.add(wReviewCancel, render.Rect{X: r.X + r.W - 110*s, Y: r.Y + r.H/2 - 16*s, W: 100 * s, H: 32 * s}, true, label)
		return
	}
	an.axis = graphAxes(render.Rect{X: r.X + r.W*0.45, Y: r.Y + 6*s, W: r.W*0.55 - 10*s, H: r.H - 12*s}, players, s)
	l.add(wGraph, an.axis.plot, true, "")
}

// graphAxis is where the win-chance graph and its axis go: the first player's
// name at the top of a column on its left (their win), the second's at its
// bottom, and "50%" at the right end of the even line.
type graphAxis struct {
	plot               render.Rect // the graph itself, the click target
	top, bottom, even  string
	topAt, bottomAt    [2]float64 // the names' left ends, at their centre line
	evenAt             [2]float64 // "50%"'s left end
	labelSize, labelsW float64
}

// graphAxes lays the graph and its axis out in r, for the players named
// players, at scale s.
func graphAxes(r render.Rect, players [2]string, s float64) graphAxis {
	size := 10 * s
	f := render.Face(size, false)
	w0, _ := render.Measure(players[0], f)
	w1, _ := render.Measure(players[1], f)
	we, _ := render.Measure("50%", f)
	col := max(w0, w1) + 6*s
	plot := render.Rect{X: r.X + col, Y: r.Y, W: max(0, r.W-col-we-4*s), H: r.H}
	return graphAxis{
		plot: plot, top: players[0], bottom: players[1], even: "50%",
		topAt:     [2]float64{r.X, r.Y + size*0.6},
		bottomAt:  [2]float64{r.X, r.Y + r.H - size*0.6},
		evenAt:    [2]float64{plot.X + plot.W + 4*s, r.Y + r.H/2},
		labelSize: size, labelsW: col,
	}
}

// analysisClick acts on the review's widgets; it reports whether id was one.
func (p *playScene) analysisClick(a *App, id widgetID, x float64) bool {
	switch id {
	case wReviewCancel:
		switch rv := p.analysis.review; {
		case rv.running():
			rv.job.Cancel()
			p.analysis.review = nil
			p.bv.refit = true
			p.say("Analysis cancelled.")
		case rv != nil && rv.err != nil:
			p.analysis.review = nil // the failure read
			p.bv.refit = true
		}
	case wGraph:
		g := p.lay.rect(wGraph)
		p.handle(a, p.sess.Review(input.SliderIndex(x, g.X, g.W, p.sess.Match.Len())))
	default:
		return false
	}
	return true
}

// drawAnalysis draws the live analysis (numbered moves on the board, the
// evaluation bar, the lines in the panel) and the review's graph.
func (an *analysing) draw(p *playScene, pt painter, l *playLayout) {
	s, th := pt.s, pt.th
	if an.live != nil {
		snap := an.snap
		shown := p.sess.Match.View()
		if snap.Hash == shown.Hash() {
			seen := map[hex.Coord]int{} // markers already on a cell
			for i, ln := range snap.Lines {
				cs := input.Cells(shown, ln.Move)
				if len(cs) == 0 {
					continue // a pass
				}
				c := cs[len(cs)-1]
				x, y := p.bv.view.ToPixel(c)
				// Two moves to the same cell (steps from different stacks): the
				// later marker beside the first, not under it.
				x += float64(seen[c]) * 0.62 * p.bv.view.Unit
				seen[c]++
				p.bv.sprites.Dot(pt.dst, x, y, 0.3, th.Hint)
				pt.text(fmt.Sprint(i+1), 13, true, x, y, render.Center, th.TextOnAccent)
			}
		}
		// The evaluation bar, at the board's left edge: the first player's share
		// from the bottom, in its pieces' colour.
		b := l.board
		bar := render.Rect{X: b.X + 6*s, Y: b.Y + 48*s, W: 10 * s, H: max(0, l.bar.Y-b.Y-60*s)}
		if l.bar.H == 0 {
			bar.H = b.H - 60*s
		}
		if c := l.coachLine; c.H > 0 {
			bar.H = max(0, c.Y-8*s-bar.Y) // above the box under the board (a review's)
		}
		v := snap.ChanceOf(game.First)
		render.FillRect(pt.dst, bar, th.Face[p.sides[1]])
		render.FillRect(pt.dst, render.Rect{X: bar.X, Y: bar.Y + bar.H*(1-v), W: bar.W, H: bar.H * v}, th.Face[p.sides[0]])
		an.drawLines(p, pt, l, snap)
	}
	if g, ok := l.get(wGraph); ok && an.review != nil && an.review.plies != nil {
		vals := an.review.chances
		img := an.graph.Image(int(g.r.W), int(g.r.H), an.review.version, vals, th.Accent, th.TextDisabled, 2*s)
		render.FillRect(pt.dst, g.r, th.List)
		// The axis: whose win is up, whose down, and the even line.
		ax := an.axis
		lf := render.Face(ax.labelSize, false)
		pt.t.Add(ax.top, lf, ax.topAt[0], ax.topAt[1], render.Left, th.TextDim)
		pt.t.Add(ax.bottom, lf, ax.bottomAt[0], ax.bottomAt[1], render.Left, th.TextDim)
		pt.t.Add(ax.even, lf, ax.evenAt[0], ax.evenAt[1], render.Left, th.TextDim)
		op := ebitenTranslate(g.r.X, g.r.Y)
		pt.dst.DrawImage(img, op)
		// The position shown, and the marked moves.
		x := input.SliderX(p.sess.Match.ViewIndex(), g.r.X, g.r.W, len(vals)-1)
		render.FillRect(pt.dst, render.Rect{X: x - 1*s, Y: g.r.Y, W: 2 * s, H: g.r.H}, th.LastMove)
		for _, pl := range an.review.plies {
			if pl.Mark == analysis.Blunder || pl.Mark == analysis.Mistake {
				mx := input.SliderX(pl.N, g.r.X, g.r.W, len(vals)-1)
				c := th.Warning
				if pl.Mark == analysis.Blunder {
					c = th.Danger
				}
				render.FillRect(pt.dst, render.Rect{X: mx - 2*s, Y: g.r.Y + g.r.H - 6*s, W: 4 * s, H: 6 * s}, c)
			}
		}
	}
	if w, ok := l.get(wReviewCancel); ok {
		pt.button(w, w.label, plainButton, 13, true)
		if rv := an.review; rv.running() {
			r := l.coachLine
			track := render.Rect{X: r.X + 64*s, Y: r.Y + r.H - 16*s, W: r.W - 190*s, H: 6 * s}
			render.FillRoundRect(pt.dst, track, 3*s, th.SliderTrack)
			if done, t := rv.progress(); t > 0 {
				render.FillRoundRect(pt.dst, render.Rect{X: track.X, Y: track.Y, W: track.W * float64(done) / float64(t), H: track.H}, 3*s, th.Accent)
			}
		}
	}
}

// drawLines lists the live analysis' best lines in the panel, over the move list.
func (an *analysing) drawLines(p *playScene, pt painter, l *playLayout, snap analysis.Snapshot) {
	s, th := pt.s, pt.th
	r := l.anaBox
	if r.H == 0 {
		return
	}
	render.FillRoundRect(pt.dst, r, 6*s, th.List)
	head := fmt.Sprintf("Analysis · %s %.0f%%", p.sess.Info.Players[snap.ToMove], 100*snap.Value)
	full := head
	if snap.Depth > 0 {
		full += fmt.Sprintf(" · depth %d", snap.Depth)
	} else if snap.Playouts > 0 {
		full += fmt.Sprintf(" · %s playouts", ai.Kilo(snap.Playouts))
	}
	head = fitText(r.W-20*s, render.Face(13*s, true), full, head)
	if snap.Over {
		head = "Analysis · the game is over here"
	}
	pt.text(head, 13, true, r.X+10*s, r.Y+12*s, render.Left, th.Accent)
	f := render.Face(13*s, false)
	for i, ln := range snap.Lines {
		if i >= 3 {
			break
		}
		// The line cut to the box by whole moves, so that no move is read half.
		head := fmt.Sprintf("%d. %s  ", i+1, ln.Text)
		if fig := lineFigure(ln); fig != "" {
			head = fmt.Sprintf("%d. %s %s  ", i+1, ln.Text, fig)
		}
		pv := ln.PVText
		line := head + strings.Join(pv, " ")
		for w, _ := render.Measure(line, f); w > r.W-20*s && len(pv) > 0; w, _ = render.Measure(line, f) {
			pv = pv[:len(pv)-1]
			line = head + strings.Join(pv, " ") + " …"
		}
		pt.t.Add(line, f, r.X+10*s, r.Y+32*s+float64(i)*18*s, render.Left, th.Text)
	}
}

// lineFigure is what the analysis says of a line's move for the side to move:
// "wins" or "loses" when the search proved it, else its chance to win, never a
// bare "0%" or "100%" for an estimate ("<1%", ">99%"), and nothing for a move the
// search has listed but not yet judged (no playouts through it, no depth).
func lineFigure(ln analysis.Line) string {
	switch {
	case ln.Proven > 0:
		return "wins"
	case ln.Proven < 0:
		return "loses"
	case ln.Visits == 0 && ln.Depth == 0:
		return ""
	case ln.Value < 0.005:
		return "<1%"
	case ln.Value > 0.995:
		return ">99%"
	}
	return fmt.Sprintf("%.0f%%", 100*ln.Value)
}

// counted says n things: "1 mistake", "0 mistakes".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
