package generator

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pairag.com/portal/generator/markdown"
)

// TestPageOverTheLimit: a Markdown file over markdown.MaxPageBytes is one
// error at its first line naming the limit, and nothing else is lost: its
// twin still pairs, every other page still renders. (A 14 MB page took
// 26 s to build, a 20 MB one 5 minutes and 2.9 GB.)
func TestPageOverTheLimit(t *testing.T) {
	huge := "---\ntitle: Huge\ndescription: D\n---\n\n" + strings.Repeat("Words and more words.\n\n", markdown.MaxPageBytes/20)
	fsys := withFiles(fixture(t), map[string]string{
		"content/en/docs/huge.md":                        huge,
		"content/zh-CN/docs/huge.md":                     "---\ntitle: 大\ndescription: 说明\n---\n\n正文。\n",
		"content/skills/fixture-skill/reference/huge.md": huge,
	})
	dir, _, err := render(t, fsys)
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Render = %v; want an ErrorList", err)
	}
	want := []string{
		"content/en/docs/huge.md:1: the file is",
		"content/skills/fixture-skill/reference/huge.md:1: the file is",
	}
	if len(list) != len(want) {
		t.Errorf("errors:\n%v\nwant %d", list, len(want))
	}
	for i, w := range want {
		if i < len(list) && !strings.HasPrefix(list[i].Error(), w) {
			t.Errorf("error %d = %q; want %q...", i, list[i].Error(), w)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "docs", "create-task", "index.html")); err != nil {
		t.Errorf("the other pages were not rendered: %v", err)
	}
}
