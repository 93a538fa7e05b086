package ui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"trihex/input"
	"trihex/render"
)

// Everything a click reaches, the keys reach too. A layer that rings one of its
// widgets for the keys says which through keyFocuser; the App rings it in the
// theme's Focus colour over the layer (drawKeyFocus) and writes it to
// --layout-out as "focus". The menus light their item as the pointer does
// instead. Enter, Space or a menu's choice on a ringed widget goes through the
// same code as a click on it, so the keys cannot do what a click would not.

// keyRing is the keyboard's place among a layer's widgets.
type keyRing struct {
	id widgetID
	on bool
}

func (k *keyRing) set(id widgetID) { k.id, k.on = id, true }
func (k *keyRing) clear()          { *k = keyRing{} }

// at is the ringed widget, if it is among ids.
func (k *keyRing) at(ids []widgetID) (widgetID, bool) {
	if !k.on || !slices.Contains(ids, k.id) {
		return "", false
	}
	return k.id, true
}

// step rings the next of ids (dir > 0) or the one before, wrapping round; from
// no ring, or a ring on a widget that is gone, the first or the last. It reports
// false, and takes the ring away, when ids is empty.
func (k *keyRing) step(ids []widgetID, dir int) bool {
	if len(ids) == 0 {
		k.clear()
		return false
	}
	i := -1
	if k.on {
		i = slices.Index(ids, k.id)
	}
	switch {
	case i < 0 && dir < 0:
		i = len(ids) - 1
	case i < 0:
		i = 0
	default:
		n := len(ids)
		i = ((i+dir)%n + n) % n
	}
	k.set(ids[i])
	return true
}

// keyFocuser is a layer that rings a widget of its layout for the keys.
type keyFocuser interface {
	keyFocus(l *Layout) (widgetID, bool)
}

// noteKeyFocus writes layer l's ringed widget into its layout, for the ring and
// --layout-out.
func noteKeyFocus(l layer, lay *Layout) {
	if kf, ok := l.(keyFocuser); ok && lay != nil {
		if id, on := kf.keyFocus(lay); on {
			if _, placed := lay.get(id); placed {
				lay.Focus = id
			}
		}
	}
}

// drawKeyFocus rings the layout's focused widget: a band in the theme's Focus
// colour just outside it, clear of its fill, so that a chosen toggle, a primary
// button and a plain one all show it alike.
func drawKeyFocus(p painter, l layer, lay *Layout) {
	if _, ok := l.(*menu); ok {
		return // a menu lights its item
	}
	if lay == nil || lay.Focus == "" {
		return
	}
	w, ok := lay.get(lay.Focus)
	if !ok {
		return
	}
	s := p.s
	r := render.Rect{X: w.r.X - 4*s, Y: w.r.Y - 4*s, W: w.r.W + 8*s, H: w.r.H + 8*s}
	render.StrokeRoundRect(p.dst, r, 9*s, 3*s, p.th.Focus)
}

// enabledIDs lists the enabled widgets of l among ids, in the order of ids.
func enabledIDs(l *Layout, ids []widgetID) []widgetID {
	var out []widgetID
	for _, id := range ids {
		if w, ok := l.get(id); ok && w.enabled {
			out = append(out, id)
		}
	}
	return out
}

// allEnabled lists l's enabled widgets in the order laid out.
func allEnabled(l *Layout) []widgetID {
	if l == nil {
		return nil
	}
	var out []widgetID
	for _, w := range l.widgets {
		if w.enabled {
			out = append(out, w.id)
		}
	}
	return out
}

// ringButtons carries out the keys of a screen of plain buttons: Tab, Shift+Tab,
// Down and Up step the ring through l's enabled widgets in the order laid out,
// Enter and Space press the ringed one through press (the screen's click). It
// reports whether it used c.
func ringButtons(ring *keyRing, l *Layout, c input.Command, press func(widgetID)) bool {
	ids := allEnabled(l)
	switch c {
	case input.CmdFocusNext, input.CmdFocusDown:
		ring.step(ids, 1)
	case input.CmdFocusPrev, input.CmdFocusUp:
		ring.step(ids, -1)
	case input.CmdStart, input.CmdActivate:
		id, ok := ring.at(ids)
		if !ok {
			return false
		}
		press(id)
	default:
		return false
	}
	return true
}

