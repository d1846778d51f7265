package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/goccy/go-yaml"

	"pairag.com/portal/protocol"
	"pairag.com/portal/templates"
)

// openValidator loads the validator page in a new tab and waits until the
// module is ready to answer.
func openValidator(t *testing.T, path string) context.Context {
	t.Helper()
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, watchCSP(), chromedp.Navigate(srv.URL+path), chromedp.WaitVisible(chromedp.ID("payload")))
	return tab
}

// paste puts text into the editor as a paste would, picks the tier, and
// waits for the result it produces.
func paste(t *testing.T, tab context.Context, text, tier string) {
	t.Helper()
	js, _ := json.Marshal(text)
	eval[bool](t, tab, fmt.Sprintf(`(document.getElementById("payload").value = %s, true)`, js))
	firePaste(t, tab, tier)
}

// firePaste picks the tier and sends the input event a paste makes for the
// text already in the editor, then waits for the result.
func firePaste(t *testing.T, tab context.Context, tier string) {
	t.Helper()
	before := eval[string](t, tab, `document.getElementById("validator").dataset.results || "0"`)
	eval[bool](t, tab, fmt.Sprintf(`(() => {
		document.getElementById("tier").value = %q;
		document.getElementById("payload").dispatchEvent(new InputEvent("input", {inputType: "insertFromPaste", bubbles: true}));
		return true;
	})()`, tier))
	ctx, cancel := context.WithTimeout(tab, 300*time.Second) // a 5 MB payload on a loaded machine
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`(document.getElementById("validator").dataset.results || "0") !== %q`, before))); err != nil {
		t.Fatalf("no validation result within 300 s of the paste: %v", err)
	}
}

// shownFinding is a finding as the page lists it.
type shownFinding struct {
	Severity string `json:"sev"`
	Pos      string `json:"pos"`
	Code     string `json:"code"`
	Text     string `json:"text"`
}

func findings(t *testing.T, tab context.Context) []shownFinding {
	t.Helper()
	return eval[[]shownFinding](t, tab, `[...document.querySelectorAll("#findings li")].map((li) => ({
		sev: li.className.replace("finding ", ""), pos: li.querySelector(".pos").textContent,
		code: li.querySelector(".code").textContent, text: li.textContent}))`)
}

func summary(t *testing.T, tab context.Context) string {
	return eval[string](t, tab, `document.getElementById("summary").textContent`)
}

func TestValidatorValidPayload(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"/validator/", "Valid for the Pro tier"},
		{"/zh-CN/validator/", "可以发布"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			tab := openValidator(t, tc.path)
			paste(t, tab, string(protocol.Default().Example.Payload), "pro")
			if got := summary(t, tab); !strings.Contains(got, tc.want) {
				t.Errorf("summary = %q; want it to contain %q", got, tc.want)
			}
			if n := eval[int](t, tab, `document.querySelectorAll("#pipeline .stages li").length`); n != 3 {
				t.Errorf("pipeline shows %d stages; want 3", n)
			}
			noCSPViolations(t, tab)
		})
	}
}

func TestValidatorReferenceExample(t *testing.T) {
	text := readFile(t, "../../protocol/testdata/payloads/reference-example.json")
	tab := openValidator(t, "/validator/")
	if tier := eval[string](t, tab, `document.getElementById("tier").value`); tier != "free" {
		t.Errorf("default tier = %q; want free", tier)
	}
	paste(t, tab, text, "free")
	got := map[string]shownFinding{}
	for _, f := range findings(t, tab) {
		got[f.Code] = f
	}
	for code, pos := range map[string]string{"language-alias": "12:17", "location-anywhere-only": "13:17", "fiat-not-available": "93:23"} {
		if f, ok := got[code]; !ok || f.Pos != pos {
			t.Errorf("finding %s at %q; want %s (findings: %v)", code, f.Pos, pos, got)
		}
	}
	if s := summary(t, tab); !strings.Contains(s, "2 errors, ") {
		t.Errorf("summary = %q; want 2 errors", s)
	}
	// Every finding links to the section of the reference that explains it.
	links := eval[map[string]string](t, tab, `Object.fromEntries([...document.querySelectorAll("#findings li")].map((li) =>
		[li.querySelector(".code").textContent, (li.querySelector("a.docs") || {}).href || ""]))`)
	for code, want := range map[string]string{"language-alias": "/docs/task-publish-v18/#aliases", "location-anywhere-only": "/docs/task-publish-v18/#location", "fiat-not-available": "/docs/task-publish-v18/#"} {
		if !strings.Contains(links[code], want) {
			t.Errorf("finding %s links %q; want a link to %s", code, links[code], want)
		}
	}
	// Errors come first, then warnings.
	list := findings(t, tab)
	if len(list) < 3 || list[0].Severity != "error" || list[len(list)-1].Severity != "warning" {
		t.Errorf("findings not ordered errors, warnings: %v", list)
	}

	// Clicking a finding selects the offending text.
	eval[bool](t, tab, `(() => { [...document.querySelectorAll("#findings li")].find((li) => li.querySelector(".code").textContent === "language-alias").querySelector("button").click(); return true })()`)
	if sel := eval[string](t, tab, `(() => { const ta = document.getElementById("payload"); return ta.value.slice(ta.selectionStart, ta.selectionEnd) })()`); sel != `"en-US"` {
		t.Errorf("clicking the alias finding selected %q; want \"en-US\"", sel)
	}
	if active := eval[string](t, tab, `document.activeElement.id`); active != "payload" {
		t.Errorf("focus is on %q after clicking a finding; want the editor", active)
	}

	// Apply fixes, once confirmed in the preview: the alias and the
	// free-tier location are replaced, nothing else.
	run(t, tab, chromedp.Click(chromedp.ID("apply-fixes")))
	waitCond(t, tab, `!document.getElementById("fix-preview").hidden`, "the preview of the fixes")
	clickAndWaitResult(t, tab, "fix-confirm")
	fixed := eval[string](t, tab, `document.getElementById("payload").value`)
	want := strings.Replace(strings.Replace(text, `"en-US"`, `"en"`, 1), `"Shanghai, China"`, `"Anywhere"`, 1)
	if fixed != want {
		t.Errorf("after Apply fixes the text differs from the original with only the alias and location replaced")
	}
	noCSPViolations(t, tab)
}

