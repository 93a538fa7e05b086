package ui

import (
	"errors"
	"sync/atomic"
	"testing"
)

// The background writer writes the latest version of each file, all of them by
// the time flush returns, and reports failures.
func TestBgWriter(t *testing.T) {
	w := newBgWriter()
	var last [numWriteKinds]atomic.Int64
	for i := int64(1); i <= 50; i++ {
		for k := writeKind(0); k < numWriteKinds; k++ {
			w.put(k, func() error { last[k].Store(i); return nil })
		}
	}
	w.put(writeSettings, func() error { return errors.New("disk full") })
	w.put(writeSettings, func() error { last[writeSettings].Store(99); return nil })
	w.flush()
	if last[writeAutosave].Load() != 50 || last[writeRecord].Load() != 50 || last[writeSettings].Load() != 99 {
		t.Fatalf("written last: %d %d %d", last[0].Load(), last[1].Load(), last[2].Load())
	}
	w.put(writeRecord, func() error { return errors.New("gone") }) // after flush: at once
	if errs := w.takeErrors(); errs[writeRecord] == nil {
		t.Fatalf("errors %v", errs)
	}
}
