// Command benchpage measures how soon the validator page is ready on a
// phone over a mobile network: it builds the site with the real module,
// serves it over HTTPS/2 with the headers of netlify.toml (a checkout's
// public/ folder with its checkout's, so two builds side by side each have
// their own CSP; any other folder with -netlify's) and brotli
// (-q 11) as Netlify serves it, shapes every response to a network profile,
// and drives headless Chromium with a phone viewport, the CPU slowed 4×,
// an empty cache (a fresh profile per run) and DevTools' Network domain
// off (it makes the page keep a copy of every fetch's body).
//
//	go run ./cmd/benchpage                  # 3 runs per profile, Markdown table on stdout
//	go run ./cmd/benchpage -runs 5 -profiles fast4g
//	go run ./cmd/benchpage -runs 5 -profiles fast4g -sites main=/tmp/main-site,branch=/tmp/new-site   # side by side
//	go run ./cmd/benchpage -runs 1 -profiles fast4g -timeline   # what the first run waited for, event by event
//	go run ./cmd/benchpage -runs 1 -profiles fast4g -trace /tmp/traces   # and a Chrome trace of one more run per site
//
// Two scenarios per run, each in a fresh browser:
//   - now: the reader focuses the editor as soon as the page's script has
//     run (DOMContentLoaded); measured: navigation to ready.
//   - later: the reader reads first; once the page has loaded and the
//     network has been quiet for 0.5 s, the editor is focused; measured: first use to ready.
//
// "Ready" is the page's data-state="ready": the module is downloaded,
// compiled, started and configured. CLS is summed by a PerformanceObserver
// (layout-shift, shifts after a trusted input excluded) until ready. The
// network is shaped in this server, not by DevTools, so the worker's
// requests are shaped like the page's, with the figures of DevTools'
// presets (see profiles).
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/browsertest"
	"pairag.com/portal/generator/preview/netlify"
	"pairag.com/portal/generator/wasm"
	"pairag.com/portal/protocol"
)

// cpuSlowdown is the phone's CPU: Lighthouse's mobile profile is 4× slower
// than the machine.
var cpuSlowdown float64

// timeline turns on the event list of each site's first run: when each
// file was asked for and arrived, the paint, the parse, and every long
// animation frame with the scripts it ran, which is what says why the
// module was asked for when it was.
var timeline bool

// traceDir, when set, receives a Chrome trace of one extra run per site
// and profile (scenario now), left out of the figures: a trace says what
// each of the page's main-thread tasks did (parse, style, layout, text
// shaping, scripts), which the timeline's long frames only sum up, and
// tracing slows the page, so its run is not measured.
var traceDir string

// netlifyFile is the netlify.toml of sites built outside a checkout.
var netlifyFile string

// inputDelay turns on the measurement of input while a 5 MB paste is
// checked (the "the page answers input within 100 ms").
var inputDelay bool

// profile is a network preset of Chrome DevTools (the same figures as
// Puppeteer's PredefinedNetworkConditions): a request latency before the
// first byte and a download rate shared by every response in flight.
type profile struct {
	name      string
	latencyMs float64
	downBps   float64 // bytes per second
}

var profiles = map[string]profile{
	// DevTools "Fast 4G": 60 ms RTT × 2.75, 9 Mbps × 0.9 down.
	"fast4g": {"Fast 4G (DevTools: 165 ms latency, 8.1 Mbps down)", 60 * 2.75, 9e6 / 8 * 0.9},
	// DevTools "Slow 4G", which is also Lighthouse's default mobile
	// throttling: 150 ms RTT × 3.75, 1.6 Mbps × 0.9 down.
	"slow4g": {"Slow 4G (DevTools and Lighthouse: 562.5 ms latency, 1.44 Mbps down)", 150 * 3.75, 1.6e6 / 8 * 0.9},
}

