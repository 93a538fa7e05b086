package ui

import (
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"trihex/ai/puzzle"
	"trihex/game"
	"trihex/game/hex"
	"trihex/input"
	"trihex/input/lesson"
)

// trainer runs a lesson or a set of puzzles in the game screen: the box under the
// board says what to do, and the player's moves are judged before they count. A
// right move is played out with its animation (and the lesson's reply); a wrong
// one is answered with why, and the player tries again. Progress is kept in the
// settings.
type trainer struct {
	lessons []*lesson.Lesson // the game's lessons, for "Next lesson"
	at      int              // the lesson running
	run     *lesson.Runner

	puzzles []puzzle.Puzzle
	pz      int  // the puzzle shown
	solved  bool // the puzzle shown was solved
	failed  bool // a wrong answer's refutation was played out: Try again
	// await: a right answer stays on the board with its praise until Next
	// sets up the next step, which has a position of its own.
	await bool

	say   string // what the box says: the step or the puzzle's task, and the verdict
	right bool   // the last answer was right
	reset bool   // the session must be set to the trainer's position once animations end
}

// The box's buttons.
const (
	wTrainNext  widgetID = "train-next"  // Next step, next lesson, next puzzle
	wTrainPrev  widgetID = "train-prev"  // the puzzle before
	wTrainRetry widgetID = "train-retry" // back to the puzzle's position
)

// puzzleID names a puzzle in the settings: a hash of its data line.
func puzzleID(p puzzle.Puzzle) string {
	h := fnv.New64a()
	h.Write([]byte(p.Game + "\t" + p.Line()))
	return fmt.Sprintf("%s-%016x", strings.ToLower(p.Game), h.Sum64())
}

// sessionAt is a two-human session at the position reached by moves.
func sessionAt(st game.State, moves []game.Move) *input.Session {
	info := st.Info()
	sess := input.NewSession(info, st.Options(), [2]input.Seat{{}, {}}, nil)
	for _, m := range moves {
		s := sess.Match.Live()
		sess.Play(input.ChoiceOf(s, m))
	}
	sess.Saved("") // a lesson or puzzle is nothing to save
	return sess
}

// sessionFrom is a two-human session whose game starts at st (a lesson's
// position: its history is not part of the lesson).
func sessionFrom(st game.State) *input.Session {
	sess := input.NewSession(st.Info(), st.Options(), [2]input.Seat{{}, {}}, nil)
	sess.Match = input.NewMatch(st)
	sess.Picker.Reset(sess.InputState())
	return sess
}

// newLessons starts the lessons of a game at lesson i.
func (a *App) newLessons(info *game.Info, i int) (*playScene, error) {
	ls, err := lesson.Load(info.Name)
	if err != nil || len(ls) == 0 {
		return nil, fmt.Errorf("ui: no lessons for %s: %v", info.Name, err)
	}
	t := &trainer{lessons: ls, at: min(max(0, i), len(ls)-1)}
	t.run = lesson.Start(ls[t.at])
	p := a.newPlay(t.session())
	p.train = t
	t.say = t.stepText()
	return p, nil
}

// newPuzzles starts the puzzles of a game at the first one not yet solved.
func (a *App) newPuzzles(info *game.Info) (*playScene, error) {
	ps, err := puzzle.Load(info.Name)
	if err != nil || len(ps) == 0 {
		return nil, fmt.Errorf("ui: no puzzles for %s: %v", info.Name, err)
	}
	t := &trainer{puzzles: ps}
	for i, pz := range ps {
		if !slices.Contains(a.prefs.settings.PuzzlesSolved, puzzleID(pz)) {
			t.pz = i
			break
		}
	}
	p := a.newPlay(t.session())
	p.train = t
	t.say = t.task()
	return p, nil
}

