package e2e

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pairag.com/portal/generator/browsertest"
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

// TestScreenshots saves the home page, the field reference, a skill page
// and the validator at 1440, 1024 and 390 px, light and dark, in both languages,
// and the search results at the same sizes, for people to look at.
func TestScreenshots(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, lang := range []string{"en", "zh-CN"} {
		prefix := ""
		if lang != "en" {
			prefix = "/zh-CN"
		}
		for _, pg := range []struct{ name, path string }{{"home", "/"}, {"reference", "/docs/task-publish-v18/#manifest-fields"}, {"skill", "/skills/pairag-task-publish/"}, {"validator", "/validator/"}} {
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
		for _, w := range []int64{1440, 1024, 390} {
			for _, scheme := range []string{"light", "dark"} {
				v := view{fmt.Sprint(w), w, 900, w < 640, scheme}
				run(t, tab, v.apply(), chromedp.Navigate(srv.URL+prefix+"/"), chromedp.WaitVisible(chromedp.CSS(".search")),
					chromedp.KeyEvent("k", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
				query := map[string]string{"en": "tier limits", "zh-CN": "法币"}[lang]
				run(t, tab, chromedp.SendKeys(chromedp.CSS("#search-input"), query))
				waitJS(t, tab, `document.querySelectorAll("#search-results [role=option]").length > 0`)
				run(t, tab, chromedp.KeyEvent(kb.ArrowDown))
				// the arrow key waits for the whole index's answer (a draft shows before it)
				waitJS(t, tab, `document.getElementById("search-input").getAttribute("aria-activedescendant") === "search-opt-0"`)
				artifact(t, "search-"+lang+"-"+v.size+"-"+scheme+".png", viewportShot(t, tab))
			}
		}
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

// settleJS resolves, with the window's scroll position, once the position
// has stayed the same for ten frames in a row (a wheel step may scroll
// smoothly over several frames).
const settleJS = `new Promise((done) => { let last = -1, same = 0;
	const tick = () => { if (scrollY === last) { if (++same >= 10) return done(scrollY); } else { last = scrollY; same = 0; } requestAnimationFrame(tick); };
	requestAnimationFrame(tick); })`

// wheel sends one mouse-wheel step of dy CSS pixels at the middle of the
// window, as a reader's mouse does.
func wheel(x, y, dy float64) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		// The typed parameters omit a zero deltaX, which mouseWheel requires.
		cmd := cdp.Command[map[string]any, cdp.Empty]{Method: input.CommandDispatchMouseEvent}
		_, err := cdp.Call(ctx, t, cmd, map[string]any{"type": input.DispatchMouseEventTypeMouseWheel, "x": x, "y": y, "deltaX": 0, "deltaY": dy})
		return chromedp.Void{}, err
	}
}

// TestWheelStepsExact scrolls the field reference with wheel steps of
// most of a window, down and then up, at 1440 and 390 px: from the top,
// from rows far down the page, and after a jump from the top to the end
// (a contents link); the text under the reader's eyes must move by
// exactly one step each time (issue 23: steps of 1,292, 1,100 and then
// −155 px, as tables laid out late with content-visibility changed the
// page's height under the reader).
func TestWheelStepsExact(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, v := range []view{{"desktop", 1440, 900, false, "light"}, views[2]} {
		step := float64(v.height) - 100
		for _, path := range []string{"/docs/task-publish-v18/", "/zh-CN/docs/task-publish-v18/"} {
			for _, start := range []string{"top", "tier_limits", "example-payload", "jump"} {
				url := srv.URL + path
				if start != "top" && start != "jump" {
					url += "#" + start
				}
				run(t, tab, v.apply(), chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("main")))
				if start == "jump" {
					waitJS(t, tab, `document.readyState === "complete"`)
					run(t, tab, chromedp.Evaluate[chromedp.Void](`document.getElementById("example-payload").scrollIntoView()`))
					// The page hears of the jump at its next frame (the scroll
					// event), and only then drops data-settled to lay out the
					// tables now above the window: asked sooner, the page still
					// says settled from the top (CI at load 30: the window then
					// moved 11,793 px in a 744 px step as they were laid out).
					eval[bool](t, tab, `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))`)
				}
				// A table above the window that was never laid out is laid
				// out in idle time; from then on the page keeps its height.
				waitJS(t, tab, `document.readyState === "complete" && document.documentElement.hasAttribute("data-settled")`)
				label := fmt.Sprintf("%s at %d px from %s", path, v.width, start)
				wheelSteps(t, tab, label, float64(v.width)/2, float64(v.height)/2, step, []float64{1, 1, 1, -1, -1, -1, -1, -1, 1})
			}
		}
	}
}

// wheelSteps sends wheel steps of step × each of dirs at (x, y), after the
// page has stopped moving, and fails when the text under that point (what
// the reader is looking at) or the window moves by anything but the step.
// A step past either end of the page is skipped. It returns how many steps
// it measured.
func wheelSteps(t *testing.T, tab context.Context, label string, x, y, step float64, dirs []float64) int {
	t.Helper()
	eval[float64](t, tab, settleJS)
	measured := 0
	for i, d := range dirs {
		dy := step * d
		before := eval[[]float64](t, tab, fmt.Sprintf(`(() => { window.__look = document.elementFromPoint(%v, %v);
			return [scrollY, __look.getBoundingClientRect().top, document.documentElement.scrollHeight - innerHeight] })()`, x, y))
		if (dy > 0 && before[0]+dy > before[2]) || (dy < 0 && before[0]+dy < 0) {
			continue // the page ends before a whole step
		}
		run(t, tab, wheel(x, y, dy))
		after := eval[float64](t, tab, settleJS)
		moved := before[1] - eval[float64](t, tab, `__look.getBoundingClientRect().top`)
		if math.Abs(moved-dy) > 1 || math.Abs(after-before[0]-dy) > 1 {
			t.Errorf("%s, step %d of %+.0f px: the text moved %.0f px and the window %.0f px", label, i+1, dy, moved, after-before[0])
		}
		measured++
	}
	return measured
}

// TestWheelStepsEveryKind scrolls one page of every other kind with wheel
// steps, down and back up, in both languages at 1440 and 390 px, as
// TestWheelStepsExact does the field reference: a skill page, a companion
// file's page, the stage types, the validator and the error page, and the
// home page with the search results open (the wheel over the page, beside
// or below the results). A page shorter than two steps is scrolled in
// thirds of what it can scroll; one that cannot scroll must not move.
func TestWheelStepsEveryKind(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	pages := []string{"/skills/pairag-task-publish/", "/skills/pairag-task-publish/reference/checklist/", "/docs/stage-types/", "/validator/", "/404.html", "search"}
	for _, v := range []view{{"desktop", 1440, 900, false, "light"}, views[2]} {
		for _, prefix := range []string{"", "/zh-CN"} {
			for _, page := range pages {
				path, x, y := prefix+page, float64(v.width)/2, float64(v.height)/2
				if page == "search" {
					path = prefix + "/"
				}
				run(t, tab, v.apply(), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
				waitJS(t, tab, `document.readyState === "complete" && document.documentElement.hasAttribute("data-settled")`)
				if page == "search" {
					query := map[string]string{"": "tier limits", "/zh-CN": "法币"}[prefix]
					run(t, tab, chromedp.Click(chromedp.CSS("#search-input")), chromedp.SendKeys(chromedp.CSS("#search-input"), query))
					// The whole index's answer, not the draft drawn while the
					// query's shards come: the list can grow when it replaces
					// the draft, over the point chosen below.
					waitJS(t, tab, `document.querySelectorAll("#search-results [role=option]").length > 0 && !document.getElementById("search-results").hasAttribute("aria-busy")`)
					// A point of the page the results do not cover: left of
					// them on a desktop, below them on a phone.
					r := eval[[]float64](t, tab, `(() => { const r = document.getElementById("search-results").getBoundingClientRect(); return [r.left, r.bottom] })()`)
					if v.width >= 640 {
						x = r[0] / 2
					} else {
						y = (r[1] + float64(v.height)) / 2
					}
					path += " (search results open)"
				}
				room := eval[float64](t, tab, `document.documentElement.scrollHeight - innerHeight`)
				step := float64(v.height) - 100
				if room < 2*step {
					step = math.Floor(room / 3)
				}
				label := fmt.Sprintf("%s at %d px", path, v.width)
				if step < 20 { // nothing to scroll: a wheel step must not move the page
					eval[float64](t, tab, settleJS)
					run(t, tab, wheel(x, y, 200))
					if after := eval[float64](t, tab, settleJS); after > room+1 {
						t.Errorf("%s: the window scrolled to %.0f px on a page that can scroll %.0f px", label, after, room)
					}
					continue
				}
				if got := wheelSteps(t, tab, label, x, y, step, []float64{1, 1, -1, -1, 1}); got < 3 {
					t.Errorf("%s: %d wheel steps of %.0f px measured on a page that can scroll %.0f px; want at least 3", label, got, step, room)
				}
				if page == "search" && !eval[bool](t, tab, `document.querySelectorAll("#search-results [role=option]").length > 0`) {
					t.Logf("%s: the results closed while the page scrolled", label)
				}
			}
		}
	}
}

// wordBreaks finds, in the elements matched by sel, every line break that
// falls inside a word: between two letters or digits of an identifier
// (stage_nam|e), or inside a run of Latin letters in Chinese text
// (Responsi|bility). Breaks after _ . - / and between Han characters are
// fine. It returns one line per break.
const wordBreaks = `((sel) => {
  const out = [];
  const word = /[\p{L}\p{N}]/u, han = /\p{Script=Han}/u;
  for (const root of document.querySelectorAll(sel)) {
    if (!root.checkVisibility()) continue;
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const block = (el) => { while (el !== root && getComputedStyle(el).display.startsWith("inline")) el = el.parentElement; return el; };
    let prev = null, box = null; // the last character seen, and its block
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.parentElement.checkVisibility()) continue;
      const b = block(n.parentElement);
      if (b !== box) { prev = null; box = b; }
      const range = document.createRange();
      for (let i = 0; i < n.data.length; i++) {
        const ch = n.data[i];
        if (ch.trim() === "") { prev = null; continue; }
        range.setStart(n, i); range.setEnd(n, i + 1);
        const rects = range.getClientRects();
        if (!rects.length) continue;
        const top = rects[0].top;
        if (prev && top > prev.top + 2 && word.test(prev.ch) && word.test(ch) && !han.test(prev.ch) && !han.test(ch)) {
          const s = (prev.text + ch).slice(-24);
          out.push(s.slice(0, -1) + "|" + ch + " in " + (n.parentElement.closest("td, th, dd, li, p, code") || n.parentElement).tagName.toLowerCase());
        }
        prev = {top, ch, text: (prev ? prev.text : "") + ch};
      }
    }
  }
  return out.slice(0, 12);
})`

// TestNoMidWordBreaks lays out the field reference, a skill page and the
// stage types in both languages at 1440, 1024 and 390 px and fails on any
// word broken inside itself (issue 23: initiator_extra_rewar|d at 1440 px,
// stage_nam|e and Responsi|bility on a phone, skill metadata URLs in four
// or five pieces).
func TestNoMidWordBreaks(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	var paths []string
	for _, p := range englishPages(t) {
		paths = append(paths, p, "/zh-CN"+p)
	}
	for _, path := range paths {
		for _, w := range []int64{1440, 1024, 390} {
			v := view{fmt.Sprint(w), w, 900, w < 640, "light"}
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
			waitJS(t, tab, `document.readyState === "complete"`)
			if broken := eval[[]string](t, tab, wordBreaks+`("main table, main dl, .skill-meta")`); len(broken) > 0 {
				t.Errorf("%s at %d px: words broken inside themselves:\n  %s", path, w, strings.Join(broken, "\n  "))
			}
		}
	}
}

// TestColumnsFitText lays out every generated table of the field
// reference at 1440 and 1024 px and checks that the column with the
// longest cell is the widest, or nearly (issue 23: a ten-line sentence sat in a 160 px
// "Required" column beside a wide one of short names).
func TestColumnsFitText(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, path := range []string{"/docs/task-publish-v18/", "/zh-CN/docs/task-publish-v18/"} {
		for _, w := range []int64{1440, 1024} {
			run(t, tab, chromedp.EmulateViewport(w, 900), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
			waitJS(t, tab, `document.readyState === "complete"`)
			bad := eval[[]string](t, tab, `[...document.querySelectorAll("table.ref")].flatMap((tb) => {
				const rows = [...tb.tBodies[0].rows], n = tb.tHead.rows[0].cells.length;
				if (rows.length === 0 || n < 2) return [];
				const text = Array(n).fill(0);
				// A Han character is about two Latin letters wide.
				const size = (s) => s.length + (s.match(/\p{Script=Han}/gu) || []).length;
				for (const r of rows) [...r.cells].forEach((c, i) => { text[i] = Math.max(text[i], size(c.textContent.trim())); });
				const widths = [...tb.tHead.rows[0].cells].map((c) => c.getBoundingClientRect().width);
				const most = text.indexOf(Math.max(...text)), widest = widths.indexOf(Math.max(...widths));
				// Near ties are the browser sharing the line between two long columns.
				return widths[most] >= 0.8 * widths[widest] ? [] : [(tb.closest("[id]") || tb).id + ": column " + (most + 1) + " has the longest cell but is " +
					Math.round(widths[most]) + " px; column " + (widest + 1) + " is " + Math.round(widths[widest]) + " px"];
			})`)
			if len(bad) > 0 {
				t.Errorf("%s at %d px:\n  %s", path, w, strings.Join(bad, "\n  "))
			}
		}
	}
}

// TestPhoneHeaderReach scrolls far down the field reference on a 390 px
// phone and checks that the menu and the contents are still in the sticky
// header, that a contents entry takes the reader to its section, and that
// back to top appears and works (issue 23: Menu and Contents sat in the
// page flow, so after scrolling there was no navigation and no way back
// up the 26,000 px page).
func TestPhoneHeaderReach(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, path := range []string{"/docs/task-publish-v18/", "/zh-CN/docs/task-publish-v18/"} {
		run(t, tab, views[2].apply(), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
		waitJS(t, tab, `document.readyState === "complete"`)
		run(t, tab, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.documentElement.scrollHeight / 2)`))
		eval[float64](t, tab, settleJS)
		for _, sel := range []string{".site-header details.menu > summary", ".site-header details.toc-inline > summary"} {
			in := eval[bool](t, tab, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s || !s.checkVisibility()) return false;
				const r = s.getBoundingClientRect(); return r.top >= 0 && r.bottom <= document.querySelector(".site-header").getBoundingClientRect().bottom + 1 })()`, sel))
			if !in {
				t.Errorf("%s halfway down on a phone: %s is not in view in the header", path, sel)
			}
		}
		if !waitFor(t, tab, `document.querySelector(".to-top").checkVisibility({visibilityProperty: true})`, func(ok bool) bool { return ok }) {
			t.Errorf("%s halfway down on a phone: no back-to-top link in view", path)
		}
		// A contents entry, picked from the header, lands on its section
		// and closes the panel.
		run(t, tab, chromedp.Click(chromedp.CSS(".site-header details.toc-inline > summary")))
		waitJS(t, tab, `document.querySelector(".site-header details.toc-inline").open`)
		run(t, tab, chromedp.Click(chromedp.CSS(`.site-header .toc-inline a[href="#stage-types"]`)))
		waitJS(t, tab, `location.hash === "#stage-types" && !document.querySelector(".site-header details.toc-inline").open`)
		eval[float64](t, tab, settleJS)
		if top := eval[float64](t, tab, `document.getElementById("stage-types").getBoundingClientRect().top - document.querySelector(".site-header").getBoundingClientRect().bottom`); top < -1 || top > 120 {
			t.Errorf("%s: after picking Stage types in the header's contents the heading is %.0f px below the header", path, top)
		}
		run(t, tab, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.documentElement.scrollHeight / 2)`))
		eval[float64](t, tab, settleJS)
		waitJS(t, tab, `document.querySelector(".to-top").checkVisibility({visibilityProperty: true})`)
		run(t, tab, chromedp.Click(chromedp.CSS(".to-top")))
		if y := waitFor(t, tab, settleJS, func(y float64) bool { return y < 200 }); y >= 200 {
			t.Errorf("%s: back to top left the page at %.0f px", path, y)
		}
	}
}

// TestLanguageSwitchKeepsReading scrolls to a section without following
// any link and switches language: the twin opens at the same section
// although the URL had no #hash; a skill page keeps its ?view= (issue 23:
// the reader landed at the top of the twin, and skill pages dropped the
// view).
func TestLanguageSwitchKeepsReading(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, c := range []struct{ from, to, heading, want string }{
		// Generated anchors are the same in both languages.
		{"/docs/task-publish-v18/", "/zh-CN/docs/task-publish-v18/", "membership-tier-limits", "membership-tier-limits"},
		// Markdown headings have ids in their own language: the section's place finds it.
		{"/zh-CN/docs/create-task/", "/docs/create-task/", "", ""},
	} {
		run(t, tab, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+c.from), chromedp.WaitVisible(chromedp.CSS(".lang-switch a")))
		waitJS(t, tab, `document.readyState === "complete"`)
		js := fmt.Sprintf(`document.getElementById(%q)`, c.heading)
		if c.heading == "" { // the third h2 of the page
			js = `document.querySelectorAll("main h2[id]")[2]`
		}
		index := eval[int](t, tab, `(() => { const h = `+js+`; h.scrollIntoView({block: "start"}); window.scrollBy(0, 200);
			return [...document.querySelectorAll("main h2[id], main h3[id]")].indexOf(h) })()`)
		eval[float64](t, tab, settleJS)
		run(t, tab, chromedp.Click(chromedp.CSS(".lang-switch a")))
		waitJS(t, tab, fmt.Sprintf(`location.pathname === %q && document.readyState === "complete"`, c.to))
		eval[float64](t, tab, settleJS)
		at := eval[int](t, tab, `(() => { const line = document.querySelector(".site-header").getBoundingClientRect().bottom + 8; let at = -1;
			[...document.querySelectorAll("main h2[id], main h3[id]")].forEach((h, i) => { if (h.getBoundingClientRect().top <= line) at = i; }); return at })()`)
		if at != index {
			t.Errorf("%s → %s: the twin opened at section %d; want %d, where the reader was", c.from, c.to, at, index)
		}
	}
	run(t, tab, chromedp.Navigate(srv.URL+"/skills/pairag-task-publish/?view=translation"), chromedp.WaitVisible(chromedp.CSS(".lang-switch a")))
	waitJS(t, tab, `document.readyState === "complete"`)
	run(t, tab, chromedp.Click(chromedp.CSS(".lang-switch a")))
	waitJS(t, tab, `location.pathname === "/zh-CN/skills/pairag-task-publish/" && document.readyState === "complete"`)
	if q := eval[string](t, tab, `location.search`); q != "?view=translation" {
		t.Errorf("the skill page's language switch gave %q; want ?view=translation", q)
	}
}

// TestCopyButtonsClear checks on every page, at 1440 and 390 px, that no
// copy button covers the text of its code block (issue 23: on phones the
// Copy button hid the end of one-line commands).
func TestCopyButtonsClear(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	var paths []string
	for _, p := range englishPages(t) {
		paths = append(paths, p, "/zh-CN"+p)
	}
	for _, path := range paths {
		for _, w := range []int64{1440, 390} {
			v := view{fmt.Sprint(w), w, 900, w < 640, "light"}
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
			waitJS(t, tab, `document.readyState === "complete"`)
			covered := eval[[]string](t, tab, `[...document.querySelectorAll(".code")].flatMap((block) => {
				const b = block.querySelector("button.copy"), pre = block.querySelector("pre");
				if (!b || !pre || !b.checkVisibility()) return [];
				const br = b.getBoundingClientRect(), range = document.createRange();
				range.selectNodeContents(pre);
				const hit = [...range.getClientRects()].find((r) => r.width > 0 && r.right > br.left && r.left < br.right && r.bottom > br.top && r.top < br.bottom);
				return hit ? [pre.textContent.trim().split("\n")[0].slice(0, 50)] : [];
			})`)
			if len(covered) > 0 {
				t.Errorf("%s at %d px: the copy button covers the text of:\n  %s", path, w, strings.Join(covered, "\n  "))
			}
		}
	}
}

// TestCornerControlsClear scrolls the field reference until back to top
// shows, and checks what the corner control covers: at 1280 and 1440 px it
// stays clear of the side contents (issue 23's screenshots: the control
// covered their last entries), and where it sits over the text (1024 px,
// phones) it is the small round arrow. On a phone the search box's
// placeholder, when longer than the box, ends in an ellipsis instead of
// being cut mid-word ("Search fields, i").
func TestCornerControlsClear(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, path := range []string{"/docs/task-publish-v18/", "/zh-CN/docs/task-publish-v18/"} {
		for _, w := range []int64{1440, 1280, 1024, 390} {
			v := view{fmt.Sprint(w), w, 900, w < 640, "light"}
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
			waitJS(t, tab, `document.readyState === "complete"`)
			run(t, tab, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.documentElement.scrollHeight / 2)`))
			eval[float64](t, tab, settleJS)
			waitJS(t, tab, `document.querySelector(".to-top").checkVisibility({visibilityProperty: true})`)
			box := eval[[]float64](t, tab, `(() => { const b = document.querySelector(".to-top").getBoundingClientRect(), s = document.querySelector(".toc-side");
				const r = s && s.checkVisibility() ? s.getBoundingClientRect() : null;
				const over = r && b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top ? 1 : 0;
				return [b.width, r ? 1 : 0, over] })()`)
			switch {
			case box[1] == 1 && box[2] == 1:
				t.Errorf("%s at %d px: back to top covers the side contents", path, w)
			case box[1] == 0 && box[0] > 48:
				t.Errorf("%s at %d px: back to top is %.0f px wide over the text; want the round arrow (at most 48 px)", path, w, box[0])
			}
			if w >= 640 {
				continue
			}
			cut := eval[string](t, tab, `(() => { const i = document.getElementById("search-input"), cs = getComputedStyle(i);
				const c = document.createElement("canvas").getContext("2d"); c.font = cs.font;
				const room = i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
				return c.measureText(i.placeholder).width > room && cs.textOverflow !== "ellipsis" ? i.placeholder : "" })()`)
			if cut != "" {
				t.Errorf("%s at %d px: the search placeholder %q is cut off without an ellipsis", path, w, cut)
			}
		}
	}
}
