package pipeline

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os/exec"
	"slices"
	"strings"
	"sync"

	"github.com/goccy/go-yaml"

	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/generator/load"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/internal/yamlpos"
	"pairag.com/portal/templates"
)

// extras is what navigation and search read besides pages and protocol.
type extras struct {
	glossary glossary.Glossary // content/glossary.yaml
	synonyms search.Synonyms   // content/synonyms.yaml
	site     SiteSettings      // content/site.yaml
	dates    map[string]string // last commit date by content file, when built from a git work tree
}

func loadExtras(cfg Config, rep *report) extras {
	return extras{glossary: load.Glossary(cfg.Content, rep), synonyms: loadSynonyms(cfg.Content, rep), site: loadSiteSettings(cfg.Content, rep), dates: gitDates(cfg.GitDir)}
}

// siteFile holds the site settings writers may change.
const siteFile = "content/site.yaml"

// SiteSettings is content/site.yaml:
//
//	repository: https://github.com/owner/name   # the footer's source link; empty for none
//	branch: main                                 # the branch "edit this page" opens
type SiteSettings struct {
	Repository string `yaml:"repository"`
	Branch     string `yaml:"branch"`
}

// loadSiteSettings reads content/site.yaml strictly; a missing file means no repository links.
func loadSiteSettings(fsys fs.FS, rep *report) SiteSettings {
	var s SiteSettings
	data, err := fs.ReadFile(fsys, siteFile)
	if errors.Is(err, fs.ErrNotExist) {
		return s
	}
	if err == nil {
		err = yaml.UnmarshalWithOptions(data, &s, yaml.Strict())
	}
	if err != nil {
		line, msg := yamlpos.ErrorPos(err)
		rep.Errorf(siteFile, line, "%s", msg)
	}
	s.Repository = strings.TrimRight(s.Repository, "/")
	if s.Branch == "" {
		s.Branch = "main"
	}
	if s.Repository != "" && !strings.HasPrefix(s.Repository, "https://") {
		rep.Errorf(siteFile, 0, "repository must be an https:// URL, got %q", s.Repository)
		s.Repository = ""
	}
	return s
}

// editURL is where a page's source is edited on the repository's host.
func (s SiteSettings) editURL(file string) string {
	if s.Repository == "" {
		return ""
	}
	return s.Repository + "/edit/" + s.Branch + "/" + file
}

// gitDates returns the date of the last commit touching each file under
// dir/content, from one git log; nil when dir is empty or not a work tree.
func gitDates(dir string) map[string]string {
	if dir == "" {
		return nil
	}
	out, err := exec.Command("git", "-C", dir, "log", "--format=@%cs", "--name-only", "--no-renames", "--", "content").Output()
	if err != nil {
		return nil
	}
	dates := map[string]string{}
	date := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "@"):
			date = line[1:]
		case line != "" && dates[line] == "":
			dates[line] = date // the log is newest first
		}
	}
	return dates
}

// pagerLinks returns the pages before and after url in the navigation,
// found through at, the position of each URL in nav (navIndex).
func pagerLinks(nav []templates.NavItem, at map[string]int, url string) (prev, next *templates.Link) {
	i, ok := at[url]
	if !ok {
		return nil, nil
	}
	if i > 0 {
		prev = &templates.Link{Text: nav[i-1].Title, URL: nav[i-1].URL}
	}
	if i+1 < len(nav) {
		next = &templates.Link{Text: nav[i+1].Title, URL: nav[i+1].URL}
	}
	return prev, next
}

// navIndex maps each URL of nav to its position (the last, should one
// appear twice), so that a page finds itself without reading the whole
// navigation: with thousands of pages that read, once per page, was the
// build's square.
func navIndex(nav []templates.NavItem) map[string]int {
	at := make(map[string]int, len(nav))
	for i, n := range nav {
		at[n.URL] = i
	}
	return at
}

// A language's navigation of up to navWhole entries is shown whole on
// every page, as on the portal itself (about ten entries). Above it, every
// page would carry every other page's link, so output would grow with the
// square of the pages (20,000 pages took 13.7 GB to preview); instead a
// page shows a bounded part of it (navPart), and the search finds the rest.
// The numbers are chosen so that a sidebar stays readable: 100 entries is
// several screens already.
const (
	navWhole = 100 // entries up to which the navigation is shown whole
	navNear  = 5   // entries shown either side of the reader's page
	navMarks = 10  // evenly spaced entries shown across the whole navigation
)

// navFor returns the navigation page url shows, its entry marked current:
// the whole of nav when it is short, else navPart.
func navFor(nav []templates.NavItem, at map[string]int, url string) []templates.NavItem {
	if len(nav) <= navWhole {
		out := slices.Clone(nav)
		for i := range out {
			out[i].Current = out[i].URL == url
		}
		return out
	}
	cur, ok := at[url]
	if !ok {
		cur = -1
	}
	return navPart(nav, cur)
}

