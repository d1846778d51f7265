package pipeline

import (
	"strings"
	"testing"
)

// TestErrorPageIndexable holds the error page to what Lighthouse's SEO
// audit asks of every page: it carries no robots tag (Netlify serves it
// with status 404, which no engine indexes), and the sitemap leaves it out. Both languages had a noindex tag, which
// scored the error pages 66 in SEO.
func TestErrorPageIndexable(t *testing.T) {
	dir, _, err := render(t, fixture(t))
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	for _, name := range []string{"404.html", "zh-CN/404.html"} {
		if html := readFile(t, dir, name); strings.Contains(html, `name="robots"`) {
			t.Errorf("%s carries a robots tag; the 404 status already keeps it out of search engines", name)
		}
	}
	if sitemap := readFile(t, dir, "sitemap.xml"); strings.Contains(sitemap, "404") {
		t.Errorf("the sitemap lists the error page:\n%s", sitemap)
	}
}