func main() {
	runs := flag.Int("runs", 3, "runs per profile and scenario")
	names := flag.String("profiles", "fast4g,slow4g", "network profiles: fast4g, slow4g")
	chromium := flag.String("chromium", "", "Chromium binary (default: the browser tests' choice, browsertest.Find)")
	sites := flag.String("sites", "", "comma-separated built site `dir`ectories (or name=dir) to measure side by side, run by run (default: build this checkout's site and module)")
	flag.Float64Var(&cpuSlowdown, "cpu", 4, "CPU slowdown factor (1: none)")
	flag.BoolVar(&timeline, "timeline", false, "also print the first run's events per site (requests, paint, parse, long animation frames), in the browser's clock")
	flag.StringVar(&traceDir, "trace", "", "write a Chrome trace (JSON: chrome://tracing, ui.perfetto.dev) of one extra, unmeasured run per site and profile to `dir`/SITE-PROFILE.json")
	flag.StringVar(&netlifyFile, "netlify", "netlify.toml", "netlify.toml whose headers serve a site that is not a checkout's public/ folder (one that is gets its checkout's, whose CSP allows its inline scripts)")
	flag.BoolVar(&inputDelay, "input", false, "also paste a 5 MB payload once ready and measure input to next frame for keys pressed while it is checked")
	flag.Parse()
	if *chromium == "" {
		path, err := browsertest.Find()
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchpage:", err)
			os.Exit(1)
		}
		*chromium = path
	}
	if err := run(*runs, strings.Split(*names, ","), *chromium, *sites); err != nil {
		fmt.Fprintln(os.Stderr, "benchpage:", err)
		os.Exit(1)
	}
}

// subject is one site under measurement.
type subject struct {
	name  string
	files *siteFiles
}