func TestValidatorShowsMarkupAsText(t *testing.T) {
	p := decode(t, protocol.Default().Example.Payload)
	m := p["manifest"].(map[string]any)
	m["name"] = `<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">`
	m["language"] = `<img src=y onerror="window.__xss = 3">`
	p["stages"].([]any)[0].(map[string]any)["stage_name"] = `<b onmouseover="window.__xss = 4">plan</b>`
	tab := openValidator(t, "/validator/")
	paste(t, tab, encode(t, p), "pro")
	time.Sleep(300 * time.Millisecond) // give any injected handler a chance to run
	if v := eval[string](t, tab, `String(window.__xss)`); v != "undefined" {
		t.Fatalf("pasted markup ran: window.__xss = %s", v)
	}
	if n := eval[int](t, tab, `document.querySelectorAll("#validator img, #validator b, #validator script:not([type])").length`); n != 0 {
		t.Errorf("pasted markup became %d element(s)", n)
	}
	if name := eval[string](t, tab, `document.querySelector("#pipeline .task-name").textContent`); name != m["name"] {
		t.Errorf("task name shown as %q; want the markup as text", name)
	}
	if !strings.Contains(eval[string](t, tab, `document.getElementById("findings").textContent`), `<img src=y`) {
		t.Errorf("the unknown-language finding does not show the pasted markup as text")
	}
}

// TestValidatorLargePayload pastes a 5 MB payload and checks the page
// reports it, logging how long the main thread paused meanwhile.
func TestValidatorLargePayload(t *testing.T) {
	// A pretty-printed payload of about 2,000 stages: 5 MB over some 150,000
	// lines, the shape a runaway model produces.
	p := decode(t, protocol.Default().Example.Payload)
	stages := p["stages"].([]any)
	for i := 0; len(encode(t, p)) < 5<<20; i++ {
		batch := make([]any, 0, 200)
		for j := range 200 {
			s := decode(t, []byte(encode(t, stages[j%3])))
			s["stage_name"] = fmt.Sprintf("stage_%d_%d", i, j)
			batch = append(batch, s)
		}
		p["stages"] = append(p["stages"].([]any), batch...)
	}
	text := encode(t, p)
	tab := openValidator(t, "/validator/")
	// The browser's own layout of a 150,000-line textarea takes a while
	// whatever the page does; measure it apart, then measure the page while
	// it validates and lists the findings.
	js, _ := json.Marshal(text)
	layout := eval[float64](t, tab, fmt.Sprintf(`(() => { const ta = document.getElementById("payload");
		const t0 = performance.now(); ta.value = %s; void ta.scrollHeight; return performance.now() - t0 })()`, js))
	eval[bool](t, tab, `(() => { window.__gap = 0; window.__pending = 0; let last = performance.now();
		const v = document.getElementById("validator"), before = v.dataset.results || "0";
		window.__probe = setInterval(() => {
			const now = performance.now(); window.__gap = Math.max(window.__gap, now - last); last = now;
			if ((v.dataset.results || "0") === before) { window.__pending++; }
		}, 20);
		return true })()`)
	firePaste(t, tab, "pro")
	gap := eval[float64](t, tab, `(clearInterval(window.__probe), window.__gap)`)
	pending := eval[int](t, tab, `window.__pending`)
	if s := summary(t, tab); !strings.Contains(s, "Not valid for the Pro tier") {
		t.Errorf("summary for the 5 MB payload = %q; want the stage-count error reported", s)
	}
	if !strings.Contains(eval[string](t, tab, `document.getElementById("findings").textContent`), "too-many-stages") {
		t.Errorf("the 5 MB payload's too-many-stages finding is not listed")
	}
	// Validation runs in the worker: the page keeps answering while it
	// does. Had it run on the main thread, no timer could fire between the
	// paste and the result. This counts timer ticks in that interval rather
	// than comparing durations: a loaded machine slows everything, and a
	// timing claim belongs in a benchmark (the durations are logged).
	work := eval[float64](t, tab, `Number(document.getElementById("validator").dataset.ms)`)
	if pending < 2 {
		t.Errorf("the page answered %d timer tick(s) while the 5 MB payload was validated; want it answering throughout", pending)
	}
	t.Logf("%d-byte payload: textarea layout %.0f ms; worker validation %.0f ms; longest main-thread pause meanwhile %.0f ms; %d ticks while pending", len(text), layout, work, gap, pending)
}

// TestValidatorScreenshots saves the page at desktop and phone width in light
// and dark themes, with the reference example's findings, under
// artifacts/screenshots.
func TestValidatorScreenshots(t *testing.T) {
	text := readFile(t, "../../protocol/testdata/payloads/reference-example.json")
	srv := siteServer(t)
	tab := browser(t)
	for _, lang := range []string{"", "/zh-CN"} {
		name := "validator-en"
		if lang != "" {
			name = "validator-zh-CN"
		}
		for _, v := range views {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+lang+"/validator/"), chromedp.WaitVisible(chromedp.ID("payload")))
			paste(t, tab, text, "free")
			v.screenshot(t, tab, name)
		}
	}
}

func emulateScheme(scheme string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdpCall(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return chromedp.Void{}, err
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestValidatorOffline loads the page and the module, shuts the server
// down, and validates again: nothing the validator needs comes from a
// server after the first load.
func TestValidatorOffline(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, chromedp.Navigate(srv.URL+"/validator/"), chromedp.WaitVisible(chromedp.ID("payload")))
	paste(t, tab, string(protocol.Default().Example.Payload), "pro")
	srv.CloseClientConnections()
	srv.Close()
	if reached := eval[bool](t, tab, `fetch("/", {cache: "no-store"}).then(() => true, () => false)`); reached {
		t.Fatal("the site is still reachable after the server shut down")
	}
	text := readFile(t, "../../protocol/testdata/payloads/reference-example.json")
	paste(t, tab, text, "free")
	if s := summary(t, tab); !strings.Contains(s, "2 errors, ") {
		t.Errorf("offline summary = %q; want the reference example's 2 errors", s)
	}
}

// TestValidatorWithoutJavaScript checks the page without scripts: the tool
// stays hidden and the notice points to the command line.
func TestValidatorWithoutJavaScript(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, scriptsOff(), chromedp.Navigate(srv.URL+"/validator/"), chromedp.WaitReady(chromedp.CSS("main")))
	if shown := eval[bool](t, tab, `getComputedStyle(document.querySelector("#validator .tool")).display !== "none"`); shown {
		t.Errorf("the tool is shown without JavaScript")
	}
	text := eval[string](t, tab, `document.querySelector("#validator noscript").textContent`)
	href := eval[string](t, tab, `(document.querySelector("#validator noscript a") || {getAttribute: () => ""}).getAttribute("href")`)
	if !strings.Contains(text, "gen validate") || href != "#validate-on-the-command-line" {
		t.Errorf("the no-script notice does not name and link the CLI: %q, link %q", text, href)
	}
	if n := eval[int](t, tab, `document.querySelectorAll("#validate-on-the-command-line").length`); n != 1 {
		t.Errorf("the notice links #validate-on-the-command-line, which the page has %d times", n)
	}
}

