package save

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"trihex/game"
)

// treeGames are the records with variations, comments and marks of
// testdata/tree: NAME.in.trihex is written by hand (marks stuck and apart,
// comments over two lines, ";" remarks, CRLF and a byte order mark in
// Andantino's), NAME.trihex is its canonical form, which FormatTree must write
// byte for byte (go test -run TestTreeGolden -update rewrites it). The main line
// of each is the game of testdata/golden.
var treeGames = []string{"abande", "attangle", "andantino"}

func TestTreeGolden(t *testing.T) {
	for _, name := range treeGames {
		in := filepath.Join("testdata", "tree", name+".in.trihex")
		golden := filepath.Join("testdata", "tree", name+".trihex")
		g, err := ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		text, err := FormatTree(g.Start, g.Root, g.Record.Tags)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if *update {
			if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if text != string(want) {
			t.Errorf("%s: the canonical form differs from %s:\n%s", name, golden, text)
		}
		// The canonical form reads back to the same tree and writes itself.
		back, err := ReadFile(golden)
		if err != nil {
			t.Fatalf("%s: %v", golden, err)
		}
		if d := treeDiff(g.Root, back.Root, true); d != "" {
			t.Errorf("%s: read back, the tree differs: %s", name, d)
		}
		if again, err := FormatTree(back.Start, back.Root, back.Record.Tags); err != nil || again != text {
			t.Errorf("%s: writing the canonical form again differs: %v\n%s", name, err, again)
		}
		// The main line is the reference game; the tree has nested variations,
		// comments and marks.
		plain, err := ReadFile(filepath.Join("testdata", "golden", name+".trihex"))
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(g.Moves) != fmt.Sprint(plain.Moves) || g.Final.Hash() != plain.Final.Hash() {
			t.Errorf("%s: the main line is not the reference game", name)
		}
		if len(g.Record.Moves) != len(g.Moves) {
			t.Errorf("%s: Record.Moves has %d moves, the main line %d", name, len(g.Record.Moves), len(g.Moves))
		}
		st := treeStats(g.Root)
		if st.depth < 2 || st.marks < 3 || st.comments < 3 || st.variations < 3 {
			t.Errorf("%s: too plain a tree for the test: %+v", name, st)
		}
	}
}

type stats struct{ nodes, variations, depth, marks, comments int }

func treeStats(root *Node) stats {
	var st stats
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		st.depth = max(st.depth, depth)
		for ; ; n = n.Children[0] {
			st.nodes++
			if n.Mark != "" {
				st.marks++
			}
			if n.Comment != "" || n.StartComment != "" {
				st.comments++
			}
			if len(n.Children) == 0 {
				return
			}
			for _, v := range n.Children[1:] {
				st.variations++
				walk(v, depth+1)
			}
		}
	}
	walk(root, 0)
	return st
}

// treeDiff describes the first difference between two trees (moves compared by
// Move, or as written), or returns "". A StartComment counts only on the first
// move of a variation, where it is written.
func treeDiff(a, b *Node, byMove bool) string {
	for ply := 0; ; ply++ {
		switch {
		case byMove && a.Move != b.Move, !byMove && a.Token.Text != b.Token.Text:
			return fmt.Sprintf("ply %d: move %q, %q", ply, a.Token.Text, b.Token.Text)
		case a.Mark != b.Mark:
			return fmt.Sprintf("ply %d %q: mark %q, %q", ply, a.Token.Text, a.Mark, b.Mark)
		case a.Comment != b.Comment:
			return fmt.Sprintf("ply %d %q: comment %q, %q", ply, a.Token.Text, a.Comment, b.Comment)
		case a.Clock != b.Clock:
			return fmt.Sprintf("ply %d %q: clock %+v, %+v", ply, a.Token.Text, a.Clock, b.Clock)
		case len(a.Children) != len(b.Children):
			return fmt.Sprintf("ply %d %q: %d children, %d", ply, a.Token.Text, len(a.Children), len(b.Children))
		case len(a.Children) == 0:
			return ""
		}
		for i := 1; i < len(a.Children); i++ {
			va, vb := a.Children[i], b.Children[i]
			if va.StartComment != vb.StartComment {
				return fmt.Sprintf("ply %d: variation %d: start comment %q, %q", ply+1, i, va.StartComment, vb.StartComment)
			}
			if d := treeDiff(va, vb, byMove); d != "" {
				return fmt.Sprintf("variation %d after ply %d: %s", i, ply, d)
			}
		}
		a, b = a.Children[0], b.Children[0]
	}
}

