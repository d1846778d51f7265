package search

import "github.com/yuin/goldmark/ast"

// Fragment reads one section that is no whole page (a section of a skill
// file, which its page shows in a cell of its own) from its tree, doc
// parsed from src and transformed: the text of its first heading (any
// level) and the text of the rest, code blocks and buttons left out as
// [Sections] leaves them out.
func Fragment(doc ast.Node, src []byte) Section {
	t := &treeReader{w: sectionWriter{fragment: true}, src: src}
	t.node(doc)
	t.w.cur.Text = collapse(t.w.text)
	return t.w.cur
}
