package save

import (
	"sync"
	"time"
)

// Files the app rewrites often (the autosave and --record-out after every move,
// the settings on every View change) are written in the background, each file by
// a goroutine of its own, so that the app's Update never waits for the disk and a
// slow write of the settings never holds up the autosave. Each file has a
// one-slot queue: a newer version replaces one not yet written, so a slow disk
// never queues up stale versions and the newest state wins. A write waits at most
// syncWait for its sync before the rename (writeSoon), so a move is in the file
// within a moment even while another program keeps the disk busy. Flush writes
// what is left, before the app exits, without waiting long for the syncs.

// WriteKind names a file the background Writer keeps.
type WriteKind int

// The files of the background Writer.
const (
	WriteAutosave WriteKind = iota
	WriteRecord
	WriteSettings
	NumWriteKinds
)

// WriteJob writes one version of a file.
type WriteJob func() error

// Writer writes files on a goroutine of its own, the latest version of each.
type Writer struct {
	// OnError, when set before the first Put, is called on the writer's
	// goroutine after a write fails, so that the app can say it at once.
	OnError func()

	queues [NumWriteKinds]chan WriteJob
	wake   [NumWriteKinds]chan struct{} // one slot each: the file's queue has a job
	stop   chan struct{}                // closed by Flush
	done   sync.WaitGroup               // the goroutines, until they have written everything

	mu     sync.Mutex
	errs   [NumWriteKinds]error // the last failure of each file, until taken
	closed bool
}

// NewWriter starts a background writer.
func NewWriter() *Writer {
	w := &Writer{stop: make(chan struct{})}
	for i := range w.queues {
		w.queues[i] = make(chan WriteJob, 1)
		w.wake[i] = make(chan struct{}, 1)
		w.done.Add(1)
		go w.run(WriteKind(i))
	}
	return w
}

// Put queues job for the file k, replacing a version not yet written. Only one
// goroutine (the app's Update) may call it. After Flush it writes at once.
func (w *Writer) Put(k WriteKind, job WriteJob) {
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
	case w.wake[k] <- struct{}{}:
	default:
	}
}

// run writes the file k's versions as they come, until Flush.
func (w *Writer) run(k WriteKind) {
	defer w.done.Done()
	for {
		select {
		case <-w.wake[k]:
			w.drain(k)
		case <-w.stop:
			w.drain(k)
			return
		}
	}
}

// drain writes the file k's queued version, if any.
func (w *Writer) drain(k WriteKind) {
	select {
	case job := <-w.queues[k]:
		w.result(k, job())
	default:
	}
}

func (w *Writer) result(k WriteKind, err error) {
	if err == nil {
		return
	}
	w.mu.Lock()
	w.errs[k] = err
	w.mu.Unlock()
	if w.OnError != nil {
		w.OnError()
	}
}

// TakeErrors returns the failures since the last call, by file.
func (w *Writer) TakeErrors() (errs [NumWriteKinds]error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	errs, w.errs = w.errs, [NumWriteKinds]error{}
	return errs
}

// quitSyncWait is how long Flush waits for the syncs still running: the files
// are in place by then, and a sync the disk holds up must not hold up quitting.
const quitSyncWait = 100 * time.Millisecond

// Flush writes the queued files and waits for them, and for their syncs at most
// quitSyncWait; later Puts write at once.
func (w *Writer) Flush() {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	w.closed = true
	w.mu.Unlock()
	close(w.stop)
	w.done.Wait()
	waitSyncs(quitSyncWait)
}

// Writers of the three files, with their contents taken now.

// AutosaveJob writes the record rec as the autosave in dir.
func AutosaveJob(dir, rec string) WriteJob {
	return func() error { return Autosave(dir, rec) }
}

// RecordJob writes the record rec to path.
func RecordJob(path, rec string) WriteJob {
	return func() error { return writeSoon(path, []byte(rec)) }
}

// SettingsJob writes the settings s (copied now) into dir.
func SettingsJob(dir string, s Settings) WriteJob {
	s.Recent = append([]string(nil), s.Recent...) // not shared with the app
	return func() error { return SaveSettings(dir, s) }
}
