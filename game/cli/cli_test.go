package cli

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"slices"
	"testing"

	"trihex/game"
)

func TestExit(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
		want string
	}{
		{nil, 0, ""},
		{errors.New("disk full"), 1, "trihex: disk full\n"},
		{UsageError("perft takes a game"), 2, "trihex: perft takes a game\nusage: trihex perft\n"},
	} {
		var b bytes.Buffer
		if code := Exit(c.err, &b, "trihex perft"); code != c.code || b.String() != c.want {
			t.Errorf("Exit(%v) = %d, %q; want %d, %q", c.err, code, b.String(), c.code, c.want)
		}
	}
}

// Flags may stand before, between and after the positional arguments.
func TestSplitFlags(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	opts := fs.String("options", "", "")
	pos, err := SplitFlags(fs, []string{"abande", "--options", "a=b", "4"})
	if err != nil || !slices.Equal(pos, []string{"abande", "4"}) || *opts != "a=b" {
		t.Errorf("%v %v %q", pos, err, *opts)
	}
	if _, err := SplitFlags(fs, []string{"abande", "--nope"}); err == nil {
		t.Error("a bad flag is accepted")
	} else if _, ok := errors.AsType[UsageError](err); !ok {
		t.Errorf("a bad flag gives %T", err)
	}
}

// TestFlags: the shared preamble counts the positional arguments, refuses a
// bad --threads, and prints a failure with the usage line.
func TestFlags(t *testing.T) {
	for _, c := range []struct {
		args    []string
		want    int
		pos     []string
		threads int
		err     string
	}{
		{[]string{"a.trihex", "--threads", "2"}, 1, []string{"a.trihex"}, 2, ""},
		{[]string{"a", "b", "c"}, -1, []string{"a", "b", "c"}, 4, ""},
		{[]string{}, 1, nil, 4, "takes one file"},
		{[]string{"a", "b"}, 1, nil, 4, "takes one file"},
		{[]string{"a", "--threads", "0"}, 1, nil, 0, "--threads 0: want 1 or more"},
		{[]string{"a", "--nope"}, 1, nil, 4, "flag provided but not defined: -nope"},
	} {
		var b bytes.Buffer
		f := NewFlags("x", "trihex x FILE", &b)
		threads := f.Threads(4, "")
		pos, err := f.Parse(c.args, c.want, "takes one file")
		if c.err == "" {
			if err != nil || !slices.Equal(pos, c.pos) || *threads != c.threads {
				t.Errorf("%q: %q, %d threads, %v", c.args, pos, *threads, err)
			}
			continue
		}
		if err == nil || err.Error() != c.err {
			t.Errorf("%q: error %v, want %q", c.args, err, c.err)
			continue
		}
		if code := f.Fail(err); code != 2 || b.String() != "trihex: "+c.err+"\nusage: trihex x FILE\n" {
			t.Errorf("%q: Fail = %d, %q", c.args, code, b.String())
		}
	}
	if _, err := NewFlags("x", "", io.Discard).Parse([]string{"a"}, 0, ""); err == nil || err.Error() != `unexpected argument "a"` {
		t.Errorf("a command without arguments given one: %v", err)
	}
	f := NewFlags("x", "", io.Discard)
	f.String("options", "", "")
	if _, err := f.Parse([]string{"--options", "a=b"}, 0, ""); err != nil || !f.Set("options") || f.Set("nope") {
		t.Errorf("Set: %v %v %v", err, f.Set("options"), f.Set("nope"))
	}
}

// TestGame: a known game by any case; an unknown one is a usage error.
func TestGame(t *testing.T) {
	game.Register(&game.Info{Name: "Toyhex"})
	if info, err := Game("toyhex"); err != nil || info.Name != "Toyhex" {
		t.Errorf("Game(toyhex) = %v, %v", info, err)
	}
	if _, err := Game("nope"); err == nil {
		t.Error("an unknown game is found")
	} else if _, ok := errors.AsType[UsageError](err); !ok {
		t.Errorf("an unknown game gives %T", err)
	}
}
