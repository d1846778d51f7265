package markdown

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/synth/synthtest"
)

// TestWalkBlocksFindsEveryBlock holds walkBlocks, which does not enter
// inline content, to ast.Walk: the same block nodes in the same order, on
// random pages of every construct.
func TestWalkBlocksFindsEveryBlock(t *testing.T) {
	md := New("en", highlight.New())
	r := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		src := []byte(synthtest.RandomMarkdown(r))
		st := NewState(&Page{Lang: "en", Src: src}, nil, nil)
		doc := md.Parser().Parse(gtext.NewReader(src), parser.WithContext(NewContext(st)))
		var want, got []ast.Node
		ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if entering && n.Type() != ast.TypeInline {
				want = append(want, n)
			}
			return ast.WalkContinue, nil
		})
		walkBlocks(doc, func(n ast.Node) { got = append(got, n) })
		if !slices.Equal(got, want) {
			t.Fatalf("%q: walkBlocks finds %d blocks, ast.Walk %d", src, len(got), len(want))
		}
	}
}
