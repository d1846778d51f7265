package nav

import (
	"fmt"
	"testing"

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

// navBytes is the size of what For gives the page at url, counting
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
		at := Index(nav)
		for i := 0; i < n; i += max(n/997, 1) { // some 1,000 pages of each, the first and last among them
			url := nav[i].URL
			got := For(nav, at, url)
			largest[n] = max(largest[n], navBytes(got))
			checkNavPart(t, got, nav, at, i)
		}
		checkNavPart(t, For(nav, at, "/not-in-the-nav/"), nav, at, -1)
		checkNavPart(t, For(nav, at, nav[n-1].URL), nav, at, n-1)
	}
	// one more digit in the titles and URLs of 10,000 pages is all that may grow
	if largest[10000] > largest[1000]*11/10 {
		t.Errorf("largest navigation of a page: %d bytes with 1,000 pages, %d with 10,000; want the same size", largest[1000], largest[10000])
	}
}

// checkNavPart checks a page's part of nav: entries in nav's order, the
// page at position cur current with Near neighbours each side, the
// first and last entries, and a gap exactly where entries are left out.
func checkNavPart(t *testing.T, got, nav []templates.NavItem, at map[string]int, cur int) {
	t.Helper()
	want := map[int]bool{0: true, len(nav) - 1: true}
	for i := max(cur-Near, 0); i <= min(cur+Near, len(nav)-1); i++ {
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
			if i > 2*Near && i != len(nav)-1 {
				delete(want, i)
			}
		}
	}
	if len(want) != 0 || (cur >= 0) != (current == 1) {
		t.Fatalf("page %d: missing entries %v, %d current", cur, want, current)
	}
}

// TestShortNavigationIsWhole: up to Whole entries, every page shows all
// of them, as the portal's own sidebar (compare-output proves its bytes).
func TestShortNavigationIsWhole(t *testing.T) {
	nav := longNav(Whole)
	got := For(nav, Index(nav), nav[7].URL)
	if len(got) != Whole || !got[7].Current || got[8].Current {
		t.Errorf("For(%d entries) = %d entries, current 7: %v; want all, 7 current", Whole, len(got), got[7].Current)
	}
	if prev, next := Pager(nav, Index(nav), nav[7].URL); prev.URL != nav[6].URL || next.URL != nav[8].URL {
		t.Errorf("Pager = %v, %v; want %s, %s", prev, next, nav[6].URL, nav[8].URL)
	}
}
