// Package wasm compiles the validator's WebAssembly module (cmd/validator)
// for the site, and caches it by its inputs so an unchanged validator is not
// rebuilt. It also supplies the module's loader script: the toolchain's
// wasm_exec.js, which must match the Go version that built the module,
// followed by the adapter's glue (cmd/validator/glue.js), which gives the
// module's exported functions the global names its callers use.
//
// Which files are inputs is asked of the go command (go list), which takes
// about 0.4 s. So that an unchanged module costs no go command at all, the
// cache also keeps a manifest (inputs.json): the package directories the
// last go list named, and a digest of everything that could change its
// answer or the module's bytes: the toolchain (the go binary found on PATH,
// GOROOT and GOROOT/VERSION), the environment variables the go command
// reads for a build, go.mod and go.sum, the entry names of every package
// directory and directory of embedded files, and the contents of their
// non-test Go files and embedded files. When that digest is unchanged, the
// cached module is used as it is; any difference runs go list again.
package wasm

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
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Package is the import path of the module's main package.
const Package = "./cmd/validator"

// Experiments is the GOEXPERIMENT the module is built with: the garbage
// collector before Green Tea, Go 1.26's default, whose span queues and
// inline mark bits are runtime code (45 KB raw, 11 KB brotli) that a
// single-threaded WebAssembly module, which runs its validations with the
// collector off (cmd/validator/adapter.go), gains nothing from (issue 19).
// A toolchain that no longer offers it fails the build, naming it.
const Experiments = "nogreenteagc"

// GCFlags is the compiler's -gcflags for the module: no inlining inside
// package protocol, whose findings, fixes and checks of rare shapes are
// most of its code and run once per payload, while the JSON reader
// (protocol/jsonpos), where the time goes, keeps its inlining (issue 19).
const GCFlags = "pairag.com/portal/protocol=-l"

// buildFlags are the go build flags of the module, in one place because
// both the build and its cache key name them.
var buildFlags = []string{"-trimpath", "-ldflags=-s -w", "-gcflags=" + GCFlags}

// Glue is the file, relative to the module directory, of the JavaScript
// that follows wasm_exec.js in Module.WasmExec: it defines pairagConfigure,
// pairagValidate and pairagApplyFixes on the functions the module exports.
const Glue = "cmd/validator/glue.js"

// Options says where the Go module is and where to cache builds. The zero
// value builds from the working directory and caches in .cache/validator.
type Options struct {
	ModuleDir string // directory holding go.mod; "" means the working directory
	CacheDir  string // "" means <ModuleDir>/.cache/validator
	Log       io.Writer
	// Go runs the go command in dir with GOOS=js GOARCH=wasm and
	// GOEXPERIMENT=Experiments and returns its standard output; nil runs
	// the go found on PATH.
	Go func(ctx context.Context, dir string, args ...string) ([]byte, error)
}

// Module is a built validator and its loader script.
type Module struct {
	Wasm     []byte // the module, built with -trimpath -ldflags="-s -w", GCFlags and Experiments
	WasmExec []byte // $GOROOT/lib/wasm/wasm_exec.js of the same toolchain, then Glue
	Key      string // digest of every input of the build
	Cached   bool   // true when Wasm came from the cache
}

// Build returns the validator module, compiling it only when its inputs
// (Go version, go.mod, go.sum and the sources and embedded files of every
// package of this module it imports) changed since the cached build. When
// the manifest of the last build still matches, the go command is not run.
func Build(ctx context.Context, opts Options) (Module, error) {
	dir := opts.ModuleDir
	if dir == "" {
		dir = "."
	}
	cache := opts.CacheDir
	if cache == "" {
		cache = filepath.Join(dir, ".cache", "validator")
	}
	run := opts.Go
	if run == nil {
		run = runGo
	}
	if m, ok := reuse(dir, cache); ok {
		return m, nil
	}
	in, err := listInputs(ctx, run, dir)
	if err != nil {
		return Module{}, err
	}
	key, digest, err := in.digests(dir)
	if err != nil {
		return Module{}, err
	}
	execJS, err := loader(in.GOROOT, dir)
	if err != nil {
		return Module{}, err
	}
	m := Module{WasmExec: execJS, Key: key}
	cached := filepath.Join(cache, key+".wasm")
	if b, err := os.ReadFile(cached); err == nil {
		m.Wasm, m.Cached = b, true
	} else {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, "compiling the validator to WebAssembly (%s)\n", key[:12])
		}
		if m.Wasm, err = compile(ctx, run, dir); err != nil {
			return Module{}, err
		}
		if err := store(cache, cached, m.Wasm); err != nil && opts.Log != nil {
			fmt.Fprintf(opts.Log, "warning: cache the validator module: %v\n", err)
		}
	}
	in.Key, in.Digest = key, digest
	if err := in.save(cache); err != nil && opts.Log != nil {
		fmt.Fprintf(opts.Log, "warning: cache the validator inputs: %v\n", err)
	}
	return m, nil
}

