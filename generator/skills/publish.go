package skills

import (
	"bytes"
	"slices"
	"strings"

	"pairag.com/portal/generator/drift"
	"pairag.com/portal/generator/markdown"
)

// File is a file of a skill folder as the site publishes it.
type File struct {
	URL  string // its site path, /skills/<slug>/<path in the folder>
	Data []byte
}

// Files are every file of the skill folder as it is published, so that an
// agent can install the skill from its URL: the author's bytes, without
// the marker lines gen stamp writes into translations.
func (s *Skill) Files() []File {
	out := make([]File, len(s.files))
	for i, rel := range s.files {
		out[i] = File{URL: s.rawURL(rel), Data: s.published(rel)}
	}
	return out
}

// published is a file of a skill folder as it is published.
func (s *Skill) published(rel string) []byte {
	if t := s.texts[rel]; t != nil {
		return drift.WithoutMarkers(t.Src, t.BodyStart)
	}
	return s.data[rel]
}

// LLMSText is the skill's part of llms-full.txt in the site language lang:
// the published SKILL file of the language with the front matter as a
// YAML code block (its --- lines would read as a heading once files are
// joined) and each relative link made absolute with abs, since
// llms-full.txt lives at the site root; in the translation a link leads
// to a sibling's translation where there is one.
func (s *Skill) LLMSText(lang string, abs func(string) string) []byte {
	rel := skillFile
	if lang == zh && s.tr() != nil {
		rel = skillFileZH
	}
	return s.llmsText(rel, lang, abs)
}

// llmsText is the published Markdown file rel made to stand in
// llms-full.txt (see [Skill.LLMSText]).
func (s *Skill) llmsText(rel, lang string, abs func(string) string) []byte {
	t := s.texts[rel]
	var out bytes.Buffer
	if text, _, _, err := markdown.SplitFrontMatter(t.Src); err == nil {
		out.WriteString("```yaml\n")
		out.Write(text)
		out.WriteString("```\n")
	}
	body := string(drift.WithoutMarkers(t.Src, t.BodyStart)[t.BodyStart:]) // markers are all in the body
	out.WriteString(s.absoluteLinks(rel, body, lang == zh, abs))
	return out.Bytes()
}

// absoluteLinks rewrites the relative links of the skill file rel, as the
// parser found them, to absolute URLs of the published files (a
// fragment, to the row of the skill page): inline links "](dest" and
// reference definitions "]: dest".
func (s *Skill) absoluteLinks(rel, md string, translation bool, abs func(string) string) string {
	var dests []string
	for _, l := range s.texts[rel].LinkTargets() {
		if !slices.Contains(dests, l.Dest) {
			dests = append(dests, l.Dest)
		}
	}
	// Longest first: a replacer takes the first match in argument order, so
	// "a.md#x" is not read as "a.md" followed by "#x". Links that stay as
	// they are stay in the list for the same reason.
	slices.SortFunc(dests, func(a, b string) int { return len(b) - len(a) })
	var pairs []string
	for _, d := range dests {
		u := skillLinkURL(s.Slug, rel, d)
		if page := s.renderedPage(map[bool]string{false: en, true: zh}[translation], rel); strings.HasPrefix(d, "#") && page != "" {
			u = page + d // the row of the page that shows the file
		}
		if u == d {
			for _, open := range []string{"](", "](<", "]: ", "]: <"} {
				pairs = append(pairs, open+d, open+d)
			}
			continue
		}
		if translation {
			path, frag, _ := strings.Cut(u, "#")
			if t := drift.TranslationName(strings.TrimPrefix(path, skillURLPrefix+s.Slug+"/")); t != "" && slices.Contains(s.files, t) {
				u = skillURLPrefix + s.Slug + "/" + t + cutSuffixIf("#", frag)
			}
		}
		for _, open := range []string{"](", "](<", "]: ", "]: <"} {
			pairs = append(pairs, open+d, open+abs(u))
		}
	}
	return strings.NewReplacer(pairs...).Replace(md)
}
