package wasm

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestBuildCaches builds the real module once, then proves a second build
// with unchanged inputs comes from the cache without running go.
func TestBuildCaches(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	ctx := context.Background()
	cache := t.TempDir()
	first, err := Build(ctx, Options{ModuleDir: "../..", CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	if first.Cached || !bytes.HasPrefix(first.Wasm, []byte("\x00asm")) {
		t.Fatalf("first build: cached=%v, magic %q", first.Cached, first.Wasm[:4])
	}
	if !bytes.Contains(first.WasmExec, []byte("class Go")) && !bytes.Contains(first.WasmExec, []byte("globalThis.Go")) {
		t.Errorf("wasm_exec.js does not define Go")
	}
	// The adapter's glue follows it: without it the module's exports have
	// no global names, and the page's worker finds no pairagValidate.
	glue, err := os.ReadFile(filepath.Join("../..", Glue))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(first.WasmExec, glue) || !bytes.Contains(glue, []byte("globalThis.pairagValidate")) {
		t.Errorf("the loader script does not end with %s", Glue)
	}
	var calls []string
	second, err := Build(ctx, Options{ModuleDir: "../..", CacheDir: cache, Go: counting(&calls)})
	if err != nil {
		t.Fatal(err)
	}
	if !second.Cached || second.Key != first.Key || !bytes.Equal(second.Wasm, first.Wasm) || !bytes.Equal(second.WasmExec, first.WasmExec) {
		t.Errorf("second build: cached=%v, same key %v", second.Cached, second.Key == first.Key)
	}
	if len(calls) != 0 {
		t.Errorf("second build ran go %q; want no go command", calls)
	}
}

// TestBuildNoticesChanges changes each kind of input of a copy of the
// module in turn and checks that Build runs go again exactly then, and
// compiles a new module when the compiled files changed.
func TestBuildNoticesChanges(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	ctx := context.Background()
	mod, cache := t.TempDir(), t.TempDir()
	copyTree(t, "../..", mod)
	var calls []string
	build := func() Module {
		t.Helper()
		calls = nil
		m, err := Build(ctx, Options{ModuleDir: mod, CacheDir: cache, Go: counting(&calls)})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	first := build()
	if first.Cached || len(calls) == 0 {
		t.Fatalf("first build: cached=%v, go ran %q", first.Cached, calls)
	}
	if m := build(); !m.Cached || len(calls) != 0 {
		t.Fatalf("unchanged: cached=%v, go ran %q; want the cache and no go command", m.Cached, calls)
	}

	// Touching a file without changing it keeps the cache.
	f := filepath.Join(mod, "protocol", "finding.go")
	now := time.Now().Add(time.Minute)
	os.Chtimes(f, now, now)
	if m := build(); !m.Cached || len(calls) != 0 {
		t.Errorf("touched: cached=%v, go ran %q; want the cache and no go command", m.Cached, calls)
	}

	// A changed source: go list runs and the module is compiled anew.
	b, _ := os.ReadFile(f)
	os.WriteFile(f, append(b, []byte("\n// changed\n")...), 0o644)
	second := build()
	if second.Cached || second.Key == first.Key || !slices.Contains(calls, "build") {
		t.Errorf("changed protocol/finding.go: cached=%v, same key %v, go ran %q; want a new build", second.Cached, second.Key == first.Key, calls)
	}
	if m := build(); !m.Cached || m.Key != second.Key || len(calls) != 0 {
		t.Errorf("after the change: cached=%v, go ran %q; want the cache and no go command", m.Cached, calls)
	}

	// A new file the build excludes still makes go list run (it might
	// not be excluded), but the module's key stays.
	os.WriteFile(filepath.Join(mod, "protocol", "extra_other.go"), []byte("//go:build ignore\n\npackage protocol\n"), 0o644)
	if m := build(); !m.Cached || m.Key != second.Key || !slices.Contains(calls, "list") {
		t.Errorf("new excluded file: cached=%v, same key %v, go ran %q; want go list and the same key", m.Cached, m.Key == second.Key, calls)
	}

	// So does a change of go.mod.
	gomod := filepath.Join(mod, "go.mod")
	b, _ = os.ReadFile(gomod)
	os.WriteFile(gomod, append(b, []byte("\n// changed\n")...), 0o644)
	if m := build(); m.Key == second.Key || !slices.Contains(calls, "list") {
		t.Errorf("changed go.mod: same key %v, go ran %q; want go list and a new key", m.Key == second.Key, calls)
	}
}

// counting runs the real go command and records the subcommand of each
// call in calls.
func counting(calls *[]string) func(context.Context, string, ...string) ([]byte, error) {
	return func(ctx context.Context, dir string, args ...string) ([]byte, error) {
		*calls = append(*calls, args[0])
		return runGo(ctx, dir, args...)
	}
}

// copyTree copies go.mod and go.sum, the protocol files and the Go sources
// of the validator module: cmd/validator, protocol and the internal
// packages it may import.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	for _, pattern := range []string{"go.mod", "go.sum", "protocol/*.go", "protocol/*/*.go", "protocol/internal/*/*.go", "protocol/*.json", "protocol/*.tsv", "internal/*/*.go", "cmd/validator/*.go", Glue} {
		files, _ := filepath.Glob(filepath.Join(from, pattern))
		for _, src := range files {
			rel, _ := filepath.Rel(from, src)
			dst := filepath.Join(to, rel)
			os.MkdirAll(filepath.Dir(dst), 0o755)
			b, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(dst, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