// requestLog records the paths a test server was asked for.
type requestLog struct {
	mu    sync.Mutex
	paths []string
}

func (l *requestLog) add(p string) { l.mu.Lock(); l.paths = append(l.paths, p); l.mu.Unlock() }

// has reports whether a path ending in suffix was requested.
func (l *requestLog) has(suffix string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range l.paths {
		if strings.HasSuffix(p, suffix) {
			return true
		}
	}
	return false
}

// embedPage is a plain page of another project that embeds the validator
// through its JavaScript API, as the Pairag app would; it is served without
// the site's CSP, as someone else's page would be.
const embedPage = `<!doctype html><meta charset="utf-8"><title>embed</title>
<script type="module">
import * as api from "/validator/pairag-validator.js";
window.api = api;
</script>`

// loggedSiteServer is siteServer that also logs requests and serves
// /embed-test.html.
func loggedSiteServer(t *testing.T) (*httptest.Server, *requestLog) {
	t.Helper()
	log := &requestLog{}
	return newSiteServer(t, siteOptions{log: log}), log
}

// siteOptions change how newSiteServer answers.
type siteOptions struct {
	log     *requestLog               // when set, every request path is logged
	hold    *regexp.Regexp            // requests matching it wait until release is closed
	release chan struct{}             //
	headers func(http.Header, string) // runs after netlify.toml's headers
}

// newSiteServer serves the built site as siteServer does, changed by o.
func newSiteServer(t *testing.T, o siteOptions) *httptest.Server {
	t.Helper()
	dir := builtSite(t)
	headers := productionHeaders(t)
	files := http.FileServer(http.Dir(dir))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o.log != nil {
			o.log.add(r.URL.Path)
		}
		if o.hold != nil && o.hold.MatchString(r.URL.Path) {
			select {
			case <-o.release:
			case <-r.Context().Done():
				return
			}
		}
		if r.URL.Path == "/embed-test.html" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, embedPage)
			return
		}
		headers(w.Header(), r.URL.Path)
		if o.headers != nil {
			o.headers(w.Header(), r.URL.Path)
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestValidatorWrongWasmType serves the module with a wrong Content-Type,
// as a misconfigured host would: streaming compilation refuses it, and the
// page falls back to compiling the downloaded bytes.
func TestValidatorWrongWasmType(t *testing.T) {
	srv := newSiteServer(t, siteOptions{headers: func(h http.Header, path string) {
		if strings.HasSuffix(path, ".wasm") {
			h.Set("Content-Type", "application/octet-stream")
		}
	}})
	tab := browser(t)
	run(t, tab, chromedp.Navigate(srv.URL+"/validator/"), chromedp.WaitVisible(chromedp.ID("payload")))
	paste(t, tab, string(protocol.Default().Example.Payload), "pro")
	if !eval[bool](t, tab, `document.getElementById("summary").classList.contains("ok")`) {
		t.Errorf("summary = %q; want the example's result", summary(t, tab))
	}
}

// waitCond polls a JavaScript condition until it holds, with a generous
// deadline.
func waitCond(t *testing.T, tab context.Context, cond, what string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, 90*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(0))); err != nil {
		t.Fatalf("waiting for %s (%s): %v", what, cond, err)
	}
}

// recordStatus keeps every text the status line shows, in window.__status.
const recordStatus = `(() => { const s = document.getElementById("validator-status"); window.__status = [];
	new MutationObserver(() => window.__status.push(s.textContent)).observe(s, {childList: true, characterData: true, subtree: true});
	return true })()`

// pageMessages are the validator strings of a language, as the page has them.
func pageMessages(lang string) templates.ValidatorMessages { return templates.For(lang).Validator }

// before returns the part of a message before its first placeholder.
func before(msg string) string {
	if i := strings.Index(msg, "{"); i >= 0 {
		return msg[:i]
	}
	return msg
}

var validatorLangs = []struct{ prefix, lang string }{{"", "en"}, {"/zh-CN", "zh-CN"}}

// count returns how many requests had a path ending in suffix.
func (l *requestLog) count(suffix string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, p := range l.paths {
		if strings.HasSuffix(p, suffix) {
			n++
		}
	}
	return n
}

