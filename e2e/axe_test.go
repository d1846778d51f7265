package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestAxe runs axe-core on the main pages in both languages at 1440 and
// 390 px, light and dark, and fails on any violation. axe-core is not a
// dependency of the project: the test runs when AXE_JS names axe.min.js
// (npm install axe-core; see BENCHMARKS.md), and skips otherwise.
func TestAxe(t *testing.T) {
	path := os.Getenv("AXE_JS")
	if path == "" {
		t.Skip("AXE_JS not set")
	}
	axe, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	srv := siteServer(t)
	tab := browser(t)
	pages := []string{"/", "/docs/create-task/", "/docs/task-publish-v18/", "/docs/stage-types/", "/validator/", "/skills/", "/skills/pairag-task-publish/", "/glossary/"}
	total := 0
	for _, w := range []int64{1440, 390} {
		for _, scheme := range []string{"light", "dark"} {
			v := view{fmt.Sprint(w), w, 900, w < 640, scheme}
			for _, p := range pages {
				for _, prefix := range []string{"", "/zh-CN"} {
					run(t, tab, v.apply(), chromedp.Navigate(srv.URL+prefix+p), chromedp.WaitVisible(chromedp.CSS("main")))
					eval[bool](t, tab, string(axe)+";true")
					found := eval[[]string](t, tab, `axe.run(document, {resultTypes: ["violations"]}).then((r) =>
						r.violations.map((v) => v.impact + " " + v.id + ": " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")))`)
					total += len(found)
					if len(found) > 0 {
						t.Errorf("%s%s at %d px, %s:\n  %s", prefix, p, w, scheme, strings.Join(found, "\n  "))
					}
				}
			}
		}
	}
	t.Logf("axe-core: %d violation(s) on %d page views", total, 2*2*len(pages)*2)
}