func run(runs int, names []string, chromium, sites string) error {
	ctx := context.Background()
	var subjects []subject
	if sites == "" {
		site, _, err := build(ctx)
		if err != nil {
			return err
		}
		defer os.RemoveAll(filepath.Dir(site))
		sites = site
	}
	for _, entry := range strings.Split(sites, ",") {
		name, dir := siteName(entry)
		files, err := compressAll(dir)
		if err != nil {
			return fmt.Errorf("read site %s: %w", dir, err)
		}
		files.netlify = netlify.ConfigFor(dir, netlifyFile)
		if files.wasmRaw == 0 {
			return fmt.Errorf("site %s has no validator module (built with --validator=false?)", dir)
		}
		subjects = append(subjects, subject{name, files})
	}
	host, _ := os.Hostname()
	fmt.Printf("Phone: 412×823, CPU %g× slower, empty cache. %s, %s.\n\n", cpuSlowdown, host, time.Now().UTC().Format("2006-01-02 15:04 MST"))
	for _, s := range subjects {
		fmt.Printf("- %s: module %d bytes raw, %d bytes brotli -q 11; headers of %s\n", s.name, s.files.wasmRaw, s.files.wasmBrotli, s.files.netlify)
	}
	fmt.Println()
	fmt.Println("| site | network | navigation → ready | first use → ready | CLS | example validated again in the worker |")
	fmt.Println("| --- | --- | ---: | ---: | ---: | ---: |")
	var breakdown, inputs, events []string
	for _, n := range names {
		p, ok := profiles[n]
		if !ok {
			return fmt.Errorf("unknown profile %q", n)
		}
		type series struct {
			now, later, cls, val, dcl, paint, worker, nowReq, nowDown, nowAfter, toRequest, download, afterDownload []float64
			keys, keysMax                                                                                           []float64
		}
		all := make([]series, len(subjects))
		if traceDir != "" {
			for _, sub := range subjects {
				file := filepath.Join(traceDir, sub.name+"-"+n+".json")
				if _, err := measure(ctx, chromium, sub.files, p, true, file); err != nil {
					return fmt.Errorf("trace %s: %w", file, err)
				}
				log.Printf("trace of %s on %s: %s", sub.name, n, file)
			}
		}
		for range runs {
			for i, sub := range subjects { // alternate, so load changes reach every site alike
				r := &all[i]
				m, err := measure(ctx, chromium, sub.files, p, true, "")
				if err != nil {
					return err
				}
				r.now, r.cls, r.val = append(r.now, m.ready), append(r.cls, m.cls), append(r.val, m.validation)
				r.dcl = append(r.dcl, m.use)
				r.paint = append(r.paint, m.paint)
				r.worker = append(r.worker, m.workerRequested)
				r.nowReq = append(r.nowReq, m.wasmRequested)
				r.nowDown = append(r.nowDown, m.wasmReceived-m.wasmRequested)
				r.nowAfter = append(r.nowAfter, m.ready-m.wasmReceived)
				r.keys = append(r.keys, m.keys...)
				if timeline && len(r.now) == 1 {
					events = append(events, fmt.Sprintf("\n%s, %s, first run (navigation → ready %.0f ms):\n", sub.name, p.name, m.ready))
					for _, e := range m.events {
						events = append(events, fmt.Sprintf("- %6.0f ms  %s", e.At, e.What))
					}
				}
				if len(m.keys) > 0 {
					r.keysMax = append(r.keysMax, slices.Max(m.keys))
				}
				m, err = measure(ctx, chromium, sub.files, p, false, "")
				if err != nil {
					return err
				}
				r.later, r.cls = append(r.later, max(0, m.ready-m.use)), append(r.cls, m.cls)
				r.toRequest = append(r.toRequest, m.wasmRequested-m.use)
				r.download = append(r.download, m.wasmReceived-m.wasmRequested)
				r.afterDownload = append(r.afterDownload, m.ready-m.wasmReceived)
			}
		}
		for i, sub := range subjects {
			r := all[i]
			fmt.Printf("| %s | %s | %.2f s | %.2f s | %.4f (max) | %.0f ms |\n", sub.name, p.name, median(r.now)/1000, median(r.later)/1000, slices.Max(r.cls), median(r.val))
			fmt.Fprintf(os.Stderr, "%s %s: navigation→ready %v ms; first use→ready %v ms\n", sub.name, n, rounded(r.now), rounded(r.later))
			if inputDelay {
				if len(r.keys) == 0 {
					return fmt.Errorf("%s: no key was answered while the 5 MB paste was checked", sub.name)
				}
				inputs = append(inputs, fmt.Sprintf("| %s | %s | %d | %.0f ms | %.0f ms | %.0f ms |", sub.name, p.name,
					len(r.keys), median(r.keys), quantile(r.keys, 0.95), median(r.keysMax)))
			}
			breakdown = append(breakdown, fmt.Sprintf("| %s | %s | %.2f s | %.2f s | %.2f s | %.2f s | %.2f s | %.2f s |", sub.name, p.name,
				median(r.paint)/1000, median(r.dcl)/1000, median(r.worker)/1000, median(r.nowReq)/1000, median(r.nowDown)/1000, median(r.nowAfter)/1000))
			breakdown = append(breakdown, fmt.Sprintf("| %s | %s, first use | — | — | — | %.2f s after use | %.2f s | %.2f s |", sub.name, p.name,
				median(r.toRequest)/1000, median(r.download)/1000, median(r.afterDownload)/1000))
		}
	}
	fmt.Printf("\nMedians of %d runs per scenario; each run in a fresh Chromium profile.\n\n", runs)
	fmt.Println("Navigation → ready, in parts (the server's clock for the module's request and last byte; a negative last part: ready before the last byte's assumed arrival, half a latency after it was sent):")
	fmt.Println()
	fmt.Println("| site | network | first contentful paint | DOMContentLoaded | worker script requested | module requested | module download | last byte → ready |")
	fmt.Println("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, b := range breakdown {
		fmt.Println(b)
	}
	if timeline {
		fmt.Println()
		fmt.Println("Events of each site's first run (scenario now), in the browser's clock: requests by the time the browser issued them (the server sees them one latency later), long animation frames (over 50 ms) with where rendering started and the scripts they ran; a worker's own script may be listed late, when its response was handled (the server's column above says when it was asked for):")
		for _, e := range events {
			fmt.Println(e)
		}
	}
	if inputDelay {
		fmt.Println()
		fmt.Println("Keys pressed while a 5 MB paste is checked (scenario now, once ready), input to the next frame:")
		fmt.Println()
		fmt.Println("| site | network | keys | median | p95 | worst per run (median) |")
		fmt.Println("| --- | --- | ---: | ---: | ---: | ---: |")
		for _, b := range inputs {
			fmt.Println(b)
		}
	}
	return nil
}

