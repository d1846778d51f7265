package e2e

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/chromedp/chromedp"

	"pairag.com/portal/generator"
	"pairag.com/portal/generator/browsertest"
)

const skillPage = "/skills/pairag-task-publish/"

// rowAlignment returns, for every row that shows both sides, how far apart
// the tops of the original and the translation are, and of their first
// blocks (the section headings), in CSS pixels: the worst of each row.
const rowAlignment = `[...document.querySelectorAll(".skill-row:not(.skill-head)")].filter((r) => r.querySelectorAll(":scope > .cell").length === 2).map((r) => {
	const [o, t] = r.querySelectorAll(":scope > .cell");
	const first = (c) => (c.querySelector(".cell-body > *") || c.querySelector("dl") || c);
	return {id: r.id, cells: Math.abs(o.getBoundingClientRect().top - t.getBoundingClientRect().top),
		heads: Math.abs(first(o).getBoundingClientRect().top - first(t).getBoundingClientRect().top)};
})`

type rowGap struct {
	ID    string  `json:"id"`
	Cells float64 `json:"cells"`
	Heads float64 `json:"heads"`
}

// visibleCells counts the rows' visible cells of each side.
const visibleCells = `(() => {
	const shown = (sel) => [...document.querySelectorAll(".skill-row:not(.skill-head) > " + sel)].filter((c) => c.offsetParent !== null && c.getBoundingClientRect().height > 0).length;
	return {original: shown(".cell.original"), translation: shown(".cell.translation"), view: document.getElementById("skill").dataset.view,
		current: (document.querySelector(".skill-views a[aria-current]") || {}).dataset?.view || "", search: location.search};
})()`

type visible struct {
	Original    int    `json:"original"`
	Translation int    `json:"translation"`
	View        string `json:"view"`
	Current     string `json:"current"`
	Search      string `json:"search"`
}

// TestSkillPageViews switches the three views with the controls, reloads
// the page from a view's URL, and checks that paired sections start at the
// same height at desktop width.
func TestSkillPageViews(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, watchCSP(), chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+skillPage), chromedp.WaitVisible(chromedp.CSS(".skill-row")))

	gaps := eval[[]rowGap](t, tab, rowAlignment)
	if len(gaps) < 10 {
		t.Fatalf("%d rows show both sides; want the front matter and every section", len(gaps))
	}
	for _, g := range gaps {
		if g.Cells > 4 || g.Heads > 4 {
			t.Errorf("row #%s: tops differ by %.1f px (cells) and %.1f px (first blocks); want at most 4", g.ID, g.Cells, g.Heads)
		}
	}
	rows := len(gaps)
	both := eval[visible](t, tab, visibleCells)
	if both.Original != rows || both.Translation != rows || both.View != "both" || both.Current != "both" {
		t.Errorf("side by side: %+v; want %d cells on each side", both, rows)
	}

	for _, tc := range []struct {
		view, search     string
		original, transl int
	}{
		{"original", "?view=original", rows, 0},
		{"translation", "?view=translation", 0, rows},
		{"both", "", rows, rows},
	} {
		run(t, tab, chromedp.Click(chromedp.CSS(`.skill-views a[data-view="`+tc.view+`"]`)))
		got := eval[visible](t, tab, visibleCells)
		want := visible{tc.original, tc.transl, tc.view, tc.view, tc.search}
		if got != want {
			t.Errorf("after choosing %s: %+v; want %+v", tc.view, got, want)
		}
	}

	run(t, tab, chromedp.Navigate(srv.URL+skillPage+"?view=translation#workflow"), chromedp.WaitVisible(chromedp.CSS(".skill-row")))
	if got := eval[visible](t, tab, visibleCells); got.Original != 0 || got.Translation != rows || got.Current != "translation" {
		t.Errorf("opened with ?view=translation: %+v; want the translation alone", got)
	}
	if w := eval[float64](t, tab, `document.querySelector(".skill-row#workflow .cell.translation").getBoundingClientRect().width`); w < 700 {
		t.Errorf("translation only: the column is %.0f px wide; want it to take the whole row", w)
	}
	noCSPViolations(t, tab)
}

