package ui

import (
	"fmt"
	"strings"

	"trihex/game"
	"trihex/input"
	"trihex/input/exercise"
	"trihex/render"
)

// learnList is the list of a game's lessons and puzzles, over the start screen
// (Learn): each with its title and whether it is done, the one to continue
// with marked; a click or Enter on one starts it. Tab, Shift+Tab and the arrows
// move the focus, Left and Right go between lessons and puzzles, Esc closes.
// What it lists and marks is exercise.List's, from the progress the settings
// keep.
type learnList struct {
	start *startScreen
	info  *game.Info
	cat   exercise.Catalog
	all   []exercise.Entry // the lessons, then the puzzles: the focus's order
	focus int              // in all; -1: none
}

// wLearnClose closes the list.
const wLearnClose widgetID = "learn-close"

// newLearnList lists info's lessons and puzzles, the focus on the one to
// continue with: a lesson, or a puzzle when puzzles asks for them first.
func newLearnList(a *App, s *startScreen, info *game.Info, puzzles bool) *learnList {
	ll := &learnList{start: s, info: info, cat: exercise.List(info, a.progress()), focus: -1}
	ll.all = append(append(ll.all, ll.cat.Lessons...), ll.cat.Puzzles...)
	switch {
	case len(ll.cat.Puzzles) > 0 && (puzzles || len(ll.cat.Lessons) == 0):
		ll.focus = len(ll.cat.Lessons) + exercise.Continue(ll.cat.Puzzles)
	case len(ll.cat.Lessons) > 0:
		ll.focus = exercise.Continue(ll.cat.Lessons)
	}
	return ll
}

// entryID names an entry's widget: "lesson-3", "puzzle-12" (from 1).
func entryID(e exercise.Entry) widgetID {
	if e.Kind == exercise.Puzzle {
		return widgetID(fmt.Sprintf("puzzle-%d", e.Index+1))
	}
	return widgetID(fmt.Sprintf("lesson-%d", e.Index+1))
}

// box is the list's box in the window.
func (ll *learnList) box(a *App) render.Rect {
	return render.Rect{X: a.w * 0.05, Y: a.h * 0.06, W: a.w * 0.9, H: a.h * 0.88}
}

// columns are the lessons' and the puzzles' columns: below the headings, above
// the line that names the entry under the pointer or the focus.
func (ll *learnList) columns(a *App) (lessons, puzzles render.Rect) {
	s, box := a.scale, ll.box(a)
	top, bottom := box.Y+118*s, box.Y+box.H-72*s
	inner := box.W - 72*s
	lessons = render.Rect{X: box.X + 24*s, Y: top, W: inner * 0.46, H: bottom - top}
	puzzles = render.Rect{X: lessons.X + lessons.W + 24*s, Y: top, W: inner - lessons.W, H: bottom - top}
	return lessons, puzzles
}

func (ll *learnList) layout(a *App) *Layout {
	s := a.scale
	l := newLayout()
	box := ll.box(a)
	l.add(wBox, box, false, "")
	l.add(wLearnClose, render.Rect{X: box.X + box.W - 48*s, Y: box.Y + 12*s, W: 36 * s, H: 32 * s}, true, "×")
	lc, pc := ll.columns(a)
	if n := len(ll.cat.Lessons); n > 0 {
		rowH := min(52*s, lc.H/float64(n))
		for i, e := range ll.cat.Lessons {
			l.add(entryID(e), render.Rect{X: lc.X, Y: lc.Y + float64(i)*rowH, W: lc.W, H: rowH - 6*s}, true, e.Title)
		}
	}
	ll.layPuzzles(l, pc, s)
	l.Status = ll.detail(a, l)
	return l
}

// layPuzzles places the puzzles as numbered tiles, a row of them (or more)
// under each goal's heading, smaller in a short window.
func (ll *learnList) layPuzzles(l *Layout, r render.Rect, s float64) {
	ps := ll.cat.Puzzles
	if len(ps) == 0 {
		return
	}
	tw, gap, head := 40*s, 6*s, 24*s
	perRow := max(1, int((r.W+gap)/(tw+gap)))
	groups, rows := 0, 0
	for i, e := range ps {
		if i == 0 || e.Group != ps[i-1].Group {
			groups++
			rows++
		} else if k := i - groupStart(ps, i); k%perRow == 0 {
			rows++
		}
	}
	th := min(32*s, (r.H-float64(groups)*head)/float64(rows)-gap)
	y := r.Y - th - gap
	x := r.X
	for i, e := range ps {
		k := i - groupStart(ps, i)
		switch {
		case k == 0:
			y += th + gap + head
			x = r.X
		case k%perRow == 0:
			y += th + gap
			x = r.X
		}
		l.add(entryID(e), render.Rect{X: x, Y: y, W: tw, H: th}, true, e.Title)
		x += tw + gap
	}
}

// groupStart is the index of the first puzzle of ps[i]'s group.
func groupStart(ps []exercise.Entry, i int) int {
	for i > 0 && ps[i-1].Group == ps[i].Group {
		i--
	}
	return i
}

