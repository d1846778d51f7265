package markdown

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
)

// Heading is a Markdown heading of a page, as the parity check sees it:
// the builder checks links to its id and aligns translations by it.
type Heading struct {
	Level int
	ID    string
	Line  int
}

// walkBlocks calls fn for n and every block node under it, in document
// order. It does not go into inline content, which is most of a page's
// nodes: goldmark never puts a block inside an inline node, and a block's
// children are either all blocks or all inline.
func walkBlocks(n ast.Node, fn func(ast.Node)) {
	fn(n)
	if c := n.FirstChild(); c == nil || c.Type() != ast.TypeBlock {
		return
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		walkBlocks(c, fn)
	}
}

// headingIDs gives every heading an id. An explicit {#id} wins; on a
// Chinese page a section's heading takes the id of the English section it
// is aligned with (the same rows the drift check reports on, so an added
// or missing section moves no other id); otherwise the id is the slug of
// the heading text. Ids are made unique with -1, -2, ...
type headingIDs struct{}

func (headingIDs) Transform(doc *ast.Document, reader gtext.Reader, pc parser.Context) {
	st := stateOf(pc)
	src := reader.Source()
	seen := map[string]bool{}
	for a := range st.Anchors {
		seen[a] = true
	}
	var hs []*ast.Heading
	walkBlocks(doc, func(n ast.Node) {
		if h, ok := n.(*ast.Heading); ok {
			hs = append(hs, h)
			if id, ok := h.AttributeString("id"); ok {
				seen[string(id.([]byte))] = true
			}
		}
	})
	for i, h := range hs {
		id := st.headingID(i, h, src, seen)
		h.SetAttributeString("id", []byte(id))
		st.Anchors[id] = true
		st.Headings = append(st.Headings, Heading{Level: h.Level, ID: id, Line: st.nodeLine(h)})
	}
}

func (st *State) headingID(i int, h *ast.Heading, src []byte, seen map[string]bool) string {
	if id, ok := h.AttributeString("id"); ok {
		return string(id.([]byte))
	}
	if id, ok := st.Twin[st.nodeLine(h)]; ok {
		seen[id] = true
		return id
	}
	return Unique(Slug(PlainText(h, src)), seen)
}

// Unique returns id, or id-1, id-2, ... whichever is not yet seen, and marks it seen.
// Skill pages and drift make their ids with it, as headings get theirs.
func Unique(id string, seen map[string]bool) string {
	out := id
	for n := 1; seen[out]; n++ {
		out = id + "-" + strconv.Itoa(n)
	}
	seen[out] = true
	return out
}

// Slug makes a heading id from text, keeping Unicode letters and digits:
// lower case, each space becomes a hyphen, and punctuation other than - and
// _ is dropped. "`stage_type` values" becomes "stage_type-values"; "信任边界"
// stays "信任边界".
func Slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch {
		case unicode.IsLetter(r), unicode.IsNumber(r), unicode.IsMark(r), r == '-', r == '_':
			b.WriteRune(r)
		case unicode.IsSpace(r):
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "section"
	}
	return b.String()
}

// PlainText returns the text of a node and its descendants, without markup:
// what a heading id is made from, and what drift reads of inline code.
func PlainText(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
