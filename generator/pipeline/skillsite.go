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
// skill. It returns the pairs and, by skill slug, its companions' pairs.
func skillPairs(list []*skills.Skill) ([]pair, map[string][]pair) {
	var out []pair
	companions := map[string][]pair{}
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
			companions[s.Slug] = append(companions[s.Slug], cpr)
		}
	}
	return out, companions
}

// renderSkill is the render stage's route for a KindSkill pair: it writes
// the skill's files, then the pages of its companions (the skill's page
// lists what rendering them found, and its search entries hold their
// sections), then its own page in both languages. The links its files
// make to the rest of the site are checked with every other page's, once
// every page and file exists (checkLinks); a third-party skill's broken
// ones are warnings.
func (b *rendered) renderSkill(w *worker, pr pair) {
	s := b.skillOf(pr.EN)
	for _, f := range s.Files() {
		b.write(f.URL, f.Data)
	}
	links, sections := b.renderCompanions(w, s)
	for _, lang := range languages {
		p := pr.Get(lang)
		r := s.Render(w.md[lang], lang, b.rep)
		links = append(links, r.Links...)
		diagrams := b.writeSkillPage(w, p, pr, templ.Join(skillpage.SkillInstall(skillpub.Install(lang, s.Slug)), skillpage.SkillPage(r.View)), r.View)
		res := &pageResult{page: p, anchors: r.Anchors, search: skillEntries(p, r, sections[lang]), diagrams: diagrams} // searchsite.go
		if lang == en {
			res.skillLinks = links
		}
		b.setResult(res)
	}
}

// renderCompanions writes the page of every companion Markdown file of s
// in both languages and returns the links they make to the rest of the
// site and, by language, their sections for the skill's search entries.
func (b *rendered) renderCompanions(w *worker, s *skills.Skill) ([]skills.Link, map[string][]skills.Companion) {
	var links []skills.Link
	sections := map[string][]skills.Companion{}
	rendered := map[string][]skills.CompanionPage{}
	for _, lang := range languages {
		rendered[lang] = s.CompanionPages(w.md[lang], lang, b.rep, b.abs)
	}
	for i, c := range rendered[en] {
		pr := b.companions[s.Slug][i]
		for _, lang := range languages {
			cp, p := rendered[lang][i], pr.Get(lang)
			diagrams := b.writeSkillPage(w, p, pr, skillpage.CompanionPage(cp.View), cp.View)
			sections[lang] = append(sections[lang], cp.Sections...)
			b.setResult(&pageResult{page: p, anchors: cp.Anchors, markdown: cp.LLMS, diagrams: diagrams})
		}
		links = append(links, c.Links...)
	}
	return links, sections
}

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
// English page of the skill): errors, or warnings for a third party's.
func (b *rendered) checkSkillLinks(r *pageResult) {
	third := len(r.skillLinks) > 0 && b.skillOf(r.page).ThirdParty()
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

// llmsText is a page's part of llms-full.txt: its Markdown version, and
// for a skill the SKILL file of its language made to stand in the joined
// file (see [skills.Skill.LLMSText]).
func (b *loaded) llmsText(r *pageResult) []byte {
	if s := b.skillOf(r.page); s != nil {
		return s.LLMSText(r.page.Lang, b.abs)
	}
	return r.markdown
}
