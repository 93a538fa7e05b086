package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/input/exercise"
)

// press hands the app one frame per chord ("Tab", "Shift+Tab", "Alt+F"), as
// Update does (the top overlay, else the bar, else the scene), and lays the
// layers out again after each, as Update does.
func press(t *testing.T, a *App, chords ...string) {
	t.Helper()
	for _, s := range chords {
		c, err := input.ParseChord(s)
		if err != nil {
			t.Fatal(err)
		}
		f := &input.Frame{Keys: []input.Chord{c}}
		f.X, f.Y = a.frame.X, a.frame.Y // the pointer stays where it was
		if top := a.top(); top != nil {
			top.update(a, f)
		} else if !a.bar.take(a, f) {
			a.scene.update(a, f)
		}
		a.relayout()
	}
}

// focusOf is the widget the keys ring, as --layout-out says: the uppermost
// layer's that rings one.
func focusOf(a *App) widgetID {
	var id widgetID
	for _, l := range a.layers() {
		if f := a.layouts[l].Focus; f != "" {
			id = f
		}
	}
	return id
}

// testPlay is a game of name between two humans on a's screen, laid out.
func testPlay(t *testing.T, a *App, name string) *playScene {
	t.Helper()
	info, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := info.ResolveOptions("")
	p := a.newPlay(input.NewSession(info, opts, [2]input.Seat{{}, {}}, time.Now))
	t.Cleanup(p.close)
	a.scene = p
	a.relayout()
	return p
}

// An open menu is walked by the arrows: Alt+F lights New, Down skips what cannot
// be chosen (Save on the start screen), wraps round, Right and Left go to the
// menu beside it, Enter chooses, Esc closes; the pointer lights what it is over,
// as it did before the keys.
func TestMenuKeys(t *testing.T) {
	a := newTestApp(1280, 800)
	a.scene = a.newStart()
	a.relayout()
	press(t, a, "Alt+F")
	m, ok := a.top().(*menu)
	if !ok || m.view || m.gameMenu {
		t.Fatalf("Alt+F opened %#v", a.top())
	}
	walk := []string{string(focusOf(a))}
	for range 3 {
		press(t, a, "Down")
		walk = append(walk, string(focusOf(a)))
	}
	if got := strings.Join(walk, " "); got != "menu-new menu-open menu-quit menu-new" {
		t.Errorf("Down through the File menu of the start screen: %s", got)
	}
	press(t, a, "Up")
	if focusOf(a) != "menu-quit" {
		t.Errorf("Up from New lights %q, want menu-quit (round to the last)", focusOf(a))
	}
	// Right: the View menu, its first item lit; with no game, then Help and File.
	press(t, a, "Right")
	if m, ok := a.top().(*menu); !ok || !m.view || len(a.overlays) != 1 {
		t.Fatalf("Right from File: %#v, %d overlays", a.top(), len(a.overlays))
	}
	if !strings.HasPrefix(string(focusOf(a)), "menu-theme-") {
		t.Errorf("the View menu opened by Right lights %q, want its first theme", focusOf(a))
	}
	press(t, a, "Right")
	if m, ok := a.top().(*menu); !ok || !m.helpMenu {
		t.Fatalf("Right from View on the start screen: %#v, want Help (no Game menu there)", a.top())
	}
	press(t, a, "Right")
	if m, ok := a.top().(*menu); !ok || m.view || m.helpMenu || m.gameMenu {
		t.Fatalf("Right from Help: %#v, want File, round again", a.top())
	}
	press(t, a, "Left", "Left") // Help, then View
	for i := 0; focusOf(a) != "menu-coords"; i++ {
		if i > 20 {
			t.Fatal("Down never lit Coordinates")
		}
		press(t, a, "Down")
	}
	coords := a.prefs.settings.Coordinates
	press(t, a, "Enter")
	if a.top() != nil || a.prefs.settings.Coordinates == coords {
		t.Errorf("Enter on Coordinates: overlays %d, coordinates %v→%v", len(a.overlays), coords, a.prefs.settings.Coordinates)
	}
	press(t, a, "Alt+V", "Esc")
	if a.top() != nil {
		t.Error("Esc left the menu open")
	}

	// In a game the Game menu is the third; its disabled items are skipped.
	p := testPlay(t, a, "Abande")
	press(t, a, "Alt+V", "Right")
	gm, ok := a.top().(*menu)
	if !ok || !gm.gameMenu {
		t.Fatalf("Right from View in a game: %#v, want the Game menu", a.top())
	}
	seen := map[widgetID]bool{}
	for range 2 * len(gm.items) {
		seen[focusOf(a)] = true
		press(t, a, "Down")
	}
	for _, it := range gm.items {
		if seen[it.id] == it.disabled {
			t.Errorf("Game menu item %s (disabled %v): lit by Down %v", it.id, it.disabled, seen[it.id])
		}
	}
	press(t, a, "Esc")
	if p.sess.Match.Len() != 0 {
		t.Error("walking the Game menu played something")
	}

	// The pointer: moved over an item it lights it, and a click runs it.
	press(t, a, "Alt+F")
	m = a.top().(*menu)
	r := a.layouts[m].rect("menu-open")
	f := &input.Frame{Pointer: input.Pointer{X: r.CX(), Y: r.CY()}}
	m.update(a, f)
	a.relayout()
	if focusOf(a) != "menu-open" {
		t.Errorf("the pointer over Open lights %q", focusOf(a))
	}
	r = a.layouts[m].rect("menu-coords")
	if r.W != 0 {
		t.Fatal("the File menu has Coordinates")
	}
	f = &input.Frame{Pointer: input.Pointer{X: 5, Y: 700}}
	m.update(a, f)
	a.relayout()
	if focusOf(a) != "" {
		t.Errorf("the pointer off the items still lights %q", focusOf(a))
	}
}

