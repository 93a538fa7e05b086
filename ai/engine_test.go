package ai

import (
	"strings"
	"testing"
	"time"
)

// TestParseEngine: the arena's engine names, their settings, and the names it
// refuses with an "ai:" error.
func TestParseEngine(t *testing.T) {
	ab := func(e Engine) ABConfig { return e.(*abEngine).cfg }
	good := []struct {
		name  string
		check func(Engine) bool
	}{
		{"random", func(e Engine) bool { _, ok := e.(*random); return ok }},
		{"Level3", func(e Engine) bool { return e != nil }},
		{" 5 ", func(e Engine) bool { _, ok := e.(*abEngine); return ok }},
		{"ab", func(e Engine) bool { return ab(e).Time == Levels[5].Time && ab(e).Defend == 0 }},
		{"ab,n=5000,t=0.5", func(e Engine) bool { return ab(e).Nodes == 5000 && ab(e).Time == 500*time.Millisecond }},
		{"ab,d=1", func(e Engine) bool { return ab(e).Defend == 1 }},
		{"ab,q=0", func(e Engine) bool { return ab(e).NoQuiesce }},
		{"ab,ph=1", func(e Engine) bool { return ab(e).Phase }},
		{"ab,bk=1", func(e Engine) bool { return ab(e).Book }},
		{"ab,mp=3", func(e Engine) bool { return ab(e).MultiPV == 3 }},
		{"expert", func(e Engine) bool { return e.Name() == "Expert" && ab(e).Nodes == Levels[Expert].Nodes && ab(e).Phase }},
		{"6", func(e Engine) bool { return e.Name() == "Expert" && monteCarlo(e).top == 7 }},
	}
	for _, c := range good {
		e, err := ParseEngine(c.name, 0, 0, 1)
		if err != nil || !c.check(e) {
			t.Errorf("ParseEngine(%q) = %+v, %v", c.name, e, err)
		}
	}
	for _, name := range []string{"", "7", "level0", "ab,z=1", "ab,d=-1", "ab,d=NaN", "ab,n", "uct,p=abc", "zz,p=1"} {
		if e, err := ParseEngine(name, 0, 0, 1); err == nil || !strings.HasPrefix(err.Error(), "ai: ") {
			t.Errorf("ParseEngine(%q) = %v, %v; want an ai: error", name, e, err)
		}
	}
}

// FuzzParseEngine: any name gives an engine or an "ai:" error, never a panic.
func FuzzParseEngine(f *testing.F) {
	for _, s := range []string{"3", "uct", "random", "ab,n=2000,d=2", "5,p=100", "x,t=0.1,c=0.7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		e, err := ParseEngine(name, 0, 0, 1)
		if (e == nil) == (err == nil) {
			t.Fatalf("ParseEngine(%q) = %v, %v", name, e, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "ai: ") {
			t.Fatalf("ParseEngine(%q): error %q has no package prefix", name, err)
		}
	})
}

// TestExpertBudget: Expert searches more than level 5 in every game, on the
// same budgets per thread, with a longer time cap.
func TestExpertBudget(t *testing.T) {
	for _, v := range variants[:4] {
		info := startOf(t, v.game, v.opts).Info()
		if Levels[Expert].Budget(info) <= Levels[5].Budget(info) {
			t.Errorf("%s: Expert's %d playouts, level 5's %d", v.game, Levels[Expert].Budget(info), Levels[5].Budget(info))
		}
	}
	if Levels[Expert].Nodes <= Levels[5].Nodes || Levels[Expert].Time <= Levels[5].Time {
		t.Error("Expert's node budget and time cap should be above level 5's")
	}
	if LevelName(3) != "level 3" || LevelName(Expert) != "Expert" {
		t.Error("level names")
	}
}
