package pipeline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pairag.com/portal/generator/nav"
	"pairag.com/portal/generator/synth"
)

// TestLongNavigationInPages: in a built site of 300 pages in the
// navigation, every page's sidebar and menu hold a bounded number of
// links, its own marked current, and previous/next still walk every page.
func TestLongNavigationInPages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 300 pages")
	}
	fix := fixture(t)
	fsys := withFiles(fix, nil)
	for name := range fsys {
		if strings.HasPrefix(name, "content/") && strings.HasSuffix(name, ".md") && !strings.Contains(name, "skills/") {
			delete(fsys, name)
		}
	}
	fsys = withFiles(fsys, synth.WithAnchors(synth.NavPages(300), codeAnchors()))
	dir := mustRender(t, fsys)
	side := regexp.MustCompile(`(?s)<nav aria-label="[^"]*" id="side-nav">(.*?)</nav>`)
	for _, page := range []string{"docs/p00001", "docs/p00077", "docs/p00147", "zh-CN/docs/p00100"} {
		html, err := os.ReadFile(filepath.Join(dir, page, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		m := side.FindSubmatch(html)
		if m == nil {
			t.Fatalf("%s: no side-nav", page)
		}
		links := strings.Count(string(m[1]), "<a ")
		if links > nav.Marks+2*nav.Near+4 {
			t.Errorf("%s: %d links in the sidebar; want at most %d", page, links, nav.Marks+2*nav.Near+4)
		}
		if !strings.Contains(string(m[1]), `href="/`+strings.TrimPrefix(page, "/")+`/" aria-current="page"`) {
			t.Errorf("%s: its own entry is not in its sidebar, marked current:\n%s", page, m[1])
		}
		if !strings.Contains(string(html), `rel="next"`) {
			t.Errorf("%s: no next link", page)
		}
	}
}
