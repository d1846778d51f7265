package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// metaRows measures, in a skill page's front matter, how far apart each
// term of the original sits from the same row of the translation.
const metaRows = `(() => {
	const side = (s) => [...document.querySelectorAll(".skill-front > .cell." + s + " > .skill-meta > :is(dt, .meta-gap)")];
	const o = side("original"), t = side("translation");
	return o.map((d, i) => ({term: d.textContent, other: t[i] ? t[i].textContent : "(none)",
		apart: t[i] ? Math.abs(d.getBoundingClientRect().top - t[i].getBoundingClientRect().top) : -1}));
})()`

type metaRow struct {
	Term  string  `json:"term"`
	Other string  `json:"other"`
	Apart float64 `json:"apart"`
}

// TestSkillMetaLevel opens every real skill page side by side, in both
// languages and at desktop widths, and checks that each front-matter row
// of the original (Version, Author, ...) is level with the same row of the
// translation (issue 23: about 50 px apart, below descriptions of
// different lengths).
func TestSkillMetaLevel(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, name := range realSkills(t) {
		for _, prefix := range []string{"", "/zh-CN"} {
			for _, w := range []int64{1440, 1024} {
				page := prefix + "/skills/" + name + "/"
				run(t, tab, chromedp.EmulateViewport(w, 900), chromedp.Navigate(srv.URL+page), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
				waitJS(t, tab, `document.fonts.status === "loaded"`)
				rows := eval[[]metaRow](t, tab, metaRows)
				if len(rows) < 4 {
					t.Fatalf("%s at %d px: %d front-matter rows; want name, description, version, author and more", page, w, len(rows))
				}
				for i, r := range rows {
					if r.Term != r.Other || r.Apart < 0 || r.Apart > 1 {
						t.Errorf("%s at %d px, row %d: %q and %q are %.0f px apart; want the same term level on both sides", page, w, i+1, r.Term, r.Other, r.Apart)
					}
				}
			}
		}
	}
}

// TestSkillViewsFit lays out the view controls of a skill page and of a
// companion file's page on phones of 390, 360 and 320 px, in both
// languages, and checks that every label's text lies inside the control
// (issue 23's audit: at 360 px the list clipped "Translation only" by
// 31 px, at 320 px by 71), and that at 390 px each label keeps to one line.
func TestSkillViewsFit(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, page := range []string{"/skills/pairag-task-publish/", "/skills/pairag-task-publish/reference/checklist/"} {
		for _, prefix := range []string{"", "/zh-CN"} {
			for _, w := range []int64{390, 360, 320} {
				run(t, tab, view{"phone", w, 800, true, "light"}.apply(), chromedp.Navigate(srv.URL+prefix+page), chromedp.WaitVisible(chromedp.CSS(".skill-views")))
				waitJS(t, tab, `document.fonts.status === "loaded"`)
				cut := eval[[]string](t, tab, `(() => { const u = document.querySelector(".skill-views ul"), box = u.getBoundingClientRect();
					return [...u.querySelectorAll("a")].filter((a) => { const r = document.createRange(); r.selectNodeContents(a);
						return [...r.getClientRects()].some((t) => t.left < box.left - 0.5 || t.right > box.right + 0.5); }).map((a) => a.textContent) })()`)
				if len(cut) > 0 {
					t.Errorf("%s at %d px: the view controls cut %q", prefix+page, w, cut)
				}
				// where they fit, the labels keep to one line (390 px, the
				// phone the screenshots show)
				if lines := eval[float64](t, tab, `Math.max(...[...document.querySelectorAll(".skill-views a")].map((a) => { const r = document.createRange(); r.selectNodeContents(a);
					return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size }))`); w == 390 && lines > 1 {
					t.Errorf("%s at %d px: a view label takes %.0f lines; want one", prefix+page, w, lines)
				}
				if over := eval[float64](t, tab, `document.documentElement.scrollWidth - innerWidth`); over > 0 {
					t.Errorf("%s at %d px: the page is %.0f px wider than the window", prefix+page, w, over)
				}
			}
		}
	}
}
