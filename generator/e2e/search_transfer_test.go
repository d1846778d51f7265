package e2e

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// firstQueryBudget is what a reader's first query may transfer, brotli
// compressed as Netlify serves it (issue 23): the site script, which
// holds the search code, the manifest, the index's first file and the
// shards the query looks up.
const firstQueryBudget = 30_000

// TestSearchFirstQueryTransfer runs every question of the question sets
// (and the typos and phrasings of the tests) as the first query of a fresh
// page and adds up, brotli compressed, what the page fetched for it: the
// site script, the manifest, the index and the shards (and, for a word
// the index lacks, the list of words a typo may be near). Every first
// query must stay under firstQueryBudget. The entries' texts, fetched
// after the first results show, for their excerpts, are logged apart.
func TestSearchFirstQueryTransfer(t *testing.T) {
	srv := siteServer(t)
	dir := builtSite(t)
	tab := browser(t)
	sizes := map[string]int{}
	size := func(path string) int {
		if _, ok := sizes[path]; !ok {
			sizes[path] = brotliSize(t, filepath.Join(dir, filepath.FromSlash(path)))
		}
		return sizes[path]
	}
	const fetched = `(async () => {
		await window.pairagSearch(%s, 5);
		const paths = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname)
			.filter((p) => p.startsWith("/assets/search-") || p === "/search/manifest.json");
		paths.push(new URL(document.querySelector("script[src*='/assets/site.']").src).pathname);
		return {paths};
	})()`
	for _, lang := range []string{"en", "zh-CN"} {
		home := map[string]string{"en": "/", "zh-CN": "/zh-CN/"}[lang]
		type first struct {
			q     string
			total int
			paths []string
		}
		var firsts []first
		var totals []int
		worst, worstQ := 0, ""
		for _, q := range questions(t) {
			if q[0] != lang {
				continue
			}
			run(t, tab, chromedp.Navigate(srv.URL+home), chromedp.WaitVisible(chromedp.CSS(".search")), chromedp.KeyEvent("/"))
			waitJS(t, tab, `typeof window.pairagSearch === "function"`)
			js, _ := json.Marshal(q[1])
			got := eval[struct{ Paths []string }](t, tab, fmt.Sprintf(fetched, js))
			total, paths := 0, slices.Compact(slices.Sorted(slices.Values(got.Paths)))
			for _, p := range paths {
				total += size(p)
			}
			totals = append(totals, total)
			firsts = append(firsts, first{q[1], total, paths})
			if total > worst {
				worst, worstQ = total, q[1]
			}
			if total > firstQueryBudget {
				t.Errorf("%s %q: the first query transfers %d B brotli (%q); want at most %d", lang, q[1], total, got.Paths, firstQueryBudget)
			}
		}
		slices.Sort(totals)
		// the files of the median query, each with its size
		slices.SortStableFunc(firsts, func(a, b first) int { return a.total - b.total })
		med := firsts[len(firsts)/2]
		var files []string
		for _, p := range med.paths {
			files = append(files, fmt.Sprintf("%s %d B", p, size(p)))
		}
		t.Logf("%s: the median first query, %q, fetches %d B brotli: %s", lang, med.q, med.total, strings.Join(files, ", "))
		text := eval[string](t, tab, `window.pairagSearchText`)
		t.Logf("%s: first query over %d questions: median %d B brotli, largest %d B (%q); the excerpts' texts, fetched after the first results, %d B",
			lang, len(totals), totals[len(totals)/2], worst, worstQ, size(text))
	}
}
