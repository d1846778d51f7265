package pipeline

import (
	"io/fs"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/generator/translation"
)

// The generated changelog pages, the build's side: package reference
// writes each page (changelog.go there says what it lists); the build adds
// them to the content as if a writer had, so they are rendered, linked and
// checked like any other page.

// withChangelogs returns fsys with the generated pages of every pair of
// consecutive versions added, the Chinese page stamped with the digests of
// the English one (it is written from the same list, so it is never out of
// date). Without a pair it returns fsys itself.
func (b *loaded) withChangelogs(fsys fs.FS) fs.FS {
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
	o := load.Overlay{FS: fsys, Extra: extra}
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