// siteName splits a -sites entry, "name=dir" or a bare dir (named by
// itself), so tables can say main and branch instead of two temporary paths.
func siteName(entry string) (name, dir string) {
	if n, d, ok := strings.Cut(entry, "="); ok && n != "" && !strings.ContainsRune(n, os.PathSeparator) {
		return n, d
	}
	return entry, entry
}

// build compiles the module and the site into a temporary directory.
func build(ctx context.Context) (dir string, wasmSize int, err error) {
	m, err := wasm.Build(ctx, wasm.Options{})
	if err != nil {
		return "", 0, err
	}
	tmp, err := os.MkdirTemp("", "benchpage-*")
	if err != nil {
		return "", 0, err
	}
	dir = filepath.Join(tmp, "public")
	_, err = generator.Build(ctx, generator.Config{
		Content: os.DirFS("."), OutDir: dir, BaseURL: "https://127.0.0.1",
		Validator: &generator.Validator{Wasm: m.Wasm, WasmExec: m.WasmExec},
	})
	return dir, len(m.Wasm), err
}

// siteFiles holds every published file, raw and brotli-compressed.
type siteFiles struct {
	raw, br             map[string][]byte
	wasmRaw, wasmBrotli int
	netlify             string // the netlify.toml whose headers the site is served with
}

var compressible = []string{".html", ".css", ".js", ".json", ".wasm", ".txt", ".md", ".xml", ".svg"}

// compressAll reads the site and compresses what Netlify compresses.
func compressAll(dir string) (*siteFiles, error) {
	f := &siteFiles{raw: map[string][]byte{}, br: map[string][]byte{}}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		url := "/" + filepath.ToSlash(rel)
		f.raw[url] = data
		if slices.Contains(compressible, path.Ext(url)) {
			b := brotliOf(data)
			f.br[url] = b
			if path.Ext(url) == ".wasm" {
				f.wasmRaw, f.wasmBrotli = len(data), len(b)
			}
		}
		return nil
	})
	return f, err
}

// compressedOnce holds the brotli bytes of each content already compressed:
// sites measured side by side often share the module, whose -q 11 takes
// minutes on a loaded machine.
var compressedOnce sync.Map // [sha256.Size]byte → []byte

func brotliOf(data []byte) []byte {
	key := sha256.Sum256(data)
	if b, ok := compressedOnce.Load(key); ok {
		return b.([]byte)
	}
	var b bytes.Buffer
	w := brotli.NewWriterLevel(&b, 11)
	w.Write(data)
	w.Close()
	compressedOnce.Store(key, b.Bytes())
	return b.Bytes()
}

// shaper delays each response by the request latency and spreads all
// response bytes over the download rate, as DevTools throttling does: the
// link is busy from a response's first byte until the last byte of every
// response being sent, and each chunk is due when the bytes before it
// would have crossed at the rate. A chunk's own time to be written (TLS,
// the HTTP/2 frame, the wake-up from its sleep) is not added on top, so
// the schedule restarts from the clock only when the link was idle:
// restarted at every late chunk, it lost about 1.9 ms per 8 KB, and Fast
// 4G carried 6.5 Mbps instead of 8.1.
type shaper struct {
	latency  time.Duration
	rate     float64 // bytes per second
	mu       sync.Mutex
	free     time.Time // when the bytes scheduled so far have crossed
	sending  int       // responses between their first chunk and their last
	inflight atomic.Int64
	lastDone atomic.Int64    // Unix ms: a response's handler last returned
	wasmAt   [2]atomic.Int64 // Unix ms: the module requested, its last byte sent
	workerAt atomic.Int64    // Unix ms: the worker script first requested

	now   func() time.Time    // time.Now, or a test's clock
	sleep func(time.Duration) // time.Sleep, or a test's
}