// Every choice of the start screen is reached by Tab alone, in reading order, and
// Shift+Tab goes back; Left and Right change the ringed row; Enter on Start
// begins the game chosen by keys, with the seats and level chosen.
func TestStartKeys(t *testing.T) {
	a := newTestApp(1280, 900)
	s := a.newStart()
	a.scene = s
	s.sel = 0
	s.computer = [2]bool{}
	a.relayout()
	press(t, a, "Tab")
	if got := focusOf(a); got != widgetID("game-"+strings.ToLower(s.games[0].Name)) {
		t.Fatalf("the first Tab rings %q, want the chosen game's card", got)
	}
	press(t, a, "Right")
	if s.sel != 1 || focusOf(a) != widgetID("game-"+strings.ToLower(s.games[1].Name)) {
		t.Fatalf("Right on the cards: game %d, ring on %q", s.sel, focusOf(a))
	}
	press(t, a, "Left")
	// The second side to Computer: the level and speed rows appear.
	second := "player-" + strings.ToLower(s.games[0].Players[1])
	for i := 0; string(s.ring.id) != second; i++ {
		if i > 40 {
			t.Fatalf("Tab never rang %s", second)
		}
		press(t, a, "Tab")
	}
	if focusOf(a) != widgetID(second+"-human") {
		t.Errorf("the ring on the second side's row is on %q, want its chosen Human", focusOf(a))
	}
	press(t, a, "Right")
	if !s.computer[1] || focusOf(a) != widgetID(second+"-computer") {
		t.Fatalf("Right on %s: computer %v, ring %q", second, s.computer, focusOf(a))
	}
	// A whole round of Tab rings every row and button of the screen, once each.
	l := a.layouts[s]
	rows := map[string]bool{}
	for _, w := range l.widgets {
		if w.enabled {
			key := s.startRow(w.id)
			if key == "" {
				key = string(w.id)
			}
			rows[key] = true
		}
	}
	start := string(s.ring.id)
	var order []string
	for {
		press(t, a, "Tab")
		if focusOf(a) == "" {
			t.Fatalf("Tab rang nothing after %v", order)
		}
		order = append(order, string(s.ring.id))
		if string(s.ring.id) == start || len(order) > 60 {
			break
		}
	}
	for key := range rows {
		if !slices.Contains(order, key) {
			t.Errorf("Tab never rings %s (round: %v)", key, order)
		}
	}
	if len(order) != len(rows) {
		t.Errorf("a round of Tab rang %d stops, the screen has %d: %v", len(order), len(rows), order)
	}
	ups := 0
	for i := 1; i < len(order); i++ { // reading order: up the screen only once, round to the top
		ra, rb := l.rect(stopFirst(s, l, order[i-1])), l.rect(stopFirst(s, l, order[i]))
		if rb.Y < ra.Y-4 {
			ups++
			if ups > 1 || !strings.HasPrefix(order[i], "game") {
				t.Errorf("Tab went up the screen from %s to %s", order[i-1], order[i])
			}
		}
	}
	press(t, a, "Shift+Tab")
	if got := string(s.ring.id); got != order[len(order)-2] {
		t.Errorf("Shift+Tab rang %s, want %s", got, order[len(order)-2])
	}
	// The level row: Right twice from level 1.
	s.level = 1
	for string(s.ring.id) != "level" {
		press(t, a, "Tab")
	}
	press(t, a, "Right", "Right")
	if s.level != 3 || focusOf(a) != "level-3" {
		t.Errorf("Right twice on the level row from 1: level %d, ring %q", s.level, focusOf(a))
	}
	// Space on a row does nothing; Enter there starts, as before the ring.
	press(t, a, "Space")
	if a.scene != s {
		t.Fatal("Space on a row left the start screen")
	}
	for string(s.ring.id) != string(wStart) {
		press(t, a, "Tab")
	}
	press(t, a, "Space")
	p, ok := a.scene.(*playScene)
	if !ok {
		t.Fatalf("Space on Start: scene %T", a.scene)
	}
	t.Cleanup(p.close)
	if p.sess.Info != s.games[0] || p.sess.Seats[1].Kind != input.Computer || p.sess.Seats[1].Level != 3 || p.sess.Seats[0].Kind == input.Computer {
		t.Errorf("the game begun by keys: %s, seats %+v", p.sess.Info.Name, p.sess.Seats)
	}
}

