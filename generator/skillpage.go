package generator

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/a-h/templ"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/reference"
	"pairag.com/portal/templates"
)

// report files a finding with the build: errors fail it, warnings are
// logged, notes are left to gen check.
func (r *report) finding(f Finding) {
	switch f.Severity {
	case SeverityError:
		r.errorf(f.File, f.Line, "%s", f.Msg)
	case SeverityWarning:
		r.warnf(f.File, f.Line, "%s", f.Msg)
	}
}

// loadSkills reads content/skills and reports what the skills checks find.
func (b *builder) loadSkills() {
	skills, findings := loadSkills(b.cfg.Content)
	for _, s := range skills {
		for _, rel := range s.Files {
			if c := s.Pairs[rel]; c != nil {
				findings = append(findings, c.Findings...)
			}
		}
	}
	for _, f := range findings {
		b.rep.finding(f)
	}
	b.skills = skills
}

// notInNav keeps skill pages out of the navigation; llms.txt lists them after the pages that are in it.
var notInNav = false

// skillURL is the side-by-side page of a skill in a language.
func skillURL(lang, slug string) string {
	return markdown.LangPrefix(lang) + skillURLPrefix + slug + "/"
}

// rawURL is where a file of a skill folder is published.
func (s *skill) rawURL(rel string) string { return skillURLPrefix + s.Slug + "/" + rel }

// name is the skill's name as its front matter gives it, else its folder.
func (s *skill) name() string { return cmpOr(s.FM[0].Name, s.Slug) }