// TestValidatorPreloadsModule: the validator page asks for the module with
// its first bytes and starts the engine without waiting for the reader, so
// on a phone the download runs while the page arrives (navigation to
// ready on Fast 4G: see cmd/benchpage). The preload is taken by the API's
// own fetch (one request, never two), the worker needs no second script,
// other pages download no module, and the page says nothing about the
// download until the reader uses the tool; then the progress line, in the
// page's language, says how much has arrived. Before, the module was
// requested only at the first focus of the editor.
func TestValidatorPreloadsModule(t *testing.T) {
	for _, l := range validatorLangs {
		t.Run(l.lang, func(t *testing.T) {
			release := make(chan struct{})
			log := &requestLog{}
			srv := newSiteServer(t, siteOptions{log: log, hold: regexp.MustCompile(`\.wasm$`), release: release})
			tab := browser(t)
			run(t, tab, watchCSP(), chromedp.Navigate(srv.URL+l.prefix+"/docs/create-task/"), chromedp.WaitReady("body"))
			eval[bool](t, tab, `new Promise((ok) => document.readyState === "complete" ? ok(true) : addEventListener("load", () => ok(true)))`)
			if log.has(".wasm") {
				t.Fatalf("a page without the validator requested the module; requests: %v", log.paths)
			}

			// The page before asks for the search's index in an idle moment
			// after its load: counted once it has.
			for deadline := time.Now().Add(90 * time.Second); !log.has("manifest.json"); {
				if time.Now().After(deadline) {
					t.Fatalf("the create-task page did not load the search index; requests: %v", log.paths)
				}
				waitCond(t, tab, `new Promise((ok) => setTimeout(() => ok(true), 50))`, "a moment")
			}
			indexes := log.count("manifest.json")
			run(t, tab, chromedp.Navigate(srv.URL+l.prefix+"/validator/"), chromedp.WaitVisible(chromedp.ID("payload")))
			waitCond(t, tab, `document.getElementById("validator").dataset.state === "loading"`, "the engine to start without any use")
			deadline := time.Now().Add(90 * time.Second)
			for !log.has(".wasm") {
				if time.Now().After(deadline) {
					t.Fatalf("the page did not request the module before any use; requests: %v", log.paths)
				}
				waitCond(t, tab, `new Promise((ok) => setTimeout(() => ok(true), 50))`, "a moment")
			}
			if got := eval[string](t, tab, `document.getElementById("validator-status").textContent`); got != "" {
				t.Errorf("before any use the status says %q; want nothing said about the download", got)
			}
			// The search's quiet load waits for the module: its requests
			// would share a phone's bandwidth with the download.
			eval[bool](t, tab, `new Promise((ok) => (document.readyState === "complete" ? ok() : addEventListener("load", () => ok()))).then(() =>
				new Promise((ok) => requestIdleCallback(() => requestIdleCallback(() => ok(true), {timeout: 2000}), {timeout: 2000})))`)
			if log.count("manifest.json") > indexes {
				t.Errorf("the search index was asked for while the module downloads; want it after (or at a use of the search box)")
			}
			eval[bool](t, tab, recordStatus)
			run(t, tab, chromedp.Click(chromedp.ID("payload")))
			close(release)
			waitCond(t, tab, `document.getElementById("validator").dataset.state === "ready"`, "the validator to be ready")
			for deadline := time.Now().Add(90 * time.Second); log.count("manifest.json") == indexes; {
				if time.Now().After(deadline) {
					t.Fatalf("the search index was not asked for once the module was in; requests: %v", log.paths)
				}
				waitCond(t, tab, `new Promise((ok) => setTimeout(() => ok(true), 50))`, "a moment")
			}
			if n := log.count(".wasm"); n != 1 {
				t.Errorf("the module was requested %d times; want once (the API's fetch takes the preload)", n)
			}
			// Asked for after the first paint, never with the HTML: a preload
			// from the page's first bytes took the network from the paint
			// (Lighthouse's phone: LCP 4.65 s).
			if !eval[bool](t, tab, `(() => { const p = performance.getEntriesByName("first-contentful-paint")[0];
				const w = performance.getEntriesByType("resource").find((r) => r.name.endsWith(".wasm"));
				return !!p && !!w && w.startTime >= p.startTime; })()`) {
				t.Errorf("the module was requested before the first contentful paint; want it asked for once the page has painted")
			}
			if log.has("/wasm_exec.") {
				t.Errorf("the worker asked for wasm_exec.js on its own; want it inside the worker script")
			}
			m := pageMessages(l.lang)
			shown := eval[[]string](t, tab, `window.__status`)
			progress := ""
			for _, s := range shown {
				if strings.HasPrefix(s, before(m.Loading)) {
					progress = s
				}
			}
			if progress == "" {
				t.Errorf("no progress line %q… among the status texts %q", before(m.Loading), shown)
			} else if !regexp.MustCompile(`\d`).MatchString(progress) || !strings.Contains(progress, "MB") {
				t.Errorf("progress line %q does not say how much is loaded", progress)
			}
			if got := eval[string](t, tab, `document.getElementById("validator-status").textContent`); got != m.Ready {
				t.Errorf("status after loading = %q; want %q", got, m.Ready)
			}
			noCSPViolations(t, tab)
		})
	}
}

// TestValidatorPaintsBeforeItsAssets holds back every request but the
// page's own HTML and waits for the validator page's first paint: the
// theme script and the stylesheets are in the HTML (issue 19: on a
// phone's Fast 4G they arrived a round trip after it, and the module is
// asked for only once the page has painted), so the page paints, styled,
// themed and within its Content-Security-Policy, with nothing else. The
// start script, inline too, has started the engine by then. Before, no
// paint came while the stylesheets were held.
func TestValidatorPaintsBeforeItsAssets(t *testing.T) {
	for _, l := range validatorLangs {
		t.Run(l.lang, func(t *testing.T) {
			release := make(chan struct{})
			defer func() {
				select {
				case <-release:
				default:
					close(release)
				}
			}()
			log := &requestLog{}
			srv := newSiteServer(t, siteOptions{log: log, hold: regexp.MustCompile(`^/(assets|validator/pairag-validator\.js|favicon)`), release: release})
			tab := browser(t)
			run(t, tab, watchCSP(), views[2].apply())
			eval[bool](t, tab, fmt.Sprintf(`(location.href = %q, true)`, srv.URL+l.prefix+"/validator/"))
			waitAcrossNavigation(t, tab, `location.pathname.endsWith("/validator/") && performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint")`)
			got := eval[[]string](t, tab, `[getComputedStyle(document.querySelector(".site-header")).position,
				getComputedStyle(document.querySelector("#validator .editor")).display,
				String(document.documentElement.classList.contains("js")),
				String(!!document.getElementById("validator").startEngine)]`)
			if want := []string{"sticky", "grid", "true", "true"}; !slices.Equal(got, want) {
				t.Errorf("at the first paint with every asset held: header position, editor display, theme script ran, start script ran = %q; want %q (the theme script, the stylesheets and the start script in the HTML)", got, want)
			}
			close(release)
			waitCond(t, tab, `document.readyState === "complete"`, "the page's assets")
			if log.has(".css") || log.has("/theme.") || log.has("/validator-start.") {
				t.Errorf("the validator page asked for a stylesheet, the theme script or the start script: %v; want them inline", log.paths)
			}
			noCSPViolations(t, tab)
		})
	}
}

