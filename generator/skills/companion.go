package skills

import (
	"path"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/internal/diag"
	"pairag.com/portal/templates"
	"pairag.com/portal/templates/skillpage"
)

// A companion is a Markdown file that comes with a skill besides its SKILL
// files (references/guide.md, a checklist): the agent reads it raw, a
// reader gets it as a page of the site beside the skill's, with its
// translation (references/guide.zh-CN.md) side by side when there is one.
// The raw file stays published byte for byte at its own URL, which the
// sandbox rules of netlify.toml match; the page's URL ends in "/", which
// they never match, so the page keeps its scripts:
//
//	/skills/<slug>/references/guide.md       the raw file (what installers fetch)
//	/skills/<slug>/references/guide/         its page
//	/zh-CN/skills/<slug>/references/guide/   the same page, Chinese interface
//
// Template files, translations and files too large to render get no page,
// nor does a file whose path a URL cannot carry as it is (a space, a
// character outside letters, digits, ".", "_" and "-"), or whose page
// would overwrite a file of the folder (references/guide/index.html); they
// are published raw only.

// companionPath matches the paths that make a page URL as they are.
var companionPath = regexp.MustCompile(`^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*\.md$`)

// companionPageURL is the page of the companion rel of skill slug in lang.
func companionPageURL(lang, slug, rel string) string {
	return pageURL(lang, slug) + strings.TrimSuffix(rel, ".md") + "/"
}

// hasPage says whether the companion rel (an original, not a translation)
// gets a page.
func (s *Skill) hasPage(rel string) bool {
	if rel == skillFile || path.Ext(rel) != ".md" || drift.IsTranslation(rel) || IsTemplate(rel) || !companionPath.MatchString(rel) {
		return false
	}
	if t := s.texts[rel]; t == nil || len(t.Src) == 0 && len(s.data[rel]) > 0 { // too large: not rendered
		return false
	}
	stem := strings.TrimSuffix(rel, ".md")
	if strings.Contains(stem, "/.") || strings.HasPrefix(stem, ".") || strings.HasSuffix(stem, ".") {
		return false // a dot segment or dot file: no page URL of its own
	}
	_, clash := s.data[stem+"/"+pageFile]
	_, file := s.data[stem]
	return !clash && !file
}

// companions are the Markdown files of the skill that get a page, in file order.
func (s *Skill) companions() []string {
	var out []string
	for _, rel := range s.files {
		if s.hasPage(rel) {
			out = append(out, rel)
		}
	}
	return out
}

// renderedPage is the page in lang that shows the published file rel
// (SKILL.md and its translation: the skill's page; a companion and its
// translation: the companion's), or "" when no page shows it.
func (s *Skill) renderedPage(lang, rel string) string {
	if rel == skillFile || rel == skillFileZH {
		return pageURL(lang, s.Slug)
	}
	orig := rel
	if drift.IsTranslation(rel) {
		orig = strings.TrimSuffix(rel, "."+zh+".md") + ".md"
	}
	if s.hasPage(orig) {
		return companionPageURL(lang, s.Slug, orig)
	}
	return ""
}

// companionTr is the translation of the companion rel, nil when it has none.
func (s *Skill) companionTr(rel string) *drift.TextFile {
	return s.texts[drift.TranslationName(rel)]
}

// CompanionPage is the page of one companion file in one site language,
// shaped for the builder as a skill's page is: where it goes, what it
// shows, the ids a link may name, its links to the rest of the site,
// its sections for the site search and its part of llms-full.txt.
type CompanionPage struct {
	Page                          // URL, source file, title, description, Markdown version (the raw file)
	Rel      string               // the original's path in the skill folder
	View     skillpage.SkillView  // the rows; Companion says whose file it is
	Anchors  map[string]bool      // the ids a link to the page may name
	Links    []Link               // links to the rest of the site; only the English page has them
	Sections []Companion          // a section per row, in the page's language, for the search
	LLMS     []byte               // the file of the language for llms-full.txt, links made absolute
	Findings []diag.Finding       // what rendering found (English page only), as reported
	Rows     []skillpage.SkillRow // the same as View.Rows, for tests and the search
}

// CompanionPage renders the companion rel (one of [Skill.CompanionPlaces])
// as its page in the site language lang, with md, the site's Markdown
// setup for lang: a work of its own, which reads only the loaded skill, so
// the builder renders companions as it renders any other page. The
// English page reports rendering problems to rep (a third party's errors
// as warnings) and returns them in Findings, for the skill page's list;
// the Chinese page renders the same files and reports nothing again. abs
// makes a site path absolute, for llms-full.txt.
func (s *Skill) CompanionPage(md goldmark.Markdown, lang, rel string, rep diag.Reporter, abs func(string) string) CompanionPage {
	var found []diag.Finding
	if lang != en {
		rep = discard{}
	} else {
		rep = &collect{s: s, to: rep, into: &found}
	}
	p := s.companionPage(md, lang, rel, rep, abs)
	p.Findings = found
	return p
}

