package cli

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"slices"
	"testing"
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