// TestValidatorSaveData: with Save-Data (navigator.connection.saveData)
// the page downloads no module until the reader pastes or checks; the
// reader's first use says so, in the page's language; a check then loads
// the engine and answers. Before, the page downloaded the module at once.
func TestValidatorSaveData(t *testing.T) {
	example := string(protocol.Default().Example.Payload)
	for _, l := range validatorLangs {
		t.Run(l.lang, func(t *testing.T) {
			log := &requestLog{}
			srv := newSiteServer(t, siteOptions{log: log})
			tab := browser(t)
			run(t, tab, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
					Source: `Object.defineProperty(navigator, "connection", {value: {saveData: true, effectiveType: "4g"}, configurable: true});`,
				})
				return chromedp.Void{}, err
			})
			run(t, tab, chromedp.Navigate(srv.URL+l.prefix+"/validator/"), chromedp.WaitVisible(chromedp.ID("payload")))
			eval[bool](t, tab, `new Promise((ok) => document.readyState === "complete" ? ok(true) : addEventListener("load", () => ok(true)))`)
			// two frames and a timer after load: the start script would have started by now
			eval[bool](t, tab, `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => ok(true), 200))))`)
			if log.has(".wasm") {
				t.Fatalf("with Save-Data the page requested the module before any use; requests: %v", log.paths)
			}
			m := pageMessages(l.lang)
			eval[bool](t, tab, `(document.getElementById("payload").focus(), true)`)
			run(t, tab, chromedp.Click(chromedp.ID("payload")))
			waitCond(t, tab, fmt.Sprintf(`document.getElementById("validator-status").textContent === %q`, m.SaveData), "the Save-Data note")
			if log.has(".wasm") {
				t.Errorf("with Save-Data, focusing the editor requested the module; want it at a paste or a check")
			}
			paste(t, tab, example, "pro")
			if !eval[bool](t, tab, `document.getElementById("summary").classList.contains("ok")`) {
				t.Errorf("summary after the paste = %q; want the example's result", summary(t, tab))
			}
			if n := log.count(".wasm"); n != 1 {
				t.Errorf("the module was requested %d times after the paste; want once", n)
			}
		})
	}
}

// holdPaint runs before the page's scripts. It hides the first paint from
// them (performance.getEntriesByName and paint observers) until the test
// sets window.__paintHeld = false, as a busy phone delivers the paint's
// entry late, and lists in window.__order when the start script asked for
// the module (its preload link), when site.js ran (it shows the theme
// toggle) and when validator.js set the tool up (the class "js" on the
// tool).
const holdPaint = `window.__paintHeld = true; window.__order = [];
(() => {
  const byName = performance.getEntriesByName.bind(performance);
  performance.getEntriesByName = (name, type) => window.__paintHeld && name === "first-contentful-paint" ? [] : byName(name, type);
  const Observer = PerformanceObserver;
  window.PerformanceObserver = class extends Observer {
    constructor(f) { super((list, o) => { if (!window.__paintHeld) f(list, o); }); }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes" && r.target.id === "validator" && r.target.classList.contains("js") && !__order.includes("setup")) __order.push("setup");
      if (r.type === "attributes" && r.target.classList.contains("theme-toggle") && !r.target.hidden && !__order.includes("site.js ran")) __order.push("site.js ran");
      for (const n of r.addedNodes) if (n.nodeName === "LINK" && n.rel === "preload" && n.as === "fetch") __order.push("module requested");
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["class", "hidden"]});
})();`

// TestValidatorSetsUpAfterTheStart: validator.js builds the tool only once
// the start script has asked for the module (issue 19: on a phone that
// setup took the frame after the paint, ahead of the request), and at once
// when the reader is quicker. The paint is hidden from the page (a phone
// delivers its entry late) and the API module held (so the engine is
// still loading when the paste is in). Then nothing is set up at
// DOMContentLoaded; once the paint is seen the module is asked for, then
// the tool set up, and it answers. A paste before the paint starts the
// engine and sets the tool up at once, in that order, and is checked.
// Before, the setup ran at DOMContentLoaded, ahead of the module's request.
func TestValidatorSetsUpAfterTheStart(t *testing.T) {
	example := string(protocol.Default().Example.Payload)
	for _, first := range []string{"paint", "paste"} {
		t.Run(first, func(t *testing.T) {
			release := make(chan struct{})
			var once sync.Once
			open := func() { once.Do(func() { close(release) }) }
			defer open()
			log := &requestLog{}
			srv := newSiteServer(t, siteOptions{log: log, hold: regexp.MustCompile(`^/validator/pairag-validator\.js$`), release: release})
			tab := browser(t)
			run(t, tab, watchCSP(), func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: holdPaint})
				return chromedp.Void{}, err
			})
			eval[bool](t, tab, fmt.Sprintf(`(location.href = %q, true)`, srv.URL+"/validator/"))
			waitAcrossNavigation(t, tab, `location.pathname === "/validator/" && document.readyState !== "loading"`)
			if got := eval[[]string](t, tab, `__order`); len(got) != 0 {
				t.Fatalf("at DOMContentLoaded, before the paint was seen: %q; want nothing set up or asked for yet", got)
			}
			if first == "paint" {
				eval[bool](t, tab, `(window.__paintHeld = false, true)`)
				waitCond(t, tab, `__order.length === 3`, "the module's request, site.js and the setup")
				if got, want := eval[[]string](t, tab, `__order`), []string{"module requested", "site.js ran", "setup"}; !slices.Equal(got, want) {
					t.Errorf("once the paint was seen: %q; want %q", got, want)
				}
				open()
				paste(t, tab, example, "pro")
			} else {
				js, _ := json.Marshal(example)
				eval[bool](t, tab, fmt.Sprintf(`(() => { const ta = document.getElementById("payload"); ta.value = %s;
					document.getElementById("tier").value = "pro";
					ta.dispatchEvent(new InputEvent("input", {inputType: "insertFromPaste", bubbles: true})); return true })()`, js))
				waitCond(t, tab, `__order.length === 3`, "the module's request, site.js and the setup at the paste")
				if got, want := eval[[]string](t, tab, `__order`), []string{"module requested", "site.js ran", "setup"}; !slices.Equal(got, want) {
					t.Errorf("at a paste before the paint: %q; want %q", got, want)
				}
				if got := eval[string](t, tab, `document.getElementById("validator").dataset.state || ""`); got != "loading" {
					t.Errorf("after a paste before the paint the engine's state is %q; want loading", got)
				}
				open()
				waitCond(t, tab, `document.getElementById("validator").dataset.results === "1"`, "the paste's result")
			}
			if !eval[bool](t, tab, `document.getElementById("summary").classList.contains("ok")`) {
				t.Errorf("summary = %q; want the example's result", summary(t, tab))
			}
			if n := log.count(".wasm"); n != 1 {
				t.Errorf("the module was requested %d times; want once", n)
			}
			noCSPViolations(t, tab)
		})
	}
}

