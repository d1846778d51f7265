// Package wasmbuild compiles the validator's WebAssembly module (cmd/validator)
// for the site, and caches it by its inputs so an unchanged validator is not
// rebuilt. It also supplies the toolchain's wasm_exec.js, which must match the
// Go version that built the module.
package wasmbuild

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Package is the import path of the module's main package.
const Package = "./cmd/validator"

// Options says where the Go module is and where to cache builds. The zero
// value builds from the working directory and caches in .cache/validator.
type Options struct {
	ModuleDir string // directory holding go.mod; "" means the working directory
	CacheDir  string // "" means <ModuleDir>/.cache/validator
	Log       io.Writer
}

// Module is a built validator and its loader script.
type Module struct {
	Wasm     []byte // the module, built with -trimpath -ldflags="-s -w"
	WasmExec []byte // $GOROOT/lib/wasm/wasm_exec.js of the same toolchain
	Key      string // digest of every input of the build
	Cached   bool   // true when Wasm came from the cache
}

// Build returns the validator module, compiling it only when its inputs
// (Go version, go.mod, go.sum and the sources and embedded files of every
// package of this module it imports) changed since the cached build.
func Build(ctx context.Context, opts Options) (Module, error) {
	dir := opts.ModuleDir
	if dir == "" {
		dir = "."
	}
	cache := opts.CacheDir
	if cache == "" {
		cache = filepath.Join(dir, ".cache", "validator")
	}
	key, goroot, err := inputKey(ctx, dir)
	if err != nil {
		return Module{}, err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return Module{}, fmt.Errorf("read wasm_exec.js: %w", err)
	}
	m := Module{WasmExec: execJS, Key: key}
	cached := filepath.Join(cache, key+".wasm")
	if b, err := os.ReadFile(cached); err == nil {
		m.Wasm, m.Cached = b, true
		return m, nil
	}
	if opts.Log != nil {
		fmt.Fprintf(opts.Log, "compiling the validator to WebAssembly (%s)\n", key[:12])
	}
	if m.Wasm, err = compile(ctx, dir); err != nil {
		return Module{}, err
	}
	if err := store(cache, cached, m.Wasm); err != nil && opts.Log != nil {
		fmt.Fprintf(opts.Log, "warning: cache the validator module: %v\n", err)
	}
	return m, nil
}

func goCmd(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	return cmd
}

func compile(ctx context.Context, dir string) ([]byte, error) {
	tmp, err := os.CreateTemp("", "validator-*.wasm")
	if err != nil {
		return nil, err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	cmd := goCmd(ctx, dir, "build", "-trimpath", "-ldflags=-s -w", "-o", tmp.Name(), Package)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("compile %s to WebAssembly: %w\n%s", Package, err, out)
	}
	return os.ReadFile(tmp.Name())
}

// store writes the module to the cache atomically and drops older entries.
func store(cacheDir, path string, wasm []byte) error {
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(cacheDir, "*.wasm"))
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, wasm, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	for _, o := range old {
		if o != path {
			os.Remove(o)
		}
	}
	return nil
}

// listedPackage is the part of `go list -json` output the key needs.
type listedPackage struct {
	Dir        string
	GoFiles    []string
	EmbedFiles []string
	Module     *struct{ Main bool }
}

// inputKey digests everything that decides the module's bytes.
func inputKey(ctx context.Context, dir string) (key, goroot string, err error) {
	env, err := goCmd(ctx, dir, "env", "GOVERSION", "GOROOT").Output()
	if err != nil {
		return "", "", fmt.Errorf("go env: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(env)), "\n")
	if len(lines) != 2 {
		return "", "", errors.New("go env: unexpected output")
	}
	out, err := goCmd(ctx, dir, "list", "-deps", "-json", Package).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", "", fmt.Errorf("go list %s: %s", Package, ee.Stderr)
		}
		return "", "", fmt.Errorf("go list %s: %w", Package, err)
	}
	files := []string{filepath.Join(dir, "go.mod"), filepath.Join(dir, "go.sum")}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			return "", "", fmt.Errorf("go list output: %w", err)
		}
		if p.Module == nil || !p.Module.Main {
			continue // dependencies are pinned by go.sum
		}
		for _, f := range append(p.GoFiles, p.EmbedFiles...) {
			files = append(files, filepath.Join(p.Dir, f))
		}
	}
	sort.Strings(files)
	h := sha256.New()
	fmt.Fprintf(h, "%s\n-trimpath -ldflags=-s -w\n", lines[0])
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", "", fmt.Errorf("hash validator input: %w", err)
		}
		rel, _ := filepath.Rel(dir, f)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), lines[1], nil
}
