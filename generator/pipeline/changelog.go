package pipeline

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/generator/translation"
)

// The generated changelog pages, the builder's side: package reference
// writes each page (changelog.go there says what it lists); the build adds
// them to the content as if a writer had, so they are rendered, linked and
// checked like any other page.

// withChangelogs returns fsys with the generated pages of every pair of
// consecutive versions added, the Chinese page stamped with the digests of
// the English one (it is written from the same list, so it is never out of
// date). Without a pair it returns fsys itself.
func (b *builder) withChangelogs(fsys fs.FS) fs.FS {
	extra := load.Files{}
	notes := reference.LoadChangeNotes(fsys, b.versions, b.rep) // package reference, changenotes.go
	for i := 1; i < len(b.versions); i++ {
		old, new := b.versions[i-1], b.versions[i]
		for _, lang := range languages {
			extra["content/"+lang+"/"+reference.ChangelogRel(new)] = reference.ChangelogMarkdown(lang, old, new, notes[new.Major()])
		}
	}
	if len(extra) == 0 {
		return fsys
	}
	o := overlayFS{fsys, extra}
	for i := 1; i < len(b.versions); i++ {
		rel := reference.ChangelogRel(b.versions[i])
		c, err := translation.CompareFiles(o, "content/"+en+"/"+rel, "content/"+zh+"/"+rel, nil) // generated: no term check
		if err != nil {
			b.rep.Errorf("content/"+zh+"/"+rel, 0, "stamp the generated page: %v", err)
			continue
		}
		data := drift.Stamped(c, false).Out
		extra["content/"+zh+"/"+rel] = data
	}
	return o
}

// overlayFS is a file system with generated files added; a directory lists
// its own entries and the generated ones.
type overlayFS struct {
	fs.FS
	extra load.Files
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if _, ok := o.extra[name]; ok {
		return o.extra.Open(name)
	}
	return o.FS.Open(name)
}

func (o overlayFS) ReadFile(name string) ([]byte, error) {
	if _, ok := o.extra[name]; ok {
		return o.extra.ReadFile(name)
	}
	return fs.ReadFile(o.FS, name)
}

func (o overlayFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(o.FS, name)
	added := false
	for file := range o.extra {
		if path.Dir(file) == name {
			info, _ := fs.Stat(o.extra, file)
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

func (o overlayFS) Stat(name string) (fs.FileInfo, error) {
	if _, ok := o.extra[name]; ok {
		return fs.Stat(o.extra, name)
	}
	return fs.Stat(o.FS, name)
}