// quietFor is how long the network stays quiet before the "later"
// scenario's reader uses the page.
const quietFor = 500 * time.Millisecond

// maxLag bounds how far the schedule may run behind the clock while the
// link is busy: a sender stalled longer than this (the browser not
// reading) resumes at the rate, not in one burst.
const maxLag = 50 * time.Millisecond

// send writes body in chunks of at most chunk bytes, each when the link
// has carried the bytes scheduled before it, through write.
func (s *shaper) send(body []byte, chunk int, write func([]byte)) {
	s.mu.Lock()
	now := s.now()
	if s.sending == 0 && s.free.Before(now) {
		s.free = now // the link was idle: this response starts it
	}
	s.sending++
	s.mu.Unlock()
	defer func() { s.mu.Lock(); s.sending--; s.mu.Unlock() }()
	for len(body) > 0 {
		n := min(len(body), chunk)
		s.mu.Lock()
		now := s.now()
		if s.free.Before(now.Add(-maxLag)) {
			s.free = now.Add(-maxLag)
		}
		s.free = s.free.Add(time.Duration(float64(n) / s.rate * float64(time.Second)))
		wait := s.free.Sub(now)
		s.mu.Unlock()
		if wait > 0 {
			s.sleep(wait)
		}
		write(body[:n])
		body = body[n:]
	}
}

func server(files *siteFiles, p profile) (*httptest.Server, *shaper, error) {
	data, err := os.ReadFile(files.netlify)
	if err != nil {
		return nil, nil, err
	}
	headers, err := netlify.Headers(string(data))
	if err != nil {
		return nil, nil, err
	}
	s := &shaper{latency: time.Duration(p.latencyMs * float64(time.Millisecond)), rate: p.downBps, now: time.Now, sleep: time.Sleep}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.inflight.Add(1)
		defer func() { s.lastDone.Store(s.now().UnixMilli()); s.inflight.Add(-1) }()
		time.Sleep(s.latency)
		url := r.URL.Path
		if strings.HasSuffix(url, "/") {
			url += "index.html"
		}
		body, ok := files.raw[url]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if strings.HasPrefix(url, "/assets/validator-worker.") {
			s.workerAt.CompareAndSwap(0, time.Now().UnixMilli())
		}
		if path.Ext(url) == ".wasm" {
			s.wasmAt[0].Store(time.Now().UnixMilli())
			defer func() { s.wasmAt[1].Store(time.Now().UnixMilli()) }()
		}
		headers(w.Header(), r.URL.Path)
		if w.Header().Get("Content-Type") == "" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		}
		if br, ok := files.br[url]; ok && strings.Contains(r.Header.Get("Accept-Encoding"), "br") {
			body = br
			w.Header().Set("Content-Encoding", "br")
			w.Header().Set("Vary", "Accept-Encoding")
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		fl, _ := w.(http.Flusher)
		s.send(body, 8<<10, func(b []byte) {
			w.Write(b)
			if fl != nil {
				fl.Flush()
			}
		})
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // Chromium's aborted connections at exit
	srv.EnableHTTP2 = true
	srv.TLS = &tls.Config{}
	srv.StartTLS()
	return srv, s, nil
}