// syntax is the canonical move list of a parsed tree, as written (no rules).
func syntax(t *testing.T, root *Node) string {
	t.Helper()
	text, _, err := moveList(nil, root)
	if err != nil {
		t.Fatal(err)
	}
	return text
}

func TestParseTree(t *testing.T) {
	cases := []struct{ in, want string }{
		{"1. a1 g1 (1... f1 2. b2) 2. d1", "1. a1 g1 (1... f1 2. b2) 2. d1\n"},
		{"1. a1! g1 ?? 2. d1!? a4 ?! 3. c2!! c3 ?", "1. a1! g1?? 2. d1!? a4?! 3. c2!! c3?\n"},
		{"1.a1 1...g1! 2.d1", "1. a1 g1! 2. d1\n"},
		{"{start} 1. a1 {after a1} g1 ({before\r\n f1} 1... f1 {after\n\tf1}) 2. d1",
			"{start} 1. a1 {after a1} 1... g1 ({before f1} 1... f1 {after f1}) 2. d1\n"},
		{"1. a1 {x} (1. b1) {y} g1", "1. a1 {x y} (1. b1) 1... g1\n"},
		{"1. a1 (1. b1) (1. c1 c2 (1... c3 *) *) g1 *", "1. a1 (1. b1) (1. c1 c2 (1... c3)) 1... g1\n"},
		{"1. a1 g1 (1... f1 2. b2 (2. c2 d2 (2... e2 {deep}))) 2. d1",
			"1. a1 g1 (1... f1 2. b2 (2. c2 d2 (2... e2 {deep}))) 2. d1\n"},
		{"1. a1 g1 (1... f1)", "1. a1 g1 (1... f1)\n"},
		{`1. a1 {a \} b \\ c \d {e} g1`, `1. a1 {a \} b \ c \d {e} 1... g1` + "\n"},
		{"1. a1 {}{  } g1 ; {not a comment\n2. d1", "1. a1 g1 2. d1\n"},
		{"{only a comment}", "{only a comment}\n"},
		{"", "\n"},
	}
	for _, c := range cases {
		rec, err := Parse(strings.NewReader("[Game \"Attangle\"]\n\n" + c.in))
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := syntax(t, rec.Root); got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.in, got, c.want)
		}
	}

	// The shape, in detail: a variation replaces the move before it.
	rec, err := Parse(strings.NewReader("[Game \"Attangle\"]\n\n1. a1 g1\n(1... f1 {x} 2. b2?) 2. d1"))
	if err != nil {
		t.Fatal(err)
	}
	a1 := rec.Root.Children[0]
	g1, f1 := a1.Children[0], a1.Children[1]
	if len(rec.Root.Children) != 1 || a1.Token.Text != "a1" || g1.Token.Text != "g1" || f1.Token.Text != "f1" ||
		f1.Comment != "x" || f1.Children[0].Mark != "?" || g1.Children[0].Token.Text != "d1" {
		t.Errorf("wrong tree:\n%s", syntax(t, rec.Root))
	}
	if f1.Token != (Token{"f1", 4, 7}) || f1.Ply != 2 || f1.Parent != a1 || f1.Children[0].Ply != 3 {
		t.Errorf("f1: %+v, ply %d", f1.Token, f1.Ply)
	}
	var main []string
	for _, tok := range rec.Moves {
		main = append(main, tok.Text)
	}
	if strings.Join(main, " ") != "a1 g1 d1" {
		t.Errorf("Record.Moves = %v, want the main line", main)
	}
}

