package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/a-h/templ"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/nav"
	"pairag.com/portal/generator/outdir"
	"pairag.com/portal/generator/rendercache"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/generator/sitedir"
	"pairag.com/portal/internal/textedit"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/validator"
)

// renderPair is the render stage's one entry for a pair of any kind: a
// skill's page and a companion's are made from the skill's folder
// (renderSkill, renderCompanion), every other kind from its Markdown
// (renderMarkdownPair). Each writes its pages through writePage.
func (b *rendered) renderPair(w *worker, pr pair) {
	switch pr.Kind() {
	case site.KindSkill:
		b.renderSkill(w, pr) // skillsite.go
	case site.KindCompanion:
		b.renderCompanion(w, pr) // skillsite.go
	default:
		b.renderMarkdownPair(w, pr)
	}
}

// renderMarkdownPair renders a page and its translation. Both are parsed first
// and, when both exist, aligned section by section once, as written (the
// input gen check reads): the same rows give the translation's heading ids
// and the drift findings, so an added or missing section is one finding
// and moves no other anchor. With a Cache, an unchanged pair is written
// from it instead.
func (b *rendered) renderMarkdownPair(w *worker, pr pair) {
	var id, key string
	if c := b.cfg.Cache; c != nil {
		id, key = rendercache.PairID(pr), rendercache.PairKey(pr)
		if e := c.Lookup(id, key); e != nil && b.replay(e) {
			return
		}
	}
	rep := &report{}
	var rec *[]string
	if b.cfg.Cache != nil {
		rec = &[]string{}
	}
	var pages []*parsedPage
	for _, lang := range languages {
		if p := pr.Get(lang); p != nil {
			if b.ctx.Err() != nil {
				return // cancelled: neither reported nor cached
			}
			if p.Broken { // reported where it was loaded; nothing to render from
				b.setResult(&pageResult{page: p, broken: true})
				continue
			}
			pages = append(pages, b.parsePage(w, p, rep))
		}
	}
	var cmp *drift.Comparison
	if len(pages) == 2 && !pr.ZH.Pending {
		cmp = drift.Compare(pages[0].text(), pages[1].text(), drift.DocsLinkTarget)
	}
	var results []*pageResult
	for i, pp := range pages {
		if b.ctx.Err() != nil {
			return
		}
		if i == 1 && cmp != nil {
			pp.st.Twin = cmp.TwinIDs(pages[0].st.Headings)
		}
		res := b.renderPage(w, pp, pr, rep, rec)
		if res == nil {
			return // cancelled
		}
		results = append(results, res)
	}
	if len(results) == 2 && pr.ZH.Pending {
		results[1].anchors = results[0].anchors // a link to a section of the original lands on the notice
	}
	if cmp != nil {
		for _, f := range append(cmp.Findings, drift.TermFindings(cmp, b.ext.glossary)...) {
			if f.Severity == SeverityInfo && pr.EN.Kind == site.KindChangelog {
				continue // generated, not a writer's: gen check has nothing to tell about it
			}
			fileFinding(rep, &f)
		}
	}
	b.rep.Merge(rep)
	if rec != nil && len(rep.Errors) == 0 {
		b.cfg.Cache.Store(id, &cacheEntry{Key: key, Files: *rec, Results: results, Warnings: rep.Warnings, Notes: rep.Notes}, b.dir)
	}
	b.mu.Lock()
	b.rendered++
	b.mu.Unlock()
}

// parsedPage is a page parsed as written, before pageTransformers.
type parsedPage struct {
	p   *page
	st  *markdown.State
	pc  parser.Context
	doc *ast.Document
	md  goldmark.Markdown // the setup it was parsed with, which renders it
}

