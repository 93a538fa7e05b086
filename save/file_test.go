package save

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile is the table of ReadFile's error paths: a file that does not open
// keeps os.Open's message; a bad record is named by its base name.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	g, err := ReadFile(write("good.trihex", "[Game \"Attangle\"]\n\n1. a1 g1 2. d1 a4\n"))
	if err != nil || len(g.Moves) != 4 || g.Info.Name != "Attangle" {
		t.Fatalf("good file: %v %v", g, err)
	}
	cases := []struct{ path, want string }{
		{write("game.trihex", "[Game \"Attangle\"]\n\n1. d5 d4\n"),
			`game.trihex: save: line 3, column 7: move 1... "d4": `},
		{write("garbage.trihex", "[Game \"Abande\"]\n\n1. c3 zz9\n"),
			`garbage.trihex: save: line 3, column 7: move 1... "zz9": `},
		{write("nogame.trihex", "1. c3 c4\n"),
			"nogame.trihex: save: no Game tag (one of Abande, Andantino, Attangle)"},
		{write("badopt.trihex", "[Game \"Andantino\"]\n[Options \"continuation=sometimes\"]\n\n"),
			"badopt.trihex: save: Options tag: "},
		{write("badtag.trihex", "[Game Attangle]\n"),
			`badtag.trihex: save: line 1: bad tag "[Game Attangle]": value is not a quoted string`},
		{write("result.trihex", "[Game \"Abande\"]\n[Result \"1-0\"]\n\n1. d4 d5\n"),
			`result.trihex: save: line 2: Result tag says "1-0", but the game is not over`},
		{write("latin1.trihex", "[Game \"Abande\"]\n[White \"Jos\xe9\"]\n"),
			"latin1.trihex: save: record is not UTF-8 text"},
		{write("comment.trihex", "[Game \"Abande\"]\n\n1. d4 {never closed\n"),
			"comment.trihex: save: line 3: comment { not closed"},
		{dir, filepath.Base(dir) + ": save: read " + dir + ": is a directory"},
	}
	for _, c := range cases {
		g, err := ReadFile(c.path)
		var fe *FileError
		if g != nil || err == nil || !strings.HasPrefix(err.Error(), c.want) || !errors.As(err, &fe) || fe.Path != c.path {
			t.Errorf("%s: %v %v, want %q", filepath.Base(c.path), g, err, c.want)
		}
	}
	// A move error keeps its type under the file's name.
	_, err = ReadFile(filepath.Join(dir, "game.trihex"))
	if me, ok := errors.AsType[*MoveError](err); !ok || me.Ply != 2 || me.Token.Col != 7 {
		t.Errorf("move error %v", err)
	}
	// A missing file: os.Open's error, which names the whole path.
	missing := filepath.Join(dir, "missing.trihex")
	_, err = ReadFile(missing)
	if !errors.Is(err, fs.ErrNotExist) || err.Error() != "open "+missing+": no such file or directory" {
		t.Errorf("missing file: %v", err)
	}
	// ParseFile reads the syntax only: an illegal move is no error there.
	if rec, err := ParseFile(filepath.Join(dir, "game.trihex")); err != nil || len(rec.Moves) != 2 {
		t.Errorf("ParseFile: %v %v", rec, err)
	}
}

// "-" is standard input, named so in errors.
func TestReadFileStdin(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[Game \"Abande\"]\n\n1. d4 d5\n", ""},
		{"[Game \"Attangle\"]\n\n1. d5 d4\n", `standard input: save: line 3, column 7: move 1... "d4"`},
	} {
		p := filepath.Join(t.TempDir(), "in")
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		stdin := os.Stdin
		os.Stdin = f
		g, err := ReadFile("-")
		os.Stdin = stdin
		f.Close()
		switch {
		case c.want == "" && (err != nil || len(g.Moves) != 2):
			t.Errorf("stdin: %v %v", g, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("stdin: %v, want %q", err, c.want)
		}
	}
}

// FuzzReadFile: any file either loads or gives a *FileError that names it, and
// ReadFile agrees with Read.
func FuzzReadFile(f *testing.F) {
	for _, s := range []string{
		"[Game \"Attangle\"]\n\n1. a1 g1 2. d1 a4\n",
		"[Game \"Andantino\"]\n[Options \"adjacency=strict\"]\n\n1. j10 k10\n",
		"[Game \"Abande\"]\n\n1. c3 zz9\n",
		"{\n[Game \"Abande\"]",
		"\uFEFF[Game \"Abande\"]\r\n\r\n1... d4 ;\n",
	} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		p := filepath.Join(dir, "fuzz.trihex")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := ReadFile(p)
		want, werr := Read(strings.NewReader(text))
		if err == nil {
			if werr != nil || len(g.Moves) != len(want.Moves) {
				t.Fatalf("ReadFile loads, Read says %v", werr)
			}
			return
		}
		fe, ok := errors.AsType[*FileError](err)
		if !ok || werr == nil || fe.Err.Error() != werr.Error() || err.Error() != "fuzz.trihex: "+werr.Error() {
			t.Fatalf("ReadFile: %v; Read: %v", err, werr)
		}
	})
}
