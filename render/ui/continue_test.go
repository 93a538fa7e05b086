package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"trihex/game"
	"trihex/input"
	"trihex/online/proto"
	"trihex/save"
)

// TestContinuable: the start screen offers Continue for an unfinished game, and
// for a series' finished game with games still to come.
func TestContinuable(t *testing.T) {
	const moves = "1. 0,1 -1,1 2. -1,0 0,-1 3. 1,-1 1,1 4. 0,2 -1,2 5. 2,-1 2,-2 6. 1,-2 2,0\n" +
		"7. 3,-1 2,1 8. 3,0 3,1 9. 4,-1 4,-2 10. 3,-2 3,-3 11. 4,-3 5,-3 12. 5,-4 2,2\n13. 6,-4 6,-5 14. 5,-2 5,-1 15. 6,-3\n"
	cases := []struct {
		tags, moves string
		want        bool
	}{
		{"", "", false},
		{"", "1. 0,1 -1,1\n", true},
		{"", moves, false}, // over: nothing to continue
		{`[Series "game 1 of 2, points 0-0"]` + "\n", moves, true},
		{`[Series "game 2 of 2, points 12-0"]` + "\n", moves, false}, // the series is over too
	}
	for _, c := range cases {
		rec := "[Game \"Andantino\"]\n" + c.tags + "\n" + c.moves
		g, err := save.Read(strings.NewReader(rec))
		if err != nil {
			t.Fatalf("%q: %v", rec, err)
		}
		if got := continuable(g); got != c.want {
			t.Errorf("%s%s: continuable %v, want %v", c.tags, c.moves, got, c.want)
		}
	}
	if continuable(nil) {
		t.Error("no autosave")
	}
}

// Continue comes back after New → Don't save, with the kept game's file, game,
// players, level and clock on the start screen; it goes on under that file's
// name (Ctrl+S saves there without asking) and the next start finds the file
// again. The counts are the move list's: three single moves are "2 moves".
func TestContinueKeepsFileAndChoices(t *testing.T) {
	dir := t.TempDir()
	a := newTestApp(1280, 800)
	a.prefs.cfgDir = dir
	path := filepath.Join(dir, "mine"+save.Extension)
	rec := "[Game \"Andantino\"]\n[White \"Human\"]\n[Red \"Trihex level 4\"]\n[TimeControl \"300+3\"]\n\n1. 0,1 -1,1\n"
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	a.scene = a.startScreen()
	if st := a.scene.(*startScreen); st.cont != nil {
		t.Fatal("Continue offered with no autosave")
	}
	a.files.openPath(a, path)
	p := a.play()
	if p == nil {
		t.Fatalf("%s did not open", path)
	}
	t.Cleanup(p.close)
	if p.sess.Paused() {
		p.sess.TogglePause() // a timed game opens paused
	}
	mv := p.sess.Match.Live().LegalMoves(nil)[0]
	p.handle(a, p.sess.PlayMove(mv))
	if p.sess.Match.Len() != 3 {
		t.Fatalf("the move was not played: %d single moves", p.sess.Match.Len())
	}

	a.run(input.CmdNew)
	box, ok := a.top().(*confirmBox)
	if !ok {
		t.Fatalf("New with an unsaved move asked nothing: %T", a.top())
	}
	if !strings.Contains(box.text, "(2 moves)") {
		t.Errorf("the question counts the moves otherwise than the list (1. 0,1 -1,1 2. …): %q", box.text)
	}
	for _, b := range box.buttons {
		if b.id == wConfirmDiscard {
			a.pop(box)
			b.run()
		}
	}
	st, ok := a.scene.(*startScreen)
	if !ok {
		t.Fatalf("Don't save left %T", a.scene)
	}
	if st.cont == nil || len(st.cont.Moves) != 3 || st.contPath != path {
		t.Fatalf("after Don't save: Continue %v, file %q", st.cont != nil, st.contPath)
	}
	if st.games[st.sel].Name != "Andantino" || st.computer != [2]bool{false, true} || st.level != 4 || st.clock.String() != "300+3" {
		t.Errorf("the start screen shows %s, computer %v, level %d, clock %s; want the kept game's Andantino, Red, 4, 300+3",
			st.games[st.sel].Name, st.computer, st.level, st.clock)
	}
	l := st.layout(a)
	if w, ok := l.get(wContinue); !ok || w.label != "Continue Andantino (2 moves)" {
		t.Errorf("Continue reads %q", w.label)
	}

	a.layouts[st] = l
	st.level = 2 // a row changed: Continue still plays, and remembers, the kept game's level
	clickWidget(t, a, st, wContinue)
	p = a.play()
	if p == nil {
		t.Fatalf("Continue opened %T", a.scene)
	}
	t.Cleanup(p.close)
	if p.sess.Path != path || !p.sess.Unsaved() || p.sess.Match.Len() != 3 {
		t.Errorf("continued: file %q, unsaved %v, %d single moves", p.sess.Path, p.sess.Unsaved(), p.sess.Match.Len())
	}
	if st := a.prefs.settings; st.LastGame != "Andantino" || st.Level != 4 || st.Players != [2]string{"human", "computer"} || st.TimeControl != "300+3" {
		t.Errorf("the settings remember %s level %d %v %s", st.LastGame, st.Level, st.Players, st.TimeControl)
	}
	a.files.save(a)
	if a.top() != nil {
		t.Fatalf("Ctrl+S asked: %T", a.top())
	}
	if g, err := save.ReadFile(path); err != nil || len(g.Moves) != 3 {
		t.Fatalf("the file after Ctrl+S: %v", err)
	}

	// The next start finds the autosave and its file.
	a.prefs.writer.Flush()
	b := newTestApp(1280, 800)
	b.prefs.cfgDir = dir
	b.prefs.settings, _ = save.LoadSettings(dir)
	b.loadKept()
	if st := b.startScreen(); st.cont == nil || st.contPath != path {
		t.Errorf("the next start: Continue %v, file %q", st.cont != nil, st.contPath)
	}
}

