package nav

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/report"
	"pairag.com/portal/generator/synth/synthtest"
)

// Pages in which no autolink can start are parsed without goldmark's
// Linkify (markdown.NewWithoutAutolinks). These tests hold the two setups
// to the same result on such pages: the same HTML, the same headings,
// anchors and links for the checks (the drift tokens are compared in
// package drift, TestTokensWithoutAutolinks).

func TestWithoutAutolinksSameResult(t *testing.T) {
	hl := highlight.New()
	var pages []string
	filepath.WalkDir("../../content", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			if data, err := os.ReadFile(path); err == nil {
				if _, _, start, err := markdown.SplitFrontMatter(data); err == nil {
					pages = append(pages, string(data[start:]))
				}
			}
		}
		return nil
	})
	pages = append(pages, tocCases...)
	r := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		pages = append(pages, synthtest.RandomMarkdown(r))
	}
	checked := 0
	for _, src := range pages {
		if checkWithoutAutolinks(t, hl, src) {
			checked++
		}
		if t.Failed() {
			return
		}
	}
	if checked < 1000 {
		t.Errorf("only %d of %d pages could not autolink: the comparison proves little", checked, len(pages))
	}
}

func FuzzWithoutAutolinks(f *testing.F) {
	for _, src := range tocCases {
		f.Add(src)
	}
	f.Add("a (b) *c* _d_ ~e~ 3,600 十二\nnext line")
	hl := highlight.New()
	f.Fuzz(func(t *testing.T, src string) { checkWithoutAutolinks(t, hl, src) })
}

// checkWithoutAutolinks renders src with both setups, when it cannot
// autolink, and compares; it reports whether it compared.
func checkWithoutAutolinks(t *testing.T, hl *highlight.Cache, src string) bool {
	t.Helper()
	full := []byte("---\ntitle: T\n---\n\n" + src)
	if !markdown.SameWithoutAutolinks(full) {
		return false
	}
	type result struct {
		HTML     string
		Headings []markdown.HeadingSpan
		Anchors  map[string]bool
		Links    []markdown.Link
		IDs      []markdown.Heading
	}
	run := func(md goldmark.Markdown) (res result, ok bool) {
		_, _, bodyStart, err := markdown.SplitFrontMatter(full)
		if err != nil {
			return res, false
		}
		p := &markdown.Page{Lang: langs.EN, File: "content/en/docs/t.md", URL: "/docs/t/", Src: full, BodyStart: bodyStart}
		st := markdown.NewState(p, func(string) ([]block.Block, error) { return nil, nil }, &report.Collector{})
		pc := markdown.NewContext(st)
		doc := md.Parser().Parse(gtext.NewReader(full), parser.WithContext(pc)).(*ast.Document)
		markdown.Transform(doc, full, pc)
		var out markdown.Output
		if err := md.Renderer().Render(&out, full, doc); err != nil {
			t.Fatal(err)
		}
		return result{out.String(), out.Headings, st.Anchors, st.Links, st.Headings}, true
	}
	with, ok := run(markdown.New(langs.EN, hl))
	if !ok {
		return false
	}
	without, _ := run(markdown.NewWithoutAutolinks(langs.EN, hl))
	if !reflect.DeepEqual(with, without) {
		t.Errorf("%q renders differently without autolinks:\nwith:    %+v\nwithout: %+v", src, with, without)
	}
	return true
}
