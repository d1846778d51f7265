package generator

import (
	"cmp"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/internal/langs"
	"pairag.com/portal/internal/scratch"
	"pairag.com/portal/templates"
)

// The two site languages (package reference defines them). English is the
// source language and lives at the root; Chinese lives under /zh-CN/.
const (
	en = langs.EN
	zh = langs.ZH
)

var languages = langs.All

// page is one Markdown file of content/<lang>/.
type page struct {
	markdown.Page        // Lang, File (path in Config.Content), URL, Src, BodyStart: what the Markdown transformers read
	Rel           string // path inside the language directory: the translation key
	FM            FrontMatter
	Raw           string // skill pages: the published SKILL file that is their Markdown version
	Kind          site.Kind
	// Pending marks the Chinese URL of a page published in English first:
	// no file behind it, it says in Chinese that the translation is on its
	// way and links the original; it is noindex, without hreflang, out of
	// the navigation, the sitemap, llms.txt and search.
	Pending bool
	// Broken marks a page whose front matter has errors and that had a
	// good version before (keepBrokenPages): it is not rendered, so gen
	// serve serves that version, it keeps that version's front matter in
	// the navigation, and links to it are not reported again.
	Broken bool
}

// FrontMatter is the YAML block at the top of every page (see
// [markdown.FrontMatter]).
type FrontMatter = markdown.FrontMatter

// pair is a page and its translation; either may be nil when missing.
type pair struct{ en, zh *page }

func (p pair) get(lang string) *page {
	if lang == en {
		return p.en
	}
	return p.zh
}

// pageURL maps a file inside content/<lang>/ to its URL (see [site.URL]).
func pageURL(lang, rel string) string { return site.URL(lang, rel) }

// outputPath is the file a URL is written to, relative to the output directory.
func outputPath(url string) string {
	if strings.HasSuffix(url, "/") {
		return strings.TrimPrefix(url, "/") + "index.html"
	}
	return strings.TrimPrefix(url, "/")
}

// markdownURL is where a page's Markdown version is published: the URL
// without its trailing slash plus .md, and index.md for a language's home.
// Error pages have none.
func markdownURL(p *page) string {
	switch {
	case p.Kind.OfSkill():
		return p.Raw
	case p.Kind == site.KindNotFound, p.Pending:
		return ""
	case p.Kind == site.KindHome:
		return p.URL + "index.md"
	}
	return strings.TrimSuffix(p.URL, "/") + ".md"
}

// loadPages reads and pairs every page of both languages, on workers goroutines.
func loadPages(fsys fs.FS, rep *report, workers int) []pair {
	files := listPages(fsys, rep)
	pages := make([]*page, len(files))
	parallel(len(files), workers, func(i int) {
		pages[i] = loadPage(fsys, files[i][0], "content/"+files[i][0], files[i][1], rep)
	})
	byRel := map[string]*pair{}
	for _, p := range pages {
		if p == nil {
			continue
		}
		pr := byRel[p.Rel]
		if pr == nil {
			pr = &pair{}
			byRel[p.Rel] = pr
		}
		if p.Lang == en {
			pr.en = p
		} else {
			pr.zh = p
		}
	}
	pairs := make([]pair, 0, len(byRel))
	for rel, pr := range byRel {
		checkTwin(rel, pr, rep)
		pairs = append(pairs, *pr)
	}
	slices.SortFunc(pairs, func(a, b pair) int { return cmp.Compare(pairRel(a), pairRel(b)) })
	return pairs
}