// description is the skill's description in a language, and whether it
// had to fall back to the original's.
func (s *skill) description(lang string) (string, bool) {
	if lang == zh && s.tr() != nil && s.FM[1].Description != "" {
		return s.FM[1].Description, false
	}
	return s.FM[0].Description, lang == zh
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// skillFiles links the SKILL file and its translation.
func (s *skill) skillFiles() []templates.Link {
	files := []templates.Link{{Text: skillFile, URL: s.rawURL(skillFile)}}
	if s.tr() != nil {
		files = append(files, templates.Link{Text: skillFileZH, URL: s.rawURL(skillFileZH)})
	}
	return files
}

// prepareSkillIndex makes the "skills" directive of each language: the
// list of skills on the skills index page.
func (b *builder) prepareSkillIndex() {
	for _, lang := range languages {
		l := templates.SkillList{Msg: templates.For(lang)}
		for _, s := range b.skills {
			desc, fallback := s.description(lang)
			l.Skills = append(l.Skills, templates.SkillEntry{
				ID: "skill-" + s.Slug, Name: s.name(), Description: desc, Untranslated: fallback,
				URL: skillURL(lang, s.Slug), Version: s.FM[0].Version, Files: s.skillFiles(),
			})
		}
		b.outputs[lang]["skills"] = []reference.Block{skillListBlock{l}}
	}
}

// skillListBlock is the output of the skills directive.
type skillListBlock struct{ l templates.SkillList }

func (k skillListBlock) HTML(w io.Writer) error {
	return templates.SkillListBlock(k.l).Render(context.Background(), w)
}

func (k skillListBlock) Anchors() []string {
	var ids []string
	for _, s := range k.l.Skills {
		ids = append(ids, s.ID)
	}
	return ids
}

func (k skillListBlock) Markdown(sb *strings.Builder, abs func(string) string) {
	for _, s := range k.l.Skills {
		sb.WriteString("- [" + reference.MarkdownCode(s.Name, false) + "](" + abs(s.URL) + "): " + reference.MarkdownText(s.Description, false))
		if s.Untranslated {
			sb.WriteString(" " + reference.MarkdownText(k.l.Msg.Skill.EnglishOnly, false))
		}
		for i, f := range s.Files {
			sep := " ("
			if i > 0 {
				sep = ", "
			}
			sb.WriteString(sep + "[" + reference.MarkdownText(f.Text, false) + "](" + abs(f.URL) + ")")
		}
		sb.WriteString(")\n")
	}
}

// renderSkills publishes every skill: its folder's files as they are, and
// its side-by-side page in both site languages.
func (b *builder) renderSkills() {
	if len(b.skills) == 0 {
		return
	}
	js := b.writeHashed("skills", ".js", templates.SkillsScript())
	w := b.newWorker()
	var links []skillLink
	for _, s := range b.skills {
		links = append(links, b.renderSkill(w, s, js)...)
	}
	for _, l := range links {
		if msg := b.brokenLink(l.ref); msg != "" {
			b.rep.errorf(l.file, l.ref.Line, "broken link %q: %s", l.ref.Dest, msg)
		}
	}
}

// skillLink is a link from a skill file to the rest of the site.
type skillLink struct {
	file string
	ref  markdown.Link
}

// renderSkill writes one skill's files and pages and returns the links to
// other pages that its files hold, for checking once every page exists.
func (b *builder) renderSkill(w *worker, s *skill, js string) []skillLink {
	for _, rel := range s.Files {
		b.write(s.rawURL(rel), s.published(rel))
	}
	pages := map[string]*page{}
	for _, lang := range languages {
		desc, _ := s.description(lang)
		raw := s.rawURL(skillFile)
		if lang == zh && s.tr() != nil {
			raw = s.rawURL(skillFileZH)
		}
		pages[lang] = &page{Page: markdown.Page{Lang: lang, File: s.orig().Name, URL: skillURL(lang, s.Slug)}, Rel: "skills/" + s.Slug + "/",
			FM: FrontMatter{Title: s.name(), Description: desc, Nav: &notInNav}, Raw: raw}
	}
	pr := pair{en: pages[en], zh: pages[zh]}
	var links []skillLink
	for _, lang := range languages {
		view, anchors, found := b.skillView(w, s, lang)
		if lang == en {
			links = found
		}
		v := b.pageView(pages[lang], pr, "")
		v.Body, v.Scripts = templ.Join(templates.SkillPage(view), v.Body), append(v.Scripts, js)
		v.Msg.FooterNote = v.Msg.Skill.FooterNote // the site's note is about the protocol tables
		w.out.Reset()
		if err := templates.Layout(v).Render(context.Background(), &w.out); err != nil {
			b.rep.errorf(s.orig().Name, 0, "render layout: %v", err)
		}
		b.write(outputPath(pages[lang].URL), w.out.Bytes())
		b.mu.Lock()
		b.results[pages[lang].URL] = &pageResult{page: pages[lang], anchors: anchors}
		b.mu.Unlock()
	}
	b.pairs = append(b.pairs, pr)
	return links
}

// skillView shapes a skill's page in the site language lang. It returns
// the page's anchors and the links its files make to other pages.
func (b *builder) skillView(w *worker, s *skill, lang string) (templates.SkillView, map[string]bool, []skillLink) {
	msg := templates.For(lang)
	v := templates.SkillView{Msg: msg, Translated: s.tr() != nil, OrigLang: en, TrLang: zh}
	for _, rel := range s.Files {
		v.Files = append(v.Files, templates.Link{Text: rel, URL: s.rawURL(rel)})
	}
	u := skillURL(lang, s.Slug)
	for _, view := range []struct{ name, label, query string }{
		{"both", msg.Skill.Both, ""}, {"original", msg.Skill.OriginalOnly, "?view=original"},
		{"translation", msg.Skill.TranslationOnly, "?view=translation"},
	} {
		v.Views = append(v.Views, templates.ViewLink{View: view.name, Label: view.label, URL: u + view.query})
	}
	v.RawOrig = s.rawURL(skillFile)
	if s.tr() != nil {
		v.RawTr = s.rawURL(skillFileZH)
	}
	v.Meta[0] = metaItems(msg, s.FM[0])
	orig := b.renderSections(w, s, s.orig(), lang, false)
	var tr *renderedFile
	if t := s.tr(); t != nil {
		v.Meta[1] = metaItems(msg, s.FM[1])
		tr = b.renderSections(w, s, t, lang, true)
	}
	anchors := map[string]bool{"main": true, "skill": true, "front-matter": true}
	v.Rows = skillRows(s, orig, tr, anchors)
	var links []skillLink
	for _, f := range []*renderedFile{orig, tr} {
		if f != nil {
			links = append(links, f.links...)
		}
	}
	return v, anchors, links
}

// renderedFile is a skill file rendered section by section.
type renderedFile struct {
	text  *drift.TextFile
	html  []string // by section
	ids   []string // heading id of each section, "" for the intro
	links []skillLink
}

var errNoDirectives = errors.New("protocol directives are for pages; a skill must read the same everywhere, so write the table out")

// renderSections renders each section of a skill file with the site's
// Markdown setup. Relative links lead to the published sibling files (in
// the translation, to a sibling's translation when there is one); section
// headings lose their ids (the row carries the anchor) and go one level
// down, below the page title.
func (b *builder) renderSections(w *worker, s *skill, tf *drift.TextFile, lang string, translation bool) *renderedFile {
	rep := b.rep
	if lang != en {
		rep = &report{} // the same problems were reported when rendering the English page
	}
	p := &page{Page: markdown.Page{Lang: lang, File: tf.Name, URL: skillURL(lang, s.Slug), Src: tf.Src, BodyStart: tf.BodyStart}, Rel: "skills/" + s.Slug + "/"}
	st := markdown.NewState(&p.Page, func(string) ([]reference.Block, error) { return nil, errNoDirectives }, rep)
	pc := markdown.NewContext(st)
	md := w.md[lang]
	doc := md.Parser().Parse(gtext.NewReader(tf.Src), parser.WithContext(pc)).(*ast.Document)
	markdown.Transform(doc, tf.Src, pc)
	out := &renderedFile{text: tf, html: make([]string, len(tf.Secs)), ids: make([]string, len(tf.Secs))}
	groups := make([]*ast.Document, len(tf.Secs))
	for i := range groups {
		groups[i] = ast.NewDocument()
	}
	cur := 0
	for n := doc.FirstChild(); n != nil; {
		next := n.NextSibling()
		cur = drift.SectionOf(tf.Secs, n, cur)
		if h, ok := n.(*ast.Heading); ok && groups[cur].ChildCount() == 0 {
			if id, ok := h.AttributeString("id"); ok {
				out.ids[cur] = string(id.([]byte))
			}
		}
		s.prepareNodes(n, translation)
		doc.RemoveChild(doc, n)
		groups[cur].AppendChild(groups[cur], n)
		n = next
	}
	var sb strings.Builder
	for i, g := range groups {
		sb.Reset()
		if err := md.Renderer().Render(&sb, tf.Src, g); err != nil {
			rep.errorf(tf.Name, tf.Secs[i].Line, "render: %v", err)
		}
		out.html[i] = sb.String()
	}
	for _, l := range st.Links {
		if _, relative := siblingTarget("", l.Dest); !relative {
			out.links = append(out.links, skillLink{tf.Name, l})
		}
	}
	return out
}

// prepareNodes drops heading ids, moves headings one level down and, in
// a translation, points links to sibling files at their translations.
func (s *skill) prepareNodes(n ast.Node, translation bool) {
	prefix := s.rawURL("")
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Heading:
			c.RemoveAttributes()
			c.Level = min(c.Level+1, 6)
		case *ast.Link:
			dest, frag, _ := strings.Cut(string(c.Destination), "#")
			if rel, ok := strings.CutPrefix(dest, prefix); ok && translation {
				if t := drift.TranslationName(rel); t != "" && slices.Contains(s.Files, t) {
					c.Destination = []byte(prefix + t + cutSuffixIf("#", frag))
				}
			}
		}
		return ast.WalkContinue, nil
	})
}

