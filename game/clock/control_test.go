package clock

import (
	"strings"
	"testing"
	"time"
)

const (
	s  = time.Second
	m  = time.Minute
	ms = time.Millisecond
)

// Each control's tag and label, read back both ways.
func TestSpellings(t *testing.T) {
	cases := []struct {
		c          Control
		tag, label string
	}{
		{Control{}, "-", "no clock"},
		{FischerControl(5*m, 5*s), "300+5", "5+5"},
		{FischerControl(30*s, 500*ms), "30+0.5", "0.5+0.5"},
		{FischerControl(m, 0), "60+0", "1+0"},
		{FischerControl(20*s, s), "20+1", "20s+1"},
		{FischerControl(90*m, 30*s), "5400+30", "90+30"},
		{ByoYomiControl(10*m, 5, 30*s), "600+5x30", "10m 5×30s"},
		{ByoYomiControl(0, 3, 10*s), "0+3x10", "3×10s"},
		{ByoYomiControl(90*m, 1, 90*s), "5400+1x90", "1h30m 1×1m30s"},
		{CorrespondenceControl(1), "1d/move", "1 day"},
		{CorrespondenceControl(7), "7d/move", "7 days"},
	}
	for _, c := range cases {
		if err := c.c.Valid(); err != nil {
			t.Errorf("%v: %v", c.c, err)
		}
		if got := c.c.String(); got != c.tag {
			t.Errorf("%+v: tag %q, want %q", c.c, got, c.tag)
		}
		if got := c.c.Label(); got != c.label {
			t.Errorf("%+v: label %q, want %q", c.c, got, c.label)
		}
		if got, err := Parse(c.tag); err != nil || got != c.c {
			t.Errorf("Parse(%q) = %+v, %v", c.tag, got, err)
		}
		if got, err := ParseLabel(c.label); err != nil || got != c.c {
			t.Errorf("ParseLabel(%q) = %+v, %v", c.label, got, err)
		}
	}
	for _, p := range Presets {
		if err := p.Valid(); err != nil {
			t.Errorf("preset %s: %v", p.Label(), err)
		}
	}
}

// Other spellings that read, and what they read as.
func TestParseOtherSpellings(t *testing.T) {
	tags := map[string]Control{
		" 300 ":       FischerControl(5*m, 0),
		"":            {},
		"600+5×30":    ByoYomiControl(10*m, 5, 30*s),
		"1.25+0.125":  FischerControl(1250*ms, 125*ms),
		"14d/move":    CorrespondenceControl(14),
		"86400+3600":  FischerControl(24*time.Hour, time.Hour),
		"0.001+0.000": FischerControl(ms, 0),
	}
	for in, want := range tags {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	labels := map[string]Control{
		"3 + 2":         FischerControl(3*m, 2*s),
		"3m+2s":         FischerControl(3*m, 2*s),
		"0.25+0":        FischerControl(15*s, 0),
		"10M 5X30S":     ByoYomiControl(10*m, 5, 30*s),
		"10 5x30":       ByoYomiControl(10*m, 5, 30*s),
		"3d":            CorrespondenceControl(3),
		"3 days/move":   CorrespondenceControl(3),
		"2 days a move": CorrespondenceControl(2),
		"None":          {},
		"  no   clock ": {},
		"1h+0":          FischerControl(time.Hour, 0),
		"5x30s":         ByoYomiControl(0, 5, 30*s),
		"1m30s 2×1m":    ByoYomiControl(90*s, 2, m),
		"1440+3600s":    FischerControl(24*time.Hour, time.Hour),
	}
	for in, want := range labels {
		if got, err := ParseLabel(in); err != nil || got != want {
			t.Errorf("ParseLabel(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
}

// What does not read says why, with the package's prefix.
func TestParseRefuses(t *testing.T) {
	tags := []string{"300+", "+5", "-300+5", "300+-5", "0+0", "300+5x", "300+0x30", "300+5x0", "abc", "300+5+5",
		"0d/move", "61d/move", "d/move", "-3d/move", "90000+0", "300+3601", "0.0001+0", "300+101x30", "1e3+0", "300+5x30x2", "3 days"}
	for _, in := range tags {
		if c, err := Parse(in); err == nil || !strings.HasPrefix(err.Error(), "clock: ") {
			t.Errorf("Parse(%q) = %+v, %v", in, c, err)
		}
	}
	labels := []string{"3", "3+", "+2", "-3+2", "3+-2", "0+0", "10m 0×30s", "10m 5×", "x", "0 days", "3 weeks",
		"3 dayz", "10m 5×30s extra", "3+2x", "1e1+0", "++", "0.0166666666666+30"}
	for _, in := range labels {
		if c, err := ParseLabel(in); err == nil || !strings.HasPrefix(err.Error(), "clock: ") {
			t.Errorf("ParseLabel(%q) = %+v, %v", in, c, err)
		}
	}
	if (Control{Kind: 9}).Valid() == nil || (Control{Base: s}).Valid() == nil || (Control{Kind: Fischer, Base: s, Periods: 1}).Valid() == nil {
		t.Error("Valid passes bad controls")
	}
}

func TestLowTime(t *testing.T) {
	cases := map[Control]time.Duration{
		FischerControl(m, 0):           10 * s,
		FischerControl(3*m, 2*s):       22500 * ms,
		FischerControl(10*m, 5*s):      60 * s,
		FischerControl(30*m, 20*s):     60 * s,
		ByoYomiControl(0, 5, 30*s):     10 * s,
		ByoYomiControl(2*m, 5, 30*s):   15 * s,
		CorrespondenceControl(1):       3 * time.Hour,
		FischerControl(40*s, 500*ms):   10 * s,
		FischerControl(160*s, 500*ms):  20 * s,
		FischerControl(1000*s, 500*ms): 60 * s,
	}
	for c, want := range cases {
		if got := c.LowTime(); got != want {
			t.Errorf("%s: low time %v, want %v", c.Label(), got, want)
		}
	}
}

// Whatever Parse reads is valid and writes a tag and a label that read back to
// it.
func FuzzParse(f *testing.F) {
	for _, in := range []string{"-", "300+5", "30+0.5", "600+5x30", "0+3×10", "3d/move", "300", " 1.5+0 "} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c, err := Parse(in)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "clock: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		roundTrip(t, c)
	})
}

// Whatever ParseLabel reads is valid and writes a tag and a label that read
// back to it.
func FuzzParseLabel(f *testing.F) {
	for _, in := range []string{"no clock", "3+2", "0.5+0", "20s+1", "10m 5×30s", "5x30s", "3 days", "1d", "1h30m 2×1m30s"} {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c, err := ParseLabel(in)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "clock: ") {
				t.Fatalf("error without prefix: %v", err)
			}
			return
		}
		roundTrip(t, c)
	})
}

func roundTrip(t *testing.T, c Control) {
	t.Helper()
	if err := c.Valid(); err != nil {
		t.Fatalf("%+v read but is not valid: %v", c, err)
	}
	if back, err := Parse(c.String()); err != nil || back != c {
		t.Fatalf("%+v: tag %q reads back as %+v, %v", c, c.String(), back, err)
	}
	if back, err := ParseLabel(c.Label()); err != nil || back != c {
		t.Fatalf("%+v: label %q reads back as %+v, %v", c, c.Label(), back, err)
	}
}
