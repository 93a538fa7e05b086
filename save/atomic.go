package save

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// beforeRename runs between writing the temporary file and renaming it over the
// target; tests use it to stop a write half-way.
var beforeRename = func(tmp string) error { return nil }

// syncFile flushes a file to disk; tests stall it, as a disk another program
// keeps busy does.
var syncFile = (*os.File).Sync

// WriteFileAtomic replaces path with data so that a crash or a failed write never
// leaves a half-written file: the data goes to a temporary file in the same folder,
// is flushed to disk, and is then renamed over path. On any error the old file is
// as it was and the temporary file is removed.
func WriteFileAtomic(path string, data []byte) error {
	return writeAtomic(path, data, -1)
}

// syncWait is how long the background Writer's files wait for their data to
// reach the disk before the rename makes the new version the file. On an idle
// disk a sync takes milliseconds and the rename follows it, as in
// WriteFileAtomic. On a disk another program keeps busy one sync can take
// minutes; the player's move must not wait behind it, so past syncWait the
// rename goes ahead and the sync ends in the background. A process that is
// killed then loses nothing (the new version is in the kernel's cache); a power
// cut before the sync ends leaves the old or the new version on file systems
// that flush a file renamed over another first (ext4's auto_da_alloc, XFS,
// btrfs), and on others possibly an empty file, which LoadAutosave puts aside.
var syncWait = 150 * time.Millisecond

// writeSoon is WriteFileAtomic with the sync bounded by syncWait: what the
// background Writer uses.
func writeSoon(path string, data []byte) error {
	return writeAtomic(path, data, syncWait)
}

// syncs are the files whose newest version was renamed into place before its
// sync ended, by path: one goroutine per file waits for the sync, so a disk
// that stalls never piles up goroutines, whatever the number of writes.
var syncs struct {
	sync.Mutex
	pending map[string]*pendingSync
	idle    *sync.Cond // broadcast when pending empties
}

// pendingSync is one file's background sync; again asks for one more of the
// file as it is then, as a newer version was renamed in while it ran.
type pendingSync struct{ again bool }

func init() {
	syncs.pending = map[string]*pendingSync{}
	syncs.idle = sync.NewCond(&syncs.Mutex)
}

// writeAtomic writes data to a temporary file, syncs it for at most wait (< 0:
// as long as it takes) and renames it over path.
func writeAtomic(path string, data []byte, wait time.Duration) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("save: %v", err)
	}
	tmp := f.Name()
	owned := true // f is closed here; false once a background sync owns it
	defer func() {
		if owned {
			f.Close()
		}
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("save: writing %s: %v", path, err)
	}
	// CreateTemp makes the file 0600; a saved game is an ordinary document.
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("save: %v", err)
	}
	if !renameOpen {
		wait = -1 // the file is synced and closed before its rename
	}
	synced := false
	var done chan error
	syncs.Lock()
	ps := syncs.pending[path]
	syncs.Unlock()
	switch {
	case wait < 0:
		if err = syncFile(f); err != nil {
			return fmt.Errorf("save: writing %s: %v", path, err)
		}
		synced = true
	case ps == nil:
		// The sync runs on its own goroutine so that the wait can end.
		done = make(chan error, 1)
		go func() { done <- syncFile(f) }()
		t := time.NewTimer(wait)
		select {
		case err = <-done:
			t.Stop()
			if err != nil {
				return fmt.Errorf("save: writing %s: %v", path, err)
			}
			synced, done = true, nil
		case <-t.C:
		}
	default:
		// The file's last sync has not ended: the disk is busy, and the new
		// version is synced once that one ends.
	}
	if err = beforeRename(tmp); err != nil {
		if done != nil {
			<-done // the sync still uses f
		}
		return fmt.Errorf("save: writing %s: %v", path, err)
	}
	if !renameOpen {
		if err = f.Close(); err != nil {
			return fmt.Errorf("save: writing %s: %v", path, err)
		}
		owned = false
	}
	if err = os.Rename(tmp, path); err != nil {
		if done != nil {
			<-done
		}
		return fmt.Errorf("save: %v", err)
	}
	if synced {
		// Make the rename itself durable; not every file system supports
		// syncing a folder, and the data is safe either way, so a failure here is
		// ignored.
		syncDir(dir)
		return nil
	}
	syncs.Lock()
	defer syncs.Unlock()
	if ps := syncs.pending[path]; ps != nil {
		ps.again = true
		return nil
	}
	if done == nil {
		// The sync that was running ended meanwhile: this version is synced on
		// its own goroutine, as if its own sync had been slow.
		done = make(chan error, 1)
		g := f
		go func() { done <- syncFile(g) }()
	}
	ps = &pendingSync{}
	syncs.pending[path] = ps
	owned = false
	go finishSync(path, f, done, ps)
	return nil
}

// finishSync waits for the sync of f, the version renamed to path, then syncs the
// folder and, while newer versions were renamed in meanwhile, the file again.
func finishSync(path string, f *os.File, done chan error, ps *pendingSync) {
	<-done
	f.Close()
	for {
		syncDir(filepath.Dir(path))
		syncs.Lock()
		if !ps.again {
			delete(syncs.pending, path)
			syncs.idle.Broadcast()
			syncs.Unlock()
			return
		}
		ps.again = false
		syncs.Unlock()
		if g, err := os.Open(path); err == nil {
			syncFile(g)
			g.Close()
		}
	}
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// waitSyncs waits at most d for the background syncs to end and reports whether
// they did.
func waitSyncs(d time.Duration) bool {
	timeout := make(chan struct{})
	t := time.AfterFunc(d, func() {
		syncs.Lock()
		close(timeout)
		syncs.idle.Broadcast()
		syncs.Unlock()
	})
	defer t.Stop()
	syncs.Lock()
	defer syncs.Unlock()
	for len(syncs.pending) > 0 {
		select {
		case <-timeout:
			return false
		default:
		}
		syncs.idle.Wait()
	}
	return true
}
