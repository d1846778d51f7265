package generator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/protocol"
	"pairag.com/portal/templates"
)

// prepareDirectives builds every directive's output for both languages:
// from the content's version for every page, and from each older version
// for its own reference page, which keeps that version's tables.
func (b *builder) prepareDirectives() {
	b.ext = loadExtras(b.cfg, b.rep)
	b.outputs = b.directiveOutputs(b.doc)
	b.vbar.once.Do(b.initVersionBar)
	b.older = map[string]map[string]map[string][]block{}
	for _, d := range b.vbar.docs {
		if d != b.doc {
			b.older[d.FileName()] = b.directiveOutputs(d)
		}
	}
}

// directiveOutputs builds every directive of one version, by language and name.
func (b *builder) directiveOutputs(d *protocol.Document) map[string]map[string][]block {
	conds := conditions(d, b.rep)
	en := protocolStrings(d)
	outputs := map[string]map[string][]block{}
	for _, lang := range languages {
		t := &tables{doc: d, lang: lang, msg: templates.For(lang), labels: b.labels,
			tx: texts{lang: lang, en: en, zh: b.trans}, hl: b.hl, conds: conds, gloss: b.ext.glossary}
		out := map[string][]block{}
		for name, build := range directives {
			out[name] = build(t)
		}
		outputs[lang] = out
	}
	return outputs
}

// docOf returns the version a page describes: its own for a version's
// reference page, the content's version for every other page.
func (b *builder) docOf(rel string) *protocol.Document {
	b.vbar.once.Do(b.initVersionBar)
	if d := b.vbar.byRel[rel]; d != nil {
		return d
	}
	return b.doc
}

// lookup returns the directive resolver for a version and a language.
func (b *builder) lookup(d *protocol.Document, lang string) func(string) ([]block, error) {
	outputs := b.outputs
	if d != b.doc {
		outputs = b.older[d.FileName()]
	}
	return func(name string) ([]block, error) {
		if blocks, ok := outputs[lang][name]; ok {
			return blocks, nil
		}
		switch name {
		case "":
			return nil, fmt.Errorf("protocol directive names nothing; write one of: %s", strings.Join(directiveNames(), ", "))
		case "bundle":
			return nil, fmt.Errorf("the bundle directive cannot be used on the field reference page it embeds")
		}
		return nil, fmt.Errorf("unknown protocol directive %q; known: %s", name, strings.Join(directiveNames(), ", "))
	}
}

// renderPair renders a page and its translation. Both are parsed first
// and, when both exist, aligned section by section once, as written (the
// input gen check reads): the same rows give the translation's heading ids
// and the drift findings, so an added or missing section is one finding
// and moves no other anchor. With a Cache, an unchanged pair is written
// from it instead.
func (b *builder) renderPair(w *worker, pr pair) {
	var id, key string
	if c := b.cfg.Cache; c != nil {
		id, key = pairID(pr), pairKey(pr)
		if e := c.lookup(id, key); e != nil {
			b.replay(e)
			return
		}
	}
	rep := &report{}
	var rec *[]cachedFile
	if b.cfg.Cache != nil {
		rec = &[]cachedFile{}
	}
	var pages []*parsedPage
	for _, lang := range languages {
		if p := pr.get(lang); p != nil {
			if b.ctx.Err() != nil {
				return // cancelled: neither reported nor cached
			}
			pages = append(pages, b.parsePage(w, p, rep))
		}
	}
	var cmp *comparison
	if len(pages) == 2 {
		cmp = compareTexts(pages[0].text(), pages[1].text(), docsLinkTarget)
	}
	var results []*pageResult
	for i, pp := range pages {
		if b.ctx.Err() != nil {
			return
		}
		if i == 1 && cmp != nil {
			pp.st.twin = twinIDs(cmp, pages[0].st.headings)
		}
		res := b.renderPage(w, pp, pr, rep, rec)
		if res == nil {
			return // cancelled
		}
		results = append(results, res)
	}
	if cmp != nil {
		for _, f := range append(cmp.findings, termFindings(cmp, b.ext.glossary)...) {
			rep.finding(f)
		}
	}
	b.rep.merge(rep)
	if rec != nil && len(rep.errs) == 0 {
		b.cfg.Cache.store(id, &cachedPair{key: key, files: *rec, results: results, warnings: rep.warnings})
	}
	b.mu.Lock()
	b.rendered++
	b.mu.Unlock()
}

