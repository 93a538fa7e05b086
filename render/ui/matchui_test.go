package ui

import (
	"strings"
	"testing"
	"time"

	"trihex/game"
	"trihex/game/clock"
	"trihex/input"
	"trihex/input/exercise"
	"trihex/render"
	"trihex/save"
)

// fakeTime is a clock the tests move by hand.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time { return f.t }

// matchScene is a game scene of info without a window: two boxes placed as the
// panel places them, ready for layMatch.
func matchScene(t *testing.T, name string, seats [2]input.Seat, ctl clock.Control) (*playScene, *fakeTime) {
	t.Helper()
	info, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	ft := &fakeTime{time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	opts, err := info.ResolveOptions("")
	if err != nil {
		t.Fatal(err)
	}
	sess := input.NewSession(info, opts, seats, ft.now)
	if err := sess.SetTimeControl(ctl); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sess.Close)
	return &playScene{sess: sess, mode: exercise.Free{}}, ft
}

// lay builds the match's part of the layout, the boxes where the panel puts them.
func lay(p *playScene) *playLayout {
	l := &playLayout{Layout: newLayout()}
	for pl := range l.boxes {
		l.boxes[pl] = render.Rect{X: 900, Y: 100 + float64(pl)*112, W: 340, H: 104}
	}
	p.layMatch(l, 1)
	return l
}

// play plays moves given as the move list spells them.
func play(t *testing.T, s *input.Session, moves ...string) {
	t.Helper()
	for _, text := range moves {
		mv, err := s.Match.Live().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range s.PlayMove(mv) {
			if e.Kind == input.Failed {
				t.Fatalf("%s: %v", text, e.Err)
			}
		}
	}
}

// Resign and Offer draw sit in the box of the player who acts: between two
// players at one screen the side to move, against the computer the person; none
// once the game is over.
func TestMatchButtons(t *testing.T) {
	inBox := func(l *playLayout, pl game.Player) bool {
		r, ok := l.get(wResign)
		d, ok2 := l.get(wOfferDraw)
		box := l.boxes[pl]
		return ok && ok2 && box.Contains(r.r.CX(), r.r.CY()) && box.Contains(d.r.CX(), d.r.CY())
	}
	p, _ := matchScene(t, "Attangle", [2]input.Seat{{}, {}}, clock.Control{})
	if l := lay(p); !inBox(l, game.First) {
		t.Errorf("two players, White to move: buttons %v, want in White's box", l.match.actions)
	}
	play(t, p.sess, "a1")
	if l := lay(p); !inBox(l, game.Second) {
		t.Errorf("Black to move: buttons %v, want in Black's box", l.match.actions)
	}
	p.sess.OfferDraw(game.Second)
	if l := lay(p); !inBox(l, game.Second) {
		t.Errorf("Black's offer waiting: buttons %v, want in Black's box", l.match.actions)
	} else if w, _ := l.get(wOfferDraw); w.enabled {
		t.Error("Offer draw stays enabled while the offer waits")
	}
	p.sess.AnswerDraw(true)
	if l := lay(p); len(l.match.actions) != 0 || l.match.clockOn {
		t.Errorf("a game drawn shows %v (clock %v)", l.match.actions, l.match.clockOn)
	}
	if c := endCardOf(p.sess, p.sess.Match.Live()); c.title != "Draw" || c.reason != "Both players agreed to a draw." {
		t.Errorf("card %+v", c)
	}

	p, _ = matchScene(t, "Attangle", [2]input.Seat{{Kind: input.Computer, Level: 1}, {}}, clock.Control{})
	if l := lay(p); !inBox(l, game.Second) {
		t.Errorf("against the computer playing White: buttons %v, want in Black's box", l.match.actions)
	}
}

// The result card says an end beyond the board in words, without Abande's score
// or marks: the board did not decide it.
func TestEndCardBeyondBoard(t *testing.T) {
	p, _ := matchScene(t, "Abande", [2]input.Seat{{}, {}}, clock.Control{})
	play(t, p.sess, "d4", "d5")
	p.sess.Resign(game.First)
	c := endCardOf(p.sess, p.sess.Match.Live())
	if c.title != "White wins" || c.reason != "Black resigned." || len(c.lines) != 0 || len(c.marks) != 0 {
		t.Errorf("Abande, Black resigned: %+v", c)
	}
	// The card shows: the game is over though the board's rules go on.
	l := &playLayout{Layout: newLayout(), board: render.Rect{W: 900, H: 800}}
	layEnd(l, p.sess, false, 1)
	if _, ok := l.get(wResult); !ok {
		t.Error("no card after a resignation")
	}
}

