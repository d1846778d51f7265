package load

import (
	"io/fs"
	"path"
	"slices"
	"strings"
)

// Overlay is a file system with generated files added (the build's
// changelog pages): a generated file hides a file of the same name, and a
// directory lists its own entries and the generated ones, sorted by name.
type Overlay struct {
	fs.FS
	Extra Files
}

// Open opens a generated file, or one of the file system below.
func (o Overlay) Open(name string) (fs.File, error) {
	if _, ok := o.Extra[name]; ok {
		return o.Extra.Open(name)
	}
	return o.FS.Open(name)
}

// ReadFile reads a generated file, or one of the file system below.
func (o Overlay) ReadFile(name string) ([]byte, error) {
	if _, ok := o.Extra[name]; ok {
		return o.Extra.ReadFile(name)
	}
	return fs.ReadFile(o.FS, name)
}

// ReadDir lists a directory of the file system below with the generated
// files in it; a directory only generated files are in exists.
func (o Overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(o.FS, name)
	added := false
	for file := range o.Extra {
		if path.Dir(file) == name {
			info, _ := fs.Stat(o.Extra, file)
			entries = append(entries, fs.FileInfoToDirEntry(info))
			added = true
		}
	}
	if added {
		err = nil
		slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	}
	return entries, err
}

// Stat describes a generated file, or one of the file system below.
func (o Overlay) Stat(name string) (fs.FileInfo, error) {
	if _, ok := o.Extra[name]; ok {
		return fs.Stat(o.Extra, name)
	}
	return fs.Stat(o.FS, name)
}
