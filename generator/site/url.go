// Package site is the model of the site without I/O: a Page with its Kind
// (decided once, from its path, never from a file name tested later), the
// Pair of a page and its twin, and the rules that map content files to URLs
// and output files. Package load builds the model; the later stages read it.
package site

import (
	"path"
	"strings"

	"pairag.com/portal/generator/langs"
	"pairag.com/portal/protocol/catalog"
	"pairag.com/portal/protocol/spec"
)

// DefaultBaseURL is the production origin.
const DefaultBaseURL = "https://resource.pairag.com"

// URL maps a file inside content/<lang>/ to its URL: docs/x.md becomes
// /docs/x/ (/zh-CN/docs/x/ in Chinese), a directory's _index.md the
// directory, and 404.md /404.html.
func URL(l, rel string) string {
	dir, file := path.Split(rel)
	var u string
	switch {
	case rel == NotFoundSource:
		u = "/404.html"
	case file == "_index.md":
		u = "/" + dir
	default:
		u = "/" + dir + strings.TrimSuffix(file, ".md") + "/"
	}
	return langs.Prefix(l) + u
}

// ReferenceSource is the content file, inside content/<lang>/, of a
// protocol version's field reference page.
func ReferenceSource(d *spec.Document) string {
	return referencePrefix + d.Major() + ".md"
}

// ReferencePages returns the URL of a version's field reference page in
// each language.
func ReferencePages(d *spec.Document) map[string]string {
	out := map[string]string{}
	for _, l := range langs.All {
		out[l] = URL(l, ReferenceSource(d))
	}
	return out
}

// FindingDocs is the index that links a version's findings to its field
// reference (see [catalog.DocsIndex]); base is the origin to prefix (""
// for site-relative URLs).
func FindingDocs(d *spec.Document, base string) *catalog.DocsIndex {
	return catalog.NewDocsIndex(d, base, ReferencePages(d))
}
