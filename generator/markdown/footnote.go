package markdown

import (
	"html"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"pairag.com/portal/templates"
)

// Footnotes ([^1] and their [^1]: definitions) are goldmark's footnote
// extension, part of the syntax (drift sees them as pages do). Its ids
// are fn:N and fnref:N; where two documents share a page (a skill's
// original and translation side by side), the translation's document
// carries a prefix (SetFootnotePrefix) so their ids do not collide.
// The list of notes is drawn as GitHub draws it, a section named in the
// page's language, instead of the extension's <div role="doc-endnotes">
// with a rule.

// footnotePrefixAttr is the attribute of a document that holds the
// prefix of its footnote ids.
const footnotePrefixAttr = "data-footnote-prefix"

// SetFootnotePrefix gives the footnote ids of doc a prefix ("tr-" makes
// tr-fn:1), for a document rendered beside another on one page.
func SetFootnotePrefix(doc ast.Node, prefix string) {
	doc.SetAttributeString(footnotePrefixAttr, []byte(prefix))
}

// footnotePrefix is the prefix of the document that holds n.
func footnotePrefix(n ast.Node) []byte {
	for ; n != nil; n = n.Parent() {
		if _, ok := n.(*ast.Document); ok {
			if v, ok := n.AttributeString(footnotePrefixAttr); ok {
				return v.([]byte)
			}
			return nil
		}
	}
	return nil
}

var footnotes = extension.NewFootnote(extension.WithFootnoteIDPrefixFunction(footnotePrefix))

// footnoteListRenderer draws the list of notes.
type footnoteListRenderer struct{ msg templates.Messages }

func (r footnoteListRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(east.KindFootnoteList, r.render)
}

// render writes the list as a section named in the page's language; the
// notes of a translation beside its original are named apart, so the two
// regions of a skill page have distinct names.
func (r footnoteListRenderer) render(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		label := r.msg.Footnotes
		if len(footnotePrefix(n)) > 0 {
			label = r.msg.FootnotesTranslation
		}
		_, _ = w.WriteString(`<section class="footnotes" aria-label="` + html.EscapeString(label) + `">` + "\n<ol>\n")
		return ast.WalkContinue, nil
	}
	_, err := w.WriteString("</ol>\n</section>\n")
	return ast.WalkContinue, err
}
