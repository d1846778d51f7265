package load

import (
	"io/fs"
	"slices"
	"testing"
	"testing/fstest"
)

// TestOverlay: generated files are read, listed and described as if they
// were on disk, and hide a file of the same name.
func TestOverlay(t *testing.T) {
	o := Overlay{
		FS:    fstest.MapFS{"content/en/docs/a.md": {Data: []byte("disk a")}, "content/en/c.md": {Data: []byte("disk c")}},
		Extra: Files{"content/en/docs/b.md": []byte("gen b"), "content/en/c.md": []byte("gen c"), "content/zh-CN/docs/b.md": []byte("gen zh")},
	}
	for _, tt := range []struct{ name, want string }{
		{"content/en/docs/a.md", "disk a"},
		{"content/en/docs/b.md", "gen b"},
		{"content/en/c.md", "gen c"},
		{"content/zh-CN/docs/b.md", "gen zh"},
	} {
		got, err := fs.ReadFile(o, tt.name)
		if err != nil || string(got) != tt.want {
			t.Errorf("ReadFile(%q) = %q, %v; want %q", tt.name, got, err, tt.want)
		}
		if info, err := fs.Stat(o, tt.name); err != nil || info.Size() != int64(len(tt.want)) {
			t.Errorf("Stat(%q) = %v, %v; want size %d", tt.name, info, err, len(tt.want))
		}
	}
	for _, tt := range []struct {
		dir  string
		want []string
	}{
		{"content/en/docs", []string{"a.md", "b.md"}},
		{"content/zh-CN/docs", []string{"b.md"}}, // only generated files: the directory exists
	} {
		entries, err := fs.ReadDir(o, tt.dir)
		var got []string
		for _, e := range entries {
			got = append(got, e.Name())
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ReadDir(%q) = %v, %v; want %v", tt.dir, got, err, tt.want)
		}
	}
	if _, err := fs.ReadFile(o, "content/en/docs/none.md"); err == nil {
		t.Error("ReadFile of a missing file: no error")
	}
}