// keyFocus is the online screen's ringed button.
func (o *onlineScreen) keyFocus(l *Layout) (widgetID, bool) { return o.ring.at(allEnabled(l)) }

// stepKeys is Tab from the Help menu: the ring's next step on the screen shown.
func (a *App) stepKeys() {
	switch sc := a.scene.(type) {
	case *playScene:
		sc.command(a, input.CmdFocusNext)
	case *startScreen:
		sc.keyCommand(a, input.CmdFocusNext)
	case *onlineScreen:
		ringButtons(&sc.ring, a.layouts[sc], input.CmdFocusNext, nil)
	}
}

// --- menus ---

// menuOrder lists the menus as the bar shows them, left to right: Left and
// Right go from one to the next.
func menuOrder(a *App) []*menu {
	ms := []*menu{newMenu(false), newMenu(true)}
	if a.play() != nil {
		ms = append(ms, &menu{gameMenu: true})
	}
	return append(ms, &menu{helpMenu: true})
}

// sameMenu reports whether m and n are the same menu of the bar.
func sameMenu(m, n *menu) bool {
	return m.view == n.view && m.gameMenu == n.gameMenu && m.helpMenu == n.helpMenu
}

// openMenuByKey opens m as its key does: its first item lit, so that Enter at
// once chooses it and the arrows go on from there.
func openMenuByKey(a *App, m *menu) {
	m.items = m.itemsFor(a)
	m.lit.step(m.choosable(), 1)
	m.ptr = [2]float64{a.frame.X, a.frame.Y}
	a.push(m)
}

// choosable lists the items that can be chosen now, top to bottom.
func (m *menu) choosable() []widgetID {
	var ids []widgetID
	for _, it := range m.items {
		if !it.disabled {
			ids = append(ids, it.id)
		}
	}
	return ids
}

// keys walks the open menu by the keys and follows the pointer over its items;
// it reports whether the menu closed.
func (m *menu) keys(a *App, f *input.Frame) bool {
	if ptr := [2]float64{f.X, f.Y}; ptr != m.ptr {
		// The pointer moved: its item is lit, as without keys; off the items none.
		m.ptr = ptr
		m.lit.clear()
		if id, ok := a.layouts[m].hit(f.X, f.Y); ok {
			m.lit.set(id)
		}
	}
	for _, c := range f.Commands(input.ScopeMenu) {
		switch c {
		case input.CmdFocusDown, input.CmdFocusUp:
			dir := 1
			if c == input.CmdFocusUp {
				dir = -1
			}
			m.lit.step(m.choosable(), dir)
		case input.CmdFocusLeft, input.CmdFocusRight:
			ms := menuOrder(a)
			i := slices.IndexFunc(ms, func(n *menu) bool { return sameMenu(m, n) })
			if i < 0 {
				continue
			}
			dir := 1
			if c == input.CmdFocusLeft {
				dir = -1
			}
			a.pop(m)
			openMenuByKey(a, ms[((i+dir)%len(ms)+len(ms))%len(ms)])
			return true
		case input.CmdConfirm:
			id, ok := m.lit.at(m.choosable())
			if !ok {
				continue
			}
			a.pop(m)
			for _, it := range m.items {
				if it.id == id {
					m.choose(a, it)
				}
			}
			return true
		}
	}
	return false
}

// lights reports whether item id is drawn lit: the one the keys or the pointer
// lit.
func (m *menu) lights(id widgetID) bool {
	lit, ok := m.lit.at(m.choosable())
	return ok && lit == id
}

// keyFocus makes the lit item --layout-out's "focus" (the menu draws its own
// light, not the ring).
func (m *menu) keyFocus(*Layout) (widgetID, bool) { return m.lit.at(m.choosable()) }

// --- confirm boxes ---

// keyFocus is the ringed button: the first, the one Enter presses, until Tab or
// an arrow moves the ring.
func (c *confirmBox) keyFocus(*Layout) (widgetID, bool) {
	if len(c.buttons) == 0 {
		return "", false
	}
	return c.buttons[c.ringed()].id, true
}

// ringed is the index of the ringed button.
func (c *confirmBox) ringed() int {
	for i, b := range c.buttons {
		if c.ring.on && b.id == c.ring.id {
			return i
		}
	}
	return 0
}

