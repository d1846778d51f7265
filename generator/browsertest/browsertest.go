// Package browsertest starts a headless Chromium for tests and gives them
// short helpers with deadlines. The e2e and serve tests share it, so every
// browser test uses the same flags and the same rule: without Chromium a
// test skips, unless the CI environment variable is set, where it fails
// (scripts/test installs Chromium on a fresh machine). cmd/benchpage
// starts its browser with the same binary and flags ([Find], [Launch]).
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Timeout bounds each action and evaluation.
const Timeout = 60 * time.Second

// Start launches Chromium with a fresh profile for the test and returns its
// tab. Register test servers (t.Cleanup) before calling it, so the browser
// is closed first at teardown.
func Start(t *testing.T) context.Context {
	t.Helper()
	path, err := Find()
	switch {
	case err == nil:
	case os.Getenv("CI") != "":
		t.Fatal("Chromium is required for the browser tests (scripts/test installs it)")
	default:
		t.Skip("Chromium not installed")
	}
	// Chromium leaves its singleton socket directory in TMPDIR when it is
	// stopped: give it one that is removed after the browser, so runs leave
	// nothing behind. The name is short: a socket path has 107 bytes at most.
	tmp, err := os.MkdirTemp("", "chr")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) }) // runs after the browser's cleanup below
	tab, stop := Launch(context.Background(), path, t.TempDir(), tmp, chromedp.WindowSize(1280, 900))
	t.Cleanup(stop)
	if err := chromedp.Do(tab); err != nil { // no deadline here: it would kill the browser
		t.Fatalf("start Chromium: %v", err)
	}
	return tab
}

// Find returns the Chromium binary to start. Debian's /usr/bin/chromium
// is a shell wrapper whose /etc/chromium.d scripts break when /dev/shm is
// mounted twice ("[: ...: unexpected operator"); the binary behind it
// takes our flags directly, so it comes first.
func Find() (string, error) {
	for _, path := range []string{"/usr/lib/chromium/chromium", "/usr/bin/chromium"} {
		if _, err := os.Stat(path); err == nil {
			return path, nil
		}
	}
	path, err := exec.LookPath("chromium")
	if err != nil {
		return "", fmt.Errorf("find Chromium: %w", err)
	}
	return path, nil
}

// Launch prepares the headless Chromium at path with the flags every
// browser run of the project uses (the tests' and cmd/benchpage's), the
// profile directory profile and, unless tmp is "", TMPDIR=tmp, plus
// extra options. The browser starts with the tab's first action; stop
// closes it.
func Launch(ctx context.Context, path, profile, tmp string, extra ...chromedp.ExecAllocatorOption) (tab context.Context, stop func()) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.UserDataDir(profile),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
	}
	if tmp != "" {
		opts = append(opts, chromedp.Env("TMPDIR="+tmp))
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, append(opts, extra...)...)
	tab, cancelTab := chromedp.NewContext(alloc)
	return tab, func() { cancelTab(); cancelAlloc() }
}

// Run performs actions with a deadline, failing the test on error.
func Run(t *testing.T, tab context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, Timeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// Eval evaluates JavaScript (awaiting a promise) and decodes the result.
func Eval[T any](t *testing.T, tab context.Context, js string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, Timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %.60q: %v", js, err)
	}
	return v
}

// WatchCSP records Content-Security-Policy violations of every document the
// tab opens, in window.__csp.
func WatchCSP() chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));`,
		})
		return chromedp.Void{}, err
	}
}

// NoCSPViolations fails the test when WatchCSP recorded any violation.
func NoCSPViolations(t *testing.T, tab context.Context) {
	t.Helper()
	if v := Eval[[]string](t, tab, `window.__csp || []`); len(v) > 0 {
		t.Errorf("Content-Security-Policy violations: %v", v)
	}
}

// Artifact saves a file for people to look at under
// <repo>/artifacts/screenshots; repoRoot is relative to the test's package.
func Artifact(t *testing.T, repoRoot, name string, data []byte) {
	t.Helper()
	dir := filepath.Join(repoRoot, "artifacts", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
