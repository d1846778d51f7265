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
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pairag.com/portal/generator"
	"pairag.com/portal/wasmbuild"
)

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// builtSite builds the real content with the real validator module once for
// the package.
func builtSite(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		ctx := context.Background()
		m, err := wasmbuild.Build(ctx, wasmbuild.Options{ModuleDir: ".."})
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
			Content: os.DirFS(".."), OutDir: siteDir, BaseURL: "http://127.0.0.1",
			Validator: &generator.Validator{Wasm: m.Wasm, WasmExec: m.WasmExec},
		})
	})
	if siteErr != nil {
		t.Fatalf("build site: %v", siteErr)
	}
	return siteDir
}

// netlifyRule is one [[headers]] block of netlify.toml.
type netlifyRule struct {
	For    string            `toml:"for"`
	Values map[string]string `toml:"values"`
}

// siteServer serves the built site on 127.0.0.1 with the headers of
// netlify.toml, so CSP and content types behave as in production.
func siteServer(t *testing.T) *httptest.Server {
	t.Helper()
	dir := builtSite(t)
	var cfg struct {
		Headers []netlifyRule `toml:"headers"`
	}
	if _, err := toml.DecodeFile("../netlify.toml", &cfg); err != nil {
		t.Fatal(err)
	}
	type compiled struct {
		re     *regexp.Regexp
		values map[string]string
	}
	var rules []compiled
	for _, r := range cfg.Headers {
		pat := "^" + strings.ReplaceAll(regexp.QuoteMeta(r.For), `\*`, ".*") + "$"
		rules = append(rules, compiled{regexp.MustCompile(pat), r.Values})
	}
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, rule := range rules {
			if rule.re.MatchString(r.URL.Path) {
				for k, v := range rule.values {
					w.Header().Set(k, v)
				}
			}
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// browser starts a headless Chromium for the test and returns its tab.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := "/usr/bin/chromium"
	if _, err := os.Stat(path); err != nil {
		if p, err := exec.LookPath("chromium"); err == nil {
			path = p
		} else if os.Getenv("CI") != "" {
			t.Fatal("Chromium is required for the browser tests (scripts/test installs it)")
		} else {
			t.Skip("Chromium not installed")
		}
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

// run performs actions on a tab with a deadline, failing the test on error.
func run(t *testing.T, tab context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates JavaScript on a tab and decodes the result.
func eval[T any](t *testing.T, tab context.Context, js string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluate %.60q: %v", js, err)
	}
	return v
}

// watchCSP records Content-Security-Policy violations of every page the tab
// opens, in window.__csp.
func watchCSP() chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));`,
		})
		return chromedp.Void{}, err
	}
}

func noCSPViolations(t *testing.T, tab context.Context) {
	t.Helper()
	if v := eval[[]string](t, tab, `window.__csp || []`); len(v) > 0 {
		t.Errorf("Content-Security-Policy violations: %v", v)
	}
}

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

// cdpCall is cdp.Call, named for the tests that send raw protocol commands.
var cdpCall = cdp.Call[emulation.SetEmulatedMediaParams, cdp.Empty]
