package input

import (
	"slices"
	"strings"
	"testing"

	"trihex/game"
	"trihex/game/abande"
	"trihex/game/andantino"
	"trihex/game/attangle"
	"trihex/game/hex"
)

// A move's cells and kind come from the rules, in notation order.
func TestChoiceOf(t *testing.T) {
	pt := func(s string) hex.Coord { p, _ := hex.ParsePoint(s); return p.Coord() }
	starts := map[string]game.State{"Abande": abande.New(), "Attangle": attangle.New(nil), "Andantino": andantino.New(false, true)}
	cases := []struct {
		game, text string
		want       []hex.Coord
		kind       game.MoveKind
	}{
		{"Abande", "c3", []hex.Coord{pt("c3")}, game.MovePlace},
		{"Abande", "c3-d4", []hex.Coord{pt("c3"), pt("d4")}, game.MoveCapture},
		{"Abande", "pass", nil, game.MovePass},
		{"Attangle", "e6", []hex.Coord{pt("e6")}, game.MovePlace},
		{"Attangle", "c3,a1-b2", []hex.Coord{pt("a1"), pt("c3"), pt("b2")}, game.MoveCapture},
		{"Andantino", "-1,2", []hex.Coord{{Q: -1, R: 2}}, game.MovePlace},
		{"Andantino", "-3,-4--1,5", []hex.Coord{{Q: -3, R: -4}, {Q: -1, R: 5}}, game.MoveStep},
	}
	for _, c := range cases {
		s := starts[c.game]
		m, err := s.ParseMove(c.text)
		if err != nil {
			t.Fatal(err)
		}
		ch := ChoiceOf(s, m)
		if !slices.Equal(ch.Cells, c.want) || ch.Kind != c.kind || ch.Move != m || ch.Text != s.FormatMove(m) {
			t.Errorf("%s %q: %v %v, want %v %v", c.game, c.text, ch.Cells, ch.Kind, c.want, c.kind)
		}
		if !slices.Equal(Cells(s, m), c.want) {
			t.Errorf("%s %q: Cells %v", c.game, c.text, Cells(s, m))
		}
		// The sound follows the kind: a capture thuds, a step sounds as a move.
		want := map[game.MoveKind]Sound{game.MovePass: SoundPlace, game.MovePlace: SoundPlace, game.MoveStep: SoundMove, game.MoveCapture: SoundCapture}[c.kind]
		if got := soundOf(ch, s); got != want {
			t.Errorf("%s %q: sound %v, want %v", c.game, c.text, got, want)
		}
	}
}

// permutations calls f with every ordering of cs.
func permutations(cs []hex.Coord, f func([]hex.Coord)) {
	if len(cs) <= 1 {
		f(cs)
		return
	}
	for i := range cs {
		rest := slices.Concat(cs[:i:i], cs[i+1:])
		permutations(rest, func(p []hex.Coord) { f(append([]hex.Coord{cs[i]}, p...)) })
	}
}

// checkPicker checks, in position s, that every legal move is made by clicking its
// cells in any order, and that random clicks never make an illegal move.
func checkPicker(t *testing.T, s game.State, r *game.Rand) {
	t.Helper()
	p := NewPicker(s)
	for _, ch := range p.Choices() {
		permutations(ch.Cells, func(order []hex.Coord) {
			p.Cancel()
			for i, c := range order {
				o := p.Click(c)
				last := i == len(order)-1
				switch {
				case last && (o.Action != Play || o.Move.Move != ch.Move):
					t.Fatalf("%s: clicking %v ends in %v %q", ch.Text, order, o.Action, o.Move.Text)
				case !last && o.Action != Select:
					t.Fatalf("%s: click %d of %v: %v", ch.Text, i, order, o.Action)
				}
			}
		})
	}
	p.Cancel()
	// Random clicks anywhere on the board (and a little beyond).
	for i := 0; i < 200; i++ {
		c := hex.Coord{Q: int(r.Uint64()%9) - 4, R: int(r.Uint64()%9) - 4}
		before := slices.Clone(p.Selection())
		hover := p.Hover(c)
		checkRefusal(t, p, c, hover)
		o := p.Click(c)
		if o.Action != hover.Action || o.Move.Move != hover.Move.Move {
			t.Fatalf("hover said %v, click did %v", hover.Action, o.Action)
		}
		if o.Action == Play && !s.IsLegal(o.Move.Move) {
			t.Fatalf("clicks %v then %v made illegal move %q", before, c, o.Move.Text)
		}
		for _, c := range p.Selection() {
			if !slices.ContainsFunc(p.Choices(), func(ch Choice) bool { return slices.Contains(ch.Cells, c) }) {
				t.Fatalf("selection %v holds a cell of no legal move", p.Selection())
			}
		}
	}
}