// TestTreeErrors is the table of bad variations, comments and marks, and of bad
// moves in variations, with the exact message each one gets.
func TestTreeErrors(t *testing.T) {
	const at = "[Game \"Attangle\"]\n\n"
	cases := []struct{ name, text, want string }{
		{"unclosed variation", at + "1. a1 g1 (1... f1 (2. b2)",
			"save: line 3, column 10: variation ( not closed"},
		{"unopened variation", at + "1. a1 g1)",
			"save: line 3, column 9: ) with no ( before it"},
		{"unopened after a closed one", at + "1. a1 (1. b1)) g1",
			"save: line 3, column 14: ) with no ( before it"},
		{"variation before any move", at + "(1. a1) 1. a1",
			"save: line 3, column 1: variation before any move"},
		{"variation before a comment and a move", at + "{start} (1. a1) 1. a1",
			"save: line 3, column 9: variation before any move"},
		{"variation at the start of a variation", at + "1. a1 ((1. b1) 1. c1)",
			"save: line 3, column 8: variation before any move"},
		{"empty variation", at + "1. a1 ()",
			"save: line 3, column 8: empty variation"},
		{"variation with a comment only", at + "1. a1 ({why not})",
			"save: line 3, column 17: empty variation"},
		{"mark with no move", at + "! 1. a1",
			`save: line 3, column 1: mark "!" with no move before it`},
		{"mark at the start of a variation", at + "1. a1 (!? 1. b1)",
			`save: line 3, column 8: mark "!?" with no move before it`},
		{"mark after a move number", at + "1. a1 g1 2. ?? d1",
			`save: line 3, column 13: mark "??" with no move before it`},
		{"mark after a comment", at + "1. a1 {good} !",
			`save: line 3, column 14: mark "!" with no move before it`},
		{"mark after a variation", at + "1. a1 (1. b1) !",
			`save: line 3, column 15: mark "!" with no move before it`},
		{"two marks", at + "1. a1! ?",
			`save: line 3, column 8: move "a1" has two marks`},
		{"bad mark", at + "1. a1 g1!!!",
			`save: line 3, column 9: bad mark "!!!" (marks are ! ? !! ?? !? ?!)`},
		{"stray }", at + "1. a1 } g1",
			"save: line 3, column 7: } with no { before it"},
		{"unclosed comment in a variation", at + "1. a1 (1. b1 {oops)\n",
			"save: line 3: comment { not closed"},
		{"bad first move of a variation", at + "1. a1 g1 (1... a1)",
			`save: line 3, column 16: move 1... "a1" in the variation 1... a1 (instead of 1... g1): attangle: illegal move "a1": a1 is occupied`},
		{"bad move in a nested variation", at + "1. a1 g1\n(1... f1 2. b2\n  (2. c2 d2 (2... e2 3. f1))) 2. d1 a4",
			`save: line 5, column 25: move 3. "f1" in the variation 2... e2 (instead of 2... d2) in the variation 2. c2 (instead of 2. b2) in the variation 1... f1 (instead of 1... g1): attangle: illegal move "f1": f1 is occupied`},
		{"malformed move in a variation", at + "1. a1 g1 (1... f1 2. q9) 2. d1",
			`save: line 3, column 22: move 2. "q9" in the variation 1... f1 (instead of 1... g1): attangle: bad move "q9"`},
		{"the first bad move in the file", at + "1. a1 g1 (1... a1) 2. g1",
			`save: line 3, column 16: move 1... "a1" in the variation`},
		{"bad move of the main line after a variation", at + "1. a1 g1 (1... f1) 2. g1",
			`save: line 3, column 23: move 2. "g1": attangle: illegal move "g1": g1 is occupied`},
		{"nested too deep", at + "1. a1" + strings.Repeat(" (1. a1", MaxNesting+1),
			fmt.Sprintf("save: line 3, column %d: variations nested more than %d deep", 6+7*MaxNesting+1, MaxNesting)},
	}
	for _, c := range cases {
		_, err := Read(strings.NewReader(c.text))
		got := fmt.Sprint(err)
		if err == nil || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s:\n got %.300s\nwant %.300s", c.name, got, c.want)
		}
	}

	// The fields of a bad move in a variation.
	_, err := Read(strings.NewReader(cases[18].text))
	me, ok := errors.AsType[*MoveError](err)
	if !ok || me.Ply != 5 || me.Token != (Token{"f1", 5, 25}) || !errors.Is(err, game.ErrIllegal) ||
		me.Variation != "2... e2 (instead of 2... d2) in the variation 2. c2 (instead of 2. b2) in the variation 1... f1 (instead of 1... g1)" {
		t.Errorf("MoveError %+v", me)
	}
	// As deep as allowed is fine.
	if _, err := Parse(strings.NewReader(at + "1. a1" + strings.Repeat(" (1. a1", MaxNesting) + strings.Repeat(")", MaxNesting))); err != nil {
		t.Errorf("%d levels of variations: %v", MaxNesting, err)
	}
}

