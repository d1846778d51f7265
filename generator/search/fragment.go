package search

// Fragment reads one section of HTML that is no whole page (a cell of a
// skill's side-by-side page): the text of its first heading (any level)
// and the text of the rest, code blocks and buttons left out as
// [Sections] leaves them out.
func Fragment(fragment []byte) Section {
	t := &treeReader{w: sectionWriter{fragment: true}}
	t.html(fragment)
	t.w.cur.Text = collapse(t.w.text)
	return t.w.cur
}
