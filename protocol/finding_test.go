package protocol

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pairag.com/portal/protocol/catalog"
)

// TestEveryCodeHasMessages finds every finding code the package's sources
// pass to a reporting call (report, at, atKey, count, and the JSON reader's
// fail in jsonpos) and requires a
// catalogue entry for it, so no finding reaches a user as "unknown
// finding code".
func TestEveryCodeHasMessages(t *testing.T) {
	codeArg := map[string]int{"report": 0, "count": 0, "fail": 0, "at": 1, "atKey": 1}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	reader, err := filepath.Glob("jsonpos/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, reader...)
	fset := token.NewFileSet()
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			i, reports := codeArg[sel.Sel.Name]
			if !reports || len(call.Args) <= i {
				return true
			}
			lit, ok := call.Args[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			code, _ := strconv.Unquote(lit.Value)
			seen++
			if _, ok := catalog.Find(code); !ok {
				t.Errorf("%s: finding code %q has no catalogue entry in messages.go", fset.Position(lit.Pos()), code)
			}
			return true
		})
	}
	if seen < 50 {
		t.Errorf("found %d reporting calls; the scan no longer sees how codes are reported", seen)
	}
}