// instrument runs in every document before the page's scripts: it sums
// layout shifts, notes when the validator becomes ready and, in the "now"
// scenario, focuses the editor at DOMContentLoaded.
func instrument(now bool) string {
	return fmt.Sprintf(`window.__bench = {cls: 0}; window.__benchFrames = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) __bench.cls += e.value; }).observe({type: "layout-shift", buffered: true});
if (PerformanceObserver.supportedEntryTypes.includes("long-animation-frame"))
  new PerformanceObserver((l) => { __benchFrames.push(...l.getEntries()); }).observe({type: "long-animation-frame", buffered: true});
window.__benchUse = () => { __bench.use = performance.now(); document.getElementById("payload").dispatchEvent(new FocusEvent("focus")); };
document.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("validator");
  new MutationObserver(() => { if (root.dataset.state === "ready" && !__bench.ready) __bench.ready = performance.now(); })
    .observe(root, {attributes: true, attributeFilter: ["data-state"]});
  if (%t) setTimeout(__benchUse, 0);
});`, now)
}

// traceCategories are what a trace of the page's load needs: tasks and
// their phases (parse, style, layout, shaping, paint), scripts, loading.
const traceCategories = "toplevel,blink,loading,v8,devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,blink.user_timing,latencyInfo"

// waitForTrace waits until Chrome has written the whole trace (it does so
// when the trace's duration ends): the file is there and is valid JSON.
func waitForTrace(file string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		if b, err := os.ReadFile(file); err == nil && json.Valid(b) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no complete trace in %s after %s", file, limit)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// measurement holds one run's times in milliseconds since navigation.
type measurement struct {
	use, ready, cls, validation float64
	wasmRequested, wasmReceived float64   // by the server's clock, same machine
	paint, workerRequested      float64   // first contentful paint; the worker script asked for (server's clock)
	keys                        []float64 // input to next frame of keys pressed while a 5 MB paste was checked
	events                      []event   // with -timeline: what happened until ready, in time order
}

// event is one line of a run's timeline.
type event struct {
	At   float64 `json:"at"` // ms since navigation, the browser's clock
	What string  `json:"what"`
}

// eventsJS lists, in the page, the events of the run so far: the
// navigation's milestones, each resource asked for and arrived, the first
// contentful paint, ready, and each long animation frame with its scripts.
const eventsJS = `(() => {
  const ev = [], n = performance.getEntriesByType("navigation")[0], name = (u) => u ? new URL(u).pathname.replace(/^.*\//, "") || "/" : "";
  ev.push([n.responseEnd, "HTML: last byte"], [n.domInteractive, "HTML parsed (domInteractive)"], [n.domContentLoadedEventStart, "DOMContentLoaded"]);
  for (const p of performance.getEntriesByType("paint")) ev.push([p.startTime, p.name]);
  for (const r of performance.getEntriesByType("resource")) {
    ev.push([r.startTime, name(r.name) + " requested (" + r.initiatorType + ")"]);
    if (r.responseEnd >= r.startTime) ev.push([r.responseEnd, name(r.name) + " arrived"]);
  }
  for (const f of __benchFrames) ev.push([f.startTime, "long frame " + Math.round(f.duration) + " ms, rendering at " + Math.round(f.renderStart) +
    (f.styleAndLayoutStart ? ", style and layout " + Math.round(f.startTime + f.duration - f.styleAndLayoutStart) + " ms" : "") +
    (f.scripts.length ? ": " + f.scripts.map((s) => (name(s.sourceURL) || "page") + " " + s.invokerType + " at " + Math.round(s.startTime) + " (" + Math.round(s.duration) + " ms" +
      (s.forcedStyleAndLayoutDuration >= 1 ? ", " + Math.round(s.forcedStyleAndLayoutDuration) + " forced style and layout" : "") + ")").join(", ") : "")]);
  if (__bench.ready) ev.push([__bench.ready, "ready"]);
  return ev.sort((a, b) => a[0] - b[0]).map(([at, what]) => ({at, what}));
})()`

// measure opens the validator page in a fresh browser and returns the
// timings of one scenario, in milliseconds since navigation. With a
// traceFile, the browser traces its first seconds into it.
func measure(ctx context.Context, chromium string, files *siteFiles, p profile, now bool, traceFile string) (measurement, error) {
	srv, s, err := server(files, p)
	if err != nil {
		return measurement{}, err
	}
	defer srv.Close()
	userDir, err := os.MkdirTemp("", "benchpage-chromium-*")
	if err != nil {
		return measurement{}, err
	}
	defer os.RemoveAll(userDir)
	flags := []chromedp.ExecAllocatorOption{chromedp.IgnoreCertErrors}
	if traceFile != "" {
		if err := os.MkdirAll(filepath.Dir(traceFile), 0o755); err != nil {
			return measurement{}, err
		}
		os.Remove(traceFile)
		flags = append(flags, chromedp.Flag("trace-startup", traceCategories), chromedp.Flag("trace-startup-file", traceFile),
			chromedp.Flag("trace-startup-duration", "8"), chromedp.Flag("trace-startup-format", "json"))
	}
	tab, stop := browsertest.Launch(ctx, chromium, userDir, "", flags...) // the tests' flags
	defer stop()
	tab, cancel := context.WithTimeout(tab, 5*time.Minute)
	defer cancel()
	setup := func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, t, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpuSlowdown}); err != nil {
			return chromedp.Void{}, err
		}
		if _, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: instrument(now)}); err != nil {
			return chromedp.Void{}, err
		}
		// chromedp turns DevTools' Network domain on, and with it Blink
		// keeps a copy of every fetch's body for the inspector: for the
		// module, 20-25 ms of the page's main-thread CPU when its last byte
		// came (ResponseBodyLoader::DidFinishLoadingBody, 1-2 ms without),
		// which held back the end of its stream to the worker (server's
		// last byte → compiled 31-70 ms, 6-10 without; a Chrome trace at
		// load 8). No reader's phone has DevTools open; the server's own
		// clock times the requests.
		_, err := cdp.Call(ctx, t, network.Disable, cdp.Empty{})
		return chromedp.Void{}, err
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(412, 823, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulateScale(1.75)),
		setup, chromedp.Navigate(srv.URL+"/validator/")); err != nil {
		return measurement{}, err
	}
	if !now {
		// The reader reads: the page has loaded and the network has been
		// quiet for half a second (nothing in flight, nothing finished), as
		// Lighthouse's network-quiet. Without the half second, a reader
		// came in the gap between the load's last file and the module's
		// request after the paint, in 2 runs of 5, and "first use → ready"
		// measured the download the page had not yet begun.
		for s.inflight.Load() > 0 || time.Since(time.UnixMilli(s.lastDone.Load())) < quietFor {
			time.Sleep(50 * time.Millisecond)
		}
		if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`(__benchUse(), true)`)); err != nil {
			return measurement{}, err
		}
	}
	if _, err := chromedp.Run(tab, chromedp.Poll[bool](`!!__bench.ready`, chromedp.WithPollingTimeout(0))); err != nil {
		return measurement{}, err
	}
	if traceFile != "" {
		if err := waitForTrace(traceFile, time.Minute); err != nil {
			return measurement{}, err
		}
	}
	var m measurement
	b, err := chromedp.Run(tab, chromedp.Evaluate[map[string]float64](`({...__bench, origin: performance.timeOrigin,
  paint: (performance.getEntriesByName("first-contentful-paint")[0] || {startTime: 0}).startTime})`))
	if err != nil {
		return m, err
	}
	m.use, m.ready, m.cls = b["use"], b["ready"], b["cls"]
	m.wasmRequested = float64(s.wasmAt[0].Load()) - b["origin"]
	m.wasmReceived = float64(s.wasmAt[1].Load()) - b["origin"] + p.latencyMs/2 // the last byte is still on its way
	m.workerRequested = float64(s.workerAt.Load()) - b["origin"]
	m.paint = b["paint"]
	if timeline && now {
		if m.events, err = chromedp.Run(tab, chromedp.Evaluate[[]event](eventsJS)); err != nil {
			return m, fmt.Errorf("timeline: %w", err)
		}
	}
	if now {
		if m.validation, err = validateExample(tab); err != nil {
			return m, err
		}
		if inputDelay {
			m.keys, err = keysWhileChecking(tab)
		}
	}
	return m, err
}

