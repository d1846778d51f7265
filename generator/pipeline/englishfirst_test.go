package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pairag.com/portal/templates"
)

// TestEnglishFirst publishes a page in English before its translation: the
// build succeeds with a warning naming the file to add; the Chinese URL
// says, in Chinese, that the translation is on its way and links the
// original; neither page claims an hreflang pair; the sitemap, llms.txt,
// the Markdown versions and search list only real pages; a Chinese link to
// a section of the original resolves. (gen build refused the site, and the
// English page's language link went to the Chinese home, a 404 in the
// preview.)
func TestEnglishFirst(t *testing.T) {
	fsys := withFiles(fixture(t), map[string]string{
		"content/en/docs/payouts.md": "---\ntitle: Payouts\ndescription: How payouts work.\norder: 30\n---\n\nIntro.\n\n## Timing\n\nPaid weekly.\n",
	})
	zhIndex := string(fsys["content/zh-CN/_index.md"].Data)
	fsys = withFiles(fsys, map[string]string{"content/zh-CN/_index.md": zhIndex + "\n[发放时间](/docs/payouts/#timing)\n"})
	dir, res, err := render(t, fsys)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	var warned bool
	for _, w := range res.Warnings {
		if w.File == "content/en/docs/payouts.md" && strings.Contains(w.Msg, "until you add content/zh-CN/docs/payouts.md") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning names the missing translation; warnings:\n%v", res.Warnings)
	}
	zhPage := readFile(t, dir, "zh-CN/docs/payouts/index.html")
	enPage := readFile(t, dir, "docs/payouts/index.html")
	zhMsg := templates.For("zh-CN")
	for _, want := range []string{zhMsg.PendingNotice, `<a href="/docs/payouts/" hreflang="en">` + zhMsg.PendingLink, `<meta name="robots" content="noindex">`} {
		if !strings.Contains(zhPage, want) {
			t.Errorf("the Chinese stand-in lacks %q", want)
		}
	}
	for name, html := range map[string]string{"zh-CN/docs/payouts/": zhPage, "docs/payouts/": enPage} {
		if strings.Contains(html, `rel="alternate" hreflang=`) {
			t.Errorf("%s claims an hreflang pair before the translation exists", name)
		}
	}
	if !strings.Contains(enPage, `href="/zh-CN/docs/payouts/" hreflang="zh-CN"`) {
		t.Errorf("the English page's language switch does not lead to the Chinese URL")
	}
	if !strings.Contains(readFile(t, dir, "zh-CN/index.html"), `href="/zh-CN/docs/payouts/#timing"`) {
		t.Errorf("the Chinese link to the untranslated page does not lead to its Chinese URL")
	}
	sitemap := readFile(t, dir, "sitemap.xml")
	if !strings.Contains(sitemap, "https://example.test/docs/payouts/") || strings.Contains(sitemap, "/zh-CN/docs/payouts/") {
		t.Errorf("sitemap lists the stand-in or lacks the original")
	}
	if strings.Contains(readFile(t, dir, "zh-CN/llms.txt"), "payouts") || !strings.Contains(readFile(t, dir, "llms.txt"), "payouts") {
		t.Errorf("llms.txt: the stand-in is listed or the original is not")
	}
	if _, err := os.Stat(filepath.Join(dir, "zh-CN", "docs", "payouts.md")); err == nil {
		t.Errorf("the stand-in has a Markdown version")
	}
	if strings.Contains(zhNavOf(t, dir), "/zh-CN/docs/payouts/") {
		t.Errorf("the stand-in is in the Chinese navigation")
	}
}

// zhNavOf returns the navigation of the Chinese home page.
func zhNavOf(t *testing.T, dir string) string {
	t.Helper()
	html := readFile(t, dir, "zh-CN/index.html")
	start := strings.Index(html, "<nav")
	end := strings.Index(html[start:], "</nav>")
	if start < 0 || end < 0 {
		t.Fatal("no navigation on the Chinese home page")
	}
	return html[start : start+end]
}
