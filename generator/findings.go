package generator

import (
	"slices"

	"pairag.com/portal/generator/site"
	"pairag.com/portal/protocol"
)

// FindingURL is the site-relative URL of the reference section that
// explains a finding, in the reader's language (en or zh-CN): for a code
// about a field's value (wrong-type, invalid-enum, ...) the row of that
// field when the pointer names one, otherwise the code's anchor. It returns
// "" for a code it does not know.
func FindingURL(doc *protocol.Document, lang, code, pointer string) string {
	return Docs(doc, "").URL(lang, code, pointer)
}

// Docs is the index that links findings to the reference (see
// [site.FindingDocs]); base is the origin to prefix ("" for site-relative
// URLs). The validator page's module gets it through pairagConfigure.
func Docs(doc *protocol.Document, base string) *protocol.DocsIndex {
	return site.FindingDocs(doc, base)
}

// findingAnchors maps every finding code to the anchor of the field
// reference that explains its rule (protocol's table of codes).
// TestFindingAnchors fails when an anchor is not on the built page in
// either language.
func findingAnchors() map[string]string {
	out := map[string]string{}
	for _, c := range protocol.Codes() {
		out[c.Code] = c.Anchor
	}
	return out
}

// findingCodes returns the finding codes in sorted order.
func findingCodes() []string {
	var out []string
	for _, c := range protocol.Codes() {
		out = append(out, c.Code)
	}
	slices.Sort(out)
	return out
}