// stopFirst is the first widget of the start screen's stop key.
func stopFirst(s *startScreen, l *Layout, key string) widgetID {
	for _, st := range s.stops(l) {
		if st.key == key {
			return st.ids[0]
		}
	}
	return ""
}

// A box rings its first button, the one Enter presses; Tab and the arrows move
// the ring (and "(Enter)" with it), Enter presses the ringed one, Esc is always
// the last.
func TestBoxKeys(t *testing.T) {
	a := newTestApp(1280, 800)
	a.scene = a.newStart()
	var pressed []string
	open := func() *confirmBox {
		c := &confirmBox{title: "Save the game?", buttons: []boxButton{
			{id: wConfirmSave, label: "Save (Enter)", run: func() { pressed = append(pressed, "save") }},
			{id: wConfirmDiscard, label: "Don't save", run: func() { pressed = append(pressed, "discard") }},
			{id: wConfirmCancel, label: "Cancel (Esc)", run: func() { pressed = append(pressed, "cancel") }},
		}}
		a.push(c)
		a.relayout()
		return c
	}
	c := open()
	if focusOf(a) != wConfirmSave {
		t.Errorf("a box opens with %q ringed, want its first button", focusOf(a))
	}
	press(t, a, "Tab")
	if focusOf(a) != wConfirmDiscard || c.buttonLabel(0) != "Save" || c.buttonLabel(1) != "Don't save" {
		t.Errorf("Tab: ring %q, labels %q %q", focusOf(a), c.buttonLabel(0), c.buttonLabel(1))
	}
	press(t, a, "Enter")
	open()
	press(t, a, "Shift+Tab") // round to the last
	press(t, a, "Left", "Right", "Space")
	open()
	press(t, a, "Right", "Esc")
	open()
	press(t, a, "Enter")
	if got := strings.Join(pressed, " "); got != "discard cancel cancel save" {
		t.Errorf("pressed %s, want discard cancel cancel save", got)
	}
	if a.top() != nil {
		t.Error("a box stayed open")
	}
}