// parsedPage is a page parsed as written, before pageTransformers.
type parsedPage struct {
	p   *page
	st  *pageState
	pc  parser.Context
	doc *ast.Document
}

// parsePage parses a page with the site's syntax.
func (b *builder) parsePage(w *worker, p *page, rep *report) *parsedPage {
	st := newPageState(p, b.lookup(b.docOf(p.Rel), p.Lang), rep)
	pc := parser.NewContext()
	pc.Set(stateKey, st)
	doc := w.md[p.Lang].Parser().Parse(gtext.NewReader(p.Src), parser.WithContext(pc)).(*ast.Document)
	return &parsedPage{p: p, st: st, pc: pc, doc: doc}
}

// text is the page as the drift check reads it: its sections, and the
// tokens of each from the tree as written.
func (pp *parsedPage) text() *textFile {
	p := pp.p
	f := &textFile{Name: p.File, Src: p.Src, BodyStart: p.BodyStart, secs: splitSections(p.Src, p.BodyStart)}
	f.facts = analyzeDoc(pp.doc, p.Src, f.secs)
	return f
}

// twinIDs maps the line of each translated section's heading to the id of
// the original heading its row aligns it with.
func twinIDs(c *comparison, original []heading) map[int]string {
	byLine := map[int]string{}
	for _, h := range original {
		byLine[h.Line] = h.ID
	}
	out := map[int]string{}
	for _, r := range c.rows {
		if r.src > 0 && r.tr > 0 {
			if id, ok := byLine[c.orig.secs[r.src].Line]; ok {
				out[c.tr.secs[r.tr].Line] = id
			}
		}
	}
	return out
}

// replay writes a cached pair's files and records its results and warnings
// as if it had just been rendered.
func (b *builder) replay(e *cachedPair) {
	for _, f := range e.files {
		b.write(f.name, f.data)
	}
	b.mu.Lock()
	for _, res := range e.results {
		b.results[res.page.URL] = res
	}
	b.reused++
	b.mu.Unlock()
	b.rep.merge(&report{warnings: e.warnings})
}

// renderPage transforms and renders one parsed page to HTML and Markdown and writes both (and,
// with a recorder, keeps copies for the cache). The page's source is
// released afterwards: only what the checks need is kept.
func (b *builder) renderPage(w *worker, pp *parsedPage, pr pair, rep *report, rec *[]cachedFile) *pageResult {
	p, st, doc := pp.p, pp.st, pp.doc
	write := func(name string, data []byte) {
		b.write(name, data)
		if rec != nil {
			*rec = append(*rec, cachedFile{name, append([]byte(nil), data...)})
		}
	}
	transform(doc, p.Src, pp.pc)
	md := w.md[p.Lang]
	w.body.Reset()
	w.bw.Reset(&w.body)
	err := md.Renderer().Render(w.bw, p.Src, doc)
	if err == nil {
		err = w.bw.Flush()
	}
	if err != nil {
		rep.errorf(p.File, 0, "render: %v", err)
	}
	if b.ctx.Err() != nil {
		return nil
	}
	w.out.Reset()
	if err := templates.Layout(b.pageView(p, pr, w.body.String())).Render(b.ctx, &w.out); err != nil {
		rep.errorf(p.File, 0, "render layout: %v", err)
	}
	write(outputPath(p.URL), w.out.Bytes())
	if b.ctx.Err() != nil {
		return nil
	}
	res := &pageResult{page: p, anchors: st.anchors, links: st.links, headings: st.headings}
	if indexed(p) {
		res.search = sectionsJSON(p, w.out.Bytes()) // searchsite.go: read now rather than back from the file
	}
	text := b.exportMarkdown(st)
	if u := markdownURL(p); u != "" {
		write(u, []byte(text))
	}
	res.markdown = text // for llms-full.txt, and the bundle embeds the field reference's
	p.Src = nil
	b.mu.Lock()
	b.results[p.URL] = res
	b.mu.Unlock()
	return res
}