// detail names the entry under the pointer, or else the focused one, with
// whether it is done: the status line of the list.
func (ll *learnList) detail(a *App, l *Layout) string {
	e, ok := ll.pointed(a, l)
	if !ok {
		if ll.focus < 0 || ll.focus >= len(ll.all) {
			return ""
		}
		e = ll.all[ll.focus]
	}
	var parts []string
	if e.Kind == exercise.Lesson {
		parts = append(parts, fmt.Sprintf("Lesson %d: %s", e.Index+1, e.Title))
		if e.About != "" {
			parts = append(parts, e.About)
		}
	} else {
		parts = append(parts, e.Title, e.About)
	}
	switch {
	case e.Done && e.Kind == exercise.Puzzle:
		parts = append(parts, "solved")
	case e.Done:
		parts = append(parts, "done")
	case e.Next:
		parts = append(parts, "where you left off")
	}
	return strings.Join(parts, " · ")
}

// pointed is the entry under the pointer.
func (ll *learnList) pointed(a *App, l *Layout) (exercise.Entry, bool) {
	id, ok := l.hit(a.frame.X, a.frame.Y)
	if !ok {
		return exercise.Entry{}, false
	}
	for _, e := range ll.all {
		if entryID(e) == id {
			return e, true
		}
	}
	return exercise.Entry{}, false
}

func (ll *learnList) update(a *App, f *input.Frame) {
	if f.Click {
		id, ok := a.layouts[ll].hit(f.DownX, f.DownY)
		switch {
		case ok && id == wLearnClose, !ok && !a.layouts[ll].rect(wBox).Contains(f.DownX, f.DownY):
			a.pop(ll) // × or a click outside the box
		case ok:
			for _, e := range ll.all {
				if entryID(e) == id {
					ll.open(a, e)
					return
				}
			}
		}
		return
	}
	for _, c := range f.Commands(input.ScopeOverlay) {
		switch c {
		case input.CmdDismiss:
			a.pop(ll)
			return
		case input.CmdFocusNext, input.CmdFocusPrev:
			ll.step(c == input.CmdFocusNext)
		case input.CmdPageNext, input.CmdPagePrev:
			ll.side(c == input.CmdPageNext)
		case input.CmdChoose:
			if ll.focus >= 0 && ll.focus < len(ll.all) {
				ll.open(a, ll.all[ll.focus])
				return
			}
		}
	}
}

// step moves the focus to the next entry, or the one before, round the list.
func (ll *learnList) step(next bool) {
	n := len(ll.all)
	switch {
	case n == 0:
	case ll.focus < 0 && next:
		ll.focus = 0
	case ll.focus < 0:
		ll.focus = n - 1
	case next:
		ll.focus = (ll.focus + 1) % n
	default:
		ll.focus = (ll.focus + n - 1) % n
	}
}

// side moves the focus to the puzzles (toPuzzles) or the lessons, on the one
// to continue with there.
func (ll *learnList) side(toPuzzles bool) {
	nl := len(ll.cat.Lessons)
	switch {
	case toPuzzles && len(ll.cat.Puzzles) > 0 && ll.focus < nl:
		ll.focus = nl + exercise.Continue(ll.cat.Puzzles)
	case !toPuzzles && nl > 0 && ll.focus >= nl:
		ll.focus = exercise.Continue(ll.cat.Lessons)
	}
}

// open starts the lessons at e, or the puzzles at e.
func (ll *learnList) open(a *App, e exercise.Entry) {
	ll.start.remember(a)
	var ps *playScene
	var err error
	if e.Kind == exercise.Lesson {
		ps, err = a.newLessons(ll.info, e.Index)
	} else {
		ps, err = a.newPuzzles(ll.info, e.Index)
	}
	if err != nil {
		a.showError(playerMessage(err))
		return
	}
	a.setScene(ps) // which closes the list
}

