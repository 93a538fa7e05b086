package ui

import (
	"testing"

	_ "trihex/ai/all"
	"trihex/game"
	_ "trihex/game/all"
)

// Every rules page's position replays legally from the start, its marks are
// cells, and every game the program ships has pages.
func TestRulePages(t *testing.T) {
	for _, name := range []string{"Abande", "Attangle", "Andantino"} {
		info, err := game.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		pages := rulePages[name]
		if len(pages) < 5 {
			t.Errorf("%s: %d rules pages", name, len(pages))
		}
		for i, pg := range pages {
			st, marks, err := rulePosition(info, pg)
			if err != nil {
				t.Errorf("%s page %d: %v", name, i+1, err)
				continue
			}
			if pg.caption == "" || (pg.marks != "" && len(marks) == 0) {
				t.Errorf("%s page %d: caption %q, marks %q → %v", name, i+1, pg.caption, pg.marks, marks)
			}
			if st.Result().Over && pg.marks == "legal" {
				t.Errorf("%s page %d: legal marks of a finished game", name, i+1)
			}
		}
	}
}
