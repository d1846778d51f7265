package search

import (
	"bytes"
	gohtml "html"
	"strconv"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	ghtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/templates/blocks"
)

// Sections returns the sections of a page from the tree it renders from:
// doc, parsed from src and transformed (package markdown), and top, the
// HTML the page shows above its Markdown (the validator's tool, or nil).
// They are what a reader of the page's <main> element finds (see
// sectionWriter), worked out from the Markdown's nodes and the
// directives' blocks as the page's renderers draw them; raw HTML in the
// Markdown (sanitised, as the page shows it) and the blocks that only
// templ draws (the skills list) are read as the HTML they are.
func Sections(top []byte, doc ast.Node, src []byte) []Section {
	t := &treeReader{src: src}
	t.html(top)
	t.node(doc)
	return t.w.sections()
}

// treeReader tells a sectionWriter the elements and text of a page's
// tree, in the order its HTML holds them.
type treeReader struct {
	w   sectionWriter
	src []byte
	buf textBuf // goldmark's writer writes text into it
}

// headingAtom is the element of a heading of level 1 to 6.
var headingAtom = [...]atom.Atom{atom.H1, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6}

func (t *treeReader) children(n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		t.node(c)
	}
}

// element is a start tag, n's children, and the end tag.
func (t *treeReader) element(a atom.Atom, n ast.Node) {
	t.w.start(a, "", "")
	t.children(n)
	t.w.end(a)
}

// lines is an element as goldmark writes a block: a newline after its
// end tag, and after its start tag too when open. The newlines are text
// between the elements, which counts where raw HTML has closed an
// element early (an end tag that closes nothing adds no space).
func (t *treeReader) lines(a atom.Atom, n ast.Node, open bool) {
	t.w.start(a, "", "")
	if open {
		t.nl()
	}
	t.children(n)
	t.w.end(a)
	t.nl()
}

// wrapped is lines of the element inner holding n's children, itself
// inside an element outer of class cls: a table in its scrolling div, a
// header row in its thead, the footnotes' list in its section.
func (t *treeReader) wrapped(outer atom.Atom, cls string, open bool, inner atom.Atom, n ast.Node) {
	t.w.start(outer, "", cls)
	if open {
		t.nl()
	}
	t.lines(inner, n, true)
	t.w.end(outer)
	t.nl()
}

func (t *treeReader) nl() { t.w.write("\n") }

// node is a node of the tree and what it holds: blocks here, inline
// content and the GFM extensions' nodes in inline and extension.
func (t *treeReader) node(n ast.Node) {
	if t.inline(n) || t.extension(n) {
		return
	}
	switch n := n.(type) {
	case *ast.Paragraph:
		t.lines(atom.P, n, false)
	case *ast.Heading:
		t.heading(n)
	case *ast.Blockquote:
		t.lines(atom.Blockquote, n, true)
	case *ast.List:
		a := atom.Ul
		if n.IsOrdered() {
			a = atom.Ol
		}
		t.lines(a, n, true)
	case *ast.ListItem:
		_, tight := n.FirstChild().(*ast.TextBlock)
		t.lines(atom.Li, n, n.FirstChild() != nil && !tight)
	case *ast.TextBlock:
		t.children(n)
		if n.NextSibling() != nil && n.FirstChild() != nil {
			t.w.write("\n")
		}
	case *ast.ThematicBreak:
		t.nl() // <hr />, then a newline
	case *ast.Image:
		// a void element; its description is an attribute
	case *ast.FencedCodeBlock:
		if string(n.Language(t.src)) == "mermaid" {
			t.w.start(atom.Figure, "", "diagram") // a diagram: left out
			t.w.end(atom.Figure)
			t.nl()
			return
		}
		t.code()
	case *ast.CodeBlock:
		t.code()
	case *ast.HTMLBlock:
		var b bytes.Buffer
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			b.Write(seg.Value(t.src))
		}
		if n.HasClosure() {
			b.Write(n.ClosureLine.Value(t.src))
		}
		t.html(markdown.SanitizeHTML(b.Bytes()))
	case *ast.RawHTML:
		var b bytes.Buffer
		for i := 0; i < n.Segments.Len(); i++ {
			seg := n.Segments.At(i)
			b.Write(seg.Value(t.src))
		}
		t.html(markdown.SanitizeHTML(b.Bytes()))
	case *markdown.Directive:
		for _, b := range n.Blocks {
			t.block(b)
		}
	default:
		t.children(n)
	}
}

