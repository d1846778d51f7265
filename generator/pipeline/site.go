package pipeline

import (
	"cmp"
	"slices"

	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/templates"
)

// The two site languages (package reference defines them). English is the
// source language and lives at the root; Chinese lives under /zh-CN/.
const (
	en = langs.EN
	zh = langs.ZH
)

var languages = langs.All

// FrontMatter is the YAML block at the top of every page (see
// [markdown.FrontMatter]).
type FrontMatter = markdown.FrontMatter

// page and pair are the site model's (see [site.Page], [site.Pair]).
type (
	page = site.Page
	pair = site.Pair
)

// pageURL maps a file inside content/<lang>/ to its URL (see [site.URL]).
func pageURL(lang, rel string) string { return site.URL(lang, rel) }

// navigation lists a language's pages that are in the navigation, by order.
func navigation(pairs []pair, lang string) []templates.NavItem {
	var ps []*page
	for _, pr := range pairs {
		if p := pr.Get(lang); p != nil && p.FM.InNav() && p.Kind.Listed() && p.FM.Title != "" {
			ps = append(ps, p)
		}
	}
	slices.SortFunc(ps, func(a, b *page) int {
		return cmp.Or(cmp.Compare(a.FM.Order, b.FM.Order), cmp.Compare(a.URL, b.URL))
	})
	nav := make([]templates.NavItem, len(ps))
	for i, p := range ps {
		nav[i] = templates.NavItem{Title: p.FM.Title, URL: p.URL}
	}
	return nav
}
