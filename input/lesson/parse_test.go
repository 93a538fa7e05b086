package lesson

import (
	"io/fs"
	"strings"
	"testing"
)

// A small valid lesson; the table below breaks it one way at a time.
const good = `title: T
game: Abande
summary: S
else: Try again.
---
moves: d4 c3 d5 c4
say: Capture c4 with d5.
expect: d5-c4
check: capture
`

func TestParseRefuses(t *testing.T) {
	cases := []struct {
		name, text, want string
	}{
		{"no game", "title: T\nsummary: S\n---\nsay: x\n", "t.txt:1: the header names no game"},
		{"unknown game", "title: T\ngame: Chess\nsummary: S\n---\nsay: x\n", `t.txt:2: game: unknown game "Chess"`},
		{"no title", "game: Abande\nsummary: S\n---\nsay: x\n", "t.txt:1: the header has no title"},
		{"no summary", "title: T\ngame: Abande\n---\nsay: x\n", "t.txt:1: the header has no summary"},
		{"bad option", "title: T\ngame: Attangle\nsummary: S\noptions: stalemate=maybe\n---\nsay: x\n", `t.txt:4: game: Attangle option stalemate has no value "maybe"`},
		{"header key twice", "title: T\ntitle: U\n", "t.txt:2: title given twice"},
		{"unknown header key", "title: T\nauthor: me\n", `t.txt:2: unknown header key "author"`},
		{"no steps", "title: T\ngame: Abande\nsummary: S\n", "t.txt:1: the lesson has no steps"},
		{"no colon", "title: T\ngame Abande\n", `t.txt:2: want key: value, got "game Abande"`},
		{"dangling indent", "title: T\n\n  more\n", "t.txt:3: indented line continues no value"},
		{"no say", strings.Replace(good, "say: Capture c4 with d5.\n", "", 1), "t.txt:5: the step has no say"},
		{"unknown step key", good + "hint: d5\n", `t.txt:10: hint: unknown step key "hint"`},
		{"step key twice", good + "say: again\n", "t.txt:10: say given twice in one step"},
		{"bad spelling", strings.Replace(good, "d5 c4\n", "d5 zz\n", 1), `t.txt:6: moves: abande: bad move "zz"`},
		{"illegal setup", strings.Replace(good, "d5 c4\n", "d5 d5\n", 1), `t.txt:6: moves: move 4: abande: illegal move "d5": d5 is occupied`},
		{"illegal expect", strings.Replace(good, "expect: d5-c4", "expect: d5-e4", 1), `t.txt:8: expect: abande: illegal move "d5-e4"`},
		{"empty expect", strings.Replace(good, "expect: d5-c4", "expect:", 1), "t.txt:8: expect: no move given"},
		{"wrong is illegal", good + "wrong d5-e4: no\n", `t.txt:10: wrong d5-e4: abande: illegal move "d5-e4"`},
		{"illegal is legal", good + "illegal d4-c4: no\n", "t.txt:10: illegal d4-c4: the move is legal here"},
		{"wrong without text", good + "wrong d4-c4:\n", "t.txt:10: wrong d4-c4: no text"},
		{"wrong without move", good + "wrong: text\n", "t.txt:10: wrong: wrong needs a move"},
		{"expected and wrong", good + "wrong d5-c4: no\n", "t.txt:10: d5-c4 is both expected and wrong"},
		{"wrong twice", good + "wrong d4-c4: a\nwrong d4-c4: b\n", "t.txt:11: wrong d4-c4: move d4-c4 anticipated twice"},
		{"check fails", strings.Replace(good, "check: capture", "check: height 3", 1), `t.txt:9: check "height 3" fails after d5-c4: the stack is 2 high`},
		{"unknown check", strings.Replace(good, "check: capture", "check: capture, fork", 1), `t.txt:9: check: unknown check "fork"`},
		{"check of another game", strings.Replace(good, "check: capture", "check: triples 3", 1), `t.txt:9: check: check "triples" does not apply to Abande`},
		{"check arguments", strings.Replace(good, "check: capture", "check: score 3", 1), `t.txt:9: check: check "score" takes 2 number(s)`},
		{"check number", strings.Replace(good, "check: capture", "check: height x", 1), `t.txt:9: check: check "height": "x" is not a number`},
		{"look off the board", good + "look: h9\n", `t.txt:10: look: "h9" is not a cell of Abande`},
		{"no else", strings.Replace(good, "else: Try again.\n", "", 1), "t.txt:4: the step has no else"},
		{"explanation with else", "title: T\ngame: Abande\nsummary: S\n---\nsay: x\nelse: y\n", "t.txt:4: an explanation step (no expect) takes no else"},
		{"explanation check without moves", "title: T\ngame: Abande\nsummary: S\n---\nsay: x\ncheck: pass\n", "t.txt:4: an explanation step"},
		{"reply after the end", "title: T\ngame: Andantino\nsummary: S\nelse: e\n---\nmoves: 0,1 1,1 0,2 1,2 0,3 1,-1\nsay: win\nexpect: 0,-1\nreply: 1,3\n",
			"t.txt:9: reply: the game is over after 0,-1"},
		{"continues a finished game", "title: T\ngame: Andantino\nsummary: S\nelse: e\n---\nmoves: 0,1 1,1 0,2 1,2 0,3 1,-1\nsay: win\nexpect: 0,-1\n---\nsay: more\n",
			"t.txt:9: the step's position is already over (White wins: line of five)"},
		{"illegal reply", good + "reply: c4-d5\n", `t.txt:10: reply after d5-c4: abande: illegal move "c4-d5"`},
		{"far cell", "title: T\ngame: Andantino\nsummary: S\n---\nsay: x\nlook: 99999999,0\n", `t.txt:6: look: "99999999,0" is not a cell of Andantino`},
		{"look far from the tiles", "title: T\ngame: Andantino\nsummary: S\n---\nsay: x\nlook: 5,5\n", "t.txt:6: look: 5,5 is not a cell of the position"},
		{"not UTF-8", "title: \xff\n", "t.txt:1: file is not UTF-8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.txt", []byte(c.text))
			if err == nil {
				t.Fatalf("accepted:\n%s", c.text)
			}
			if !strings.HasPrefix(err.Error(), "lesson: t.txt:") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q\nwant it to contain %q", err, c.want)
			}
		})
	}
}