// On the game screen Tab goes through the board's targets and then the buttons:
// at a game's end (no target) straight to the end card's, Rematch first, and
// Enter presses it; in a puzzle, past the last target, to the puzzle's buttons.
// Esc takes the ring off a button.
func TestPlayButtonKeys(t *testing.T) {
	a := newTestApp(1280, 800)
	p := testPlay(t, a, "Abande")
	targets := len(p.sess.Picker.Targets())
	for range targets {
		press(t, a, "Tab")
		if focusOf(a) != "" {
			t.Fatalf("a button rang before the board's %d targets were all rung", targets)
		}
	}
	press(t, a, "Tab")
	if focusOf(a) == "" {
		t.Fatal("Tab past the last target rang no button")
	}
	if _, on := p.focus.Cell(); on {
		t.Error("a cell stays ringed with a button")
	}
	press(t, a, "Shift+Tab")
	if _, on := p.focus.Cell(); !on || focusOf(a) != "" {
		t.Errorf("Shift+Tab from the first button: cell ringed %v, button %q", on, focusOf(a))
	}
	press(t, a, "Tab", "Esc")
	if focusOf(a) != "" {
		t.Error("Esc left the button ringed")
	}

	p.sess.Resign(game.First)
	a.relayout()
	press(t, a, "Tab")
	if focusOf(a) != wResultRematch {
		t.Fatalf("Tab at the game's end rings %q, want Rematch", focusOf(a))
	}
	press(t, a, "Enter")
	np, ok := a.scene.(*playScene)
	if !ok || np == p || np.sess.Match.Len() != 0 {
		t.Fatalf("Enter on Rematch: scene %T", a.scene)
	}
	t.Cleanup(np.close)

	// A puzzle: its buttons come right after the board's targets.
	pz, err := a.newPuzzles(p.sess.Info, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pz.close)
	a.setScene(pz)
	a.relayout()
	before := pz.mode.Say()
	for range len(pz.sess.Picker.Targets()) {
		press(t, a, "Tab")
	}
	press(t, a, "Tab")
	first := pz.lay.trainButtons[0]
	if focusOf(a) != first {
		t.Fatalf("past the puzzle's targets Tab rings %q, want %s", focusOf(a), first)
	}
	for focusOf(a) != "train-next" {
		press(t, a, "Tab")
		if focusOf(a) == "" {
			t.Fatal("Tab never rang the puzzle's Next")
		}
	}
	press(t, a, "Enter")
	if pz.mode.Say() == before {
		t.Error("Enter on Next left the same puzzle")
	}
}

// A lesson by keys alone: Enter with nothing ringed rings the box's Next, and
// Enter again presses it; Tab rings d4 and Enter plays it, then d5; the lesson
// answers and waits for Next, which Enter rings and presses in turn.
func TestLessonByKeys(t *testing.T) {
	a := newTestApp(1280, 800)
	info, _ := game.Lookup("Abande")
	p, err := a.newLessons(info, 0)
	p = modeScene(t, p, err)
	a.scene = p
	a.relayout()
	key := func(chords ...string) {
		t.Helper()
		for _, c := range chords {
			press(t, a, c)
			p.anims.clear() // the answer's animation, shown at once
			p.tick(a)
			a.relayout()
		}
	}
	key("Enter")
	if focusOf(a) != wid(exercise.Next) {
		t.Fatalf("Enter in a lesson's explanation rings %q, want Next", focusOf(a))
	}
	step := p.mode.Say()
	key("Enter")
	if p.mode.Say() == step || p.sess.InputState() == nil {
		t.Fatalf("Enter on the ringed Next: the box still says %q", step)
	}
	play := func(label string) {
		t.Helper()
		pt, _ := hex.ParsePoint(label)
		for i := 0; ; i++ {
			if c, on := p.focus.Cell(); on && c == pt.Coord() {
				break
			}
			if i > 80 {
				t.Fatalf("Tab never rang %s", label)
			}
			key("Tab")
		}
		key("Enter")
	}
	play("d4")
	if p.sess.Match.Len() != 2 || !p.mode.Right() {
		t.Fatalf("Enter on d4: %d moves, right %v", p.sess.Match.Len(), p.mode.Right())
	}
	play("d5") // a step answered before one with a position of its own: Next awaited
	if !p.mode.Waiting() {
		t.Fatalf("after d5 the lesson does not wait for Next; box %q", p.mode.Say())
	}
	key("Enter")
	if focusOf(a) != wid(exercise.Next) {
		t.Fatalf("Enter while the lesson waits rings %q, want Next", focusOf(a))
	}
	step = p.mode.Say()
	key("Enter")
	if p.mode.Say() == step {
		t.Error("Enter on Next left the lesson where it was")
	}
}

