package sitedir

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: files land under the root at their site paths, parents made
// on the way, and every file of the site is recorded once, whether
// written or added.
func TestWrite(t *testing.T) {
	root := t.TempDir()
	d := New(root)
	for _, tt := range []struct{ name, path, want string }{
		{"docs/a/index.html", "/docs/a/index.html", "ab"},
		{"/assets/site.css", "/assets/site.css", "ab"},
		{"/docs/a/../b/index.html", "/docs/b/index.html", "ab"},
	} {
		if err := d.Write(tt.name, []byte("a"), []byte("b")); err != nil {
			t.Fatalf("Write(%q): %v", tt.name, err)
		}
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(tt.path)))
		if err != nil || string(got) != tt.want {
			t.Errorf("after Write(%q): %s holds %q, %v; want %q", tt.name, tt.path, got, err, tt.want)
		}
		if !d.Has(tt.path) {
			t.Errorf("after Write(%q): Has(%q) = false", tt.name, tt.path)
		}
	}
	d.Add("/docs/c/index.html", "/docs/a/index.html")
	if n := d.Len(); n != 4 {
		t.Errorf("Len() = %d; want 4", n)
	}
	if d.Full() || d.FullError() != "" {
		t.Errorf("Full() = %v, FullError() = %q; want nothing full", d.Full(), d.FullError())
	}
}

// TestFullError: files a full disk refused are said once, with their
// count, their size and the first of them.
func TestFullError(t *testing.T) {
	d := New("/out")
	d.full.add("/out/a.html", 1500)
	d.full.add("/out/b.html", 500)
	want := "no space left on device: 2 file(s) of 2.0 KB did not fit, starting with /out/a.html; free at least that much on the file system holding /out and build again"
	if got := d.FullError(); got != want || !d.Full() {
		t.Errorf("FullError() = %q, Full() = %v; want %q, true", got, d.Full(), want)
	}
	for _, tt := range []struct {
		n    int64
		want string
	}{{512, "512 B"}, {12345, "12.3 KB"}, {4e6, "4.0 MB"}} {
		if got := byteSize(tt.n); got != tt.want {
			t.Errorf("byteSize(%d) = %q; want %q", tt.n, got, tt.want)
		}
	}
}
