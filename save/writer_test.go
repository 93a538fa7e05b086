package save

import (
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
)

// The background writer writes the latest version of each file, all of them by
// the time Flush returns, and reports failures.
func TestWriter(t *testing.T) {
	w := NewWriter()
	var last [NumWriteKinds]atomic.Int64
	for i := int64(1); i <= 50; i++ {
		for k := WriteKind(0); k < NumWriteKinds; k++ {
			w.Put(k, func() error { last[k].Store(i); return nil })
		}
	}
	w.Put(WriteSettings, func() error { return errors.New("disk full") })
	w.Put(WriteSettings, func() error { last[WriteSettings].Store(99); return nil })
	w.Flush()
	if last[WriteAutosave].Load() != 50 || last[WriteRecord].Load() != 50 || last[WriteSettings].Load() != 99 {
		t.Fatalf("written last: %d %d %d", last[0].Load(), last[1].Load(), last[2].Load())
	}
	w.Put(WriteRecord, func() error { return errors.New("gone") }) // after Flush: at once
	if errs := w.TakeErrors(); errs[WriteRecord] == nil {
		t.Fatalf("errors %v", errs)
	}
	if errs := w.TakeErrors(); errs != [NumWriteKinds]error{} {
		t.Fatalf("errors taken twice: %v", errs)
	}
	w.Flush() // a second Flush is harmless
}

// The three job builders write their files, with the contents taken when built.
func TestWriterJobs(t *testing.T) {
	dir := t.TempDir()
	w := NewWriter()
	rec := "[Game \"Abande\"]\n\n1. d4\n"
	w.Put(WriteAutosave, AutosaveJob(dir, rec))
	out := filepath.Join(dir, "out.trihex")
	w.Put(WriteRecord, RecordJob(out, rec))
	s := Settings{Recent: []string{"/a.trihex"}}
	w.Put(WriteSettings, SettingsJob(dir, s))
	s.Recent[0] = "/changed.trihex" // after the job was built: not written
	w.Flush()
	if errs := w.TakeErrors(); errs != [NumWriteKinds]error{} {
		t.Fatal(errs)
	}
	if b, err := os.ReadFile(out); err != nil || string(b) != rec {
		t.Errorf("record-out: %q %v", b, err)
	}
	got, _ := LoadSettings(dir)
	if len(got.Recent) != 1 || got.Recent[0] != "/a.trihex" {
		t.Errorf("settings: %+v", got)
	}
	if g, _, err := LoadAutosave(dir); err != nil || g == nil || len(g.Moves) != 1 {
		t.Errorf("autosave: %v %v", g, err)
	}
	// A job that fails is reported against its file.
	w.Put(WriteRecord, RecordJob(filepath.Join(dir, "no", "such", "dir.trihex"), rec))
	if errs := w.TakeErrors(); errs[WriteRecord] == nil || errs[WriteAutosave] != nil {
		t.Errorf("errors %v", errs)
	}
}
