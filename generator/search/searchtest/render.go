package searchtest

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/report"
)

// RenderPage parses, transforms and renders the page body src as the
// build renders an English page (front matter added), the directive
// "heads" giving the blocks heads, and returns its tree, the full source
// the tree's positions point into, and the body's HTML: what the tests of
// the search sections and of the contents list hold the tree to. ok is
// false when the page does not render (a fuzzed body may not).
func RenderPage(hl *highlight.Cache, src string, heads []block.Block) (doc ast.Node, full, body []byte, ok bool) {
	full = []byte("---\ntitle: T\n---\n\n" + src)
	_, _, bodyStart, err := markdown.SplitFrontMatter(full)
	if err != nil {
		return nil, nil, nil, false
	}
	p := &markdown.Page{Lang: langs.EN, File: "content/en/docs/t.md", URL: "/docs/t/", Src: full, BodyStart: bodyStart}
	lookup := func(name string) ([]block.Block, error) {
		if strings.TrimSpace(name) == "heads" {
			return heads, nil
		}
		return nil, nil
	}
	st := markdown.NewState(p, lookup, &report.Collector{})
	pc := markdown.NewContext(st)
	md := markdown.New(langs.EN, hl)
	d := md.Parser().Parse(gtext.NewReader(full), parser.WithContext(pc)).(*ast.Document)
	markdown.Transform(d, full, pc)
	var out bytes.Buffer
	if md.Renderer().Render(&out, full, d) != nil {
		return nil, nil, nil, false
	}
	return d, full, out.Bytes(), true
}
