package ui

import (
	"sync"

	"trihex/save"
)

// Files the app rewrites often (the autosave and --record-out after every move,
// the settings on every View change) are written by one background goroutine, so
// that Update never waits for the disk (WriteFileAtomic syncs). Each file has a
// one-slot queue: a newer version replaces one not yet written. flush writes what
// is left, before the app exits.

// writeKind names a file the background writer keeps.
type writeKind int

const (
	writeAutosave writeKind = iota
	writeRecord
	writeSettings
	numWriteKinds
)

// writeJob writes one version of a file.
type writeJob func() error

type bgWriter struct {
	queues [numWriteKinds]chan writeJob
	wake   chan struct{} // one slot: some queue has a job
	stop   chan struct{} // closed by flush
	done   chan struct{} // closed when the goroutine has written everything

	mu     sync.Mutex
	errs   [numWriteKinds]error // the last failure of each file, until taken
	closed bool
}

func newBgWriter() *bgWriter {
	w := &bgWriter{wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	for i := range w.queues {
		w.queues[i] = make(chan writeJob, 1)
	}
	go w.run()
	return w
}

// put queues job for the file k, replacing a version not yet written. Only the
// Update goroutine calls it. After flush it writes at once.
func (w *bgWriter) put(k writeKind, job writeJob) {
	w.mu.Lock()
	closed := w.closed
	w.mu.Unlock()
	if closed {
		w.result(k, job())
		return
	}
	q := w.queues[k]
	select {
	case <-q: // an older version not written yet: dropped
	default:
	}
	q <- job // the only sender, and the slot is free now
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *bgWriter) run() {
	defer close(w.done)
	for {
		select {
		case <-w.wake:
			w.drain()
		case <-w.stop:
			w.drain()
			return
		}
	}
}

// drain writes every queued file once.
func (w *bgWriter) drain() {
	for k, q := range w.queues {
		select {
		case job := <-q:
			w.result(writeKind(k), job())
		default:
		}
	}
}

func (w *bgWriter) result(k writeKind, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		w.errs[k] = err
	}
}

// takeErrors returns the failures since the last call, by file.
func (w *bgWriter) takeErrors() (errs [numWriteKinds]error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	errs, w.errs = w.errs, [numWriteKinds]error{}
	return errs
}

// flush writes the queued files and waits for them; later puts write at once.
func (w *bgWriter) flush() {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	w.closed = true
	w.mu.Unlock()
	close(w.stop)
	<-w.done
}

// writeLater queues a file for the background writer, starting it if need be.
func (a *app) writeLater(k writeKind, job writeJob) {
	if a.writer == nil {
		a.writer = newBgWriter()
	}
	a.writer.put(k, job)
}

// flushWrites writes what is queued, and says the failures, before the app exits.
func (a *app) flushWrites() {
	if a.writer != nil {
		a.writer.flush()
		a.reportWriteErrors()
	}
}

// reportWriteErrors shows the background writer's failures; Update calls it.
func (a *app) reportWriteErrors() {
	if a.writer == nil {
		return
	}
	errs := a.writer.takeErrors()
	if err := errs[writeAutosave]; err != nil && !a.autosaveFailed {
		a.autosaveFailed = true // say it once, not after every move
		a.showError("Autosave failed: " + err.Error())
	}
	if err := errs[writeRecord]; err != nil {
		a.setError("record-out: " + err.Error())
	}
	if err := errs[writeSettings]; err != nil {
		a.showError("Settings not saved: " + err.Error())
	}
}

// Writers of the three files, with their contents taken now.

func autosaveJob(dir, rec string) writeJob {
	return func() error { return save.Autosave(dir, rec) }
}

func recordJob(path, rec string) writeJob {
	return func() error { return save.WriteFileAtomic(path, []byte(rec)) }
}

func settingsJob(dir string, s save.Settings) writeJob {
	s.Recent = append([]string(nil), s.Recent...) // not shared with the app
	return func() error { return save.SaveSettings(dir, s) }
}
