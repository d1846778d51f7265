package preview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/synth"
	"pairag.com/portal/protocol/catalog"
)

// TestIncrementalMatchesFullBuild edits a small synthetic site in every
// way a writer does (a page's body, its translation, a title, which
// changes the navigation of every page, a new page, a deleted one, and
// one page after another until the served site spans more directories
// than maxLayers) and checks after each edit that the site gen serve
// serves, its own files and those it reuses from earlier builds, is byte
// for byte the site a full build of the same sources writes.
func TestIncrementalMatchesFullBuild(t *testing.T) {
	dir := t.TempDir()
	var anchors []string
	for _, c := range catalog.Codes() {
		anchors = append(anchors, c.Anchor)
	}
	for name, text := range synth.WithAnchors(synth.NavPages(40), anchors) {
		writeFile(t, filepath.Join(dir, name), text)
	}
	for _, name := range []string{"content/labels.yaml", "content/protocol.zh-CN.yaml", "protocol/pairag-task-publish-v18.json", "netlify.toml"} {
		writeFile(t, filepath.Join(dir, name), readFile(t, filepath.Join("../..", name)))
	}
	p := startPreview(t, dir, Config{})
	page := func(lang string, i int) string {
		return filepath.Join(dir, "content", lang, "docs", fmt.Sprintf("p%05d.md", i))
	}
	edit := func(name, old, new string) {
		text := readFile(t, name)
		if !strings.Contains(text, old) {
			t.Fatalf("%s has no %q", name, old)
		}
		writeFile(t, name, strings.Replace(text, old, new, 1))
	}
	layered := 0
	steps := []struct {
		name string
		do   func()
	}{
		{"body", func() { edit(page("en", 1), "This page describes", "This page, edited, describes") }},
		{"twin", func() { edit(page("zh-CN", 1), "\n\n", "\n\n补充一句。\n\n") }},
		{"title", func() { edit(page("en", 2), "title: Synthetic page 2", "title: Renamed page 2") }},
		{"new page", func() {
			for _, lang := range []string{"en", "zh-CN"} {
				writeFile(t, page(lang, 900), strings.Replace(readFile(t, page(lang, 5)), "5", "900", 1))
			}
		}},
		{"deleted page", func() {
			for _, lang := range []string{"en", "zh-CN"} {
				if err := os.Remove(page(lang, 900)); err != nil {
					t.Fatal(err)
				}
			}
		}},
	}
	for i := 3; i < 3+maxLayers+3; i++ {
		steps = append(steps, struct {
			name string
			do   func()
		}{fmt.Sprintf("body of page %d", i), func() { edit(page("en", i), "This page describes", "This page, edited once, describes") }})
	}
	for _, step := range steps {
		step.do()
		want := fullBuild(t, dir, p.srv.baseURL)
		deadline := time.Now().Add(90 * time.Second)
		for {
			diff, n := servedDiff(t, p.srv, want)
			layered = max(layered, n)
			if diff == "" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after the %s edit, the served site differs from a full build:\n%s\noutput:\n%s", step.name, diff, p.out)
			}
			select { // the next build, or another look
			case <-p.events:
			case <-time.After(time.Second):
			}
		}
	}
	if layered == 0 {
		t.Errorf("no served site reused files of an earlier build: the incremental path was not tested")
	}
}

// fullBuild renders dir's sources afresh, as gen build would with the
// preview's base URL, and returns every file it wrote by site path.
func fullBuild(t *testing.T, dir, baseURL string) map[string][]byte {
	t.Helper()
	out := t.TempDir()
	_, err := generator.Render(context.Background(), generator.Config{Content: os.DirFS(dir), Root: dir, BaseURL: baseURL, Log: io.Discard, GitDir: dir}, out)
	var list generator.ErrorList
	if err != nil && !errors.As(err, &list) {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(out, p)
			files[filepath.ToSlash(rel)] = []byte(readFile(t, p))
		}
		return err
	})
	return files
}