// Play online is a stop of the start screen; on the screen it opens Tab rings
// each button in turn and Enter on Back returns to the start screen.
func TestOnlineScreenKeys(t *testing.T) {
	a := newTestApp(1280, 800)
	s := a.newStart()
	a.scene = s
	a.relayout()
	for i := 0; string(s.ring.id) != string(wPlayOnline); i++ {
		if i > 40 {
			t.Fatal("Tab never rang Play online")
		}
		press(t, a, "Tab")
	}
	press(t, a, "Enter")
	o, ok := a.scene.(*onlineScreen)
	if !ok {
		t.Fatalf("Enter on Play online: scene %T", a.scene)
	}
	t.Cleanup(o.close)
	rung := map[widgetID]bool{}
	for range len(a.layouts[o].widgets) {
		press(t, a, "Tab")
		rung[focusOf(a)] = true
	}
	for _, w := range a.layouts[o].widgets {
		if w.enabled != rung[w.id] {
			t.Errorf("%s (enabled %v): rung by Tab %v", w.id, w.enabled, rung[w.id])
		}
	}
	for i := 0; focusOf(a) != wOnlineBack; i++ {
		if i > 40 {
			t.Fatal("Tab never rang Back")
		}
		press(t, a, "Tab")
	}
	press(t, a, "Enter")
	if a.scene != s {
		t.Errorf("Enter on Back: scene %T, want the start screen", a.scene)
	}
}

// A ringed button of the game screen is named in the status line, as a ringed
// point is.
func TestPlayButtonNamed(t *testing.T) {
	a := newTestApp(1280, 800)
	p := testPlay(t, a, "Abande")
	for range len(p.sess.Picker.Targets()) + 1 {
		press(t, a, "Tab")
	}
	id := focusOf(a)
	if id == "" {
		t.Fatal("no button ringed past the targets")
	}
	if st := a.layouts[p].Status; !strings.Contains(st, p.buttonName(id)+" ringed: Enter presses it") || p.buttonName(id) == "A button" {
		t.Errorf("%s ringed: status %q", id, st)
	}
	for _, w := range a.layouts[p].widgets {
		if w.enabled && w.id != wSlider && p.buttonName(w.id) == "A button" {
			t.Errorf("the game screen's %s has no name to say", w.id)
		}
	}
}

// The ring steps round a list either way; from no ring, or from a widget that
// is gone, Tab rings the first and Shift+Tab the last; an empty list takes it
// away.
func TestKeyRingStep(t *testing.T) {
	ids := []widgetID{"a", "b", "c"}
	var k keyRing
	var got []string
	for _, dir := range []int{1, 1, 1, 1, -1, -1} {
		k.step(ids, dir)
		got = append(got, string(k.id))
	}
	if s := strings.Join(got, " "); s != "a b c a c b" {
		t.Errorf("steps: %s, want a b c a c b", s)
	}
	k.set("gone")
	if k.step(ids, -1); k.id != "c" {
		t.Errorf("Shift+Tab from a widget that is gone rings %s, want c", k.id)
	}
	if _, ok := k.at([]widgetID{"a"}); ok {
		t.Error("at: c reported among [a]")
	}
	if k.step(nil, 1) || k.on {
		t.Error("a ring with nothing to ring")
	}
}

// The Help menu's Tab item, chosen by keys on the start screen, rings the first
// of its choices, as Tab does.
func TestHelpMenuTabOnStart(t *testing.T) {
	a := newTestApp(1280, 800)
	s := a.newStart()
	a.scene = s
	a.relayout()
	press(t, a, "Alt+H")
	for i := 0; focusOf(a) != "menu-focus"; i++ {
		if i > 10 {
			t.Fatal("Down never lit the Tab item of the Help menu")
		}
		press(t, a, "Down")
	}
	press(t, a, "Enter")
	if a.top() != nil || focusOf(a) != widgetID("game-"+strings.ToLower(s.games[s.sel].Name)) {
		t.Errorf("the Help menu's Tab on the start screen: overlays %d, ring %q", len(a.overlays), focusOf(a))
	}
}

// Learn by keys: Tab rings Lessons…, Enter opens the list with the lesson to
// continue with focused, and Enter there starts it.
func TestLearnFromStartByKeys(t *testing.T) {
	a := newTestApp(1280, 800)
	s := a.newStart()
	a.scene = s
	a.relayout()
	for i := 0; string(s.ring.id) != "learn-lessons"; i++ {
		if i > 40 {
			t.Fatal("Tab never rang Lessons")
		}
		press(t, a, "Tab")
	}
	press(t, a, "Enter")
	if _, ok := a.top().(*learnList); !ok || focusOf(a) != "lesson-1" {
		t.Fatalf("Enter on Lessons: %T, focus %q", a.top(), focusOf(a))
	}
	press(t, a, "Enter")
	p, ok := a.scene.(*playScene)
	if !ok || !p.guided() {
		t.Fatalf("Enter on the first lesson: scene %T", a.scene)
	}
	t.Cleanup(p.close)
}
