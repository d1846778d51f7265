package site

import (
	"html"
	"strings"

	"pairag.com/portal/generator/langs"
)

// Sitemap is /sitemap.xml for the site at base (an origin without a
// trailing slash): every listed page whose twin exists, in both languages,
// each with its hreflang alternates and x-default naming the English
// page. A Pending translation leaves its original listed alone, without
// alternates; pages without a twin and error pages are left out.
func Sitemap(base string, pairs []Pair) string {
	var s strings.Builder
	s.Grow(len(pairs) * 2 * (len(base)*4 + 320)) // a page's entry: four URLs and the markup around them
	s.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	s.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, pr := range pairs {
		if pr.EN == nil || pr.ZH == nil || !pr.EN.Kind.Listed() {
			continue
		}
		pages, alts := []*Page{pr.EN, pr.ZH}, [][2]string{{langs.EN, pr.EN.URL}, {langs.ZH, pr.ZH.URL}, {"x-default", pr.EN.URL}}
		if pr.ZH.Pending { // the original alone, without an hreflang pair
			pages, alts = pages[:1], nil
		}
		for _, p := range pages {
			s.WriteString("  <url>\n    <loc>")
			s.WriteString(html.EscapeString(base + p.URL))
			s.WriteString("</loc>\n")
			for _, alt := range alts {
				s.WriteString(`    <xhtml:link rel="alternate" hreflang="`)
				s.WriteString(alt[0])
				s.WriteString(`" href="`)
				s.WriteString(html.EscapeString(base + alt[1]))
				s.WriteString("\"/>\n")
			}
			s.WriteString("  </url>\n")
		}
	}
	s.WriteString("</urlset>\n")
	return s.String()
}
