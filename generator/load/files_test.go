package load

import (
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"
)

// TestFilesFS holds Files to the standard library's own checker of fs.FS
// implementations: opening, reading, listing, globbing and Sub agree.
func TestFilesFS(t *testing.T) {
	tests := []struct {
		name  string
		files Files
		want  []string
	}{
		{"empty", Files{}, nil},
		{"one at the root", Files{"pairag-task-publish-v18.json": []byte(`{"version":"18"}`)}, []string{"pairag-task-publish-v18.json"}},
		{"nested", Files{
			"content/en/docs/changelog/v19.md":    []byte("# v19\n"),
			"content/zh-CN/docs/changelog/v19.md": []byte("# v19 中文\n"),
			"content/en/empty.md":                 nil,
		}, []string{"content/en/docs/changelog/v19.md", "content/zh-CN/docs/changelog/v19.md", "content/en/empty.md", "content/en/docs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := fstest.TestFS(tt.files, tt.want...); err != nil {
				t.Errorf("fstest.TestFS(%v) = %v; want nil", tt.name, err)
			}
		})
	}
}

// TestFilesErrors checks the answers for names Files does not hold.
func TestFilesErrors(t *testing.T) {
	f := Files{"a/b.md": []byte("x")}
	tests := []struct {
		name string
		op   func() error
		want error
	}{
		{"open missing", func() error { _, err := f.Open("a/c.md"); return err }, fs.ErrNotExist},
		{"open missing dir", func() error { _, err := f.Open("b"); return err }, fs.ErrNotExist},
		{"open invalid", func() error { _, err := f.Open("/a/b.md"); return err }, fs.ErrInvalid},
		{"readfile dir", func() error { _, err := f.ReadFile("a"); return err }, fs.ErrNotExist},
		{"readdir file", func() error { _, err := f.ReadDir("a/b.md"); return err }, fs.ErrInvalid},
		{"readdir missing", func() error { _, err := f.ReadDir("c"); return err }, fs.ErrNotExist},
	}
	for _, tt := range tests {
		if err := tt.op(); !errors.Is(err, tt.want) {
			t.Errorf("%s: err = %v; want %v", tt.name, err, tt.want)
		}
	}
}

// TestFilesReadFileCopies checks that changing what ReadFile returned
// leaves the file as it was, and that a file's time is zero Unix.
func TestFilesReadFileCopies(t *testing.T) {
	f := Files{"a.md": []byte("abc")}
	got, _ := f.ReadFile("a.md")
	got[0] = 'X'
	if again, _ := f.ReadFile("a.md"); string(again) != "abc" {
		t.Errorf("ReadFile after a change to its result = %q; want %q", again, "abc")
	}
	info, err := fs.Stat(f, "a.md")
	if err != nil || !info.ModTime().Equal(epoch) || info.Size() != 3 {
		t.Errorf("Stat(a.md) = %v, %v; want size 3, time %v", info, err, epoch)
	}
}
