package markdown

import (
	"bytes"
	"context"
	"fmt"
	gohtml "html"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/blocks"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"
)

// New is the one goldmark setup of the site, for pages in lang.
// Every option is listed here. Its parser is the site's syntax alone, so a
// parsed page is the page as written (what the drift checks read); the
// project's changes to it are pageTransformers, applied by transform, and
// its renderers draw protocol directives and code blocks.
func New(lang string, hl *highlight.Cache) goldmark.Markdown { return newMarkdown(lang, hl, true) }

// NewWithoutAutolinks is New without GFM's autolinks of bare URLs, www.
// addresses and e-mail addresses, for pages SameWithoutAutolinks accepts:
// goldmark tries that extension at every space, and without it such a page
// parses faster into the same HTML.
func NewWithoutAutolinks(lang string, hl *highlight.Cache) goldmark.Markdown {
	return newMarkdown(lang, hl, false)
}

// SameWithoutAutolinks reports whether src renders the same without GFM's
// autolink extension (goldmark's Linkify). An autolink needs "http://",
// "https://", "ftp://", "www." or "@"; and since the extension is tried
// at every space, goldmark splits the text there, which changes what it
// keeps of white space at the end of a line (and so whether a line break
// between Chinese characters is kept): pages with such lines keep it.
func SameWithoutAutolinks(src []byte) bool {
	for _, marker := range autolinkMarkers {
		if bytes.Contains(src, marker) {
			return false
		}
	}
	for start := 0; start <= len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src) - start
		}
		end += start
		start = end + 1
		i := end // the line's end: its newline, or the end of src
		if i > 0 && src[i-1] == '\r' {
			i--
		}
		if i > 0 && src[i-1] == '\\' {
			i-- // a backslash line break
		}
		if i >= 1 && isLineSpace(src[i-1]) {
			return false
		}
	}
	return true
}

// isLineSpace is goldmark's white space within a line.
func isLineSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

var autolinkMarkers = [][]byte{[]byte("@"), []byte("www."), []byte("http://"), []byte("https://"), []byte("ftp://")}

func newMarkdown(lang string, hl *highlight.Cache, autolinks bool) goldmark.Markdown {
	exts := syntax()
	if !autolinks {
		exts = slices.DeleteFunc(exts, func(e goldmark.Extender) bool { return e == extension.Linkify })
	}
	return goldmark.New(
		goldmark.WithParser(newParser()), // held to the limits (limits.go)
		goldmark.WithExtensions(append(exts,
			directiveExtension{},
			pageExtension{msg: templates.For(lang), hl: hl},
		)...),
		goldmark.WithParserOptions(
			parser.WithAttribute(), // {#id} on headings; automatic ids are off (headingIDs sets them)
		),
		goldmark.WithRendererOptions(
			html.WithXHTML(), // void elements closed as templ does
		),
	)
}

// syntax lists the extensions that decide what Markdown text means. The
// drift checks parse with these alone (see NewSyntaxParser), so they see
// the same blocks and spans as the pages, before the site's transformers.
func syntax() []goldmark.Extender {
	return []goldmark.Extender{
		// GFM, spelled out so the table alignment can avoid inline styles (CSP).
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
		extension.Strikethrough,
		extension.Linkify,
		extension.TaskList,
		footnotes, // footnote.go
		extension.NewCJK(extension.WithEastAsianLineBreaks(), extension.WithEscapedSpace()),
		// The front matter block is skipped; it is decoded strictly before parsing.
		&frontmatter.Extender{Formats: []frontmatter.Format{frontmatter.YAML}},
	}
}

// NewSyntaxParser is the site's Markdown syntax without its transformers:
// link destinations, code fences and headings stay as written.
func NewSyntaxParser() parser.Parser {
	return goldmark.New(
		goldmark.WithParser(newParser()),
		goldmark.WithExtensions(syntax()...),
		goldmark.WithParserOptions(parser.WithAttribute()),
	).Parser()
}

