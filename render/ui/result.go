package ui

import (
	"fmt"
	"strings"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/render"
)

// The end of a game is a moment: a card over the board says who won and why in
// words, with Abande's score stack by stack, marks the scoring stacks, Attangle's
// triples or Andantino's line or trap on the board, and offers Rematch (colours
// swapped), Review, Save and New; a series shows its standing.

// endCard is what the card says and which cells it marks.
type endCard struct {
	title  string
	reason string
	lines  []string    // the score stack by stack, the series
	marks  []hex.Coord // the stacks that decided it (Andantino marks its own cells)
}

const (
	wResult        widgetID = "result"
	wResultRematch widgetID = "result-rematch"
	wResultNext    widgetID = "result-next"
	wResultReview  widgetID = "result-review"
	wResultSave    widgetID = "result-save"
	wResultNew     widgetID = "result-new"
)

// reasonWords says how a game ended, in words.
func reasonWords(info *game.Info, r game.Result) string {
	who := func(pl game.Player) string { return info.Players[pl] }
	w := r.Winner
	if r.Termination == game.Agreement {
		return "Both players agreed to a draw." // the title says "Draw" already
	}
	if r.Termination != game.ByRules {
		return info.ResultSentence(r) + "." // "White resigned.", "Red lost on time."
	}
	switch r.Reason {
	case "two passes":
		return "Both players passed in succession: the awake stacks are scored."
	case "three triples":
		return who(w) + " controls three triples."
	case "stalemate":
		if w == game.NoPlayer {
			return "A player with an empty pool had no capture: a draw."
		}
		return who(w.Other()) + " had an empty pool and no capture: a loss under the 2008 rules."
	case "line of five":
		return who(w) + " made a line of five."
	case "trap":
		return who(w) + " enclosed " + who(w.Other()) + "'s tiles."
	case "trap with a gap":
		return who(w) + " enclosed " + who(w.Other()) + "'s tiles (with a gap inside)."
	case "suicide":
		return who(w.Other()) + " played into " + who(w) + "'s enclosure and lost at once."
	case "50 tiles":
		return "All 50 tiles are on the surface: a draw."
	case "repetition":
		return "The same position came a third time: a draw."
	}
	return r.Reason
}

// endCardOf describes the end of the game in st.
func endCardOf(sess *input.Session, st game.State) endCard {
	info := sess.Info
	r := st.Result()
	if end, ok := sess.Match.Ending(); ok && st == sess.Match.Live() {
		r = end // a resignation, a draw agreed, a flag
	}
	c := endCard{title: "Draw", reason: reasonWords(info, r)}
	if r.Winner != game.NoPlayer {
		c.title = info.Players[r.Winner] + " wins"
	}
	stk, _ := st.(render.Stacker)
	wk, _ := st.(waker)
	switch {
	case r.Termination != game.ByRules:
		// Not the board's verdict: no score, no marks.
	case stk != nil && wk != nil: // Abande: every awake stack scores its height
		var parts [2][]string
		var total [2]int
		for _, pt := range hex.Points {
			h, layers := stk.Stack(pt)
			if h == 0 || !wk.Awake(pt) {
				continue
			}
			owner := layers[h-1]
			parts[owner] = append(parts[owner], fmt.Sprint(h))
			total[owner] += h
			c.marks = append(c.marks, pt.Coord())
		}
		for pl := range parts {
			sum := "no awake stack"
			if len(parts[pl]) > 0 {
				sum = strings.Join(parts[pl], " + ")
			}
			c.lines = append(c.lines, fmt.Sprintf("%s %d: %s", info.Players[pl], total[pl], sum))
		}
	case stk != nil && r.Winner != game.NoPlayer: // Attangle: the winner's triples
		for _, pt := range hex.Points {
			if h, layers := stk.Stack(pt); h == 3 && layers[2] == r.Winner {
				c.marks = append(c.marks, pt.Coord())
			}
		}
	}
	if sr := sess.Series; sr != nil {
		if st == sess.Match.Live() {
			st = sess.Final() // a resignation or a flag counts in the series
		}
		if line := sr.Result(st); line != "" {
			c.lines = append(c.lines, strings.TrimSuffix(line, " · N: next game"))
		}
	}
	return c
}

