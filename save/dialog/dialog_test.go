package dialog

import "testing"

func TestWithExtension(t *testing.T) {
	for in, want := range map[string]string{
		"":                     "",
		"/tmp/game":            "/tmp/game.trihex",
		"/tmp/game.trihex":     "/tmp/game.trihex",
		"/tmp/game.txt":        "/tmp/game.txt",
		"/tmp/v1.2/game":       "/tmp/v1.2/game.trihex",
		"/tmp/dir/":            "/tmp/dir/",
		"relative/name":        "relative/name.trihex",
		"/tmp/with space/game": "/tmp/with space/game.trihex",
	} {
		if got := WithExtension(in); got != want {
			t.Errorf("WithExtension(%q) = %q, want %q", in, got, want)
		}
	}
}