// pageTransformers are the site's changes to a parsed page, in the order
// they run:
//
//	stampRemover          translation stamps are comments for gen check, not content
//	directiveTransformer  a ```protocol block becomes the directive's output
//	headingIDs            every heading gets an id (a translation's from its aligned original)
//	linkRewriter          links are recorded for the link check and rewritten for the language
//
// They are not parser options: a page pair is parsed first, the two trees
// are aligned as written, and only then transformed (renderPair).
var pageTransformers = []parser.ASTTransformer{stampRemover{}, directiveTransformer{}, headingIDs{}, linkRewriter{}}

// Transform applies pageTransformers to a page parsed with [New] and a
// [NewContext]; the builder calls it once a page pair is aligned.
func Transform(doc *ast.Document, src []byte, pc parser.Context) {
	reader := gtext.NewReader(src)
	for _, t := range pageTransformers {
		t.Transform(doc, reader, pc)
	}
}

// pageExtension renders code blocks with highlighting and a copy button,
// inline code with its break points, headings with their link, text,
// tables in a scroll region, the list of footnotes, and raw HTML
// sanitised.
type pageExtension struct {
	msg templates.Messages
	hl  *highlight.Cache
}

func (e pageExtension) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(codeRenderer(e), 100),
		util.Prioritized(textRenderer{}, 100),
		util.Prioritized(codeSpanRenderer{}, 100), // codespan.go
		util.Prioritized(headingRenderer{e.msg}, 100),
		util.Prioritized(newTableRenderer(e.msg), 100),
		util.Prioritized(footnoteListRenderer{e.msg}, 100),
		util.Prioritized(rawHTMLRenderer{}, 100), // rawhtml.go
	))
}

// tableRenderer renders a Markdown table as the GFM extension does, inside
// a region that scrolls when the table is wider than the column (a skill
// page's side-by-side cells): keyboard-focusable, and labelled in the
// page's language by its section's heading and its column headings, like
// the generated tables (blocks.TableBlock).
type tableRenderer struct {
	msg   templates.Messages
	table renderer.NodeRendererFunc // the extension's own
}

func newTableRenderer(msg templates.Messages) tableRenderer {
	r := tableRenderer{msg: msg}
	ext := extension.NewTableHTMLRenderer(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute))
	ext.RegisterFuncs(registerFunc(func(k ast.NodeKind, f renderer.NodeRendererFunc) {
		if k == east.KindTable {
			r.table = f
		}
	}))
	return r
}

// headingBefore returns the nearest heading before n among its siblings,
// or nil: two tables with the same columns are told apart by their sections.
func headingBefore(n ast.Node) *ast.Heading {
	for p := n.PreviousSibling(); p != nil; p = p.PreviousSibling() {
		if h, ok := p.(*ast.Heading); ok {
			return h
		}
	}
	return nil
}

// registerFunc adapts a function to renderer.NodeRendererFuncRegisterer.
type registerFunc func(ast.NodeKind, renderer.NodeRendererFunc)

func (f registerFunc) Register(k ast.NodeKind, fn renderer.NodeRendererFunc) { f(k, fn) }

func (r tableRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(east.KindTable, r.render)
	reg.Register(east.KindTableCell, renderTableCell)
}

// renderTableCell renders a cell as the GFM extension does with alignment
// as an attribute (the site's setting), without its fmt calls: a table has
// a cell for every column of every row.
func renderTableCell(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*east.TableCell)
	tag := "td"
	if n.Parent().Kind() == east.KindTableHeader {
		tag = "th"
	}
	if !entering {
		_, _ = w.WriteString("</")
		_, _ = w.WriteString(tag)
		_, _ = w.WriteString(">\n")
		return ast.WalkContinue, nil
	}
	_ = w.WriteByte('<')
	_, _ = w.WriteString(tag)
	if n.Alignment != east.AlignNone {
		if _, ok := n.AttributeString("align"); !ok {
			_, _ = w.WriteString(` align="`)
			_, _ = w.WriteString(n.Alignment.String())
			_ = w.WriteByte('"')
		}
	}
	if n.Attributes() != nil {
		if tag == "td" {
			html.RenderAttributes(w, n, extension.TableTdCellAttributeFilter)
		} else {
			html.RenderAttributes(w, n, extension.TableThCellAttributeFilter)
		}
	}
	return ast.WalkContinue, w.WriteByte('>')
}

