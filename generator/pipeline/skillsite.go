package pipeline

import (
	"context"
	"io/fs"
	"strings"

	"github.com/a-h/templ"

	"pairag.com/portal/generator/block"
	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/generator/markdown"
	"pairag.com/portal/generator/nav"
	"pairag.com/portal/generator/site"
	"pairag.com/portal/generator/skillpub"
	"pairag.com/portal/generator/skills"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/skillpage"
)

// The builder's side of agent skills (package skills owns the skills
// themselves): it reports what loading them found, gives the skills index
// its directive, writes each skill's files and pages among the site's
// pages, and checks the links the skills make to the rest of the site.

// skillQuarantine passes findings on to the build's report, except that
// an error about a path inside a third-party skill (a symbolic link out of
// the repository, which the guard refuses to follow) is a warning: the
// guard leaves that file out, the skill publishes without it, and the rest
// of the site publishes as always.
type skillQuarantine struct {
	fsys fs.FS
	to   diag.Reporter
}

// Report files f, quarantined when it is a third-party skill's error.
func (q skillQuarantine) Report(f *diag.Finding) {
	if f.Severity == diag.SeverityError && skills.ThirdPartyPath(q.fsys, f.File) {
		g := *f
		g.Severity = diag.SeverityWarning
		g.Msg += "; it is left out of the third-party skill"
		f = &g
	}
	q.to.Report(f)
}

// loadSkills reads content/skills and reports what the skills checks find,
// the glossary's term check of their translations included (its notes
// too, for gen check).
func (b *builder) loadSkills(terms glossary.Glossary) {
	loaded, findings := skills.Load(b.cfg.Content)
	for _, s := range loaded {
		for _, c := range s.Comparisons() {
			findings = append(findings, c.Findings...)
			findings = append(findings, drift.TermFindings(c, terms)...)
		}
	}
	for _, f := range findings {
		fileFinding(b.rep, &f)
	}
	b.skills = loaded
}

// prepareSkillIndex makes the "skills" directive of each language: the
// list of skills on the skills index page.
func (b *builder) prepareSkillIndex() {
	var js string
	if len(b.skills) > 0 {
		js = b.skillsScript()
	}
	for _, lang := range languages {
		b.outputs[lang]["skills"] = []block.Block{skills.Index(lang, b.skills, js)}
		b.outputs[lang][skillpub.ArchivesDirective] = []block.Block{skillpub.InstallBlock(lang, b.skillSlugs())}
	}
}

// skillsScript writes skills.js, which the skill pages and the index's
// filter load, and returns its URL.
func (b *builder) skillsScript() string {
	return b.writeHashed("skills", ".js", templates.SkillsScript())
}

// skillSlugs are the slugs of the published skills, in order.
func (b *builder) skillSlugs() []string {
	var out []string
	for _, s := range b.skills {
		out = append(out, s.Slug)
	}
	return out
}

// notInNav keeps skill pages out of the navigation; llms.txt lists them after the pages that are in it.
var notInNav = false

// renderSkills publishes every skill: its folder's files as they are, and
// its side-by-side page in both site languages. The links its pages make
// to the rest of the site are checked once every page exists (the pages
// of all skills are written before: a skill links a sibling's file);
// a third-party skill's broken ones are warnings.
func (b *builder) renderSkills() {
	if len(b.skills) == 0 {
		return
	}
	js := b.skillsScript()
	w := b.newWorker()
	for _, s := range b.skills {
		for _, l := range b.renderSkill(w, s, js) {
			msg := b.brokenLink(l.Ref)
			switch {
			case msg == "":
			case s.ThirdParty(): // the author's link into their own site: a finding on the skill, not a broken site
				b.rep.Warnf(l.File, l.Ref.Line, "broken link %q: %s", l.Ref.Dest, msg)
			default:
				b.rep.Errorf(l.File, l.Ref.Line, "broken link %q: %s", l.Ref.Dest, msg)
			}
		}
	}
}

