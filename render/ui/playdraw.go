package ui

import (
	"fmt"
	"image/color"
	"time"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/input/exercise"
	"trihex/render"
)

// draw draws the game screen from the layout built in Update.
func (p *playScene) draw(a *App, pt painter, lay *Layout) {
	l := p.lay
	if l == nil || p.bv.sprites == nil {
		pt.dst.Fill(pt.th.Background) // not laid out yet: Update does that
		return
	}
	m := p.sess.Match
	f := &boardFrame{state: m.View(), anim: p.anims.current(), sides: p.sides, labels: l.labels,
		forbid: l.forbidCentre, area: l.board, scale: pt.s, poolPos: l.pool, reviewing: m.Reviewing(),
		hint: l.hint, hoverOn: p.hoverOn, hover: p.hover, armed: p.armed, marks: l.end.marks}
	if p.guided() {
		f.look = p.mode.Marks()
	}
	if f.anim != nil {
		f.state = f.anim.state
	} else {
		f.last = p.lastCells()
	}
	f.live = f.anim == nil && !m.Reviewing()
	if f.live {
		pk := p.sess.Picker
		f.targets, f.sel, f.pickGen = pk.Targets(), pk.Selection(), pk.Gen()
		f.hoverOut = l.hoverOut
	}
	p.bv.draw(pt, f, p.surface)
	if c, ok := p.focusRing(); ok && f.live {
		p.bv.drawFocus(pt, c)
	}
	pt.t.Flush(pt.dst) // the board's text (badges) under the panel and the cards
	p.drawPanel(pt, l)
	drawMatch(pt, l)
	drawReview(pt, l, p.sess)
	p.drawCoach(pt, l)
	p.analysis.draw(p, pt, l)
	drawEnd(pt, l)
	p.drawNet(pt, l)
	p.drawBanner(pt, l)
}

// drawBanner is the banner over the board: the result, or the review notice.
func (p *playScene) drawBanner(pt painter, l *playLayout) {
	msg, sub, r := p.topBanner(l, pt.s)
	if msg == "" {
		return
	}
	s := pt.s
	render.FillRoundRect(pt.dst, r, 8*s, pt.th.ResultBG)
	pt.t.Add(msg, render.Face(18*s, true), r.CX(), r.Y+18*s, render.Center, pt.th.LastMove)
	if sub != "" {
		pt.t.Add(sub, render.Face(14*s, true), r.CX(), r.Y+44*s, render.Center, pt.th.Text)
	}
}

// topBanner is what drawBanner shows and where: the result, the review notice
// or the pause, at the top of the board clear of the menu buttons; msg is
// empty when it shows nothing. The message bar (bar.layout) keeps clear of it.
func (p *playScene) topBanner(l *playLayout, s float64) (msg, sub string, r render.Rect) {
	m := p.sess.Match
	msg = p.sess.ResultText()
	if _, ok := l.get(wResult); ok {
		return "", "", r // the end card says it
	}
	if m.Reviewing() {
		msg = l.reviewMsg
	} else if p.sess.Series != nil {
		sub = p.sess.Series.Result(p.sess.Final())
	}
	if msg == "" {
		msg = l.match.paused
	}
	if msg == "" {
		return "", "", r
	}
	w, _ := render.Measure(msg, render.Face(18*s, true))
	sw, _ := render.Measure(sub, render.Face(14*s, true))
	w = min(max(w, sw), l.board.W-340*s)
	h := 36 * s
	if sub != "" {
		h += 20 * s
	}
	// Clear of the File, View, Game and Help buttons at the top left; at the
	// right end of the row while a message takes its left part.
	cx := max(l.board.CX(), 300*s+w/2+16*s)
	if l.noticeAside {
		cx = max(l.board.X+l.board.W-8*s-w/2-16*s, 300*s+w/2+16*s)
	}
	return msg, sub, render.Rect{X: cx - w/2 - 16*s, Y: 12 * s, W: w + 32*s, H: h}
}