func (ll *learnList) draw(a *App, p painter, l *Layout) {
	s, th := p.s, p.th
	box := l.rect(wBox)
	render.FillRect(p.dst, render.Rect{W: a.w, H: a.h}, th.ScrimHeavy)
	render.FillRoundRect(p.dst, box, 12*s, th.Panel)
	p.text(ll.info.Name+": lessons and puzzles", 22, true, box.X+24*s, box.Y+30*s, render.Left, th.Text)
	if w, ok := l.get(wLearnClose); ok {
		p.button(w, w.label, plainButton, 18, true)
	}
	lc, pc := ll.columns(a)
	count := func(es []exercise.Entry) int {
		n := 0
		for _, e := range es {
			if e.Done {
				n++
			}
		}
		return n
	}
	head := func(r render.Rect, title, none string, es []exercise.Entry, err error, done string) {
		switch {
		case len(es) > 0:
			p.text(title, 17, true, r.X, r.Y-40*s, render.Left, th.Text)
			p.text(fmt.Sprintf("%d of %d %s", count(es), len(es), done), 13, false, r.X, r.Y-18*s, render.Left, th.TextDim)
		case err != nil:
			p.text(title, 17, true, r.X, r.Y-40*s, render.Left, th.Text)
			// "No puzzles for Toy", or why the shipped ones cannot be read.
			p.text(clip(r.W, render.Face(13*s, false), capitalize(playerMessage(err))+"."), 13, false, r.X, r.Y-18*s, render.Left, th.TextDim)
		default:
			p.text(title, 17, true, r.X, r.Y-40*s, render.Left, th.Text)
			p.text(none, 13, false, r.X, r.Y-18*s, render.Left, th.TextDim)
		}
	}
	head(lc, "Lessons", "No lessons for this game yet.", ll.cat.Lessons, ll.cat.LessonsErr, "done")
	head(pc, "Puzzles", "No puzzles for this game yet.", ll.cat.Puzzles, ll.cat.PuzzlesErr, "solved (filled) · outlined: the one to continue")
	for _, e := range ll.cat.Lessons {
		ll.drawLesson(p, l, e)
	}
	for i, e := range ll.cat.Puzzles {
		w, _ := l.get(entryID(e))
		if i == groupStart(ll.cat.Puzzles, i) {
			p.text(e.Group, 13, true, w.r.X, w.r.Y-12*s, render.Left, th.TextDim)
		}
		ll.drawTile(p, w, e)
	}
	if l.Status != "" {
		f := render.Face(14*s, false)
		p.t.Add(clip(box.W-48*s, f, l.Status), f, box.X+24*s, box.Y+box.H-50*s, render.Left, th.Text)
	}
	p.text("Click or Enter starts one · Tab and the arrows move · Left and Right: lessons or puzzles · Esc closes",
		12, false, box.CX(), box.Y+box.H-22*s, render.Center, th.TextDim)
}

// drawLesson draws a lesson's row: its number and title, its summary where
// there is room, and whether it is done or where to go on.
func (ll *learnList) drawLesson(p painter, l *Layout, e exercise.Entry) {
	s, th := p.s, p.th
	w, _ := l.get(entryID(e))
	r := w.r
	bg := th.Button
	if r.Contains(p.ptrX, p.ptrY) {
		bg = th.ButtonHot
	}
	render.FillRoundRect(p.dst, r, 6*s, bg)
	ll.drawMarks(p, r, e)
	tag, tagColour := "", th.TextDim
	switch {
	case e.Done:
		tag = "done"
	case e.Next:
		tag, tagColour = "continue", th.Accent
	}
	tagW := 0.0
	if tag != "" {
		tagW, _ = render.Measure(tag, render.Face(12*s, true))
		p.text(tag, 12, true, r.X+r.W-12*s, r.CY(), render.Right, tagColour)
	}
	if e.Done {
		// Blue for done, as the solved puzzles' tiles are filled.
		render.FillRoundRect(p.dst, render.Rect{X: r.X, Y: r.Y, W: 8 * s, H: r.H}, 3*s, th.ButtonOn)
	}
	room := r.W - 40*s - tagW - 24*s
	tf := render.Face(15*s, true)
	title := fmt.Sprintf("%d. %s", e.Index+1, e.Title)
	if r.H < 38*s || e.About == "" {
		p.t.Add(clip(room, tf, title), tf, r.X+22*s, r.CY(), render.Left, th.Text)
		return
	}
	p.t.Add(clip(room, tf, title), tf, r.X+22*s, r.CY()-9*s, render.Left, th.Text)
	af := render.Face(12*s, false)
	p.t.Add(clip(room, af, e.About), af, r.X+22*s, r.CY()+10*s, render.Left, th.TextDim)
}

// drawTile draws a puzzle's numbered tile: filled when solved.
func (ll *learnList) drawTile(p painter, w widget, e exercise.Entry) {
	s, th := p.s, p.th
	r := w.r
	bg, fg := th.Button, th.Text
	switch {
	case e.Done && r.Contains(p.ptrX, p.ptrY):
		bg = th.ButtonOnHot
	case e.Done:
		bg = th.ButtonOn
	case r.Contains(p.ptrX, p.ptrY):
		bg = th.ButtonHot
	}
	render.FillRoundRect(p.dst, r, 5*s, bg)
	ll.drawMarks(p, r, e)
	p.text(fmt.Sprint(e.Index+1), 13, e.Next, r.CX(), r.CY(), render.Center, fg)
}

// drawMarks outlines the entry to continue with in the accent colour, and the
// focused one in the focus colour.
func (ll *learnList) drawMarks(p painter, r render.Rect, e exercise.Entry) {
	s, th := p.s, p.th
	if e.Next {
		render.StrokeRoundRect(p.dst, r, 6*s, 2*s, th.Accent)
	}
	if ll.focus >= 0 && ll.focus < len(ll.all) && ll.all[ll.focus] == e {
		g := 3 * s
		render.StrokeRoundRect(p.dst, render.Rect{X: r.X - g, Y: r.Y - g, W: r.W + 2*g, H: r.H + 2*g}, 8*s, 3*s, th.Focus)
	}
}
