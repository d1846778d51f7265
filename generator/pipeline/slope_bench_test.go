package pipeline

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/yuin/goldmark/ast"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/synth"
	"pairag.com/portal/protocol/catalog"
)

// slopeSizes are the sizes of BenchmarkStageSlope's page: the bodies of
// 1, 10 and 100 long pages (about 5 KB, 50 KB and 500 KB in English).
var slopeSizes = []int{1, 10, 100}

// BenchmarkStageSlope times each stage of building one page as the page
// grows 1×, 10× and 100× (bigPage), and reports ns per input byte:
// a cost linear in the input keeps it about the same at every size.
//
//	go test ./generator -run '^$' -bench StageSlope -benchtime 5x
//
// Stages: parse (the site's Markdown parser), drift (aligning the Chinese
// page with the English one and comparing them), highlight (the page's
// code, in one block, with an empty cache), search (working out the page's
// sections for the index from its tree), links (the link check of the built
// site) and build (Render of a site of the page pair, a home page and
// the field reference: all of the above, rendering and writing).
func BenchmarkStageSlope(b *testing.B) {
	for _, stage := range []struct {
		name string
		run  func(b *testing.B, k int) (bytes int, op func())
	}{
		{"parse", slopeParse},
		{"drift", slopeDrift},
		{"highlight", slopeHighlight},
		{"search", slopeSearch},
		{"links", slopeLinks},
		{"build", slopeBuild},
	} {
		for _, k := range slopeSizes {
			b.Run(fmt.Sprintf("%s/%dx", stage.name, k), func(b *testing.B) {
				n, op := stage.run(b, k)
				b.SetBytes(int64(n))
				start := cpuTime()
				for b.Loop() {
					op()
				}
				cpu := cpuTime() - start
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/B")
			})
		}
	}
}

// bigPair is the English and Chinese text of bigPage(k).
func bigPair(k int) (en, zh []byte) {
	p := bigPage(k)
	return []byte(p["content/en/docs/big.md"]), []byte(p["content/zh-CN/docs/big.md"])
}

func slopeParse(b *testing.B, k int) (int, func()) {
	en, _ := bigPair(k)
	p := markdown.NewSyntaxParser()
	return len(en), func() { p.Parse(gtext.NewReader(en)) }
}

func slopeDrift(b *testing.B, k int) (int, func()) {
	en, zh := bigPair(k)
	_, _, enBody, _ := markdown.SplitFrontMatter(en)
	_, _, zhBody, _ := markdown.SplitFrontMatter(zh)
	return len(en) + len(zh), func() {
		c := drift.Compare(drift.NewTextFile("en.md", en, enBody), drift.NewTextFile("zh.md", zh, zhBody), drift.DocsLinkTarget)
		if len(c.Rows) < 5*k {
			b.Fatalf("%d rows aligned; want %d", len(c.Rows), 5*k)
		}
	}
}

func slopeHighlight(b *testing.B, k int) (int, func()) {
	en, _ := bigPair(k)
	var code strings.Builder
	for _, block := range strings.Split(string(en), "```json\n")[1:] {
		code.WriteString(block[:strings.Index(block, "```")])
	}
	return code.Len(), func() { highlight.New().HTML("json", code.String()) }
}

func slopeSearch(b *testing.B, k int) (int, func()) {
	en, _ := bigPair(k)
	doc := markdown.NewSyntaxParser().Parse(gtext.NewReader(en))
	n := 0
	_ = ast.Walk(doc, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := node.(*ast.Heading); ok && entering {
			n++
			h.SetAttributeString("id", []byte(fmt.Sprintf("h%d", n))) // what the page's transformers give every heading
		}
		return ast.WalkContinue, nil
	})
	return len(en), func() {
		if len(search.Sections(nil, doc, en)) < 5*k {
			b.Fatal("too few sections")
		}
	}
}

func slopeLinks(b *testing.B, k int) (int, func()) {
	en, zh := bigPair(k)
	bld := newEnv(context.Background(), Config{Content: bigSite(b, k)}.withDefaults(), b.TempDir()).run()
	if err := bld.rep.Errors.Err(); err != nil {
		b.Fatal(err)
	}
	return len(en) + len(zh), func() { bld.checkLinks() }
}

func slopeBuild(b *testing.B, k int) (int, func()) {
	en, zh := bigPair(k)
	fsys := bigSite(b, k)
	return len(en) + len(zh), func() {
		if _, err := Render(context.Background(), Config{Content: fsys}, b.TempDir()); err != nil {
			b.Fatal(err)
		}
	}
}

// bigSite is bigPage(k) with the home and field reference pages of
// synth.Pages and the fixture's protocol, labels and translations: little
// else to build, so that the page's cost shows.
func bigSite(b *testing.B, k int) fstest.MapFS {
	pages := synth.Pages(6) // the home page, the field reference and one page they link
	maps.Copy(pages, bigPage(k))
	return synthetic(b, pages)
}

// codeAnchors are the anchors the validator's findings link to, which a
// synthetic site's field reference needs for the build to pass.
func codeAnchors() []string {
	var anchors []string
	for _, c := range catalog.Codes() {
		anchors = append(anchors, c.Anchor)
	}
	return anchors
}

// bigLinks are the links of the long pages to one another.
var bigLinks = regexp.MustCompile(`/docs/n\d{5}/`)

// bigPage returns one page, in English and in Chinese, made of the bodies
// of k long pages of synth.LongPages one after the other (each with its
// own table and JSON block, so no cache of highlighted code helps), keyed
// by path (content/en/docs/big.md and its twin), under the title and
// description of the first: the input of the benchmarks that grow one
// page 1×, 10× and 100× and look for superlinear cost. Its links to other
// long pages point at itself, so the link check finds them.
func bigPage(k int) map[string]string {
	long := synth.LongPages(2 * (k + 2)) // k pages per language, each one of k
	out := map[string]string{}
	for _, lang := range []string{"en", "zh-CN"} {
		var b strings.Builder
		for i := 1; i <= k; i++ {
			page := long[fmt.Sprintf("content/%s/docs/n%05d.md", lang, i)]
			front, body, _ := strings.Cut(page, "\n---\n")
			if i == 1 {
				b.WriteString("---\n")
				for line := range strings.Lines(front) {
					if strings.HasPrefix(line, "title: ") || strings.HasPrefix(line, "description: ") {
						b.WriteString(line)
					}
				}
				b.WriteString("---\n\n")
			}
			b.WriteString(bigLinks.ReplaceAllString(body, "/docs/big/"))
		}
		out["content/"+lang+"/docs/big.md"] = b.String()
	}
	return out
}

// TestBigPage checks the grown page: one front matter, k long pages'
// sections (five each) in both languages, and no link left to a long
// page that the big page's site does not have.
func TestBigPage(t *testing.T) {
	for _, k := range []int{1, 3} {
		for path, text := range bigPage(k) {
			if n := strings.Count(text, "\n---\n"); n != 1 || !strings.HasPrefix(text, "---\ntitle: ") {
				t.Errorf("bigPage(%d)[%s]: %d front-matter ends, starts %q; want one front matter", k, path, n, text[:min(len(text), 20)])
			}
			if n := strings.Count(text, "\n## "); n != 5*k {
				t.Errorf("bigPage(%d)[%s] has %d sections; want %d", k, path, n, 5*k)
			}
			if bigLinks.MatchString(text) {
				t.Errorf("bigPage(%d)[%s] links a long page: %q", k, path, bigLinks.FindString(text))
			}
		}
	}
}
