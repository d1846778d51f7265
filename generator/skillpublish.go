package generator

import (
	"bytes"
	"slices"
	"strings"
)

// published is a file of a skill folder as it is published: the author's
// bytes, without the marker lines gen stamp writes into translations.
func (s *skill) published(rel string) []byte {
	if t := s.Texts[rel]; t != nil {
		return withoutMarkers(t.Src, t.BodyStart)
	}
	return s.Data[rel]
}

// skillOf returns the skill whose page p is, or nil.
func (b *builder) skillOf(p *page) *skill {
	for _, s := range b.skills {
		if p.Rel == "skills/"+s.Slug+"/" {
			return s
		}
	}
	return nil
}

// llmsText is a page's part of llms-full.txt: its Markdown version. For a
// skill it is the published SKILL file of the language with the front
// matter as a YAML code block (its --- lines would read as a heading once
// files are joined) and each relative link made absolute, since
// llms-full.txt lives at the site root; in the translation a link leads
// to a sibling's translation where there is one.
func (b *builder) llmsText(r *pageResult) string {
	p := r.page
	s := b.skillOf(p)
	if s == nil {
		return r.markdown
	}
	rel := skillFile
	if p.Lang == zh && s.tr() != nil {
		rel = skillFileZH
	}
	t := s.Texts[rel]
	var out bytes.Buffer
	if text, _, _, err := splitFrontMatter(t.Src); err == nil {
		out.WriteString("```yaml\n")
		out.Write(text)
		out.WriteString("```\n")
	}
	body := string(withoutMarkers(t.Src, t.BodyStart)[t.BodyStart:]) // markers are all in the body
	out.WriteString(s.absoluteLinks(rel, body, p.Lang == zh, b.abs))
	return out.String()
}

// absoluteLinks rewrites the relative links of the skill file rel, as the
// parser found them, to absolute URLs of the published files (a
// fragment, to the row of the skill page): inline links "](dest" and
// reference definitions "]: dest".
func (s *skill) absoluteLinks(rel, md string, translation bool, abs func(string) string) string {
	var dests []string
	for _, f := range s.Texts[rel].facts {
		for _, tk := range f.tokens {
			if tk.kind == "link target" && !slices.Contains(dests, tk.text) {
				dests = append(dests, tk.text)
			}
		}
	}
	// Longest first: a replacer takes the first match in argument order, so
	// "a.md#x" is not read as "a.md" followed by "#x". Links that stay as
	// they are stay in the list for the same reason.
	slices.SortFunc(dests, func(a, b string) int { return len(b) - len(a) })
	var pairs []string
	for _, d := range dests {
		u := skillLinkURL(s.Slug, rel, d)
		if strings.HasPrefix(d, "#") && (rel == skillFile || rel == skillFileZH) {
			u = skillURL(map[bool]string{false: en, true: zh}[translation], s.Slug) + d // the row of the skill page
		}
		if u == d {
			for _, open := range []string{"](", "](<", "]: ", "]: <"} {
				pairs = append(pairs, open+d, open+d)
			}
			continue
		}
		if translation {
			path, frag, _ := strings.Cut(u, "#")
			if t := translationName(strings.TrimPrefix(path, skillURLPrefix+s.Slug+"/")); t != "" && slices.Contains(s.Files, t) {
				u = skillURLPrefix + s.Slug + "/" + t + cutSuffixIf("#", frag)
			}
		}
		for _, open := range []string{"](", "](<", "]: ", "]: <"} {
			pairs = append(pairs, open+d, open+abs(u))
		}
	}
	return strings.NewReplacer(pairs...).Replace(md)
}

// publishedRange is the byte range of section i's Markdown in the
// published file (the file without marker lines): from its heading (its
// first line of text, for the intro) to its last line of text, the line
// end included.
func (f *textFile) publishedRange(i int) (int, int) {
	if f.pubSecs == nil {
		f.pub = withoutMarkers(f.Src, f.BodyStart)
		f.pubSecs = splitSections(f.pub, f.BodyStart)
	}
	pub, secs := f.pub, f.pubSecs
	if i >= len(secs) {
		return 0, 0
	}
	from, to := secs[i].Start, secs[i].End
	for from < to && (pub[from] == '\n' || pub[from] == '\r' || pub[from] == ' ' || pub[from] == '\t') {
		from++
	}
	from = bytes.LastIndexByte(pub[:from], '\n') + 1 // keep the indentation of the first line
	for to > from && (pub[to-1] == '\n' || pub[to-1] == '\r' || pub[to-1] == ' ' || pub[to-1] == '\t') {
		to--
	}
	if end, _ := cutLine(pub, to); to > from {
		to = end
	}
	return from, to
}