func attangleStart(t testing.TB) game.State {
	info, err := game.Lookup("Attangle")
	if err != nil {
		t.Fatal(err)
	}
	start, err := info.Start("")
	if err != nil {
		t.Fatal(err)
	}
	return start
}

// add plays the moves txts from n (whose position is s) as a line of new
// nodes, and returns the last.
func add(t *testing.T, n *Node, s game.State, txts ...string) *Node {
	t.Helper()
	s = s.Clone()
	for _, txt := range txts {
		m, err := s.ParseMove(txt)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
		n = n.AddChild(m)
	}
	return n
}

// TestFormatTreeComments writes a tree a program built: comments with braces,
// backslashes, line ends and long words, a start comment, and reads it back.
func TestFormatTreeComments(t *testing.T) {
	start := attangleStart(t)
	root := &Node{Comment: "  Before\nthe game \\ } {  "}
	a1 := add(t, root, start, "a1")
	a1.Comment = `ends with \`
	g1 := add(t, a1, a1.Position(start), "g1")
	g1.Mark = "?!"
	g1.Comment = `a \} b \\} c` + "\t" + strings.Repeat("x", 100) + " and " + strings.Repeat("a few words ", 12)
	f1 := add(t, a1, a1.Position(start), "f1")
	f1.StartComment, f1.Comment, f1.Mark = "better:", `\`, "!"
	d1 := add(t, g1, g1.Position(start), "d1")
	d1.StartComment = "not written: d1 starts no variation"
	text, err := FormatTree(start, root, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `{Before the game \ \} {} 1. a1 {ends with \\} 1... g1?! {a \\\} b \\\\\} c` + "\n" +
		strings.Repeat("x", 100) + "\n" +
		"and a few words a few words a few words a few words a few words a few words a\n" +
		`few words a few words a few words a few words a few words a few words}` + "\n" +
		`({better:} 1... f1! {\\}) 2. d1` + "\n"
	if _, moves, _ := strings.Cut(text, "\n\n"); moves != want {
		t.Errorf("move list:\n%s\nwant\n%s", moves, want)
	}
	back, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if root.Comment = "Before the game \\ } {"; back.Root.Comment != root.Comment {
		t.Errorf("root comment %q", back.Root.Comment)
	}
	g1.Comment = CleanComment(g1.Comment)
	if d := treeDiff(root, back.Root, true); d != "" {
		t.Errorf("read back: %s", d)
	}
	if again, _ := FormatTree(back.Start, back.Root, back.Record.Tags); again != text {
		t.Errorf("written again:\n%s", again)
	}

	// What cannot be written is refused.
	g1.Mark = "!!!"
	if _, err := FormatTree(start, root, nil); err == nil || err.Error() != `save: move 1... "g1": bad mark "!!!" (marks are ! ? !! ?? !? ?!)` {
		t.Errorf("bad mark: %v", err)
	}
	g1.Mark = ""
	f1.Children = append(f1.Children, &Node{Move: a1.Move, Parent: f1, Ply: 3})
	if _, err := FormatTree(start, root, nil); err == nil ||
		err.Error() != `save: move 2. "a1" in the variation 1... f1 (instead of 1... g1): attangle: illegal move "a1": a1 is occupied` {
		t.Errorf("illegal move: %v", err)
	}
}

func TestTreeOperations(t *testing.T) {
	start := attangleStart(t)
	root := &Node{}
	a1 := add(t, root, start, "a1")
	g1 := add(t, a1, a1.Position(start), "g1")
	d1 := add(t, g1, g1.Position(start), "d1")
	f1 := add(t, a1, a1.Position(start), "f1")
	b2 := add(t, f1, f1.Position(start), "b2")
	c1 := add(t, a1, a1.Position(start), "c1")
	line := func() string {
		t.Helper()
		return strings.TrimSpace(syntaxOf(t, start, root))
	}
	if got := line(); got != "1. a1 g1 (1... f1 2. b2) (1... c1) 2. d1" {
		t.Fatalf("built %q", got)
	}
	if a1.Child(f1.Move) != f1 || a1.Child(d1.Move) != nil || b2.Ply != 3 || b2.Parent != f1 {
		t.Errorf("Child or AddChild")
	}
	if p := b2.Path(); len(p) != 3 || p[0] != a1 || p[1] != f1 || p[2] != b2 || len(root.Path()) != 0 {
		t.Errorf("Path %v", p)
	}
	if ml := root.MainLine(); len(ml) != 3 || ml[2] != d1 || len(f1.MainLine()) != 1 {
		t.Errorf("MainLine %v", ml)
	}
	c1.Promote()
	if got := line(); got != "1. a1 g1 (1... c1) (1... f1 2. b2) 2. d1" {
		t.Errorf("c1 promoted once: %q", got)
	}
	b2.MakeMainLine()
	if got := line(); got != "1. a1 f1 (1... g1 2. d1) (1... c1) 2. b2" {
		t.Errorf("b2 made the main line: %q", got)
	}
	cp := root.Clone()
	f1.Remove()
	if got := line(); got != "1. a1 g1 (1... c1) 2. d1" || f1.Parent != nil {
		t.Errorf("f1 removed: %q", got)
	}
	g1.Promote() // already first: nothing
	root.Remove()
	if got := strings.TrimSpace(syntaxOf(t, start, cp)); got != "1. a1 f1 (1... g1 2. d1) (1... c1) 2. b2" {
		t.Errorf("the clone changed with the tree: %q", got)
	}
	if cp.Children[0].Children[0] == f1 || cp.Children[0].Children[0].Parent != cp.Children[0] {
		t.Errorf("the clone shares nodes or lacks parents")
	}
}

func syntaxOf(t *testing.T, start game.State, root *Node) string {
	t.Helper()
	text, err := FormatTree(start, root, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, moves, _ := strings.Cut(text, "\n\n")
	return moves
}

// TestTreePositions checks every node's Position against its moves replayed, and
// that a Record a program made (Moves, no Root) still loads.
func TestTreePositions(t *testing.T) {
	for _, name := range treeGames {
		g, err := ReadFile(filepath.Join("testdata", "tree", name+".trihex"))
		if err != nil {
			t.Fatal(err)
		}
		var walk func(n *Node)
		walk = func(n *Node) {
			s := g.Start.Clone()
			for _, p := range n.Path() {
				m, err := s.ParseMove(p.Token.Text)
				if err == nil {
					err = s.Play(m)
				}
				if err != nil || m != p.Move {
					t.Fatalf("%s: %s: %v", name, p.Token.Text, err)
				}
			}
			if n.Position(g.Start).Hash() != s.Hash() {
				t.Errorf("%s: position after %q differs", name, n.Token.Text)
			}
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(g.Root)
		if g.Root.MainLine()[len(g.Moves)-1].Position(g.Start).Hash() != g.Final.Hash() {
			t.Errorf("%s: the main line does not end in Final", name)
		}
		if g.Root != g.Record.Root {
			t.Errorf("%s: the Game's tree is not the Record's", name)
		}
	}
	rec := &Record{Tags: []Tag{{"Game", "Attangle"}}, Moves: []Token{{Text: "a1"}, {Text: "g1"}}}
	g, err := Load(rec)
	if err != nil || len(g.Moves) != 2 || len(g.Root.MainLine()) != 2 || g.Root.Children[0].Parent != g.Root {
		t.Errorf("a Record without Root: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range treeGames {
		for _, file := range []string{name + ".in.trihex", name + ".trihex"} {
			data, err := os.ReadFile(filepath.Join("testdata", "tree", file))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(data))
		}
	}
	f.Add("[Game \"Attangle\"]\n\n{s} 1. a1! g1 (1... f1 {x\\}} 2. b2?? (2. c2)) ({y} 1... c1 !?) 2. d1 *\n")
	f.Add("[Game \"Abande\"]\n\n1. d4 d5 (1... c4 2. pass (2. c5)) 2. c4 d5-c4 3. pass\n")
	f.Add("[Game \"Andantino\"]\n[Options \"continuation=on\"]\n\n1. 1,-1 (1. 0,1 {a}) 0,1 {x} ; y\n")
	f.Add("1. a1 ((b1) ) }{ ! ?? !!! 1.2.c3 [x")
	f.Add("[Game \"Attangle\"]\n[TimeControl \"60+1\"]\n\n{[%clk 0:01:00]} 1. a1 {[%clk 0:00:59.5] x} g1 {y [%clk 1:00:00]} (1... f1 {[%clk 0:00:09.45] [%periods 2]}) 2. d1 {[%cl[%clk 0:00:01]k 0:00:02]}\n")
	f.Add("[Game \"Abande\"]\n[Result \"white\"]\n[Termination \"resignation\"]\n[TimeControl \"600+5x30\"]\n\n1. d4 {[%clk 0:10:00]} d5\n")
	f.Add("[Game \"Andantino\"]\n[Result \"draw\"]\n[Termination \"agreement\"]\n\n1. 1,-1 0,1\n")
	f.Fuzz(func(t *testing.T, s string) {
		rec, err := Parse(strings.NewReader(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "save: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		// Whatever parses writes (as written, without the rules) to a move list
		// that parses to the same tree and writes itself, unless a move's text
		// would read otherwise alone: it starts with a move number or "[" (such
		// a text is never a legal move).
		if cleanTokens(rec.Root) {
			text, _, err := moveList(nil, rec.Root)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse(strings.NewReader(text))
			if err != nil {
				t.Fatalf("the move list written does not parse: %v\n%s", err, text)
			}
			if d := treeDiff(rec.Root, back.Root, false); d != "" {
				t.Fatalf("the move list written reads back otherwise: %s\n%s", d, text)
			}
			if again, _, _ := moveList(nil, back.Root); again != text {
				t.Fatalf("the move list written twice differs:\n%s\n---\n%s", text, again)
			}
		}
		// Whatever loads writes with FormatTree to a record that loads to the
		// same tree, and writes itself.
		g, err := Load(rec)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "save: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		text, err := g.Format()
		if err != nil {
			t.Fatal(err)
		}
		back, err := Read(strings.NewReader(text))
		if err != nil {
			t.Fatalf("the record written does not read back: %v\n%s", err, text)
		}
		if d := treeDiff(g.Root, back.Root, true); d != "" || back.Final.Hash() != g.Final.Hash() || back.Result != g.Result || back.Control != g.Control {
			t.Fatalf("the record written reads back otherwise: %s\n%s", d, text)
		}
		if again, err := back.Format(); err != nil || again != text {
			t.Fatalf("the record written twice differs: %v\n%s\n---\n%s", err, text, again)
		}
	})
}

// cleanTokens reports whether every move of the tree, written alone, reads as
// itself.
func cleanTokens(root *Node) bool {
	for todo := root.Children; len(todo) > 0; {
		n := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1:len(todo)-1], n.Children...)
		if moveNumberEnd(n.Token.Text) > 0 || strings.HasPrefix(n.Token.Text, "[") {
			return false
		}
	}
	return true
}

func BenchmarkReadTree(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "tree", "abande.trihex"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Read(strings.NewReader(string(data))); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatTree(b *testing.B) {
	g, err := ReadFile(filepath.Join("testdata", "tree", "abande.trihex"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FormatTree(g.Start, g.Root, g.Record.Tags); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPosition is the cost of the position at the end of a long game's main
// line, what the window pays to show a node.
func BenchmarkPosition(b *testing.B) {
	g, err := ReadFile(filepath.Join("testdata", "golden", "abande.trihex"))
	if err != nil {
		b.Fatal(err)
	}
	ml := g.Root.MainLine()
	last := ml[len(ml)-1]
	b.ReportAllocs()
	for b.Loop() {
		last.Position(g.Start)
	}
}

// randomTree grows a tree of legal moves from start: a main line of up to n
// moves, variations nested up to three deep, random marks, and comments (and
// start comments) from comment.
func randomTree(r *game.Rand, start game.State, n int, comment func() string) *Node {
	mark := func() string {
		if r.Intn(3) > 0 {
			return ""
		}
		return Marks[r.Intn(len(Marks))]
	}
	// grow adds a line of up to n random moves after n0 (position s), with
	// variations when depth allows.
	var grow func(n0 *Node, s game.State, n, depth int)
	grow = func(n0 *Node, s game.State, n, depth int) {
		s = s.Clone()
		for range n {
			legal := s.LegalMoves(nil)
			if len(legal) == 0 {
				return
			}
			if depth < 3 && len(n0.Children) == 0 && r.Intn(4) == 0 {
				for range 1 + r.Intn(2) { // variations replacing the move grown next
					grow(n0, s, 1+r.Intn(6), depth+1)
				}
			}
			m := legal[r.Intn(len(legal))]
			c := n0.AddChild(m)
			c.MakeMainLine() // the move grown on continues the line; variations came first
			c.Mark, c.Comment, c.StartComment = mark(), comment(), comment()
			if r.Intn(3) == 0 {
				c.Clock = ClockStamp{Left: time.Duration(r.Intn(1<<30)) * time.Microsecond, Periods: int32(r.Intn(3)), Set: r.Intn(8) > 0}
			}
			s.Apply(m)
			n0 = c
		}
	}
	root := &Node{Comment: comment()}
	grow(root, start, n, 0)
	return root
}

var randomVariants = []struct{ game, opts string }{
	{"Abande", ""}, {"Attangle", ""}, {"Andantino", ""}, {"Andantino", "continuation=on"},
}

// cleanComments makes the comments and clocks of a tree what reading them back
// gives.
func cleanComments(n *Node) {
	n.Comment, n.StartComment = CleanComment(n.Comment), CleanComment(n.StartComment)
	switch {
	case !n.Clock.Set:
		n.Clock = ClockStamp{}
	default:
		n.Clock.Left = clockPrecision(min(n.Clock.Left, maxClock-time.Second))
	}
	for _, c := range n.Children {
		cleanComments(c)
	}
}

// TestTreeRoundTripRandom writes random trees of legal moves (variations nested
// three deep, marks, comments of braces, backslashes, line ends, wide characters
// and bytes that are not UTF-8) of every game and reads them back.
func TestTreeRoundTripRandom(t *testing.T) {
	r := game.NewRand(11)
	pieces := []string{"a", "b", " ", "\n", "\t", "{", "}", "\\", "\\}", "é", "(", ")", ";", "!", "1.", "\xff", "\u00a0",
		"[%clk 0:00:01.5]", "[%periods 2]", "[%", "]", "clk ", "0:01:00"}
	text := func() string {
		if r.Intn(3) > 0 {
			return ""
		}
		var b strings.Builder
		for range r.Intn(12) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		return b.String()
	}
	var total stats
	for _, v := range randomVariants {
		info, err := game.Lookup(v.game)
		if err != nil {
			t.Fatal(err)
		}
		start, err := info.Start(v.opts)
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			root := randomTree(r, start, r.Intn(60), text)
			st := treeStats(root)
			total.nodes += st.nodes
			total.variations += st.variations
			total.depth = max(total.depth, st.depth)
			if msg := writeReadBack(start, root); msg != "" {
				t.Fatalf("%s: %s", v.game, msg)
			}
		}
	}
	if total.variations < 50 || total.depth < 3 {
		t.Errorf("the random trees are too plain: %+v", total)
	}
}

// writeReadBack writes root with FormatTree, reads it back and writes it again,
// and says what went wrong, or returns "".
func writeReadBack(start game.State, root *Node) string {
	out, err := FormatTree(start, root, []Tag{{"Event", "random"}})
	if err != nil {
		return err.Error()
	}
	back, err := Read(strings.NewReader(out))
	if err != nil {
		return fmt.Sprintf("%v\n%s", err, out)
	}
	cleanComments(root)
	if d := treeDiff(root, back.Root, true); d != "" {
		return fmt.Sprintf("read back otherwise: %s\n%s", d, out)
	}
	if again, err := FormatTree(back.Start, back.Root, back.Record.Tags); err != nil || again != out {
		return fmt.Sprintf("written twice differs: %v\n%s\n---\n%s", err, out, again)
	}
	return ""
}

// FuzzFormatTree writes random trees of legal moves whose comments are cut from
// the fuzzer's text, and reads them back.
func FuzzFormatTree(f *testing.F) {
	f.Add(uint64(1), uint8(0), "a comment {with} braces \\ and \\} escapes")
	f.Add(uint64(2), uint8(1), "\n\t\xff\u00a0é")
	f.Add(uint64(3), uint8(2), strings.Repeat("long ", 40))
	f.Fuzz(func(t *testing.T, seed uint64, which uint8, text string) {
		v := randomVariants[int(which)%len(randomVariants)]
		info, err := game.Lookup(v.game)
		if err != nil {
			t.Fatal(err)
		}
		start, err := info.Start(v.opts)
		if err != nil {
			t.Fatal(err)
		}
		r := game.NewRand(seed)
		comment := func() string {
			if r.Intn(3) > 0 || text == "" {
				return ""
			}
			i := r.Intn(len(text))
			return text[i : i+r.Intn(len(text)-i+1)]
		}
		if msg := writeReadBack(start, randomTree(r, start, r.Intn(40), comment)); msg != "" {
			t.Fatalf("%s: %s", v.game, msg)
		}
	})
}
