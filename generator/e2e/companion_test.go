package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"pairag.com/portal/generator/browsertest"
)

// The long skill's companion files, rendered as pages of their own beside
// the skill's (references/guide.md and its translation; and
// references/harbor_ledger_operations.md, long and untranslated, in the
// shape of the long references real skills keep beside SKILL.md: a path
// too long for a phone's title line, tables, code, links to its own
// sections, to its sibling, back to SKILL.md and through {baseDir}).
const (
	companionPage     = longSkillPage + "references/guide/"
	longCompanionPage = longSkillPage + "references/harbor_ledger_operations/"
)

// companionState is what a companion page shows a reader.
type companionState struct {
	Crumbs     []string `json:"crumbs"`     // the breadcrumbs' links
	Lead       string   `json:"lead"`       // the skill's page, as the lead links it
	Raw        []string `json:"raw"`        // the raw files it links
	Rows       int      `json:"rows"`       // section rows
	Selected   string   `json:"selected"`   // the tab first chosen on a phone ("" without tabs)
	Width      int64    `json:"width"`      // the document's width
	Translated bool     `json:"translated"` // the view controls are there
}

const companionJS = `(() => ({
	crumbs: [...document.querySelectorAll("nav.crumbs a")].map((a) => a.getAttribute("href")),
	lead: document.querySelector(".skill-lead a").getAttribute("href"),
	raw: [...document.querySelectorAll(".skill-raw a")].map((a) => a.getAttribute("href")),
	rows: document.querySelectorAll(".skill-rows section.skill-row").length,
	selected: (document.querySelector('.row-tabs:not([hidden]) button[aria-selected="true"]') || {dataset: {side: ""}}).dataset.side,
	width: document.documentElement.scrollWidth,
	translated: !!document.querySelector(".skill-views"),
}))()`

// TestCompanionPages opens the companion pages in both languages at 1440
// and 390 px: breadcrumbs lead back through the skill, the lead links the
// skill's page in the page's language, the raw files are linked, a
// translated file opens on a phone on the tab of the page's language, and
// nothing is wider than the screen. The skill page's file list links the
// pages, and the raw files still come byte for byte, sandboxed.
func TestCompanionPages(t *testing.T) {
	srv := longServer(t)
	tab := browser(t)
	for _, tc := range []struct {
		prefix, page, side string
		translated         bool
		raw                []string
	}{
		{"", companionPage, "original", true, []string{"/skills/harbor-ledger/references/guide.md", "/skills/harbor-ledger/references/guide.zh-CN.md"}},
		{"/zh-CN", companionPage, "translation", true, []string{"/skills/harbor-ledger/references/guide.md", "/skills/harbor-ledger/references/guide.zh-CN.md"}},
		{"", longCompanionPage, "", false, []string{"/skills/harbor-ledger/references/harbor_ledger_operations.md"}},
		{"/zh-CN", longCompanionPage, "", false, []string{"/skills/harbor-ledger/references/harbor_ledger_operations.md"}},
	} {
		for _, v := range []view{{"1440", 1440, 900, false, "light"}, {"390", 390, 844, true, "light"}} {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+tc.prefix+tc.page), chromedp.WaitVisible(chromedp.CSS(".skill-companion")))
			got := eval[companionState](t, tab, companionJS)
			where := fmt.Sprintf("%s%s at %s px", tc.prefix, tc.page, v.size)
			skill := tc.prefix + longSkillPage
			if len(got.Crumbs) < 3 || got.Crumbs[len(got.Crumbs)-2] != skill || got.Crumbs[len(got.Crumbs)-3] != tc.prefix+"/skills/" {
				t.Errorf("%s: breadcrumbs %q; want ..., %s/skills/, %s, the page", where, got.Crumbs, tc.prefix, skill)
			}
			if got.Lead != skill || strings.Join(got.Raw, " ") != strings.Join(tc.raw, " ") || got.Translated != tc.translated || got.Rows < 3 {
				t.Errorf("%s: %+v; want the lead to link %s, raw files %q, view controls %v, the rows", where, got, skill, tc.raw, tc.translated)
			}
			if v.mobile && got.Selected != tc.side {
				t.Errorf("%s: the tab first chosen is %q; want %q", where, got.Selected, tc.side)
			}
			if got.Width > v.width {
				t.Errorf("%s: the document is %d px wide; want at most %d. Text past the edge: %q", where, got.Width, v.width, eval[[]string](t, tab, textPast))
			}
		}
	}
	run(t, tab, chromedp.Navigate(srv.URL+longSkillPage), chromedp.WaitVisible(chromedp.CSS(".skill-front")))
	links := eval[[]string](t, tab, `[...document.querySelectorAll(".skill-files a")].map((a) => a.getAttribute("href"))`)
	for _, w := range []string{companionPage, longCompanionPage, "/skills/harbor-ledger/references/guide.md", companionPage + "?view=translation"} {
		if !strings.Contains(" "+strings.Join(links, " ")+" ", " "+w+" ") {
			t.Errorf("the skill page's file list links %q; want %s", links, w)
		}
	}
	raw, err := os.ReadFile("testdata/skills/harbor-ledger/references/guide.md")
	if err != nil {
		t.Fatal(err)
	}
	res, err := srv.Client().Get(srv.URL + "/skills/harbor-ledger/references/guide.md")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body := make([]byte, len(raw)+1)
	n, _ := res.Body.Read(body)
	for n < len(body) {
		m, err := res.Body.Read(body[n:])
		n += m
		if err != nil {
			break
		}
	}
	if string(body[:n]) != string(raw) || !strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("raw guide.md: %d bytes, CSP %q; want the author's %d bytes under a sandbox policy", n, res.Header.Get("Content-Security-Policy"), len(raw))
	}
}

