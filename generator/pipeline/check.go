package pipeline

import (
	"maps"
	"slices"
	"strings"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/site"
)

// checkLinks reports internal links to pages, anchors or files that the
// build did not produce, in both languages.
func (b *rendered) checkLinks() {
	for _, r := range b.results {
		b.checkSkillLinks(r) // skillsite.go
		for _, l := range r.links {
			if msg := b.brokenLink(l); msg != "" {
				b.rep.Errorf(r.page.File, l.Line, "broken link %q: %s", l.Dest, msg)
			}
		}
	}
}

// brokenLink says what is wrong with a link, or returns "".
func (b *rendered) brokenLink(l markdown.Link) string {
	path, _, _ := strings.Cut(l.Path, "?")
	target := b.results[path]
	if target != nil && target.broken {
		return "" // the page's own error says what is wrong
	}
	if target == nil && !l.Page && b.out.Has(path) {
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

// checkFindingAnchors reports each anchor the validator links a finding
// code to that the field reference no longer has in a language: gen
// validate, the validator page and search/findings.json would lead readers
// to the top of the page. (The rows of fields, which findings about a
// field's value link, come from the field tables' directives, not from
// headings a writer renames.)
// (Renaming the heading "Membership tier limits" left unknown-tier
// pointing at an anchor that no longer existed, and the build passed.)
func (b *rendered) checkFindingAnchors() {
	x := site.FindingDocs(b.doc, "")
	for _, lang := range languages {
		r := b.results[x.Pages[lang]]
		if r == nil {
			continue // the missing reference page is reported where pages are paired
		}
		missing := map[string][]string{} // anchor → the codes linking it
		for code, a := range x.Codes {
			if !r.anchors[a] {
				missing[a] = append(missing[a], code)
			}
		}
		for _, a := range slices.Sorted(maps.Keys(missing)) {
			slices.Sort(missing[a])
			b.rep.Errorf(r.page.File, 0, "the validator links %s to #%s, which this page no longer has: give the heading that explains it back its id, as ## Its title {#%s}",
				strings.Join(missing[a], ", "), a, a)
		}
	}
}
