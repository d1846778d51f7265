package markdown

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

	"pairag.com/portal/generator/block"
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

// Directive holds the resolved output of one directive. It replaces the
// fence in the tree; drift counts it as a code block, and the Markdown
// export writes its blocks over the fence's source range.
type Directive struct {
	ast.BaseBlock
	Name       string
	Line       int
	Start, End int // source range of the whole fenced block, fences included
	Blocks     []block.Block
}

// Kind is KindDirective (ast.Node).
func (n *Directive) Kind() ast.NodeKind { return KindDirective }

// Dump prints the node for goldmark's debugging (ast.Node).
func (n *Directive) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Name": n.Name}, nil)
}

type directiveTransformer struct{}

func (directiveTransformer) Transform(doc *ast.Document, reader gtext.Reader, pc parser.Context) {
	st := stateOf(pc)
	src := reader.Source()
	var fences []*ast.FencedCodeBlock
	walkBlocks(doc, func(n ast.Node) {
		if f, ok := n.(*ast.FencedCodeBlock); ok && string(f.Language(src)) == "protocol" {
			fences = append(fences, f)
		}
	})
	for _, f := range fences {
		d := st.resolve(f, src)
		f.Parent().ReplaceChild(f.Parent(), f, d)
		st.Dirs = append(st.Dirs, d)
	}
}

// resolve looks the directive up and reports unknown names at their line.
func (st *State) resolve(f *ast.FencedCodeBlock, src []byte) *Directive {
	start, end := fenceRange(f, src)
	d := &Directive{Name: strings.TrimSpace(LinesText(f, src)), Line: st.line(start), Start: start, End: end}
	blocks, err := st.lookup(d.Name)
	if err != nil {
		st.errorf(d.Line, "%v", err)
	}
	d.Blocks = blocks
	for _, b := range blocks {
		for _, a := range b.Anchors() {
			st.Anchors[a] = true
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
	end, _ = CutLine(src, start) // past the opening fence
	if n := f.Lines().Len(); n > 0 {
		end = f.Lines().At(n - 1).Stop
	}
	if end < len(src) && isFence(src[end:]) {
		end, _ = CutLine(src, end)
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
	foreign(w) // the blocks' HTML may have headings of its own
	for _, b := range n.(*Directive).Blocks {
		if err := b.HTML(w); err != nil {
			return ast.WalkStop, fmt.Errorf("render protocol directive: %w", err)
		}
	}
	return ast.WalkContinue, nil
}
