package save

import "sync"

// Files the app rewrites often (the autosave and --record-out after every move,
// the settings on every View change) are written by one background goroutine, so
// that the app's Update never waits for the disk (WriteFileAtomic syncs). Each
// file has a one-slot queue: a newer version replaces one not yet written. Flush
// writes what is left, before the app exits.

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
	queues [NumWriteKinds]chan WriteJob
	wake   chan struct{} // one slot: some queue has a job
	stop   chan struct{} // closed by Flush
	done   chan struct{} // closed when the goroutine has written everything

	mu     sync.Mutex
	errs   [NumWriteKinds]error // the last failure of each file, until taken
	closed bool
}

// NewWriter starts a background writer.
func NewWriter() *Writer {
	w := &Writer{wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	for i := range w.queues {
		w.queues[i] = make(chan WriteJob, 1)
	}
	go w.run()
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
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *Writer) run() {
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
func (w *Writer) drain() {
	for k, q := range w.queues {
		select {
		case job := <-q:
			w.result(WriteKind(k), job())
		default:
		}
	}
}

func (w *Writer) result(k WriteKind, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		w.errs[k] = err
	}
}

// TakeErrors returns the failures since the last call, by file.
func (w *Writer) TakeErrors() (errs [NumWriteKinds]error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	errs, w.errs = w.errs, [NumWriteKinds]error{}
	return errs
}

// Flush writes the queued files and waits for them; later Puts write at once.
func (w *Writer) Flush() {
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

// Writers of the three files, with their contents taken now.

// AutosaveJob writes the record rec as the autosave in dir.
func AutosaveJob(dir, rec string) WriteJob {
	return func() error { return Autosave(dir, rec) }
}

// RecordJob writes the record rec to path.
func RecordJob(path, rec string) WriteJob {
	return func() error { return WriteFileAtomic(path, []byte(rec)) }
}

// SettingsJob writes the settings s (copied now) into dir.
func SettingsJob(dir string, s Settings) WriteJob {
	s.Recent = append([]string(nil), s.Recent...) // not shared with the app
	return func() error { return SaveSettings(dir, s) }
}