// statusLine is the panel's status: a refused action's reason, the result, or
// whose turn with what the computer or a click would do.
func (p *playScene) statusLine(th render.Theme) (string, color.RGBA) {
	m := p.sess.Match
	live, shown := m.Live(), m.View()
	cp := p.sess.Computer
	switch {
	case p.now().Before(p.status.until):
		// A refused action's reason fades out over its last second.
		c := th.Warning
		if left := p.status.until.Sub(p.now()); left < time.Second {
			k := float64(left) / float64(time.Second)
			c = color.RGBA{uint8(float64(c.R) * k), uint8(float64(c.G) * k), uint8(float64(c.B) * k), uint8(float64(c.A) * k)}
		}
		return p.status.text, c
	case m.Reviewing() && shown.Result().Over:
		return input.ResultText(p.sess.Info, shown) + " (reviewing)", th.Text
	case m.Reviewing():
		return p.sess.Info.Players[shown.ToMove()] + " to move here (reviewing)", th.Text
	case p.sess.Result().Over:
		return p.sess.ResultText(), th.LastMove
	}
	status := p.sess.Info.Players[live.ToMove()] + " to move"
	if p.pausedRefusal() != "" {
		return status + " · paused: Space goes on", th.Text
	}
	switch h := p.hoverText(); {
	case cp.Thinking() || (cp.Paused && p.sess.ComputerToMove()):
		return status + " · " + cp.StatusText(p.sess.ComputerToMove()), th.Text
	case cp.HintRunning():
		return status + " · finding a hint…", th.Text
	case cp.HintText() != "" && h == "":
		return status + " · hint: " + cp.HintText(), th.Accent
	case h != "":
		return status + " · " + h, th.Text
	case len(p.sess.Picker.Selection()) > 0:
		return status + " · Esc cancels", th.Text
	}
	return status, th.Text
}

func (p *playScene) drawPanel(pt painter, l *playLayout) {
	s, th := pt.s, pt.th
	render.FillRect(pt.dst, l.screen.Panel, th.Panel)
	in := l.screen.Panel.Inset(12 * s)
	live, shown := p.sess.Match.Live(), p.sess.Match.View()
	info := p.sess.Info
	pt.text(info.Name, 22, true, in.X, l.header, render.Left, th.Text)
	if l.optionsY > 0 {
		pt.text(p.sess.Opts.Describe(), 12, false, in.X, l.optionsY, render.Left, th.TextDim)
	}
	if l.legendY > 0 {
		sp := p.bv.small
		sp.Dot(pt.dst, in.X+8*s, l.legendY, 0.9, th.Asleep)
		pt.text("z", 10, true, in.X+8*s, l.legendY, render.Center, th.AsleepMark)
		pt.text(l.legend, 12, false, in.X+22*s, l.legendY, render.Left, th.TextDim)
	}
	if sr := p.sess.Series; sr != nil {
		pt.text(sr.Summary(p.sess.Final()), 13, true, in.X, l.seriesY, render.Left, th.Accent)
	}
	sf := render.Face(15*s, true)
	lines := wrap(l.status, sf, in.W)
	if len(lines) > 2 {
		sf = render.Face(13*s, true) // a long reason: smaller rather than cut
		lines = wrap(l.status, sf, in.W)
	}
	if len(lines) > 2 {
		lines = []string{lines[0], lines[1] + " …"} // cut, but not silently
	}
	for i, line := range lines[:min(2, len(lines))] {
		pt.t.Add(line, sf, in.X, l.statusY+float64(i)*18*s, render.Left, l.statusColour)
	}
	for pl := game.First; pl <= game.Second; pl++ {
		p.drawPlayerBox(pt, l, pl, live, shown)
	}
	drawMoveList(pt, l, p.sess.Match)
	labels := map[widgetID]string{"undo": "Undo", "redo": "Redo", "new": l.newLabel, "pass": "Pass", wLive: l.liveLabel,
		wResume: l.resumeLabel, "hint": "Hint (H)"}
	for _, id := range l.panelButtons {
		w, _ := l.get(id)
		style := plainButton
		switch id {
		case "pass":
			style = primaryButton
		case wLive:
			style = accentButton // the one obvious way back
		}
		pt.button(w, labels[id], style, 14, true)
	}
}

