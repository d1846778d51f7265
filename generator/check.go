package generator

import (
	"strings"

	"pairag.com/portal/generator/markdown"
)

// checkLinks reports internal links to pages, anchors or files that the
// build did not produce, in both languages.
func (b *builder) checkLinks() {
	for _, r := range b.results {
		for _, l := range r.links {
			if msg := b.brokenLink(l); msg != "" {
				b.rep.errorf(r.page.File, l.Line, "broken link %q: %s", l.Dest, msg)
			}
		}
	}
}

// brokenLink says what is wrong with a link, or returns "".
func (b *builder) brokenLink(l markdown.Link) string {
	path, _, _ := strings.Cut(l.Path, "?")
	target := b.results[path]
	if target == nil && !l.Page && b.files[path] {
		if l.Frag != "" {
			return "files other than pages have no anchors"
		}
		return ""
	}
	if target == nil {
		return "no page or file " + path
	}
	if l.Frag != "" && !target.anchors[l.Frag] {
		return "page " + path + " has no anchor #" + l.Frag
	}
	return ""
}
