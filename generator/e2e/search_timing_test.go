package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"pairag.com/portal/generator"
)

// TestSearchTiming measures, on the phone profile (CPU slowed 4×, as
// Lighthouse's mobile profile and cmd/benchpage do), how long the
// script takes to prepare each language's index and to answer the first
// query, from the focus that starts the download to the first answer, and
// the brotli size of what the first query transfers beyond the page. The
// figures are logged (go test -v); the test fails only past generous
// bounds, as the machines it runs on are shared.
func TestSearchTiming(t *testing.T) {
	srv := siteServer(t)
	dir := builtSite(t)
	tab := browser(t)
	var manifest map[string]string
	if err := json.Unmarshal([]byte(readSiteFile(t, dir, generator.SearchManifest)), &manifest); err != nil {
		t.Fatal(err)
	}
	throttle := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4})
		return chromedp.Void{}, err
	}
	run(t, tab, throttle)
	for _, lang := range []string{"en", "zh-CN"} {
		home := map[string]string{"en": "/", "zh-CN": "/zh-CN/"}[lang]
		var prep, first, total, fetched []float64
		for range 5 {
			run(t, tab, chromedp.Navigate(srv.URL+home), chromedp.WaitVisible(chromedp.CSS(".search")), chromedp.KeyEvent("/"))
			waitJS(t, tab, `!!window.pairagSearchStats`)
			st := eval[map[string]float64](t, tab, `window.pairagSearchStats`)
			prep, first, total = append(prep, st["prepareMs"]), append(first, st["firstQueryMs"]), append(total, st["loadMs"]+st["firstQueryMs"])
			fetched = append(fetched, st["fetchMs"])
		}
		size := brotliSize(t, filepath.Join(dir, filepath.FromSlash(manifest[lang])))
		script := eval[string](t, tab, `new URL(document.querySelector("script[src*='/assets/site.']").src).pathname`)
		scriptSize := brotliSize(t, filepath.Join(dir, filepath.FromSlash(script)))
		t.Logf("%s, phone profile (4× CPU), median of 5: index arrived %.1f ms, prepare %.1f ms, first query %.1f ms, focus to first result %.1f ms; index %d B brotli, with the site script (%d B) %d B",
			lang, median(fetched), median(prep), median(first), median(total), size, scriptSize, size+scriptSize)
		if median(total) > 2000 {
			t.Errorf("%s: focus to first result takes %.0f ms on the phone profile", lang, median(total))
		}
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// brotliSize is the size of a file compressed as Netlify serves it (-q 11).
func brotliSize(t *testing.T, file string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, 11)
	w.Write(data)
	w.Close()
	return buf.Len()
}
