package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

const skillPage = "/skills/pairag-task-publish/"

// rowAlignment returns, for every row that shows both sides, how far apart
// the tops of the original and the translation are, and of their first
// blocks (the section headings), in CSS pixels: the worst of each row.
const rowAlignment = `[...document.querySelectorAll(".skill-row:not(.skill-head)")].filter((r) => r.querySelectorAll(":scope > .cell").length === 2).map((r) => {
	const [o, t] = r.querySelectorAll(":scope > .cell");
	const first = (c) => (c.querySelector(".cell-body > *") || c.querySelector("dl") || c);
	return {id: r.id, cells: Math.abs(o.getBoundingClientRect().top - t.getBoundingClientRect().top),
		heads: Math.abs(first(o).getBoundingClientRect().top - first(t).getBoundingClientRect().top)};
})`

type rowGap struct {
	ID    string  `json:"id"`
	Cells float64 `json:"cells"`
	Heads float64 `json:"heads"`
}

// visibleCells counts the rows' visible cells of each side.
const visibleCells = `(() => {
	const shown = (sel) => [...document.querySelectorAll(".skill-row:not(.skill-head) > " + sel)].filter((c) => c.offsetParent !== null && c.getBoundingClientRect().height > 0).length;
	return {original: shown(".cell.original"), translation: shown(".cell.translation"), view: document.getElementById("skill").dataset.view,
		current: (document.querySelector(".skill-views a[aria-current]") || {}).dataset?.view || "", search: location.search};
})()`

type visible struct {
	Original    int    `json:"original"`
	Translation int    `json:"translation"`
	View        string `json:"view"`
	Current     string `json:"current"`
	Search      string `json:"search"`
}

// TestSkillPageViews switches the three views with the controls, reloads
// the page from a view's URL, and checks that paired sections start at the
// same height at desktop width.
func TestSkillPageViews(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, watchCSP(), chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+skillPage), chromedp.WaitVisible(chromedp.CSS(".skill-row")))

	gaps := eval[[]rowGap](t, tab, rowAlignment)
	if len(gaps) < 10 {
		t.Fatalf("%d rows show both sides; want the front matter and every section", len(gaps))
	}
	for _, g := range gaps {
		if g.Cells > 4 || g.Heads > 4 {
			t.Errorf("row #%s: tops differ by %.1f px (cells) and %.1f px (first blocks); want at most 4", g.ID, g.Cells, g.Heads)
		}
	}
	rows := len(gaps)
	both := eval[visible](t, tab, visibleCells)
	if both.Original != rows || both.Translation != rows || both.View != "both" || both.Current != "both" {
		t.Errorf("side by side: %+v; want %d cells on each side", both, rows)
	}

	for _, tc := range []struct {
		view, search     string
		original, transl int
	}{
		{"original", "?view=original", rows, 0},
		{"translation", "?view=translation", 0, rows},
		{"both", "", rows, rows},
	} {
		run(t, tab, chromedp.Click(chromedp.CSS(`.skill-views a[data-view="`+tc.view+`"]`)))
		got := eval[visible](t, tab, visibleCells)
		want := visible{tc.original, tc.transl, tc.view, tc.view, tc.search}
		if got != want {
			t.Errorf("after choosing %s: %+v; want %+v", tc.view, got, want)
		}
	}

	run(t, tab, chromedp.Navigate(srv.URL+skillPage+"?view=translation#workflow"), chromedp.WaitVisible(chromedp.CSS(".skill-row")))
	if got := eval[visible](t, tab, visibleCells); got.Original != 0 || got.Translation != rows || got.Current != "translation" {
		t.Errorf("opened with ?view=translation: %+v; want the translation alone", got)
	}
	if w := eval[float64](t, tab, `document.querySelector(".skill-row#workflow .cell.translation").getBoundingClientRect().width`); w < 700 {
		t.Errorf("translation only: the column is %.0f px wide; want it to take the whole row", w)
	}
	noCSPViolations(t, tab)
}

// TestSkillCopyMarkdown copies one section's Markdown from each side.
func TestSkillCopyMarkdown(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, grantClipboard(srv.URL), chromedp.Navigate(srv.URL+"/zh-CN"+skillPage), chromedp.WaitVisible(chromedp.CSS("button.copy-md")))
	for _, side := range []string{"original", "translation"} {
		sel := fmt.Sprintf(`#workflow .cell.%s button.copy-md`, side)
		want := map[string]string{"original": "## Workflow\n\n1. **Fix the tier.**", "translation": "## 工作流程\n\n1. **确定等级。**"}[side]
		run(t, tab, chromedp.Click(chromedp.CSS(sel)))
		got := waitClipboard(t, tab, func(s string) bool { return strings.HasPrefix(s, want) })
		if !strings.HasPrefix(got, want) || strings.Contains(got, "<!-- source:") {
			t.Errorf("%s: copied %q; want the section's Markdown without its stamp, starting %q", side, abbreviate(got), want)
		}
	}
}

// waitCopied waits until a copy button's status line says something.
func waitCopied(t *testing.T, tab context.Context, status string) {
	t.Helper()
	waitJS(t, tab, `document.querySelector(`+"`"+status+"`"+`).textContent !== ""`)
}

// TestSkillScreenshots saves the skill page and the skills index at desktop
// and phone width, light and dark, and checks that on a phone each row
// shows its original and translation as tabs, without sideways scrolling.
func TestSkillScreenshots(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, page := range []struct{ name, path string }{
		{"skill-en", skillPage}, {"skill-zh-CN", "/zh-CN" + skillPage}, {"skills-index-zh-CN", "/zh-CN/skills/"},
	} {
		for _, v := range views {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+page.path), chromedp.WaitVisible(chromedp.CSS("main")))
			if w := eval[int](t, tab, `document.documentElement.scrollWidth - window.innerWidth`); w > 1 {
				t.Errorf("%s at %s width scrolls sideways by %d px", page.path, v.size, w)
			}
			if v.mobile && strings.HasSuffix(page.path, skillPage) {
				tabbed := eval[bool](t, tab, `[...document.querySelectorAll(".skill-row:not(.skill-head)")].every((r) => {
					const cells = [...r.querySelectorAll(":scope > .cell")];
					const tabs = r.querySelector(".row-tabs");
					return cells.length < 2 || (tabs.offsetParent !== null && cells.filter((c) => c.offsetParent !== null).length === 1);
				})`)
				if !tabbed {
					t.Errorf("%s on a phone: a row does not show its original and translation as tabs", page.path)
				}
			}
			v.screenshot(t, tab, page.name)
		}
	}
}
