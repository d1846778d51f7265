// Package nav is how a page finds its way: the part of a language's
// navigation its sidebar shows (bounded however many pages there are), its
// previous and next pages, and its on-page contents list, read from the
// headings the renderer recorded.
package nav

import (
	"slices"

	"pairag.com/portal/templates"
)

// Pager returns the pages before and after url in the navigation,
// found through at, the position of each URL in items (Index).
func Pager(items []templates.NavItem, at map[string]int, url string) (prev, next *templates.Link) {
	i, ok := at[url]
	if !ok {
		return nil, nil
	}
	if i > 0 {
		prev = &templates.Link{Text: items[i-1].Title, URL: items[i-1].URL}
	}
	if i+1 < len(items) {
		next = &templates.Link{Text: items[i+1].Title, URL: items[i+1].URL}
	}
	return prev, next
}

// Index maps each URL of items to its position (the last, should one
// appear twice), so that a page finds itself without reading the whole
// navigation: with thousands of pages that read, once per page, was the
// build's square.
func Index(items []templates.NavItem) map[string]int {
	at := make(map[string]int, len(items))
	for i, n := range items {
		at[n.URL] = i
	}
	return at
}

// A language's navigation of up to Whole entries is shown whole on
// every page, as on the portal itself (about ten entries). Above it, every
// page would carry every other page's link, so output would grow with the
// square of the pages (20,000 pages took 13.7 GB to preview); instead a
// page shows a bounded part of it (part), and the search finds the rest.
// The numbers are chosen so that a sidebar stays readable: 100 entries is
// several screens already.
const (
	Whole = 100 // entries up to which the navigation is shown whole
	Near  = 5   // entries shown either side of the reader's page
	Marks = 10  // evenly spaced entries shown across the whole navigation
)

// For returns the navigation page url shows, its entry marked current:
// the whole of items when it is short, else part.
func For(items []templates.NavItem, at map[string]int, url string) []templates.NavItem {
	if len(items) <= Whole {
		out := slices.Clone(items)
		for i := range out {
			out[i].Current = out[i].URL == url
		}
		return out
	}
	cur, ok := at[url]
	if !ok {
		cur = -1
	}
	return part(items, cur)
}

// part returns the entries of a long navigation that the page at
// position cur (-1 for a page not in it) shows: the first and the last,
// Marks evenly spaced ones, Near either side of cur, and the middle
// of each gap next to those, so that any entry is a few clicks away (each
// click on a middle halves the distance). Hidden entries leave a Gap item.
// Its size does not depend on len(items).
func part(items []templates.NavItem, cur int) []templates.NavItem {
	n := len(items)
	lo, hi := max(cur-Near, 0), min(cur+Near, n-1)
	if cur < 0 {
		lo, hi = 0, 2*Near
	}
	var show []int
	for k := 0; k <= Marks; k++ {
		show = append(show, k*(n-1)/Marks)
	}
	for i := lo; i <= hi; i++ {
		show = append(show, i)
	}
	slices.Sort(show)
	show = slices.Compact(show)
	// the middles of the gaps either side of the reader's part
	at, _ := slices.BinarySearch(show, lo)
	if at > 0 && lo-show[at-1] > 2 {
		show = append(show, (show[at-1]+lo)/2)
	}
	at, _ = slices.BinarySearch(show, hi)
	if at+1 < len(show) && show[at+1]-hi > 2 {
		show = append(show, (hi+show[at+1])/2)
	}
	slices.Sort(show)
	out := make([]templates.NavItem, 0, 2*len(show))
	for k, i := range show {
		if k > 0 && i > show[k-1]+1 {
			out = append(out, templates.NavItem{Gap: true})
		}
		e := items[i]
		e.Current = i == cur
		out = append(out, e)
	}
	return out
}
