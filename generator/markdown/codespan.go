package markdown

import (
	"bytes"

	"pairag.com/portal/templates"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// codeSpanRenderer renders inline code as goldmark does, with a <wbr>
// between the pieces of templates.BreakParts (long names only): an identifier, path or URL in the text then wraps after its
// _ . - /, never inside a word, and the break points are there from the
// first paint (site.js added them after load, which moved the page).
type codeSpanRenderer struct{}

func (codeSpanRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindCodeSpan, renderCodeSpan)
}

func renderCodeSpan(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		_, err := w.WriteString("</code>")
		return ast.WalkContinue, err
	}
	_, _ = w.WriteString("<code")
	if n.Attributes() != nil {
		html.RenderAttributes(w, n, html.CodeAttributeFilter)
	}
	_ = w.WriteByte('>')
	for i, part := range templates.BreakParts(string(codeSpanText(n, src))) {
		if i > 0 {
			_, _ = w.WriteString("<wbr>")
		}
		html.DefaultWriter.RawWrite(w, []byte(part))
	}
	return ast.WalkSkipChildren, nil
}

// codeSpanText is the text of a code span as goldmark renders it: its
// pieces joined, the line end of a piece that has one read as a space.
func codeSpanText(n ast.Node, src []byte) []byte {
	var b []byte
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		var value []byte
		switch t := c.(type) {
		case *ast.Text:
			value = t.Segment.Value(src)
		case *ast.String:
			value = t.Value
		}
		if v, ok := bytes.CutSuffix(value, []byte("\n")); ok {
			b = append(append(b, v...), ' ')
		} else {
			b = append(b, value...)
		}
	}
	return b
}