// renderSkill writes one skill's files and pages (its own, then a page
// per companion Markdown file) and returns the links to other pages that
// its files hold, for checking once every page exists.
func (b *builder) renderSkill(w *worker, s *skills.Skill, js string) []skills.Link {
	for _, f := range s.Files() {
		b.write(f.URL, f.Data)
	}
	pages := map[string]*page{}
	for _, lang := range languages {
		sp := s.Page(lang)
		pages[lang] = &page{Page: markdown.Page{Lang: lang, File: sp.File, URL: sp.URL}, Rel: skillRel(s),
			FM: FrontMatter{Title: sp.Title, Description: sp.Description, Nav: &notInNav}, Raw: sp.Markdown, Kind: site.KindSkill}
	}
	pr := pair{EN: pages[en], ZH: pages[zh]}
	b.pairs = append(b.pairs, pr) // before the companions: their breadcrumbs name the skill
	links, sections := b.renderCompanions(w, s, js)
	for _, lang := range languages {
		r := s.Render(w.md[lang], lang, b.rep)
		links = append(links, r.Links...)
		diagrams := b.writeSkillPage(w, pages[lang], pr, templ.Join(skillpage.SkillInstall(skillpub.Install(lang, s.Slug)), skillpage.SkillPage(r.View)), r.View, js)
		entries := skillEntries(pages[lang], r, sections[lang]) // searchsite.go
		b.mu.Lock()
		b.results[pages[lang].URL] = &pageResult{page: pages[lang], anchors: r.Anchors, search: entries, diagrams: diagrams}
		b.mu.Unlock()
	}
	return links
}

// renderCompanions writes the page of every companion Markdown file of s
// in both languages and returns the links they make to the rest of the
// site and, by language, their sections for the skill's search entries.
// They are rendered before the skill's own page, which lists what
// rendering them found.
func (b *builder) renderCompanions(w *worker, s *skills.Skill, js string) ([]skills.Link, map[string][]skills.Companion) {
	var links []skills.Link
	sections := map[string][]skills.Companion{}
	rendered := map[string][]skills.CompanionPage{}
	for _, lang := range languages {
		rendered[lang] = s.CompanionPages(w.md[lang], lang, b.rep, b.abs)
	}
	for i, c := range rendered[en] {
		pr := pair{}
		for _, lang := range languages {
			cp := rendered[lang][i]
			p := &page{Page: markdown.Page{Lang: lang, File: cp.File, URL: cp.URL}, Rel: skillRel(s) + strings.TrimSuffix(c.Rel, ".md") + "/",
				FM: FrontMatter{Title: cp.Title, Description: cp.Description, Nav: &notInNav}, Raw: cp.Markdown, Kind: site.KindCompanion}
			if lang == en {
				pr.EN = p
			} else {
				pr.ZH = p
			}
		}
		b.pairs = append(b.pairs, pr)
		for _, lang := range languages {
			cp, p := rendered[lang][i], pr.Get(lang)
			diagrams := b.writeSkillPage(w, p, pr, skillpage.CompanionPage(cp.View), cp.View, js)
			sections[lang] = append(sections[lang], cp.Sections...)
			b.mu.Lock()
			b.results[p.URL] = &pageResult{page: p, anchors: cp.Anchors, markdown: cp.LLMS, diagrams: diagrams}
			b.mu.Unlock()
		}
		links = append(links, c.Links...)
	}
	return links, sections
}

// writeSkillPage lays out body, the view v of a skill's page or of a
// companion's, in the site's layout at p's URL: contents beside a long
// one, the diagram script where it draws one, and skills.js (js).
// It reports whether the page draws a diagram.
func (b *builder) writeSkillPage(w *worker, p *page, pr pair, body templ.Component, v skillpage.SkillView, js string) (diagrams bool) {
	pv := b.pageView(p, pr, nil)
	pv.TOC = v.TOC(nav.MinTOC) // a long skill reads like a long page: contents beside it
	if diagrams = v.Has(markdown.DiagramMarker); diagrams {
		pv.Scripts = append(pv.Scripts, diagramScriptURL)
	}
	pv.Body, pv.Scripts = templ.Join(body, pv.Body), append(pv.Scripts, js)
	pv.Msg.FooterNote = pv.Msg.Skill.FooterNote // the site's note is about the protocol tables
	w.out.Reset()
	if err := templates.Layout(pv).Render(context.Background(), &w.out); err != nil {
		b.rep.Errorf(p.File, 0, "render layout: %v", err)
	}
	b.write(site.OutputPath(p.URL), w.out.Bytes())
	return diagrams
}

// skillRel is the Rel of a skill's pages: what a page inside the language
// directory at the skill's URL would have.
func skillRel(s *skills.Skill) string { return "skills/" + s.Slug + "/" }

// skillOf returns the skill whose page p is, or nil.
func (b *builder) skillOf(p *page) *skills.Skill {
	for _, s := range b.skills {
		if p.Rel == skillRel(s) {
			return s
		}
	}
	return nil
}

// llmsText is a page's part of llms-full.txt: its Markdown version, and
// for a skill the SKILL file of its language made to stand in the joined
// file (see [skills.Skill.LLMSText]).
func (b *builder) llmsText(r *pageResult) []byte {
	if s := b.skillOf(r.page); s != nil {
		return s.LLMSText(r.page.Lang, b.abs)
	}
	return r.markdown
}
