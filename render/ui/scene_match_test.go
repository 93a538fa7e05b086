package ui

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"trihex/ai"
	"trihex/game/clock"
	"trihex/input"
	"trihex/save"
)

// The ends beyond the board: a 1+0 game against the computer in which the
// person never moves again until the flag falls (a minute of the app's fake
// clock), a resignation asked, kept with Esc, then confirmed, and a draw offered
// and accepted between two players at one screen. The status line, the boxes
// on the way, Resign gone at the end, and the record's tags.
func TestSceneMatchEnds(t *testing.T) {
	cases := []struct {
		name   string
		game   string
		seats  [2]input.Seat
		ctl    clock.Control
		do     []string
		boxes  map[int]string // after the command at this index: a button shown
		status string
		tags   []string
	}{
		{"flag", "Andantino", [2]input.Seat{{}, input.SeatOf(true, 1)}, clock.FischerControl(time.Minute, 0),
			[]string{"click 0,1", "answer", "wait 59s", "wait 2s"}, map[int]string{2: "resign"}, "White lost on time",
			[]string{`[TimeControl "60+0"]`, `[Termination "time forfeit"]`, `[Result "red"]`, "1. 0,1 {[%clk 0:01:00]}"}},
		{"resign", "Attangle", [2]input.Seat{}, clock.FischerControl(3*time.Minute, 2*time.Second),
			[]string{"click a1", "click a2", "key Ctrl+R", "key Esc", "click resign", "key Enter"},
			map[int]string{2: "confirm-resign", 3: "resign"}, "White resigned",
			[]string{`[TimeControl "180+2"]`, `[Termination "resignation"]`, `[Result "black"]`, "1. a1"}},
		{"draw", "Abande", [2]input.Seat{}, clock.Control{},
			[]string{"click d4", "click d5", "key D", "click accept-draw"}, map[int]string{2: "decline-draw"}, "Draw agreed",
			[]string{`[Termination "agreement"]`, `[Result "draw"]`, "1. d4 d5"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				sa := newSceneApp(t, 1280, 800)
				sess := sa.session(c.game, "", c.seats)
				if err := sess.SetTimeControl(c.ctl); err != nil {
					t.Fatal(err)
				}
				sess.Computer.NewEngine = func(int, uint64) (ai.Engine, error) { return firstLegal{}, nil }
				p := sa.newPlay(sess)
				sa.show(p)
				for i, cmd := range c.do {
					switch verb, arg, _ := strings.Cut(cmd, " "); verb {
					case "answer": // the computer's, at its pace
						synctest.Wait()
						sa.wait(ai.Pace(sess.Speed))
					case "wait":
						d, err := time.ParseDuration(arg)
						if err != nil {
							t.Fatal(err)
						}
						sa.wait(d)
					default:
						sa.run(cmd)
					}
					if id, ok := c.boxes[i]; ok && !sa.shows(id) {
						t.Fatalf("after %q: no %s among %v (status %q)", cmd, id, sa.buttons(), sa.status())
					}
				}
				if st := sa.status(); st != c.status {
					t.Fatalf("status %q, want %q", st, c.status)
				}
				if sa.shows("resign") || !sa.shows("result-rematch") {
					t.Fatalf("at the end: Resign %v, the end card %v", sa.shows("resign"), sa.shows("result-rematch"))
				}
				rec, err := sess.Record()
				if err != nil {
					t.Fatal(err)
				}
				for _, tag := range c.tags {
					if !strings.Contains(rec, tag) {
						t.Errorf("record lacks %q:\n%s", tag, rec)
					}
				}
				if _, err := save.Read(strings.NewReader(rec)); err != nil {
					t.Errorf("the record does not read back: %v\n%s", err, rec)
				}
			})
		})
	}
}
