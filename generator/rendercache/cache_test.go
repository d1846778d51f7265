package rendercache

import (
	"slices"
	"testing"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/site"
)

// page is a page file with its source bytes.
func page(file, src string) *site.Page {
	p := &site.Page{}
	p.File, p.Src = file, []byte(src)
	return p
}

// TestLifecycle follows one cache through builds: an entry is found
// while its key holds, a changed key or a changed global digest misses,
// and End drops the pairs the build did not look up.
func TestLifecycle(t *testing.T) {
	var c Cache[int] // the zero value is ready
	c.Begin("g1")
	if e := c.Lookup("a", "k"); e != nil {
		t.Fatalf("Lookup in an empty cache = %v; want nil", e)
	}
	c.Store("a", &Entry[int]{Key: "k", Files: []string{"a/index.html"}, Results: []int{1}}, "dir1")
	c.Store("b", &Entry[int]{Key: "k"}, "dir1")
	c.Lookup("b", "k")
	c.End()

	c.Begin("g1")
	if e := c.Lookup("a", "k"); e == nil || !slices.Equal(e.Results, []int{1}) || !slices.Equal(c.Sources(e), []string{"dir1"}) {
		t.Errorf("Lookup(a, k) after an unchanged build = %+v; want the stored entry in dir1", e)
	}
	if e := c.Lookup("a", "other"); e != nil {
		t.Errorf("Lookup(a, other) = %+v; want nil: the sources changed", e)
	}
	c.End() // b was not looked up: gone
	c.Begin("g1")
	if e := c.Lookup("b", "k"); e != nil {
		t.Errorf("Lookup(b) after a build without b = %+v; want nil", e)
	}
	if e := c.Lookup("a", "k"); e == nil {
		t.Errorf("Lookup(a) after a build with a = nil; want its entry")
	}
	c.Begin("g2")
	if e := c.Lookup("a", "k"); e != nil {
		t.Errorf("Lookup(a) after the global digest changed = %+v; want nil", e)
	}
}

// TestHolds keeps the newest keepDirs directories, newest first, each once.
func TestHolds(t *testing.T) {
	for _, tc := range []struct {
		name string
		adds []string
		want []string
	}{
		{"one", nil, []string{"d0"}},
		{"newest first", []string{"d1"}, []string{"d1", "d0"}},
		{"oldest forgotten", []string{"d1", "d2", "d3"}, []string{"d3", "d2", "d1"}},
		{"again moves to front", []string{"d1", "d2", "d0"}, []string{"d0", "d2", "d1"}},
		{"same twice", []string{"d1", "d1"}, []string{"d1", "d0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Cache[int]
			c.Begin("g")
			e := &Entry[int]{}
			c.Store("a", e, "d0")
			for _, d := range tc.adds {
				c.Holds(e, d)
			}
			if got := c.Sources(e); !slices.Equal(got, tc.want) {
				t.Errorf("Sources = %q; want %q", got, tc.want)
			}
		})
	}
}

// TestLastGoodFront returns a broken page's last good front matter, and
// nothing for a page never seen good.
func TestLastGoodFront(t *testing.T) {
	var c Cache[int]
	good := page("content/en/a.md", "")
	good.FM = markdown.FrontMatter{Title: "A"}
	if _, ok := c.LastGoodFront(good); ok {
		t.Errorf("LastGoodFront(good page) ok = true; want false: nothing to fall back to")
	}
	broken := page("content/en/a.md", "")
	broken.Broken = true
	if fm, ok := c.LastGoodFront(broken); !ok || fm.Title != "A" {
		t.Errorf("LastGoodFront(broken page) = %q, %v; want %q, true", fm.Title, ok, "A")
	}
	other := page("content/en/b.md", "")
	other.Broken = true
	if _, ok := c.LastGoodFront(other); ok {
		t.Errorf("LastGoodFront(page never good) ok = true; want false")
	}
}

// TestPairKey differs whenever a page's file or bytes differ, including
// bytes moved between the two pages of a pair.
func TestPairKey(t *testing.T) {
	pairs := []site.Pair{
		{EN: page("content/en/a.md", "ab")},
		{EN: page("content/en/a.md", "abc")},
		{EN: page("content/en/b.md", "ab")},
		{EN: page("content/en/a.md", "ab"), ZH: page("content/zh-CN/a.md", "c")},
		{EN: page("content/en/a.md", "a"), ZH: page("content/zh-CN/a.md", "bc")},
		{ZH: page("content/en/a.md", "ab")},
	}
	seen := map[string]int{}
	for i, pr := range pairs {
		k := PairKey(pr)
		if j, ok := seen[k]; ok {
			t.Errorf("PairKey of pairs %d and %d are the same", j, i)
		}
		seen[k] = i
		if PairKey(pr) != k {
			t.Errorf("PairKey of pair %d changes between calls", i)
		}
	}
	if id := PairID(site.Pair{ZH: page("content/zh-CN/a.md", "")}); id != "content/zh-CN/a.md" {
		t.Errorf("PairID(Chinese only) = %q; want its file", id)
	}
	if id := PairID(pairs[3]); id != "content/en/a.md" {
		t.Errorf("PairID(pair) = %q; want the English file", id)
	}
}

// TestNil: a build without a cache highlights with its own and reads
// every page afresh; a cache keeps one of each for its builds.
func TestNil(t *testing.T) {
	var none *Cache[int]
	if none.Highlights() == nil || none.PageMemo() != nil {
		t.Errorf("nil Cache: Highlights() nil or PageMemo() not nil")
	}
	var c Cache[int]
	hl, memo := c.Highlights(), c.PageMemo()
	if memo == nil || c.Highlights() != hl || c.PageMemo() != memo {
		t.Errorf("a Cache hands out no page memo, or different highlight caches or page memos to its builds")
	}
}
