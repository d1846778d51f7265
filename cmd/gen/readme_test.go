package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fuzzCommand is a go test -fuzz command of the README.
var fuzzCommand = regexp.MustCompile(`go test (\./\S*)\s+-run XXX\s+-fuzz\s+'?([^'\s]+)'?`)

// fuzzName is a fuzz target named anywhere in the README.
var fuzzName = regexp.MustCompile(`\bFuzz[A-Z]\w*`)

// TestREADMEFuzzCommands: every fuzz command of the README fuzzes exactly
// one target of the package it names, and every target the README names
// has a command (issue 25: the FuzzFrontMatter command named the wrong
// package and fuzzed nothing), and every fuzz target of the repository has
// a command there.
func TestREADMEFuzzCommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	commanded := map[string]bool{}
	for _, m := range fuzzCommand.FindAllStringSubmatch(string(readme), -1) {
		pkg, expr := m[1], m[2]
		re, err := regexp.Compile(expr)
		if err != nil {
			t.Errorf("%s: -fuzz %q: %v", pkg, expr, err)
			continue
		}
		var matched []string
		for _, name := range fuzzTargets(t, filepath.Join("../..", pkg)) {
			if re.MatchString(name) {
				matched = append(matched, name)
				commanded[name] = true
			}
		}
		if len(matched) != 1 {
			t.Errorf("README: go test %s -fuzz %q matches fuzz targets %v; want exactly one", pkg, expr, matched)
		}
	}
	if len(commanded) == 0 {
		t.Fatal("README has no fuzz commands")
	}
	for _, name := range fuzzName.FindAllString(string(readme), -1) {
		if !commanded[name] {
			t.Errorf("README names %s but no command fuzzes it", name)
		}
	}
	// Every target of the repository has its command, so the list is the
	// whole of what can be fuzzed.
	dirs := map[string]bool{}
	err = filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "../.." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules" || d.Name() == "public") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, "_test.go") {
			dirs[filepath.Dir(path)] = true
		}
		return nil
	})
	for dir := range dirs {
		for _, name := range fuzzTargets(t, dir) {
			if !commanded[name] {
				rel, _ := filepath.Rel("../..", dir)
				t.Errorf("fuzz target %s (./%s) has no command under **Fuzzing** in the README: add one", name, filepath.ToSlash(rel))
			}
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}

// fuzzTargets lists the fuzz targets of the package in dir: the functions
// of its test files named Fuzz... taking a *testing.F.
func fuzzTargets(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		t.Errorf("%s: no test files (%v)", dir, err)
		return nil
	}
	var names []string
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Fuzz") || len(fn.Type.Params.List) != 1 {
				continue
			}
			if star, ok := fn.Type.Params.List[0].Type.(*ast.StarExpr); ok {
				if sel, ok := star.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "F" {
					names = append(names, fn.Name.Name)
				}
			}
		}
	}
	return names
}
