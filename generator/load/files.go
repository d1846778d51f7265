package load

import (
	"bytes"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// Files is a read-only fs.FS of whole files held in memory, keyed by
// slash-separated path as fs.ValidPath wants them. The build uses it for
// inputs it writes itself (the generated changelog pages, a protocol
// document read on its own), so production code needs no testing/fstest.
// Directories are implied by the paths. Every file has mode 0 and the
// modification time zero Unix, so nothing in the output depends on when
// the build ran.
type Files map[string][]byte

// epoch is the modification time of every entry of Files.
var epoch = time.Unix(0, 0)

// Open opens the file or implied directory name.
func (f Files) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if data, ok := f[name]; ok {
		return &memFile{info: entry{name: path.Base(name), size: int64(len(data))}, r: bytes.NewReader(data)}, nil
	}
	entries, ok := f.list(name)
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &memDir{info: entry{name: path.Base(name), dir: true}, entries: entries}, nil
}

// ReadFile returns a copy of the file name, so a caller may change it.
func (f Files) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readfile", Path: name, Err: fs.ErrInvalid}
	}
	data, ok := f[name]
	if !ok {
		return nil, &fs.PathError{Op: "readfile", Path: name, Err: fs.ErrNotExist}
	}
	return bytes.Clone(data), nil
}

// ReadDir lists the directory name, sorted by name.
func (f Files) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	if _, ok := f[name]; ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	entries, ok := f.list(name)
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	return entries, nil
}

// list returns the entries directly under dir, sorted by name, and whether
// dir exists: the root always does, another directory when a path is in it.
func (f Files) list(dir string) ([]fs.DirEntry, bool) {
	prefix := dir + "/"
	if dir == "." {
		prefix = ""
	}
	seen := map[string]bool{}
	var entries []fs.DirEntry
	for name, data := range f {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		e := entry{name: rest, size: int64(len(data))}
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			e = entry{name: rest[:i], dir: true}
		}
		if !seen[e.name] {
			seen[e.name] = true
			entries = append(entries, e)
		}
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, dir == "." || len(entries) > 0
}

// entry is the fs.FileInfo and fs.DirEntry of a file or directory of Files.
type entry struct {
	name string
	size int64
	dir  bool
}

func (e entry) Name() string               { return e.name }
func (e entry) Size() int64                { return e.size }
func (e entry) ModTime() time.Time         { return epoch }
func (e entry) IsDir() bool                { return e.dir }
func (e entry) Sys() any                   { return nil }
func (e entry) Type() fs.FileMode          { return e.Mode().Type() }
func (e entry) Info() (fs.FileInfo, error) { return e, nil }

func (e entry) Mode() fs.FileMode {
	if e.dir {
		return fs.ModeDir | 0o555
	}
	return 0
}

// memFile is an open file of Files.
type memFile struct {
	info entry
	r    *bytes.Reader
}

func (m *memFile) Stat() (fs.FileInfo, error)                { return m.info, nil }
func (m *memFile) Read(p []byte) (int, error)                { return m.r.Read(p) }
func (m *memFile) ReadAt(p []byte, off int64) (int, error)   { return m.r.ReadAt(p, off) }
func (m *memFile) Seek(off int64, whence int) (int64, error) { return m.r.Seek(off, whence) }
func (m *memFile) Close() error                              { return nil }

// memDir is an open directory of Files.
type memDir struct {
	info    entry
	entries []fs.DirEntry
	off     int
}

func (d *memDir) Stat() (fs.FileInfo, error) { return d.info, nil }
func (d *memDir) Close() error               { return nil }

func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.info.name, Err: fs.ErrInvalid}
}

// ReadDir returns the next n entries, or all that are left when n <= 0.
func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.off:]
	if n > 0 && len(rest) == 0 {
		return nil, io.EOF
	}
	if n > 0 && n < len(rest) {
		rest = rest[:n]
	}
	d.off += len(rest)
	return slices.Clone(rest), nil
}
