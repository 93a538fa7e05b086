package ui

import (
	"fmt"
	"image/color"
	"strings"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/input/exercise"
	"trihex/render"
	"trihex/save"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// playLayout is the game screen's layout, built once in Update: the screen's
// areas, the panel's parts, the buttons with their enabled state, the move list's
// visible rows, where each side's pieces in hand are drawn (the target of a piece
// flying home) and the review bar. Draw, the hit-testing and --layout-out read it.
type playLayout struct {
	*Layout
	screen         render.Screen
	board          render.Rect // the board area, left of (or above) the panel
	header         float64     // baselines in the panel: the game's name,
	optionsY       float64     // the rules options (0: none),
	seriesY        float64     // the series line,
	statusY        float64     // the status line,
	legendY        float64     // and Abande's legend (0: none)
	legend         string      // the legend's words, as many as fit the panel
	who            [2]string   // who plays each side, as it fits its box
	guideLines     int         // a lesson's, puzzle's or review's lines of text in the box
	guideWidth     float64     // and their width
	noticeAside    bool        // a message shows in the top row: the top banner keeps right
	liveLabel      string      // the review's two buttons, as they fit
	resumeLabel    string
	reviewMsg      string // the review's banner, as it fits over the board
	status         string // the status line's text and colour
	statusColour   color.RGBA
	coachLine      render.Rect // the box under the board: the coach, a lesson, a puzzle
	trainButtons   []widgetID
	treeButtons    []widgetID
	anaBox         render.Rect   // the live analysis' lines
	commentH       float64       // room at the list's foot for the shown move's comment
	end            endCard       // the end of the game, when its card shows
	match          matchLayout   // the clocks, Resign and Offer draw (matchui.go)
	net            netLayout     // a network game's parts (onlineplay.go)
	hint           []hex.Coord   // the hint's cells
	hoverOut       input.Outcome // what a click at the pointer would do
	endButtons     []widgetID
	boxes          [2]render.Rect
	pool           [2][2]float64 // where each side's pieces in hand are drawn
	list           render.Rect   // the move list
	rows           []listRow
	rowH           float64
	bar            render.Rect // the review bar (empty before the first move)
	slider         render.Rect
	counter        [2]float64 // where the review counter is written
	reviewButtons  []widgetID
	panelButtons   []widgetID
	newLabel       string
	forbidCentre   bool
	labels, series bool
}

// listRow is one visible entry of the move list.
type listRow struct {
	node  *save.Node // the move, or a variation's first move
	r     render.Rect
	ply   int // the position after this many moves
	text  string
	num   string // "12." before the first entry of a row, else ""
	done  bool   // in effect (not an undone, redoable move)
	isVar bool   // a variation's row: its first move and on
}

// variation reports whether the row is a variation's, not a move of the line.
func (r listRow) variation() bool { return r.isVar }

// The game screen's widgets besides the commands' own ("undo", "rv-back", …).
const (
	wComment  widgetID = "comment" // type a comment on the shown move
	wPromote  widgetID = "var-promote"
	wMainLine widgetID = "var-main"
	wDelete   widgetID = "var-delete"
	wLive     widgetID = "live"      // back to the live game, while reviewing
	wResume   widgetID = "play-here" // play on from the reviewed position
	wSlider   widgetID = "rv-slider"
)

// reviewBarH is the review bar's height in logical pixels, kept free under the board.
const reviewBarH = 48

// coachLineH is the height of a coached game's line, kept free above the bar.
const coachLineH = 44

func (p *playScene) layout(a *App) *Layout {
	s := a.scale
	p.th = a.prefs.theme
	l := &playLayout{Layout: newLayout(), screen: render.LayoutScreen(a.w, a.h, s), labels: a.prefs.settings.Coordinates,
		forbidCentre: p.sess.Info.Board.ClosedCentre, series: p.sess.Series != nil, noticeAside: a.bar.text != ""}
	l.board = l.screen.Board
	p.layPanel(l, s)
	p.layReviewBar(l, s)
	if p.coach.on || p.guided() || p.analysis.review != nil {
		b := l.board
		bottom := b.Y + b.H - 8*s
		if l.bar.H > 0 {
			bottom = l.bar.Y - 6*s
		}
		l.coachLine = render.Rect{X: b.X + 8*s, Y: bottom - guideH(p)*s, W: b.W - 16*s, H: guideH(p) * s}
		l.Guide = p.coach.line
		if p.guided() {
			l.Guide = p.mode.Say()
			layMode(l, p.mode, s)
		} else if p.analysis.review != nil {
			// As drawCoach lays the review's text: beside the graph, in the two
			// lines the box has room for.
			r := l.coachLine
			width := r.W*0.45 - 80*s
			if p.analysis.review.plies == nil {
				width = r.W - 200*s
			}
			f := render.Face(13*s, false)
			l.guideWidth, l.guideLines = width, 3
			l.Guide = p.analysis.guide(p, func(t string) bool { return len(wrap(t, f, width)) <= 2 })
			p.analysis.lay(l, p.sess.Info.Players, s)
		}
	}
	if !p.guided() {
		layEnd(l, p.sess, p.endHidden, s) // a lesson or puzzle ends in its box, not with a game's card
	}
	p.layNet(l, s)
	p.bv.place(l, p, a)
	if a.flags.LayoutOut != "" {
		p.layCells(l) // only --layout-out reads them: not built every tick for nothing
	}
	p.lay = l
	return l.Layout
}

// layPanel places the panel: name, status, the two player boxes, the move list
// between them and the buttons, and the buttons.
func (p *playScene) layPanel(l *playLayout, s float64) {
	m := p.sess.Match
	in := l.screen.Panel.Inset(12 * s)
	y := in.Y + 14*s
	l.header = y
	y += 30 * s
	if len(p.sess.Opts) > 0 {
		// The rules options in words, under the name.
		l.optionsY = y - 6*s
		y += 16 * s
	}
	if l.series {
		l.seriesY = y - 4*s
		y += 20 * s
	}
	l.statusY = y
	y += 40 * s // two lines: a refused action's reason may need them
	// Each box keeps a line of its own for the computer's progress, so nothing
	// moves when it starts or stops thinking.
	for pl := range l.boxes {
		l.boxes[pl] = render.Rect{X: in.X, Y: y, W: in.W, H: 104 * s}
		l.who[pl] = fitText(in.W-44*s-p.clockRoom(s), render.Face(15*s, true), whoTexts(p.sess, game.Player(pl))...)
		l.pool[pl] = [2]float64{in.X + 18*s, y + 64*s}
		y += 104*s + 8*s
	}
	if _, ok := m.Live().(waker); ok {
		l.legendY = y + 8*s // what the asleep badge means
		l.legend = fitText(in.W-22*s, render.Face(12*s, false),
			"asleep: touches no enemy stack, scores nothing now", "asleep: no enemy next to it, no score", "asleep: scores nothing")
		y += 22 * s
	}
	// Buttons: Pass (Live while reviewing) and Hint (Play from here while
	// reviewing) above Undo, Redo, New.
	btn := l.screen.Buttons
	_, canPass := p.sess.Picker.Pass()
	add := func(id widgetID, name string, on bool) {
		l.add(id, btn[name], on, "")
		l.panelButtons = append(l.panelButtons, id)
	}
	add("undo", "undo", p.sess.CanUndo())
	add("redo", "redo", p.sess.CanRedo())
	add("new", "new", true)
	switch {
	case m.Reviewing():
		add(wLive, "pass", true)
		add(wResume, "hint", true)
		layReviewWords(l, m, s)
	case canPass:
		add("pass", "pass", true)
	}
	if p.sess.CanHint() && !p.sess.Computer.HintRunning() { // none against a remote player
		add("hint", "hint", true)
	}
	l.hint = p.sess.HintCells() // cached by the session: read here, not in Draw
	if p.hoverOn {
		l.hoverOut = p.sess.Picker.Hover(p.hover)
	}
	l.status, l.statusColour = p.statusLine(p.th)
	if p.guided() && !p.now().Before(p.status.until) {
		l.status, l.statusColour = p.mode.Heading(), p.th.Accent
	}
	l.Status = l.status
	l.newLabel = "New"
	if p.guided() {
		l.newLabel = p.listLabel()
	} else if p.sess.SeriesNext() {
		l.newLabel = fitText(btn["new"].W-16*s, render.Face(14*s, true), "Next game", "Next")
	}
	if p.analysis.live != nil {
		// The live analysis' lines, over the move list.
		l.anaBox = render.Rect{X: in.X, Y: y, W: in.W, H: 88 * s}
		y += 96 * s
	}
	l.list = render.Rect{X: in.X, Y: y, W: in.W, H: max(0, btn["pass"].Y-8*s-y)}
	if m.ViewNode().Comment != "" {
		l.commentH = 44 * s
	}
	layTreeButtons(l, m, p.guided(), s)
	p.list.place(l, m, s)
	p.layMatch(l, s)
}

// layReviewBar places the bar under the board: first, back, play/pause, forward
// and last position, a slider over all positions and the replay's pace.
func (p *playScene) layReviewBar(l *playLayout, s float64) {
	if p.sess.Match.Len() == 0 {
		return
	}
	m := p.sess.Match
	b := l.board
	bar := render.Rect{X: b.X + 8*s, Y: b.Y + b.H - (reviewBarH-4)*s, W: b.W - 16*s, H: (reviewBarH - 8) * s}
	l.bar = bar
	x, y, h := bar.X+6*s, bar.Y+4*s, bar.H-8*s
	for _, bt := range []struct {
		id widgetID
		w  float64
		on bool
	}{{"rv-start", 34, m.ViewIndex() > 0}, {"rv-back", 34, m.ViewIndex() > 0}, {"rv-play", 62, true},
		{"rv-fwd", 34, m.ViewIndex() < m.Len()}, {"rv-end", 34, m.ViewIndex() < m.Len()}} {
		l.add(bt.id, render.Rect{X: x, Y: y, W: bt.w * s, H: h}, bt.on, "")
		l.reviewButtons = append(l.reviewButtons, bt.id)
		x += (bt.w + 4) * s
	}
	speed := render.Rect{X: bar.X + bar.W - 6*s - 58*s, Y: y, W: 58 * s, H: h}
	l.add("rv-speed", speed, true, fmt.Sprintf("%g×", p.sess.Replay.Speed))
	l.reviewButtons = append(l.reviewButtons, "rv-speed")
	// The counter's room ("12… a1,c3-b2") sits between the slider and the pace.
	sl := render.Rect{X: x + 14*s, Y: y, W: speed.X - 124*s - (x + 14*s), H: h}
	if sl.W > 20*s {
		l.slider = sl
		l.add(wSlider, sl, true, "")
		l.counter = [2]float64{sl.X + sl.W + 16*s, sl.CY()}
	}
}

// layCells lists the points, or the tiles and legal cells in view, for
// --layout-out.
func (p *playScene) layCells(l *playLayout) {
	v := p.bv.view
	if p.surface {
		for _, c := range p.surfaceCells(p.sess.Match.View()) {
			x, y := v.ToPixel(c)
			if l.board.Contains(x, y) {
				l.Cells[p.sess.Info.Board.FormatCell(c)] = [2]float64{x, y}
			}
		}
		return
	}
	for _, pt := range hex.Points {
		x, y := v.ToPixel(pt.Coord())
		l.Cells[pt.Label()] = [2]float64{x, y}
	}
}

// surfaceCells lists the tiles of an Andantino state and, in the live position,
// the cells a click can play.
func (p *playScene) surfaceCells(s game.State) []hex.Coord {
	var out []hex.Coord
	if sf, ok := s.(surfacer); ok {
		lo, hi := sf.Bounds()
		for r := lo.R; r <= hi.R; r++ {
			for q := lo.Q; q <= hi.Q; q++ {
				if sf.At(hex.Coord{Q: q, R: r}) != game.NoPlayer {
					out = append(out, hex.Coord{Q: q, R: r})
				}
			}
		}
	}
	if s == p.sess.Match.Live() {
		for _, c := range p.sess.Picker.Choices() {
			out = append(out, c.Cells...)
		}
	}
	return out
}

// moveList is the panel's list of moves: its scroll position.
type moveList struct {
	top           int // first row shown
	scrollPending bool
	rows          int // the rows it had room for when last placed
}

// listEntry is one row of the move list: a pair of moves of the current line, or
// a variation branching from one of them.
type listEntry struct {
	pair      int        // the pair's number from 0 (moves 2·pair+1 and 2·pair+2)
	variation *save.Node // the variation's first move, or nil for a pair
}

// place lays out the visible rows of the list (two moves of the current line a
// row, each variation that branches from them on a row of its own under them)
// and scrolls to the shown move when asked.
func (ml *moveList) place(l *playLayout, m *input.Match, s float64) {
	l.rowH = 22 * s
	texts := m.Texts()
	line := m.Line()
	var entries []listEntry
	viewEntry := 0
	for pair := 0; 2*pair < len(texts); pair++ {
		if 2*pair < m.ViewIndex() {
			viewEntry = len(entries)
		}
		entries = append(entries, listEntry{pair: pair})
		for k := 0; k < 2 && 2*pair+k < len(line); k++ {
			n := line[2*pair+k]
			for _, v := range n.Parent.Children {
				if v != n {
					entries = append(entries, listEntry{pair: pair, variation: v})
				}
			}
		}
	}
	capRows := int((l.list.H - 24*s - l.commentH) / l.rowH)
	if capRows != ml.rows {
		// The list grew or shrank (a comment at its foot, the analysis over it,
		// the window): the shown move must stay in view.
		ml.rows, ml.scrollPending = capRows, true
	}
	if ml.scrollPending && capRows > 0 {
		ml.scrollPending = false
		if viewEntry < ml.top {
			ml.top = viewEntry
		}
		if viewEntry >= ml.top+capRows {
			ml.top = viewEntry - capRows + 1
		}
	}
	ml.top = max(0, min(ml.top, len(entries)-capRows))
	colW := (l.list.W - 48*s) / 2
	for e := ml.top; e < len(entries) && e < ml.top+capRows; e++ {
		ent := entries[e]
		ry := l.list.Y + 24*s + float64(e-ml.top)*l.rowH
		if v := ent.variation; v != nil {
			r := render.Rect{X: l.list.X + 54*s, Y: ry, W: l.list.W - 62*s, H: l.rowH}
			l.rows = append(l.rows, listRow{r: r, ply: v.Ply, text: variationText(m, v, r.W-10*s, render.Face(14*s, false)), node: v, isVar: true})
			continue
		}
		for k := 0; k < 2; k++ {
			i := 2*ent.pair + k
			if i >= len(texts) {
				break
			}
			r := listRow{r: render.Rect{X: l.list.X + 42*s + float64(k)*colW, Y: ry, W: colW - 4*s, H: l.rowH},
				ply: i + 1, text: texts[i] + line[i].Mark + noteMark(line[i]), done: i < m.Len(), node: line[i]}
			if line[i].Comment != "" {
				r.text += " ¶"
			}
			if k == 0 {
				r.num = fmt.Sprintf("%d.", ent.pair+1)
			}
			l.rows = append(l.rows, r)
		}
	}
}

// noteMark is the game review's mark of n's move, or "".
func noteMark(n *save.Node) string {
	if n.Note == nil {
		return ""
	}
	return n.Note.Mark
}

// variationText spells a variation from its first move on, numbered, cut short.
func variationText(m *input.Match, v *save.Node, width float64, f *text.GoTextFace) string {
	var parts []string
	n := v
	for i := 0; n != nil && i < 6; i++ {
		num := ""
		if i == 0 || n.Ply%2 == 1 {
			num = fmt.Sprintf("%d.", (n.Ply+1)/2)
			if n.Ply%2 == 0 {
				num = fmt.Sprintf("%d…", n.Ply/2)
			}
		}
		parts = append(parts, strings.TrimSpace(num+" "+m.Text(n)+n.Mark))
		if len(n.Children) == 0 {
			n = nil
		} else {
			n = n.Children[0]
		}
	}
	// Cut to the row by whole moves, the cut marked.
	more := n != nil
	for {
		t := "(" + strings.Join(parts, " ")
		if more {
			t += " …"
		}
		t += ")"
		if w, _ := render.Measure(t, f); w <= width || len(parts) == 1 {
			return t
		}
		parts, more = parts[:len(parts)-1], true
	}
}

// guideH is the height of the box under the board: a coached game's line, or a
// lesson's or puzzle's task with its buttons.
func guideH(p *playScene) float64 {
	if p.guided() {
		return 76
	}
	return coachLineH
}

// layTrain places the lesson's or puzzle's buttons at the right of the box.
func layMode(l *playLayout, m exercise.Mode, s float64) {
	var ids []widgetID
	labels := map[widgetID]string{}
	for _, o := range m.Buttons() {
		ids = append(ids, widgetID(o.Button))
		labels[widgetID(o.Button)] = o.Label
	}
	say := m.Say()
	// The text keeps left of the buttons; the box grows upward for a long one
	// (a lesson's step in a narrow window), rather than cutting it. Where the
	// buttons would leave the text less than half the box, they go under it.
	f := render.Face(13*s, false)
	full := l.coachLine.W - 80*s
	l.guideWidth = full - float64(len(ids))*120*s
	n := len(wrap(say, f, l.guideWidth))
	need := float64(max(3, n)) * 17 * s
	if l.guideWidth < full/2 {
		l.guideWidth = full
		n = len(wrap(say, f, full))
		need = float64(n)*17*s + 44*s // a row of buttons under the lines
	}
	l.guideLines = n
	if extra := need - 3*17*s; extra > 0 {
		l.coachLine.Y -= extra
		l.coachLine.H += extra
	}
	r := l.coachLine
	x := r.X + r.W - 10*s
	for i := len(ids) - 1; i >= 0; i-- {
		w := 112 * s
		x -= w
		l.add(ids[i], render.Rect{X: x, Y: r.Y + r.H - 40*s, W: w, H: 32 * s}, true, labels[ids[i]])
		x -= 8 * s
	}
	l.trainButtons = ids
}

// layTreeButtons places the move list's header buttons: Comment on the shown move,
// and for a move in a variation Promote, Main line and Delete.
func layTreeButtons(l *playLayout, m *input.Match, training bool, s float64) {
	if m.ViewIndex() == 0 || training {
		return
	}
	ids := []widgetID{wComment}
	if input.VariationRoot(m.ViewNode()) != nil {
		ids = append(ids, wPromote, wMainLine, wDelete)
	}
	labels := map[widgetID]string{wComment: "Comment", wPromote: "Promote", wMainLine: "Main line", wDelete: "Delete"}
	x := l.list.X + l.list.W - 6*s
	for i := len(ids) - 1; i >= 0; i-- {
		w, _ := render.Measure(labels[ids[i]], render.Face(11*s, true))
		w += 14 * s
		x -= w
		l.add(ids[i], render.Rect{X: x, Y: l.list.Y + 3*s, W: w, H: 18 * s}, true, labels[ids[i]])
		l.treeButtons = append(l.treeButtons, ids[i])
		x -= 4 * s
	}
}

// fitText is the first of texts (the longest first) that fits in w in face f,
// else the last.
func fitText(w float64, f *text.GoTextFace, texts ...string) string {
	for _, t := range texts {
		if tw, _ := render.Measure(t, f); tw <= w {
			return t
		}
	}
	return texts[len(texts)-1]
}

// whoTexts names who plays side pl, the fullest first: "White · Computer,
// level 1 · P1", then shorter.
func whoTexts(sess *input.Session, pl game.Player) []string {
	side, seat := sess.Info.Players[pl], sess.Seats[pl]
	short := seat.String() // "Human", "Computer 3"
	if seat.Here() && seat.Name != "" {
		short = seat.Name
	}
	texts := []string{side + " · " + seatName(seat), side + " · " + short}
	if sr := sess.Series; sr != nil {
		p := fmt.Sprintf(" · P%d", sr.Participant(pl)+1)
		texts = []string{texts[0] + p, texts[1] + p, side + p}
	}
	return append(texts, side)
}

// layReviewWords fits the review's words: its two buttons' labels and the
// banner over the board, clear of File and View (drawBanner).
func layReviewWords(l *playLayout, m *input.Match, s float64) {
	btn := l.screen.Buttons
	bf := render.Face(14*s, true)
	l.liveLabel = fitText(btn["pass"].W-12*s, bf, "Back to game (End)", "Back (End)", "Back")
	l.resumeLabel = fitText(btn["hint"].W-12*s, bf, "Play from here", "Play here", "Play")
	shown := moveLabel(m, m.ViewIndex())
	long := "Reviewing: the position after " + shown + " · End returns"
	if m.ViewIndex() == 0 {
		shown, long = "the start", "Reviewing: the starting position · End returns"
	}
	l.reviewMsg = fitText(l.board.W-200*s, render.Face(18*s, true), long, "Reviewing "+shown+" · End returns", "Reviewing · End returns", "Reviewing")
}
