package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pairag.com/portal/internal/browsertest"
)

// TestHeaderOneRow checks that the header holds one row from 1024 to
// 1440 px in both languages, and stays compact on a phone.
func TestHeaderOneRow(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, path := range []string{"/docs/task-publish-v18/", "/zh-CN/docs/task-publish-v18/"} {
		for _, w := range []int64{1024, 1280, 1440, 390} {
			run(t, tab, chromedp.EmulateViewport(w, 900), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS(".search")))
			h := eval[float64](t, tab, `document.querySelector(".site-header").getBoundingClientRect().height`)
			limit := 64.0 // one row
			if w < 640 {
				limit = 110 // name and buttons, then the search box
			}
			if h > limit {
				t.Errorf("%s at %d px: header is %.0f px tall; want at most %.0f", path, w, h, limit)
			}
		}
	}
}

// TestPhoneMenu opens the menu on a 390 px phone with the keyboard alone.
func TestPhoneMenu(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, views[2].apply(), chromedp.Navigate(srv.URL+"/zh-CN/docs/stage-types/"), chromedp.WaitVisible(chromedp.CSS("details.menu summary")))
	if vis := eval[bool](t, tab, `getComputedStyle(document.querySelector(".sidebar")).display !== "none"`); vis {
		t.Error("the sidebar shows on a phone")
	}
	if eval[bool](t, tab, `document.querySelector("details.menu nav").checkVisibility()`) {
		t.Error("the closed menu shows its links")
	}
	run(t, tab, chromedp.Focus(chromedp.CSS("details.menu summary")), chromedp.KeyEvent(kb.Enter))
	waitJS(t, tab, `document.querySelector("details.menu").open`)
	links := eval[int](t, tab, `[...document.querySelectorAll("details.menu nav a")].filter((a) => a.checkVisibility()).length`)
	current := eval[string](t, tab, `document.querySelector("details.menu a[aria-current=page]").textContent`)
	if links < 5 || current != "阶段类型" {
		t.Errorf("open menu shows %d links, current %q; want every page and 阶段类型", links, current)
	}
	if w := eval[float64](t, tab, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the page is %.0f px wide on a 390 px phone", w)
	}
}

// TestContentsFollowScroll scrolls the field reference and waits for the
// contents to mark the section in view.
func TestContentsFollowScroll(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+"/zh-CN/docs/task-publish-v18/"), chromedp.WaitVisible(chromedp.CSS(".toc-live")))
	if label := eval[string](t, tab, `document.querySelector(".toc-live").getAttribute("aria-label")`); label != "目录" {
		t.Errorf("contents label = %q; want 目录", label)
	}
	for _, id := range []string{"membership-tier-limits", "stage-types", "example-payload"} {
		run(t, tab, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById(%q).scrollIntoView({block: "start"})`, id)))
		waitJS(t, tab, fmt.Sprintf(`(document.querySelector(".toc-live a[aria-current]") || {}).hash === "#%s"`, id))
	}
}

// TestLanguageSwitchKeepsSection follows the language switch from a section.
func TestLanguageSwitchKeepsSection(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, chromedp.Navigate(srv.URL+"/docs/task-publish-v18/#manifest.language"), chromedp.WaitVisible(chromedp.CSS(".lang-switch a")),
		chromedp.Click(chromedp.CSS(".lang-switch a")))
	waitJS(t, tab, `location.pathname === "/zh-CN/docs/task-publish-v18/" && document.readyState === "complete"`)
	if h := eval[string](t, tab, `decodeURIComponent(location.hash)`); h != "#manifest.language" {
		t.Errorf("after the language switch the hash is %q; want #manifest.language", h)
	}
}

// TestAnchorsLandInView opens the field reference at rows far down the
// page, and a skill page at one of its rows: the row starts in view below
// the sticky header once the page has settled, although the reference's
// tables are laid out only near the view (content-visibility).
func TestAnchorsLandInView(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, v := range []view{views[0], views[2]} {
		for _, target := range []struct{ page, id string }{
			{"/zh-CN/docs/task-publish-v18/", "language_aliases.zh-HK"},
			{"/zh-CN/docs/task-publish-v18/", "type_criteria.devops.rollback_plan_required"},
			{"/zh-CN/docs/task-publish-v18/", "tier_limits.fiat"},
			{"/zh-CN/skills/pairag-task-publish/", "tier-limits"}, // a row of the side-by-side view
		} {
			id := target.id
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+target.page+"#"+id), chromedp.WaitVisible(chromedp.CSS("main")))
			waitJS(t, tab, `document.readyState === "complete"`)
			pos := fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(), h = document.querySelector(".site-header").getBoundingClientRect();
				return r.top >= h.bottom - 1 && r.top + Math.min(r.height, 100) <= innerHeight })()`, id)
			if !waitFor(t, tab, pos, func(ok bool) bool { return ok }) {
				top := eval[float64](t, tab, fmt.Sprintf(`document.getElementById(%q).getBoundingClientRect().top`, id))
				t.Errorf("%s #%s: the row is at %.0f px, not in view below the header", v.size, id, top)
			}
		}
	}
}