// TestSkillCopyMarkdown copies one section's Markdown from each side.
func TestSkillCopyMarkdown(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	run(t, tab, grantClipboard(srv.URL), chromedp.Navigate(srv.URL+"/zh-CN"+skillPage), chromedp.WaitVisible(chromedp.CSS("button.copy-md")))
	for _, side := range []string{"original", "translation"} {
		sel := fmt.Sprintf(`#workflow .cell.%s button.copy-md`, side)
		want := map[string]string{"original": "## Workflow\n\n1. **Fix the tier.**", "translation": "## 工作流程\n\n1. **确定等级。**"}[side]
		run(t, tab, chromedp.Click(chromedp.CSS(sel)))
		got := waitClipboard(t, tab, func(s string) bool { return strings.HasPrefix(s, want) })
		if !strings.HasPrefix(got, want) || strings.Contains(got, "<!-- source:") {
			t.Errorf("%s: copied %q; want the section's Markdown without its stamp, starting %q", side, abbreviate(got), want)
		}
	}
}

// waitCopied waits until a copy button's status line says something.
func waitCopied(t *testing.T, tab context.Context, status string) {
	t.Helper()
	waitJS(t, tab, `document.querySelector(`+"`"+status+"`"+`).textContent !== ""`)
}

// TestSkillScreenshots saves the skill page and the skills index at desktop
// and phone width, light and dark, and checks that on a phone each row
// shows its original and translation as tabs, without sideways scrolling.
func TestSkillScreenshots(t *testing.T) {
	srv := siteServer(t)
	tab := browser(t)
	for _, page := range []struct{ name, path string }{
		{"skill-en", skillPage}, {"skill-zh-CN", "/zh-CN" + skillPage}, {"skills-index-zh-CN", "/zh-CN/skills/"},
	} {
		for _, v := range views {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+page.path), chromedp.WaitVisible(chromedp.CSS("main")))
			if w := eval[int](t, tab, `document.documentElement.scrollWidth - window.innerWidth`); w > 1 {
				t.Errorf("%s at %s width scrolls sideways by %d px", page.path, v.size, w)
			}
			if v.mobile && strings.HasSuffix(page.path, skillPage) {
				tabbed := eval[bool](t, tab, `[...document.querySelectorAll(".skill-row:not(.skill-head)")].every((r) => {
					const cells = [...r.querySelectorAll(":scope > .cell")];
					const tabs = r.querySelector(".row-tabs");
					return cells.length < 2 || (tabs.offsetParent !== null && cells.filter((c) => c.offsetParent !== null).length === 1);
				})`)
				if !tabbed {
					t.Errorf("%s on a phone: a row does not show its original and translation as tabs", page.path)
				}
			}
			v.screenshot(t, tab, page.name)
		}
	}
}

// The long skill of e2e/testdata/skills/harbor-ledger (written for these
// tests, in the shape of long real skills: a dozen sections with
// subsections, long unbreakable words, URLs and identifiers, footnotes, raw
// HTML, a diagram, a JSON fragment, a translated companion file), built
// into a site of its own beside the real content.
const (
	longSkill     = "harbor-ledger"
	longSkillPage = "/skills/" + longSkill + "/"
)

// longSite builds the real content plus the long skill, without the
// validator module, once for the package.
func longSite(t *testing.T) string { return siteWithSkill(t, "testdata/skills/"+longSkill) }

// skillSite is one site that siteWithSkill built, or the error that
// stopped it.
type skillSite struct {
	once sync.Once
	dir  string
	err  error
}

// skillSites are the sites siteWithSkill built, by skill folder; TestMain
// removes them.
var skillSites sync.Map

// siteWithSkill builds the real content plus the skill folder src (as
// content/skills/<its name>), without the validator module, once per
// folder for the package.
func siteWithSkill(t *testing.T, src string) string {
	t.Helper()
	v, _ := skillSites.LoadOrStore(src, &skillSite{})
	site := v.(*skillSite)
	site.once.Do(func() {
		name := path.Base(src)
		fsys := fstest.MapFS{}
		for _, d := range [][2]string{{"../../content", "content"}, {"../../protocol", "protocol"}, {src, "content/skills/" + name}} {
			if site.err = copyTree(fsys, d[0], d[1]); site.err != nil {
				return
			}
		}
		dir, err := os.MkdirTemp("", "e2e-"+name+"-*")
		if err != nil {
			site.err = err
			return
		}
		site.dir = filepath.Join(dir, "public")
		_, site.err = generator.Build(context.Background(), generator.Config{Content: fsys, OutDir: site.dir, BaseURL: "http://127.0.0.1"})
	})
	if site.err != nil {
		t.Fatalf("build the site with the skill %s: %v", src, site.err)
	}
	return site.dir
}

