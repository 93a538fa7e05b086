package save

import (
	"io"
	"os"
	"path/filepath"
)

// ReadFile reads and replays the record at path; "-" reads standard input. A file
// that cannot be opened gives the error of os.Open, which names the path; a record
// that does not parse or replay gives a *FileError, whose message starts with the
// file's base name: "game.trihex: save: line 3, column 7: move 2 …".
func ReadFile(path string) (*Game, error) {
	rec, err := ParseFile(path)
	if err != nil {
		return nil, err
	}
	g, err := Load(rec)
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	return g, nil
}

// ParseFile reads the syntax of the record at path ("-": standard input) without
// replaying its moves; its errors are those of ReadFile.
func ParseFile(path string) (*Record, error) {
	var in io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in = f
	}
	rec, err := Parse(in)
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	return rec, nil
}

// FileError is a record file that does not parse or replay. Err says where and
// why; callers that name the file by the path as given print Path and Err.
type FileError struct {
	Path string // as given to ReadFile; "-" is standard input
	Err  error  // from Parse or Load
}

func (e *FileError) Error() string {
	name := filepath.Base(e.Path)
	if e.Path == "-" {
		name = "standard input"
	}
	return name + ": " + e.Err.Error()
}

func (e *FileError) Unwrap() error { return e.Err }