// parsePage parses a page with the site's syntax; a page in which no
// autolink can start is parsed without trying them (the same HTML).
func (b *resolved) parsePage(w *worker, p *page, rep *report) *parsedPage {
	st := markdown.NewState(&p.Page, b.lookup(b.docOf(p.Rel), p.Lang), rep)
	pc := markdown.NewContext(st)
	md := w.md[p.Lang]
	if markdown.SameWithoutAutolinks(p.Src) {
		md = w.noAutolinks[p.Lang]
	}
	doc := md.Parser().Parse(gtext.NewReader(p.Src), parser.WithContext(pc)).(*ast.Document)
	return &parsedPage{p: p, st: st, pc: pc, doc: doc, md: md}
}

// text is the page as the drift check reads it: its sections, and the
// tokens of each from the tree as written.
func (pp *parsedPage) text() *drift.TextFile {
	return drift.ParsedTextFile(pp.p.File, pp.p.Src, pp.p.BodyStart, pp.doc)
}

// transform runs the site's AST transformers (package markdown) on the
// parsed page: heading ids, links, directives.
func (pp *parsedPage) transform() { markdown.Transform(pp.doc, pp.p.Src, pp.pc) }

// replay links a cached pair's files into the build directory from a
// directory that still holds them, and records its results and warnings
// (and notes) as if it had just been rendered. It returns false when no directory
// does (the pair is then rendered again) or the build was cancelled.
func (b *rendered) replay(e *cacheEntry) bool {
	if b.cfg.Reuse != nil {
		if !b.reuseInPlace(e) { // incremental.go
			return false
		}
	} else {
		linked := false
		for _, from := range b.cfg.Cache.Sources(e) {
			if b.ctx.Err() != nil {
				return false
			}
			if linked = b.linkFiles(from, e.Files); linked {
				break
			}
		}
		if !linked {
			return false
		}
		b.cfg.Cache.Holds(e, b.dir)
	}
	b.mu.Lock()
	for _, res := range e.Results {
		b.results[res.page.URL] = res
	}
	b.reused++
	b.mu.Unlock()
	b.rep.Merge(&report{Warnings: e.Warnings, Notes: e.Notes})
	return true
}

// linkFiles hard-links the files names (site paths) of the build
// directory from into this build's, copying them where the two are on
// different file systems. On any failure it removes what it linked, so
// that rendering the pair afresh writes new files rather than through a
// link into the old site, and returns false.
func (b *rendered) linkFiles(from string, names []string) bool {
	for i, name := range names {
		rel := filepath.FromSlash(name)
		to := filepath.Join(b.dir, rel)
		err := b.out.Mkdir(filepath.Dir(to))
		if err == nil {
			err = outdir.Link(filepath.Join(from, rel), to)
		}
		if err != nil {
			for _, done := range names[:i] {
				os.Remove(filepath.Join(b.dir, filepath.FromSlash(done)))
			}
			return false
		}
	}
	b.out.Add(names...)
	return true
}

// renderPage transforms and renders one parsed page to HTML and Markdown and writes both (and,
// with a recorder, notes their names for the cache). The page's source is
// released afterwards: only what the checks need is kept.
func (b *rendered) renderPage(w *worker, pp *parsedPage, pr pair, rep *report, rec *[]string) *pageResult {
	p, st := pp.p, pp.st
	write := func(name string, data []byte) {
		b.write(name, data)
		if rec != nil {
			*rec = append(*rec, sitedir.Path(name))
		}
	}
	pp.transform()
	w.body.Reset()
	if err := pp.md.Renderer().Render(&w.body, p.Src, pp.doc); err != nil {
		rep.Errorf(p.File, 0, "render: %v", err)
	}
	if b.ctx.Err() != nil {
		return nil
	}
	pv := b.pageView(p, pr, &w.body)
	pv.TOC = nav.Contents(pp.doc, p.Src) // from the parsed page, not its HTML
	b.writePage(w, p, pv, rep)
	if rec != nil {
		*rec = append(*rec, sitedir.Path(site.OutputPath(p.URL)))
	}
	if b.ctx.Err() != nil {
		return nil
	}
	res := &pageResult{page: p, anchors: st.Anchors, links: st.Links, headings: st.Headings, diagrams: w.body.Diagrams}
	if indexed(p) {
		res.search, res.rowsIn = sectionDocs(p, b.searchSections(pp)) // searchsite.go: from the tree, not the HTML
	}
	text := b.exportMarkdown(p, st)
	if u := site.MarkdownURL(p); u != "" {
		write(u, text)
	}
	res.markdown = text // for llms-full.txt, and the bundle embeds the field reference's
	p.Src = nil
	b.setResult(res)
	return res
}

