package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"pairag.com/portal/generator/load"
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

// TestTwentyMegabytePage: a 20 MB page is refused with the 4 MiB limit
// message within 10 s, allocating less than 1 GB over the whole build (it
// took 5 minutes and 2.9 GB before the limit).
func TestTwentyMegabytePage(t *testing.T) {
	huge := "---\ntitle: Huge\ndescription: D\n---\n\n" + strings.Repeat("Words and `more` [words](/docs/create-task/).\n\n", 20_000_000/48)
	fsys := withFiles(fixture(t), map[string]string{"content/en/docs/huge.md": huge})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, _, err := render(t, fsys)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if !errors.As(err, new(ErrorList)) || !strings.Contains(err.Error(), "content/en/docs/huge.md:1: the file is 18.7 MiB, over the limit of 4 MiB for one Markdown file") {
		t.Errorf("Render = %v; want the 4 MiB limit at content/en/docs/huge.md:1", err)
	}
	if took > 10*time.Second {
		t.Errorf("took %v; want at most 10 s", took)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<30 {
		t.Errorf("allocated %d MB; want at most 1 GB", alloc>>20)
	}
}

// TestMarkdownLimits: a page nested or tabled past markdown's limits is
// one error at the line where the limit is reached, naming it, within a
// deadline far above what it takes (a second at most on an idle machine);
// the page and every other page still render. (50,000 nested list items
// took 52 s to build, a 100,000-row table 10 s and 652 MB; 50,000 nested
// block quotes 7 s here, with no error.)
func TestMarkdownLimits(t *testing.T) {
	const head = "---\ntitle: Deep\ndescription: D\n---\n\nIntro.\n\n" // the body starts at line 8
	indented := ""
	for i := range markdown.MaxNesting + 3 {
		indented += strings.Repeat("  ", i) + "- item\n"
	}
	tests := []struct {
		name, body string
		line       int
		want       string
	}{
		{"50,000 nested list items on a line", strings.Repeat("- ", 50_000) + "x\n", 8, "nest more than 16 deep"},
		{"50,000 nested block quotes", strings.Repeat(">", 50_000) + " x\n", 8, "nest more than 16 deep"},
		{"lists nested by indentation", indented, 8 + markdown.MaxNesting, "nest more than 16 deep"},
		{"quotes and lists mixed", strings.Repeat("> - ", 9) + "x\n", 8, "nest more than 16 deep"},
		{"a 100,000-row table", "| a | b |\n| - | - |\n" + strings.Repeat("| x | y |\n", 100_000), 8, "the table has 200002 cells (100001 rows of 2 columns), over the limit of 20000"},
		{"a table 20,001 columns wide", strings.Repeat("| a ", 20_001) + "|\n" + strings.Repeat("| - ", 20_001) + "|\n", 8, "over the limit of 20000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := withFiles(fixture(t), map[string]string{"content/en/docs/deep.md": head + tt.body})
			start := time.Now()
			dir, _, err := render(t, fsys)
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %v", d)
			}
			var list ErrorList
			if !errors.As(err, &list) || len(list) != 1 {
				t.Fatalf("Render = %v; want one error", err)
			}
			if want := fmt.Sprintf("content/en/docs/deep.md:%d: ", tt.line); !strings.HasPrefix(list[0].Error(), want) || !strings.Contains(list[0].Error(), tt.want) {
				t.Errorf("error = %q; want %q...%q", list[0].Error(), want, tt.want)
			}
			for _, page := range []string{"docs/deep", "docs/create-task"} {
				if _, err := os.Stat(filepath.Join(dir, page, "index.html")); err != nil {
					t.Errorf("%s was not rendered: %v", page, err)
				}
			}
		})
	}
}

// TestMarkdownWithinLimits: nesting and tables just within the limits,
// and long pages of what is not nesting or a table, are no error.
func TestMarkdownWithinLimits(t *testing.T) {
	const head = "---\ntitle: Deep\ndescription: D\n---\n\n"
	tests := map[string]string{
		"16 nested lists":   strings.Repeat("- ", markdown.MaxNesting) + "x\n",
		"16 nested quotes":  strings.Repeat(">", markdown.MaxNesting) + " x\n",
		"20,000 cells":      "| a | b |\n| - | - |\n" + strings.Repeat("| x | y |\n", markdown.MaxTableCells/2-1),
		"a long paragraph":  strings.Repeat("| not a table |\n", 30_000),
		"a long list":       strings.Repeat("- item\n", 30_000),
		"setext underlines": "Title\n" + strings.Repeat("-", 30_000) + "\n",
	}
	for name, body := range tests {
		t.Run(name, func(t *testing.T) {
			mustRender(t, withFiles(fixture(t), map[string]string{"content/en/docs/deep.md": head + body}))
		})
	}
}

// TestPagesOverTheLimit: a language's pages past load.MaxPages are one error at
// the first of them, and the first load.MaxPages are still listed.
func TestPagesOverTheLimit(t *testing.T) {
	fsys := fstest.MapFS{"content/zh-CN/_index.md": {Data: []byte("x")}}
	for i := range load.MaxPages + 3 {
		fsys[fmt.Sprintf("content/en/docs/p%06d.md", i)] = &fstest.MapFile{Data: []byte("x")}
	}
	rep := &report{}
	files := load.List(fsys, rep)
	if len(files) != load.MaxPages+1 {
		t.Errorf("listPages = %d files; want %d", len(files), load.MaxPages+1)
	}
	want := fmt.Sprintf("content/en/docs/p%06d.md: content/en has more than 50000 pages, over the limit", load.MaxPages)
	if len(rep.Errors) != 1 || !strings.HasPrefix(rep.Errors[0].Error(), want) {
		t.Errorf("errors = %v; want one, %q...", rep.Errors, want)
	}
}