// reuse returns the cached module when the manifest's digest still matches
// the inputs, without running the go command.
func reuse(dir, cache string) (Module, bool) {
	in, err := loadInputs(cache)
	if err != nil || in.GOROOT != toolchainRoot() {
		return Module{}, false
	}
	key, digest, err := in.digests(dir)
	if err != nil || digest != in.Digest || key != in.Key {
		return Module{}, false
	}
	wasm, err := os.ReadFile(filepath.Join(cache, key+".wasm"))
	if err != nil {
		return Module{}, false
	}
	execJS, err := loader(in.GOROOT, dir)
	if err != nil {
		return Module{}, false
	}
	return Module{Wasm: wasm, WasmExec: execJS, Key: key, Cached: true}, true
}

// loader returns the module's loader script: goroot's wasm_exec.js, then
// the glue of the module in dir.
func loader(goroot, dir string) ([]byte, error) {
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("read wasm_exec.js: %w", err)
	}
	glue, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(Glue)))
	if err != nil {
		return nil, fmt.Errorf("read the validator's glue: %w", err)
	}
	return append(append(execJS, '\n'), glue...), nil
}

// runGo is the default Options.Go: the go on PATH, for js/wasm.
func runGo(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0", "GOEXPERIMENT="+Experiments)
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out, fmt.Errorf("go %s: %w\n%s", args[0], err, ee.Stderr)
	}
	if err != nil {
		return out, fmt.Errorf("go %s: %w", args[0], err)
	}
	return out, nil
}

func compile(ctx context.Context, run func(context.Context, string, ...string) ([]byte, error), dir string) ([]byte, error) {
	tmp, err := os.CreateTemp("", "validator-*.wasm")
	if err != nil {
		return nil, fmt.Errorf("build %s for js/wasm: %w", Package, err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if _, err := run(ctx, dir, slices.Concat([]string{"build"}, buildFlags, []string{"-o", tmp.Name(), Package})...); err != nil {
		return nil, fmt.Errorf("compile %s to WebAssembly (GOEXPERIMENT=%s): %w", Package, Experiments, err)
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

// inputs is what go list said about the module's inputs, kept in the cache
// as inputs.json with the key and digest they had. Paths are relative to
// the module directory, with slashes.
type inputs struct {
	GoVersion string   // go env GOVERSION
	GOROOT    string   // go env GOROOT
	Files     []string // go.mod, go.sum, the Go and embedded files compiled, sorted
	Dirs      []string // the directories holding Files, sorted
	Key       string   // digest of GoVersion and Files: the module's name in the cache
	Digest    string   // digest of everything that could change Files or Key
}

// listInputs asks the go command for the toolchain and the files the
// module is built from: go.mod, go.sum and the Go and embedded files of
// every package of this module the validator imports (dependencies are
// pinned by go.sum).
func listInputs(ctx context.Context, run func(context.Context, string, ...string) ([]byte, error), dir string) (inputs, error) {
	env, err := run(ctx, dir, "env", "GOVERSION", "GOROOT")
	if err != nil {
		return inputs{}, fmt.Errorf("go env: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(env)), "\n")
	if len(lines) != 2 {
		return inputs{}, errors.New("go env: unexpected output")
	}
	out, err := run(ctx, dir, "list", "-deps", "-json", Package)
	if err != nil {
		return inputs{}, fmt.Errorf("go list %s: %w", Package, err)
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		return inputs{}, fmt.Errorf("module directory: %w", err)
	}
	in := inputs{GoVersion: lines[0], GOROOT: lines[1], Files: []string{"go.mod", "go.sum"}}
	dirs := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			return inputs{}, fmt.Errorf("go list output: %w", err)
		}
		if p.Module == nil || !p.Module.Main {
			continue
		}
		for _, f := range append(p.GoFiles, p.EmbedFiles...) {
			rel, err := filepath.Rel(root, filepath.Join(p.Dir, f))
			if err != nil {
				return inputs{}, fmt.Errorf("go list output: %w", err)
			}
			rel = filepath.ToSlash(rel)
			in.Files = append(in.Files, rel)
			dirs[path.Dir(rel)] = true
		}
	}
	sort.Strings(in.Files)
	for d := range dirs {
		in.Dirs = append(in.Dirs, d)
	}
	sort.Strings(in.Dirs)
	return in, nil
}

// digests reads the inputs once and returns the module's key (the Go
// version and the compiled files, as before the manifest existed) and the
// digest that decides whether go list must run again: the key plus the
// toolchain, the go command's environment, the entry names of Dirs and
// every non-test Go file in them, so a new file, a changed build
// constraint or a new import all show.
func (in inputs) digests(dir string) (key, digest string, err error) {
	kh := sha256.New()
	fmt.Fprintf(kh, "%s\n%s GOEXPERIMENT=%s\n", in.GoVersion, strings.Join(buildFlags, " "), Experiments)
	for _, f := range in.Files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			return "", "", fmt.Errorf("hash validator input: %w", err)
		}
		fmt.Fprintf(kh, "%s %d\n", f, len(b))
		kh.Write(b)
	}
	key = hex.EncodeToString(kh.Sum(nil))
	dh := sha256.New()
	fmt.Fprintf(dh, "key %s\ngoroot %s\n", key, in.GOROOT)
	if err := toolchain(dh, in.GOROOT); err != nil {
		return "", "", err
	}
	for _, d := range in.Dirs {
		if err := hashDir(dh, dir, d); err != nil {
			return "", "", err
		}
	}
	return key, hex.EncodeToString(dh.Sum(nil)), nil
}

// goEnv are the environment variables that can change which go runs or
// what go list and go build do for this module.
var goEnv = []string{"GOROOT", "GOTOOLCHAIN", "GOFLAGS", "GOEXPERIMENT", "GOWASM", "GOWORK", "GO111MODULE", "GOPATH", "GOMODCACHE"}

// toolchain writes what identifies the go command to h: the go binary on
// PATH (resolved), its size and modification time, goroot's VERSION file
// and the environment variables of goEnv.
func toolchain(h io.Writer, goroot string) error {
	bin, err := goBinary()
	if err != nil {
		return err
	}
	st, err := os.Stat(bin)
	if err != nil {
		return fmt.Errorf("go binary: %w", err)
	}
	version, err := os.ReadFile(filepath.Join(goroot, "VERSION"))
	if err != nil {
		return fmt.Errorf("go version: %w", err)
	}
	fmt.Fprintf(h, "go %s %d %d\n%s\n", bin, st.Size(), st.ModTime().UnixNano(), version)
	for _, k := range goEnv {
		v, ok := os.LookupEnv(k)
		fmt.Fprintf(h, "%s %t %q\n", k, ok, v)
	}
	return nil
}

// goBinary is the go command on PATH with symbolic links resolved.
func goBinary() (string, error) {
	p, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("go binary: %w", err)
	}
	p, err = filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("go binary: %w", err)
	}
	return filepath.Abs(p)
}