// TestValidatorRunsScriptsAfterTheStart: on the validator page site.js and
// validator.js run only after the start script has asked for the module
// (issue 19: deferred, they ran at the parse's end, in a task the paint's
// entry and so the request waited for), and the page never goes without
// them. With the paint hidden from the page (a phone delivers its entry
// late) nothing has run at DOMContentLoaded nor after the load event, and
// once the paint is seen the module is asked for first. When the paint
// never comes (a tab in the background: hidden, no paint) or nothing is
// started (Save-Data), the scripts run all the same: the theme toggle and
// the search box work, and the tool answers a paste. A click on the tool's
// "Load example" before the paint is not lost. Before, the scripts ran at
// DOMContentLoaded, ahead of the module's request.
func TestValidatorRunsScriptsAfterTheStart(t *testing.T) {
	example := string(protocol.Default().Example.Payload)
	for _, c := range []struct{ name, init string }{
		{"paint", ""},
		{"click", ""},
		{"hidden", `Object.defineProperty(Document.prototype, "visibilityState", {get: () => "hidden", configurable: true});`},
		{"savedata", `Object.defineProperty(navigator, "connection", {value: {saveData: true, effectiveType: "4g"}, configurable: true});`},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := siteServer(t)
			tab := browser(t)
			run(t, tab, watchCSP(), func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: holdPaint + c.init})
				return chromedp.Void{}, err
			})
			eval[bool](t, tab, fmt.Sprintf(`(location.href = %q, true)`, srv.URL+"/validator/"))
			waitAcrossNavigation(t, tab, `location.pathname === "/validator/" && document.readyState === "complete"`)
			if c.name == "paint" {
				// two frames and a timer after load: deferred scripts would have run by now
				eval[bool](t, tab, `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => ok(true), 200))))`)
				if got := eval[[]string](t, tab, `__order`); len(got) != 0 {
					t.Fatalf("after the load event, before the paint was seen: %q; want nothing run or asked for yet", got)
				}
				eval[bool](t, tab, `(window.__paintHeld = false, true)`)
				waitCond(t, tab, `__order.length === 3`, "the module's request, site.js and the setup")
				if got, want := eval[[]string](t, tab, `__order`), []string{"module requested", "site.js ran", "setup"}; !slices.Equal(got, want) {
					t.Errorf("once the paint was seen: %q; want %q", got, want)
				}
			}
			if c.name == "click" {
				// The reader clicks "Load example" before the paint is seen: the
				// click starts the engine and runs the scripts, and validator.js
				// clicks again what its setup came too late for.
				eval[bool](t, tab, `(document.getElementById("load-example").click(), true)`)
				waitCond(t, tab, `(document.getElementById("validator").dataset.results || "0") !== "0"`, "the example's result")
			}
			waitCond(t, tab, `__order.includes("site.js ran")`, "site.js to run")
			if (c.name == "hidden" || c.name == "savedata") && eval[bool](t, tab, `__order.includes("module requested")`) {
				t.Errorf("the module was asked for without a paint or a use (%s)", c.name)
			}
			// The theme toggle turns the page dark and back.
			eval[bool](t, tab, `(document.querySelector(".theme-toggle").click(), true)`)
			first := eval[string](t, tab, `document.documentElement.dataset.theme || ""`)
			eval[bool](t, tab, `(document.querySelector(".theme-toggle").click(), true)`)
			if second := eval[string](t, tab, `document.documentElement.dataset.theme || ""`); first == "" || second == "" || first == second {
				t.Errorf("two clicks on the theme toggle set the theme to %q, then %q; want one theme, then the other", first, second)
			}
			// The search box answers.
			run(t, tab, chromedp.SendKeys(chromedp.CSS("#search-input"), "tier"))
			waitCond(t, tab, `document.querySelectorAll("#search-results [role=option]").length > 0`, "search results")
			// The tool answers a paste.
			paste(t, tab, example, "pro")
			if !eval[bool](t, tab, `document.getElementById("summary").classList.contains("ok")`) {
				t.Errorf("summary = %q; want the example's result", summary(t, tab))
			}
			noCSPViolations(t, tab)
		})
	}
}

// TestValidatorSupersedesAndRestarts drives a worker that never finishes
// (the testhang hook stands for a payload the engine cannot finish): a new
// paste supersedes it, the worker restarts and the reader is told; with a
// time limit, the stuck check ends with a message, and the next one works.
func TestValidatorSupersedesAndRestarts(t *testing.T) {
	example := string(protocol.Default().Example.Payload)
	for _, l := range validatorLangs {
		t.Run(l.lang, func(t *testing.T) {
			m := pageMessages(l.lang)
			srv := siteServer(t)
			tab := browser(t)

			// Superseded: the stuck check is replaced by the next paste.
			run(t, tab, chromedp.Navigate(srv.URL+l.prefix+"/validator/?testhang=STUCK"), chromedp.WaitVisible(chromedp.ID("payload")))
			eval[bool](t, tab, recordStatus)
			setText(t, tab, `{"STUCK": true}`, "pro")
			waitCond(t, tab, fmt.Sprintf(`document.getElementById("validator-status").textContent === %q`, m.Validating), "the stuck check to start")
			// The page answers while the worker is busy: a timer and a frame run.
			eval[bool](t, tab, `new Promise((ok) => setTimeout(() => requestAnimationFrame(() => ok(true)), 0))`)
			paste(t, tab, example, "pro")
			if !eval[bool](t, tab, `document.getElementById("summary").classList.contains("ok")`) {
				t.Errorf("summary after superseding = %q; want the example's result", summary(t, tab))
			}
			if n := eval[string](t, tab, `document.getElementById("validator").dataset.restarts`); n != "1" {
				t.Errorf("restarts = %q; want 1", n)
			}
			if shown := eval[[]string](t, tab, `window.__status`); !slices.ContainsFunc(shown, func(s string) bool { return strings.HasPrefix(s, m.Superseded) }) {
				t.Errorf("the reader was not told the check was superseded; status texts: %q", shown)
			}

			// Time limit: the stuck check ends, and the restarted worker answers.
			run(t, tab, chromedp.Navigate(srv.URL+l.prefix+"/validator/?testhang=STUCK&timelimit=1500"), chromedp.WaitVisible(chromedp.ID("payload")))
			setText(t, tab, `{"STUCK": true}`, "pro")
			waitCond(t, tab, `document.getElementById("validator").dataset.failures === "1"`, "the time limit")
			status := eval[string](t, tab, `document.getElementById("validator-status").textContent`)
			if !strings.HasPrefix(status, before(m.TimedOut)) || !strings.Contains(status, "1.5") {
				t.Errorf("status after the time limit = %q; want %q with 1.5 s", status, m.TimedOut)
			}
			paste(t, tab, example, "pro")
			if !eval[bool](t, tab, `document.getElementById("summary").classList.contains("ok")`) {
				t.Errorf("summary after the restart = %q; want the example's result", summary(t, tab))
			}
		})
	}
}

