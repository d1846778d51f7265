package nav

import (
	"bytes"
	"slices"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/report"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/internal/langs"
	"pairag.com/portal/templates"
)

// tocCases are page bodies whose headings the on-page contents list: ids
// explicit and automatic, inline code, links, emphasis, entities, raw HTML
// (which goldmark omits), headings of every level, Chinese text.
var tocCases = []string{
	"## One\n\n## Two {#two}\n\n### Two point one\n\n## Three\n\n## Four\n",
	"## `code` and *em* {#c}\n\n## [link](/docs/) &amp; more\n\n## A <span>raw</span> heading\n\n#### Four\n\n## Five\n\n## Six\n",
	"<h2 id=\"raw\">Raw</h2>\n\n## One\n\n## Two\n\n## Three\n\n## Four\n",
	"<!-- <h2 id=\"c\">In a comment</h2> -->\n\n## One\n\n## Two\n\n## Three\n\n## Four\n",
	"## 创建任务\n\n## 字段说明\n\n### 阶段类型\n\n## 限制\n\n## 示例 {#example}\n",
	"Setext\n------\n\n## Two\n\n# One\n\n## Three\n\n## Four\n\n```json\n{\"h2\": \"<h2>\"}\n```\n",
	"## One\n\n> ## Quoted\n\n- ## In a list\n\n## Two\n\n## Three\n",
}

// TestHeadingsOfMatchesFullScan holds the on-page contents read from the
// heading spans the renderer records to search.Headings of the whole body,
// with and without HTML before the Markdown that has headings of its own.
func TestHeadingsOfMatchesFullScan(t *testing.T) {
	hl := highlight.New()
	for _, src := range tocCases {
		checkHeadingsOf(t, hl, src)
	}
}

func FuzzHeadingsOf(f *testing.F) {
	for _, src := range tocCases {
		f.Add(src)
	}
	hl := highlight.New()
	f.Fuzz(func(t *testing.T, src string) { checkHeadingsOf(t, hl, src) })
}

// wholeTOC is the on-page contents read from the whole body, as they were
// before the renderer recorded its headings.
func wholeTOC(body string) []templates.TOCItem { return tocItems(search.Headings([]byte(body))) }

func checkHeadingsOf(t *testing.T, hl *highlight.Cache, src string) {
	t.Helper()
	// The Markdown alone, then after foreign HTML (as a directive writes)
	// without and with a heading of its own.
	for _, foreign := range []string{"", `<div class="table"><p>Rows</p></div>`, `<h2 id="f">Foreign</h2>`} {
		var out markdown.Output
		out.WriteString(foreign)
		out.Foreign = foreign != ""
		if !renderInto(&out, hl, src) {
			return
		}
		if out.OwnHeadings() != (foreign == "") {
			t.Errorf("%q after %q: OwnHeadings = %v", src, foreign, out.OwnHeadings())
		}
		if got, want := recordedHeadings(&out, 0), search.Headings(out.Bytes()); out.OwnHeadings() && !slices.Equal(got, want) {
			t.Errorf("%q: headings from the spans %+v; the whole body has %+v", src, got, want)
		}
		for _, before := range []string{"", `<div class="version-bar"><p>V17</p></div>`, `<h2 id="bar">Bar</h2>`} {
			got, want := TOC(before, &out), wholeTOC(before+out.String())
			if !slices.Equal(got, want) {
				t.Errorf("%q after %q and %q: contents %+v; from the whole body %+v", src, before, foreign, got, want)
			}
		}
		for _, h := range out.Headings {
			if h.End < h.Start || !bytes.HasPrefix(out.Bytes()[h.Start:], []byte("<h")) {
				t.Errorf("%q: span %+v is not a heading element: %q", src, h, out.Bytes()[max(h.Start, 0):max(h.End, h.Start, 0)])
			}
		}
	}
}

// renderInto renders the page body src as the build does, appending to
// out; false when src cannot be a page.
func renderInto(out *markdown.Output, hl *highlight.Cache, src string) bool {
	full := []byte("---\ntitle: T\n---\n\n" + src)
	_, _, bodyStart, err := markdown.SplitFrontMatter(full)
	if err != nil {
		return false
	}
	p := &markdown.Page{Lang: langs.EN, File: "content/en/docs/t.md", URL: "/docs/t/", Src: full, BodyStart: bodyStart}
	st := markdown.NewState(p, func(string) ([]block.Block, error) { return nil, nil }, &report.Collector{})
	pc := markdown.NewContext(st)
	md := markdown.New(langs.EN, hl)
	doc := md.Parser().Parse(gtext.NewReader(full), parser.WithContext(pc)).(*ast.Document)
	markdown.Transform(doc, full, pc)
	return md.Renderer().Render(out, full, doc) == nil
}
