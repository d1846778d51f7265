package serve

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pairag.com/portal/internal/browsertest"
)

// TestBrowser drives the preview in headless Chromium under the site's
// CSP: a broken change shows the overlay with file and line, the fix
// reloads the page by itself, keeps the scroll position and clears the
// overlay, and nothing violates the Content-Security-Policy.
func TestBrowser(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{}) // servers before the browser, so it closes first
	tab := browsertest.Start(t)
	const path = "/docs/task-publish-v18/"
	browsertest.Run(t, tab, browsertest.WatchCSP(), chromedp.Navigate(p.url+path), chromedp.WaitReady("body"))
	p.waitSubscribers(2) // this test's stream and the page's

	if y := browsertest.Eval[float64](t, tab, `window.scrollTo(0, 1500); window.__before = true; window.scrollY`); y != 1500 {
		t.Fatalf("scrollY = %v after scrolling to 1500; is the page long enough?", y)
	}
	name := filepath.Join(p.dir, "content/en/docs/task-publish-v18.md")
	orig := readFile(t, name)
	writeFile(t, name, strings.Replace(orig, "title:", "titel:", 1))
	text := poll(t, tab, `(document.getElementById("gen-overlay") || {}).textContent || ""`,
		func(s string) bool { return strings.Contains(s, "content/en/docs/task-publish-v18.md:2") })
	if !strings.Contains(text, `unknown field "titel"`) {
		t.Errorf("overlay text = %q; want the message", text)
	}
	if pos := browsertest.Eval[string](t, tab, `getComputedStyle(document.getElementById("gen-overlay")).position`); pos != "fixed" {
		t.Errorf("overlay position = %q; want fixed (overlay.css not applied?)", pos)
	}
	if shot, err := chromedp.Run(tab, chromedp.CaptureScreenshot()); err == nil {
		browsertest.Artifact(t, "..", "serve-overlay.png", shot)
	}

	writeFile(t, name, orig)
	poll(t, tab, `String(window.__before === undefined && document.readyState === "complete")`, func(s string) bool { return s == "true" })
	poll(t, tab, `String(Math.round(window.scrollY))`, func(s string) bool { return s == "1500" })
	if n := browsertest.Eval[bool](t, tab, `document.getElementById("gen-overlay") !== null`); n {
		t.Error("overlay still shown after the fix")
	}
	if v := browsertest.Eval[[]string](t, tab, `window.__csp || []`); len(v) > 0 {
		t.Errorf("Content-Security-Policy violations: %v", v)
	}
}

// waitSubscribers waits until n event streams are open.
func (p *preview) waitSubscribers(n int) {
	p.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		p.srv.events.mu.Lock()
		got := len(p.srv.events.subs)
		p.srv.events.mu.Unlock()
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%d event streams open; want %d", got, n)
		}
	}
}

// poll evaluates js until ok accepts its result, for up to 10 s.
func poll(t *testing.T, tab context.Context, js string, ok func(string) bool) string {
	t.Helper()
	var last string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(tab, 5*time.Second)
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		cancel()
		if err == nil {
			if last = v; ok(v) {
				return v
			}
		}
	}
	t.Fatalf("%.80q = %q; condition not met within 10 s", js, last)
	return ""
}