func cutSuffixIf(sep, frag string) string {
	if frag == "" {
		return ""
	}
	return sep + frag
}

// skillRows lays out the rows of a skill page from the aligned sections.
// Rows empty on both sides (an intro nobody wrote) are left out; anchors
// collects the row ids.
func skillRows(s *skill, orig, tr *renderedFile, anchors map[string]bool) []templates.SkillRow {
	c := s.Pairs[skillFile]
	var pairs []drift.PairRow
	if c != nil && tr != nil {
		pairs = c.Rows
	} else {
		for i := range orig.text.Secs {
			pairs = append(pairs, drift.PairRow{Orig: i, Tr: -1})
		}
	}
	cell := func(f *renderedFile, i int) templates.SkillCell {
		if f == nil || i < 0 || f.text.Secs[i].Empty(f.text.Src) {
			return templates.SkillCell{Missing: true}
		}
		from, to := f.text.PublishedRange(i)
		return templates.SkillCell{HTML: f.html[i], From: from, To: to}
	}
	var rows []templates.SkillRow
	for _, p := range pairs {
		r := templates.SkillRow{Orig: cell(orig, p.Orig), Tr: cell(tr, p.Tr)}
		if r.Orig.Missing && (r.Tr.Missing || tr == nil) {
			continue
		}
		id := "intro"
		switch {
		case p.Orig >= 0 && orig.ids[p.Orig] != "":
			id = orig.ids[p.Orig]
		case p.Tr >= 0 && tr.ids[p.Tr] != "":
			id = tr.ids[p.Tr]
		}
		r.ID = markdown.Unique(id, anchors)
		r.Stale = c != nil && p.Tr >= 0 && c.Stale[p.Tr]
		rows = append(rows, r)
	}
	return rows
}

// metaItems shows a skill's front matter as a definition list.
func metaItems(msg templates.Messages, fm SkillFrontMatter) []templates.MetaItem {
	m := msg.Skill
	var items []templates.MetaItem
	add := func(term, value string, code bool) {
		if value != "" {
			items = append(items, templates.MetaItem{Term: term, Value: value, Code: code})
		}
	}
	add(m.Name, fm.Name, true)
	add(m.Description, fm.Description, false)
	add(m.Version, fm.Version, true)
	add(m.Author, fm.Author, false)
	add(m.License, fm.License, false)
	add(m.Compatibility, fm.Compatibility, false)
	add(m.AllowedTools, fm.AllowedTools, true)
	if len(fm.Metadata.Keys) > 0 {
		items = append(items, templates.MetaItem{Term: m.Metadata, Items: metaMap(fm.Metadata)})
	}
	return items
}

// metaMap shows a map of the front matter in the order of the file; nested
// maps nest, lists of scalars are a list of code values.
func metaMap(v metaValue) []templates.MetaItem {
	var out []templates.MetaItem
	for _, k := range v.Keys {
		out = append(out, metaItem(k, v.Map[k]))
	}
	return out
}

func metaItem(term string, v metaValue) templates.MetaItem {
	it := templates.MetaItem{Term: term, Code: true}
	switch {
	case v.Map != nil:
		it.Items = metaMap(v)
	case v.List != nil:
		for i, e := range v.List {
			if e.isScalar() {
				it.List = append(it.List, e.Text)
			} else {
				it.Items = append(it.Items, metaItem(fmt.Sprint(i+1), e))
			}
		}
	default:
		it.Value = v.Text
	}
	return it
}