// layEnd places the end card and its buttons at the foot of the board, over the
// review bar's row, when the game is over and the card was not put away.
func layEnd(l *playLayout, sess *input.Session, hidden bool, s float64) {
	m := sess.Match
	if !sess.Result().Over || m.Reviewing() || hidden {
		return
	}
	l.end = endCardOf(sess, m.Live())
	b := l.board
	w := min(b.W-32*s, 560*s)
	h := (118 + 18*float64(len(l.end.lines))) * s
	bottom := b.Y + b.H - 12*s
	if l.bar.H > 0 {
		bottom = l.bar.Y - 8*s // above the review bar, which stays usable
	}
	if l.coachLine.H > 0 {
		bottom = l.coachLine.Y - 8*s // and above the box under the board
	}
	card := render.Rect{X: b.X + (b.W-w)/2, Y: bottom - h, W: w, H: h}
	l.add(wResult, card, false, "")
	first := wResultRematch
	if sess.SeriesNext() {
		first = wResultNext
	} else if sess.Series != nil {
		first = "" // the series is over: no rematch of its last game alone
	}
	ids := []widgetID{wResultReview, wResultSave, wResultNew}
	if first != "" {
		ids = append([]widgetID{first}, ids...)
	}
	bw := (w - 24*s - float64(len(ids)-1)*8*s) / float64(len(ids))
	for i, id := range ids {
		l.add(id, render.Rect{X: card.X + 12*s + float64(i)*(bw+8*s), Y: card.Y + h - 46*s, W: bw, H: 34 * s}, true, "")
		l.endButtons = append(l.endButtons, id)
	}
}

// endClick acts on a button of the end card; it reports whether id was one.
func (p *playScene) endClick(a *App, id widgetID) bool {
	s := p.sess
	switch id {
	case wResultRematch:
		seats := s.Seats
		ns := input.NewSession(s.Info, s.Opts, [2]input.Seat{seats[1], seats[0]}, a.sessionNow())
		if s.Clock != nil {
			_ = ns.SetTimeControl(s.Clock.Control()) // a new game: never refused
		}
		if p.coach.on {
			coachOn(ns) // a coached game's rematch is coached too
		}
		a.setScene(a.newPlay(ns))
	case wResultNext:
		p.command(a, input.CmdSeriesNext)
	case wResultReview:
		p.endHidden = true
		p.handle(a, s.Review(0))
	case wResultSave:
		a.run(input.CmdSave)
	case wResultNew:
		a.run(input.CmdNew)
	default:
		return false
	}
	return true
}

// drawEnd draws the end card.
func drawEnd(pt painter, l *playLayout) {
	card, ok := l.get(wResult)
	if !ok {
		return
	}
	s, th := pt.s, pt.th
	r := card.r
	render.FillRoundRect(pt.dst, r, 10*s, th.ResultBG)
	render.StrokeRoundRect(pt.dst, r, 10*s, 2*s, th.LastMove)
	pt.text(l.end.title, 22, true, r.X+18*s, r.Y+24*s, render.Left, th.LastMove)
	f := render.Face(14*s, false)
	y := r.Y + 52*s
	for _, line := range append(wrap(l.end.reason, f, r.W-36*s)[:1], l.end.lines...) {
		pt.t.Add(line, f, r.X+18*s, y, render.Left, th.Text)
		y += 18 * s
	}
	labels := map[widgetID]string{wResultRematch: "Rematch", wResultNext: "Next game", wResultReview: "Review",
		wResultSave: "Save", wResultNew: "New game"}
	for i, id := range l.endButtons {
		w, _ := l.get(id)
		style := plainButton
		if i == 0 {
			style = primaryButton
		}
		pt.button(w, labels[id], style, 14, true)
	}
}
