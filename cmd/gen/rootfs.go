package main

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync"
)

// rootFS is an os.Root's file system that reads files through the
// directory holding them, opened through the root once and kept for the
// build. Reading a file through the repository's root opens and closes
// every directory on its path (content/, en/, docs/, ...) before the file
// itself, and os.File's setup adds a few calls more: several system calls
// per page, and a build reads every page. Through the directory it is
// open, size, read and close (readIn). A file that way refuses or cannot
// find (a link, which the root resolves and checks, say) is read through
// the repository's root as before, so what is allowed and every error stay
// the same.
type rootFS struct {
	repoFS
	root *os.Root
	mu   sync.Mutex
	dirs map[string]*os.File // nil for a directory that could not be opened
}

// repoFS is what os.Root.FS provides and the generator uses.
type repoFS interface {
	fs.ReadFileFS
	fs.ReadDirFS
	fs.StatFS
	fs.ReadLinkFS
}

// newRootFS returns root's file system; close releases the directories it
// opened.
func newRootFS(root *os.Root) (fsys fs.FS, close func()) {
	base, ok := root.FS().(repoFS)
	if !ok {
		return root.FS(), func() {}
	}
	r := &rootFS{repoFS: base, root: root, dirs: map[string]*os.File{}}
	return r, r.close
}

func (r *rootFS) ReadFile(name string) ([]byte, error) {
	dir, file := path.Split(name)
	if dir != "" && fs.ValidPath(name) {
		if d := r.dir(dir[:len(dir)-1]); d != nil {
			if data, err := readIn(d, file); err == nil {
				return data, nil
			}
		}
	}
	return r.repoFS.ReadFile(name)
}

// ReadDir lists a directory through its descriptor (listIn) when it can:
// a listing through the root stats every entry, and a build lists every
// page directory twice (the link guard, then the page list).
func (r *rootFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if fs.ValidPath(name) {
		if d := r.dir(name); d != nil {
			if entries, err := listIn(d, filepath.Join(r.root.Name(), filepath.FromSlash(name))); err == nil {
				return entries, nil
			}
		}
	}
	return r.repoFS.ReadDir(name)
}

// dir returns the directory name, opened through the root, or nil.
func (r *rootFS) dir(name string) *os.File {
	r.mu.Lock()
	defer r.mu.Unlock()
	d, ok := r.dirs[name]
	if !ok {
		if f, err := r.root.Open(name); err == nil {
			d = f
		}
		r.dirs[name] = d
	}
	return d
}

func (r *rootFS) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for name, d := range r.dirs {
		if d != nil {
			d.Close()
		}
		delete(r.dirs, name)
	}
}
