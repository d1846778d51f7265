package e2e

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The third-party-style fixture skill of generator/testdata/skills, built
// into a site of its own beside the real content.
const (
	fixtureSkill = "tidepool-batch"
	fixturePage  = "/skills/" + fixtureSkill + "/"
)

// fixtureSite builds the real content plus the fixture skill, without the
// validator module (these tests do not need it), once for the package.
func fixtureSite(t *testing.T) string {
	return siteWithSkill(t, "../../generator/testdata/skills/"+fixtureSkill)
}

func fixtureServer(t *testing.T) *httptest.Server {
	t.Helper()
	return dirServer(t, fixtureSite(t))
}

// skillViews are the page's three views, as URLs.
var skillViews = []struct{ name, query string }{{"both", ""}, {"original", "?view=original"}, {"translation", "?view=translation"}}

// phoneAndDesktop are the two widths the layout tests run at.
var phoneAndDesktop = []view{{"desktop", 1280, 900, false, "light"}, {"phone", 390, 844, true, "light"}}

// tableLayout describes every table in a visible cell, by its scroll
// region: whether its content is wider than its box, whether it scrolls, whether its box stays inside
// its cell, and the bottom border of its last row.
const tableLayout = `[...document.querySelectorAll(".skill-row .cell-body .md-table")].filter((t) => t.offsetParent !== null).map((t) => {
	const cell = t.closest(".cell").getBoundingClientRect(), box = t.getBoundingClientRect();
	const last = t.querySelector("tbody tr:last-child td");
	return {overflows: t.scrollWidth > t.clientWidth + 1, scrolls: ["auto", "scroll"].includes(getComputedStyle(t).overflowX),
		inside: box.left >= cell.left - 1 && box.right <= cell.right + 1,
		bottom: last ? parseFloat(getComputedStyle(last).borderBottomWidth) : 1, text: t.textContent.slice(0, 30)};
})`

type tableBox struct {
	Overflows bool    `json:"overflows"`
	Scrolls   bool    `json:"scrolls"`
	Inside    bool    `json:"inside"`
	Bottom    float64 `json:"bottom"`
	Text      string  `json:"text"`
}

// TestSkillTablesLayout checks every table of the fixture page in every
// view at desktop and phone width: it fits its cell or scrolls inside it,
// never clipped, and its last row keeps its bottom border.
func TestSkillTablesLayout(t *testing.T) {
	srv := fixtureServer(t)
	tab := browser(t)
	for _, v := range phoneAndDesktop {
		for _, sv := range skillViews {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+fixturePage+sv.query), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
			if sv.name == "both" && v.mobile {
				// the wide table is in a row showing its original tab; show the translations too
				eval[bool](t, tab, `(() => { document.querySelectorAll('.row-tabs button[data-side="translation"]').forEach((b) => b.click()); return true })()`)
			}
			tables := eval[[]tableBox](t, tab, tableLayout)
			if len(tables) < 2 {
				t.Fatalf("%s %s: %d visible tables; want the fixture's", v.size, sv.name, len(tables))
			}
			for _, tb := range tables {
				if (tb.Overflows && !tb.Scrolls) || !tb.Inside {
					t.Errorf("%s %s: table %q is clipped: %+v", v.size, sv.name, tb.Text, tb)
				}
				if tb.Bottom < 1 {
					t.Errorf("%s %s: table %q lost the bottom border of its last row", v.size, sv.name, tb.Text)
				}
			}
		}
	}
}

// copyOverlap counts, for every visible code block of a cell, the text
// lines its copy button covers, with the block scrolled to the start and
// to the end.
const copyOverlap = `(() => {
	const hits = [];
	for (const block of document.querySelectorAll(".skill-row .cell-body .code")) {
		const button = block.querySelector("button.copy"), pre = block.querySelector("pre");
		if (!button || button.hidden || block.offsetParent === null) continue;
		for (const x of [0, pre.scrollWidth]) {
			pre.scrollLeft = x;
			const b = button.getBoundingClientRect(), range = document.createRange();
			range.selectNodeContents(pre);
			for (const r of range.getClientRects()) {
				if (r.width > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) {
					hits.push(pre.textContent.slice(0, 30));
					break;
				}
			}
		}
		pre.scrollLeft = 0;
	}
	return hits;
})()`

// TestSkillCopyButtonsClear checks that no code block's copy button covers
// code on the fixture page, at desktop and phone width, in every view.
func TestSkillCopyButtonsClear(t *testing.T) {
	srv := fixtureServer(t)
	tab := browser(t)
	for _, v := range phoneAndDesktop {
		for _, sv := range skillViews {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+fixturePage+sv.query), chromedp.WaitVisible(chromedp.CSS(".skill-front")), chromedp.Sleep(200*time.Millisecond))
			blocks := eval[int](t, tab, `[...document.querySelectorAll(".skill-row .cell-body .code")].filter((b) => b.offsetParent !== null).length`)
			if blocks < 5 {
				t.Fatalf("%s %s: %d visible code blocks", v.size, sv.name, blocks)
			}
			if hits := eval[[]string](t, tab, copyOverlap); len(hits) > 0 {
				t.Errorf("%s %s: the copy button covers code in %d block(s): %q", v.size, sv.name, len(hits), hits)
			}
		}
	}
}