// copyTree adds the files under root to fsys under the path under.
func copyTree(fsys fstest.MapFS, root, under string) error {
	return fs.WalkDir(os.DirFS(root), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(filepath.Join(root, p))
		fsys[path.Join(under, p)] = &fstest.MapFile{Data: data}
		return err
	})
}

func longServer(t *testing.T) *httptest.Server {
	t.Helper()
	return dirServer(t, longSite(t))
}

// TestLongSkillFitsPhone opens the long skill at 390 px (and, side by
// side, at 1440 px) in both languages and every view and measures the
// document: long words, URLs and code wrap, so it is never wider than the
// screen (real skills made phone pages 425 and 659 px wide).
func TestLongSkillFitsPhone(t *testing.T) {
	srv := longServer(t)
	tab := browser(t)
	for _, w := range []view{{"phone", 390, 844, true, "light"}, {"desktop", 1440, 900, false, "light"}} {
		for _, prefix := range []string{"", "/zh-CN"} {
			for _, v := range skillViews {
				u := srv.URL + prefix + longSkillPage + v.query
				run(t, tab, w.apply(), chromedp.Navigate(u), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
				if got := eval[int64](t, tab, `document.documentElement.scrollWidth`); got > w.width {
					t.Errorf("%s%s at %d px: the document is %d px wide; want at most %d. Text past the edge: %q", prefix, v.query, w.width, got, w.width, eval[[]string](t, tab, textPast))
				}
			}
		}
	}
}

// textPast lists the text nodes that reach past the window's right edge.
const textPast = `(() => {
	const out = [], walk = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
	for (let n; (n = walk.nextNode()) && out.length < 5;) {
		const r = document.createRange();
		r.selectNodeContents(n);
		if (r.getBoundingClientRect().right > window.innerWidth + 1 && !n.parentElement.closest("pre, .md-table")) out.push(n.textContent.slice(0, 40));
	}
	return out;
})()`

// tocState describes the on-page contents of a skill page: its entries'
// targets, how many name no row, and the text of the first.
const tocState = `(() => {
	const links = [...document.querySelectorAll(".toc-side nav.toc a")];
	return {count: links.length, missing: links.filter((a) => !document.getElementById(decodeURIComponent(a.hash.slice(1)))).length,
		first: links.length ? links[0].textContent : ""};
})()`

type toc struct {
	Count   int    `json:"count"`
	Missing int    `json:"missing"`
	First   string `json:"first"`
}

// TestLongSkillContents checks the on-page contents of the long skill:
// one entry for each of its 12 sections and 12 subsections (and its
// title), each leading to a row of the page, in the page's language.
func TestLongSkillContents(t *testing.T) {
	srv := longServer(t)
	tab := browser(t)
	for _, tc := range []struct{ prefix, first string }{{"", "Step 1: reconcile berth 1"}, {"/zh-CN", "第 1 步：核对 1 号泊位"}} {
		run(t, tab, chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+tc.prefix+longSkillPage), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
		got := eval[toc](t, tab, tocState)
		if got.Count < 24 || got.Missing > 0 || !strings.Contains(eval[string](t, tab, `document.querySelector(".toc-side nav.toc").textContent`), tc.first) {
			t.Errorf("%s contents: %+v; want 24 entries or more, each naming a row, with %q", tc.prefix, got, tc.first)
		}
	}
}

// sides reports, for the rows with tabs, which sides show and which tab is
// selected.
const sides = `(() => {
	const rows = [...document.querySelectorAll(".skill-row[data-show]")];
	const shown = (side) => rows.filter((r) => r.querySelector(":scope > .cell." + side).offsetParent !== null).length;
	return {rows: rows.length, original: shown("original"), translation: shown("translation"),
		selected: [...new Set(rows.map((r) => r.querySelector('.row-tabs [aria-selected="true"]').dataset.side))].join(",")};
})()`

type sideState struct {
	Rows        int    `json:"rows"`
	Original    int    `json:"original"`
	Translation int    `json:"translation"`
	Selected    string `json:"selected"`
}

// TestSkillTabsFollowLanguage opens the long skill side by side on a phone:
// the English page shows the original in every row, the Chinese page the
// translation (中文), and choosing a tab in one row switches every row.
func TestSkillTabsFollowLanguage(t *testing.T) {
	srv := longServer(t)
	tab := browser(t)
	phone := view{"phone", 390, 844, true, "light"}
	for _, tc := range []struct{ prefix, side, other string }{{"", "original", "translation"}, {"/zh-CN", "translation", "original"}} {
		run(t, tab, phone.apply(), chromedp.Navigate(srv.URL+tc.prefix+longSkillPage), chromedp.WaitVisible(chromedp.CSS(".row-tabs")))
		got := eval[sideState](t, tab, sides)
		want := sideState{Rows: got.Rows, Selected: tc.side}
		if tc.side == "original" {
			want.Original = got.Rows
		} else {
			want.Translation = got.Rows
		}
		if got.Rows < 12 || got != want {
			t.Errorf("%s on a phone: %+v; want every row on %s", tc.prefix, got, tc.side)
		}
		run(t, tab, chromedp.Click(chromedp.CSS(`#step-3-reconcile-berth-3 .row-tabs button[data-side="`+tc.other+`"]`)))
		got = eval[sideState](t, tab, sides)
		if got.Selected != tc.other || got.Original+got.Translation != got.Rows || (tc.other == "original") != (got.Original == got.Rows) {
			t.Errorf("%s after choosing %s in one row: %+v; want every row on %s", tc.prefix, tc.other, got, tc.other)
		}
	}
}

// TestLongSkillScreenshots saves the long skill at 1440 and 390 px in both
// languages for a reader to look at, into $SHOTS when it names a folder
// (else artifacts/), as JPEG.
func TestLongSkillScreenshots(t *testing.T) {
	srv := longServer(t)
	tab := browser(t)
	for _, prefix := range []string{"", "/zh-CN"} {
		for _, v := range []view{{"1440", 1440, 900, false, "light"}, {"390", 390, 844, true, "light"}} {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+prefix+longSkillPage), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
			waitJS(t, tab, `[...document.querySelectorAll("figure.diagram")].every((f) => f.dataset.diagram === "drawn")`)
			name := "long-skill-" + strings.TrimPrefix(cmpOr(prefix, "/en"), "/") + "-" + v.size + ".jpg"
			ctx, cancel := context.WithTimeout(tab, browsertest.Timeout)
			shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(90))
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if dir := os.Getenv("SHOTS"); dir != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			artifact(t, name, shot)
		}
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// manySkills adds n look-alike skills to fsys, in the shapes of the
// skills index at scale: names, descriptions of a sentence or two, tags
// in metadata, every fourth translated.
func manySkills(fsys fstest.MapFS, n int) {
	topics := []string{"ledger", "harbor", "invoice", "survey", "photo", "route", "kiln", "orchard", "tide", "census"}
	for i := range n {
		topic, other := topics[i%len(topics)], topics[(i/len(topics))%len(topics)]
		name := fmt.Sprintf("%s-%s-%03d", topic, other, i)
		shelf := fmt.Sprintf("shelf-%d", i%8)
		fm := fmt.Sprintf("---\nname: %s\ndescription: Works through %s records for the %s team, step by step, and reports what it changed. Use it when a %s batch needs checking.\nmetadata:\n  tags: [%s, %s, %s]\n---\n\n", name, topic, other, topic, topic, other, shelf)
		body := "# " + name + "\n\n## Steps\n\n1. Read the records.\n2. Check each one.\n"
		fsys["content/skills/"+name+"/SKILL.md"] = &fstest.MapFile{Data: []byte(fm + body)}
		if i%4 == 0 {
			zh := fmt.Sprintf("---\nname: %s\ndescription: 逐条处理 %s 团队的 %s 记录，并报告改动。需要检查一批 %s 时使用。\nmetadata:\n  tags: [%s, %s, %s]\n---\n\n# %s\n\n## 步骤\n\n1. 读取记录。\n2. 逐条检查。\n", name, other, topic, topic, topic, other, shelf, name)
			fsys["content/skills/"+name+"/SKILL.zh-CN.md"] = &fstest.MapFile{Data: []byte(zh)}
		}
	}
}

// firstScreen is the bytes a reader's browser fetches to show a page: its
// HTML and the stylesheets and scripts it links from the site.
func firstScreen(t *testing.T, dir, page string) (html, total int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(page), "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	total = len(data)
	for _, attr := range []string{`href="/assets/`, `src="/assets/`} {
		for _, part := range strings.Split(string(data), attr)[1:] {
			name, _, _ := strings.Cut(part, `"`)
			if strings.HasSuffix(name, ".css") || strings.HasSuffix(name, ".js") {
				st, err := os.Stat(filepath.Join(dir, "assets", name))
				if err != nil {
					t.Fatal(err)
				}
				total += int(st.Size())
			}
		}
	}
	return len(data), total
}

// TestSkillIndexAtScale builds the real content with 200 more skills and
// checks the skills index: its first screen (HTML, styles, scripts) stays
// under 200 KB, every card says whether its skill is translated, and the
// filter narrows the list by name, description and tag.
func TestSkillIndexAtScale(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, d := range [][2]string{{"../../content", "content"}, {"../../protocol", "protocol"}} {
		if err := copyTree(fsys, d[0], d[1]); err != nil {
			t.Fatal(err)
		}
	}
	manySkills(fsys, 200)
	dir := filepath.Join(t.TempDir(), "public")
	start := time.Now()
	if _, err := generator.Build(context.Background(), generator.Config{Content: fsys, OutDir: dir, BaseURL: "http://127.0.0.1"}); err != nil {
		t.Fatalf("build with 200 more skills: %v", err)
	}
	took := time.Since(start)
	for _, page := range []string{"/skills/", "/zh-CN/skills/"} {
		html, total := firstScreen(t, dir, page)
		t.Logf("%s with %d skills: HTML %d bytes, first screen %d bytes; build %v", page, 200+len(realSkills(t)), html, total, took.Round(time.Millisecond))
		if total > 200_000 {
			t.Errorf("%s: the first screen is %d bytes; want under 200 KB", page, total)
		}
	}

	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	tab := browser(t)
	run(t, tab, watchCSP(), chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+"/skills/"), chromedp.WaitVisible(chromedp.CSS("#skill-filter")))
	counts := `(() => { const c = [...document.querySelectorAll(".skill-card")];
		return {shown: c.filter((e) => !e.hidden).length, translated: c.filter((e) => e.querySelector(".badge.translated")).length,
			english: c.filter((e) => e.querySelector(".badge:not(.translated)")).length, status: document.querySelector(".skill-filter [role=status]").textContent}; })()`
	type state struct {
		Shown      int    `json:"shown"`
		Translated int    `json:"translated"`
		English    int    `json:"english"`
		Status     string `json:"status"`
	}
	all := eval[state](t, tab, counts)
	if all.Shown < 200 || all.Translated+all.English != all.Shown || all.Translated < 50 || all.English < 150 {
		t.Errorf("index: %+v; want every card marked translated (50 of the 200) or English only", all)
	}
	for _, tc := range []struct {
		query string
		want  int
	}{
		{"kiln-orchard", 2}, // a name: kiln-orchard-067 and -167
		{"team census", 38}, // words of a description, in any order: census's own 20 and the 20 for its team, 2 both
		{"shelf-3", 25},     // a tag, which only the tags hold
		{"SHELF-3 kiln", 2}, // a tag and a word, ignoring case: kiln-orchard-067 and route-kiln-163
		{"no-such-skill", 0},
	} {
		run(t, tab, chromedp.Evaluate[chromedp.Void](`(() => { const i = document.getElementById("skill-filter"); i.value = `+jsonQuote(tc.query)+`; i.dispatchEvent(new Event("input")); })()`))
		got := eval[state](t, tab, counts)
		if got.Shown != tc.want || !strings.Contains(got.Status, fmt.Sprint(tc.want)) {
			t.Errorf("filter %q: %+v; want %d cards and the count said", tc.query, got, tc.want)
		}
	}
	noCSPViolations(t, tab)
}

