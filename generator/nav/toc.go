package nav

import (
	"bytes"
	"html"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	ghtml "github.com/yuin/goldmark/renderer/html"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/templates"
)

// MinTOC is the number of sections from which a page gets on-page contents.
const MinTOC = 4

// Heading is an h2 or h3 of a page, as the on-page contents list it.
type Heading struct {
	Level int
	ID    string
	Text  string
}

// Contents makes a page's on-page contents of the h2 and h3 headings of
// its tree, or nil when it has fewer than MinTOC h2: the Markdown's own
// headings, with their text as the page shows it, and the directives'
// headings from the block model, read from the tree the page renders
// from, never from its HTML. The headings' text is worked out only for a
// page that gets contents.
func Contents(doc ast.Node, src []byte) []templates.TOCItem {
	hs := headings(doc)
	h2 := 0
	for _, h := range hs {
		if h.Level == 2 {
			h2++
		}
	}
	if h2 < MinTOC {
		return nil
	}
	items := make([]templates.TOCItem, len(hs))
	for i := range hs {
		hs[i].text(src)
		items[i] = templates.TOCItem{Level: hs[i].Level, ID: hs[i].ID, Text: hs[i].Text}
	}
	return items
}

// heading is a Heading found in the tree, its text still to be read
// from node when it is a Markdown heading.
type heading struct {
	Heading
	node *ast.Heading
}

func (h *heading) text(src []byte) {
	if h.node != nil {
		h.Text = headingText(h.node, src)
	}
}

// headings finds the h2 and h3 headings of the tree, block by block: a
// block's children are either all blocks or all inline, and no heading
// sits inside inline content, which is most of a page's nodes.
func headings(doc ast.Node) []heading {
	var out []heading
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		switch n := n.(type) {
		case *ast.Heading:
			if id, ok := n.AttributeString("id"); ok && len(id.([]byte)) > 0 && (n.Level == 2 || n.Level == 3) { // "## T {#}" links nowhere
				out = append(out, heading{Heading{Level: n.Level, ID: string(id.([]byte))}, n})
			}
			return
		case *markdown.Directive:
			for _, b := range n.Blocks {
				if h, ok := block.HeadingOf(b); ok && (h.Level == 2 || h.Level == 3) {
					out = append(out, heading{Heading: Heading{Level: h.Level, ID: h.ID, Text: collapse(h.Text.String())}})
				}
			}
			return
		}
		if c := n.FirstChild(); c == nil || c.Type() != ast.TypeBlock {
			return
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c)
		}
	}
	walk(doc)
	return out
}

// headingText is a Markdown heading's text as the page shows it: its text
// written as goldmark's HTML writer writes it (backslash escapes and
// entities resolved, code as it is), then read as a reader of the page
// reads it (entities decoded, white space collapsed). An image shows its
// description as an attribute, and raw HTML adds only tags: neither is
// text.
func headingText(h *ast.Heading, src []byte) string {
	w := &textWriter{}
	_ = ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Text:
			if v := n.Segment.Value(src); n.IsRaw() {
				ghtml.DefaultWriter.RawWrite(w, v)
			} else {
				ghtml.DefaultWriter.Write(w, v)
			}
			if n.SoftLineBreak() || n.HardLineBreak() {
				_ = w.WriteByte(' ')
			}
		case *ast.String:
			switch {
			case n.IsCode():
				_, _ = w.Write(n.Value)
			case n.IsRaw():
				ghtml.DefaultWriter.RawWrite(w, n.Value)
			default:
				ghtml.DefaultWriter.Write(w, n.Value)
			}
		case *ast.AutoLink:
			ghtml.DefaultWriter.RawWrite(w, n.Label(src))
		case *east.FootnoteLink:
			_, _ = w.WriteString(strconv.Itoa(n.Index))
		case *ast.Image, *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return collapse(html.UnescapeString(w.String()))
}

// textWriter is the util.BufWriter headingText writes through: a buffer,
// with nothing held back.
type textWriter struct{ bytes.Buffer }

func (w *textWriter) Available() int { return w.Cap() - w.Len() }
func (w *textWriter) Buffered() int  { return 0 }
func (w *textWriter) Flush() error   { return nil }

// collapse turns runs of white space into one space, none at either end.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