// parallel calls f(0) ... f(n-1) on up to workers goroutines.
func parallel(n, workers int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(workers, max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

func pairRel(p pair) string {
	if p.en != nil {
		return p.en.Rel
	}
	return p.zh.Rel
}

// checkTwin reports a page without its twin. An English page may be
// published first: its Chinese twin is then a pending page (a warning, so
// gen check --strict lists every missing translation). A Chinese page
// without its English original is an error: English is the source.
func checkTwin(rel string, p *pair, rep *report) {
	switch {
	case p.zh == nil:
		file := "content/" + zh + "/" + rel
		rep.warnf(p.en.File, 0, "not translated yet: %s shows that the translation is on its way until you add %s", pageURL(zh, rel), file)
		p.zh = pendingPage(p.en, file)
	case p.en == nil:
		rep.errorf(p.zh.File, 0, "page has no English twin: add content/%s/%s", en, rel)
	}
}

// pendingPage is the Chinese stand-in of an English page (see
// page.Pending): titled as the original, with nothing to render from
// Markdown, at the file where the translation belongs.
func pendingPage(orig *page, file string) *page {
	m := templates.For(zh)
	return &page{Page: markdown.Page{Lang: zh, File: file, URL: pageURL(zh, orig.Rel)}, Rel: orig.Rel,
		Kind: orig.Kind, FM: FrontMatter{Title: orig.FM.Title, Description: m.PendingDescription, Order: orig.FM.Order, Nav: &notInNav}, Pending: true}
}

// MaxPages is the most pages one language may have: 2.5 times the
// synthetic site of 20,000 pages that builds in a minute and 325 MB here,
// and thousands of times the portal's. The pages over it, in the order of
// their paths, are one error and are not built; the rest of the site is.
const MaxPages = 50_000

// listPages returns the language and path of every Markdown file of
// content/<lang>/, up to MaxPages a language; other files are reported as
// warnings.
func listPages(fsys fs.FS, rep *report) [][2]string {
	var files [][2]string
	for _, lang := range languages {
		root, n := "content/"+lang, 0
		err := fs.WalkDir(fsys, root, func(file string, d fs.DirEntry, err error) error {
			switch {
			case err != nil || d.IsDir():
				return err
			case scratch.Is(path.Base(file)):
				// an editor's lock, swap or backup file (a build may run
				// mid-save), never a page; said aloud when it looks like one
				if name := path.Base(file); path.Ext(name) == ".md" && !strings.HasPrefix(name, ".#") {
					rep.warnf(file, 0, "ignored: a name starting with # or . is an editor's scratch file, never a page; rename it to publish it")
				}
			case path.Ext(file) != ".md":
				rep.warnf(file, 0, "ignored: only .md files become pages")
			case unsafeName(strings.TrimPrefix(file, root+"/")) != "":
				rep.errorf(file, 0, "page file name %q is outside the safe set: each name of a page's path becomes a URL segment, so it may use only %s; rename it", unsafeName(strings.TrimPrefix(file, root+"/")), safeNames)
			case n >= MaxPages:
				rep.errorf(file, 0, "%s has more than %d pages, over the limit: this page and those after it are not built; move some to another site, or leave out what need not be a page", root, MaxPages)
				return fs.SkipAll
			default:
				files = append(files, [2]string{lang, file})
				n++
			}
			return nil
		})
		if err != nil {
			rep.errorf(root, 0, "read pages: %v", err)
		}
	}
	return files
}

// safeNames describes the names a page's path may use (see unsafeName).
const safeNames = "ASCII letters, digits, \"-\", \"_\" and \".\", not starting with \".\" or \"-\""

// unsafeName returns the first name of rel, a page's path under its
// language, outside the safe set, or "". Safe names need no escaping in a
// URL, a sitemap or a link: no spaces, ?, #, % or control characters.
func unsafeName(rel string) string {
	for name := range strings.SplitSeq(rel, "/") {
		if name == "" || name[0] == '.' || name[0] == '-' {
			return name
		}
		for _, c := range []byte(name) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
				return name
			}
		}
	}
	return ""
}

func loadPage(fsys fs.FS, lang, root, file string, rep *report) *page {
	src, err := fs.ReadFile(fsys, file)
	if err != nil {
		rep.errorf(file, 0, "read: %v", err)
		return nil
	}
	if msg := markdown.TooLarge(len(src)); msg != "" {
		rep.errorf(file, 1, "%s", msg)
		// the page keeps its place, title and twin with nothing to render
		_, _, body, err := markdown.SplitFrontMatter(src)
		if err != nil {
			body = 0
		}
		src = src[:body]
	}
	for _, e := range markdown.CheckBytes(file, src) {
		rep.errorf(e.File, e.Line, "%s", e.Msg)
	}
	fm, body, errs := markdown.ParseFrontMatter(file, src)
	for _, e := range errs {
		rep.errorf(e.File, e.Line, "%s", e.Msg)
	}
	rel := strings.TrimPrefix(file, root+"/")
	return &page{Page: markdown.Page{Lang: lang, File: file, URL: pageURL(lang, rel), Src: src, BodyStart: body}, Rel: rel, FM: fm, Kind: site.KindOf(rel), Broken: len(errs) > 0}
}

// navigation lists a language's pages that are in the navigation, by order.
func navigation(pairs []pair, lang string) []templates.NavItem {
	var ps []*page
	for _, pr := range pairs {
		if p := pr.get(lang); p != nil && p.FM.InNav() && p.Kind.Listed() && p.FM.Title != "" {
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