// TestCompanionLinks follows the links of the long companion: to its own
// rows, to its sibling's page and back to the skill's page, each an
// anchor that exists where it leads.
func TestCompanionLinks(t *testing.T) {
	srv := longServer(t)
	tab := browser(t)
	for _, prefix := range []string{"", "/zh-CN"} {
		run(t, tab, chromedp.Navigate(srv.URL+prefix+longCompanionPage), chromedp.WaitVisible(chromedp.CSS(".skill-companion")))
		links := eval[[]string](t, tab, `[...document.querySelectorAll(".cell-body a[href]")].map((a) => a.getAttribute("href"))`)
		want := []string{"#retries", prefix + companionPage + "#tonnage", prefix + longSkillPage + "#step-3-reconcile-berth-3", "/skills/harbor-ledger/scripts/reconcile.sh"}
		for _, w := range want {
			if !strings.Contains(" "+strings.Join(links, " ")+" ", " "+w+" ") {
				t.Errorf("%s%s links %q; want %s", prefix, longCompanionPage, links, w)
			}
		}
		for _, w := range want[:3] {
			page, frag, _ := strings.Cut(w, "#")
			if page == "" {
				page = prefix + longCompanionPage
			}
			run(t, tab, chromedp.Navigate(srv.URL+page), chromedp.WaitVisible(chromedp.CSS("main")))
			if !eval[bool](t, tab, `!!document.getElementById(`+jsString(frag)+`)`) {
				t.Errorf("%s%s: the link %s leads to no such row", prefix, longCompanionPage, w)
			}
		}
	}
}

// TestCompanionScreenshots saves the companion pages, and the skill page
// in dark as well as light, at 1440 and 390 px in both languages, for a
// reader to look at, into $SHOTS when it names a folder (else
// artifacts/), as JPEG.
func TestCompanionScreenshots(t *testing.T) {
	srv := longServer(t)
	tab := browser(t)
	for _, p := range []struct{ name, url string }{{"companion", companionPage}, {"long-companion", longCompanionPage}, {"long-skill", longSkillPage}} {
		for _, prefix := range []string{"", "/zh-CN"} {
			for _, v := range []view{{"1440", 1440, 900, false, "light"}, {"1440", 1440, 900, false, "dark"}, {"390", 390, 844, true, "light"}, {"390", 390, 844, true, "dark"}} {
				run(t, tab, v.apply(), chromedp.Navigate(srv.URL+prefix+p.url), chromedp.WaitVisible(chromedp.CSS(".skill")))
				saveShot(t, tab, v, p.name+"-"+strings.TrimPrefix(cmpOr(prefix, "/en"), "/")+"-"+v.size+"-"+v.scheme+".jpg")
			}
		}
	}
}

