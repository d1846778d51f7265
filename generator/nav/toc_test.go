package nav

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/search/searchtest"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/blocks"
)

// tocCases are page bodies whose headings the on-page contents list: ids
// explicit and automatic, inline code, links, emphasis, entities, escapes,
// raw HTML (which goldmark omits), images, autolinks, footnotes, headings
// of every level, Chinese text, and a directive whose output has headings
// of its own.
var tocCases = []string{
	"## One\n\n## Two {#two}\n\n### Two point one\n\n## Three\n\n## Four\n",
	"## `code` and *em* {#c}\n\n## [link](/docs/) &amp; more\n\n## A <span>raw</span> heading\n\n#### Four\n\n## Five\n\n## Six\n",
	"<h2 id=\"raw\">Raw</h2>\n\n## One\n\n## Two\n\n## Three\n\n## Four\n",
	"<!-- <h2 id=\"c\">In a comment</h2> -->\n\n## One\n\n## Two\n\n## Three\n\n## Four\n",
	"## 创建任务\n\n## 字段说明\n\n### 阶段类型\n\n## 限制\n\n## 示例 {#example}\n",
	"Setext\n------\n\n## Two\n\n# One\n\n## Three\n\n## Four\n\n```json\n{\"h2\": \"<h2>\"}\n```\n",
	"## One\n\n> ## Quoted\n\n- ## In a list\n\n## Two\n\n## Three\n",
	"## A \\*star\\* &lt;tag&gt; &#169; `a &amp; b`\n\n## ![an image](/i.png) after\n\n## See https://example.com/x now\n\n## Noted[^1]\n\n## ~~gone~~ __strong__\n\n[^1]: The note.\n",
	"## Before\n\n```protocol\nheads\n```\n\n## After\n\n### Three\n\n## Four\n",
	"## {#}\n\n## One\n\n## Two\n\n### Empty id {#}\n\n## Three\n\n## Four\n",
}

// TestHeadingsMatchHTML holds the headings read from the parsed page to
// what a reader of the rendered HTML finds in it (htmlHeadings, with
// golang.org/x/net/html): the on-page contents were read from the HTML
// before, and the pages must not change.
func TestHeadingsMatchHTML(t *testing.T) {
	hl := highlight.New()
	for _, src := range tocCases {
		checkHeadings(t, hl, src)
	}
}

func FuzzHeadings(f *testing.F) {
	for _, src := range tocCases {
		f.Add(src)
	}
	hl := highlight.New()
	f.Fuzz(func(t *testing.T, src string) { checkHeadings(t, hl, src) })
}

func checkHeadings(t *testing.T, hl *highlight.Cache, src string) {
	t.Helper()
	doc, full, body, ok := searchtest.RenderPage(hl, src, directiveBlocks)
	if !ok {
		return
	}
	got, want := Headings(doc, full), htmlHeadings(t, body)
	if !slices.Equal(got, want) {
		t.Errorf("%q: headings of the parsed page\n%+v\nthe HTML has\n%+v", src, got, want)
	}
	if g, w := Contents(doc, full), tocOf(want); !slices.Equal(g, w) {
		t.Errorf("%q: contents %+v; want %+v", src, g, w)
	}
}

// tocOf is the contents a page with the headings hs gets.
func tocOf(hs []Heading) []templates.TOCItem {
	var items []templates.TOCItem
	h2 := 0
	for _, h := range hs {
		items = append(items, templates.TOCItem{Level: h.Level, ID: h.ID, Text: h.Text})
		if h.Level == 2 {
			h2++
		}
	}
	if h2 < MinTOC {
		return nil
	}
	return items
}

// directiveBlocks is the output of the "heads" directive of tocCases: a
// heading of each level the contents look at, and one they do not.
var directiveBlocks = []block.Block{
	block.Heading(blocks.Heading{Msg: templates.For(langs.EN), Level: 2, ID: "gen", Text: blocks.Cell{{Text: "Generated "}, {Text: "stage_type", Code: true}}}),
	block.Paragraph(blocks.Cell{{Text: "Rows"}}),
	block.Heading(blocks.Heading{Msg: templates.For(langs.EN), Level: 3, ID: "gen-sub", Text: blocks.Cell{{Text: "Sub & more"}}}),
	block.Heading(blocks.Heading{Msg: templates.For(langs.EN), Level: 4, ID: "gen-four", Text: blocks.Cell{{Text: "Four"}}}),
}

// htmlHeadings is the judge: the h2 and h3 elements with an id of an HTML
// fragment, with their text, the heading's anchor link left out.
func htmlHeadings(t *testing.T, body []byte) []Heading {
	t.Helper()
	nodes, err := html.ParseFragment(bytes.NewReader(body), &html.Node{Type: html.ElementNode, Data: "main", DataAtom: atom.Main})
	if err != nil {
		t.Fatalf("parse the rendered page: %v", err)
	}
	var out []Heading
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.Data == "h2" || n.Data == "h3") && attr(n, "id") != "" {
			var sb strings.Builder
			text(n, &sb)
			out = append(out, Heading{Level: int(n.Data[1] - '0'), ID: attr(n, "id"), Text: collapse(sb.String())})
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return out
}

// text appends the text of n, leaving out the heading's anchor link.
func text(n *html.Node, sb *strings.Builder) {
	switch {
	case n.Type == html.TextNode:
		sb.WriteString(n.Data)
	case n.Type == html.ElementNode && slices.Contains(strings.Fields(attr(n, "class")), "anchor"):
	default:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			text(c, sb)
		}
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// Headings lists, for the tests that hold Contents to the HTML, the h2 and h3 headings of a parsed page whose ids the
// transformers have set (markdown.Transform), in document order: the
// Markdown's own headings, with their text as the page shows it, and the
// headings of the protocol directives' output, from the block model. They
// are read from the tree the page renders from, never from its HTML.
func Headings(doc ast.Node, src []byte) []Heading {
	hs := headings(doc)
	for i := range hs {
		hs[i].text(src)
	}
	out := make([]Heading, len(hs))
	for i, h := range hs {
		out[i] = h.Heading
	}
	return out
}
