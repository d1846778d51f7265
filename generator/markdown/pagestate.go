package markdown

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/internal/diag"
)

// Page is what the transformers need to know of the page being parsed.
// The builder's page embeds it, so releasing the source there releases it
// here.
type Page struct {
	Lang      string
	File      string // path in the content tree, e.g. content/zh-CN/docs/x.md, where findings point
	URL       string // site-relative URL, e.g. /zh-CN/docs/x/, which relative links resolve against
	Src       []byte
	BodyStart int // offset of the Markdown body, after the front matter
}

// State is what the parser's transformers know about, and record for,
// the page being parsed. It travels in the goldmark parser.Context
// ([NewContext]). The builder sets Twin before transforming a translation
// and reads the rest afterwards: the link check and the Markdown export
// take them from here.
type State struct {
	Page      *Page
	lookup    func(name string) ([]block.Block, error) // a protocol directive's output in the page's language
	Twin      map[int]string                           // line of a heading → id of its aligned English heading (translations only)
	Headings  []Heading                                // every heading, with its id
	Links     []Link                                   // every internal link and image
	Dirs      []*Directive                             // every protocol directive, resolved
	Anchors   map[string]bool                          // every id the page defines: headings and directive output
	lineStart []int                                    // offsets at which lines start
	cursors   map[ast.Node]int
	rep       diag.Reporter
}

var stateKey = parser.NewContextKey()

// NewContext returns a parser context carrying st, for parsing its page
// with the parser of [New]: the transformers read and record through it.
func NewContext(st *State) parser.Context {
	pc := parser.NewContext()
	pc.Set(stateKey, st)
	return pc
}

func stateOf(pc parser.Context) *State { return pc.Get(stateKey).(*State) }

// NewState starts the state of page p. lookup gives a protocol
// directive's output in the page's language (or an error saying why the
// name is wrong); problems found while transforming are errors to rep.
func NewState(p *Page, lookup func(string) ([]block.Block, error), rep diag.Reporter) *State {
	return &State{Page: p, lookup: lookup, Anchors: map[string]bool{}, cursors: map[ast.Node]int{}, rep: rep, lineStart: LineStarts(p.Src)}
}

// LineStarts returns the offset of each line of src: 0, then the offset
// after each newline.
func LineStarts(src []byte) []int {
	starts := make([]int, 1, 1+bytes.Count(src, []byte{'\n'}))
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return starts
		}
		i += j + 1
		starts = append(starts, i)
	}
}

// line returns the 1-based line of a byte offset in the page's file.
func (st *State) line(off int) int {
	return sort.Search(len(st.lineStart), func(i int) bool { return st.lineStart[i] > off })
}

// nodeLine returns the line on which a node (or its nearest block) starts.
func (st *State) nodeLine(n ast.Node) int {
	start, _ := st.blockRange(n)
	return st.line(start)
}

// blockRange returns the source range of the nearest ancestor that has lines.
func (st *State) blockRange(n ast.Node) (start, end int) {
	for ; n != nil; n = n.Parent() {
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			l := n.Lines()
			return l.At(0).Start, l.At(l.Len() - 1).Stop
		}
	}
	return st.Page.BodyStart, len(st.Page.Src)
}

// errorf reports an error at a line of the page: the build fails on it.
func (st *State) errorf(line int, format string, args ...any) {
	st.rep.Report(&diag.Finding{File: st.Page.File, Line: line, Severity: diag.SeverityError, Msg: fmt.Sprintf(format, args...)})
}