func (r tableRenderer) render(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		var cols []string
		if head := n.FirstChild(); head != nil {
			for c := head.FirstChild(); c != nil; c = c.NextSibling() {
				cols = append(cols, PlainText(c, src))
			}
		}
		label := fmt.Sprintf(r.msg.MarkdownTable, strings.Join(cols, r.msg.Comma))
		if h := headingBefore(n); h != nil {
			label = fmt.Sprintf(r.msg.MarkdownTableIn, PlainText(h, src), strings.Join(cols, r.msg.Comma))
		}
		fmt.Fprintf(w, `<div class="md-table" role="region" tabindex="0" aria-label="%s">`, gohtml.EscapeString(label))
		return r.table(w, src, n, entering)
	}
	status, err := r.table(w, src, n, entering)
	if err == nil {
		_, err = w.WriteString("</div>\n")
	}
	return status, err
}

// headingRenderer renders headings as goldmark does, with a link to the
// heading's own id after its text (blocks.HeadingAnchor). Headings
// without an id (those of skill sections, whose row carries the anchor)
// get none.
type headingRenderer struct {
	msg templates.Messages
}

func (r headingRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindHeading, r.render)
}

func (r headingRenderer) render(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	if entering {
		beginHeading(w, n.Level)
		_, _ = w.WriteString("<h")
		_ = w.WriteByte(byte('0' + n.Level)) // 1 to 6
		if n.Attributes() != nil {
			html.RenderAttributes(w, n, html.HeadingAttributeFilter)
		}
		return ast.WalkContinue, w.WriteByte('>')
	}
	if id, ok := n.AttributeString("id"); ok {
		a := blocks.HeadingAnchor(r.msg, string(id.([]byte)), PlainText(n, src))
		if err := a.Render(context.Background(), w); err != nil {
			return ast.WalkStop, err
		}
	}
	_, _ = w.WriteString("</h")
	_ = w.WriteByte(byte('0' + n.Level))
	_, err := w.WriteString(">\n")
	endHeading(w)
	return ast.WalkContinue, err
}

// codeRenderer renders fenced and indented code blocks.
type codeRenderer struct {
	msg templates.Messages
	hl  *highlight.Cache
}

func (r codeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, r.render)
	reg.Register(ast.KindCodeBlock, r.render)
}

func (r codeRenderer) render(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	var lang string
	if f, ok := n.(*ast.FencedCodeBlock); ok {
		lang = string(f.Language(src))
	}
	if lang == "mermaid" {
		return ast.WalkSkipChildren, writeDiagram(w, r, LinesText(n, src))
	}
	return ast.WalkSkipChildren, block.WriteCode(w, r.hl, r.msg, lang, LinesText(n, src))
}

// writeDiagram writes a mermaid block as a figure holding its source,
// which templates/assets/diagrams.js draws (the builder loads it on pages
// whose Output has Diagrams); without the script the source shows, as
// code.
func writeDiagram(w util.BufWriter, r codeRenderer, code string) error {
	if o, ok := w.(*Output); ok {
		o.Diagrams = true
	}
	fmt.Fprintf(w, `<figure class="diagram" data-diagram data-alt="%s" data-source="%s">`,
		gohtml.EscapeString(r.msg.DiagramAlt), gohtml.EscapeString(r.msg.DiagramSource))
	if err := block.WriteCode(w, r.hl, r.msg, "mermaid", code); err != nil {
		return err
	}
	_, err := w.WriteString("</figure>\n")
	return err
}

