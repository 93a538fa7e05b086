package save

import (
	"fmt"
	"os"
	"path/filepath"
)

// beforeRename runs between writing the temporary file and renaming it over the
// target; tests use it to stop a write half-way.
var beforeRename = func(tmp string) error { return nil }

// WriteFileAtomic replaces path with data so that a crash or a failed write never
// leaves a half-written file: the data goes to a temporary file in the same folder,
// is flushed to disk, and is then renamed over path. On any error the old file is
// as it was and the temporary file is removed.
func WriteFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("save: %v", err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("save: writing %s: %v", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("save: writing %s: %v", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("save: writing %s: %v", path, err)
	}
	// CreateTemp makes the file 0600; a saved game is an ordinary document.
	if err = os.Chmod(tmp, 0o644); err != nil {
		return fmt.Errorf("save: %v", err)
	}
	if err = beforeRename(tmp); err != nil {
		return fmt.Errorf("save: writing %s: %v", path, err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("save: %v", err)
	}
	// Make the rename itself durable; not every file system supports syncing a
	// folder, and the data is safe either way, so a failure here is ignored.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
