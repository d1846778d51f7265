package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// axeScript returns axe-core's script, pinned in generator/e2e/axe (a
// test-only package scripts/test installs; AXE_JS may name another copy).
// Under CI a missing axe fails the test, elsewhere it skips, saying how to
// install it.
func axeScript(t *testing.T) []byte {
	t.Helper()
	path := os.Getenv("AXE_JS")
	if path == "" {
		path = "axe/node_modules/axe-core/axe.min.js"
	}
	axe, err := os.ReadFile(path)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("axe-core is required: npm ci --prefix generator/e2e/axe (scripts/test does it): %v", err)
		}
		t.Skipf("axe-core is not installed (npm ci --prefix generator/e2e/axe): %v", err)
	}
	return axe
}

// TestAxe runs axe-core on every page in both languages at 1440 and
// 390 px, light and dark, the error page and the search results open
// included, and fails on any violation.
func TestAxe(t *testing.T) {
	axe := axeScript(t)
	srv := siteServer(t)
	tab := browser(t)
	pages := append(englishPages(t), "/404.html", "search")
	total := 0
	for _, w := range []int64{1440, 390} {
		for _, scheme := range []string{"light", "dark"} {
			v := view{fmt.Sprint(w), w, 900, w < 640, scheme}
			for _, p := range pages {
				for _, prefix := range []string{"", "/zh-CN"} {
					label := prefix + p
					if p == "search" {
						label = prefix + "/ (search results open)"
						run(t, tab, v.apply(), chromedp.Navigate(srv.URL+prefix+"/"), chromedp.WaitVisible(chromedp.CSS("#search-input")),
							chromedp.Click(chromedp.CSS("#search-input")), chromedp.SendKeys(chromedp.CSS("#search-input"), map[string]string{"": "tier limits", "/zh-CN": "法币"}[prefix]))
						waitJS(t, tab, `document.querySelectorAll("#search-results [role=option]").length > 0`)
					} else {
						run(t, tab, v.apply(), chromedp.Navigate(srv.URL+prefix+p), chromedp.WaitVisible(chromedp.CSS("main")))
					}
					eval[bool](t, tab, string(axe)+";true")
					found := eval[[]string](t, tab, `axe.run(document, {resultTypes: ["violations"]}).then((r) =>
						r.violations.map((v) => v.impact + " " + v.id + ": " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")))`)
					total += len(found)
					if len(found) > 0 {
						t.Errorf("%s at %d px, %s:\n  %s", label, w, scheme, strings.Join(found, "\n  "))
					}
				}
			}
		}
	}
	t.Logf("axe-core: %d violation(s) on %d page views", total, 2*2*len(pages)*2)
}

// englishPages lists the URL of every English page of the built site
// (each has its Chinese twin under /zh-CN/).
func englishPages(t *testing.T) []string {
	t.Helper()
	root := builtSite(t)
	var pages []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir() && rel == "zh-CN":
			return filepath.SkipDir
		case d.Name() == "index.html":
			pages = append(pages, "/"+strings.TrimSuffix(rel, "index.html"))
		}
		return nil
	})
	if err != nil || len(pages) < 5 {
		t.Fatalf("pages of the built site: %v, %d found", err, len(pages))
	}
	return pages
}
