package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSearchDraftWhileShardsCome: a reader's first query does not wait
// for a round trip. With the index's first file loaded and every shard
// held back by the server, typing a query shows results at once, a draft
// drawn from the entries' headings, sections and page titles (the list
// marked aria-busy), each holding the query's word; once the shards come,
// the draft gives way to the answer of the whole index, the one
// pairagSearch gives, and the list is no longer busy.
func TestSearchDraftWhileShardsCome(t *testing.T) {
	for _, tt := range []struct{ lang, home, q, word string }{
		{"en", "/", "stage", "stage"},
		{"zh-CN", "/zh-CN/", "阶段", "阶段"},
	} {
		t.Run(tt.lang, func(t *testing.T) {
			release := make(chan struct{})
			srv := newSiteServer(t, siteOptions{hold: regexp.MustCompile(`^/assets/search-[a-z-]+-shard\.`), release: release})
			defer func() {
				select {
				case <-release:
				default:
					close(release)
				}
			}()
			tab := browser(t)
			run(t, tab, chromedp.Navigate(srv.URL+tt.home), chromedp.WaitVisible(chromedp.CSS(".search")))
			waitJS(t, tab, `!!window.pairagSearchStats && window.pairagSearchStats.readyAt > 0`)
			js, _ := json.Marshal(tt.q)
			eval[bool](t, tab, fmt.Sprintf(`(() => { const i = document.getElementById("search-input"); i.focus(); i.value = %s; i.dispatchEvent(new Event("input")); return true; })()`, js))
			waitJS(t, tab, `document.querySelectorAll("#search-results [role=option]").length > 0`)
			type shown struct {
				Busy   string
				Titles []string
				URLs   []string
			}
			const read = `(() => { const l = document.getElementById("search-results"), o = Array.from(l.querySelectorAll("[role=option]"));
				return {busy: l.getAttribute("aria-busy") || "", titles: o.map((a) => a.querySelector(".search-title").textContent), urls: o.map((a) => a.getAttribute("href"))}; })()`
			draft := eval[shown](t, tab, read)
			if draft.Busy != "true" {
				t.Errorf("draft while the shards are held: aria-busy=%q; want true", draft.Busy)
			}
			for _, title := range draft.Titles {
				if !strings.Contains(strings.ToLower(title), tt.word) {
					t.Errorf("draft result %q does not hold %q in its heading, section or page title", title, tt.word)
				}
			}
			close(release)
			waitJS(t, tab, `!document.getElementById("search-results").hasAttribute("aria-busy")`)
			final := eval[shown](t, tab, read)
			want := eval[[]string](t, tab, fmt.Sprintf(`window.pairagSearch(%s, 8)`, js))
			if !slices.Equal(final.URLs, want) {
				t.Errorf("answer after the shards came = %q; want the whole index's %q", final.URLs, want)
			}
			t.Logf("%s %q: draft %q, answer %q", tt.lang, tt.q, draft.URLs, final.URLs)
		})
	}
}