// pageView shapes a page for the layout.
func (b *builder) pageView(p *page, pr pair, body string) templates.Page {
	msg := templates.For(p.Lang)
	other := zh
	if p.Lang == zh {
		other = en
	}
	urls := map[string]string{}
	for _, lang := range languages {
		urls[lang] = langPrefix(lang) + "/"
		if t := pr.get(lang); t != nil {
			urls[lang] = t.URL
		}
	}
	var tool *templates.ValidatorView
	var scripts []string
	if p.Rel == "validator.md" && b.validator != nil {
		tool, scripts = b.validatorView(p.Lang), []string{b.validator.script}
	}
	prev, next := pagerLinks(b.nav[p.Lang], p.URL)
	og, ogAlt := "en_US", "zh_CN"
	if p.Lang == zh {
		og, ogAlt = ogAlt, og
	}
	d := b.docOf(p.Rel)
	bar, barScripts := b.versionSwitch(p) // versionbar.go
	body, scripts = bar+body, append(scripts, barScripts...)
	return templates.Page{
		Prev: prev, Next: next, Crumbs: b.breadcrumbs(p), TOC: tocOf(body),
		Search: SearchManifest, ThemeJS: themeURL, Favicon: faviconURL, OGLocale: og, OGAlternate: ogAlt,
		Repository: b.ext.site.Repository, EditURL: b.ext.site.editURL(p.File), Updated: b.ext.dates[p.File],
		Validator: tool, Scripts: scripts,
		Msg: msg, Title: p.FM.Title, Description: p.FM.Description, URL: p.URL, Canonical: b.abs(p.URL),
		Alternates: []templates.Alternate{
			{HrefLang: en, Href: b.abs(urls[en])},
			{HrefLang: zh, Href: b.abs(urls[zh])},
			{HrefLang: "x-default", Href: b.abs(urls[en])},
		},
		MarkdownURL: markdownURL(p), CSS: b.css, JS: b.js, Home: langPrefix(p.Lang) + "/",
		Nav:     withCurrent(b.nav[p.Lang], p.URL),
		Switch:  templates.Alternate{HrefLang: other, Href: urls[other], Name: templates.For(other).LanguageName},
		Body:    body,
		NoIndex: p.Rel == "404.md",
		Footer: []templates.Link{
			{Text: msg.ProtocolJSON, URL: "/protocol/" + d.FileName()},
			{Text: msg.SchemaJSON, URL: "/protocol/" + d.SchemaFileName()},
		},
	}
}

// abs makes a site path absolute with the base URL.
func (b *builder) abs(path string) string { return b.cfg.BaseURL + path }

// edit replaces a range of a page's source in its Markdown export.
type edit struct {
	start, end int
	text       string
}

// exportMarkdown returns a page as one self-contained Markdown file: its
// title as a heading, then the body with directives expanded into Markdown
// and internal links made absolute.
func (b *builder) exportMarkdown(st *pageState) string {
	p := st.page
	edits := stampEdits(p.Src, p.BodyStart)
	for _, d := range st.dirs {
		var sb strings.Builder
		for i, blk := range d.blocks {
			if i > 0 {
				sb.WriteString("\n")
			}
			blk.markdown(&sb, b.abs)
		}
		edits = append(edits, edit{d.start, d.end, sb.String()})
	}
	for _, l := range st.links {
		if l.Off >= 0 {
			u := l.target()
			if strings.HasPrefix(l.Dest, "#") {
				u = p.URL + "#" + l.Frag
			}
			edits = append(edits, edit{l.Off, l.Off + l.Len, b.abs(u)})
		}
	}
	return "# " + p.FM.Title + "\n\n" + strings.TrimSpace(applyEdits(p.Src, p.BodyStart, edits)) + "\n"
}

// applyEdits applies non-overlapping edits to src[from:].
func applyEdits(src []byte, from int, edits []edit) string {
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	var sb strings.Builder
	sb.Grow(len(src) - from + 1024)
	pos := from
	for _, e := range edits {
		if e.start < pos {
			continue
		}
		sb.Write(src[pos:e.start])
		sb.WriteString(e.text)
		pos = e.end
	}
	sb.Write(src[pos:])
	return sb.String()
}
