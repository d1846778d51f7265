package site

import (
	"strings"

	"pairag.com/portal/protocol/spec"
)

// Kind is what a page is, decided once when the page is loaded: every
// later decision (which pages are in the navigation, the search, the
// sitemap and llms.txt, which page carries the validator, which has no
// Markdown version) reads the kind, never the file name.
type Kind uint8

// The kinds of pages.
const (
	KindDoc       Kind = iota // a page of content/<lang>/ (the default)
	KindHome                  // the language's home, _index.md
	KindNotFound              // the error page, 404.md: no Markdown version, in no list or sitemap
	KindValidator             // the page that carries the validator tool, validator.md
	KindReference             // a protocol version's field reference, docs/task-publish-v<N>.md
	KindChangelog             // a generated "what changed" page, docs/changes-v<N>.md
	KindSkill                 // an agent skill's side-by-side page, made from its folder
	KindCompanion             // the page of a Markdown file that comes with a skill (references/guide.md)
)

// The content files, inside content/<lang>/, of the pages whose kind their
// path decides.
const (
	HomeSource      = "_index.md"
	NotFoundSource  = "404.md"
	ValidatorSource = "validator.md"
	referencePrefix = "docs/task-publish-v"
	changelogPrefix = "docs/changes-v"
)

// KindOf returns the kind of the page of a content file inside
// content/<lang>/ (skill pages are made, not read: they are KindSkill).
func KindOf(rel string) Kind {
	switch rel {
	case HomeSource:
		return KindHome
	case NotFoundSource:
		return KindNotFound
	case ValidatorSource:
		return KindValidator
	}
	if versioned(rel, referencePrefix) {
		return KindReference
	}
	if versioned(rel, changelogPrefix) {
		return KindChangelog
	}
	return KindDoc
}

// versioned reports whether rel is prefix, a major version number and .md.
func versioned(rel, prefix string) bool {
	n, ok := strings.CutPrefix(rel, prefix)
	if !ok {
		return false
	}
	n, ok = strings.CutSuffix(n, ".md")
	if !ok || n == "" {
		return false
	}
	for _, c := range n {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// ChangelogSource is the content file, inside content/<lang>/, of the
// generated page of what changed in a version since the one before.
func ChangelogSource(d *spec.Document) string { return changelogPrefix + d.Major() + ".md" }

// Listed reports whether pages of the kind appear in the navigation,
// llms.txt and the sitemap (the error page does not).
func (k Kind) Listed() bool { return k != KindNotFound }

// Indexed reports whether the site search indexes pages of the kind (not
// the error page; a skill's pages are indexed through their skill).
func (k Kind) Indexed() bool { return k != KindNotFound && !k.OfSkill() }

// OfSkill reports whether pages of the kind are made from a skill's
// folder: their Markdown version is a published file of the skill.
func (k Kind) OfSkill() bool { return k == KindSkill || k == KindCompanion }
