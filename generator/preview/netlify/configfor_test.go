package netlify

import (
	"os"
	"path/filepath"
	"testing"
)

// TestConfigFor: a checkout's public/ gets the checkout's netlify.toml; a
// site built elsewhere, or next to a directory named netlify.toml, gets
// the fallback.
func TestConfigFor(t *testing.T) {
	root := t.TempDir()
	checkout := filepath.Join(root, "checkout")
	other := filepath.Join(root, "other")
	odd := filepath.Join(root, "odd")
	for _, d := range []string{filepath.Join(checkout, "public"), filepath.Join(other, "site"), filepath.Join(odd, "public"), filepath.Join(odd, "netlify.toml")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(checkout, "netlify.toml"), []byte("[build]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, want string }{
		{filepath.Join(checkout, "public"), filepath.Join(checkout, "netlify.toml")},
		{filepath.Join(other, "site"), "fallback.toml"},
		{filepath.Join(odd, "public"), "fallback.toml"},
	} {
		if got := ConfigFor(c.dir, "fallback.toml"); got != c.want {
			t.Errorf("ConfigFor(%s) = %s; want %s", c.dir, got, c.want)
		}
	}
}