// TestHeadingLinks follows a heading's link to itself: without JavaScript
// it is a plain link that moves to the section; with JavaScript the click
// also puts the section's URL on the clipboard and says so.
func TestHeadingLinks(t *testing.T) {
	srv := siteServer(t)
	const page, id = "/zh-CN/docs/task-publish-v18/", "project-tags"
	link := fmt.Sprintf(`h2#%s a.anchor`, id)
	t.Run("no script", func(t *testing.T) {
		tab := browser(t)
		run(t, tab, scriptsOff(), chromedp.Navigate(srv.URL+page), chromedp.WaitVisible(chromedp.CSS(link)), chromedp.Click(chromedp.CSS(link)))
		waitJS(t, tab, fmt.Sprintf(`location.hash === "#%s"`, id))
		if label := eval[string](t, tab, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label")`, link)); !strings.HasPrefix(label, "本节链接：") {
			t.Errorf("heading link is labelled %q; want it in Chinese", label)
		}
	})
	t.Run("script", func(t *testing.T) {
		tab := browser(t)
		run(t, tab, grantClipboard(srv.URL), chromedp.Navigate(srv.URL+page), chromedp.WaitVisible(chromedp.CSS(link)))
		waitJS(t, tab, `document.readyState === "complete"`)
		run(t, tab, chromedp.Click(chromedp.CSS(link)))
		want := srv.URL + page + "#" + id
		if got := waitClipboard(t, tab, func(s string) bool { return s == want }); got != want {
			t.Errorf("clipboard holds %q; want %q", got, want)
		}
		waitJS(t, tab, fmt.Sprintf(`location.hash === "#%s"`, id))
		if status := waitFor(t, tab, `document.querySelector(".page-meta .copy-status").textContent`, func(s string) bool { return s != "" }); status != "链接已复制。" {
			t.Errorf("status after copying = %q; want 链接已复制。", status)
		}
	})
}

// TestScreenshots saves the home page, the field reference and the
// validator at 1440, 1024 and 390 px, light and dark, in both languages,
// and the search box open, for people to look at.
func TestScreenshots(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, lang := range []string{"en", "zh-CN"} {
		prefix := ""
		if lang != "en" {
			prefix = "/zh-CN"
		}
		for _, pg := range []struct{ name, path string }{{"home", "/"}, {"reference", "/docs/task-publish-v18/#manifest-fields"}, {"validator", "/validator/"}} {
			for _, w := range []int64{1440, 1024, 390} {
				for _, scheme := range []string{"light", "dark"} {
					v := view{fmt.Sprint(w), w, 900, w < 640, scheme}
					run(t, tab, v.apply(), chromedp.Navigate(srv.URL+prefix+pg.path), chromedp.WaitVisible(chromedp.CSS("main")))
					waitJS(t, tab, `document.fonts.status === "loaded"`)
					shot := viewportShot(t, tab)
					artifact(t, "nav-"+pg.name+"-"+lang+"-"+v.size+"-"+scheme+".png", shot)
				}
			}
		}
		run(t, tab, views[0].apply(), chromedp.Navigate(srv.URL+prefix+"/"), chromedp.WaitVisible(chromedp.CSS(".search")),
			chromedp.KeyEvent("k", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
		query := map[string]string{"en": "tier limits", "zh-CN": "法币"}[lang]
		run(t, tab, chromedp.SendKeys(chromedp.CSS("#search-input"), query))
		waitJS(t, tab, `document.querySelectorAll("#search-results [role=option]").length > 0`)
		run(t, tab, chromedp.KeyEvent(kb.ArrowDown))
		artifact(t, "search-"+lang+".png", viewportShot(t, tab))
	}
}

// viewportShot captures what the window shows.
func viewportShot(t *testing.T, tab context.Context) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, browsertest.Timeout)
	defer cancel()
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	return shot
}