// session is a session at the trainer's position.
func (t *trainer) session() *input.Session {
	if t.run != nil {
		return sessionFrom(t.run.Position())
	}
	pz := t.puzzles[t.pz]
	info, _ := game.Lookup(pz.Game)
	start := info.New(nil)
	var moves []game.Move
	s := start.Clone()
	for _, txt := range pz.Moves {
		m, err := s.ParseMove(txt)
		if err != nil || s.Play(m) != nil {
			break // cannot happen: a test replays every shipped puzzle
		}
		moves = append(moves, m)
	}
	return sessionAt(start, moves)
}

// task is what the box says for the puzzle shown.
func (t *trainer) task() string {
	pz := t.puzzles[t.pz]
	st, _ := pz.Position()
	me := st.Info().Players[st.ToMove()]
	switch pz.Kind {
	case puzzle.Win1:
		return me + " to play and win at once."
	case puzzle.Win2:
		return me + " to play and win within two moves, whatever the reply."
	case puzzle.Win3:
		return me + " to play and win within three moves, whatever the replies."
	case puzzle.Defend:
		return me + " to play: the opponent threatens to win next move. Stop it."
	case puzzle.Keep:
		return me + " to play: you are ahead. Find the move (a pass or a capture) that keeps the game won to the end."
	}
	return me + " to play."
}

// stepText is what the box says for the lesson's current step.
func (t *trainer) stepText() string {
	st := t.run.Step()
	if st == nil {
		return "Lesson done: " + t.run.Lesson().Title + "."
	}
	return st.Say
}

// heading is the panel's status line while training.
func (t *trainer) heading(solvedIDs []string) string {
	if t.run != nil {
		l := t.run.Lesson()
		n := len(l.Steps)
		step := t.run.Index() + 1
		if t.await {
			step-- // the step answered is still on the board until Next
		}
		return fmt.Sprintf("Lesson %d of %d: %s · step %d of %d", t.at+1, len(t.lessons), l.Title, min(step, n), n)
	}
	pz := t.puzzles[t.pz]
	solved := 0
	for _, p := range t.puzzles {
		if slices.Contains(solvedIDs, puzzleID(p)) {
			solved++
		}
	}
	return fmt.Sprintf("Puzzle %d of %d (%s, %s) · solved %d", t.pz+1, len(t.puzzles), pz.Kind, pz.Difficulty, solved)
}

// marks are the cells the step asks the player to look at.
func (t *trainer) marks() []hex.Coord {
	if t.run == nil || t.run.Step() == nil || t.await {
		return nil // (while await, the step's cells are of a position not yet shown)
	}
	return t.run.Step().Look
}

// trainMove judges the player's move ch (a legal move the picker built) instead of
// playing it straight away.
func (t *trainer) move(p *playScene, a *App, ch input.Choice) {
	if t.run != nil {
		if t.await {
			p.say("Press Next for the next step.")
			return
		}
		v := t.run.Try(ch.Move)
		if !v.OK {
			t.say, t.right = v.Text, false
			return
		}
		p.playLine(a, append([]game.Move{ch.Move}, v.Replies...))
		t.right = true
		switch st := t.run.Step(); {
		case t.run.Done():
			a.prefs.settings.LessonsDone = addOnce(a.prefs.settings.LessonsDone, t.run.Lesson().Name)
			a.prefs.save()
			t.say = strings.TrimSpace(v.Text + " Lesson done! Next goes on to the next lesson.")
			t.reset = true
		case st == nil || !st.Continue:
			// The next step sets up its own position: first let the player see
			// the move and read why it was right.
			praise := v.Text
			if praise == "" {
				praise = "Right."
			}
			t.await = true
			t.say = praise + " Next goes on."
		default:
			t.say = strings.TrimSpace(v.Text + " " + t.stepText())
		}
		return
	}
	switch {
	case t.solved:
		// The board shows the answer played; a move there answers nothing.
		p.say("This puzzle is solved: Next shows another.")
		return
	case t.failed:
		// The refutation changed the position: judging a move there against the
		// puzzle would call a move right in another position.
		p.say("The position is no longer the puzzle's: Try again sets it up afresh.")
		return
	}
	pz := t.puzzles[t.pz]
	before := p.sess.Match.Live()
	if pz.Check(ch.Move) {
		p.playLine(a, []game.Move{ch.Move})
		t.solved, t.right = true, true
		t.say = "Solved! " + ch.Text + " is the move. Next for another puzzle."
		a.prefs.settings.PuzzlesSolved = addOnce(a.prefs.settings.PuzzlesSolved, puzzleID(pz))
		a.prefs.save()
		return
	}
	line := puzzle.Refute(pz, ch.Move)
	p.playLine(a, append([]game.Move{ch.Move}, line...))
	t.failed, t.right = true, false
	t.say = "Not this one: " + refutationWords(before, ch.Move, line) + " Try again."
}