// TestSiteScreenshots saves pages of a site built elsewhere, for a reader
// to look at: $SHOT_SITE names its public directory (built with gen build
// from a scratch copy holding real third-party skills, which are never
// committed here), $SHOT_PAGES the pages, separated by spaces. Each is
// shot at 1440 and 390 px, light and dark, into $SHOTS (else artifacts/).
// Skipped without $SHOT_SITE.
func TestSiteScreenshots(t *testing.T) {
	dir := os.Getenv("SHOT_SITE")
	if dir == "" {
		t.Skip("SHOT_SITE not set")
	}
	srv := dirServer(t, dir)
	tab := browser(t)
	for _, p := range strings.Fields(os.Getenv("SHOT_PAGES")) {
		for _, v := range []view{{"1440", 1440, 900, false, "light"}, {"1440", 1440, 900, false, "dark"}, {"390", 390, 844, true, "light"}, {"390", 390, 844, true, "dark"}} {
			run(t, tab, v.apply(), chromedp.Navigate(srv.URL+p), chromedp.WaitVisible(chromedp.CSS("main")))
			if w := eval[int64](t, tab, `document.documentElement.scrollWidth`); w > v.width {
				t.Errorf("%s at %s px: the document is %d px wide. Text past the edge: %q; boxes past it: %q", p, v.size, w, eval[[]string](t, tab, textPast), eval[[]string](t, tab, boxesPast))
			}
			name := strings.Trim(strings.ReplaceAll(p, "/", "-"), "-")
			saveShot(t, tab, v, name+"-"+v.size+"-"+v.scheme+".jpg")
		}
	}
}

// maxShot is the tallest page saved whole: Chromium writes an empty
// image for a full screenshot much taller (a real 144 KB reference is
// 60,000 px at 390 px wide).
const maxShot = 12000

// boxesPast names the text of the page that reaches past the screen's
// right edge (a phone's layout viewport grows to fit it, so the window's
// own width says nothing), outside scroll regions, with the element that
// holds it and its right edge.
const boxesPast = `(() => {
	const clipped = (e) => { for (let a = e; a; a = a.parentElement) if (["auto", "scroll", "hidden"].includes(getComputedStyle(a).overflowX) || getComputedStyle(a).position === "fixed") return true; return false; };
	const out = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n; (n = walk.nextNode()) && out.length < 5;) {
		const r = document.createRange();
		r.selectNodeContents(n);
		const right = r.getBoundingClientRect().right;
		if (right > screen.width + 1 && !clipped(n.parentElement)) out.push(n.parentElement.tagName.toLowerCase() + " " + Math.round(right) + ": " + n.textContent.slice(0, 40));
	}
	return out;
})()`

// saveShot saves the tab in view v as JPEG name: the whole page, or for a
// taller one its first 4,000 px and 4,000 px from its middle (PNG, as
// name-top and name-middle), into $SHOTS when it names a folder, else as a test
// artifact.
func saveShot(t *testing.T, tab context.Context, v view, name string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, browsertest.Timeout)
	defer cancel()
	if eval[int64](t, tab, `document.documentElement.scrollHeight`) <= maxShot {
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(80))
		if err != nil {
			t.Fatal(err)
		}
		writeShot(t, name, shot)
		return
	}
	tall := v
	tall.height = 4000
	run(t, tab, tall.apply())
	base := strings.TrimSuffix(name, ".jpg")
	for _, part := range []struct{ name, js string }{{"top", "scrollTo(0, 0)"}, {"middle", "scrollTo(0, document.documentElement.scrollHeight / 2)"}} {
		run(t, tab, chromedp.Evaluate[chromedp.Void](part.js))
		shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		writeShot(t, base+"-"+part.name+".png", shot)
	}
	run(t, tab, v.apply())
}

func writeShot(t *testing.T, name string, shot []byte) {
	t.Helper()
	if dir := os.Getenv("SHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), shot, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	artifact(t, name, shot)
}