// CompanionPlaces are the pages of the skill's companions in the site
// language lang, in file order, with only Rel and Page set: where each
// goes and what it is called, known before any is rendered, so the
// builder places them among the site's pages when it loads them and
// renders each with [Skill.CompanionPage].
func (s *Skill) CompanionPlaces(lang string) []CompanionPage {
	var out []CompanionPage
	for _, rel := range s.companions() {
		out = append(out, s.companionPlace(lang, rel))
	}
	return out
}

// companionPlace is the Rel and Page of the companion rel's page in lang.
func (s *Skill) companionPlace(lang, rel string) CompanionPage {
	p := CompanionPage{Rel: rel, Page: Page{URL: companionPageURL(lang, s.Slug, rel), File: s.texts[rel].Name, Markdown: s.rawURL(rel)}}
	if tr := s.companionTr(rel); lang == zh && tr != nil {
		p.File, p.Markdown = tr.Name, s.rawURL(drift.TranslationName(rel))
	}
	p.Title = rel
	p.Description = strings.NewReplacer("{file}", rel, "{skill}", s.name()).Replace(templates.For(lang).Skill.CompanionDescription)
	return p
}

// companionPage renders one companion's page.
func (s *Skill) companionPage(md goldmark.Markdown, lang, rel string, rep diag.Reporter, abs func(string) string) CompanionPage {
	msg := templates.For(lang)
	orig, trText := s.texts[rel], s.companionTr(rel)
	p := s.companionPlace(lang, rel)
	use := rel
	if lang == zh && trText != nil {
		use = drift.TranslationName(rel)
	}
	v := skillpage.SkillView{Msg: msg, Translated: trText != nil, OrigLang: en, TrLang: zh, RawOrig: s.rawURL(rel)}
	v.Companion = &skillpage.SkillCompanion{Skill: s.name(), SkillURL: pageURL(lang, s.Slug), Files: []templates.Link{{Text: rel, URL: s.rawURL(rel)}}}
	if trText != nil {
		v.RawTr = s.rawURL(drift.TranslationName(rel))
		v.Companion.Files = append(v.Companion.Files, templates.Link{Text: drift.TranslationName(rel), URL: v.RawTr})
	}
	v.Views = viewLinks(msg, p.URL)
	ro := s.renderFile(md, orig, rel, lang, false, rep)
	var rt *renderedFile
	if trText != nil {
		rt = s.renderFile(md, trText, drift.TranslationName(rel), lang, true, rep)
	}
	p.Anchors = map[string]bool{"main": true, "skill": true}
	var texts []RowText
	v.Rows, texts = skillRows(s.pairs[rel], ro, rt, p.Anchors)
	p.View, p.Rows = v, v.Rows
	if lang == en {
		for _, f := range []*renderedFile{ro, rt} {
			if f != nil {
				p.Links = append(p.Links, f.links...)
			}
		}
	}
	for i, r := range v.Rows {
		c, sec := r.Orig, texts[i].Orig
		if lang == zh && trText != nil && !r.Tr.Missing {
			c, sec = r.Tr, texts[i].Tr
		}
		if !c.Missing {
			p.Sections = append(p.Sections, Companion{URL: p.URL + "#" + r.ID, Name: use, Section: sec})
		}
	}
	p.LLMS = s.llmsText(use, lang, abs)
	return p
}

// viewLinks are the view controls of a side-by-side page at u.
func viewLinks(msg templates.Messages, u string) []skillpage.ViewLink {
	var out []skillpage.ViewLink
	for _, view := range []struct{ name, label, query string }{
		{"both", msg.Skill.Both, ""}, {"original", msg.Skill.OriginalOnly, "?view=original"},
		{"translation", msg.Skill.TranslationOnly, "?view=translation"},
	} {
		out = append(out, skillpage.ViewLink{View: view.name, Label: view.label, URL: u + view.query})
	}
	return out
}

// PageURLs are the URLs of every page rendered for the skill, in both
// site languages: its own and its companions'. None may be served with
// the sandbox policy of the skill's files (the build checks netlify.toml).
func (s *Skill) PageURLs() []string {
	var out []string
	for _, lang := range []string{en, zh} {
		out = append(out, pageURL(lang, s.Slug))
		for _, rel := range s.companions() {
			out = append(out, companionPageURL(lang, s.Slug, rel))
		}
	}
	return out
}