// navPart returns the entries of a long navigation that the page at
// position cur (-1 for a page not in it) shows: the first and the last,
// navMarks evenly spaced ones, navNear either side of cur, and the middle
// of each gap next to those, so that any entry is a few clicks away (each
// click on a middle halves the distance). Hidden entries leave a Gap item.
// Its size does not depend on len(nav).
func navPart(nav []templates.NavItem, cur int) []templates.NavItem {
	n := len(nav)
	lo, hi := max(cur-navNear, 0), min(cur+navNear, n-1)
	if cur < 0 {
		lo, hi = 0, 2*navNear
	}
	var show []int
	for k := 0; k <= navMarks; k++ {
		show = append(show, k*(n-1)/navMarks)
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
		e := nav[i]
		e.Current = i == cur
		out = append(out, e)
	}
	return out
}

// breadcrumbs lists the pages above url: the language's home, then every
// page whose URL is a proper prefix of it (/skills/ above /skills/x/).
// The home page has none.
func (b *builder) breadcrumbs(p *page) []templates.Link {
	home := markdown.LangPrefix(p.Lang) + "/"
	if p.URL == home || p.Kind == site.KindNotFound {
		return nil
	}
	msg := templates.For(p.Lang)
	out := []templates.Link{{Text: msg.Nav.Home, URL: home}}
	rest := strings.TrimPrefix(p.URL, home)
	for i := strings.Index(rest, "/"); i >= 0 && i < len(rest)-1; i = strings.Index(rest[i+1:], "/") + i + 1 {
		u := home + rest[:i+1]
		for _, title := range b.crumbs.titles(b.pairs, p.Lang, u) {
			out = append(out, templates.Link{Text: title, URL: u})
		}
	}
	return out
}

// pageTitles indexes the titles of the pages by language and URL for
// breadcrumbs, which would otherwise scan every pair for every page. It
// extends itself when pairs are added (skill pages are, after the others
// are rendered); it is safe for concurrent use.
type pageTitles struct {
	mu     sync.Mutex
	n      int                 // pairs indexed
	byPage map[string][]string // lang + "\x00" + URL → titles, in the pairs' order
}

// titles returns the titles of the pages of pairs in language lang at url.
func (t *pageTitles) titles(pairs []pair, lang, url string) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.byPage == nil {
		t.byPage = map[string][]string{}
	}
	for ; t.n < len(pairs); t.n++ {
		for _, l := range languages {
			if q := pairs[t.n].get(l); q != nil {
				k := l + "\x00" + q.URL
				t.byPage[k] = append(t.byPage[k], q.FM.Title)
			}
		}
	}
	return t.byPage[lang+"\x00"+url]
}

// minTOC is the number of sections from which a page gets on-page contents.
const minTOC = 4

// tocOf lists the h2 and h3 headings of a rendered page body, when it has
// at least minTOC h2 sections. The body is the HTML before, if any (the
// version bar), followed by the page's Markdown rendered into md (nil
// when there is none). When md's recorded headings are all the body has,
// only they are read; otherwise (the version bar, a directive's HTML) the
// whole body is.
func tocOf(before string, md *markdown.Output) []templates.TOCItem {
	if before == "" && md != nil && md.OwnHeadings() {
		return tocItems(recordedHeadings(md, minTOC))
	}
	var body []byte
	if md != nil {
		body = md.Bytes()
	}
	if before != "" {
		body = append([]byte(before), body...)
	}
	if !atLeastH2(body, minTOC) {
		return nil // too few h2 elements of any kind: not worth reading the body
	}
	return tocItems(search.Headings(body))
}

// tocItems makes the contents of a page's h2 and h3 headings, or nil when
// there are fewer than minTOC h2.
func tocItems(heads []search.Heading) []templates.TOCItem {
	var items []templates.TOCItem
	h2 := 0
	for _, s := range heads {
		items = append(items, templates.TOCItem{Level: s.Level, ID: s.ID, Text: s.Text})
		if s.Level == 2 {
			h2++
		}
	}
	if h2 < minTOC {
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

// hashedURL is the URL writeHashed gives data, computed before it is written.
func hashedURL(name, ext string, data []byte) string {
	sum := sha256.Sum256(data)
	return "/assets/" + name + "." + hex.EncodeToString(sum[:5]) + ext
}

// The favicon and the theme script: written after the pages, named before.
var (
	faviconURL = "/favicon.svg"
	themeURL   = hashedURL("theme", ".js", templates.ThemeScript())
)

// writeExtras writes what the pages refer to beyond the stylesheet and the
// script: the icon, the theme script and, when search is true, the search
// files.
func (b *builder) writeExtras(search bool) {
	b.write(faviconURL, templates.Favicon())
	b.write(themeURL, templates.ThemeScript())
	if search {
		b.writeSearch()
	}
}
