package pipeline

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pairag.com/portal/generator/load"
)

// renderCached renders fsys into a new directory with the cache.
func renderCached(t *testing.T, fsys fstest.MapFS, c *Cache) (string, *Result) {
	t.Helper()
	dir := t.TempDir()
	res, err := Render(context.Background(), Config{Content: fsys, BaseURL: "https://example.test", Log: io.Discard, Cache: c, JudgedVersions: judgedIn(fsys)}, dir)
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

// TestCacheKeyCoversEveryRead takes the list of files the build read from
// the build itself (not from a list in the test) and checks that changing
// any of them that is not a page renders every pair again with the cache,
// and that the output then equals a build without the cache. site.yaml and
// changes.yaml were missing from the hand-kept list this replaced.
func TestCacheKeyCoversEveryRead(t *testing.T) {
	site := withFiles(withV19(t), map[string]string{
		siteFile:        "repository: https://example.test/repo\n",
		changeNotesFile: "\"19\":\n  intro:\n    en: Why.\n    zh-CN: 原因。\n",
	})
	log := load.NewReadLog(site)
	if _, err := Render(context.Background(), Config{Content: log, BaseURL: "https://example.test", Log: io.Discard, JudgedVersions: judgedIn(site)}, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	var read []string
	log.Digest(io.Discard, func(name string) bool { read = append(read, name); return true })
	var inputs []string
	for _, name := range read {
		if strings.HasSuffix(name, "/") || strings.HasPrefix(name, "content/en/") || strings.HasPrefix(name, "content/zh-CN/") {
			continue // directories; pages, which their pair's key covers
		}
		inputs = append(inputs, name)
	}
	for _, want := range []string{siteFile, changeNotesFile, labelsFile, translationsFile, protocolPath} {
		if !slices.Contains(inputs, want) {
			t.Errorf("the build did not read %s (read: %v)", want, inputs)
		}
	}
	c := NewCache()
	_, first := renderCached(t, site, c)
	for _, name := range inputs {
		t.Run(name, func(t *testing.T) {
			data := append(bytes.Clone(site[name].Data), '\n') // a trailing newline is harmless in every format read
			changed := withFiles(site, map[string]string{name: string(data)})
			renderCached(t, site, c) // back to the first state
			dir, res := renderCached(t, changed, c)
			if res.Reused != 0 || res.Rendered != first.Rendered {
				t.Errorf("after changing %s: %d pairs reused, %d rendered; want 0 and %d", name, res.Reused, res.Rendered, first.Rendered)
			}
			fresh := siteFiles(t, mustRender(t, changed))
			if got := siteFiles(t, dir); !maps.EqualFunc(got, fresh, bytes.Equal) {
				t.Errorf("after changing %s the cached build differs from a fresh one", name)
			}
		})
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

// TestCacheLinksInsteadOfKeeping: an unchanged pair's files are the same
// files (hard links) as the previous build's, so the cache holds no
// rendered bytes and a rebuild copies nothing (issue 22: gen serve kept
// every rendered page in memory and wrote all of them again on every
// rebuild). When the directories it knows are gone, the pair is rendered
// again, and the output is the same.
func TestCacheLinksInsteadOfKeeping(t *testing.T) {
	site := fixture(t)
	c := NewCache()
	first, _ := renderCached(t, site, c)
	second, res := renderCached(t, site, c)
	if res.Rendered != 0 {
		t.Fatalf("unchanged rebuild rendered %d pairs; want 0", res.Rendered)
	}
	const page = "docs/create-task/index.html"
	a, errA := os.Stat(filepath.Join(first, page))
	b, errB := os.Stat(filepath.Join(second, page))
	if errA != nil || errB != nil || !os.SameFile(a, b) {
		t.Errorf("%s of the rebuild is not the first build's file (%v, %v): the cache copied it, or its entry named no files", page, errA, errB)
	}
	os.RemoveAll(first)
	os.RemoveAll(second)
	third, res := renderCached(t, site, c)
	if res.Reused != 0 || res.Rendered == 0 {
		t.Errorf("with the earlier builds removed: rendered %d, reused %d; want every pair rendered", res.Rendered, res.Reused)
	}
	sameTree(t, third, mustRender(t, site))
}

// TestCacheKeepsDiagramScript: a rebuild that takes the one page drawing a
// diagram from the cache still publishes the diagram script that page
// loads. (The script was written the first time a page rendered in the
// build asked for it, so a rebuild that rendered no such page left it out
// and the page's diagram was not drawn.)
func TestCacheKeepsDiagramScript(t *testing.T) {
	page := "content/en/docs/create-task.md"
	site := fixture(t)
	drawn := withFiles(site, map[string]string{page: string(site[page].Data) + "\n```mermaid\ngraph TD\n  A --> B\n```\n"})
	want := mustRender(t, drawn)
	if !strings.Contains(readFile(t, want, "docs/create-task/index.html"), "/assets/diagrams.") {
		t.Fatal("the page with a diagram does not load the diagram script")
	}
	c := NewCache()
	renderCached(t, drawn, c)
	dir, res := renderCached(t, drawn, c)
	if res.Rendered != 0 {
		t.Fatalf("unchanged rebuild rendered %d pairs; want 0", res.Rendered)
	}
	sameTree(t, dir, want)
}
