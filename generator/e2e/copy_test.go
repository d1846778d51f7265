package e2e

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// grantClipboard lets the page read the clipboard back, so the test can see
// what a copy button put there.
func grantClipboard(origin string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		for _, name := range []string{"clipboard-read", "clipboard-write"} {
			if _, err := cdp.Call(ctx, t, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: name, AllowWithoutSanitization: true},
				Setting:    cdpbrowser.PermissionSettingGranted, Origin: origin,
			}); err != nil {
				return chromedp.Void{}, err
			}
		}
		return chromedp.Void{}, nil
	}
}

// TestCopyBoth checks the create-task page's collapsed block: closed by
// default, its header opens it, and the copy-both button puts exactly the
// published bundle on the clipboard, in both languages.
func TestCopyBoth(t *testing.T) {
	for _, tc := range []struct{ path, bundle string }{
		{"/docs/create-task/", "pairag-task-publish-v18.bundle.en.txt"},
		{"/zh-CN/docs/create-task/", "pairag-task-publish-v18.bundle.zh-CN.txt"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			srv := siteServer(t)
			want, err := os.ReadFile(filepath.Join(builtSite(t), "protocol", tc.bundle))
			if err != nil {
				t.Fatal(err)
			}
			tab := browser(t)
			run(t, tab, watchCSP(), grantClipboard(srv.URL), chromedp.Navigate(srv.URL+tc.path),
				chromedp.WaitVisible(chromedp.CSS("button.copy-both")))
			if open := eval[bool](t, tab, `document.querySelector("div.bundle details").open`); open {
				t.Errorf("the bundle block is open on load; want collapsed")
			}
			run(t, tab, chromedp.Click(chromedp.CSS("div.bundle summary")))
			if open := eval[bool](t, tab, `document.querySelector("div.bundle details").open`); !open {
				t.Errorf("clicking the header did not expand the block")
			}
			run(t, tab, chromedp.Click(chromedp.CSS("button.copy-both")))
			got := waitClipboard(t, tab, func(s string) bool { return s == string(want) })
			if got != string(want) {
				t.Errorf("clipboard holds %d bytes; want the %d bytes of %s", len(got), len(want), tc.bundle)
			}
			if status := waitFor(t, tab, `document.querySelector(".bundle-status").textContent`, func(s string) bool { return s != "" }); status == "" {
				t.Errorf("no status message after copying")
			}
			noCSPViolations(t, tab)
		})
	}
}

// TestCopyBothFallback removes the Clipboard API, as on plain http or in old
// browsers: the button must select the text and say so.
func TestCopyBothFallback(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, chromedp.Navigate(srv.URL+"/docs/create-task/"), chromedp.WaitVisible(chromedp.CSS("button.copy-both")))
	eval[bool](t, tab, `(Object.defineProperty(navigator, "clipboard", {value: undefined}), true)`)
	run(t, tab, chromedp.Click(chromedp.CSS("button.copy-both")))
	total := eval[int](t, tab, `document.querySelector("textarea.bundle-text").value.length`)
	selected := waitFor(t, tab, `(() => { const ta = document.querySelector("textarea.bundle-text"); return ta.selectionEnd - ta.selectionStart })()`,
		func(n int) bool { return n == total })
	if selected != total || total == 0 {
		t.Errorf("fallback selected %d of %d characters; want all", selected, total)
	}
	if status := waitFor(t, tab, `document.querySelector(".bundle-status").textContent`, func(s string) bool { return s != "" }); status == "" {
		t.Errorf("the fallback says nothing")
	}
}

// TestCodeCopyButtons checks that every code block has a visible copy button
// that copies the block's text.
func TestCodeCopyButtons(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, grantClipboard(srv.URL), chromedp.Navigate(srv.URL+"/docs/task-publish-v18/"), chromedp.WaitVisible(chromedp.CSS("main")))
	blocks := eval[int](t, tab, `document.querySelectorAll("main pre").length`)
	buttons := eval[int](t, tab, `[...document.querySelectorAll(".code button.copy")].filter((b) => !b.hidden).length`)
	if blocks == 0 || buttons < blocks-countBundlePres(t, tab) {
		t.Errorf("%d code blocks but %d visible copy buttons", blocks, buttons)
	}
	want := eval[string](t, tab, `document.querySelector(".code pre").textContent`)
	run(t, tab, chromedp.Click(chromedp.CSS(".code button.copy")))
	if got := waitClipboard(t, tab, func(s string) bool { return s == want }); got != want || got == "" {
		t.Errorf("copy button put %q on the clipboard; want the block's %d characters", abbreviate(got), len(want))
	}
}

func countBundlePres(t *testing.T, tab context.Context) int {
	return eval[int](t, tab, `document.querySelectorAll("div.bundle pre").length`)
}

func abbreviate(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// TestPageScreenshots saves the documentation pages at desktop and phone
// width in light and dark themes under artifacts/screenshots, and checks the
// landmarks every page must have.
func TestPageScreenshots(t *testing.T) {
	pages := map[string]string{"home-en": "/", "create-task-zh-CN": "/zh-CN/docs/create-task/", "reference-en": "/docs/task-publish-v18/", "stage-types-zh-CN": "/zh-CN/docs/stage-types/"}
	srv := siteServer(t)
	tab := browser(t)
	for name, path := range pages {
		for _, v := range views {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.CSS("main")))
			landmarks := eval[int](t, tab, `["header", "nav", "main", "footer"].filter((s) => document.querySelector(s)).length`)
			if landmarks != 4 {
				t.Errorf("%s: %d of 4 landmarks", path, landmarks)
			}
			if w := eval[int](t, tab, `document.documentElement.scrollWidth - window.innerWidth`); w > 1 {
				t.Errorf("%s at %s width scrolls sideways by %d px", path, v.size, w)
			}
			v.screenshot(t, tab, name)
		}
	}
}

// waitFor evaluates js (awaiting a promise) until ok accepts the result or
// 60 s pass, and returns the last result: a copy lands on the clipboard or
// a selection is made some time after the click, later on a busy machine.
func waitFor[T any](t *testing.T, tab context.Context, js string, ok func(T) bool) T {
	t.Helper()
	var last T
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if last = eval[T](t, tab, js); ok(last) {
			break
		}
	}
	return last
}

// waitClipboard waits until the clipboard's text satisfies ok and returns it.
func waitClipboard(t *testing.T, tab context.Context, ok func(string) bool) string {
	t.Helper()
	return waitFor(t, tab, `navigator.clipboard.readText()`, ok)
}
