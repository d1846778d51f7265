package load

import (
	"cmp"
	"io/fs"
	"path"
	"slices"
	"strings"

	"pairag.com/portal/generator/langs"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/report"
	"pairag.com/portal/generator/scratch"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/templates"
)

const (
	en = langs.EN
	zh = langs.ZH
)

// Pages reads and pairs every page of both languages, on workers
// goroutines; memo (nil for none) keeps what each page's bytes say for
// the next build.
func Pages(fsys fs.FS, rep *report.Collector, workers int, memo *PageMemo) []site.Pair {
	files := List(fsys, rep)
	pages := make([]*site.Page, len(files))
	Parallel(len(files), workers, func(i int) {
		pages[i] = page(fsys, files[i][0], "content/"+files[i][0], files[i][1], rep, memo)
	})
	byRel := map[string]*site.Pair{}
	for _, p := range pages {
		if p == nil {
			continue
		}
		pr := byRel[p.Rel]
		if pr == nil {
			pr = &site.Pair{}
			byRel[p.Rel] = pr
		}
		if p.Lang == langs.EN {
			pr.EN = p
		} else {
			pr.ZH = p
		}
	}
	pairs := make([]site.Pair, 0, len(byRel))
	for rel, pr := range byRel {
		checkTwin(rel, pr, rep)
		pairs = append(pairs, *pr)
	}
	slices.SortFunc(pairs, func(a, b site.Pair) int { return cmp.Compare(a.Rel(), b.Rel()) })
	return pairs
}

// checkTwin reports a page without its twin. An English page may be
// published first: its Chinese twin is then a pending page (a warning, so
// gen check --strict lists every missing translation). A Chinese page
// without its English original is an error: English is the source.
func checkTwin(rel string, p *site.Pair, rep *report.Collector) {
	switch {
	case p.ZH == nil:
		file := "content/" + zh + "/" + rel
		rep.Warnf(p.EN.File, 0, "not translated yet: %s shows that the translation is on its way until you add %s", site.URL(zh, rel), file)
		p.ZH = pending(p.EN, file)
	case p.EN == nil:
		rep.Errorf(p.ZH.File, 0, "page has no English twin: add content/%s/%s", en, rel)
	}
}

// pending is the Chinese stand-in of an English page (see
// site.Page.Pending): titled as the original, with nothing to render from
// Markdown, at the file where the translation belongs.
func pending(orig *site.Page, file string) *site.Page {
	m := templates.For(zh)
	return &site.Page{Page: markdown.Page{Lang: zh, File: file, URL: site.URL(zh, orig.Rel)}, Rel: orig.Rel,
		Kind: orig.Kind, FM: markdown.FrontMatter{Title: orig.FM.Title, Description: m.PendingDescription, Order: orig.FM.Order, Nav: new(bool)}, Pending: true}
}

// MaxPages is the most pages one language may have: 2.5 times the
// synthetic site of 20,000 pages that builds in a minute and 325 MB here,
// and thousands of times the portal's. The pages over it, in the order of
// their paths, are one error and are not built; the rest of the site is.
const MaxPages = 50_000

// List returns the language and path of every Markdown file of
// content/<lang>/, up to MaxPages a language; other files are reported as
// warnings.
func List(fsys fs.FS, rep *report.Collector) [][2]string {
	var files [][2]string
	for _, lang := range langs.All {
		root, n := "content/"+lang, 0
		err := fs.WalkDir(fsys, root, func(file string, d fs.DirEntry, err error) error {
			switch {
			case err != nil || d.IsDir():
				return err
			case scratch.Is(path.Base(file)):
				// an editor's lock, swap or backup file (a build may run
				// mid-save), never a page; said aloud when it looks like one
				if name := path.Base(file); path.Ext(name) == ".md" && !strings.HasPrefix(name, ".#") {
					rep.Warnf(file, 0, "ignored: a name starting with # or . is an editor's scratch file, never a page; rename it to publish it")
				}
			case path.Ext(file) != ".md":
				rep.Warnf(file, 0, "ignored: only .md files become pages")
			case unsafeName(strings.TrimPrefix(file, root+"/")) != "":
				rep.Errorf(file, 0, "page file name %q is outside the safe set: each name of a page's path becomes a URL segment, so it may use only %s; rename it", unsafeName(strings.TrimPrefix(file, root+"/")), safeNames)
			case n >= MaxPages:
				rep.Errorf(file, 0, "%s has more than %d pages, over the limit: this page and those after it are not built; move some to another site, or leave out what need not be a page", root, MaxPages)
				return fs.SkipAll
			default:
				files = append(files, [2]string{lang, file})
				n++
			}
			return nil
		})
		if err != nil {
			rep.Errorf(root, 0, "read pages: %v", err)
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

// page reads one page file of language lang under root.
func page(fsys fs.FS, lang, root, file string, rep *report.Collector, memo *PageMemo) *site.Page {
	src, err := fs.ReadFile(fsys, file)
	if err != nil {
		rep.Errorf(file, 0, "read: %v", err)
		return nil
	}
	if msg := markdown.TooLarge(len(src)); msg != "" {
		rep.Errorf(file, 1, "%s", msg)
		// the page keeps its place, title and twin with nothing to render
		_, _, body, err := markdown.SplitFrontMatter(src)
		if err != nil {
			body = 0
		}
		src = src[:body]
	}
	checks, fm, body, errs := memo.read(file, src) // once per version of the file
	for _, e := range checks {
		rep.Errorf(e.File, e.Line, "%s", e.Msg)
	}
	for _, e := range errs {
		rep.Errorf(e.File, e.Line, "%s", e.Msg)
	}
	rel := strings.TrimPrefix(file, root+"/")
	return &site.Page{Page: markdown.Page{Lang: lang, File: file, URL: site.URL(lang, rel), Src: src, BodyStart: body}, Rel: rel, FM: fm, Kind: site.KindOf(rel), Broken: len(errs) > 0}
}
