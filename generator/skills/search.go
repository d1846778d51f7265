package skills

import (
	"path"
	"strings"

	"github.com/yuin/goldmark"

	"pairag.com/portal/generator/drift"
)

// Companion is one section of a file that comes with a skill (a
// reference, a checklist), rendered for the site search.
type Companion struct {
	URL  string // the published file, site-relative
	Name string // the file's name inside the skill folder
	HTML string // the section, rendered with the site's Markdown setup
}

// Companions renders, for the site language lang, every Markdown file of
// the skill besides the SKILL files, section by section: the Chinese
// site takes a file's translation where there is one. Rendering problems
// were reported when the skill's page was rendered.
func (s *Skill) Companions(md goldmark.Markdown, lang string) []Companion {
	var out []Companion
	for _, rel := range s.files {
		if path.Ext(rel) != ".md" || rel == skillFile || rel == skillFileZH || drift.IsTranslation(rel) {
			continue
		}
		use := rel
		if tr := strings.TrimSuffix(rel, ".md") + "." + zh + ".md"; lang == zh && s.texts[tr] != nil {
			use = tr
		}
		tf := s.texts[use]
		if tf == nil {
			continue
		}
		f := s.renderSections(md, tf, lang, use != rel, discard{})
		for _, h := range f.html {
			out = append(out, Companion{URL: s.rawURL(use), Name: use, HTML: h})
		}
	}
	return out
}
