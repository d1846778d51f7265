// Package sitedir is the directory a build writes the site into, the
// publish stage's one place of file system writes: it creates each
// directory once (file system calls are a large part of a build's time),
// records every file of the site as a site path, whether written here,
// linked in or left where an earlier build wrote it, and counts the files
// a full disk refused so that the build reports that once, with how much
// did not fit, instead of once per file.
package sitedir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"

	"pairag.com/portal/generator/outdir"
)

// Dir is a build directory. Its methods are safe for concurrent use.
type Dir struct {
	root  string
	dirs  sync.Map // directories created
	mu    sync.Mutex
	files map[string]bool // every file of the site, as a site path
	full  diskFull
}

// New returns the build directory root, which must exist.
func New(root string) *Dir { return &Dir{root: root, files: map[string]bool{}} }

// Path returns the site path of name, which may lack its leading slash.
func Path(name string) string { return filepath.ToSlash(filepath.Clean("/" + name)) }

// Mkdir creates dir, a path inside the root, and its parents, once.
func (d *Dir) Mkdir(dir string) error {
	if _, done := d.dirs.Load(dir); done {
		return nil
	}
	if parent := filepath.Dir(dir); parent != dir && len(parent) >= len(d.root) {
		if err := d.Mkdir(parent); err != nil {
			return err
		}
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	d.dirs.Store(dir, true)
	return nil
}

// Write writes the file name (a site path) made of parts, in order,
// without joining them in memory first, and records it. A file the disk
// has no room for is counted (see Report), not returned as an error.
func (d *Dir) Write(name string, parts ...[]byte) error {
	name = Path(name)
	full := filepath.Join(d.root, filepath.FromSlash(name))
	err := d.Mkdir(filepath.Dir(full))
	if err == nil {
		err = outdir.WriteParts(full, parts...)
	}
	d.Add(name)
	if errors.Is(err, syscall.ENOSPC) {
		size := 0
		for _, p := range parts {
			size += len(p)
		}
		d.full.add(full, size)
		return nil
	}
	return err
}

// Add records site paths as files of the site written by other means.
func (d *Dir) Add(names ...string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, name := range names {
		d.files[name] = true
	}
}

// Has reports whether the site has the file at a site path.
func (d *Dir) Has(name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.files[name]
}

// Len returns the number of files of the site.
func (d *Dir) Len() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.files)
}

// Full reports whether a file did not fit on the disk.
func (d *Dir) Full() bool { return d.full.any() }

// FullError returns the one message for a full disk, or "" when every
// file fitted.
func (d *Dir) FullError() string {
	f := &d.full
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.files == 0 {
		return ""
	}
	return fmt.Sprintf("no space left on device: %d file(s) of %s did not fit, starting with %s; free at least that much on the file system holding %s and build again",
		f.files, byteSize(f.bytes), f.first, d.root)
}

// diskFull counts the files a build could not write for lack of space.
type diskFull struct {
	mu    sync.Mutex
	first string // the first file that did not fit
	files int
	bytes int64
}

func (f *diskFull) add(path string, size int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.files == 0 {
		f.first = path
	}
	f.files++
	f.bytes += int64(size)
}

func (f *diskFull) any() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.files > 0
}

// byteSize formats n bytes for people: 512 B, 12.3 KB, 4.0 MB.
func byteSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1e3)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}
