package pipeline

import (
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
	"pairag.com/portal/templates/skillpage"
)

// The build's side of agent skills (package skills owns the skills
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
func (b *loaded) loadSkills(terms glossary.Glossary) {
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
func (b *resolved) prepareSkillIndex() {
	for _, lang := range languages {
		b.outputs[lang]["skills"] = []block.Block{skills.Index(lang, b.skills, b.skillsJS)}
		b.outputs[lang][skillpub.ArchivesDirective] = []block.Block{skillpub.InstallBlock(lang, b.skillSlugs())}
	}
}

// skillSlugs are the slugs of the published skills, in order.
func (b *loaded) skillSlugs() []string {
	var out []string
	for _, s := range b.skills {
		out = append(out, s.Slug)
	}
	return out
}

// notInNav keeps skill pages out of the navigation; llms.txt lists them after the pages that are in it.
var notInNav = false

// skillPairs places every skill's pages among the site's, as load does
// with the content's: per skill its own pair (KindSkill), then a pair
// per companion Markdown file (KindCompanion), whose breadcrumbs name the
// skill. It returns the pairs and, by skill slug, its companions' pairs,
// each with the skill and file it shows.
func skillPairs(list []*skills.Skill) ([]pair, map[string][]companion) {
	var out []pair
	companions := map[string][]companion{}
	for _, s := range list {
		pr := pair{}
		for _, lang := range languages {
			sp := s.Page(lang)
			pr.Set(&page{Page: markdown.Page{Lang: lang, File: sp.File, URL: sp.URL}, Rel: skillRel(s),
				FM: FrontMatter{Title: sp.Title, Description: sp.Description, Nav: &notInNav}, Raw: sp.Markdown, Kind: site.KindSkill})
		}
		out = append(out, pr)
		places := map[string][]skills.CompanionPage{en: s.CompanionPlaces(en), zh: s.CompanionPlaces(zh)}
		for i, c := range places[en] {
			cpr := pair{}
			for _, lang := range languages {
				cp := places[lang][i]
				cpr.Set(&page{Page: markdown.Page{Lang: lang, File: cp.File, URL: cp.URL}, Rel: skillRel(s) + strings.TrimSuffix(c.Rel, ".md") + "/",
					FM: FrontMatter{Title: cp.Title, Description: cp.Description, Nav: &notInNav}, Raw: cp.Markdown, Kind: site.KindCompanion})
			}
			out = append(out, cpr)
			companions[s.Slug] = append(companions[s.Slug], companion{pair: cpr, skill: s, rel: c.Rel})
		}
	}
	return out, companions
}

// companion is a companion page pair with what it shows: the file rel of
// the skill's folder.
type companion struct {
	pair
	skill *skills.Skill
	rel   string
}

// companionOf returns what the KindCompanion pair pr shows.
func (b *loaded) companionOf(pr pair) (companion, bool) {
	for _, s := range b.skills {
		if !strings.HasPrefix(pr.EN.Rel, skillRel(s)) {
			continue
		}
		for _, c := range b.companions[s.Slug] {
			if c.EN == pr.EN {
				return c, true
			}
		}
	}
	return companion{}, false
}

// renderCompanion is the render stage's route for a KindCompanion pair:
// it renders the page of one companion Markdown file in both languages
// from the loaded skill. Its English result keeps what its skill's page
// needs of it (what rendering found, and the links its files make, which
// checkLinks checks); each result keeps its sections for the search
// entries of the skill's page in its language.
func (b *rendered) renderCompanion(w *worker, pr pair) {
	c, ok := b.companionOf(pr)
	if !ok {
		return // placed by skillPairs: always found
	}
	for _, lang := range languages {
		p := pr.Get(lang)
		cp := c.skill.CompanionPage(w.md[lang], lang, c.rel, b.rep, b.abs)
		diagrams := b.writeSkillPage(w, p, pr, skillpage.CompanionPage(cp.View), cp.View)
		b.setResult(&pageResult{page: p, anchors: cp.Anchors, markdown: cp.LLMS, diagrams: diagrams,
			skillLinks: cp.Links, found: cp.Findings, files: cp.Sections})
	}
}

// renderSkill is the render stage's route for a KindSkill pair: it writes
// the skill's files, then its own page in both languages, which lists
// what rendering its companions found and whose search entries hold
// their sections: it is rendered after them (render). The links its files
// make to the rest of the site are checked with every other page's, once
// every page and file exists (checkLinks); a third-party skill's broken
// ones are warnings.
func (b *rendered) renderSkill(w *worker, pr pair) {
	s := b.skillOf(pr.EN)
	for _, f := range s.Files() {
		b.write(f.URL, f.Data)
	}
	var found []diag.Finding
	sections := map[string][]skills.Companion{}
	for _, c := range b.companions[s.Slug] {
		for _, lang := range languages {
			if r := b.result(c.Get(lang).URL); r != nil { // nil only when cancelled
				found = append(found, r.found...)
				sections[lang] = append(sections[lang], r.files...)
			}
		}
	}
	for _, lang := range languages {
		p := pr.Get(lang)
		r := s.Render(w.md[lang], lang, b.rep, found)
		found = append(found, r.Found...) // the Chinese page lists what the English page's rendering found
		diagrams := b.writeSkillPage(w, p, pr, templ.Join(skillpage.SkillInstall(skillpub.Install(lang, s.Slug)), skillpage.SkillPage(r.View)), r.View)
		b.setResult(&pageResult{page: p, anchors: r.Anchors, search: skillEntries(p, r, sections[lang]), diagrams: diagrams, skillLinks: r.Links}) // searchsite.go
	}
}

// isSkillPage reports whether pr is a skill's own pair, which render
// renders after every other (renderSkill).
func isSkillPage(pr pair) bool { return pr.Kind() == site.KindSkill }

// writeSkillPage lays out body, the view v of a skill's page or of a
// companion's, in the site's layout at p's URL: contents beside a long
// one, the diagram script where it draws one, and skills.js.
// It reports whether the page draws a diagram.
func (b *rendered) writeSkillPage(w *worker, p *page, pr pair, body templ.Component, v skillpage.SkillView) (diagrams bool) {
	pv := b.pageView(p, pr, nil)
	pv.TOC = v.TOC(nav.MinTOC) // a long skill reads like a long page: contents beside it
	if diagrams = v.Has(markdown.DiagramMarker); diagrams {
		pv.Scripts = append(pv.Scripts, diagramScriptURL)
	}
	pv.Body, pv.Scripts = templ.Join(body, pv.Body), append(pv.Scripts, b.skillsJS)
	pv.Msg.FooterNote = pv.Msg.Skill.FooterNote // the site's note is about the protocol tables
	b.writePage(w, p, pv, b.rep)
	return diagrams
}

// checkSkillLinks reports the broken links of a skill's files (r is the
// English page of the skill or of a companion): errors, or warnings for a
// third party's.
func (b *rendered) checkSkillLinks(r *pageResult) {
	third := len(r.skillLinks) > 0 && b.skillOwning(r.page).ThirdParty()
	for _, l := range r.skillLinks {
		switch msg := b.brokenLink(l.Ref); {
		case msg == "":
		case third: // the author's link into their own site: a finding on the skill, not a broken site
			b.rep.Warnf(l.File, l.Ref.Line, "broken link %q: %s", l.Ref.Dest, msg)
		default:
			b.rep.Errorf(l.File, l.Ref.Line, "broken link %q: %s", l.Ref.Dest, msg)
		}
	}
}

// skillRel is the Rel of a skill's pages: what a page inside the language
// directory at the skill's URL would have.
func skillRel(s *skills.Skill) string { return "skills/" + s.Slug + "/" }

// skillOf returns the skill whose page p is, or nil.
func (b *loaded) skillOf(p *page) *skills.Skill {
	for _, s := range b.skills {
		if p.Rel == skillRel(s) {
			return s
		}
	}
	return nil
}

// skillOwning returns the skill whose page or companion page p is, or nil.
func (b *loaded) skillOwning(p *page) *skills.Skill {
	for _, s := range b.skills {
		if strings.HasPrefix(p.Rel, skillRel(s)) {
			return s
		}
	}
	return nil
}

// llmsText is a page's part of llms-full.txt: its Markdown version, and
// for a skill the SKILL file of its language made to stand in the joined
// file (see [skills.Skill.LLMSText]).
func (b *loaded) llmsText(r *pageResult) []byte {
	if s := b.skillOf(r.page); s != nil {
		return s.LLMSText(r.page.Lang, b.abs)
	}
	return r.markdown
}
