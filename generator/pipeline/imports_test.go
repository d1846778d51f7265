package pipeline

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "pairag.com/portal"

// protocolUsers are the generator's sub-packages that may import the
// protocol: the tables of the protocol (reference), the site model, which
// names the field reference page of each version, the pipeline, which
// publishes every version (it was the root package before the stages had
// packages of their own), verdict, which shows the engine's results, and
// reference's test helper, which gives tests the tier labels as the
// engine takes them.
// Every other
// sub-package takes its shared words (severities, languages, the block
// model, the glossary) from the small packages below it.
var protocolUsers = []string{"generator/reference", "generator/reference/referencetest", "generator/site", "generator/pipeline", "generator/verdict"}

// TestImportsRunDownward fails when a package under internal/ imports a
// package of the module outside internal/, when a generator sub-package
// outside protocolUsers imports the protocol (or names its severities),
// or when package markdown imports the protocol tables (reference).
func TestImportsRunDownward(t *testing.T) {
	pkgs := moduleImports(t, "../..")
	if len(pkgs) < 20 {
		t.Fatalf("read %d packages; the walk no longer finds the module", len(pkgs))
	}
	for dir, imps := range pkgs {
		for imp, pos := range imps {
			rel, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue
			}
			switch {
			case strings.HasPrefix(dir, "internal/") && !strings.HasPrefix(rel, "internal/"):
				t.Errorf("%s: internal package %s imports %s; internal/ may import only internal/", pos, dir, imp)
			case strings.HasPrefix(dir, "generator/") && rel == "protocol" && !slices.Contains(protocolUsers, dir):
				t.Errorf("%s: %s imports the protocol; take severities from internal/diag and languages from generator/langs", pos, dir)
			case dir == "generator/markdown" && rel == "generator/reference":
				t.Errorf("%s: markdown imports the protocol tables; code blocks and the block model are package block's", pos)
			}
		}
	}
}

// TestInternalIsShared fails when a package under internal/ is not used by
// both the protocol and the generator (by their non-test files): Go's
// visibility rule is the only reason for internal/, and a package only one
// side uses belongs beside it (the design card's shape, issue 20).
func TestInternalIsShared(t *testing.T) {
	pkgs := moduleImports(t, "../..")
	users := map[string]map[string]bool{} // internal package → "protocol" / "generator"
	for dir, imps := range pkgs {
		side, _, _ := strings.Cut(dir, "/")
		for imp := range imps {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok && strings.HasPrefix(rel, "internal/") {
				if users[rel] == nil {
					users[rel] = map[string]bool{}
				}
				users[rel][side] = true
			}
		}
	}
	n := 0
	for dir := range pkgs {
		if !strings.HasPrefix(dir, "internal/") {
			continue
		}
		n++
		if !users[dir]["protocol"] || !users[dir]["generator"] {
			t.Errorf("%s is used by %v, not by both protocol/ and generator/: move it beside the side that uses it", dir, slices.Sorted(maps.Keys(users[dir])))
		}
	}
	if n == 0 {
		t.Fatal("found no package under internal/; the walk no longer finds the module")
	}
}

// TestNoProtocolSeverityInGeneratorLeaves fails when a generator
// sub-package names protocol.Severity*: the severity is internal/diag's.
func TestNoProtocolSeverityInGeneratorLeaves(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		// the files of the generator's root package are not a sub-package's
		if err != nil || d.IsDir() || filepath.Dir(path) == ".." || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "protocol" && strings.HasPrefix(sel.Sel.Name, "Severity") {
					t.Errorf("%s: protocol.%s in a generator sub-package; use diag.%s", fset.Position(sel.Pos()), sel.Sel.Name, sel.Sel.Name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// moduleImports returns, per package directory of the module under root
// (slash-separated, relative), its non-test imports with the position of
// each.
func moduleImports(t *testing.T, root string) map[string]map[string]token.Position {
	t.Helper()
	fset := token.NewFileSet()
	out := map[string]map[string]token.Position{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "public") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(rel)
		if out[dir] == nil {
			out[dir] = map[string]token.Position{}
		}
		for _, s := range f.Imports {
			imp, _ := strconv.Unquote(s.Path.Value)
			out[dir][imp] = fset.Position(s.Pos())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
