package generator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestMarkdownCases renders each case of testdata/markdown/*.txtar, a page
// in both languages added to the fixture site, and compares the HTML the
// Markdown setup produced (the page body, without the layout) with the
// case's want/<lang>.html, or the build's errors with its "errors" lines.
// A case file holds en.md (the body, without front matter), optionally
// zh-CN.md (default: the same text), and the wants; -update rewrites the
// wants from what the build produced.
func TestMarkdownCases(t *testing.T) {
	files, err := filepath.Glob("testdata/markdown/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	const front = "---\ntitle: Case\ndescription: A case.\nnav: false\n---\n\n"
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
			src := map[string]string{en: sections["en.md"], zh: sections["zh-CN.md"]}
			if src[zh] == "" {
				src[zh] = src[en]
			}
			pages := map[string]string{}
			for lang, body := range src {
				pages["content/"+lang+"/docs/case.md"] = front + body
			}
			dir, _, err := render(t, withFiles(fixture(t), pages))
			if want, ok := sections["errors"]; ok {
				for _, line := range strings.Split(strings.TrimSpace(want), "\n") {
					if err == nil || !strings.Contains(err.Error(), line) {
						t.Errorf("build errors = %v; want %q", err, line)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			for _, lang := range languages {
				got := pageBody(t, readFile(t, dir, strings.TrimPrefix(pageURL(lang, "docs/case.md"), "/")+"index.html"))
				name := "want/" + lang + ".html"
				if *update {
					setSection(ar, name, got)
					continue
				}
				if want, ok := sections[name]; !ok {
					t.Errorf("%s has no %s (run go test -run TestMarkdownCases -update)", file, name)
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

// pageBody is the HTML the Markdown of a page rendered to: what the layout
// puts between the page title (and contents) and the page's end matter, one
// element per line.
func pageBody(t *testing.T, page string) string {
	t.Helper()
	_, rest, ok := strings.Cut(page, "</h1>")
	if strings.HasPrefix(rest, `<details class="toc-inline">`) { // the contents of a page with four sections or more
		_, rest, _ = strings.Cut(rest, "</details>")
	}
	body, _, ok2 := strings.Cut(rest, `<div class="page-meta">`)
	if !ok || !ok2 {
		t.Fatalf("no body between </h1> and the page meta in:\n%s", page)
	}
	return strings.TrimSpace(strings.ReplaceAll(body, "><", ">\n<")) + "\n"
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
