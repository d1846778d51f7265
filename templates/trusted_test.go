package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTrustedHTMLIsTheOnlyRaw holds the promise of TrustedHTML: no other
// component or Go file of the module inserts unescaped HTML.
func TestTrustedHTMLIsTheOnlyRaw(t *testing.T) {
	raw := regexp.MustCompile(`templ\.(Raw|UnsafeRaw)\b|templ\.FromGoHTML`)
	var found []string
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && d.Name() != ".." || d.Name() == "node_modules" || d.Name() == "public") {
			return filepath.SkipDir
		}
		if d.IsDir() || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".templ")) ||
			strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "trusted.go" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if raw.Match(b) {
			found = append(found, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) > 0 {
		t.Errorf("unescaped HTML inserted outside templates/trusted.go: %v; wrap it with TrustedHTML", found)
	}
}
