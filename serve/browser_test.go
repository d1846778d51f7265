package serve

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestBrowser drives the preview in headless Chromium under the site's
// CSP: a broken change shows the overlay with file and line, the fix
// reloads the page by itself, keeps the scroll position and clears the
// overlay, and nothing violates the Content-Security-Policy.
func TestBrowser(t *testing.T) {
	tab := browser(t)
	p := startPreview(t, copyRepo(t), Config{})
	const path = "/docs/task-publish-v18/"
	run(t, tab, watchCSP(), chromedp.Navigate(p.url+path), chromedp.WaitReady("body"))
	p.waitSubscribers(2) // this test's stream and the page's

	if y := eval[float64](t, tab, `window.scrollTo(0, 1500); window.__before = true; window.scrollY`); y != 1500 {
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
	if pos := eval[string](t, tab, `getComputedStyle(document.getElementById("gen-overlay")).position`); pos != "fixed" {
		t.Errorf("overlay position = %q; want fixed (overlay.css not applied?)", pos)
	}
	if shot, err := chromedp.Run(tab, chromedp.CaptureScreenshot()); err == nil {
		artifact(t, "serve-overlay.png", shot)
	}

	writeFile(t, name, orig)
	poll(t, tab, `String(window.__before === undefined && document.readyState === "complete")`, func(s string) bool { return s == "true" })
	poll(t, tab, `String(Math.round(window.scrollY))`, func(s string) bool { return s == "1500" })
	if n := eval[bool](t, tab, `document.getElementById("gen-overlay") !== null`); n {
		t.Error("overlay still shown after the fix")
	}
	if v := eval[[]string](t, tab, `window.__csp || []`); len(v) > 0 {
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

// browser returns a new tab of a headless Chromium, or skips the test
// when there is none (fails under CI, which installs it).
func browser(t *testing.T) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("Chromium is required for the browser tests (scripts/test installs it)")
		}
		t.Skip("Chromium not installed")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.UserDataDir(t.TempDir()),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	tab, cancelTab := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancelTab(); cancelAlloc() })
	if err := chromedp.Do(tab); err != nil {
		t.Fatalf("start Chromium: %v", err)
	}
	return tab
}

// run performs actions with a deadline.
func run(t *testing.T, tab context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates JavaScript and decodes the result.
func eval[T any](t *testing.T, tab context.Context, js string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %.60q: %v", js, err)
	}
	return v
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

// watchCSP records Content-Security-Policy violations of every document
// the tab opens in window.__csp.
func watchCSP() chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));`,
		})
		return chromedp.Void{}, err
	}
}

// artifact saves a file for people to look at under artifacts/screenshots.
func artifact(t *testing.T, name string, data []byte) {
	t.Helper()
	dir := filepath.Join("..", "artifacts", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
