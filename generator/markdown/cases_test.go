package markdown_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/protocol"
)

var update = flag.Bool("update", false, "rewrite the wants of testdata/cases")

// TestCases renders each case of testdata/cases/*.txtar, a page in both
// languages, the way the build does (both parsed, aligned by package
// drift, transformed, rendered), and compares the HTML with the case's
// want/<lang>.html, one element per line, or the errors with its "errors"
// lines. A case file holds en.md (the body, without front matter),
// optionally zh-CN.md (default: the same text), and the wants; -update
// rewrites the wants from what was rendered. Protocol directives resolve
// against the generator's site fixture.
func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	lookup := directives(t)
	hl := highlight.New()
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]string{}
			for _, f := range ar.Files {
				sections[f.Name] = string(f.Data)
			}
			src := map[string]string{langs.EN: sections["en.md"], langs.ZH: sections["zh-CN.md"]}
			if src[langs.ZH] == "" {
				src[langs.ZH] = src[langs.EN]
			}
			var rep findings
			html := renderPair(t, hl, lookup, src, &rep)
			if want, ok := sections["errors"]; ok {
				for _, line := range strings.Split(strings.TrimSpace(want), "\n") {
					if !strings.Contains(rep.String(), line) {
						t.Errorf("errors = %v; want %q", rep.String(), line)
					}
				}
				return
			}
			if len(rep) > 0 {
				t.Fatalf("errors: %s", rep.String())
			}
			for _, lang := range langs.All {
				got := strings.TrimSpace(strings.ReplaceAll(html[lang], "><", ">\n<")) + "\n"
				name := "want/" + lang + ".html"
				if *update {
					setSection(ar, name, got)
					continue
				}
				if want, ok := sections[name]; !ok {
					t.Errorf("%s has no %s (run go test -run TestCases -update)", file, name)
				} else if got != want {
					t.Errorf("%s: %s differs:\n got: %s\nwant: %s", file, name, got, want)
				}
			}
			if *update {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// parsed is one page of a pair, parsed as written.
type parsed struct {
	p   *markdown.Page
	st  *markdown.State
	pc  parser.Context
	doc *ast.Document
	md  goldmark.Markdown
}

// renderPair renders docs/case.md in both languages as the builder's
// renderPair does: parse both, align them, transform and render the
// original, then give the translation the ids of the headings it aligns
// with and transform and render it.
func renderPair(t *testing.T, hl *highlight.Cache, lookup map[string]func(string) ([]block.Block, error), src map[string]string, rep diag.Reporter) map[string]string {
	t.Helper()
	const front = "---\ntitle: Case\ndescription: A case.\nnav: false\n---\n\n"
	pages := map[string]*parsed{}
	for _, lang := range langs.All {
		full := []byte(front + src[lang])
		_, _, bodyStart, err := markdown.SplitFrontMatter(full)
		if err != nil {
			t.Fatal(err)
		}
		p := &markdown.Page{Lang: lang, File: "content/" + lang + "/docs/case.md", URL: markdown.LangPrefix(lang) + "/docs/case/", Src: full, BodyStart: bodyStart}
		st := markdown.NewState(p, lookup[lang], rep)
		pc := markdown.NewContext(st)
		md := markdown.New(lang, hl)
		doc := md.Parser().Parse(text.NewReader(full), parser.WithContext(pc)).(*ast.Document)
		pages[lang] = &parsed{p, st, pc, doc, md}
	}
	en, zh := pages[langs.EN], pages[langs.ZH]
	c := drift.Compare(drift.ParsedTextFile(en.p.File, en.p.Src, en.p.BodyStart, en.doc),
		drift.ParsedTextFile(zh.p.File, zh.p.Src, zh.p.BodyStart, zh.doc), drift.DocsLinkTarget)
	out := map[string]string{}
	for _, lang := range langs.All {
		pp := pages[lang]
		if lang == langs.ZH {
			zh.st.Twin = c.TwinIDs(en.st.Headings) // the original's headings have their ids once it is transformed
		}
		markdown.Transform(pp.doc, pp.p.Src, pp.pc)
		var b bytes.Buffer
		if err := pp.md.Renderer().Render(&b, pp.p.Src, pp.doc); err != nil {
			t.Fatal(err)
		}
		out[lang] = b.String()
	}
	return out
}

// directives builds the protocol directives of the default protocol
// version from the labels and translations of the generator's site
// fixture, and returns the resolver of each language.
func directives(t *testing.T) map[string]func(string) ([]block.Block, error) {
	t.Helper()
	ar, err := txtar.ParseFile("../testdata/site.txtar")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range ar.Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	var rep findings
	doc := protocol.Default()
	out := reference.Directives(reference.Input{
		Doc: doc, Labels: reference.LoadLabels(fsys, &rep), Translations: reference.LoadTranslations(fsys, &rep), Highlight: highlight.New(),
		ReferencePage: func(lang string) string {
			return markdown.LangPrefix(lang) + "/docs/task-publish-v" + doc.Major() + "/"
		},
	}, &rep)
	if len(rep) > 0 {
		t.Fatalf("fixture: %s", rep.String())
	}
	lookup := map[string]func(string) ([]block.Block, error){}
	for _, lang := range langs.All {
		lookup[lang] = reference.Lookup(out[lang])
	}
	return lookup
}

// findings collects what the transformers report.
type findings []*diag.Finding

func (f *findings) Report(x *diag.Finding) { *f = append(*f, x) }

// String lists the findings as the build lists its errors.
func (f findings) String() string {
	var lines []string
	for _, x := range f {
		lines = append(lines, x.Error())
	}
	return strings.Join(lines, "\n")
}

// setSection replaces or adds a file of an archive.
func setSection(ar *txtar.Archive, name, data string) {
	for i := range ar.Files {
		if ar.Files[i].Name == name {
			ar.Files[i].Data = []byte(data)
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(data)})
}
