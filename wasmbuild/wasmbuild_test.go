package wasmbuild

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestBuildCaches builds the real module once, then proves a second build
// with unchanged inputs comes from the cache, and that changing a source
// file of the module changes the key.
func TestBuildCaches(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	ctx := context.Background()
	cache := t.TempDir()
	first, err := Build(ctx, Options{ModuleDir: "..", CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	if first.Cached || !bytes.HasPrefix(first.Wasm, []byte("\x00asm")) {
		t.Fatalf("first build: cached=%v, magic %q", first.Cached, first.Wasm[:4])
	}
	if !bytes.Contains(first.WasmExec, []byte("class Go")) && !bytes.Contains(first.WasmExec, []byte("globalThis.Go")) {
		t.Errorf("wasm_exec.js does not define Go")
	}
	second, err := Build(ctx, Options{ModuleDir: "..", CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	if !second.Cached || second.Key != first.Key || !bytes.Equal(second.Wasm, first.Wasm) {
		t.Errorf("second build: cached=%v, same key %v", second.Cached, second.Key == first.Key)
	}

	// A copy of the module with one source changed must get a new key.
	mod := t.TempDir()
	copyTree(t, "..", mod)
	f := filepath.Join(mod, "protocol", "finding.go")
	b, _ := os.ReadFile(f)
	os.WriteFile(f, append(b, []byte("\n// changed\n")...), 0o644)
	key, _, err := inputKey(ctx, mod)
	if err != nil {
		t.Fatal(err)
	}
	if key == first.Key {
		t.Errorf("changing protocol/finding.go kept the key %s", key[:12])
	}
}

// copyTree copies go.mod and go.sum, the protocol files and the Go sources
// of the validator module: cmd/validator, protocol and the internal
// packages it may import.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	for _, pattern := range []string{"go.mod", "go.sum", "protocol/*.go", "protocol/*.json", "internal/*/*.go", "cmd/validator/*.go"} {
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