// TestParseFormat reads the forms the package doc promises: comments,
// continuation lines, CRLF line ends, move numbers, "any", several checks.
func TestParseFormat(t *testing.T) {
	text := "# A comment.\r\n" +
		"title: Two\r\n" +
		"  lines\r\n" +
		"game: abande\r\n" +
		"summary: S\r\n" +
		"---\r\n" +
		"moves: 1. d4\r\n" +
		"  c3\r\n" +
		"say: Enter.\r\n" +
		"# comments may sit between keys\r\n" +
		"look: D4 c3\r\n" +
		"expect: any\r\n" +
		"illegal g1: Far.\r\n" +
		"check: place,pool 16\r\n"
	l, err := Parse("t.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	st := l.Steps[0]
	switch {
	case l.Title != "Two lines" || l.Game.Name != "Abande":
		t.Errorf("header: %q %q", l.Title, l.Game.Name)
	case len(st.Setup) != 2 || st.Continue || !st.Any || len(st.Look) != 2:
		t.Errorf("step: %+v", st)
	case len(st.Checks) != 2 || st.Checks[1] != "pool 16":
		t.Errorf("checks: %q", st.Checks)
	case len(st.Wrong) != 1 || !st.Wrong[0].Illegal || st.Wrong[0].Text != "Far.":
		t.Errorf("wrong: %+v", st.Wrong)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("title: T\ngame: Andantino\nsummary: S\noptions: continuation=on\n---\nmoves: 0,1\nsay: x\nexpect: any\ncheck: touches 2, tiles 4\n"))
	f.Add([]byte("title: T\ngame: Attangle\nsummary: S\n---\nsay: x\n---\nmoves: d1 d3 d6 g1\nsay: y\nexpect: d1,d6-d3\nelse: e\ncheck: capture, height 2, pool 17\n"))
	_ = fs.WalkDir(files, "lessons", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := files.ReadFile(path)
			f.Add(data)
		}
		return nil
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse("f.txt", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "lesson: f.txt:") {
				t.Fatalf("error without the file and line: %v", err)
			}
			return
		}
		// A lesson that parses can be played to its end.
		r := Start(l)
		for n := 0; !r.Done(); n++ {
			if n > len(l.Steps) {
				t.Fatal("the runner does not advance")
			}
			st := r.Step()
			if st.Explain() {
				r.Next()
				continue
			}
			if v := r.Try(firstAccepted(st, r.Position())); !v.OK {
				t.Fatalf("the first accepted move was refused: %+v", v)
			}
		}
	})
}

// docExample is the example of the package doc; it must stay a valid lesson.
const docExample = `# Lines starting with # are comments.
title: Capturing by stacking
game: Abande
summary: Move a whole stack onto an enemy stack next to it.
else: That is legal, but not the move this step asks for. Try again.
---
moves: d4 c3 d5 c4
say: Instead of entering a piece you may capture. Capture the white
  piece on c4 with your piece on d5.
look: d5 c4
expect: d5-c4
wrong d4-c4: That captures c4 too, but use the piece on d5.
illegal d5-e4: A stack only moves onto an enemy stack.
check: capture, height 2
right: Your piece is on top, so the stack is yours.
reply: c3-d4
---
say: White did the same on d4: the stack there is White's now.
look: d4
`

func TestDocExample(t *testing.T) {
	l, err := Parse("example.txt", []byte(docExample))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Steps) != 2 || !l.Steps[1].Explain() || !l.Steps[1].Continue {
		t.Errorf("steps: %+v", l.Steps)
	}
}