// DiagramMarker is in the HTML of every mermaid diagram: a page whose HTML
// holds it needs the diagram script.
const DiagramMarker = `<figure class="diagram" data-diagram`

// LinesText joins the source lines of a block: a code block's code, as
// pages render it and drift compares it.
func LinesText(n ast.Node, src []byte) string {
	var b []byte
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b = append(b, seg.Value(src)...)
	}
	return string(b)
}

// plainText reports whether text has none of the bytes goldmark's HTML
// writer treats specially (NUL, quote, ampersand, angle brackets: escaped;
// backslash and ampersand: escapes and references), so that both of its
// ways of writing write text as it is. Most text is plain.
func plainText(text []byte) bool {
	for _, c := range text {
		if special[c] {
			return false
		}
	}
	return true
}

var special = [256]bool{0: true, '"': true, '&': true, '<': true, '>': true, '\\': true}

// textRenderer renders text as goldmark does, except for a soft line break
// before a link, code span or emphasis: goldmark's East Asian line breaks
// drop such a break whatever the languages ("See the\n[JSON](...)" became
// "See the<a ..."), so English words ran together. Here the break is kept
// unless the characters on both sides of it are East Asian wide, looking
// into the next node for its first character.
type textRenderer struct{}

func (r textRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindText, r.render)
}

func (textRenderer) render(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Text)
	value := n.Segment.Value(src)
	switch {
	case plainText(value):
		_, _ = w.Write(value) // what the default writer writes for it, without its byte-by-byte passes
	case n.IsRaw():
		html.DefaultWriter.RawWrite(w, value)
	default:
		html.DefaultWriter.Write(w, value)
	}
	switch {
	case n.HardLineBreak():
		_, _ = w.WriteString("<br />\n")
	case n.SoftLineBreak():
		if KeepsSoftBreak(n, src) {
			_ = w.WriteByte('\n')
		}
	}
	return ast.WalkContinue, nil
}

// KeepsSoftBreak reports whether the page keeps the soft line break that
// ends the text n as a newline (it drops one that joins East Asian text,
// see joinsEastAsian); the site search reads the page's text by it.
func KeepsSoftBreak(n *ast.Text, src []byte) bool {
	value := n.Segment.Value(src)
	return len(value) == 0 || !joinsEastAsian(value, n.NextSibling(), src)
}

// joinsEastAsian reports whether a soft line break after text, before
// next, is dropped: between two East Asian wide characters, or next to
// full-width punctuation, which carries its own space ("、\nJSON" reads
// "、JSON"). Elsewhere it stays a line break, which reads as a space.
func joinsEastAsian(text []byte, next ast.Node, src []byte) bool {
	last, _ := utf8.DecodeLastRune(text)
	first, ok := firstRune(next, src)
	if !ok {
		return false
	}
	return wide(last) && wide(first) || wide(last) && unicode.IsPunct(last) || wide(first) && unicode.IsPunct(first)
}

// wide reports an East Asian full-width, wide or half-width character.
func wide(r rune) bool {
	switch util.EastAsianWidth(r) {
	case "F", "W", "H":
		return true
	}
	return false
}

// firstRune is the first character of a node's text, looking into inline
// children; false when the node has none.
func firstRune(n ast.Node, src []byte) (rune, bool) {
	for ; n != nil; n = n.FirstChild() {
		switch t := n.(type) {
		case *ast.Text:
			if v := t.Segment.Value(src); len(v) > 0 {
				r, _ := utf8.DecodeRune(v)
				return r, true
			}
			return 0, false
		case *ast.String:
			if len(t.Value) > 0 {
				r, _ := utf8.DecodeRune(t.Value)
				return r, true
			}
			return 0, false
		}
	}
	return 0, false
}
