package attangle

import (
	"strings"
	"testing"
)

// FuzzParseMove: nothing panics; whatever parses formats to the one canonical
// spelling (lower case, no spaces, attackers in label order), which parses back to
// the same move; the text read is that spelling or the one with the attackers
// swapped, up to case and spaces; and every other accepted spelling of the move
// (attackers swapped as Abstract Play writes them, upper case, spaces anywhere)
// reads as the same move. A parsed move may still be illegal; IsLegal and Play must
// cope with it.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"c3", "a1,c3-b2", " D4 ", "g4", "a1,a2-a3", "pass", "c3-d4", "a1,c3-", "é1", "a1,,b2-c3",
		"f5,c1-c4", "c1,f5-c4", " F5 , C1 - C4 ", "c3,a1-b2", "b2,b2-c3", "a1\u00a0,c3-b2"} {
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
		target, a, b, capture, ok := Decode(m)
		if !ok || spelled != strings.ToLower(spelled) || strings.ContainsAny(spelled, " \t") {
			t.Fatalf("%q formats as %q", txt, spelled)
		}
		spellings := []string{spelled}
		if capture {
			if a >= b {
				t.Fatalf("%q: attackers %v, %v out of label order", txt, a, b)
			}
			spellings = append(spellings, b.Label()+","+a.Label()+"-"+target.Label())
		}
		if norm := strings.ToLower(strings.Join(strings.Fields(txt), "")); norm != spellings[0] && (len(spellings) == 1 || norm != spellings[1]) {
			t.Fatalf("%q reads as %q, but is neither %v", txt, spelled, spellings)
		}
		for _, sp := range spellings {
			for _, alt := range []string{sp, strings.ToUpper(sp), " " + strings.Join(strings.Split(sp, ""), " ") + "\t"} {
				if got, err := ParseMove(alt); err != nil || got != m {
					t.Fatalf("%q (another spelling of %q) reads as %v, %v", alt, spelled, got, err)
				}
			}
		}
		c := st.Clone().(*State)
		if c.IsLegal(m) != (c.Play(m) == nil) {
			t.Fatalf("IsLegal and Play disagree on %q", spelled)
		}
	})
}
