package e2e

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestCompareWithPagefind measures our search and Pagefind side by side on
// the question set: answers in the first five, the compressed transfer of
// the first query, and the time per query in Chromium. It runs only when
// PAGEFIND_SITE names a built site indexed by Pagefind (never in CI; see
// BENCHMARKS.md for the commands):
//
//	gen build --out /tmp/site && npx pagefind@1 --site /tmp/site
//	PAGEFIND_SITE=/tmp/site go test ./generator/e2e -run CompareWithPagefind -v
func TestCompareWithPagefind(t *testing.T) {
	dir := os.Getenv("PAGEFIND_SITE")
	if dir == "" {
		t.Skip("PAGEFIND_SITE not set")
	}
	var mu sync.Mutex
	var served []string
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		served = append(served, r.URL.Path)
		mu.Unlock()
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	tab := browser(t)
	qs := loadQuestionSet(t)
	for _, engine := range []string{"ours", "pagefind"} {
		var hits, pageHits, n int
		var transfer int
		var ms float64
		for _, lang := range []string{"en", "zh-CN"} {
			home := map[string]string{"en": "/", "zh-CN": "/zh-CN/"}[lang]
			// from the navigation on: our script fetches the index at the
			// page's first idle moment, before the first query
			mu.Lock()
			served = nil
			mu.Unlock()
			run(t, tab, chromedp.Navigate(srv.URL+home), chromedp.WaitVisible(chromedp.CSS("main")))
			var list []question
			for _, q := range qs {
				if q.lang == lang {
					list = append(list, q)
				}
			}
			first := list[0].query
			js := map[string]string{"ours": ourSearchJS, "pagefind": pagefindJS}[engine]
			eval[[]string](t, tab, fmt.Sprintf(js, jsonString(first), "[]")+`.then(() => [])`)
			mu.Lock()
			files := searchFiles(engine, served)
			if engine == "ours" { // the site script, which holds the search code, may come from the browser's cache
				if script := eval[string](t, tab, `new URL(document.querySelector("script[src*='/assets/site.']").src).pathname`); !slices.Contains(files, script) {
					files = append(files, script)
				}
			}
			size := gzipSize(t, dir, files)
			t.Logf("%s %s: first query %q transfers %d B gzip", engine, lang, first, size)
			transfer = max(transfer, size)
			mu.Unlock()
			res := eval[struct {
				URLs [][]string `json:"urls"`
				MS   float64    `json:"ms"`
			}](t, tab, fmt.Sprintf(js, jsonString(first), jsonStrings(queries(list))))
			ms += res.MS * float64(len(list))
			for i, q := range list {
				n++
				if slices.ContainsFunc(res.URLs[i], func(u string) bool { return slices.Contains(q.want, u) }) {
					hits++
				}
				if slices.ContainsFunc(res.URLs[i], func(u string) bool {
					return slices.ContainsFunc(q.want, func(w string) bool { return pageOf(w) == pageOf(u) })
				}) {
					pageHits++
				} else {
					t.Logf("%s %s %q: %q", engine, lang, q.query, res.URLs[i])
				}
			}
		}
		t.Logf("%s: %d/%d sections in the top 5, %d/%d pages; first query at most %d B gzip; %.2f ms per query",
			engine, hits, n, pageHits, n, transfer, ms/float64(n))
	}
}

// searchFiles keeps, of the files a page and its first query fetched,
// those of the search: for ours the site script (it holds the search code),
// the manifest and the index; for Pagefind its own files.
func searchFiles(engine string, served []string) []string {
	var out []string
	for _, f := range served {
		ours := strings.HasPrefix(f, "/assets/site.") && strings.HasSuffix(f, ".js") || strings.HasPrefix(f, "/search/") || strings.HasPrefix(f, "/assets/search-")
		if engine == "ours" && ours || engine == "pagefind" && strings.HasPrefix(f, "/pagefind/") {
			out = append(out, f)
		}
	}
	return out
}

// ourSearchJS loads the index with the first query (its first file and the
// shards the query looks up), then times the set, each query with the
// shards it fetches.
const ourSearchJS = `(async () => {
  if (typeof window.pairagSearch !== "function") document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "/", bubbles: true}));
  while (typeof window.pairagSearch !== "function") await new Promise((r) => setTimeout(r, 10));
  await window.pairagSearch(%s, 5);
  const qs = %s, urls = [];
  const t0 = performance.now();
  for (const q of qs) urls.push(await window.pairagSearch(q, 5)); // with the shards each fetches
  return {urls, ms: (performance.now() - t0) / qs.length};
})()`

// pagefindJS uses Pagefind's own API (no UI): the top results' best
// sections (sub-results) in order, five URLs in all.
const pagefindJS = `(async () => {
  const pf = window.pf || (window.pf = await import("/pagefind/pagefind.js"));
  await pf.init();
  const top5 = async (q) => {
    const r = await pf.search(q);
    const data = await Promise.all(r.results.slice(0, 5).map((x) => x.data()));
    const out = [];
    for (const d of data) for (const s of (d.sub_results || []).slice(0, 2)) out.push(s.url);
    return out.slice(0, 5).map((u) => u.replace(/#$/, ""));
  };
  await top5(%s);
  const qs = %s, urls = [];
  const t0 = performance.now();
  for (const q of qs) urls.push(await top5(q));
  return {urls, ms: (performance.now() - t0) / qs.length};
})()`

type question struct {
	lang, query string
	want        []string
}

func loadQuestionSet(t *testing.T) []question {
	t.Helper()
	data, err := os.ReadFile("../../generator/testdata/search-questions-v2.txt") // the set written for issue 23
	if err != nil {
		t.Fatal(err)
	}
	var qs []question
	for _, line := range strings.Split(string(data), "\n") {
		parts := strings.Split(line, "|")
		if strings.HasPrefix(line, "#") || len(parts) != 3 {
			continue
		}
		qs = append(qs, question{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), strings.Fields(parts[2])})
	}
	return qs
}

func queries(qs []question) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = q.query
	}
	return out
}

func pageOf(u string) string { return strings.SplitN(u, "#", 2)[0] }

func jsonString(s string) string {
	return jsonStrings([]string{s})[1 : len(jsonStrings([]string{s}))-1]
}

func jsonStrings(ss []string) string {
	var b strings.Builder
	b.WriteString("[")
	for i, s := range ss {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%q", s)
	}
	b.WriteString("]")
	return b.String()
}

// gzipSize is the gzip -9 size of the served files other than pages and
// the stylesheet: what the first query costs beyond the page itself.
func gzipSize(t *testing.T, dir string, paths []string) int {
	total := 0
	for _, p := range paths {
		if strings.HasSuffix(p, "/") || strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".css") || strings.HasSuffix(p, ".svg") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			continue
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		t.Logf("  %s %d B raw, %d B gzip", p, len(data), buf.Len())
		total += buf.Len()
	}
	return total
}