// drawPlayerBox draws side pl's box: who plays it, its counts, and its pieces in
// hand, or the computer's progress while it thinks.
func (p *playScene) drawPlayerBox(pt painter, l *playLayout, pl game.Player, live, shown game.State) {
	s, th := pt.s, pt.th
	box := l.boxes[pl]
	render.FillRoundRect(pt.dst, box, 8*s, th.Button)
	over := shown.Result().Over || !p.sess.Match.Reviewing() && p.sess.Result().Over
	if !over && shown.ToMove() == pl { // the side to move in the position shown
		render.StrokeRoundRect(pt.dst, box, 8*s, 2*s, th.Highlight)
	}
	small := p.bv.small
	small.Disc(pt.dst, p.sides[pl], box.X+18*s, box.Y+18*s, 1)
	pt.text(l.who[pl], 15, true, box.X+36*s, box.Y+18*s, render.Left, th.Text)
	line, count := playerFacts(shown, pl)
	pt.text(line, 13, false, box.X+12*s, box.Y+42*s, render.Left, th.TextDim)
	if prog := p.sess.ProgressText(pl); prog != "" {
		// On a line of its own, under the pieces: the box keeps its layout.
		pt.text(prog, 13, true, box.X+12*s, box.Y+86*s, render.Left, th.Accent)
	}
	// The pieces in hand, drawn as a row of small discs.
	n := min(count, 25)
	step := min(11*s, (box.W-24*s)/float64(max(1, n)))
	for i := 0; i < n; i++ {
		small.Disc(pt.dst, p.sides[pl], l.pool[pl][0]+float64(i)*step, l.pool[pl][1], 1)
	}
}

// drawReview draws the review bar.
func drawReview(pt painter, l *playLayout, sess *input.Session) {
	if l.bar.W == 0 {
		return
	}
	s, th := pt.s, pt.th
	m := sess.Match
	render.FillRoundRect(pt.dst, l.bar, 8*s, th.ReviewBar)
	labels := map[widgetID]string{"rv-start": "«", "rv-back": "‹", "rv-fwd": "›", "rv-end": "»", "rv-play": "Play"}
	playing := sess.Replay.Playing
	if playing {
		labels["rv-play"] = "Pause"
	}
	for _, id := range l.reviewButtons {
		w, _ := l.get(id)
		label, ok := labels[id]
		if !ok {
			label = w.label
		}
		size := 15.0
		if len([]rune(label)) == 1 {
			size = 20
		}
		style := plainButton
		if id == "rv-play" && playing {
			style = accentButton
		}
		pt.button(w, label, style, size, true)
	}
	sl := l.slider
	if sl.W == 0 {
		return
	}
	n := m.Len()
	track := render.Rect{X: sl.X, Y: sl.CY() - 2*s, W: sl.W, H: 4 * s}
	render.FillRoundRect(pt.dst, track, 2*s, th.SliderTrack)
	kx := input.SliderX(m.ViewIndex(), sl.X, sl.W, n)
	render.FillRoundRect(pt.dst, render.Rect{X: sl.X, Y: track.Y, W: kx - sl.X, H: track.H}, 2*s, th.Accent)
	render.FillRoundRect(pt.dst, render.Rect{X: kx - 8*s, Y: sl.CY() - 8*s, W: 16 * s, H: 16 * s}, 8*s, th.Text)
	pt.text(moveLabel(sess.Match, m.ViewIndex()), 13, false, l.counter[0], l.counter[1], render.Left, th.TextDim)
}

// hoverText says what a click at the pointer would do.
func (p *playScene) hoverText() string {
	if t := p.focusText(); t != "" {
		return t // the keys' ring, named, wins over where the pointer rests
	}
	if !p.hoverOn || p.sess.InputState() == nil {
		return ""
	}
	o := p.sess.Picker.Hover(p.hover)
	name := fmt.Sprintf("%d,%d", p.hover.Q, p.hover.R)
	if pt, ok := hex.PointAt(p.hover); ok && !p.surface {
		name = pt.Label()
	}
	switch o.Action {
	case input.Play:
		if msg := p.danger(p.hover); msg != "" {
			return msg
		}
		return "click plays " + o.Move.Text
	case input.Select, input.Restart:
		return "click selects " + name
	case input.Deselect:
		return "click drops " + name
	case input.Cancel:
		return "click cancels"
	}
	return ""
}

// Optional accessors for the panel's counts.
type (
	hander interface{ Hand(game.Player) int }
	pooler interface {
		Pool(game.Player) int
		Triples(game.Player) int
	}
)

