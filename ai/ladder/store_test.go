package ladder

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var sample = []Result{
	{Game: "Abande", A: "random", B: "1", W: 0, D: 1, L: 19, Seed: 7, Date: "2025-01-02"},
	{Game: "Andantino", A: uctSpec, B: "4", W: 3, D: 0, L: 2, Seed: 18446744073709551615, Date: "2025-12-31"},
}

// Write then Read gives back the results, header skipped.
func TestWriteRead(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, sample); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "# game\t") {
		t.Errorf("no header:\n%s", b.String())
	}
	got, err := Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, sample) {
		t.Errorf("read back %+v, want %+v", got, sample)
	}
}

// Append creates the file with its header once and adds lines after it; a file
// that does not exist reads as no results.
func TestAppend(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.tsv")
	if got, err := ReadFile(path); err != nil || got != nil {
		t.Fatalf("missing file: %v, %v", got, err)
	}
	for _, r := range sample {
		if err := Append(path, r); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), "# game"); n != 1 {
		t.Errorf("%d headers:\n%s", n, data)
	}
	got, err := ReadFile(path)
	if err != nil || !reflect.DeepEqual(got, sample) {
		t.Errorf("got %+v, %v", got, err)
	}
	if err := Append(path, Result{Game: "Abande", A: "1", B: "1", Date: "2025-01-01"}); err == nil || !strings.HasPrefix(err.Error(), "ladder: ") {
		t.Errorf("appending a self-pairing: %v", err)
	}
}

// A malformed line is refused with its line number, and the file's path when
// read from a file.
func TestMalformed(t *testing.T) {
	good := sample[0].Line()
	for _, bad := range []string{
		"Abande\trandom\t1\t0\t1\t19\t7",                  // 7 fields
		"Abande\trandom\t1\t0\t1\t19\t7\t2025-01-02\tx",   // 9 fields
		"Abande\trandom\t1\t0\t-1\t19\t7\t2025-01-02",     // negative
		"Abande\trandom\t1\tx\t1\t19\t7\t2025-01-02",      // not a number
		"Abande\trandom\trandom\t0\t1\t19\t7\t2025-01-02", // self
		"\trandom\t1\t0\t1\t19\t7\t2025-01-02",            // no game
		"Abande\trandom\t1\t0\t1\t19\t-7\t2025-01-02",     // seed
		"Abande\trandom\t1\t0\t1\t19\t7\t2025-13-02",      // date
		"Abande random 1 0 1 19 7 2025-01-02",             // spaces, not tabs
	} {
		text := header + good + "\n\n# comment\n" + bad + "\n" + good + "\n"
		_, err := Read(strings.NewReader(text))
		pe, ok := errors.AsType[*ParseError](err)
		if !ok || pe.Line != 5 || !strings.HasPrefix(err.Error(), "ladder: line 5: ") {
			t.Errorf("%q: %v", bad, err)
		}
		path := filepath.Join(t.TempDir(), "r.tsv")
		os.WriteFile(path, []byte(text), 0o644)
		if _, err := ReadFile(path); err == nil || !strings.HasPrefix(err.Error(), "ladder: "+path+":5: ") {
			t.Errorf("%q from a file: %v", bad, err)
		}
	}
}

// Totals adds up a pairing's lines whichever way round they name it, per game.
func TestTotals(t *testing.T) {
	rs := []Result{
		{Game: "Abande", A: "1", B: "2", W: 1},
		{Game: "Abande", A: "2", B: "1", W: 2, D: 1},
		{Game: "Attangle", A: "1", B: "2", W: 5},
		{Game: "abande", A: "1", B: "2", L: 1},
		{Game: "Abande", A: "2", B: "3", D: 4},
	}
	got := Totals(rs, "Abande")
	want := []Pair{{A: "1", B: "2", W: 1, D: 1, L: 3}, {A: "2", B: "3", D: 4}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}
