package save

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
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

// ioHog keeps the disk of dir busy, as another program copying a big file would:
// it writes 1 MiB blocks through the cache and syncs every 32 MiB, over a 256 MiB
// file, until the test ends. It returns once the first sync has ended, so the
// disk is busy by then.
func ioHog(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "hog"))
	if err != nil {
		t.Fatal(err)
	}
	stop, stopped, started := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		buf := make([]byte, 1<<20)
		for i := 1; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := f.Write(buf); err != nil {
				return
			}
			if i%32 == 0 {
				f.Sync()
				if i == 32 {
					close(started)
				}
			}
			if i%256 == 0 {
				f.Seek(0, 0)
			}
		}
	}()
	t.Cleanup(func() { close(stop); <-stopped; f.Close() })
	<-started
}

// A move is in the autosave file within a second even while another program
// keeps the disk busy: a write waits for its sync only a moment before the
// rename, and the newest version wins. (Syncing every write first, a move took
// tens of seconds to land beside such a hog.)
func TestAutosaveBesideIOHog(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a few hundred MiB")
	}
	dir := t.TempDir()
	ioHog(t, dir)
	start := time.Now()
	if err := WriteFileAtomic(filepath.Join(dir, "synced"), []byte("x")); err != nil {
		t.Fatal(err)
	}
	t.Logf("one write synced before its rename beside the I/O hog: %v", time.Since(start))
	w := NewWriter()
	var worst time.Duration
	rec := "[Game \"Abande\"]\n\n"
	for i := 1; i <= 6; i++ {
		rec += fmt.Sprintf("%d. d%d ", i, i)
		start := time.Now()
		w.Put(WriteAutosave, AutosaveJob(dir, rec))
		for {
			if b, _ := os.ReadFile(filepath.Join(dir, AutosaveName)); string(b) == rec {
				break
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Fatalf("move %d: not in the autosave after %v", i, d)
			}
			time.Sleep(2 * time.Millisecond)
		}
		worst = max(worst, time.Since(start))
	}
	t.Logf("slowest move to land beside the I/O hog: %v", worst)
	if worst > time.Second {
		t.Errorf("a move took %v to reach the autosave, want ≤ 1 s", worst)
	}
	start = time.Now()
	rec += "7. e1"
	w.Put(WriteAutosave, AutosaveJob(dir, rec))
	w.Flush()
	quit := time.Since(start)
	t.Logf("Flush with a move in the air beside the I/O hog: %v", quit)
	if b, _ := os.ReadFile(filepath.Join(dir, AutosaveName)); string(b) != rec {
		t.Errorf("after Flush the autosave holds %q, want %q", b, rec)
	}
	if quit > 500*time.Millisecond {
		t.Errorf("Flush took %v, want ≤ 0.5 s", quit)
	}
	waitSyncs(time.Minute) // the folder is removed after the test
}

// The child of TestAutosaveKilled: it plays moves into the autosave of the folder
// TRIHEX_KILL_DIR, saying "put N" once move N is handed to the writer and waiting
// for it to land before the next, as a player waits to see a move.
func TestAutosaveKilledChild(t *testing.T) {
	dir := os.Getenv("TRIHEX_KILL_DIR")
	if dir == "" {
		t.Skip("run by TestAutosaveKilled")
	}
	w := NewWriter()
	next := bufio.NewScanner(os.Stdin)
	for i := 1; ; i++ {
		rec := killRecord(i)
		w.Put(WriteAutosave, AutosaveJob(dir, rec))
		fmt.Printf("put %d\n", i)
		for b, _ := os.ReadFile(filepath.Join(dir, AutosaveName)); string(b) != rec; b, _ = os.ReadFile(filepath.Join(dir, AutosaveName)) {
			time.Sleep(time.Millisecond)
		}
		// The next move only when the parent says so: on a busy machine the
		// child would otherwise run ahead of the parent reading its lines.
		if !next.Scan() {
			return
		}
	}
}

func killRecord(n int) string {
	rec := "[Game \"Abande\"]\n\n"
	for i := 1; i <= n; i++ {
		rec += fmt.Sprintf("%d. d%d ", i, i)
	}
	return rec + "\n"
}

// An app killed with SIGKILL right after a move loses at most that move, the one
// still in the air, and never leaves a damaged autosave.
func TestAutosaveKilled(t *testing.T) {
	dir := t.TempDir()
	for _, at := range []int{1, 4, 9} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAutosaveKilledChild$", "-test.v")
		cmd.Env = append(os.Environ(), "TRIHEX_KILL_DIR="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		want := fmt.Sprintf("put %d", at)
		for sc.Scan() && sc.Text() != want {
			if strings.HasPrefix(sc.Text(), "put ") {
				fmt.Fprintln(in, "next") // the move is on disk: on to the next
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
		b, err := os.ReadFile(filepath.Join(dir, AutosaveName))
		if at == 1 && errors.Is(err, os.ErrNotExist) {
			continue // killed before the first write: nothing lost but the move in the air
		}
		if err != nil {
			t.Fatalf("killed after move %d: %v", at, err)
		}
		if got := string(b); got != killRecord(at) && got != killRecord(at-1) {
			t.Fatalf("killed after move %d, the autosave holds:\n%s\nwant move %d or %d", at, got, at, at-1)
		}
		os.Remove(filepath.Join(dir, AutosaveName))
	}
}

// A disk that holds every sync up (until the test ends the stall) still gets each
// move into the autosave at once, the newest version wins, one sync of the file
// runs at a time however many moves come, and Flush returns without waiting for
// the stall.
func TestAutosaveStalledDisk(t *testing.T) {
	release := make(chan struct{})
	var running, most atomic.Int32
	syncFile = func(f *os.File) error {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		<-release
		running.Add(-1)
		return f.Sync()
	}
	defer func() { syncFile = (*os.File).Sync }()
	dir := t.TempDir()
	path := filepath.Join(dir, AutosaveName)
	w := NewWriter()
	for i := 1; i <= 20; i++ {
		rec := killRecord(i)
		start := time.Now()
		w.Put(WriteAutosave, AutosaveJob(dir, rec))
		for b, _ := os.ReadFile(path); string(b) != rec; b, _ = os.ReadFile(path) {
			if d := time.Since(start); d > 5*time.Second {
				t.Fatalf("move %d: not in the autosave after %v while the disk stalls", i, d)
			}
			time.Sleep(time.Millisecond)
		}
	}
	if m := most.Load(); m != 1 {
		t.Errorf("%d syncs of the autosave ran at once, want 1", m)
	}
	rec := killRecord(21)
	w.Put(WriteAutosave, AutosaveJob(dir, rec))
	start := time.Now()
	w.Flush()
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("Flush took %v while the disk stalls, want ≤ 0.5 s", d)
	}
	if b, _ := os.ReadFile(path); string(b) != rec {
		t.Errorf("after Flush the autosave holds %q, want the last move", b)
	}
	close(release)
	if !waitSyncs(time.Minute) {
		t.Errorf("the background syncs did not end once the disk was free")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the autosave alone", len(entries))
	}
}
