// Package reference turns the protocol document into what its directives
// show: the tables, lists and code of a page's ```protocol fences, in
// either site language, as blocks that render both to HTML (for the page)
// and to GitHub Flavored Markdown (for the page's Markdown version).
//
// It owns (building on the block model of package block):
//
//   - the field, enum, codebook and tier tables and every other directive
//     ([Directives], [Lookup]; tables.go, enums.go, glossary.go);
//   - the anchors of their rows, derived from protocol names and the same
//     in both languages (anchors.go, [FieldAnchor]);
//   - the inputs that label and translate them, read strictly and checked
//     against the protocol: content/labels.yaml ([Labels]),
//     content/protocol.zh-CN.yaml ([ProtocolStrings], [Translation]) and
//     the hand-written notes on generated changelogs, content/changes.yaml
//     ([LoadChangeNotes]);
//   - the generated changelog between two versions: the whole Markdown
//     page, front matter, entries and notes ([ChangelogMarkdown],
//     changelog.go), in both languages, and its content path
//     ([ChangelogRel]).
//
// What the loaders and checks find is reported as findings ([diag.Finding]) to a
// [diag.Reporter] (the build's report). Apart from the changelog page,
// which is protocol-derived from its front matter to its last entry, the
// package knows nothing of pages, URLs or the site: the builder (package
// generator) adds the changelog pages to the content, says where the
// field reference page is ([Input].ReferencePage), places the blocks in
// pages, and adds the bundle directive.
package reference

import (
	"fmt"

	"pairag.com/portal/generator/langs"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol/spec"
)

// The two site languages (package lang names them). English is the source
// language: labels and notes must exist in both.
const (
	EN = langs.EN
	ZH = langs.ZH
)

// Languages lists the site languages, English first; every table is built
// for each of them.
var Languages = langs.All

// DocPath is a protocol version's file in the content tree, where messages
// about the document point.
func DocPath(d *spec.Document) string { return "protocol/" + d.FileName() }

// errorf reports an error: the build fails on it.
func errorf(rep diag.Reporter, file string, line int, format string, args ...any) {
	rep.Report(&diag.Finding{File: file, Line: line, Severity: diag.SeverityError, Msg: fmt.Sprintf(format, args...)})
}

// warnf reports a warning: the build goes on and logs it.
func warnf(rep diag.Reporter, file string, line int, format string, args ...any) {
	rep.Report(&diag.Finding{File: file, Line: line, Severity: diag.SeverityWarning, Msg: fmt.Sprintf(format, args...)})
}