// The move list numbers a pair of single moves as one move; so do the words.
func TestMovesCounted(t *testing.T) {
	for plies, want := range []string{"0 moves", "1 move", "1 move", "2 moves", "2 moves", "3 moves"} {
		if got := movesText(plies); got != want {
			t.Errorf("%d single moves: %q, want %q", plies, got, want)
		}
	}
	for ply, want := range map[int]string{1: "1.", 2: "1…", 3: "2.", 10: "5…"} {
		if got := moveNumber(ply); got != want {
			t.Errorf("single move %d: %q, want %q", ply, got, want)
		}
	}
}

// The recent games show under Start at 1280×800 whatever the game's rows (the
// cards give way), within the window and over no other widget.
func TestRecentGamesShown(t *testing.T) {
	for i, size := range [][2]float64{{1280, 800}, {1280, 800}, {1600, 1000}} {
		a := newTestApp(size[0], size[1])
		a.prefs.settings.Recent = []string{"/home/p/a.trihex", "/home/p/b.trihex", "/home/p/c.trihex", "/home/p/d.trihex"}
		if i == 1 {
			a.prefs.settings.Engines = []string{"other.ugi"} // a row more
		}
		st := a.newStart()
		st.cont = &save.Game{Info: st.games[0]}
		for sel := range st.games {
			for _, computer := range [][2]bool{{}, {false, true}} {
				st.sel, st.computer = sel, computer
				l := st.layout(a)
				for i := range 3 {
					r, ok := l.get(widgetID("recent-" + string(rune('0'+i))))
					if !ok {
						t.Errorf("%vx%v %s computer %v: recent game %d not shown", size[0], size[1], st.games[sel].Name, computer, i)
						continue
					}
					if r.r.Y+r.r.H > a.h {
						t.Errorf("%vx%v %s: recent game %d at %v, below the window", size[0], size[1], st.games[sel].Name, i, r.r)
					}
					for _, w := range l.widgets {
						if !strings.HasPrefix(string(w.id), "recent-") && overlaps(w.r, r.r) {
							t.Errorf("%vx%v %s: recent game %d at %v covers %s at %v", size[0], size[1], st.games[sel].Name, i, r.r, w.id, w.r)
						}
					}
				}
			}
		}
	}
}