// The clocks: the side to move's runs once it has moved, the flag shows and
// ends the game, the pause is said, and the low time is marked at the
// control's mark.
func TestMatchClocks(t *testing.T) {
	p, ft := matchScene(t, "Attangle", [2]input.Seat{{}, {}}, clock.FischerControl(time.Minute, 0))
	l := lay(p)
	if !l.match.clockOn || l.match.clocks[0].running || l.match.clocks[0].text != "1:00" {
		t.Errorf("before the first move: %+v", l.match.clocks)
	}
	play(t, p.sess, "a1", "a2")
	ft.t = ft.t.Add(49*time.Second + 500*time.Millisecond)
	l = lay(p)
	if w := l.match.clocks[0]; !w.running || w.low || w.text != "0:10" {
		t.Errorf("White after 49.5 s of its turn: %+v", w)
	}
	if b := l.match.clocks[1]; b.running || b.text != "1:00" {
		t.Errorf("Black, waiting: %+v", b)
	}
	a := &App{flags: &Options{}} // silent: no sound box
	p.clockTick(a)
	if p.match.lowSaid[0] {
		t.Error("the low-time warning before the time is low")
	}
	ft.t = ft.t.Add(time.Second)
	if w := lay(p).match.clocks[0]; !w.low || w.text != "0:09.5" {
		t.Errorf("White under 10 s: %+v, want low and tenths", w)
	}
	p.clockTick(a)
	if !p.match.lowSaid[0] || p.match.lowSaid[1] {
		t.Errorf("the low-time warning: %v, want White's once", p.match.lowSaid)
	}
	p.sess.TogglePause()
	if l := lay(p); l.match.paused == "" || l.match.clocks[0].running {
		t.Errorf("paused: %q, %+v", l.match.paused, l.match.clocks[0])
	}
	if why := p.pausedRefusal(); !strings.Contains(why, "Space") {
		t.Errorf("a click while paused says %q", why)
	}
	p.sess.TogglePause()
	ft.t = ft.t.Add(10 * time.Second)
	evs := p.sess.Tick(true)
	if len(evs) == 0 || evs[len(evs)-1].Kind != input.GameOver {
		t.Fatalf("the flag: events %+v", evs)
	}
	l = lay(p)
	if w := l.match.clocks[0]; !w.flagged || w.text != "0:00.0" {
		t.Errorf("flagged: %+v", w)
	}
	if c := endCardOf(p.sess, p.sess.Match.Live()); c.title != "Black wins" || c.reason != "White lost on time." {
		t.Errorf("card %+v", c)
	}
	rec, err := p.sess.Record()
	if err != nil || !strings.Contains(rec, `[Termination "time forfeit"]`) || !strings.Contains(rec, `[TimeControl "60+0"]`) {
		t.Errorf("record (%v):\n%s", err, rec)
	}
}

// The Game menu offers what the seats allow now.
func TestGameMenuItems(t *testing.T) {
	enabled := func(items []menuItem) map[widgetID]bool {
		m := map[widgetID]bool{}
		for _, it := range items {
			m[it.id] = !it.disabled
		}
		return m
	}
	if on := enabled(gameMenuItems(nil)); on["menu-resign"] || on["menu-offer-draw"] || on["menu-undo"] {
		t.Errorf("no game: %v", on)
	}
	p, _ := matchScene(t, "Attangle", [2]input.Seat{{}, {}}, clock.FischerControl(3*time.Minute, 2*time.Second))
	on := enabled(gameMenuItems(p))
	if !on["menu-resign"] || !on["menu-offer-draw"] || on["menu-undo"] || !on["menu-pause"] {
		t.Errorf("a new timed game between two players: %v", on)
	}
	play(t, p.sess, "a1")
	p.sess.Resign(game.Second)
	if on := enabled(gameMenuItems(p)); on["menu-resign"] || on["menu-offer-draw"] || !on["menu-undo"] {
		t.Errorf("after a resignation: %v (Undo takes it back)", on)
	}
}

// What the start screen's clock row sets is kept in the settings and read back;
// a control the row cannot show (days a move) or a damaged value is no clock.
func TestSettingsClock(t *testing.T) {
	for _, c := range startClocks {
		if got := settingsClock(save.Settings{TimeControl: c.String()}); got != c {
			t.Errorf("%v kept as %q, read back as %v", c, c.String(), got)
		}
	}
	custom := clock.FischerControl(90*time.Second, 1500*time.Millisecond)
	if got := settingsClock(save.Settings{TimeControl: custom.String()}); got != custom {
		t.Errorf("custom %v read back as %v", custom, got)
	}
	for _, bad := range []string{"3d/move", "garbage", "-5+1"} {
		if got := settingsClock(save.Settings{TimeControl: bad}); got != (clock.Control{}) {
			t.Errorf("%q read as %v, want no clock", bad, got)
		}
	}
	if settingsClock(save.DefaultSettings()) != (clock.Control{}) {
		t.Error("the default settings have a clock")
	}
}
