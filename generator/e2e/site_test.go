// Package e2e drives the built site in a real headless Chromium: the
// validator page with the real WebAssembly module, and the copy buttons.
// Browser tests fail rather than skip when the CI environment variable is
// set; scripts/test installs Chromium and a CJK font on a fresh machine.
package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/browsertest"
	"pairag.com/portal/generator/preview/netlify"
	"pairag.com/portal/generator/testtemp"
	"pairag.com/portal/generator/wasm"
)

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// TestMain removes the sites the tests built, so a run leaves nothing in
// the temporary directory (issue 13: 7.8 MB per run; issue 25:
// e2e-fixture-* was left behind), and fails the run if a test left
// anything else there.
func TestMain(m *testing.M) {
	os.Exit(testtemp.Main(m, func() {
		if siteDir != "" {
			os.RemoveAll(filepath.Dir(siteDir))
		}
		skillSites.Range(func(_, v any) bool {
			if dir := v.(*skillSite).dir; dir != "" {
				os.RemoveAll(filepath.Dir(dir))
			}
			return true
		})
	}))
}

// builtSite builds the real content with the real validator module once for
// the package.
func builtSite(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		ctx := context.Background()
		m, err := wasm.Build(ctx, wasm.Options{ModuleDir: "../.."})
		if err != nil {
			siteErr = err
			return
		}
		dir, err := os.MkdirTemp("", "e2e-site-*")
		if err != nil {
			siteErr = err
			return
		}
		siteDir = filepath.Join(dir, "public")
		_, siteErr = generator.Build(ctx, generator.Config{
			Content: os.DirFS("../.."), OutDir: siteDir, BaseURL: "http://127.0.0.1",
			Validator: &generator.Validator{Wasm: m.Wasm, WasmExec: m.WasmExec},
		})
	})
	if siteErr != nil {
		t.Fatalf("build site: %v", siteErr)
	}
	return siteDir
}

// siteServer serves the built site on 127.0.0.1 with the headers of
// netlify.toml, matched as gen serve matches them, so CSP and content types
// behave as in production.
func siteServer(t *testing.T) *httptest.Server {
	t.Helper()
	return newSiteServer(t, siteOptions{})
}

// The browser helpers live in generator/browsertest; these short names keep
// the tests readable.
func browser(t *testing.T) context.Context { return browsertest.Start(t) }

func run(t *testing.T, tab context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	browsertest.Run(t, tab, actions...)
}

func eval[T any](t *testing.T, tab context.Context, js string) T {
	t.Helper()
	return browsertest.Eval[T](t, tab, js)
}

func watchCSP() chromedp.Action[chromedp.Void] { return browsertest.WatchCSP() }

func noCSPViolations(t *testing.T, tab context.Context) {
	t.Helper()
	browsertest.NoCSPViolations(t, tab)
}

func artifact(t *testing.T, name string, data []byte) {
	t.Helper()
	browsertest.Artifact(t, "../..", name, data)
}

// cdpCall is cdp.Call, named for the tests that send raw protocol commands.
var cdpCall = cdp.Call[emulation.SetEmulatedMediaParams, cdp.Empty]

// scriptsOff disables JavaScript for the tab's next documents.
func scriptsOff() chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return chromedp.Void{}, err
	}
}

// view is one way a reader sees a page: a width and a colour scheme.
type view struct {
	size          string
	width, height int64
	mobile        bool
	scheme        string
}

// views are the desktop and phone widths in the light and dark themes that
// the screenshot tests cover.
var views = []view{
	{"desktop", 1280, 900, false, "light"}, {"desktop", 1280, 900, false, "dark"},
	{"phone", 390, 844, true, "light"}, {"phone", 390, 844, true, "dark"},
}

// apply sets the tab's viewport and colour scheme.
func (v view) apply() chromedp.Action[chromedp.Void] {
	opts := []chromedp.EmulateViewportOption{}
	if v.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	return chromedp.Steps(chromedp.EmulateViewport(v.width, v.height, opts...), emulateScheme(v.scheme))
}

// screenshot saves the whole page as artifacts/screenshots/<name>-<size>-<scheme>.png.
func (v view) screenshot(t *testing.T, tab context.Context, name string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, browsertest.Timeout)
	defer cancel()
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	artifact(t, name+"-"+v.size+"-"+v.scheme+".png", shot)
}

// productionHeaders returns the header rules of netlify.toml, matched as
// gen serve matches them.
func productionHeaders(t *testing.T) func(http.Header, string) {
	t.Helper()
	data, err := os.ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	headers, err := netlify.Headers(string(data))
	if err != nil {
		t.Fatalf("netlify.toml: %v", err)
	}
	return headers
}

// dirServer serves a built site directory on 127.0.0.1 with the headers of
// netlify.toml, so CSP and content types behave as in production.
func dirServer(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	headers := productionHeaders(t)
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		headers(w.Header(), r.URL.Path)
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}
