package attangle

import (
	"testing"
)

// FuzzParseMove: nothing panics, and whatever parses formats to a spelling that
// parses back to the same move. A parsed move may still be illegal; IsLegal and Play
// must cope with it.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c3", "a1,c3-b2", " D4 ", "g4", "a1,a2-a3", "pass", "c3-d4", "a1,c3-", "é1", "a1,,b2-c3"} {
		f.Add(s)
	}
	st := start(f, "", "d1", "d5", "f5", "b5")
	f.Fuzz(func(t *testing.T, txt string) {
		m, err := ParseMove(txt)
		if err != nil {
			return
		}
		spelled := st.FormatMove(m)
		back, err := ParseMove(spelled)
		if err != nil || back != m {
			t.Fatalf("%q parses to %v, formats as %q, parses back to %v, %v", txt, m, spelled, back, err)
		}
		c := st.Clone().(*State)
		if c.IsLegal(m) != (c.Play(m) == nil) {
			t.Fatalf("IsLegal and Play disagree on %q", spelled)
		}
	})
}
