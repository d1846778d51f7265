package skills

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/search"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/skillpage"
)

// pageURL is the side-by-side page of the skill slug in the site language lang.
// The skills index links it; [Skill.Page] tells the builder.
func pageURL(lang, slug string) string {
	return markdown.LangPrefix(lang) + skillURLPrefix + slug + "/"
}

// rawURL is where a file of a skill folder is published.
func (s *Skill) rawURL(rel string) string { return skillURLPrefix + s.Slug + "/" + rel }

// name is the skill's name as its front matter gives it, else its folder.
func (s *Skill) name() string { return cmpOr(s.fm[0].Name, s.Slug) }

// description is the skill's description in a language, and whether it
// had to fall back to the original's.
func (s *Skill) description(lang string) (string, bool) {
	if lang == zh && s.tr() != nil && s.fm[1].Description != "" {
		return s.fm[1].Description, false
	}
	return s.fm[0].Description, lang == zh
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Page is what the builder needs to know of a skill's side-by-side page in
// one language to place it among the site's pages: its URL, the file its
// findings point to, its title and description, and its Markdown version
// (the published SKILL file of the language, the original when the skill
// is not translated); File is the source of the language's text, which
// the page's "edit this page" link opens and whose date it shows.
type Page struct {
	URL, File, Title, Description, Markdown string
}

// Page describes the skill's side-by-side page in the site language lang.
func (s *Skill) Page(lang string) Page {
	desc, _ := s.description(lang)
	raw, file := s.rawURL(skillFile), s.orig().Name
	if lang == zh && s.tr() != nil {
		raw, file = s.rawURL(skillFileZH), s.tr().Name
	}
	return Page{URL: pageURL(lang, s.Slug), File: file, Title: s.name(), Description: desc, Markdown: raw}
}

// skillFiles links the SKILL file and its translation.
func (s *Skill) skillFiles() []templates.Link {
	files := []templates.Link{{Text: skillFile, URL: s.rawURL(skillFile)}}
	if s.tr() != nil {
		files = append(files, templates.Link{Text: skillFileZH, URL: s.rawURL(skillFileZH)})
	}
	return files
}

// Index is the output of the "skills" directive in the site language lang:
// the list of skills on the skills index page, with each skill's name,
// description (the original's when it is not translated, marked so),
// whether it is translated, its tags, page and SKILL files, as HTML and
// as Markdown; script is the URL of skills.js, whose filter the list uses.
func Index(lang string, skills []*Skill, script string) block.Block {
	l := skillpage.SkillList{Msg: templates.For(lang), Script: script}
	for _, s := range skills {
		desc, fallback := s.description(lang)
		l.Skills = append(l.Skills, skillpage.SkillEntry{
			ID: "skill-" + s.Slug, Name: s.name(), Description: desc, Untranslated: fallback,
			Translated: s.tr() != nil, Tags: tags(s.fm[0].Metadata),
			URL: pageURL(lang, s.Slug), Version: s.fm[0].Version, Files: s.skillFiles(),
		})
	}
	return skillListBlock{l}
}

// tags are the scalars of the first list named "tags" in a skill's
// metadata, at any depth (metadata: {tags: [...]}, or under a product's
// key, metadata: {hermes: {tags: [...]}}, as published skills write it),
// or of a "tags" text of comma-separated words.
func tags(m metaValue) []string {
	for _, k := range m.Keys {
		v := m.Map[k]
		if k == "tags" {
			var out []string
			for _, e := range v.List {
				if e.isScalar() && e.Text != "" {
					out = append(out, e.Text)
				}
			}
			if v.isScalar() {
				for _, t := range strings.Split(v.Text, ",") {
					if t = strings.TrimSpace(t); t != "" {
						out = append(out, t)
					}
				}
			}
			return out
		}
		if v.Map != nil {
			if t := tags(v); t != nil {
				return t
			}
		}
	}
	return nil
}

// skillListBlock is the output of the skills directive.
type skillListBlock struct{ l skillpage.SkillList }

// HTML renders the list on the skills index page.
func (k skillListBlock) HTML(w io.Writer) error {
	return skillpage.SkillListBlock(k.l).Render(context.Background(), w)
}

// Anchors are the ids of the list's entries, which links may name.
func (k skillListBlock) Anchors() []string {
	var ids []string
	for _, s := range k.l.Skills {
		ids = append(ids, s.ID)
	}
	return ids
}

// Markdown writes the list for the page's Markdown version, with absolute links.
func (k skillListBlock) Markdown(sb *strings.Builder, abs func(string) string) {
	for _, s := range k.l.Skills {
		sb.WriteString("- [" + block.MarkdownCode(s.Name, false) + "](" + abs(s.URL) + "): " + block.MarkdownText(s.Description, false))
		if s.Untranslated {
			sb.WriteString(" " + block.MarkdownText(k.l.Msg.Skill.EnglishOnly, false))
		}
		for i, f := range s.Files {
			sep := " ("
			if i > 0 {
				sep = ", "
			}
			sb.WriteString(sep + "[" + block.MarkdownText(f.Text, false) + "](" + abs(f.URL) + ")")
		}
		sb.WriteString(")\n")
	}
}

// Link is a link from a skill file to another page of the site, which the
// builder checks once every page exists.
type Link struct {
	File string        // the skill file that holds it
	Ref  markdown.Link // the link as the page transformers recorded it
}

// Rendered is a skill's side-by-side page in one site language, shaped
// for the builder to lay out and record.
type Rendered struct {
	View    skillpage.SkillView // the page's content, below the site's layout
	Search  []RowText           // the text of each of View.Rows, for the site search
	Anchors map[string]bool     // the ids a link to the page may name
	Links   []Link              // links to the rest of the site; only the English page has them, the same files make both
	Found   []diag.Finding      // what rendering reported (English page only), for the Chinese page's list
}

// Render renders the skill's files section by section with md, the site's
// Markdown setup for lang, and shapes its page in that language. Problems
// go to rep when rendering the English page, and come back in Found; the
// Chinese page renders the same files, so it reports nothing again.
//
// The page lists the skill's findings, then found, what rendering its
// other pages reported: its companions' English pages
// ([CompanionPage.Findings]) and, for the Chinese page, the English
// page's Found. A third-party skill's rendering problems are warnings
// (see [Load]).
func (s *Skill) Render(md goldmark.Markdown, lang string, rep diag.Reporter, found []diag.Finding) Rendered {
	var mine []diag.Finding
	if lang != en {
		rep = discard{}
	} else {
		rep = &collect{s: s, to: rep, into: &mine}
	}
	msg := templates.For(lang)
	v := skillpage.SkillView{Msg: msg, Translated: s.tr() != nil, OrigLang: en, TrLang: zh}
	if r := s.Record; r != nil {
		v.Source = &skillpage.SkillSource{URL: r.Source, Commit: r.Commit, License: r.License}
	}
	for _, rel := range s.files {
		f := skillpage.SkillFile{Text: rel, URL: s.rawURL(rel)}
		switch {
		case s.hasPage(rel):
			f.Page = companionPageURL(lang, s.Slug, rel)
		case rel != skillFileZH && drift.IsTranslation(rel) && s.renderedPage(lang, rel) != "":
			f.Page = s.renderedPage(lang, rel) + "?view=translation"
		}
		v.Files = append(v.Files, f)
	}
	v.Views = viewLinks(msg, pageURL(lang, s.Slug))
	v.RawOrig = s.rawURL(skillFile)
	if s.tr() != nil {
		v.RawTr = s.rawURL(skillFileZH)
	}
	v.Meta[0] = metaItems(msg, s.fm[0])
	orig := s.renderFile(md, s.orig(), skillFile, lang, false, rep)
	var tr *renderedFile
	if t := s.tr(); t != nil {
		v.Meta[1] = metaItems(msg, s.fm[1])
		tr = s.renderFile(md, t, skillFileZH, lang, true, rep)
	}
	anchors := map[string]bool{"main": true, "skill": true, "front-matter": true}
	var texts []RowText
	v.Rows, texts = skillRows(s.pairs[skillFile], orig, tr, anchors)
	var links []Link
	if lang == en {
		for _, f := range []*renderedFile{orig, tr} {
			if f != nil {
				links = append(links, f.links...)
			}
		}
	}
	v.Findings = s.viewFindings(slices.Concat(found, mine))
	return Rendered{View: v, Search: texts, Anchors: anchors, Links: links, Found: mine}
}

// discard drops findings already reported.
type discard struct{}

func (discard) Report(*diag.Finding) {}

// collect keeps what rendering the skill found for its page, quarantined
// as the skill's other findings, and passes it on.
type collect struct {
	s    *Skill
	to   diag.Reporter
	into *[]diag.Finding // where to keep them
}

func (c *collect) Report(f *diag.Finding) {
	g := *f
	if c.s.Record != nil && g.Severity == diag.SeverityError {
		g.Severity = diag.SeverityWarning
	}
	*c.into = append(*c.into, g)
	c.to.Report(&g)
}

// viewFindings are the skill's findings and then found, what rendering its
// pages reported, as its page lists them: errors and warnings first, notes
// that are no more than "not translated" left out.
func (s *Skill) viewFindings(found []diag.Finding) []skillpage.SkillFinding {
	var out []skillpage.SkillFinding
	for _, f := range slices.Concat(s.findings, found) {
		if f.Severity == diag.SeverityInfo && !strings.Contains(f.Msg, "(accepted in ") {
			continue
		}
		at := strings.TrimPrefix(f.File, s.dir+"/")
		if f.Line > 0 {
			at += fmt.Sprintf(":%d", f.Line)
		}
		out = append(out, skillpage.SkillFinding{Severity: string(f.Severity), At: at, Msg: f.Msg})
	}
	slices.SortStableFunc(out, func(a, b skillpage.SkillFinding) int { return rank(a.Severity) - rank(b.Severity) })
	return out
}

func rank(sev string) int { return diag.Severity(sev).Rank() }

// renderedFile is a skill file rendered section by section.
type renderedFile struct {
	text  *drift.TextFile
	html  []string         // by section
	secs  []search.Section // by section: its heading and text for the site search, from its tree
	ids   []string         // heading id of each section, "" for the intro
	links []Link
}

var errNoDirectives = errors.New("protocol directives are for pages; a skill must read the same everywhere, so write the table out")

// renderFile renders each section of the skill file rel with the site's
// Markdown setup. Relative links are resolved against the file, as in the
// published folder: a link to a file that a page of the site shows (a
// SKILL file, a companion, their translations) leads to that page in the
// site language, any other to the published file (in the translation, to
// a sibling's translation when there is one); section headings lose
// their ids (the row carries the anchor) and go one level down, below
// the page title.
func (s *Skill) renderFile(md goldmark.Markdown, tf *drift.TextFile, rel, lang string, translation bool, rep diag.Reporter) *renderedFile {
	base := pageURL(lang, s.Slug)
	if dir := path.Dir(rel); dir != "." {
		base += dir + "/"
	}
	p := &markdown.Page{Lang: lang, File: tf.Name, URL: base, Src: tf.Src, BodyStart: tf.BodyStart}
	st := markdown.NewState(p, func(string) ([]block.Block, error) { return nil, errNoDirectives }, rep)
	pc := markdown.NewContext(st)
	doc := md.Parser().Parse(gtext.NewReader(tf.Src), parser.WithContext(pc)).(*ast.Document)
	markdown.Transform(doc, tf.Src, pc)
	out := &renderedFile{text: tf, html: make([]string, len(tf.Secs)), secs: make([]search.Section, len(tf.Secs)), ids: make([]string, len(tf.Secs))}
	groups := make([]*ast.Document, len(tf.Secs))
	for i := range groups {
		groups[i] = ast.NewDocument()
		if translation {
			markdown.SetFootnotePrefix(groups[i], "tr-") // beside the original's notes on one page
		}
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
		s.prepareNodes(n, rel, lang, translation)
		doc.RemoveChild(doc, n)
		groups[cur].AppendChild(groups[cur], n)
		n = next
	}
	var sb strings.Builder
	for i, g := range groups {
		sb.Reset()
		if err := md.Renderer().Render(&sb, tf.Src, g); err != nil {
			rep.Report(&diag.Finding{File: tf.Name, Line: tf.Secs[i].Line, Severity: diag.SeverityError, Msg: fmt.Sprintf("render: %v", err)})
		}
		out.html[i] = sb.String()
		out.secs[i] = search.Fragment(g, tf.Src)
	}
	for _, l := range st.Links {
		if _, relative := siblingTarget("", l.Dest); relative {
			continue
		}
		if strings.HasPrefix(l.Dest, "#") { // a row of the page that shows the file
			if l.Path = s.renderedPage(lang, rel); l.Path == "" {
				continue
			}
		}
		out.links = append(out.links, Link{tf.Name, l})
	}
	return out
}

// prepareNodes drops heading ids, moves headings one level down and
// points links to files of the folder at the page that shows them in
// lang, or, in a translation, at their translations. rel is the file the
// nodes are of.
func (s *Skill) prepareNodes(n ast.Node, rel, lang string, translation bool) {
	prefix := s.rawURL("")
	dir := path.Dir(rel)
	var boxes []*extast.TaskCheckBox
	defer func() { labelCheckBoxes(boxes, map[bool]string{false: en, true: zh}[translation]) }() // in the cell's language
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *extast.TaskCheckBox:
			boxes = append(boxes, c)
		case *ast.Image:
			c.Destination = s.expandPlaceholder(c.Destination, dir)
		case *ast.Heading:
			c.RemoveAttributes()
			c.Level = min(c.Level+1, 6)
		case *ast.Link:
			c.Destination = s.expandPlaceholder(c.Destination, dir)
			dest, frag, _ := strings.Cut(string(c.Destination), "#")
			target, ok := strings.CutPrefix(dest, prefix)
			if !ok {
				break
			}
			if u, err := url.PathUnescape(target); err == nil {
				target = u
			}
			if page := s.renderedPage(lang, target); page != "" {
				c.Destination = []byte(page + cutSuffixIf("#", frag))
			} else if t := drift.TranslationName(target); translation && t != "" && slices.Contains(s.files, t) {
				c.Destination = []byte(prefix + t + cutSuffixIf("#", frag))
			}
		}
		return ast.WalkContinue, nil
	})
}