// setText puts text into the editor and fires a paste without waiting for
// a result.
func setText(t *testing.T, tab context.Context, text, tier string) {
	t.Helper()
	js, _ := json.Marshal(text)
	eval[bool](t, tab, fmt.Sprintf(`(() => { const ta = document.getElementById("payload"); ta.value = %s;
		document.getElementById("tier").value = %q;
		ta.dispatchEvent(new InputEvent("input", {inputType: "insertFromPaste", bubbles: true})); return true })()`, js, tier))
}

// TestValidatorNothingMoves measures the cumulative layout shift with a
// PerformanceObserver from navigation through first use until the module
// is ready, at phone and desktop size, in both languages. The page's script
// is held back by the server until the page has painted, as a slow network
// would: whatever the script changes then shows as a shift.
func TestValidatorNothingMoves(t *testing.T) {
	for _, l := range validatorLangs {
		for _, v := range []view{views[0], views[2]} {
			t.Run(l.lang+"-"+v.size, func(t *testing.T) {
				release := make(chan struct{})
				srv := newSiteServer(t, siteOptions{hold: regexp.MustCompile(`^/assets/validator\.[0-9a-f]+\.js$`), release: release})
				tab := browser(t)
				run(t, tab, v.apply(), clsObserver())
				eval[bool](t, tab, fmt.Sprintf(`(location.href = %q, true)`, srv.URL+l.prefix+"/validator/"))
				waitAcrossNavigation(t, tab, `location.pathname.endsWith("/validator/") && performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint")`)
				close(release)
				waitCond(t, tab, `document.readyState === "complete" && document.getElementById("validator").classList.contains("js")`, "the page's script")
				eval[bool](t, tab, `document.fonts.ready.then(() => true)`)
				// A synthetic focus event, not a click: shifts after a real input
				// would not count, and this test wants every shift counted.
				eval[bool](t, tab, `document.getElementById("payload").dispatchEvent(new FocusEvent("focus"))`)
				waitCond(t, tab, `document.getElementById("validator").dataset.state === "ready"`, "the validator to be ready")
				cls := eval[float64](t, tab, `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(window.__cls))))`)
				if cls > 0.02 {
					t.Errorf("cumulative layout shift %.4f; want ≤ 0.02 (shifts: %s)", cls, eval[string](t, tab, `JSON.stringify(window.__shifts)`))
				}
				t.Logf("CLS %.4f", cls)
			})
		}
	}
}

// waitAcrossNavigation polls a condition while the tab may be between
// documents: an evaluation that fails because the old document went away is
// tried again.
func waitAcrossNavigation(t *testing.T, tab context.Context, cond string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(tab, 5*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: last error %v", cond, err)
		}
		ctx, cancel = context.WithTimeout(tab, 5*time.Second)
		chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(time.Second))) // the wait between tries
		cancel()
	}
}

