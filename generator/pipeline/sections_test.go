package pipeline

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"pairag.com/portal/generator/search/searchtest"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/generator/skills"
	"pairag.com/portal/generator/synth"
)

// TestSectionsMatchHTML holds the search entries of every indexed page,
// worked out from the page's tree while it renders (search.Sections), to
// what a reader of the page's HTML finds in it (searchtest.Sections, with
// golang.org/x/net/html): the sections were read back from the HTML
// before, and the index must not change. It checks the fixture, the real
// site and both synthetic sites, and the rows of every skill's pages.
func TestSectionsMatchHTML(t *testing.T) {
	module := &Validator{Wasm: []byte("\x00asm\x01\x00\x00\x00 a module"), WasmExec: []byte("// wasm_exec")}
	sites := []struct {
		name string
		fsys fs.FS
		cfg  Config
	}{
		{"fixture", fixture(t), Config{}},
		{"real", os.DirFS("../.."), Config{Validator: module}}, // the validator page shows its tool above the Markdown
		{"real, validator coming", os.DirFS("../.."), Config{ValidatorComing: true}},
		{"short", synthetic(t, synth.Pages(200)), Config{}},
		{"long", synthetic(t, synth.LongPages(200)), Config{}},
	}
	for _, s := range sites {
		t.Run(s.name, func(t *testing.T) {
			if testing.Short() && s.name != "fixture" {
				t.Skip("builds a whole site")
			}
			s.cfg.Content, s.cfg.BaseURL, s.cfg.JudgedVersions = s.fsys, testBase, judgedIn(s.fsys)
			checkSections(t, s.cfg)
		})
	}
}

func checkSections(t *testing.T, cfg Config) {
	dir := t.TempDir()
	e := newEnv(context.Background(), cfg.withDefaults(), dir)
	b := e.run()
	if err := e.rep.Errors.Err(); err != nil {
		t.Fatal(err)
	}
	if b == nil {
		t.Fatal("the build rendered nothing")
	}
	n := 0
	for url, res := range b.results {
		if res.broken || !indexed(res.page) {
			continue
		}
		page, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(site.OutputPath(url))))
		if err != nil {
			t.Fatal(err)
		}
		n++
		want, wantRows := sectionDocs(res.page, searchtest.Sections(page))
		if diff := cmp.Diff(want, res.search); diff != "" {
			t.Errorf("%s: entries from the tree (-HTML +tree):\n%s", url, diff)
		}
		if diff := cmp.Diff(wantRows, res.rowsIn, cmp.AllowUnexported(rowPlace{})); diff != "" {
			t.Errorf("%s: rows from the tree (-HTML +tree):\n%s", url, diff)
		}
	}
	if n == 0 {
		t.Error("no indexed page")
	}
	checkSkillSections(t, b)
}

// checkSkillSections holds the text of every row of every skill's page
// and companion page, worked out from each section's tree
// (search.Fragment), to what a reader of the row's rendered cell finds in
// it (searchtest.Fragment).
func checkSkillSections(t *testing.T, b *rendered) {
	w := b.newWorker()
	for _, s := range b.skills {
		for _, lang := range languages {
			r := s.Render(w.md[lang], lang, &report{}, nil)
			for i, row := range r.View.Rows {
				want := skills.RowText{Orig: searchtest.Fragment([]byte(row.Orig.HTML)), Tr: searchtest.Fragment([]byte(row.Tr.HTML))}
				if diff := cmp.Diff(want, r.Search[i]); diff != "" {
					t.Errorf("%s %s, row %s: text from the tree (-HTML +tree):\n%s", s.Slug, lang, row.ID, diff)
				}
			}
			for _, place := range s.CompanionPlaces(lang) {
				cp := s.CompanionPage(w.md[lang], lang, place.Rel, &report{}, b.abs)
				var want []skills.Companion
				for _, row := range cp.Rows {
					c := row.Orig
					if lang == zh && cp.View.Translated && !row.Tr.Missing {
						c = row.Tr
					}
					if !c.Missing {
						want = append(want, skills.Companion{URL: cp.URL + "#" + row.ID, Section: searchtest.Fragment([]byte(c.HTML))})
					}
				}
				if diff := cmp.Diff(want, cp.Sections, cmpopts.IgnoreFields(skills.Companion{}, "Name")); diff != "" {
					t.Errorf("%s: companion sections from the tree (-HTML +tree):\n%s", cp.URL, diff)
				}
			}
		}
	}
}
