package generator

import (
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"

	"pairag.com/portal/generator/reference"
)

// pageState is what the parser's transformers know about, and record for,
// the page being parsed. It travels in the goldmark parser.Context.
type pageState struct {
	page      *page
	lookup    func(name string) ([]reference.Block, error) // a protocol directive's output in the page's language
	twin      map[int]string                               // line of a heading → id of its aligned English heading (translations only)
	headings  []heading
	links     []linkRef
	dirs      []*directiveNode
	anchors   map[string]bool
	lineStart []int // offsets at which lines start
	cursors   map[ast.Node]int
	rep       *report
}

var stateKey = parser.NewContextKey()

func stateOf(pc parser.Context) *pageState { return pc.Get(stateKey).(*pageState) }

func newPageState(p *page, lookup func(string) ([]reference.Block, error), rep *report) *pageState {
	st := &pageState{page: p, lookup: lookup, anchors: map[string]bool{}, cursors: map[ast.Node]int{}, rep: rep}
	st.lineStart = append(st.lineStart, 0)
	for i, c := range p.Src {
		if c == '\n' {
			st.lineStart = append(st.lineStart, i+1)
		}
	}
	return st
}

// line returns the 1-based line of a byte offset in the page's file.
func (st *pageState) line(off int) int {
	return sort.Search(len(st.lineStart), func(i int) bool { return st.lineStart[i] > off })
}

// nodeLine returns the line on which a node (or its nearest block) starts.
func (st *pageState) nodeLine(n ast.Node) int {
	start, _ := st.blockRange(n)
	return st.line(start)
}

// blockRange returns the source range of the nearest ancestor that has lines.
func (st *pageState) blockRange(n ast.Node) (start, end int) {
	for ; n != nil; n = n.Parent() {
		if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
			l := n.Lines()
			return l.At(0).Start, l.At(l.Len() - 1).Stop
		}
	}
	return st.page.BodyStart, len(st.page.Src)
}

func (st *pageState) errorf(line int, format string, args ...any) {
	st.rep.errorf(st.page.File, line, format, args...)
}
