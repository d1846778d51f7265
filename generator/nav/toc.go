package nav

import (
	"bufio"
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

// Headings lists the h2 and h3 headings of a parsed page whose ids the
// transformers have set (markdown.Transform), in document order: the
// Markdown's own headings, with their text as the page shows it, and the
// headings of the protocol directives' output, from the block model. They
// are read from the tree the page renders from, never from its HTML.
func Headings(doc ast.Node, src []byte) []Heading {
	var out []Heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			if id, ok := n.AttributeString("id"); ok && (n.Level == 2 || n.Level == 3) {
				out = append(out, Heading{Level: n.Level, ID: string(id.([]byte)), Text: headingText(n, src)})
			}
			return ast.WalkSkipChildren, nil
		case *markdown.Directive:
			for _, b := range n.Blocks {
				if h, ok := block.HeadingOf(b); ok && (h.Level == 2 || h.Level == 3) {
					out = append(out, Heading{Level: h.Level, ID: h.ID, Text: collapse(h.Text.String())})
				}
			}
			return ast.WalkSkipChildren, nil
		}
		if n.Type() == ast.TypeInline {
			return ast.WalkSkipChildren, nil // no heading inside a paragraph's text
		}
		return ast.WalkContinue, nil
	})
	return out
}

// headingText is a Markdown heading's text as the page shows it: its text
// written as goldmark's HTML writer writes it (backslash escapes and
// entities resolved, code as it is), then read as a reader of the page
// reads it (entities decoded, white space collapsed). An image shows its
// description as an attribute, and raw HTML adds only tags: neither is
// text.
func headingText(h *ast.Heading, src []byte) string {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
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
	_ = w.Flush()
	return collapse(html.UnescapeString(buf.String()))
}

// collapse turns runs of white space into one space, none at either end.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// TOC makes a page's on-page contents of its h2 and h3 headings, or nil
// when there are fewer than MinTOC h2.
func TOC(heads []Heading) []templates.TOCItem {
	var items []templates.TOCItem
	h2 := 0
	for _, s := range heads {
		items = append(items, templates.TOCItem{Level: s.Level, ID: s.ID, Text: s.Text})
		if s.Level == 2 {
			h2++
		}
	}
	if h2 < MinTOC {
		return nil
	}
	return items
}