// refutationWords says what the refutation line shows, in words.
func refutationWords(st game.State, wrong game.Move, line []game.Move) string {
	s := st.Clone()
	if s.Play(wrong) != nil {
		return ""
	}
	if r := s.Result(); r.Over {
		return "that move loses at once (" + r.Reason + ")."
	}
	opp := st.Info().Players[st.ToMove().Other()]
	var texts []string
	for _, m := range line {
		texts = append(texts, s.FormatMove(m))
		if s.Play(m) != nil {
			break
		}
	}
	if len(texts) == 0 {
		return "it does not do what the puzzle asks."
	}
	reply := fmt.Sprintf("%s answers %s", opp, texts[0])
	if len(texts) > 1 {
		reply = fmt.Sprintf("the best play goes %s", strings.Join(texts, " "))
	}
	if r := s.Result(); r.Over {
		if r.Winner == game.NoPlayer {
			return reply + ", and it is a draw."
		}
		return fmt.Sprintf("%s, and %s wins (%s).", reply, st.Info().Players[r.Winner], r.Reason)
	}
	return reply + ", and the win is no longer there."
}

// playLine plays moves one after another in the session, each with its animation.
func (p *playScene) playLine(a *App, moves []game.Move) {
	for _, m := range moves {
		s := p.sess.Match.Live()
		if !s.IsLegal(m) {
			return
		}
		p.handle(a, p.sess.Play(input.ChoiceOf(s, m)))
	}
}

// trainTick sets the session to the trainer's position once the animations of
// the last answer are over.
func (t *trainer) tick(p *playScene) {
	if t == nil || !t.reset || p.anims.current() != nil {
		return
	}
	t.reset = false
	p.sess.Close()
	p.sess = t.session()
	p.sess.Speed = 1
	p.bv.refit, p.bv.fixed = true, false
	p.list.scrollPending = true
}

// trainClick acts on the box's buttons; it reports whether id was one.
func (t *trainer) click(p *playScene, a *App, id widgetID) bool {
	if t == nil {
		return false
	}
	switch id {
	case wTrainNext:
		switch {
		case t.run != nil && t.run.Done():
			if t.at+1 < len(t.lessons) {
				t.at++
				t.run = lesson.Start(t.lessons[t.at])
				t.say = t.stepText()
				t.reset = true
			}
		case t.run != nil && t.await:
			t.await = false
			t.say = t.stepText()
			t.reset = true
		case t.run != nil:
			if moves, ok := t.run.Next(); ok {
				p.playLine(a, moves)
				t.say = t.stepText()
				if st := t.run.Step(); st == nil || !st.Continue {
					t.reset = true
				}
			}
		default:
			t.pz = (t.pz + 1) % len(t.puzzles)
			t.showPuzzle(p)
		}
	case wTrainPrev:
		if t.run == nil {
			t.pz = (t.pz + len(t.puzzles) - 1) % len(t.puzzles)
			t.showPuzzle(p)
		}
	case wTrainRetry:
		if t.run == nil {
			t.showPuzzle(p)
		}
	default:
		return false
	}
	return true
}

// newPuzzle shows the trainer's puzzle afresh.
func (t *trainer) showPuzzle(p *playScene) {
	t.solved, t.failed, t.right = false, false, false
	t.say = t.task()
	p.anims.clear()
	t.reset = true
}

// addOnce appends s to list unless it is there.
func addOnce(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