// labelCheckBoxes gives the check boxes of task lists (- [ ] step, as the
// checklists of skills write them) a name, done
// or not done (in the language of the cell, lang): goldmark draws an unlabelled input, which axe-core reports
// as a form field without a label.
func labelCheckBoxes(boxes []*extast.TaskCheckBox, lang string) {
	msg := templates.For(lang).Skill
	for _, b := range boxes {
		label, checked := msg.TaskOpen, ""
		if b.IsChecked {
			label, checked = msg.TaskDone, `checked="" `
		}
		box := ast.NewString([]byte(`<input ` + checked + `disabled="" type="checkbox" aria-label="` + html.EscapeString(label) + `" /> `))
		box.SetCode(true) // written as it is: it is markup, not text
		b.Parent().ReplaceChild(b.Parent(), b, box)
	}
}

// expandPlaceholder points a link that the link rewriter resolved against
// the page, and that starts with a skill-folder placeholder ({baseDir}/x),
// at the published file x, as an agent reads it. dir is the folder of
// the file that holds the link, inside the skill's.
func (s *Skill) expandPlaceholder(dest []byte, dir string) []byte {
	prefix := s.rawURL("")
	rel, ok := strings.CutPrefix(string(dest), prefix)
	if !ok {
		if rel, ok = strings.CutPrefix(string(dest), pageURL(en, s.Slug)); !ok {
			return dest
		}
	}
	if u, err := url.PathUnescape(rel); err == nil {
		rel = u
	}
	if dir != "." {
		rel = strings.TrimPrefix(rel, dir+"/")
	}
	if d, ok := withoutPlaceholder(rel); ok {
		return []byte(prefix + d)
	}
	return dest
}