// inline is an inline node; false for a node of another kind.
func (t *treeReader) inline(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.Text:
		t.text(n)
	case *ast.String:
		switch {
		case n.IsCode(): // written as it is: HTML of its own
			t.html(n.Value)
		case n.IsRaw():
			t.w.write(string(n.Value))
		default:
			t.written(n.Value)
		}
	case *ast.CodeSpan:
		t.w.start(atom.Code, "", "")
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if tx, ok := c.(*ast.Text); ok {
				v := tx.Segment.Value(t.src)
				if bytes.HasSuffix(v, []byte("\n")) {
					t.w.write(string(v[:len(v)-1]) + " ")
				} else {
					t.w.write(string(v))
				}
			}
		}
		t.w.end(atom.Code)
	case *ast.Emphasis:
		a := atom.Em
		if n.Level == 2 {
			a = atom.Strong
		}
		t.element(a, n)
	case *ast.Link:
		t.element(atom.A, n)
	case *ast.AutoLink:
		t.w.start(atom.A, "", "")
		t.w.write(string(n.Label(t.src)))
		t.w.end(atom.A)
	default:
		return false
	}
	return true
}

// extension is a node of a GFM extension (strikethrough, tables,
// footnotes); false for a node of another kind.
func (t *treeReader) extension(n ast.Node) bool {
	switch n := n.(type) {
	case *east.Strikethrough:
		t.element(atom.Del, n)
	case *east.Table:
		t.wrapped(atom.Div, "md-table", false, atom.Table, n)
	case *east.TableHeader:
		t.wrapped(atom.Thead, "", true, atom.Tr, n)
	case *east.TableRow:
		if _, first := n.PreviousSibling().(*east.TableHeader); first {
			t.w.start(atom.Tbody, "", "")
			t.nl()
		}
		t.lines(atom.Tr, n, true)
		if n.NextSibling() == nil {
			t.w.end(atom.Tbody)
			t.nl()
		}
	case *east.TableCell:
		a := atom.Td
		if n.Parent().Kind() == east.KindTableHeader {
			a = atom.Th
		}
		t.lines(a, n, false)
	case *east.FootnoteLink:
		t.w.start(atom.Sup, "", "")
		t.w.start(atom.A, "", "footnote-ref")
		t.w.write(strconv.Itoa(n.Index))
		t.w.end(atom.A)
		t.w.end(atom.Sup)
	case *east.FootnoteBacklink:
		t.w.write("\u00a0")
		t.w.start(atom.A, "", "footnote-backref")
		t.w.write("\u21a9\ufe0e") // goldmark's &#x21a9;&#xfe0e;
		t.w.end(atom.A)
	case *east.FootnoteList:
		t.wrapped(atom.Section, "footnotes", true, atom.Ol, n)
	case *east.Footnote:
		t.lines(atom.Li, n, true)
	case *east.TaskCheckBox:
		t.w.write(" ") // <input ... />, then a space
	default:
		return false
	}
	return true
}

// heading is a Markdown heading and the link to itself it carries when
// it has an id (package markdown's headingRenderer).
func (t *treeReader) heading(n *ast.Heading) {
	a := headingAtom[min(max(n.Level, 1), 6)]
	var id, class string
	v, hasID := n.AttributeString("id")
	if hasID {
		id = attrString(v)
	}
	if v, ok := n.AttributeString("class"); ok {
		class = attrString(v)
	}
	t.w.start(a, id, class)
	t.children(n)
	if hasID {
		t.anchor()
	}
	t.w.end(a)
	t.nl()
}

// attrString is an attribute's value as the page writes it.
func attrString(v any) string {
	switch v := v.(type) {
	case []byte:
		return string(v)
	case string:
		return v
	}
	return ""
}

// anchor is the link a heading or a table row carries to itself
// (blocks.HeadingAnchor), after a space: left out.
func (t *treeReader) anchor() {
	t.w.write(" ")
	t.w.start(atom.A, "", "anchor")
	t.w.end(atom.A)
}

// code is a code block with its copy button (block.WriteCode): only the
// block's frame is not left out.
func (t *treeReader) code() {
	t.w.start(atom.Div, "", "code")
	t.w.end(atom.Div)
	t.nl()
}

// text is a Markdown text node as package markdown's textRenderer writes
// it, read as a reader reads it: a hard line break is a <br>, a soft one
// a newline unless it joins East Asian text.
func (t *treeReader) text(n *ast.Text) {
	v := n.Segment.Value(t.src)
	switch {
	case plainText(v):
		t.w.write(string(v))
	case n.IsRaw():
		t.w.write(string(v)) // escaped, then read back: as it is
	default:
		t.written(v)
	}
	switch {
	case n.HardLineBreak():
		t.w.void(atom.Br)
		t.w.write("\n")
	case n.SoftLineBreak() && markdown.KeepsSoftBreak(n, t.src):
		t.w.write("\n")
	}
}

// written is text as goldmark's HTML writer writes it (backslash escapes
// and character references resolved, then escaped), read back.
func (t *treeReader) written(v []byte) {
	t.buf.Reset()
	ghtml.DefaultWriter.Write(&t.buf, v)
	t.w.write(gohtml.UnescapeString(t.buf.String()))
}

