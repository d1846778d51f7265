package generator

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// renderCached renders fsys into a new directory with the cache.
func renderCached(t *testing.T, fsys fstest.MapFS, c *Cache) (string, *Result) {
	t.Helper()
	dir := t.TempDir()
	res, err := Render(context.Background(), Config{Content: fsys, BaseURL: "https://example.test", Log: io.Discard, Cache: c}, dir)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return dir, res
}

// TestCacheRendersOnlyWhatChanged builds the fixture with a cache, edits
// one page's body and checks that only that pair is rendered again, while
// the output equals a build without the cache; a change that reaches every
// page (the labels) renders everything.
func TestCacheRendersOnlyWhatChanged(t *testing.T) {
	site := fixture(t)
	c := NewCache()
	_, first := renderCached(t, site, c)
	if first.Reused != 0 || first.Rendered == 0 {
		t.Fatalf("first build: rendered %d, reused %d", first.Rendered, first.Reused)
	}
	_, again := renderCached(t, site, c)
	if again.Rendered != 0 || again.Reused != first.Rendered {
		t.Errorf("unchanged rebuild: rendered %d, reused %d; want 0 and %d", again.Rendered, again.Reused, first.Rendered)
	}

	page := "content/en/docs/create-task.md"
	edited := withFiles(site, map[string]string{page: strings.Replace(string(site[page].Data), "\n\n", "\n\nA sentence added by a writer.\n\n", 1)})
	dir, res := renderCached(t, edited, c)
	if res.Rendered != 1 || res.Reused != first.Rendered-1 {
		t.Errorf("after editing %s: rendered %d, reused %d; want 1 and %d", page, res.Rendered, res.Reused, first.Rendered-1)
	}
	if !strings.Contains(readFile(t, dir, "docs/create-task/index.html"), "A sentence added by a writer.") {
		t.Errorf("the edited page does not show the edit")
	}
	sameTree(t, dir, mustRender(t, edited))

	labels := withFiles(edited, map[string]string{labelsFile: string(edited[labelsFile].Data) + "\n"})
	if _, res := renderCached(t, labels, c); res.Reused != 0 {
		t.Errorf("after a labels change: reused %d pairs; want every page rendered", res.Reused)
	}
}

// sameTree fails when two output directories differ in any file.
func sameTree(t *testing.T, got, want string) {
	t.Helper()
	files := map[string]bool{}
	for _, root := range []string{got, want} {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(root, p)
				files[rel] = true
			}
			return nil
		})
	}
	for rel := range files {
		a, errA := os.ReadFile(filepath.Join(got, rel))
		b, errB := os.ReadFile(filepath.Join(want, rel))
		if errA != nil || errB != nil || string(a) != string(b) {
			t.Errorf("%s differs between the cached and the full build", rel)
		}
	}
}

// TestBuildReportsDocsDrift changes a Chinese docs page so it loses a code
// block line and a link and gains a number: the build warns at the right
// file and line, without failing.
func TestBuildReportsDocsDrift(t *testing.T) {
	site := fixture(t)
	page := "content/zh-CN/docs/create-task.md"
	src := string(site[page].Data)
	src = strings.Replace(src, `func main() { println("hi & bye") }`, `func main() {}`, 1)
	src = strings.Replace(src, "每个阶段选一个，见[下文](#the-field-reference-and-protocol-json)。", "每个阶段选 1 个。", 1)
	_, res, err := render(t, withFiles(site, map[string]string{page: src}))
	if err != nil {
		t.Fatalf("drift failed the build: %v", err)
	}
	got := res.Warnings.Error()
	for _, want := range []string{
		page + ":21: ", "code block", "#the-field-reference-and-protocol-json", `"1"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings lack %q:\n%s", want, got)
		}
	}
}

// TestHighlightCacheFile keeps highlighted code in a file: a new process
// (a fresh highlighter) reading it highlights nothing again, and a file
// written for another format is ignored.
func TestHighlightCacheFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cache", "highlight.gob")
	first := newHighlighter()
	want := first.html("go", "package main\n\nfunc main() {}\n")
	if err := first.saveHighlights(file); err != nil {
		t.Fatal(err)
	}
	second := newHighlighter()
	second.loadHighlights(file)
	if got := second.html("go", "package main\n\nfunc main() {}\n"); got != want || second.added.Load() != 0 {
		t.Errorf("after loading the cache file: highlighted again %d time(s), same HTML %v", second.added.Load(), got == want)
	}
	if err := second.saveHighlights(file); err != nil {
		t.Fatal(err)
	}

	stale := newHighlighter()
	defer func(f string) { highlightCacheFormat = f }(highlightCacheFormat)
	highlightCacheFormat = "another chroma"
	stale.loadHighlights(file)
	stale.html("go", "package main\n\nfunc main() {}\n")
	if stale.added.Load() != 1 {
		t.Errorf("a cache file of another format was used")
	}
}

// TestZeroCache uses a zero Cache, as its doc comment allows: the second
// build reuses every pair the first rendered.
func TestZeroCache(t *testing.T) {
	site := fixture(t)
	var c Cache
	_, first := renderCached(t, site, &c)
	_, again := renderCached(t, site, &c)
	if first.Rendered == 0 || again.Rendered != 0 || again.Reused != first.Rendered {
		t.Errorf("zero Cache: rendered %d, then rendered %d and reused %d; want 0 and %d", first.Rendered, again.Rendered, again.Reused, first.Rendered)
	}
}