func cutSuffixIf(sep, frag string) string {
	if frag == "" {
		return ""
	}
	return sep + frag
}

// skillRows lays out the rows of a skill page (or a companion's) from the
// sections c aligned; c is nil when the file is not translated.
// Rows empty on both sides (an intro nobody wrote) are left out; anchors
// collects the row ids. The rows' text for the site search comes with
// them, row by row.
func skillRows(c *drift.Comparison, orig, tr *renderedFile, anchors map[string]bool) ([]skillpage.SkillRow, []RowText) {
	var pairs []drift.PairRow
	if c != nil && tr != nil {
		pairs = c.Rows
	} else {
		for i := range orig.text.Secs {
			pairs = append(pairs, drift.PairRow{Orig: i, Tr: -1})
		}
	}
	cell := func(f *renderedFile, i int) skillpage.SkillCell {
		if f == nil || i < 0 || f.text.Secs[i].Empty(f.text.Src) {
			return skillpage.SkillCell{Missing: true}
		}
		from, to := f.text.PublishedRange(i)
		return skillpage.SkillCell{HTML: f.html[i], From: from, To: to}
	}
	text := func(f *renderedFile, i int, cell skillpage.SkillCell) search.Section {
		if cell.Missing {
			return search.Section{}
		}
		return f.secs[i]
	}
	var rows []skillpage.SkillRow
	var texts []RowText
	for _, p := range pairs {
		r := skillpage.SkillRow{Orig: cell(orig, p.Orig), Tr: cell(tr, p.Tr)}
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
		r.Level, r.Title = rowHeading(orig, p.Orig), [2]string{sectionTitle(orig, p.Orig), sectionTitle(tr, p.Tr)}
		if r.Level == 0 {
			r.Level = rowHeading(tr, p.Tr)
		}
		r.Stale = c != nil && p.Tr >= 0 && c.Stale[p.Tr]
		rows = append(rows, r)
		texts = append(texts, RowText{Orig: text(orig, p.Orig, r.Orig), Tr: text(tr, p.Tr, r.Tr)})
	}
	return rows, texts
}

