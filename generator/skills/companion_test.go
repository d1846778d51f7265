package skills

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/yuin/goldmark"
	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/highlight"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/internal/diag"
)

// loadTxtar loads the skills of a txtar archive of testdata.
func loadTxtar(t *testing.T, file string) ([]*Skill, []diag.Finding) {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range ar.Files {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	return Load(fsys)
}

type dropAll struct{}

func (dropAll) Report(*diag.Finding) {}

// hrefs are the link targets of HTML.
func hrefs(html string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(html, -1) {
		out = append(out, m[1])
	}
	return out
}

// companionPages renders every companion page of s in lang, in file
// order, reporting nothing.
func companionPages(s *Skill, md goldmark.Markdown, lang string, abs func(string) string) []CompanionPage {
	var out []CompanionPage
	for _, c := range s.CompanionPlaces(lang) {
		out = append(out, s.CompanionPage(md, lang, c.Rel, dropAll{}, abs))
	}
	return out
}

// TestCompanionPages: each companion Markdown file gets a page in both
// languages at a URL ending in "/" (the raw file keeps its own), beside
// its translation when there is one; links between companions and to
// SKILL.md's sections lead to the pages, a placeholder link to the
// published file. Templates, a path with a space and a page that would
// overwrite the author's file get none.
func TestCompanionPages(t *testing.T) {
	loaded, _ := loadTxtar(t, "testdata/companions.txtar")
	if len(loaded) != 1 {
		t.Fatalf("loaded %d skills; want 1", len(loaded))
	}
	s := loaded[0]
	if got, want := s.companions(), []string{"references/format.md", "references/guide.md"}; !slices.Equal(got, want) {
		t.Errorf("companions = %q; want %q", got, want)
	}
	tests := []struct {
		lang, rel, url string
		translated     bool
		links          []string // hrefs the page's rows must hold
	}{
		{en, "references/guide.md", "/skills/field-notes/references/guide/", true, []string{
			"/skills/field-notes/references/format/#columns", "/skills/field-notes/#recording", "/skills/field-notes/scripts/open.sh"}},
		{zh, "references/guide.md", "/zh-CN/skills/field-notes/references/guide/", true, []string{
			"/zh-CN/skills/field-notes/references/format/#columns", "/zh-CN/skills/field-notes/#recording", "/skills/field-notes/scripts/open.sh"}},
		{en, "references/format.md", "/skills/field-notes/references/format/", false, []string{"/skills/field-notes/references/guide/"}},
	}
	for _, tt := range tests {
		pages := companionPages(s, markdown.New(tt.lang, highlight.New()), tt.lang, func(p string) string { return "https://site" + p })
		i := slices.IndexFunc(pages, func(p CompanionPage) bool { return p.Rel == tt.rel })
		if i < 0 {
			t.Errorf("%s %s: no page", tt.lang, tt.rel)
			continue
		}
		p := pages[i]
		if p.URL != tt.url || p.View.Translated != tt.translated || p.View.Companion == nil || p.View.Companion.SkillURL != pageURL(tt.lang, "field-notes") {
			t.Errorf("%s %s: URL %q, translated %v, companion %+v; want %q, %v, the skill's page", tt.lang, tt.rel, p.URL, p.View.Translated, p.View.Companion, tt.url, tt.translated)
		}
		if p.Markdown != "/skills/field-notes/"+tt.rel && !(tt.lang == zh && p.Markdown == "/skills/field-notes/references/guide.zh-CN.md") {
			t.Errorf("%s %s: Markdown version %q", tt.lang, tt.rel, p.Markdown)
		}
		var all []string
		for _, r := range p.Rows {
			all = append(all, hrefs(r.Orig.HTML+r.Tr.HTML)...)
		}
		for _, w := range tt.links {
			if !slices.Contains(all, w) {
				t.Errorf("%s %s: links %q; want one to %s", tt.lang, tt.rel, all, w)
			}
		}
		if tt.rel == "references/guide.md" {
			if !p.Anchors["columns-to-fill"] {
				t.Errorf("%s %s: anchors %v; want the row of its section", tt.lang, tt.rel, p.Anchors)
			}
			// A link to a section of the same file is checked against
			// this page's rows (it was checked against the folder, as
			// a broken link to /skills/field-notes/references/).
			own := slices.ContainsFunc(p.Links, func(l Link) bool {
				return l.Ref.Path == "/skills/field-notes/references/guide/" && l.Ref.Frag == "columns-to-fill"
			})
			if own != (tt.lang == en) {
				t.Errorf("%s %s: links to check %+v; want the one to #columns-to-fill on this page (English page only)", tt.lang, tt.rel, p.Links)
			}
		}
		for _, sec := range p.Sections {
			if !strings.HasPrefix(sec.URL, tt.url+"#") {
				t.Errorf("%s %s: search section at %q; want a row of the page", tt.lang, tt.rel, sec.URL)
			}
		}
	}
	// A task list's check boxes have names, in the language of their cell
	// (goldmark's have none: axe-core's "label" rule failed on a real
	// checklist).
	format := companionPages(s, markdown.New(zh, highlight.New()), zh, func(p string) string { return p })
	var body string
	for _, r := range format[slices.IndexFunc(format, func(p CompanionPage) bool { return p.Rel == "references/format.md" })].Rows {
		body += r.Orig.HTML
	}
	for _, w := range []string{`<input disabled="" type="checkbox" aria-label="Not done" />`, `<input checked="" disabled="" type="checkbox" aria-label="Done" />`} {
		if !strings.Contains(body, w) {
			t.Errorf("format page: no %s in\n%s", w, body)
		}
	}
	// The skill page's file list and its links lead to the pages.
	r := s.Render(markdown.New(en, highlight.New()), en, dropAll{}, nil)
	pages := map[string]string{}
	for _, f := range r.View.Files {
		pages[f.Text] = f.Page
	}
	want := map[string]string{
		"references/guide.md": "/skills/field-notes/references/guide/", "references/guide.zh-CN.md": "/skills/field-notes/references/guide/?view=translation",
		"references/format.md": "/skills/field-notes/references/format/", "templates/note.md": "", "references/my notes.md": "", "references/taken.md": "", "SKILL.md": "",
	}
	for file, w := range want {
		if pages[file] != w {
			t.Errorf("file list: %s links page %q; want %q", file, pages[file], w)
		}
	}
	var all []string
	for _, row := range r.View.Rows {
		all = append(all, hrefs(row.Orig.HTML)...)
	}
	if !slices.Contains(all, "/skills/field-notes/references/format/#columns") {
		t.Errorf("skill page links %q; want the format's page", all)
	}
	for _, u := range s.PageURLs() {
		if !strings.HasSuffix(u, "/") {
			t.Errorf("page URL %q does not end in /: the sandbox rules of the raw files would match it", u)
		}
	}
}

// TestTooManyFiles: a skill folder over MaxFiles is left out with one
// finding at its folder, a warning for a third party's and an error for
// ours, and the other skills still load.
func TestTooManyFiles(t *testing.T) {
	for _, third := range []bool{true, false} {
		fsys := fstest.MapFS{
			"content/skills/big/SKILL.md":   {Data: []byte("---\nname: big\ndescription: D\n---\n\n# Big\n")},
			"content/skills/small/SKILL.md": {Data: []byte("---\nname: small\ndescription: D\n---\n\n# Small\n")},
		}
		if third {
			fsys["content/skills/big/"+RecordFile] = &fstest.MapFile{Data: []byte("source: https://github.com/x/y\ncommit: 0123456789abcdef\nlicense: MIT\n")}
		}
		for i := range MaxFiles {
			fsys[fmt.Sprintf("content/skills/big/data/%04d.txt", i)] = &fstest.MapFile{Data: []byte("x")}
		}
		loaded, findings := Load(fsys)
		if len(loaded) != 1 || loaded[0].Slug != "small" {
			t.Errorf("third party %v: loaded %d skills; want small alone", third, len(loaded))
		}
		want := diag.SeverityError
		if third {
			want = diag.SeverityWarning
		}
		var got []diag.Finding
		for _, f := range findings {
			if f.File == "content/skills/big" {
				got = append(got, f)
			}
		}
		if len(got) != 1 || got[0].Severity != want || !strings.Contains(got[0].Msg, fmt.Sprintf("more than %d files", MaxFiles)) {
			t.Errorf("third party %v: findings at the folder %v; want one %s naming the limit", third, got, want)
		}
	}
}