// writePage lays out pv, the view of page p, in the site's layout into
// the worker's buffer and writes it at p's URL: the one place every kind
// of page meets the layout. Problems go to rep.
func (b *env) writePage(w *worker, p *page, pv templates.Page, rep *report) {
	w.out.Reset()
	if err := templates.Layout(pv).Render(b.ctx, &w.out); err != nil {
		rep.Errorf(p.File, 0, "render layout: %v", err)
	}
	b.write(site.OutputPath(p.URL), w.out.Bytes())
}

// setResult records what the checks and publish need of a rendered page.
func (b *rendered) setResult(res *pageResult) {
	b.mu.Lock()
	b.results[res.page.URL] = res
	b.mu.Unlock()
}

// result returns the result of the page at url, nil when it has none yet.
func (b *rendered) result(url string) *pageResult {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.results[url]
}

// pageView shapes a page for the layout, all but its on-page contents;
// md holds the HTML of its Markdown (nil for a page without), which the
// layout copies from there while it renders.
func (b *resolved) pageView(p *page, pr pair, md *markdown.Output) templates.Page {
	msg := templates.For(p.Lang)
	other := zh
	if p.Lang == zh {
		other = en
	}
	urls := map[string]string{}
	for _, lang := range languages {
		urls[lang] = markdown.LangPrefix(lang) + "/"
		if t := pr.Get(lang); t != nil {
			urls[lang] = t.URL
		}
	}
	tool, scripts := b.pageTool(p)
	prev, next := nav.Pager(b.nav[p.Lang], b.navAt[p.Lang], p.URL)
	og, ogAlt := "en_US", "zh_CN"
	if p.Lang == zh {
		og, ogAlt = ogAlt, og
	}
	d := b.docOf(p.Rel)
	bar, barScripts := b.versionSwitch(p) // versionbar.go
	scripts = append(scripts, barScripts...)
	if md != nil && md.Diagrams {
		scripts = append(scripts, diagramScriptURL) // diagrams.go
	}
	var html []byte
	if md != nil {
		html = md.Bytes()
	}
	content := templates.TrustedHTMLBytes(html)
	if p.Pending {
		content = templates.PendingTranslation(msg, urls[en])
	}
	if bar != "" {
		content = templ.Join(templates.TrustedHTML(bar), content)
	}
	if tool != nil {
		content = templ.Join(tool, content)
	}
	alternates := []templates.Alternate{
		{HrefLang: en, Href: b.abs(urls[en])},
		{HrefLang: zh, Href: b.abs(urls[zh])},
		{HrefLang: "x-default", Href: b.abs(urls[en])},
	}
	edit, updated := b.ext.site.EditURL(p.File), b.ext.dates[p.File]
	if t := pr.Get(zh); t != nil && t.Pending { // no hreflang pair until translated
		alternates = nil
		if p.Pending {
			edit, updated = "", "" // no file to edit yet
		}
	}
	var inline *templates.InlineHead
	if tool != nil && b.validator != nil && p.Kind == site.KindValidator {
		inline = &b.validator.head
	}
	return templates.Page{
		Inline: inline,
		Prev:   prev, Next: next, Crumbs: b.breadcrumbs(p),
		Search: SearchManifest, ThemeJS: themeURL, Favicon: faviconURL, OGLocale: og, OGAlternate: ogAlt,
		Repository: b.ext.site.Repository, EditURL: edit, Updated: updated,
		Scripts: scripts,
		Msg:     msg, Title: p.FM.Title, Description: p.FM.Description, URL: p.URL, Canonical: b.abs(p.URL),
		Alternates:  alternates,
		MarkdownURL: site.MarkdownURL(p), CSS: b.css, JS: b.js, Home: markdown.LangPrefix(p.Lang) + "/",
		Nav:     nav.For(b.nav[p.Lang], b.navAt[p.Lang], p.URL),
		Switch:  templates.Alternate{HrefLang: other, Href: urls[other], Name: templates.For(other).LanguageName},
		Body:    content,
		NoIndex: p.Pending, // not the error page: its 404 status keeps it out of search engines
		Footer: []templates.Link{
			{Text: msg.ProtocolJSON, URL: "/protocol/" + d.FileName()},
			{Text: msg.SchemaJSON, URL: "/protocol/" + d.SchemaFileName()},
		},
	}
}

