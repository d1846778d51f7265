package highlight

import (
	"path/filepath"
	"testing"
)

// TestHighlightCacheFile keeps highlighted code in a file: a new process
// (a fresh Cache) reading it highlights nothing again, and a file
// written for another format is ignored.
func TestHighlightCacheFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "cache", "highlight.gob")
	first := New()
	want := first.HTML("go", "package main\n\nfunc main() {}\n")
	if err := first.Save(file); err != nil {
		t.Fatal(err)
	}
	second := New()
	second.Load(file)
	if got := second.HTML("go", "package main\n\nfunc main() {}\n"); got != want || second.added.Load() != 0 {
		t.Errorf("after loading the cache file: highlighted again %d time(s), same HTML %v", second.added.Load(), got == want)
	}
	if err := second.Save(file); err != nil {
		t.Fatal(err)
	}

	stale := New()
	defer func(f string) { highlightCacheFormat = f }(highlightCacheFormat)
	highlightCacheFormat = "another chroma"
	stale.Load(file)
	stale.HTML("go", "package main\n\nfunc main() {}\n")
	if stale.added.Load() != 1 {
		t.Errorf("a cache file of another format was used")
	}
}