// pageFacts are what TestSkillPageFixes reads from the page.
const pageFacts = `(() => {
	const skill = document.getElementById("skill");
	const items = [...document.querySelectorAll(".skill-views li")].map((li) => li.getBoundingClientRect().top);
	const lead = [...document.querySelectorAll(".skill-lead [data-for]")].filter((s) => s.offsetParent !== null).map((s) => s.dataset.for);
	const rows = [...document.querySelectorAll(".skill-row:not(.skill-head):not(.skill-front)")];
	const anchors = rows.filter((r) => [...r.querySelectorAll(".row-link")].some((a) => a.offsetParent !== null && getComputedStyle(a).visibility === "visible")).length;
	const widest = Math.max(...[...document.querySelectorAll(".skill-row .cell")].filter((c) => c.offsetParent !== null).map((c) => c.getBoundingClientRect().width));
	return {view: skill.dataset.view, switcherLines: new Set(items).size, lead: lead.join(","), rows: rows.length, anchors,
		widest, textareas: document.querySelectorAll("textarea").length, filesOpen: document.querySelector("details.skill-files").open,
		height: document.documentElement.scrollHeight, footer: document.querySelector(".site-footer p").textContent};
})()`

type facts struct {
	View          string  `json:"view"`
	SwitcherLines int     `json:"switcherLines"`
	Lead          string  `json:"lead"`
	Rows          int     `json:"rows"`
	Anchors       int     `json:"anchors"`
	Widest        float64 `json:"widest"`
	Textareas     int     `json:"textareas"`
	FilesOpen     bool    `json:"filesOpen"`
	Height        float64 `json:"height"`
	Footer        string  `json:"footer"`
}

// TestSkillPageFixes checks what a reader of a third-party skill saw go
// wrong: the switcher on one line at 390 px, the lead and the "#" anchor of
// each view, a readable measure in single-column views, the file list
// collapsed, no hidden copies of the Markdown, a phone page no longer than
// the original alone plus the tabs, and a footer that is true for a skill.
func TestSkillPageFixes(t *testing.T) {
	srv := fixtureServer(t)
	tab := browser(t)
	heights := map[string]float64{}
	for _, v := range phoneAndDesktop {
		for _, sv := range skillViews {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+fixturePage+sv.query), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
			f := eval[facts](t, tab, pageFacts)
			at := v.size + " " + sv.name
			heights[at] = f.Height
			if f.View != sv.name || f.Lead != sv.name {
				t.Errorf("%s: view %q shows the lead of %q", at, f.View, f.Lead)
			}
			if f.SwitcherLines != 1 {
				t.Errorf("%s: the view switcher takes %d lines", at, f.SwitcherLines)
			}
			if f.Anchors != f.Rows {
				t.Errorf("%s: %d of %d rows show a # anchor", at, f.Anchors, f.Rows)
			}
			if sv.name != "both" && f.Widest > 800 {
				t.Errorf("%s: a single column is %.0f px wide; want a readable measure (at most 800 px)", at, f.Widest)
			}
			if f.Textareas != 0 || f.FilesOpen {
				t.Errorf("%s: %d textareas, file list open %v; want none, collapsed", at, f.Textareas, f.FilesOpen)
			}
			if strings.Contains(f.Footer, "protocol JSON") {
				t.Errorf("%s: the footer says %q on a skill page", at, f.Footer)
			}
		}
	}
	if both, orig := heights["phone both"], heights["phone original"]; both > orig*1.25 {
		t.Errorf("on a phone the side-by-side view is %.0f px tall, the original alone %.0f px; want tabs, not both stacked", both, orig)
	}
}

// TestSkillCopySlices copies a section from each side: the text is the
// section's Markdown sliced from the published file, without stamps.
func TestSkillCopySlices(t *testing.T) {
	srv := fixtureServer(t)
	tab := browser(t)
	run(t, tab, grantClipboard(srv.URL), chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.URL+fixturePage), chromedp.WaitVisible(chromedp.CSS("button.copy-md")))
	for side, want := range map[string]string{
		"original":    "## Quotas\n\nEach project gets 12 GPU hours",
		"translation": "## 配额\n\n每个项目在 `gpu` 队列上每天有十二个 GPU 小时",
	} {
		run(t, tab, chromedp.Click(chromedp.CSS(`#quotas .cell.`+side+` button.copy-md`)))
		waitCopied(t, tab, `#quotas .cell.`+side+` .copy-status`)
		got := eval[string](t, tab, `navigator.clipboard.readText()`)
		if !strings.HasPrefix(got, want) || strings.Contains(got, "<!--") || !strings.HasSuffix(got, "how to ask for more.\n") && side == "original" {
			t.Errorf("%s: copied %q; want the section's Markdown, starting %q", side, abbreviate(got), want)
		}
	}
	noCSPViolations(t, tab)
}

// TestSkillFixtureScreenshots saves the fixture page at 1280 and 390 px in
// every view, in English and, side by side, in Chinese.
func TestSkillFixtureScreenshots(t *testing.T) {
	srv := fixtureServer(t)
	tab := browser(t)
	for _, v := range phoneAndDesktop {
		for _, sv := range skillViews {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+fixturePage+sv.query), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
			v.screenshot(t, tab, "fixture-skill-"+sv.name)
		}
		run(t, tab, v.apply(), chromedp.Navigate(srv.URL+"/zh-CN"+fixturePage), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
		v.screenshot(t, tab, "fixture-skill-zh-CN-both")
	}
}
