package search_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/search/searchtest"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/blocks"
)

func TestSections(t *testing.T) {
	src := "Intro *text*.\n\n## First {#a}\n\nAlpha\n\n```json\n{\"skip\": \"me\"}\n```\n\n```protocol\nheads\n```\n\n### Second {#b}\n\n中文`x`内容\n"
	doc, full, _, ok := searchtest.RenderPage(highlight.New(), src, directiveBlocks)
	if !ok {
		t.Fatal("the page does not render")
	}
	got := search.Sections(nil, doc, full)
	want := []search.Section{
		{Text: "Intro text."},
		{ID: "a", Heading: "First", Text: "Alpha"},
		{ID: "gen", Heading: "Generated stage_type", Text: "Rows one two Field: free_stages; Type: integer."},
		{ID: "gen-sub", Heading: "Sub & more", Parent: "Generated stage_type", Text: "Four", Rows: []string{"row-id"}},
		{ID: "b", Heading: "Second", Text: "中文x内容", Parent: "Generated stage_type"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Sections (-want +got):\n%s", diff)
	}
}

// TestCellLabels checks that a table's rows read as "header: value"
// sentences in the search text (what a result's excerpt shows), in
// Chinese with full-width punctuation, and that a table without a header
// row keeps its cells as they are.
func TestCellLabels(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"en", "## T {#t}\n\n| tier | stages |\n| --- | --- |\n| free | 5 |\n| pro | up to 10. |\n",
			"tier: free; stages: 5. tier: pro; stages: up to 10."},
		{"zh", "## T {#t}\n\n| 等级 | 阶段 |\n| --- | --- |\n| 免费版 | 5 |\n| 专业版 | 最多 10 个 |\n",
			"等级：免费版；阶段：5。等级：专业版；阶段：最多 10 个。"},
		{"empty header", "## T {#t}\n\n| | stages |\n| --- | --- |\n| free | 5 |\n",
			"free; stages: 5."},
		{"then prose", "## T {#t}\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nAfter.\n",
			"a: 1; b: 2. After."},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, full, _, ok := searchtest.RenderPage(highlight.New(), c.src, directiveBlocks)
			if !ok {
				t.Fatal("the page does not render")
			}
			secs := search.Sections(nil, doc, full)
			if got := secs[len(secs)-1].Text; got != c.want {
				t.Errorf("text of %q = %q; want %q", c.src, got, c.want)
			}
			checkSections(t, highlight.New(), c.src)
		})
	}
}

// directiveBlocks is the output of the "heads" directive of the cases:
// generated headings, a paragraph, a list, a table with a row of its own
// and one without, a code block and the copy-both block.
var directiveBlocks = []block.Block{
	block.Heading(blocks.Heading{Msg: templates.For(langs.EN), Level: 2, ID: "gen", Text: blocks.Cell{{Text: "Generated "}, {Text: "stage_type", Code: true}}}),
	block.Paragraph(blocks.Cell{{Text: "Rows"}}),
	block.List(blocks.List{Items: []blocks.Cell{{{Text: "one"}}, {{Text: "two", Emph: true}}}}),
	block.Table{Table: blocks.Table{Msg: templates.For(langs.EN), ID: "limits", Columns: []string{"Field", "Type"}, Rows: []blocks.Row{
		{Cells: []blocks.Cell{{{Text: "free_stages", Code: true, Href: "#free"}}, {{Text: "integer"}}}},
	}}},
	block.Heading(blocks.Heading{Msg: templates.For(langs.EN), Level: 3, ID: "gen-sub", Text: blocks.Cell{{Text: "Sub & more"}}}),
	block.Table{Table: blocks.Table{Msg: templates.For(langs.EN), Columns: []string{"Id"}, Rows: []blocks.Row{
		{ID: "row-id", Cells: []blocks.Cell{{{Text: "an entry of its own"}}}},
	}}},
	block.Heading(blocks.Heading{Msg: templates.For(langs.EN), Level: 4, ID: "gen-four", Text: blocks.Cell{{Text: "Four"}}}),
	block.Code("json", `{"a": 1}`, templates.For(langs.EN), highlight.New()),
	block.Bundle(blocks.Bundle{Msg: templates.For(langs.EN), ID: "bundle", Text: "the bundle's text"}, nil),
}

// TestSectionsMatchHTML holds the sections read from the tree, and the
// page read as one fragment (a skill's section), to what a reader of the
// rendered page finds in it (searchtest.Sections, searchtest.Fragment):
// they were read from the HTML before, and the index must not change. The
// pipeline's test of the same name does it on every built page.
func TestSectionsMatchHTML(t *testing.T) {
	hl := highlight.New()
	for _, c := range cases(t) {
		t.Run(c.Name, func(t *testing.T) { checkSections(t, hl, string(c.Data)) })
	}
}

func FuzzSections(f *testing.F) {
	for _, c := range cases(f) {
		f.Add(string(c.Data))
	}
	hl := highlight.New()
	f.Fuzz(func(t *testing.T, src string) { checkSections(t, hl, src) })
}

func cases(t testing.TB) []txtar.File {
	ar, err := txtar.ParseFile("testdata/sections.txtar")
	if err != nil {
		t.Fatal(err)
	}
	return ar.Files
}

func checkSections(t *testing.T, hl *highlight.Cache, src string) {
	t.Helper()
	doc, full, body, ok := searchtest.RenderPage(hl, src, directiveBlocks)
	if !ok {
		return
	}
	page := []byte("<main>" + string(body) + "</main>")
	if diff := cmp.Diff(searchtest.Sections(page), search.Sections(nil, doc, full)); diff != "" {
		t.Errorf("%q: sections (-HTML +tree):\n%s", src, diff)
	}
	if diff := cmp.Diff(searchtest.Fragment(body), search.Fragment(doc, full)); diff != "" {
		t.Errorf("%q: as a fragment (-HTML +tree):\n%s", src, diff)
	}
}