// The games that wait for the player's move on the relay show under Start
// before the recent games, at 1280×800 whatever the game's rows, within the
// window and over no other widget; a game over or waiting for the opponent is
// not listed.
func TestYourMoveGamesShown(t *testing.T) {
	games := sortGames([]proto.GameInfo{
		{Game: "G1", Kind: "Abande", Opponent: "Bo", Over: true},
		{Game: "G2", Kind: "Attangle", Opponent: "Cy", Ply: 3},
		{Game: "G3", Kind: "Andantino", Opponent: "Di", Ply: 8, YourMove: true},
		{Game: "G4", Kind: "Abande", Opponent: "Ed", Ply: 2, YourMove: true},
	})
	for _, size := range [][2]float64{{1280, 800}, {1600, 1000}} {
		a := newTestApp(size[0], size[1])
		a.prefs.settings.Recent = []string{"/home/p/a.trihex", "/home/p/b.trihex", "/home/p/c.trihex"}
		a.online.games = games
		st := a.newStart()
		for sel := range st.games {
			for _, computer := range [][2]bool{{}, {false, true}} {
				st.sel, st.computer = sel, computer
				l := st.layout(a)
				where := fmt.Sprintf("%vx%v %s computer %v", size[0], size[1], st.games[sel].Name, computer)
				for i, want := range []string{"Andantino against Di · move 5 · your move", "Abande against Ed · move 2 · your move"} {
					r, ok := l.get(waitingID(i))
					if !ok || r.label != want {
						t.Errorf("%s: Your move row %d %q (shown %v), want %q", where, i, r.label, ok, want)
						continue
					}
					if r.r.Y+r.r.H > a.h {
						t.Errorf("%s: Your move row %d at %v, below the window", where, i, r.r)
					}
					for _, w := range l.widgets {
						if w.id != r.id && overlaps(w.r, r.r) {
							t.Errorf("%s: Your move row %d at %v covers %s at %v", where, i, r.r, w.id, w.r)
						}
					}
				}
				if _, ok := l.get(waitingID(2)); ok {
					t.Errorf("%s: a game not waiting for the player listed", where)
				}
				if _, ok := l.get("recent-0"); !ok {
					t.Errorf("%s: no recent game shown beside the games that wait", where)
				}
			}
		}
	}
}

// Leaving a lesson for the list still offers Continue for the game the
// autosave holds (a lesson never replaces it), under the list of the lesson's
// game.
func TestContinueAfterALesson(t *testing.T) {
	a := newTestApp(1280, 800)
	a.files.kept, a.files.keptLoaded = keptGame{rec: "[Game \"Abande\"]\n\n1. d4 d5 2. c3\n"}, true
	info, err := game.Lookup("Attangle")
	if err != nil {
		t.Fatal(err)
	}
	p, err := a.newLessons(info, 0)
	if err != nil {
		t.Fatal(err)
	}
	a.scene = p
	p.toList(a)
	st, ok := a.scene.(*startScreen)
	if !ok {
		t.Fatalf("the lesson left for %T", a.scene)
	}
	if st.cont == nil || st.cont.Info.Name != "Abande" {
		t.Errorf("no Continue for the kept Abande game after a lesson")
	}
	if st.games[st.sel] != info {
		t.Errorf("the start screen under the list shows %s, want the lesson's %s", st.games[st.sel].Name, info.Name)
	}
}
