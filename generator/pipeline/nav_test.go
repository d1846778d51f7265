package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pairag.com/portal/generator/synth"
	"pairag.com/portal/templates"
)

// longNav is a navigation of n entries shaped like synth.NavPages'.
func longNav(n int) []templates.NavItem {
	nav := make([]templates.NavItem, n)
	for i := range nav {
		nav[i] = templates.NavItem{Title: fmt.Sprintf("Synthetic page %d", i+1), URL: fmt.Sprintf("/docs/p%05d/", i+1)}
	}
	return nav
}

// navBytes is the size of what navFor gives the page at url, counting
// what each entry adds to the HTML besides its title and URL.
func navBytes(items []templates.NavItem) int {
	n := 0
	for _, e := range items {
		n += len(e.Title) + len(e.URL) + len(`<li><a href=""></a></li>`)
	}
	return n
}

// TestNavigationDoesNotGrowWithTheSite: a page's navigation is the same
// size whether the site has 1,000 or 10,000 pages in its navigation
// (every page used to carry every other page's link: 20,000 pages took
// 13.7 GB to preview). Every page's own entry is in it, marked current,
// with its neighbours; a page outside the navigation gets its start.
func TestNavigationDoesNotGrowWithTheSite(t *testing.T) {
	largest := map[int]int{}
	for _, n := range []int{1000, 10000} {
		nav := longNav(n)
		at := navIndex(nav)
		for i := 0; i < n; i += max(n/997, 1) { // some 1,000 pages of each, the first and last among them
			url := nav[i].URL
			got := navFor(nav, at, url)
			largest[n] = max(largest[n], navBytes(got))
			checkNavPart(t, got, nav, at, i)
		}
		checkNavPart(t, navFor(nav, at, "/not-in-the-nav/"), nav, at, -1)
		checkNavPart(t, navFor(nav, at, nav[n-1].URL), nav, at, n-1)
	}
	// one more digit in the titles and URLs of 10,000 pages is all that may grow
	if largest[10000] > largest[1000]*11/10 {
		t.Errorf("largest navigation of a page: %d bytes with 1,000 pages, %d with 10,000; want the same size", largest[1000], largest[10000])
	}
}

// checkNavPart checks a page's part of nav: entries in nav's order, the
// page at position cur current with navNear neighbours each side, the
// first and last entries, and a gap exactly where entries are left out.
func checkNavPart(t *testing.T, got, nav []templates.NavItem, at map[string]int, cur int) {
	t.Helper()
	want := map[int]bool{0: true, len(nav) - 1: true}
	for i := max(cur-navNear, 0); i <= min(cur+navNear, len(nav)-1); i++ {
		want[i] = true
	}
	prev, current := -1, 0
	for k, e := range got {
		if e.Gap {
			if k == 0 || got[k-1].Gap {
				t.Fatalf("page %d: gap at %d after %v", cur, k, got[max(k-1, 0)])
			}
			continue
		}
		i, ok := at[e.URL]
		if !ok || i <= prev {
			t.Fatalf("page %d: entry %d is %v, not in the navigation's order after %d", cur, k, e, prev)
		}
		if gap := k > 0 && got[k-1].Gap; gap != (i > prev+1) {
			t.Fatalf("page %d: entry %d (%d) after %d with gap=%v", cur, k, i, prev, gap)
		}
		if e.Current != (i == cur) {
			t.Fatalf("page %d: entry %d current=%v", cur, i, e.Current)
		}
		if e.Current {
			current++
		}
		delete(want, i)
		prev = i
	}
	if cur < 0 {
		for i := range want {
			if i > 2*navNear && i != len(nav)-1 {
				delete(want, i)
			}
		}
	}
	if len(want) != 0 || (cur >= 0) != (current == 1) {
		t.Fatalf("page %d: missing entries %v, %d current", cur, want, current)
	}
}

// TestShortNavigationIsWhole: up to navWhole entries, every page shows all
// of them, as the portal's own sidebar (compare-output proves its bytes).
func TestShortNavigationIsWhole(t *testing.T) {
	nav := longNav(navWhole)
	got := navFor(nav, navIndex(nav), nav[7].URL)
	if len(got) != navWhole || !got[7].Current || got[8].Current {
		t.Errorf("navFor(%d entries) = %d entries, current 7: %v; want all, 7 current", navWhole, len(got), got[7].Current)
	}
	if prev, next := pagerLinks(nav, navIndex(nav), nav[7].URL); prev.URL != nav[6].URL || next.URL != nav[8].URL {
		t.Errorf("pagerLinks = %v, %v; want %s, %s", prev, next, nav[6].URL, nav[8].URL)
	}
}

// TestLongNavigationInPages: in a built site of 300 pages in the
// navigation, every page's sidebar and menu hold a bounded number of
// links, its own marked current, and previous/next still walk every page.
func TestLongNavigationInPages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 300 pages")
	}
	fix := fixture(t)
	fsys := withFiles(fix, nil)
	for name := range fsys {
		if strings.HasPrefix(name, "content/") && strings.HasSuffix(name, ".md") && !strings.Contains(name, "skills/") {
			delete(fsys, name)
		}
	}
	fsys = withFiles(fsys, synth.WithAnchors(synth.NavPages(300), codeAnchors()))
	dir := mustRender(t, fsys)
	side := regexp.MustCompile(`(?s)<nav aria-label="[^"]*" id="side-nav">(.*?)</nav>`)
	for _, page := range []string{"docs/p00001", "docs/p00077", "docs/p00147", "zh-CN/docs/p00100"} {
		html, err := os.ReadFile(filepath.Join(dir, page, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		m := side.FindSubmatch(html)
		if m == nil {
			t.Fatalf("%s: no side-nav", page)
		}
		links := strings.Count(string(m[1]), "<a ")
		if links > navMarks+2*navNear+4 {
			t.Errorf("%s: %d links in the sidebar; want at most %d", page, links, navMarks+2*navNear+4)
		}
		if !strings.Contains(string(m[1]), `href="/`+strings.TrimPrefix(page, "/")+`/" aria-current="page"`) {
			t.Errorf("%s: its own entry is not in its sidebar, marked current:\n%s", page, m[1])
		}
		if !strings.Contains(string(html), `rel="next"`) {
			t.Errorf("%s: no next link", page)
		}
	}
}
