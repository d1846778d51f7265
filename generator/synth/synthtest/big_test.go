package synthtest

import (
	"strings"
	"testing"
)

// TestBigPage checks the grown page: one front matter, k long pages'
// sections (five each) in both languages, and no link left to a long
// page that the big page's site does not have.
func TestBigPage(t *testing.T) {
	for _, k := range []int{1, 3} {
		for path, text := range BigPage(k) {
			if n := strings.Count(text, "\n---\n"); n != 1 || !strings.HasPrefix(text, "---\ntitle: ") {
				t.Errorf("BigPage(%d)[%s]: %d front-matter ends, starts %q; want one front matter", k, path, n, text[:min(len(text), 20)])
			}
			if n := strings.Count(text, "\n## "); n != 5*k {
				t.Errorf("BigPage(%d)[%s] has %d sections; want %d", k, path, n, 5*k)
			}
			if bigLinks.MatchString(text) {
				t.Errorf("BigPage(%d)[%s] links a long page: %q", k, path, bigLinks.FindString(text))
			}
		}
	}
}