func jsonQuote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// realSkills lists the skill folders of the real content.
func realSkills(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("../../content/skills")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// TestDiagramsDrawn opens the long skill, whose intro holds a mermaid
// flowchart in both files: each becomes an SVG image with a text
// alternative, its source collapsed below, without a CSP violation; the
// renderer is fetched from the site. A page without a diagram (the real
// skill, a docs page) does not load the diagram script.
func TestDiagramsDrawn(t *testing.T) {
	srv := longServer(t)
	dir := longSite(t)
	for _, page := range []string{skillPage, "/docs/create-task/", "/zh-CN" + skillPage} {
		html := readSiteFile(t, dir, strings.TrimPrefix(page, "/")+"index.html")
		if strings.Contains(html, "/assets/diagrams.") || strings.Contains(html, "beautiful-mermaid") {
			t.Errorf("%s has no diagram but loads the diagram script", page)
		}
	}
	tab := browser(t)
	for _, prefix := range []string{"", "/zh-CN"} {
		run(t, tab, watchCSP(), chromedp.EmulateViewport(1440, 900), chromedp.Navigate(srv.URL+prefix+longSkillPage), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
		waitJS(t, tab, `[...document.querySelectorAll("figure.diagram")].every((f) => f.dataset.diagram === "drawn" || f.dataset.diagram === "failed")`)
		got := eval[[]string](t, tab, `[...document.querySelectorAll("figure.diagram")].map((f) => {
			const img = f.querySelector("img.diagram-image");
			return f.dataset.diagram + " " + (img && img.complete && img.naturalWidth > 100 ? "image" : "no-image") + " " + (img ? img.alt.length > 10 : false) +
				" " + (f.querySelector("details > summary + .code code") ? "source" : "no-source");
		})`)
		if len(got) != 2 {
			t.Fatalf("%s: %d diagrams; want 2 (original and translation)", prefix, len(got))
		}
		for _, g := range got {
			if g != "drawn image true source" {
				t.Errorf("%s: a diagram is %q; want drawn, an image with its alternative, and its source below", prefix, g)
			}
		}
		noCSPViolations(t, tab)
	}
}

// TestLongSkillAxe runs axe-core on the long skill's pages (footnotes, raw
// HTML, a drawn diagram, contents, tabs), on its companion files' pages
// and on the skills index with its filter, in both languages at 1440 and 390 px, light and dark, and fails
// on any violation.
func TestLongSkillAxe(t *testing.T) {
	axe := axeScript(t)
	srv := longServer(t)
	tab := browser(t)
	for _, w := range []int64{1440, 390} {
		for _, scheme := range []string{"light", "dark"} {
			v := view{fmt.Sprint(w), w, 900, w < 640, scheme}
			for _, p := range []string{longSkillPage, longSkillPage + "?view=translation", "/skills/", companionPage, companionPage + "?view=translation", longCompanionPage} {
				for _, prefix := range []string{"", "/zh-CN"} {
					run(t, tab, v.apply(), chromedp.Navigate(srv.URL+prefix+p), chromedp.WaitVisible(chromedp.CSS("main")))
					if strings.TrimSuffix(p, "?view=translation") == longSkillPage { // the page with the diagram
						run(t, tab, chromedp.Evaluate[chromedp.Void](`document.querySelector("figure.diagram").scrollIntoView()`))
						waitJS(t, tab, `[...document.querySelectorAll("figure.diagram")].every((f) => f.dataset.diagram === "drawn")`)
					}
					eval[bool](t, tab, string(axe)+";true")
					found := eval[[]string](t, tab, `axe.run(document, {resultTypes: ["violations"]}).then((r) =>
						r.violations.map((v) => v.impact + " " + v.id + ": " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")))`)
					if len(found) > 0 {
						t.Errorf("%s%s at %d px, %s:\n  %s", prefix, p, w, scheme, strings.Join(found, "\n  "))
					}
				}
			}
		}
	}
}
