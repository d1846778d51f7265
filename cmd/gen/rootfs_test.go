package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRootFS reads files through rootFS and through the root's own file
// system: the same data and the same errors, links included.
func TestRootFS(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "content", "en", "docs"), 0o755))
	must(os.MkdirAll(filepath.Join(dir, "protocol"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "content", "en", "docs", "a.md"), []byte("a"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "protocol", "p.json"), []byte("{}"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "top.txt"), []byte("top"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "content", "en", "docs", "empty.md"), nil, 0o644))
	must(os.WriteFile(filepath.Join(dir, "content", "en", "docs", "big.md"), bytes.Repeat([]byte("0123456789abcdef\n"), 1<<16), 0o644))
	must(os.Mkdir(filepath.Join(dir, "content", "en", "docs", "dir.md"), 0o755))
	must(os.WriteFile(filepath.Join(outside, "secret"), []byte("secret"), 0o644))
	must(os.Symlink("a.md", filepath.Join(dir, "content", "en", "docs", "same-dir.md")))
	must(os.Symlink("../../../protocol/p.json", filepath.Join(dir, "content", "en", "docs", "in-repo.md")))
	must(os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "content", "en", "docs", "out.md")))
	root, err := os.OpenRoot(dir)
	must(err)
	defer root.Close()
	fsys, closeDirs := newRootFS(root)
	defer closeDirs()
	plain := root.FS().(repoFS)
	for _, name := range []string{"top.txt", "content/en/docs/a.md", "protocol/p.json", "content/en/docs/same-dir.md",
		"content/en/docs/in-repo.md", "content/en/docs/out.md", "content/en/docs/missing.md", "missing/x.md",
		"content/en/../en/docs/a.md", "/content/en/docs/a.md", "content/en/docs", "content/en/docs/empty.md", "content/en/docs/big.md",
		"content/en/docs/dir.md", "content/en/docs/a.md/x"} {
		got, gotErr := fsys.(repoFS).ReadFile(name)
		want, wantErr := plain.ReadFile(name)
		if string(got) != string(want) || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Errorf("ReadFile(%q) = %q, %v; the root reads %q, %v", name, got, gotErr, want, wantErr)
		}
	}
	must(os.Symlink("docs", filepath.Join(dir, "content", "en", "linked-docs")))
	for _, name := range []string{".", "content", "content/en", "content/en/docs", "content/en/linked-docs", "content/en/docs/a.md", "missing", "content/../content"} {
		got, gotErr := fsys.(repoFS).ReadDir(name)
		want, wantErr := plain.ReadDir(name)
		if listing(got) != listing(want) || (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Errorf("ReadDir(%q) = %s, %v; the root lists %s, %v", name, listing(got), gotErr, listing(want), wantErr)
		}
	}
	if _, err := fsys.(repoFS).ReadLink("content/en/docs/same-dir.md"); err != nil {
		t.Errorf("ReadLink through rootFS: %v", err)
	}
}

// listing is a directory listing's names and types, in order.
func listing(entries []fs.DirEntry) string {
	var b strings.Builder
	for _, e := range entries {
		fmt.Fprintf(&b, "%s:%v ", e.Name(), e.Type())
	}
	return b.String()
}