// keyStep moves the ring among the buttons: Tab and Right to the next, Shift+Tab
// and Left to the one before; it reports whether cmd was one of those.
func (c *confirmBox) keyStep(cmd input.Command) bool {
	dir := 0
	switch cmd {
	case input.CmdFocusNext, input.CmdFocusRight:
		dir = 1
	case input.CmdFocusPrev, input.CmdFocusLeft:
		dir = -1
	default:
		return false
	}
	var ids []widgetID
	for _, b := range c.buttons {
		ids = append(ids, b.id)
	}
	if !c.ring.on && len(ids) > 0 {
		c.ring.set(ids[0])
	}
	c.ring.step(ids, dir)
	return true
}

// buttonLabel is button i's label as drawn: "(Enter)" stays with the button
// Enter presses, the ringed one.
func (c *confirmBox) buttonLabel(i int) string {
	label := c.buttons[i].label
	if i != c.ringed() {
		label = strings.TrimSuffix(label, " (Enter)")
	}
	return label
}

// --- the start screen ---

// startStop is one stop of the start screen's Tab ring: a row of choices, one of
// which is chosen (the arrows choose another), or a button.
type startStop struct {
	key string
	ids []widgetID // a row's toggles, left to right; a button alone
	row bool
}

// startRow is the row a start-screen toggle belongs to ("player-white"), or ""
// for a button.
func (s *startScreen) startRow(id widgetID) string {
	name := string(id)
	info := s.games[s.sel]
	for _, o := range info.Options {
		if strings.HasPrefix(name, "opt-"+o.Key+"-") {
			return "opt-" + o.Key
		}
	}
	for _, side := range info.Players {
		if p := "player-" + strings.ToLower(side); strings.HasPrefix(name, p+"-") {
			return p
		}
	}
	if id == wClockCustom {
		return "" // a button: it opens the field for a time control
	}
	for _, p := range []string{"game", "clock", "level", "engine", "speed", "series"} {
		if strings.HasPrefix(name, p+"-") {
			return p
		}
	}
	return ""
}

// stops lists the start screen's Tab stops in reading order: the game cards,
// then each row and button, top to bottom and left to right.
func (s *startScreen) stops(l *Layout) []startStop {
	var out []startStop
	at := map[string]int{}
	for _, w := range l.widgets {
		if !w.enabled {
			continue
		}
		key := s.startRow(w.id)
		if key == "" {
			out = append(out, startStop{key: string(w.id), ids: []widgetID{w.id}})
			continue
		}
		if i, ok := at[key]; ok {
			out[i].ids = append(out[i].ids, w.id)
			continue
		}
		at[key] = len(out)
		out = append(out, startStop{key: key, ids: []widgetID{w.id}, row: true})
	}
	slices.SortStableFunc(out, func(a, b startStop) int {
		ra, rb := l.rect(a.ids[0]), l.rect(b.ids[0])
		if d := ra.Y - rb.Y; d > 4 || d < -4 { // one row when their tops are within 4 px
			return cmp.Compare(ra.Y, rb.Y)
		}
		return cmp.Compare(ra.X, rb.X)
	})
	return out
}

// chosen reports whether toggle id is the choice in effect.
func (s *startScreen) chosen(id widgetID) bool {
	name := string(id)
	info := s.games[s.sel]
	switch {
	case strings.HasPrefix(name, "game-"):
		return name == "game-"+strings.ToLower(info.Name)
	case strings.HasPrefix(name, "opt-"):
		for _, o := range info.Options {
			if j := s.choice[info.Name+"/"+o.Key]; j < len(o.Values) && name == fmt.Sprintf("opt-%s-%s", o.Key, o.Values[j]) {
				return true
			}
		}
	case strings.HasPrefix(name, "player-"):
		for i, side := range info.Players {
			p := "player-" + strings.ToLower(side) + "-"
			if strings.HasPrefix(name, p) {
				return (name == p+"computer") == s.computer[i]
			}
		}
	case strings.HasPrefix(name, "clock-"):
		for i, c := range startClocks {
			if id == clockID(i) {
				return s.clock == c
			}
		}
	case strings.HasPrefix(name, "level-"):
		return name == fmt.Sprintf("level-%d", s.level)
	case strings.HasPrefix(name, "engine-"):
		return name == fmt.Sprintf("engine-%d", s.engine)
	case strings.HasPrefix(name, "speed-"):
		for _, sp := range speeds {
			if name == "speed-"+strings.ToLower(sp.name) {
				return s.speed == sp.v
			}
		}
	case strings.HasPrefix(name, "series-"):
		return name == fmt.Sprintf("series-%d", s.series)
	}
	return false
}