// servedDiff compares the site the server serves with want; it returns
// "" when they are the same, and how many files the site serves from
// earlier builds' directories.
func servedDiff(t *testing.T, srv *Server, want map[string][]byte) (string, int) {
	t.Helper()
	st := srv.cur.acquire()
	if st == nil {
		return "nothing served", 0
	}
	defer st.release()
	names := map[string]bool{}
	filepath.WalkDir(st.dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(st.dir, p)
			names[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	for name := range st.elsewhere {
		names[name] = true
	}
	var diffs []string
	for name := range names {
		got, err := st.rootOf(name).ReadFile(name)
		switch w, ok := want[name]; {
		case err != nil:
			diffs = append(diffs, fmt.Sprintf("%s: %v", name, err))
		case !ok:
			diffs = append(diffs, name+": served, not in a full build")
		case !bytes.Equal(got, w):
			diffs = append(diffs, name+": different bytes")
		}
	}
	for name := range want {
		if !names[name] {
			diffs = append(diffs, name+": in a full build, not served")
		}
	}
	slices.Sort(diffs)
	if len(diffs) > 10 {
		diffs = append(diffs[:10], fmt.Sprintf("and %d more", len(diffs)-10))
	}
	return strings.Join(diffs, "\n"), len(st.elsewhere)
}

// TestRebuildTouchesOnlyTheChange: after a one-page edit, a rebuild reads
// that page source alone from the disk (the others are fresh) and writes
// only that page pair into its directory; every other page is served from
// the first build's.
func TestRebuildTouchesOnlyTheChange(t *testing.T) {
	root := synthRepo(t, 40)
	work := t.TempDir()
	cache := generator.NewCache()
	sv := &saves{whole: map[string][]byte{}, since: map[string]time.Time{}, fresh: map[string]bool{}}
	var ls layers
	var cur *site
	build := func() (dir string, read []string) {
		dir, err := os.MkdirTemp(work, "site-")
		if err != nil {
			t.Fatal(err)
		}
		src, err := sv.open(root)
		if err != nil {
			t.Fatal(err)
		}
		defer src.Close()
		pinned := ls.pinner()
		defer pinned.release()
		res, err := generator.Render(context.Background(), generator.Config{Content: src, Root: root, Cache: cache, Log: io.Discard, Reuse: pinned.reuse}, dir)
		var list generator.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Fatal(err)
		}
		st, err := newSite("test", dir, func(dir string) { ls.drop(dir); os.RemoveAll(dir) })
		if err != nil || !st.adopt(res.Elsewhere, pinned) {
			t.Fatal("site", err)
		}
		ls.add(st.own)
		if cur != nil {
			cur.release()
		}
		cur = st
		for name := range src.read {
			if isPageSource(name) {
				read = append(read, name)
			}
		}
		slices.Sort(read)
		return dir, read
	}
	t.Cleanup(func() { cur.release() })
	first, _ := build()
	name := "content/en/docs/p00001.md"
	writeFile(t, filepath.Join(root, name), readFile(t, filepath.Join(root, name))+"\nOne more line.\n")
	sv.forget([]string{name}) // as the watcher's event would
	dir, read := build()
	if !slices.Equal(read, []string{name}) {
		t.Errorf("the rebuild read page sources %q; want only %s", read, name)
	}
	var pages []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == "index.html" && strings.Contains(p, "/docs/p0") {
			rel, _ := filepath.Rel(dir, p)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return nil
	})
	if want := []string{"docs/p00001/index.html", "zh-CN/docs/p00001/index.html"}; !slices.Equal(pages, want) {
		t.Errorf("the rebuild wrote pages %q; want only %q", pages, want)
	}
	if _, err := os.Stat(first); err != nil {
		t.Errorf("the first build's directory, which serves the other pages, is gone: %v", err)
	}
	if l := cur.elsewhere["docs/p00002/index.html"]; l == nil || l.dir != first {
		t.Errorf("docs/p00002/index.html is not served from the first build's directory")
	}
}
