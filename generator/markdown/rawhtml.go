package markdown

import (
	"bytes"
	"regexp"
	"sync"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// Raw HTML in Markdown (an HTML block, a tag inside a paragraph) is kept
// and sanitised, as GitHub does: goldmark's default drops it for a
// comment, which lost author text without a word (a <details> section, a
// <kbd> key, a centred logo). The same rule holds on every page, ours and
// third-party skills: one Markdown setup, and an element our own writers
// type should show rather than vanish; the allow-list makes it safe.
//
// The allow-list is GitHub's, narrowed: structure and text elements,
// links and images with URLs that parse (relative, http, https, mailto),
// alignment and sizes, open on <details>; never script, style, forms,
// frames, event handlers, class or id (an id could take a heading's
// anchor). Each piece of raw HTML is sanitised on its own: the sanitiser
// keeps a lone start or end tag, so a <details> block around Markdown
// keeps working.

var sanitizer = sync.OnceValue(func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowStandardURLs() // http, https, mailto, relative; parseable
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowElements("h1", "h2", "h3", "h4", "h5", "h6", "br", "b", "i", "strong", "em", "pre", "code",
		"tt", "div", "ins", "del", "sup", "sub", "p", "ol", "ul", "li", "table", "thead", "tbody", "tfoot",
		"tr", "td", "th", "blockquote", "dl", "dt", "dd", "kbd", "q", "samp", "var", "hr", "ruby", "rt",
		"rp", "s", "strike", "summary", "details", "caption", "figure", "figcaption", "abbr", "bdo",
		"cite", "dfn", "mark", "small", "span", "time", "wbr", "u", "picture", "center")
	p.AllowAttrs("href").OnElements("a")
	p.AllowElements("a")
	p.AllowAttrs("src", "alt", "width", "height").OnElements("img")
	p.AllowAttrs("srcset", "media", "type").OnElements("source")
	p.AllowElements("img", "source")
	p.AllowAttrs("align").Matching(regexp.MustCompile(`(?i)^(left|right|center|justify|top|middle|bottom)$`)).Globally()
	p.AllowAttrs("title", "lang", "dir").Globally()
	p.AllowAttrs("width", "height").Matching(bluemonday.NumberOrPercent).OnElements("td", "th", "table")
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("td", "th")
	p.AllowAttrs("start").Matching(bluemonday.Integer).OnElements("ol")
	p.AllowAttrs("open").Matching(regexp.MustCompile(`(?i)^(|open)$`)).OnElements("details")
	p.AllowAttrs("datetime").OnElements("time", "del", "ins")
	p.AllowAttrs("cite").OnElements("blockquote", "q", "del", "ins")
	p.RequireNoReferrerOnLinks(true)
	return p
})

// SanitizeHTML returns raw HTML from a page with what the allow-list does
// not hold removed; the text of a removed element stays, except that of
// script and style.
func SanitizeHTML(raw []byte) []byte { return sanitizer().SanitizeBytes(raw) }

// rawHTMLRenderer renders HTML blocks and inline raw HTML, sanitised.
type rawHTMLRenderer struct{}

func (rawHTMLRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHTMLBlock, renderHTMLBlock)
	reg.Register(ast.KindRawHTML, renderRawHTML)
}

func renderHTMLBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	var b bytes.Buffer
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(src))
	}
	if n.HasClosure() {
		b.Write(n.ClosureLine.Value(src))
	}
	_, err := w.Write(SanitizeHTML(b.Bytes()))
	return ast.WalkSkipChildren, err
}

func renderRawHTML(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.RawHTML)
	var b bytes.Buffer
	for i := 0; i < n.Segments.Len(); i++ {
		seg := n.Segments.At(i)
		b.Write(seg.Value(src))
	}
	_, err := w.Write(SanitizeHTML(b.Bytes()))
	return ast.WalkSkipChildren, err
}