// clsObserver sums the layout shifts of every document the tab opens, as
// CLS counts them (shifts right after a trusted input excluded), in
// window.__cls, with the shifted elements in window.__shifts.
func clsObserver() chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__cls = 0; window.__shifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) { if (e.hadRecentInput) continue;
  window.__cls += e.value;
  window.__shifts.push({value: e.value, nodes: (e.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?")}); }
}).observe({type: "layout-shift", buffered: true});`,
		})
		return chromedp.Void{}, err
	}
}

// TestValidatorAPI embeds the validator in a plain page through its
// JavaScript API, as another page or the Pairag app would.
func TestValidatorAPI(t *testing.T) {
	srv, _ := loggedSiteServer(t)
	tab := browser(t)
	run(t, tab, chromedp.Navigate(srv.URL+"/embed-test.html"))
	waitCond(t, tab, `!!window.api`, "the API module")
	doc := protocol.Default()
	example, _ := json.Marshal(string(doc.Example.Payload))
	type apiResult struct {
		Valid    bool   `json:"valid"`
		Tier     string `json:"tier"`
		Findings []struct {
			Severity, Code, Pointer, Message string
			Line, Column                     int
		} `json:"findings"`
	}
	var got struct {
		Tiers       []string                  `json:"tiers"`
		DefaultTier string                    `json:"defaultTier"`
		Labels      map[string]protocol.Label `json:"labels"`
		Pass        apiResult                 `json:"pass"`
		Free        apiResult                 `json:"free"`
		Fixed       struct {
			Applied int `json:"applied"`
		} `json:"fixed"`
		Superseded, TimedOut string
		After                apiResult `json:"after"`
		Restarts             int       `json:"restarts"`
		Terminated           string    `json:"terminated"`
	}
	js := fmt.Sprintf(`(async () => {
		const text = %s;
		const reason = (p) => p.then(() => "resolved", (e) => e instanceof api.ValidatorError ? e.reason : String(e));
		const v = await api.createValidator({testHang: "STUCK"});
		const out = {tiers: api.tiers, defaultTier: api.defaultTier, labels: api.tierLabels};
		out.pass = await v.validate(text, {tier: %q});
		out.free = await v.validate(text, {tier: "free", lang: "zh-CN"});
		out.fixed = await v.applyFixes(text.replace('"language": "en"', '"language": "en-US"'), {tier: %q});
		const stuck = reason(v.validate("STUCK"));
		await new Promise((ok) => setTimeout(ok, 0)); // let the stuck request reach the worker
		const next = v.validate(text, {tier: %q});
		out.Superseded = await stuck;
		await next;
		out.TimedOut = await reason(v.validate("STUCK", {timeLimit: 500}));
		out.after = await v.validate(text, {tier: %q});
		out.restarts = v.restarts;
		v.terminate();
		out.terminated = await reason(v.validate(text));
		return out;
	})()`, example, doc.Example.Tier, doc.Example.Tier, doc.Example.Tier, doc.Example.Tier)
	ctx, cancel := context.WithTimeout(tab, 3*time.Minute)
	defer cancel()
	res, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(res, &got); err != nil {
		t.Fatalf("%v: %s", err, res)
	}
	if !slices.Equal(got.Tiers, doc.Tiers) || got.DefaultTier != doc.DefaultTier {
		t.Errorf("tiers = %v, default %q; want %v, %q", got.Tiers, got.DefaultTier, doc.Tiers, doc.DefaultTier)
	}
	if got.Labels["free"].ZH != "免费版" {
		t.Errorf("tierLabels = %v; want the labels of content/labels.yaml", got.Labels)
	}
	if !got.Pass.Valid || got.Pass.Tier != doc.Example.Tier {
		t.Errorf("the example at %s: valid %v, tier %q; want valid", doc.Example.Tier, got.Pass.Valid, got.Pass.Tier)
	}
	if got.Free.Valid || len(got.Free.Findings) == 0 {
		t.Errorf("the example at free: valid %v with %d findings; want errors", got.Free.Valid, len(got.Free.Findings))
	}
	for _, f := range got.Free.Findings {
		if f.Line < 1 || f.Code == "" || !regexp.MustCompile(`\p{Han}`).MatchString(f.Message) {
			t.Errorf("finding %+v: want a position, a code and a Chinese message", f)
		}
		if strings.Contains(f.Message, "free") || strings.Contains(f.Message, "Free") {
			t.Errorf("message %q names the tier by its key, not its label", f.Message)
		}
	}
	if got.Fixed.Applied != 1 {
		t.Errorf("applyFixes applied %d fixes; want 1 (the language alias)", got.Fixed.Applied)
	}
	if got.Superseded != "superseded" || got.TimedOut != "timeout" || got.Terminated != "terminated" {
		t.Errorf("rejections: superseded %q, time limit %q, after terminate %q; want superseded, timeout, terminated", got.Superseded, got.TimedOut, got.Terminated)
	}
	if !got.After.Valid || got.Restarts != 2 {
		t.Errorf("after two restarts: valid %v, restarts %d; want a valid result after 2 restarts", got.After.Valid, got.Restarts)
	}
}

// TestValidatorExampleAtFree loads the example at the default Free tier:
// the page says the example is written for another tier (the document's
// example.tier, by its label) and switches to it on request.
func TestValidatorExampleAtFree(t *testing.T) {
	doc := protocol.Default()
	for _, l := range validatorLangs {
		t.Run(l.lang, func(t *testing.T) {
			tab := openValidator(t, l.prefix+"/validator/")
			before := eval[string](t, tab, `document.getElementById("validator").dataset.results || "0"`)
			run(t, tab, chromedp.Click(chromedp.ID("load-example")))
			waitCond(t, tab, fmt.Sprintf(`(document.getElementById("validator").dataset.results || "0") !== %q`, before), "the example's result")
			note := eval[string](t, tab, `document.getElementById("example-note").hidden ? "" : document.getElementById("example-note").textContent`)
			label := tierLabel(t, doc.Example.Tier, l.lang)
			if !strings.Contains(note, label) || !strings.Contains(note, tierLabel(t, "free", l.lang)) {
				t.Errorf("note = %q; want it to name the example's tier %q and Free", note, label)
			}
			if s := summary(t, tab); !strings.Contains(s, tierLabel(t, "free", l.lang)) {
				t.Errorf("summary = %q; want the Free tier's label", s)
			}
			views[0].screenshot(t, tab, "validator-example-note-"+l.lang)
			before = eval[string](t, tab, `document.getElementById("validator").dataset.results`)
			run(t, tab, chromedp.Click(chromedp.ID("example-switch")))
			waitCond(t, tab, fmt.Sprintf(`document.getElementById("validator").dataset.results !== %q`, before), "the result at the example's tier")
			if tier := eval[string](t, tab, `document.getElementById("tier").value`); tier != doc.Example.Tier {
				t.Errorf("tier after the switch = %q; want %q", tier, doc.Example.Tier)
			}
			if s := summary(t, tab); !strings.Contains(s, label) || !eval[bool](t, tab, `document.getElementById("summary").classList.contains("ok")`) {
				t.Errorf("summary at %s = %q; want valid, named %q", doc.Example.Tier, s, label)
			}
			if !eval[bool](t, tab, `document.getElementById("example-note").hidden`) {
				t.Errorf("the note stays after switching to the example's tier")
			}
			noCSPViolations(t, tab)
		})
	}
}

// tierLabel is a tier's label in content/labels.yaml.
func tierLabel(t *testing.T, tier, lang string) string {
	t.Helper()
	var labels struct {
		Tier map[string]map[string]string `yaml:"tier"`
	}
	if err := yaml.Unmarshal([]byte(readFile(t, "../../content/labels.yaml")), &labels); err != nil {
		t.Fatal(err)
	}
	l := labels.Tier[tier][lang]
	if l == "" {
		t.Fatalf("no %s label for tier %s", lang, tier)
	}
	return l
}

// TestValidatorSummaryNamesTier checks the summary names every tier by its
// label, never by its key (「校验通过（ultra）」 was reported).
func TestValidatorSummaryNamesTier(t *testing.T) {
	tab := openValidator(t, "/zh-CN/validator/")
	for _, tier := range protocol.Default().Tiers {
		paste(t, tab, string(protocol.Default().Example.Payload), tier)
		s := summary(t, tab)
		if !strings.Contains(s, tierLabel(t, tier, "zh-CN")) || strings.Contains(s, tier) {
			t.Errorf("summary at %s = %q; want the label %q and not the key", tier, s, tierLabel(t, tier, "zh-CN"))
		}
	}
}