// rowHeading is the heading level of section i of f, 0 for the intro or
// when there is no such section.
func rowHeading(f *renderedFile, i int) int {
	if f == nil || i < 0 {
		return 0
	}
	return f.text.Secs[i].Level
}

// sectionTitle is the heading text of section i of f, for the on-page
// contents: as written, without the marks of code and emphasis.
func sectionTitle(f *renderedFile, i int) string {
	if f == nil || i < 0 || f.text.Secs[i].Level == 0 {
		return ""
	}
	return strings.NewReplacer("`", "", "**", "", "__", "").Replace(f.text.Secs[i].Title)
}

// metaItems shows a skill's front matter as a definition list.
func metaItems(msg templates.Messages, fm frontMatter) []skillpage.MetaItem {
	m := msg.Skill
	var items []skillpage.MetaItem
	add := func(term, value string, code bool) {
		if value != "" {
			items = append(items, skillpage.MetaItem{Term: term, Value: value, Code: code})
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
		items = append(items, skillpage.MetaItem{Term: m.Metadata, Items: metaMap(fm.Metadata)})
	}
	for _, e := range fm.Extra {
		items = append(items, metaItem(e.Key, e.Value)) // as written, under its own key
	}
	return items
}

// metaMap shows a map of the front matter in the order of the file; nested
// maps nest, lists of scalars are a list of code values.
func metaMap(v metaValue) []skillpage.MetaItem {
	var out []skillpage.MetaItem
	for _, k := range v.Keys {
		out = append(out, metaItem(k, v.Map[k]))
	}
	return out
}

func metaItem(term string, v metaValue) skillpage.MetaItem {
	it := skillpage.MetaItem{Term: term, Code: true}
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
