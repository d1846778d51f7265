package site

import (
	"strings"

	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/markdown"
)

// Page is one page of the site: a Markdown file of content/<lang>/, an
// agent skill's page, or the stand-in of a translation on its way.
type Page struct {
	markdown.Page        // Lang, File (path in Config.Content), URL, Src, BodyStart: what the Markdown transformers read
	Rel           string // path inside the language directory: the translation key
	FM            markdown.FrontMatter
	Raw           string // skill pages: the published SKILL file that is their Markdown version
	Kind          Kind
	// Pending marks the Chinese URL of a page published in English first:
	// no file behind it, it says in Chinese that the translation is on its
	// way and links the original; it is noindex, without hreflang, out of
	// the navigation, the sitemap, llms.txt and search.
	Pending bool
	// Broken marks a page whose front matter has errors and that had a
	// good version before (the build's keepBrokenPages): it is not rendered, so gen
	// serve serves that version, it keeps that version's front matter in
	// the navigation, and links to it are not reported again.
	Broken bool
}

// Pair is a page and its twin, the page of the same path in the other
// language; either may be nil when missing.
type Pair struct{ EN, ZH *Page }

// Get returns the pair's page in lang.
func (p Pair) Get(lang string) *Page {
	if lang == langs.EN {
		return p.EN
	}
	return p.ZH
}

// Set puts p in the pair, as its page in p.Lang.
func (p *Pair) Set(pg *Page) {
	if pg.Lang == langs.EN {
		p.EN = pg
	} else {
		p.ZH = pg
	}
}

// Kind is the kind of the pair's pages (a page and its twin are of one kind).
func (p Pair) Kind() Kind {
	if p.EN != nil {
		return p.EN.Kind
	}
	return p.ZH.Kind
}

// Rel is the pair's path inside its language directory: the translation key.
func (p Pair) Rel() string {
	if p.EN != nil {
		return p.EN.Rel
	}
	return p.ZH.Rel
}

// OutputPath is the file a URL is written to, relative to the output directory.
func OutputPath(url string) string {
	if strings.HasSuffix(url, "/") {
		return strings.TrimPrefix(url, "/") + "index.html"
	}
	return strings.TrimPrefix(url, "/")
}

// MarkdownURL is where a page's Markdown version is published: the URL
// without its trailing slash plus .md, and index.md for a language's home.
// Error pages have none.
func MarkdownURL(p *Page) string {
	switch {
	case p.Kind.OfSkill():
		return p.Raw
	case p.Kind == KindNotFound, p.Pending:
		return ""
	case p.Kind == KindHome:
		return p.URL + "index.md"
	}
	return strings.TrimSuffix(p.URL, "/") + ".md"
}
