package spec

import (
	"strconv"
	"strings"

	"pairag.com/portal/protocol/internal/format"
)

// VersionGlob matches the file names of the protocol's versions.
const VersionGlob = "pairag-task-publish-v*.json"

// File is a document's file name and text, as ParseSet takes it.
type File struct {
	Name string
	Data []byte
}

// Lookup finds a version among docs, written as the document writes it
// (18.0), as its major number (18) or as in file names (v18, V18).
func Lookup(docs []*Document, version string) (*Document, bool) {
	v := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(version), "v"), "V")
	for _, d := range docs {
		if d.Version == v || d.Major() == v {
			return d, true
		}
	}
	return nil, false
}

// Major returns the version's major number as written (18 for 18.0).
func (d *Document) Major() string {
	major, _, _ := strings.Cut(d.Version, ".")
	return major
}

// FileName returns the published name of this version's document.
func (d *Document) FileName() string { return "pairag-task-publish-v" + d.Major() + ".json" }

// SchemaFileName returns the published name of this version's schema.
func (d *Document) SchemaFileName() string {
	return "pairag-task-publish-v" + d.Major() + ".schema.json"
}

// ParseSet is ParseVersions on files already read (the embedded ones):
// it parses and checks each document and the set, and returns them oldest
// first.
func ParseSet(files []File) ([]*Document, error) {
	if len(files) == 0 {
		return nil, format.Errorf("no %s found", VersionGlob)
	}
	var docs []*Document
	for _, f := range files {
		name, data := f.Name, f.Data
		d, err := Parse(data)
		if err != nil {
			return nil, format.Errorf("%s:%w", name, trimParsePrefix(err))
		}
		d.Text = string(data)
		if d.FileName() != baseName(name) {
			return nil, format.Errorf("%s:%d:1: version %q belongs in %s", name, lineOf(data, `"version"`), d.Version, d.FileName())
		}
		if !strings.HasSuffix(d.CanonicalURL, "/"+d.FileName()) {
			return nil, format.Errorf("%s:%d:1: canonical_url %q does not end in /%s", name, lineOf(data, `"canonical_url"`), d.CanonicalURL, d.FileName())
		}
		docs = append(docs, d)
	}
	// An insertion sort: there are a few versions, and slices.SortFunc
	// would add a sort of its own for this type to the module.
	for i := 1; i < len(docs); i++ {
		for j := i; j > 0 && versionLess(docs[j].Version, docs[j-1].Version); j-- {
			docs[j], docs[j-1] = docs[j-1], docs[j]
		}
	}
	for i := 1; i < len(docs); i++ {
		if err := checkRenames(docs[i-1], docs[i]); err != nil {
			return nil, format.Errorf("%s:%d:1: %w", docs[i].FileName(), lineOf([]byte(docs[i].Text), `"renamed_fields"`), err)
		}
		docs[i].Changed = Changes(docs[i-1], docs[i])
	}
	return docs, nil
}

// trimParsePrefix turns Parse's "parse protocol document: 3:5: msg" into
// "3:5: msg", so the file name can go in front.
func trimParsePrefix(err error) error {
	s := strings.TrimPrefix(err.Error(), "parse protocol document: ")
	if line, rest, ok := strings.Cut(s, ":"); ok {
		if _, e := strconv.Atoi(line); e == nil {
			return format.Errorf("%s:%s", line, rest)
		}
	}
	return format.Errorf("1:1: %s", s)
}

// lineOf returns the 1-based line of the first occurrence of s, or 1.
func lineOf(data []byte, s string) int {
	i := strings.Index(string(data), s)
	if i < 0 {
		return 1
	}
	return strings.Count(string(data[:i]), "\n") + 1
}

// versionLess orders versions numerically part by part (9.0 < 18.0 < 18.1).
func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, _ := strconv.Atoi(pa[i])
		y, _ := strconv.Atoi(pb[i])
		if x != y {
			return x < y
		}
	}
	return len(pa) < len(pb)
}

// checkRenames makes sure every rename of next names a field of prev.
func checkRenames(prev, next *Document) error {
	_, lists, _ := fieldListsOf(prev)
	for _, r := range next.RenamedFields {
		if !namesOf(lists[r.List])[r.From] {
			return format.Errorf("renamed_fields: %q is not a field of %s in version %s", r.From, r.List, prev.Version)
		}
	}
	return nil
}

// baseName returns the last element of a slash-separated name.
func baseName(name string) string { return name[strings.LastIndexByte(name, '/')+1:] }