// plainText reports whether text has none of the bytes goldmark's HTML
// writer treats specially (NUL, quote, ampersand, angle brackets,
// backslash), which it writes as they are.
func plainText(text []byte) bool {
	for _, c := range text {
		switch c {
		case 0, '"', '&', '<', '>', '\\':
			return false
		}
	}
	return true
}

// block is a directive's block as its HTML draws it; a block only templ
// knows how to draw (the skills list) is read from its HTML.
func (t *treeReader) block(b block.Block) {
	if tb, ok := b.(block.Table); ok {
		t.table(tb.Table)
		return
	}
	if h, ok := block.HeadingOf(b); ok {
		a := atom.H4
		if h.Level == 2 || h.Level == 3 {
			a = headingAtom[h.Level]
		}
		t.w.start(a, h.ID, "")
		t.spans(h.Text)
		t.anchor()
		t.w.end(a)
		return
	}
	if l, ok := block.ListOf(b); ok {
		a := atom.Ul
		if l.Ordered {
			a = atom.Ol
		}
		t.w.start(a, "", "")
		for _, it := range l.Items {
			t.w.start(atom.Li, "", "")
			t.spans(it)
			t.w.end(atom.Li)
		}
		t.w.end(a)
		return
	}
	if c, ok := block.ParagraphOf(b); ok {
		t.w.start(atom.P, "", "")
		t.spans(c)
		t.w.end(atom.P)
		return
	}
	switch {
	case block.IsCode(b):
		t.code()
	case block.IsBundle(b):
		t.w.start(atom.Div, "", "bundle") // the copy-both block: left out
		t.w.end(atom.Div)
	default:
		var buf bytes.Buffer
		if b.HTML(&buf) == nil {
			t.html(buf.Bytes())
		}
	}
}

// table is a generated table (blocks.TableBlock): its column headings and
// the text of its rows without an id; a row with one is an entry of its
// own.
func (t *treeReader) table(tb blocks.Table) {
	t.w.start(atom.Div, tb.ID, "table-wrap")
	t.w.start(atom.Table, "", "ref")
	t.w.start(atom.Thead, "", "")
	t.w.start(atom.Tr, "", "")
	for _, c := range tb.Columns {
		t.w.start(atom.Th, "", "")
		t.w.write(c)
		t.w.end(atom.Th)
	}
	t.w.end(atom.Tr)
	t.w.end(atom.Thead)
	t.w.start(atom.Tbody, "", "")
	for _, r := range tb.Rows {
		t.w.start(atom.Tr, r.ID, "")
		if r.ID == "" || t.w.fragment { // on a page, a row with an id is left out whole
			for i, c := range r.Cells {
				t.w.start(atom.Td, "", "")
				t.spans(c)
				if i == 0 && r.ID != "" {
					t.w.start(atom.A, "", "anchor")
					t.w.end(atom.A)
				}
				t.w.end(atom.Td)
			}
		}
		t.w.end(atom.Tr)
	}
	t.w.end(atom.Tbody)
	t.w.end(atom.Table)
	t.w.end(atom.Div)
}

// spans is a cell of the block model (blocks.spans): links, code (which
// may break at <wbr>, no text), emphasis and text.
func (t *treeReader) spans(c blocks.Cell) {
	for _, s := range c {
		if s.Href != "" {
			t.w.start(atom.A, "", "")
		}
		switch {
		case s.Code:
			t.w.start(atom.Code, "", "")
			t.w.write(s.Text)
			t.w.end(atom.Code)
		case s.Emph && s.Href == "":
			t.w.start(atom.Em, "", "")
			t.w.write(s.Text)
			t.w.end(atom.Em)
		default:
			t.w.write(s.Text)
		}
		if s.Href != "" {
			t.w.end(atom.A)
		}
	}
}

// html reads a piece of HTML: raw HTML of the Markdown, sanitised, or a
// component's. Its elements count as the tree's do (an element opened
// in one piece may close in a later one).
func (t *treeReader) html(piece []byte) {
	if len(piece) == 0 {
		return
	}
	z := html.NewTokenizer(bytes.NewReader(piece))
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			a := atom.Lookup(name)
			var id, class string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "id":
					id = string(v)
				case "class":
					class = string(v)
				}
			}
			if tt == html.SelfClosingTagToken || voidElement(a) {
				t.w.void(a)
			} else {
				t.w.start(a, id, class)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			t.w.end(atom.Lookup(name))
		case html.TextToken:
			t.w.write(string(z.Text()))
		}
	}
}

// textBuf is the util.BufWriter goldmark's writer writes through: a
// buffer, with nothing held back.
type textBuf struct{ bytes.Buffer }

func (w *textBuf) Available() int { return w.Cap() - w.Len() }
func (w *textBuf) Buffered() int  { return 0 }
func (w *textBuf) Flush() error   { return nil }
