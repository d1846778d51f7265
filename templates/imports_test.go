package templates

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsPointDown holds the shape of the templates: this package
// imports nothing else of the module, and each subpackage (blocks,
// skillpage, validator) imports only this one, never a sibling or the
// generator, so a component's view model is all it knows.
func TestImportsPointDown(t *testing.T) {
	const module = "pairag.com/portal/"
	fset := token.NewFileSet()
	subs := 0
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if dir != "." {
			subs++
		}
		for _, s := range f.Imports {
			imp, _ := strconv.Unquote(s.Path.Value)
			rel, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if dir == "." || rel != "templates" {
				t.Errorf("%s: templates/%s imports %s; templates imports nothing of the module, its subpackages only templates", fset.Position(s.Pos()), dir, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if subs == 0 {
		t.Fatal("found no subpackage files; the walk no longer sees templates/*/")
	}
}
