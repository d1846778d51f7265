package generator

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"pairag.com/portal/generator/reference"
)

// directiveExtension turns a fenced code block with the info string
// "protocol" into a table generated from the protocol document:
//
//	```protocol
//	stage_types
//	```
type directiveExtension struct{}

// Its transformer is one of pageTransformers.
func (directiveExtension) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(directiveRenderer{}, 100)))
}

// KindDirective is the node kind of a protocol directive.
var KindDirective = ast.NewNodeKind("ProtocolDirective")

// directiveNode holds the resolved output of one directive.
type directiveNode struct {
	ast.BaseBlock
	name       string
	line       int
	start, end int // source range of the whole fenced block, fences included
	blocks     []reference.Block
}

func (n *directiveNode) Kind() ast.NodeKind { return KindDirective }

func (n *directiveNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.name}, nil)
}

type directiveTransformer struct{}

func (directiveTransformer) Transform(doc *ast.Document, reader gtext.Reader, pc parser.Context) {
	st := stateOf(pc)
	src := reader.Source()
	var fences []*ast.FencedCodeBlock
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if f, ok := n.(*ast.FencedCodeBlock); ok && entering && string(f.Language(src)) == "protocol" {
			fences = append(fences, f)
		}
		return ast.WalkContinue, nil
	})
	for _, f := range fences {
		d := st.resolve(f, src)
		f.Parent().ReplaceChild(f.Parent(), f, d)
		st.dirs = append(st.dirs, d)
	}
}

// resolve looks the directive up and reports unknown names at their line.
func (st *pageState) resolve(f *ast.FencedCodeBlock, src []byte) *directiveNode {
	start, end := fenceRange(f, src)
	d := &directiveNode{name: strings.TrimSpace(linesText(f, src)), line: st.line(start), start: start, end: end}
	blocks, err := st.lookup(d.name)
	if err != nil {
		st.errorf(d.line, "%v", err)
	}
	d.blocks = blocks
	for _, b := range blocks {
		for _, a := range b.Anchors() {
			st.anchors[a] = true
		}
	}
	return d
}

// fenceRange returns the source range of a fenced block from the start of
// its opening fence line to the end of its closing fence line.
func fenceRange(f *ast.FencedCodeBlock, src []byte) (start, end int) {
	if f.Info != nil {
		start = f.Info.Segment.Start
	} else if f.Lines().Len() > 0 {
		start = f.Lines().At(0).Start - 1
	}
	start = bytes.LastIndexByte(src[:max(start, 0)], '\n') + 1
	end, _ = cutLine(src, start) // past the opening fence
	if n := f.Lines().Len(); n > 0 {
		end = f.Lines().At(n - 1).Stop
	}
	if end < len(src) && isFence(src[end:]) {
		end, _ = cutLine(src, end)
	}
	return start, end
}

// isFence reports whether the line at the start of b closes a fence.
func isFence(b []byte) bool {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	line = bytes.TrimSpace(line)
	return len(line) >= 3 && (len(bytes.Trim(line, "`")) == 0 || len(bytes.Trim(line, "~")) == 0)
}

type directiveRenderer struct{}

func (directiveRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindDirective, renderDirective)
}

func renderDirective(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	for _, b := range n.(*directiveNode).blocks {
		if err := b.HTML(w); err != nil {
			return ast.WalkStop, fmt.Errorf("render protocol directive: %w", err)
		}
	}
	return ast.WalkContinue, nil
}