// largePayload is the reference example with its stages repeated to about
// 5 MB, pretty-printed: the shape of a runaway model's output (the same as
// the e2e test's).
var largePayload = sync.OnceValues(func() (string, error) {
	var p map[string]any
	if err := json.Unmarshal(protocol.Default().Example.Payload, &p); err != nil {
		return "", err
	}
	stages, _ := p["stages"].([]any)
	if len(stages) == 0 {
		return "", fmt.Errorf("the example has no stages")
	}
	for i := 0; ; i++ {
		b, err := json.MarshalIndent(p, "", "  ")
		if err != nil || len(b) >= 5<<20 {
			return string(b), err
		}
		for j := range 200 {
			s := maps.Clone(stages[j%len(stages)].(map[string]any))
			s["stage_name"] = fmt.Sprintf("stage_%d_%d", i, j)
			p["stages"] = append(p["stages"].([]any), s)
		}
	}
})

// keysWhileChecking pastes the large payload (a paste event with its
// clipboard data, as Ctrl+V sends), presses the down arrow through
// DevTools' input (the browser's own input path) until its result is in,
// and returns, for each key handled while the check ran, the milliseconds
// from the input to the next frame (requestAnimationFrame after the
// keydown handlers).
func keysWhileChecking(tab context.Context) ([]float64, error) {
	text, err := largePayload()
	if err != nil {
		return nil, err
	}
	js, _ := json.Marshal(text)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`(window.__paste = `+string(js)+`, true)`)); err != nil {
		return nil, err
	}
	const start = `(() => { const root = document.getElementById("validator"), before = root.dataset.results || "0";
  window.__checking = () => (root.dataset.results || "0") === before;
  window.__keys = [];
  document.addEventListener("keydown", (e) => { const t0 = e.timeStamp, checking = __checking();
    requestAnimationFrame(() => { if (checking && __checking()) __keys.push(performance.now() - t0) }) }, true);
  const dt = new DataTransfer(); dt.setData("text/plain", window.__paste); delete window.__paste;
  const ta = document.getElementById("payload"); ta.focus();
  ta.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  return true })()`
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](start)); err != nil {
		return nil, err
	}
	for range 200 {
		checking, err := chromedp.Run(tab, chromedp.Evaluate[bool](`__checking()`))
		if err != nil {
			return nil, err
		}
		if !checking {
			break
		}
		if _, err := chromedp.Run(tab, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
			return nil, err
		}
	}
	if _, err := chromedp.Run(tab, chromedp.Poll[bool](`!__checking()`, chromedp.WithPollingTimeout(0))); err != nil {
		return nil, err
	}
	return chromedp.Run(tab, chromedp.Evaluate[[]float64](`__keys`))
}

func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// validateExample loads the example and validates it twice, returning how
// long the worker took the second time: compared with a run at -cpu 1 it
// shows whether the CPU slowdown reaches the worker.
func validateExample(tab context.Context) (float64, error) {
	for i, click := range []string{"load-example", "validate"} {
		js := fmt.Sprintf(`(document.getElementById(%q).click(), true)`, click)
		if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](js)); err != nil {
			return 0, err
		}
		cond := fmt.Sprintf(`document.getElementById("validator").dataset.results === "%d"`, i+1)
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(0))); err != nil {
			return 0, err
		}
	}
	return chromedp.Run(tab, chromedp.Evaluate[float64](`Number(document.getElementById("validator").dataset.ms)`))
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func rounded(xs []float64) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x + 0.5)
	}
	return out
}