// toolchainRoot is the GOROOT the go on PATH would report without
// switching toolchains: $GOROOT, or the directory above its bin/. A
// manifest recorded under another GOROOT is not reused.
func toolchainRoot() string {
	if r := os.Getenv("GOROOT"); r != "" {
		return r
	}
	bin, err := goBinary()
	if err != nil {
		return ""
	}
	return filepath.Dir(filepath.Dir(bin))
}

// hashDir writes directory d's entry names to h, and the contents of its
// regular files except Go test files: the Go files of every build
// constraint and the embedded files.
func hashDir(h io.Writer, dir, d string) error {
	entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(d)))
	if err != nil {
		return fmt.Errorf("hash validator input: %w", err)
	}
	fmt.Fprintf(h, "dir %s\n", d)
	for _, e := range entries {
		name := e.Name()
		fmt.Fprintf(h, "%s %v\n", name, e.Type())
		if !e.Type().IsRegular() || strings.HasSuffix(name, "_test.go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(d), name))
		if err != nil {
			return fmt.Errorf("hash validator input: %w", err)
		}
		fmt.Fprintf(h, "%d\n", len(b))
		h.Write(b)
	}
	return nil
}

// manifestFile is the name of the inputs manifest in the cache directory.
const manifestFile = "inputs.json"

func loadInputs(cache string) (inputs, error) {
	var in inputs
	b, err := os.ReadFile(filepath.Join(cache, manifestFile))
	if err != nil {
		return in, fmt.Errorf("read validator inputs: %w", err)
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return in, fmt.Errorf("read validator inputs: %w", err)
	}
	if in.Key == "" || in.Digest == "" || len(in.Files) == 0 {
		return in, errors.New("read validator inputs: incomplete")
	}
	return in, nil
}

// save writes the manifest atomically.
func (in inputs) save(cache string) error {
	b, err := json.MarshalIndent(in, "", "\t")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	tmp := filepath.Join(cache, manifestFile+".tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(cache, manifestFile))
}
