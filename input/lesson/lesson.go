package lesson

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"trihex/game"
)

// files holds the lesson files, lessons/<game>/<NN>-<slug>.txt.
//
//go:embed lessons
var files embed.FS

// Load returns the lessons of one game (any case), in file-name order.
func Load(gameName string) ([]*Lesson, error) {
	g, err := game.Lookup(gameName)
	if err != nil {
		return nil, fmt.Errorf("lesson: %w", err)
	}
	dir := "lessons/" + strings.ToLower(g.Name)
	entries, err := fs.ReadDir(files, dir)
	if err != nil {
		return nil, nil // a game without lessons yet
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".txt") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	var out []*Lesson
	for _, n := range names {
		data, err := files.ReadFile(path.Join(dir, n))
		if err != nil {
			return nil, fmt.Errorf("lesson: %w", err)
		}
		name := strings.ToLower(g.Name) + "/" + n
		l, err := Parse(name, data)
		if err != nil {
			return nil, err
		}
		if l.Game != g {
			return nil, fmt.Errorf("lesson: %s: the file is under %s but names %s", name, g.Name, l.Game.Name)
		}
		out = append(out, l)
	}
	return out, nil
}

// All returns the lessons of every game, game by game in the registry's order.
func All() ([]*Lesson, error) {
	var out []*Lesson
	for _, name := range game.Names() {
		ls, err := Load(name)
		if err != nil {
			return nil, err
		}
		out = append(out, ls...)
	}
	return out, nil
}
