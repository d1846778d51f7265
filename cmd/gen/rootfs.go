package main

import (
	"io/fs"
	"os"
	"path"
	"sync"
)

// rootFS is an os.Root's file system that reads files through a root
// opened on their directory, kept for the build. Reading a file through
// the repository's root opens and closes every directory on its path
// (content/, en/, docs/, ...) before the file itself: several system
// calls per page, and a build reads every page. Through the directory's
// own root it is one open. A file the directory's root refuses or cannot
// find (a link that leads out of its directory but stays in the
// repository, say) is read through the repository's root as before, so
// what is allowed and every error stay the same.
type rootFS struct {
	repoFS
	root *os.Root
	mu   sync.Mutex
	dirs map[string]*os.Root // nil for a directory that could not be opened
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
	r := &rootFS{repoFS: base, root: root, dirs: map[string]*os.Root{}}
	return r, r.close
}

func (r *rootFS) ReadFile(name string) ([]byte, error) {
	dir, file := path.Split(name)
	if dir != "" && fs.ValidPath(name) {
		if d := r.dir(dir[:len(dir)-1]); d != nil {
			if data, err := d.ReadFile(file); err == nil {
				return data, nil
			}
		}
	}
	return r.repoFS.ReadFile(name)
}

func (r *rootFS) dir(name string) *os.Root {
	r.mu.Lock()
	defer r.mu.Unlock()
	d, ok := r.dirs[name]
	if !ok {
		d, _ = r.root.OpenRoot(name)
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
