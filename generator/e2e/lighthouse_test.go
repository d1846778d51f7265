package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// What Lighthouse measures on a phone, held without timing: a page opened
// at its top lays out no more than its first screens (blocking time), and
// its scripts move nothing the reader already sees (layout shift). The
// figures themselves come from scripts/audit-lighthouse.sh.

// idleJS resolves after ten idle periods in a row: by then work a page
// schedules in idle time after load has had its chance to run.
const idleJS = `new Promise((done) => { let n = 0;
	const idle = window.requestIdleCallback || ((f) => setTimeout(f, 16));
	const tick = () => (++n < 10 ? idle(tick) : done(true)); idle(tick); })`

// TestTopLaysOutOnlyNearTheWindow opens the field reference at its top on
// a phone and checks that no table three windows or more below
// it has been laid out once the page is idle (issue 23: site.js laid out
// every table in idle time after load, 2.3-4.9 s of Lighthouse's blocking
// time on the reference, Performance 49-68).
func TestTopLaysOutOnlyNearTheWindow(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, path := range []string{"/docs/task-publish-v18/", "/zh-CN/docs/task-publish-v18/"} {
		run(t, tab, views[2].apply(), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
		waitJS(t, tab, `document.readyState === "complete"`)
		eval[bool](t, tab, idleJS)
		laid := eval[[]string](t, tab, `[...document.querySelectorAll("main .table-wrap")]
			.filter((e) => e.getBoundingClientRect().top > 3 * innerHeight && e.firstElementChild.checkVisibility({contentVisibilityAuto: true}))
			.map((e) => e.id || e.closest("[id]").id)`)
		far := eval[int](t, tab, `[...document.querySelectorAll("main .table-wrap")].filter((e) => e.getBoundingClientRect().top > 3 * innerHeight).length`)
		if far < 10 {
			t.Fatalf("%s: only %d tables three windows down; the test needs a long page", path, far)
		}
		if len(laid) > 0 {
			t.Errorf("%s opened at its top: %d of the %d tables three windows or more down were laid out after load (%s); want none until the reader comes near",
				path, len(laid), far, strings.Join(laid, ", "))
		}
	}
}

// shownJS lists, for every control a script wires and every side of a
// skill's rows, whether it is shown.
const shownJS = `[...document.querySelectorAll(".skill-row > *, .skill-filter, .search, .theme-toggle, .copy-page")].map((e, i) =>
	i + " " + (e.id || e.className).toString().slice(0, 40) + (e.checkVisibility() ? " shown" : " hidden"))`

// blockScripts blocks (or, given nothing, unblocks) the page's deferred
// scripts; theme.js, which runs before the first paint, still loads.
func blockScripts(patterns ...string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		var block []*network.BlockPattern
		for _, p := range patterns {
			block = append(block, &network.BlockPattern{URLPattern: p, Block: true})
		}
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		_, err := cdp.Call(ctx, t, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: block})
		return chromedp.Void{}, err
	}
}

// TestScriptsKeepWhatWasPainted opens every page, at 390 and 1280 px in
// both languages, first as painted before its deferred scripts run and
// then with them, and checks that the scripts show and hide nothing: what
// they wire has its place from the first paint (issue 23: the Chinese
// skill pages painted both sides of every row on a phone and then hid the
// original, a layout shift of 0.36 that cost them 20 points of
// Lighthouse's Performance; the skills index's filter box pushed the
// cards down).
func TestScriptsKeepWhatWasPainted(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	var pages []string
	for _, p := range englishPages(t) {
		pages = append(pages, p, "/zh-CN"+p)
	}
	for _, v := range []view{views[0], views[2]} {
		for _, p := range pages {
			run(t, tab, v.apply(), blockScripts("*://*:*/assets/site.*.js", "*://*:*/assets/skills.*.js"),
				chromedp.Navigate(srv.URL+p), chromedp.WaitVisible(chromedp.CSS("main")))
			waitJS(t, tab, `document.readyState === "complete"`)
			before := eval[[]string](t, tab, shownJS)
			run(t, tab, blockScripts(), chromedp.Navigate(srv.URL+p), chromedp.WaitVisible(chromedp.CSS("main")))
			waitJS(t, tab, `document.readyState === "complete" && document.documentElement.hasAttribute("data-settled")`)
			after := eval[[]string](t, tab, shownJS)
			if len(before) != len(after) {
				t.Errorf("%s at %d px: %d controls and cells before the scripts ran, %d after", p, v.width, len(before), len(after))
				continue
			}
			var changed []string
			for i := range before {
				if before[i] != after[i] {
					changed = append(changed, fmt.Sprintf("%s → %s", before[i], after[i]))
				}
			}
			if len(changed) > 0 {
				t.Errorf("%s at %d px: the scripts changed what shows in %d place(s), first %s", p, v.width, len(changed), changed[0])
			}
		}
	}
}
