package preview

import (
	"io/fs"
	"maps"
	"slices"
	"testing"
	"time"
)

// TestForget: a change reported at a page, at a directory above it
// (removed, renamed, or content/ after lost events) makes the page be
// read again, and the listing of every directory it touches; nothing else.
func TestForget(t *testing.T) {
	pages := []string{"content/en/docs/a.md", "content/en/docs/b.md", "content/zh-CN/docs/a.md", "content/en/index.md"}
	dirs := []string{"content", "content/en", "content/en/docs", "content/zh-CN", "content/zh-CN/docs"}
	for _, tc := range []struct {
		changed         []string
		pages, listings []string // what stays kept
	}{
		{[]string{"content/en/docs/a.md"}, []string{"content/en/docs/b.md", "content/zh-CN/docs/a.md", "content/en/index.md"},
			[]string{"content", "content/en", "content/zh-CN", "content/zh-CN/docs"}},
		{[]string{"content/en/docs"}, []string{"content/zh-CN/docs/a.md", "content/en/index.md"},
			[]string{"content", "content/zh-CN", "content/zh-CN/docs"}},
		{[]string{"content"}, nil, nil},
		{[]string{"content/en/docs/new.md"}, pages, []string{"content", "content/en", "content/zh-CN", "content/zh-CN/docs"}},
		{[]string{"netlify.toml", validatorChange}, pages, dirs},
		{nil, pages, dirs},
	} {
		s := &saves{whole: map[string][]byte{}, since: map[string]time.Time{}, fresh: map[string]bool{}, dirs: map[string][]fs.DirEntry{}}
		for _, p := range pages {
			s.whole[p], s.fresh[p] = []byte("---\ntitle: x\n---\n"), true
		}
		for _, d := range dirs {
			s.dirs[d] = nil
		}
		s.forget(tc.changed)
		if got := slices.Sorted(maps.Keys(s.fresh)); !slices.Equal(got, slices.Sorted(slices.Values(tc.pages))) {
			t.Errorf("forget(%q): fresh pages %q; want %q", tc.changed, got, slices.Sorted(slices.Values(tc.pages)))
		}
		if got := slices.Sorted(maps.Keys(s.dirs)); !slices.Equal(got, slices.Sorted(slices.Values(tc.listings))) {
			t.Errorf("forget(%q): kept listings %q; want %q", tc.changed, got, slices.Sorted(slices.Values(tc.listings)))
		}
	}
}