// pageTool is what the page p shows above its Markdown, with its scripts:
// the validator's tool on the validator page, or nil. (Its stylesheet is
// inline: validatorAssets.head.)
func (b *resolved) pageTool(p *page) (tool templ.Component, scripts []string) {
	switch {
	case p.Kind != site.KindValidator:
	case b.validator != nil:
		tool, scripts = validator.ValidatorTool(*b.validatorView(p.Lang)), []string{b.validator.script}
	case b.cfg.ValidatorComing:
		tool = validator.ValidatorComing(templates.For(p.Lang))
	}
	return tool, scripts
}

// searchSections are the sections of a rendered page p for the site
// search, from its tree (search.Sections) and the tool above it.
func (b *resolved) searchSections(pp *parsedPage) []search.Section {
	var top bytes.Buffer
	if tool, _ := b.pageTool(pp.p); tool != nil {
		if err := tool.Render(b.ctx, &top); err != nil {
			return nil // cancelled; reported when the page was rendered
		}
	}
	return search.Sections(top.Bytes(), pp.doc, pp.p.Src)
}

// abs makes a site path absolute with the base URL.
func (b *env) abs(path string) string { return b.cfg.BaseURL + path }

// exportMarkdown returns a page as one self-contained Markdown file: its
// title as a heading, then the body with directives expanded into Markdown
// and internal links made absolute.
func (b *env) exportMarkdown(p *page, st *markdown.State) []byte {
	edits := drift.StampEdits(p.Src, p.BodyStart)
	for _, d := range st.Dirs {
		var sb strings.Builder
		for i, blk := range d.Blocks {
			if i > 0 {
				sb.WriteString("\n")
			}
			blk.Markdown(&sb, b.abs)
		}
		edits = append(edits, textedit.Edit{Start: d.Start, End: d.End, New: sb.String()})
	}
	for _, l := range st.Links {
		if l.Off >= 0 {
			u := l.Target()
			if strings.HasPrefix(l.Dest, "#") {
				u = p.URL + "#" + l.Frag
			}
			edits = append(edits, textedit.Edit{Start: l.Off, End: l.Off + l.Len, New: b.abs(u)})
		}
	}
	return withTitle(p.FM.Title, p.Src, p.BodyStart, edits)
}

// withTitle returns "# title", a blank line, then src[from:], the body after
// the front matter, with the edits (offsets into src) applied and white
// space trimmed, and a final newline, in one buffer. An edit that starts
// in the front matter is skipped.
func withTitle(title string, src []byte, from int, edits []textedit.Edit) []byte {
	for i := range edits {
		edits[i].Start -= from
		edits[i].End -= from
	}
	size := len(title) + len(src) - from + 8
	for _, e := range edits {
		size += len(e.New) // directives expanded, links made absolute: the text grows
	}
	out := make([]byte, 0, size)
	out = append(append(append(out, "# "...), title...), "\n\n"...)
	head := len(out)
	out, _ = textedit.AppendApply(out, src[from:], edits)
	n := copy(out[head:], bytes.TrimSpace(out[head:]))
	return append(out[:head+n], '\n')
}