// playerFacts is the line under a player's name and the pieces still to play.
func playerFacts(s game.State, pl game.Player) (string, int) {
	switch st := s.(type) {
	case pooler:
		return fmt.Sprintf("Pool %d · Triples %d of 3", st.Pool(pl), st.Triples(pl)), st.Pool(pl)
	case surfacer:
		return fmt.Sprintf("Tiles left %d", st.TilesLeft(pl)), st.TilesLeft(pl)
	case hander:
		line := fmt.Sprintf("In hand %d", st.Hand(pl))
		if sc, ok := s.(game.Scorer); ok {
			line += fmt.Sprintf(" · Score %d", sc.Score()[pl])
		}
		return line, st.Hand(pl)
	}
	return "", 0
}

// moveLabel names the position after ply moves as the move list numbers it:
// "start", "2. d6" (the first mover's move) or "2… d5".
func moveLabel(m *input.Match, ply int) string {
	if ply <= 0 {
		return "start"
	}
	texts := m.Texts()
	if ply > len(texts) {
		return ""
	}
	if ply%2 == 1 {
		return fmt.Sprintf("%d. %s", (ply+1)/2, texts[ply-1])
	}
	return fmt.Sprintf("%d… %s", ply/2, texts[ply-1])
}

// drawCoach draws the box under the board: the coach's line (what the computer
// threatens), or a lesson's or puzzle's task and verdict with its buttons.
func (p *playScene) drawCoach(pt painter, l *playLayout) {
	r := l.coachLine
	if r.W == 0 || l.Guide == "" {
		return
	}
	s := pt.s
	render.FillRoundRect(pt.dst, r, 8*s, pt.th.ResultBG)
	title, width, lines := "Coach", r.W-80*s, 2
	if p.analysis.review != nil && !p.guided() {
		title, width, lines = "Review", l.guideWidth, l.guideLines // as the layout fitted the text
	}
	if p.guided() {
		title, lines, width = "Lesson", l.guideLines, l.guideWidth
		if p.mode.Kind() == exercise.Puzzle {
			title = "Puzzle"
			if p.mode.Solved() {
				title = "Solved"
			}
		}
		if p.mode.Right() {
			render.StrokeRoundRect(pt.dst, r, 8*s, 2*s, pt.th.Highlight)
		}
	}
	pt.text(title, 13, true, r.X+12*s, r.Y+14*s, render.Left, pt.th.Accent)
	f := render.Face(13*s, false)
	text := wrap(l.Guide, f, width)
	for i, line := range text[:min(lines, len(text))] {
		pt.t.Add(line, f, r.X+64*s, r.Y+14*s+float64(i)*17*s, render.Left, pt.th.Text)
	}
	for _, id := range l.trainButtons {
		w, _ := l.get(id)
		pt.button(w, w.label, plainButton, 13, true)
	}
}

// drawMoveList draws the move list: the line's moves two a row, its variations,
// the header's buttons and the shown move's comment.
func drawMoveList(pt painter, l *playLayout, m *input.Match) {
	s, th := pt.s, pt.th
	// The move list.
	ml := l.list
	render.FillRoundRect(pt.dst, ml, 6*s, th.List)
	pt.text("Moves", 13, true, ml.X+10*s, ml.Y+12*s, render.Left, th.TextDim)
	f := render.Face(14*s, false)
	for _, row := range l.rows {
		if row.num != "" {
			pt.t.Add(row.num, f, ml.X+36*s, row.r.CY(), render.Right, th.TextDim)
		}
		c := th.Text
		if !row.done {
			c = th.Undone // undone, redoable
		}
		if row.node == m.ViewNode() {
			render.FillRoundRect(pt.dst, row.r, 4*s, th.Accent)
			c = th.TextOnAccent
		}
		pt.t.Add(row.text, f, row.r.X+6*s, row.r.CY(), render.Left, c) // a variation's is cut to its row by the layout
	}
	for _, id := range l.treeButtons {
		w, _ := l.get(id)
		pt.button(w, w.label, plainButton, 11, true)
	}
	if l.commentH > 0 {
		// The shown move's comment, at the list's foot.
		cf := render.Face(12*s, false)
		y := ml.Y + ml.H - l.commentH + 10*s
		for i, line := range wrap("¶ "+m.ViewNode().Comment, cf, ml.W-20*s) {
			if i >= 2 {
				break
			}
			pt.t.Add(line, cf, ml.X+10*s, y+float64(i)*16*s, render.Left, th.TextDim)
		}
	}
}
