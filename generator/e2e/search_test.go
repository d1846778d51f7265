package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/browsertest"
	"pairag.com/portal/generator/search/rank"
)

// waitJS polls a JavaScript condition until it holds, within the action
// deadline. A poll cut short by a navigation (the page's context goes
// away) starts again in the new document.
func waitJS(t *testing.T, tab context.Context, cond string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, browsertest.Timeout)
	defer cancel()
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond))
		if err == nil {
			return
		}
		if ctx.Err() != nil || !navigatedAway(err) {
			t.Fatalf("waiting for %s: %v", cond, err)
		}
	}
}

// navigatedAway reports whether a poll failed because the page it ran in
// went away (a navigation replaced the document), which Chromium reports
// as a lost execution context or as "Inspected target navigated or closed".
func navigatedAway(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "context") || strings.Contains(msg, "navigated or closed") || strings.Contains(msg, "-32000")
}

// TestSearchKeyboard types a query after pressing "/", checks the combobox
// roles and aria-activedescendant as the arrow keys move, and lands on the
// chosen section with Enter, in both languages.
func TestSearchKeyboard(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, tt := range []struct{ start, query, want string }{
		{"/", "message_bus", "/docs/task-publish-v18/#global_config.message_bus"},
		{"/zh-CN/", "会员等级限制", "/zh-CN/docs/task-publish-v18/#membership-tier-limits"},
		{"/docs/task-publish-v18/", "106", "/docs/task-publish-v18/#stage_type.compliance_guardrail"},
	} {
		run(t, tab, chromedp.Navigate(srv.URL+tt.start), chromedp.WaitVisible(chromedp.CSS(".search")), chromedp.KeyEvent("/"))
		if id := eval[string](t, tab, `document.activeElement.id`); id != "search-input" {
			t.Fatalf("%s: / focused %q; want the search input", tt.start, id)
		}
		run(t, tab, chromedp.SendKeys(chromedp.CSS("#search-input"), tt.query))
		waitJS(t, tab, `document.querySelectorAll("#search-results [role=option]").length > 0`)
		roles := eval[map[string]string](t, tab, `(() => { const i = document.getElementById("search-input");
			const l = document.getElementById(i.getAttribute("aria-controls"));
			return {role: i.getAttribute("role"), expanded: i.getAttribute("aria-expanded"), list: l && l.getAttribute("role"),
				option: l.querySelector("li > a").getAttribute("role"), item: l.querySelector("li").getAttribute("role"), label: l.getAttribute("aria-label")}; })()`)
		if roles["role"] != "combobox" || roles["expanded"] != "true" || roles["list"] != "listbox" || roles["option"] != "option" || roles["item"] != "none" || roles["label"] == "" {
			t.Errorf("%s: combobox roles = %v", tt.start, roles)
		}
		// The list may still be the draft drawn while the query's shards
		// come; an arrow key waits for the whole index's answer, so the
		// selection is waited for, not read at once.
		run(t, tab, chromedp.KeyEvent(kb.ArrowDown))
		waitJS(t, tab, `document.getElementById("search-input").getAttribute("aria-activedescendant") === "search-opt-0" &&
			document.getElementById("search-opt-0").getAttribute("aria-selected") === "true"`)
		run(t, tab, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowUp))
		first := eval[string](t, tab, `new URL(document.getElementById("search-opt-0").href).pathname + new URL(document.getElementById("search-opt-0").href).hash`)
		if first != tt.want {
			t.Errorf("%s %q: first result %q; want %q", tt.start, tt.query, first, tt.want)
		}
		run(t, tab, chromedp.KeyEvent(kb.Enter))
		waitJS(t, tab, fmt.Sprintf(`location.pathname + decodeURIComponent(location.hash) === %q && document.readyState === "complete"`, tt.want))
		id := tt.want[strings.Index(tt.want, "#")+1:]
		waitJS(t, tab, fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })()`, id))
	}

	// Escape closes the list, and a second Escape clears the box.
	run(t, tab, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(".search")), chromedp.KeyEvent("/"),
		chromedp.SendKeys(chromedp.CSS("#search-input"), "fiat"))
	waitJS(t, tab, `document.getElementById("search-input").getAttribute("aria-expanded") === "true"`)
	run(t, tab, chromedp.KeyEvent(kb.Escape))
	// Escape may come while the list is the draft drawn before the query's
	// shards arrive: the whole index's answer must not open it again.
	waitJS(t, tab, `!document.getElementById("search-results").hasAttribute("aria-busy")`)
	if got := eval[string](t, tab, `document.getElementById("search-input").getAttribute("aria-expanded")`); got != "false" {
		t.Errorf("after Escape aria-expanded = %q", got)
	}
}

// TestSearchMatchesGo runs the question set in the browser and compares
// the script's top five with generator/search on the same built index: the
// two implementations must rank alike.
func TestSearchMatchesGo(t *testing.T) {
	srv := siteServer(t)
	dir := builtSite(t)
	tab := browser(t)
	var manifest map[string]string
	if err := json.Unmarshal([]byte(readSiteFile(t, dir, generator.SearchManifest)), &manifest); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "zh-CN"} {
		ix, err := rank.Read(os.DirFS(dir), manifest[lang])
		if err != nil {
			t.Fatal(err)
		}
		home := "/"
		if lang != "en" {
			home = "/zh-CN/"
		}
		run(t, tab, chromedp.Navigate(srv.URL+home), chromedp.WaitVisible(chromedp.CSS(".search")), chromedp.KeyEvent("/"))
		waitJS(t, tab, `typeof window.pairagSearch === "function"`)
		queries := []string{"fiat", "积分", "manifest 字段", "stage type", "compli", "en-US", "tier limits", "上下文预算"}
		for _, q := range questions(t) {
			if q[0] == lang {
				queries = append(queries, q[1])
			}
		}
		for _, q := range queries {
			var want []string
			for _, r := range ix.Search(q, 5) {
				want = append(want, r.Doc.URL)
			}
			js, _ := json.Marshal(q)
			got := eval[[]string](t, tab, fmt.Sprintf(`window.pairagSearch(%s, 5)`, js))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s %q: browser and Go rank differently (-go +browser):\n%s", lang, q, diff)
			}
		}
	}
}

// questions reads both question sets of generator/testdata, plus typos
// and prefixes the sets do not hold.
func questions(t *testing.T) [][2]string {
	t.Helper()
	out := [][2]string{{"en", "orchestator"}, {"en", "harnes"}, {"zh-CN", "免费用户最多几个阶段"}, {"en", "exit code 2"}}
	for _, name := range []string{"search-questions.txt", "search-questions-v2.txt"} {
		f, err := os.Open("../../generator/testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			parts := strings.Split(sc.Text(), "|")
			if strings.HasPrefix(sc.Text(), "#") || len(parts) != 3 {
				continue
			}
			out = append(out, [2]string{strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])})
		}
		f.Close()
	}
	return out
}

func readSiteFile(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSearchResultsRead checks what a reader sees in the results: a row
// under its section with the kind of entry it is, a finding code with the
// excerpt of the row that explains it and the hit marked, help with the
// nearest words of the index and the glossary when nothing matches, and a
// visible message when the index cannot load, in both languages.
func TestSearchResultsRead(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	type view struct {
		Title, Kind, Snippet, Mark, None, Glossary, Try string
	}
	read := `(() => { const li = document.querySelector("#search-results li"); const q = (s) => li && li.querySelector(s);
		return {Title: q(".search-title") ? q(".search-title").textContent : "", Kind: q(".search-kind") ? q(".search-kind").textContent : "",
			Snippet: q(".search-snippet") ? q(".search-snippet").textContent : "", Mark: q("mark") ? q("mark").textContent : "",
			None: li && li.classList.contains("search-none") && li.offsetParent !== null ? li.textContent : "",
			Glossary: q(".search-none a:not([data-q])") ? new URL(q(".search-none a:not([data-q])").href).pathname : "",
			Try: q("[data-q]") ? q("[data-q]").dataset.q : ""}; })()`
	typeQuery := func(home, q string) view {
		run(t, tab, chromedp.Navigate(srv.URL+home), chromedp.WaitVisible(chromedp.CSS(".search")), chromedp.KeyEvent("/"))
		waitJS(t, tab, `typeof window.pairagSearch === "function"`)
		run(t, tab, chromedp.SendKeys(chromedp.CSS("#search-input"), q+" "))
		// the whole answer to the whole query (not a draft, nor the answer
		// to a prefix typed on the way: "stagq" is one edit from "stage"),
		// and its excerpts, which come with the entries' texts after it
		waitJS(t, tab, `window.pairagSearchStats.answered === document.getElementById("search-input").value &&
			!document.getElementById("search-results").hasAttribute("aria-busy") &&
			document.querySelectorAll("#search-results li").length > 0 &&
			(!!document.querySelector("#search-results li.search-none") || window.pairagSearchStats.textsAt > 0)`)
		return eval[view](t, tab, read)
	}
	for _, tt := range []struct {
		home, glossary string
		kinds          [2]string
	}{{"/", "/glossary/", [2]string{"Reference table", "Finding code"}}, {"/zh-CN/", "/zh-CN/glossary/", [2]string{"参考表格", "检查结果代码"}}} {
		row := typeQuery(tt.home, "stage.stage_name")
		if !strings.HasPrefix(row.Title, tt.kinds[0]) || !strings.Contains(row.Title, " › stage.stage_name") || strings.Contains(row.Title, "V18") {
			t.Errorf("%s: row result titled %q; want its kind, its section › stage.stage_name, not the page title", tt.home, row.Title)
		}
		code := typeQuery(tt.home, "too-many-stages")
		// The excerpt is the row that explains the code; where it holds a
		// word of the query (English: "stages"), the word is marked. The
		// Chinese row says 阶段数 and holds none.
		if !strings.HasPrefix(code.Title, tt.kinds[1]) || code.Snippet == "" || (code.Mark == "" && strings.Contains(strings.ToLower(code.Snippet), "stages")) {
			t.Errorf("%s: finding code result %+v; want its kind, an excerpt and the query's words in it marked", tt.home, code)
		}
		if tt.home == "/" && code.Mark == "" {
			t.Errorf("%s: the finding code's excerpt %q has no marked hit", tt.home, code.Snippet)
		}
		none := typeQuery(tt.home, "stagqqqe") // three edits from "stage": more than a query forgives
		if none.None == "" || none.Glossary != tt.glossary || none.Try != "stage" {
			t.Errorf("%s: no results shows %+v; want help, the glossary link %s and stage to try", tt.home, none, tt.glossary)
			continue
		}
		run(t, tab, chromedp.Click(chromedp.CSS("[data-q]")))
		waitJS(t, tab, `document.getElementById("search-input").value === "stage" && document.querySelectorAll("#search-results [role=option]").length > 0`)
	}
	// the index cannot load (offline, no saved manifest, so the quiet load
	// ahead of the reader fails first): sighted readers see why on focus
	run(t, tab, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `localStorage.clear(); window.fetch = () => Promise.reject(new Error("offline"));`,
		})
		return chromedp.Void{}, err
	})
	run(t, tab, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(".search")))
	run(t, tab, chromedp.KeyEvent("/"))
	waitJS(t, tab, `(() => { const li = document.querySelector("#search-results li.search-none"); return !!li && li.offsetParent !== null && li.textContent.length > 0; })()`)
}

// TestSearchEarlyLoadSavesData: the index is fetched ahead of the reader
// only when the browser does not ask to save data. With Save-Data on,
// nothing of the search is fetched until the reader focuses the box; then
// it is. Without it, the page's first idle moment fetches the index, and
// opens no results for a query the browser restored in the box.
func TestSearchEarlyLoadSavesData(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	// every fetch the page makes is recorded; with ?savedata the browser says Save-Data
	run(t, tab, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.searchTestFetched = []; const f = window.fetch; window.fetch = (u, o) => { window.searchTestFetched.push(String(u)); return f(u, o); };
				if (location.search === "?savedata") Object.defineProperty(navigator, "connection", {value: {saveData: true, effectiveType: "4g"}, configurable: true});
				if (location.search === "?restored") addEventListener("DOMContentLoaded", () => { document.getElementById("search-input").value = "stage"; });`,
		})
		return chromedp.Void{}, err
	})
	// after an idle callback asked for after the page's load event (idle
	// callbacks run in the order they were asked for, so the script's own,
	// asked for in its load listener, has run by then)
	const askIdle = `(() => { const go = () => requestIdleCallback(() => { window.searchTestIdle = true; }); document.readyState === "complete" ? go() : addEventListener("load", go); return true; })()`
	fetchedIndex := `window.searchTestFetched.some((u) => u.includes("/search/manifest.json") || u.includes("/assets/search-"))`

	run(t, tab, chromedp.Navigate(srv.URL+"/?savedata"), chromedp.WaitVisible(chromedp.CSS(".search")))
	eval[bool](t, tab, askIdle)
	waitJS(t, tab, `window.searchTestIdle === true`)
	if eval[bool](t, tab, fetchedIndex) {
		t.Errorf("with Save-Data the page fetched %q before the reader asked for search", eval[[]string](t, tab, `window.searchTestFetched`))
	}
	run(t, tab, chromedp.KeyEvent("/"))
	waitJS(t, tab, `typeof window.pairagSearch === "function"`)

	// a box that holds a query the browser restored (going back to the
	// page) stays closed when the early load is ready: the reader did not ask
	run(t, tab, chromedp.Navigate(srv.URL+"/?restored"), chromedp.WaitVisible(chromedp.CSS(".search")))
	waitJS(t, tab, `!!window.pairagSearchStats && window.pairagSearchStats.startedBy === "early" && window.pairagSearchStats.readyAt > 0`)
	if got := eval[string](t, tab, `document.getElementById("search-input").value + " " + document.getElementById("search-results").hidden`); got != "stage true" {
		t.Errorf("after the early load, the box and whether its results are hidden = %q; want the restored query and the results hidden", got)
	}
}
