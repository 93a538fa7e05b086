package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"

	"trihex/assets"
)

// TestGlyphs checks that the fonts draw every character the window's strings
// use: a character the font lacks is drawn as an empty box (the comment mark
// "✎" was one).
func TestGlyphs(t *testing.T) {
	var fonts []*sfnt.Font
	for _, data := range [][]byte{assets.Regular, assets.Bold} {
		f, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		fonts = append(fonts, f)
	}
	var buf sfnt.Buffer
	check := func(where string, s string) {
		for _, r := range s {
			if r < 0x80 || r == '\n' {
				continue
			}
			for _, f := range fonts {
				if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
					t.Errorf("%s: %q has no glyph in the font", where, r)
					break
				}
			}
		}
	}
	// The lessons' words are shown as they are written.
	lessons, err := filepath.Glob("../../input/lesson/lessons/*/*.txt")
	if err != nil || len(lessons) == 0 {
		t.Fatalf("lessons: %v", err)
	}
	for _, name := range lessons {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		check(name, string(data))
	}
	// The strings of the window and of the packages whose words it shows.
	var files []string
	for _, pattern := range []string{"*.go", "../../input/*.go", "../../input/coach/*.go", "../../input/exercise/*.go", "../../game/*.go", "../../game/*/*.go"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil {
				check(fset.Position(lit.Pos()).String(), s)
			}
			return true
		})
	}
}
