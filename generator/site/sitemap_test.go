package site

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"pairag.com/portal/generator/langs"
)

var update = flag.Bool("update", false, "rewrite testdata/sitemap.xml")

// pg is a page of kind k at url in lang.
func pg(lang, url string, k Kind) *Page {
	p := &Page{Kind: k}
	p.Lang, p.URL = lang, url
	return p
}

// TestSitemap holds the sitemap of a small site to testdata/sitemap.xml:
// a pair with its alternates, a translation on its way (the original
// alone), a page without its twin and the error page (left out), and a
// URL that needs escaping.
func TestSitemap(t *testing.T) {
	pending := pg(langs.ZH, "/zh-CN/docs/payouts/", KindDoc)
	pending.Pending = true
	pairs := []Pair{
		{EN: pg(langs.EN, "/", KindHome), ZH: pg(langs.ZH, "/zh-CN/", KindHome)},
		{EN: pg(langs.EN, "/docs/payouts/", KindDoc), ZH: pending},
		{EN: pg(langs.EN, "/docs/english-only/", KindDoc)},
		{ZH: pg(langs.ZH, "/zh-CN/docs/chinese-only/", KindDoc)},
		{EN: pg(langs.EN, "/404.html", KindNotFound), ZH: pg(langs.ZH, "/zh-CN/404.html", KindNotFound)},
		{EN: pg(langs.EN, "/docs/a&b/", KindDoc), ZH: pg(langs.ZH, "/zh-CN/docs/a&b/", KindDoc)},
	}
	got := Sitemap("https://example.test", pairs)
	golden := filepath.Join("testdata", "sitemap.xml")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./generator/site -run Sitemap -update writes it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("Sitemap differs from %s (-want +got):\n%s", golden, diff)
	}
}