// chosenIn is the index of the row's chosen toggle, or -1.
func (s *startScreen) chosenIn(st startStop) int {
	return slices.IndexFunc(st.ids, s.chosen)
}

// stopNow is the ringed stop, if it is on the screen.
func (s *startScreen) stopNow(stops []startStop) (startStop, bool) {
	if !s.ring.on {
		return startStop{}, false
	}
	i := slices.IndexFunc(stops, func(st startStop) bool { return st.key == string(s.ring.id) })
	if i < 0 {
		return startStop{}, false
	}
	return stops[i], true
}

// keyFocus rings the ringed button, or the chosen toggle of the ringed row (its
// first when none of it is chosen: a time control typed in).
func (s *startScreen) keyFocus(l *Layout) (widgetID, bool) {
	st, ok := s.stopNow(s.stops(l))
	if !ok {
		return "", false
	}
	if i := s.chosenIn(st); i >= 0 {
		return st.ids[i], true
	}
	return st.ids[0], true
}

// keyCommand carries out the start screen's keys for the ring: Tab, Shift+Tab,
// Up and Down step through the stops; Left and Right choose the ringed row's
// neighbour (with nothing ringed, or the cards ringed, they change the game as
// before); Space and Enter press a ringed button, and Enter elsewhere starts.
// It reports whether it used c.
func (s *startScreen) keyCommand(a *App, c input.Command) bool {
	stops := s.stops(a.layouts[s])
	keys := make([]widgetID, len(stops))
	for i, st := range stops {
		keys[i] = widgetID(st.key)
	}
	cur, on := s.stopNow(stops)
	switch c {
	case input.CmdFocusNext, input.CmdFocusDown:
		s.ring.step(keys, 1)
	case input.CmdFocusPrev, input.CmdFocusUp:
		s.ring.step(keys, -1)
	case input.CmdGamePrev, input.CmdGameNext:
		if !on || !cur.row {
			return false // the game, as before
		}
		i := s.chosenIn(cur)
		if c == input.CmdGamePrev {
			i = max(0, i-1) // none chosen: the first
		} else {
			i = min(len(cur.ids)-1, i+1)
		}
		s.click(a, string(cur.ids[i]))
	case input.CmdActivate, input.CmdStart:
		if !on || cur.row {
			return false // Enter starts; Space does nothing on a row
		}
		s.click(a, string(cur.ids[0]))
	case input.CmdDismiss:
		if !on {
			return false
		}
		s.ring.clear()
	default:
		return false
	}
	return true
}

// --- the game screen's buttons ---

// keyButtons are the buttons Tab rings after the board's targets: the end
// card's or the lesson's and puzzle's first (what the player reads at that
// moment), then the rest of the screen's in the order they are laid out.
func (p *playScene) keyButtons() []widgetID {
	l := p.lay
	if l == nil {
		return nil
	}
	first := append(append([]widgetID(nil), l.endButtons...), l.trainButtons...)
	ids := enabledIDs(l.Layout, first)
	for _, w := range l.widgets {
		if w.enabled && w.id != wSlider && !slices.Contains(first, w.id) {
			ids = append(ids, w.id)
		}
	}
	return ids
}

// keyFocus is the ringed button of the game screen.
func (p *playScene) keyFocus(*Layout) (widgetID, bool) { return p.ringBtn.at(p.keyButtons()) }

// pressRinged presses the ringed button as a click at its middle would; it
// reports false when no button is ringed.
func (p *playScene) pressRinged(a *App) bool {
	id, ok := p.keyFocus(nil)
	if !ok {
		return false
	}
	r := p.lay.rect(id)
	p.anims.clear() // as a click does
	p.click(a, r.CX(), r.CY())
	return true
}
