package nav

import (
	"bytes"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/templates"
)

// MinTOC is the number of sections from which a page gets on-page contents.
const MinTOC = 4

// TOC lists the h2 and h3 headings of a rendered page body, when it has
// at least MinTOC h2 sections. The body is the HTML before, if any (the
// version bar), followed by the page's Markdown rendered into md (nil
// when there is none). When md's recorded headings are all the body has,
// only they are read; otherwise (the version bar, a directive's HTML) the
// whole body is.
func TOC(before string, md *markdown.Output) []templates.TOCItem {
	if before == "" && md != nil && md.OwnHeadings() {
		return tocItems(recordedHeadings(md, MinTOC))
	}
	var body []byte
	if md != nil {
		body = md.Bytes()
	}
	if before != "" {
		body = append([]byte(before), body...)
	}
	if !atLeastH2(body, MinTOC) {
		return nil // too few h2 elements of any kind: not worth reading the body
	}
	return tocItems(search.Headings(body))
}

// tocItems makes the contents of a page's h2 and h3 headings, or nil when
// there are fewer than MinTOC h2.
func tocItems(heads []search.Heading) []templates.TOCItem {
	var items []templates.TOCItem
	h2 := 0
	for _, s := range heads {
		items = append(items, templates.TOCItem{Level: s.Level, ID: s.ID, Text: s.Text})
		if s.Level == 2 {
			h2++
		}
	}
	if h2 < MinTOC {
		return nil
	}
	return items
}

// recordedHeadings reads the h2 and h3 elements the renderer recorded in
// md, when there are at least minH2 h2 elements.
func recordedHeadings(md *markdown.Output, minH2 int) []search.Heading {
	h2 := 0
	for _, h := range md.Headings {
		if h.Level == 2 {
			h2++
		}
	}
	if h2 < minH2 {
		return nil
	}
	var out []search.Heading
	for _, h := range md.Headings {
		if h.Level == 2 || h.Level == 3 {
			out = append(out, search.Headings(md.Bytes()[h.Start:h.End])...)
		}
	}
	return out
}

// atLeastH2 reports whether body has at least n "<h2" or "<H2": what
// bytes.Count of both would say, but it stops at the nth, and the upper
// case (never in generated HTML) is only looked for when the lower case
// falls short.
func atLeastH2(body []byte, n int) bool {
	for _, tag := range [...][]byte{[]byte("<h2"), []byte("<H2")} {
		for s := body; ; {
			i := bytes.Index(s, tag)
			if i < 0 {
				break
			}
			if n--; n == 0 {
				return true
			}
			s = s[i+len(tag):]
		}
	}
	return false
}
