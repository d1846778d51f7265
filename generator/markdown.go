package generator

import (
	"context"
	"fmt"
	gohtml "html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
	"go.abhg.dev/goldmark/frontmatter"

	"pairag.com/portal/templates"
)

// newMarkdown is the one goldmark setup of the site, for pages in lang.
// Every option is listed here; the project's own behaviour comes from
// small extensions: protocol directives, heading ids, links and code blocks.
func newMarkdown(lang string, hl *highlighter) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(append(syntax(),
			directiveExtension{},
			pageExtension{msg: templates.For(lang), hl: hl},
			stampExtension{}, // translation stamps are comments for gen check, not content
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
// drift checks parse with these alone (see newSyntaxParser), so they see
// the same blocks and spans as the pages, before the site's transformers.
func syntax() []goldmark.Extender {
	return []goldmark.Extender{
		// GFM, spelled out so the table alignment can avoid inline styles (CSP).
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
		extension.Strikethrough,
		extension.Linkify,
		extension.TaskList,
		extension.NewCJK(extension.WithEastAsianLineBreaks(), extension.WithEscapedSpace()),
		// The front matter block is skipped; it is decoded strictly before parsing.
		&frontmatter.Extender{Formats: []frontmatter.Format{frontmatter.YAML}},
	}
}

// newSyntaxParser is the site's Markdown syntax without its transformers:
// link destinations, code fences and headings stay as written.
func newSyntaxParser() parser.Parser {
	return goldmark.New(
		goldmark.WithExtensions(syntax()...),
		goldmark.WithParserOptions(parser.WithAttribute()),
	).Parser()
}

// pageExtension sets heading ids, rewrites and records links, and renders
// code blocks with highlighting and a copy button.
type pageExtension struct {
	msg templates.Messages
	hl  *highlighter
}

func (e pageExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(
		util.Prioritized(headingIDs{}, 200),
		util.Prioritized(linkRewriter{}, 300),
	))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(codeRenderer(e), 100),
		util.Prioritized(headingRenderer{e.msg}, 100),
		util.Prioritized(newTableRenderer(e.msg), 100),
	))
}

// tableRenderer renders a Markdown table as the GFM extension does, inside
// a region that scrolls when the table is wider than the column (a skill
// page's side-by-side cells): keyboard-focusable, and labelled in the
// page's language by its section's heading and its column headings, like
// the generated tables (templates.TableBlock).
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
}

func (r tableRenderer) render(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		var cols []string
		if head := n.FirstChild(); head != nil {
			for c := head.FirstChild(); c != nil; c = c.NextSibling() {
				cols = append(cols, plainText(c, src))
			}
		}
		label := fmt.Sprintf(r.msg.MarkdownTable, strings.Join(cols, r.msg.Comma))
		if h := headingBefore(n); h != nil {
			label = fmt.Sprintf(r.msg.MarkdownTableIn, plainText(h, src), strings.Join(cols, r.msg.Comma))
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
// heading's own id after its text (templates.HeadingAnchor). Headings
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
		fmt.Fprintf(w, "<h%d", n.Level)
		if n.Attributes() != nil {
			html.RenderAttributes(w, n, html.HeadingAttributeFilter)
		}
		return ast.WalkContinue, w.WriteByte('>')
	}
	if id, ok := n.AttributeString("id"); ok {
		a := templates.HeadingAnchor(r.msg, string(id.([]byte)), plainText(n, src))
		if err := a.Render(context.Background(), w); err != nil {
			return ast.WalkStop, err
		}
	}
	_, err := fmt.Fprintf(w, "</h%d>\n", n.Level)
	return ast.WalkContinue, err
}

// codeRenderer renders fenced and indented code blocks.
type codeRenderer struct {
	msg templates.Messages
	hl  *highlighter
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
	return ast.WalkSkipChildren, writeCode(w, r.hl, r.msg, lang, linesText(n, src))
}

// linesText joins the source lines of a block.
func linesText(n ast.Node, src []byte) string {
	var b []byte
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b = append(b, seg.Value(src)...)
	}
	return string(b)
}