// checkRefusal checks that the picker gives a reason for a click on c exactly when
// the click does nothing useful: nothing, or only drops the selection.
func checkRefusal(t *testing.T, p *Picker, c hex.Coord, hover Outcome) {
	t.Helper()
	why := p.Refusal(c)
	if refused := hover.Action == None || hover.Action == Cancel; refused != (why != "") {
		t.Fatalf("selection %v, click %v: %v, reason %q", p.Selection(), c, hover.Action, why)
	}
}

func playRandom(t *testing.T, info *game.Info, seed uint64) {
	s, err := info.Start("")
	if err != nil {
		t.Fatal(err)
	}
	r := game.NewRand(seed)
	for ply := 0; ply < 200 && !s.Result().Over; ply++ {
		checkPicker(t, s, r)
		moves := s.LegalMoves(nil)
		// Prefer moves with several cells so captures get exercised.
		m := moves[r.Uint64()%uint64(len(moves))]
		for _, x := range moves {
			if len(Cells(s, x)) > 1 && r.Uint64()%2 == 0 {
				m = x
				break
			}
		}
		if err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPickerAbande(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		playRandom(t, abande.Info(), seed)
	}
}

func TestPickerAttangle(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		playRandom(t, attangle.Info, seed)
	}
}

func TestPickerCancelAndRestart(t *testing.T) {
	s := abande.Info().New(nil)
	for _, mv := range []string{"d4", "d5", "d6", "e4"} {
		m, _ := s.ParseMove(mv)
		if err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	pt := func(l string) hex.Coord { p, _ := hex.ParsePoint(l); return p.Coord() }
	p := NewPicker(s)
	if o := p.Click(pt("d4")); o.Action != Select {
		t.Fatalf("selecting own stack: %v", o.Action)
	}
	if o := p.Hover(pt("d4")); o.Action != Deselect {
		t.Fatalf("hover on the selection: %v", o.Action)
	}
	if o := p.Click(pt("a1")); o.Action != Cancel || len(p.Selection()) != 0 {
		t.Fatalf("click elsewhere: %v, selection %v", o.Action, p.Selection())
	}
	p.Click(pt("d4"))
	if o := p.ClickOutside(); o.Action != Cancel {
		t.Fatalf("click outside: %v", o.Action)
	}
	// Another own stack restarts the selection; an empty point cancels.
	p.Click(pt("d4"))
	if o := p.Click(pt("d6")); o.Action != Restart || !slices.Equal(p.Selection(), []hex.Coord{pt("d6")}) {
		t.Fatalf("click on another own stack: %v %v", o.Action, p.Selection())
	}
	if o := p.Click(pt("d5")); o.Action != Play || o.Move.Text != "d6-d5" {
		t.Fatalf("capture: %v %q", o.Action, o.Move.Text)
	}
}

func TestMatchHistory(t *testing.T) {
	s := abande.Info().New(nil)
	m := NewMatch(s)
	play := func(txt string) {
		t.Helper()
		mv, err := m.Live().ParseMove(txt)
		if err == nil {
			err = m.Play(mv)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, mv := range []string{"d4", "d5", "c3", "e4"} {
		play(mv)
	}
	if m.Len() != 4 || m.Live().Ply() != 4 || m.Reviewing() {
		t.Fatalf("after 4 moves: len %d ply %d", m.Len(), m.Live().Ply())
	}
	m.Back()
	m.Back()
	if !m.Reviewing() || m.View().Ply() != 2 || m.Live().Ply() != 4 {
		t.Fatalf("review: view ply %d", m.View().Ply())
	}
	mv, _ := m.Live().ParseMove("d6")
	if err := m.Play(mv); err != ErrReviewing {
		t.Fatalf("play while reviewing: %v", err)
	}
	m.ToLive()
	m.Undo()
	if !m.Undo() || m.Len() != 2 || !m.CanRedo() {
		t.Fatalf("undo: len %d", m.Len())
	}
	if len(m.Texts()) != 4 {
		t.Fatalf("undone moves must stay redoable: %v", m.Texts())
	}
	m.Redo()
	if m.Len() != 3 || m.Texts()[2] != "c3" {
		t.Fatalf("redo: %d %v", m.Len(), m.Texts())
	}
	// Replaying the next undone move keeps the rest redoable.
	play("e4")
	if m.Len() != 4 || !slices.Equal(m.Texts(), []string{"d4", "d5", "c3", "e4"}) {
		t.Fatalf("replay: %v", m.Texts())
	}
	m.Undo()
	m.Undo()
	play("d3")
	if m.CanRedo() || len(m.Texts()) != 3 {
		t.Fatalf("a new move drops the redo list: %v", m.Texts())
	}
	for m.Undo() {
	}
	if m.Live().Ply() != 0 || m.Start().Ply() != 0 {
		t.Fatal("undo to the start")
	}
	m.Review(99)
	if m.Reviewing() {
		t.Fatal("review past the end is the live position")
	}
}

func TestPickerAndantinoRefusals(t *testing.T) {
	s, err := andantino.Info.Start("continuation=on")
	if err != nil {
		t.Fatal(err)
	}
	r := game.NewRand(7)
	for s.Ply() < 60 && !s.Result().Over {
		p := NewPicker(s)
		for i := 0; i < 60; i++ {
			c := hex.Coord{Q: r.Intn(13) - 6, R: r.Intn(13) - 6}
			hover := p.Hover(c)
			checkRefusal(t, p, c, hover)
			if o := p.Click(c); o.Action == Play && !s.IsLegal(o.Move.Move) {
				t.Fatalf("illegal %q", o.Move.Text)
			}
		}
		moves := s.LegalMoves(nil)
		s.Apply(moves[r.Intn(len(moves))])
	}
}

// The picker asks the rules why a click or a pass is refused, with its selection.
func TestPickerRefusal(t *testing.T) {
	pt := func(l string) hex.Coord { p, _ := hex.ParsePoint(l); return p.Coord() }
	s := abande.Info().New(nil)
	p := NewPicker(s)
	if got := p.PassRefusal(); got != "no pass with pieces in hand (you have 18)" {
		t.Errorf("pass at the start: %q", got)
	}
	for _, mv := range []string{"d4", "d5", "d6", "e4"} {
		m, _ := s.ParseMove(mv)
		if err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	p.Reset(s)
	if got := p.Refusal(pt("a1")); !strings.Contains(got, "not next to the band") {
		t.Errorf("entry far from the band: %q", got)
	}
	if got := p.Refusal(pt("c3")); got != "" {
		t.Errorf("legal entry: %q", got)
	}
	p.Click(pt("d4"))
	if got := p.Refusal(pt("c3")); got != "a stack moves onto an enemy stack, not onto an empty point" {
		t.Errorf("stack onto an empty point: %q", got)
	}
	if got := p.Refusal(pt("d6")); got != "" {
		t.Errorf("another own stack starts a new selection: %q", got)
	}
	if got := p.Refusal(pt("d4")); got != "" {
		t.Errorf("taking the selection back: %q", got)
	}
	p.Reset(nil)
	if p.Refusal(pt("a1")) != "" || p.PassRefusal() != "" {
		t.Error("reasons without a position")
	}
	a := attangle.New(nil)
	p.Reset(a)
	if got := p.Refusal(pt("d4")); got != "d4 stays empty" {
		t.Errorf("Attangle d4: %q", got)
	}
	if got := p.PassRefusal(); got != "there is no pass in Attangle" {
		t.Errorf("Attangle pass: %q", got)
	}
}
