package protocol

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pairag.com/portal/protocol/jsonpos"
	"pairag.com/portal/protocol/spec"
)

// letterClasses are the scripts letters are counted in, with names in both
// languages. Kana counts separately so Japanese (Jpan: Han and kana) can be
// told from Chinese.
var letterClasses = []struct {
	code   string
	table  *unicode.RangeTable
	extra  *unicode.RangeTable
	en, zh string
}{
	{"Latn", unicode.Latin, nil, "Latin script", "拉丁字母"},
	{"Hani", unicode.Han, nil, "Chinese characters", "汉字"},
	{"Kana", unicode.Hiragana, unicode.Katakana, "Japanese kana", "日文假名"},
	{"Hang", unicode.Hangul, nil, "Hangul", "韩文"},
	{"Arab", unicode.Arabic, nil, "Arabic script", "阿拉伯字母"},
	{"Deva", unicode.Devanagari, nil, "Devanagari", "天城文"},
	{"Beng", unicode.Bengali, nil, "Bengali script", "孟加拉文"},
	{"Cyrl", unicode.Cyrillic, nil, "Cyrillic", "西里尔字母"},
	{"Telu", unicode.Telugu, nil, "Telugu script", "泰卢固文"},
	{"Taml", unicode.Tamil, nil, "Tamil script", "泰米尔文"},
	{"Guru", unicode.Gurmukhi, nil, "Gurmukhi", "古木基文"},
}

// expectedClasses maps a codebook script to the letter classes it writes with.
func expectedClasses(script string) []string {
	if script == "Jpan" {
		return []string{"Hani", "Kana"}
	}
	return []string{script}
}

// languageScript warns when the human-facing strings are plainly written in
// another script than manifest.language's. Languages sharing a script are
// never told apart.
func (v *validation) languageScript(m, stages *jsonpos.Node) {
	tag, ok := stringAt(m, "language")
	if !ok {
		return
	}
	if preferred, isAlias := v.doc.LanguageAliases[tag]; isAlias {
		tag = preferred
	}
	lang, ok := v.doc.Language(tag)
	if !ok {
		return
	}
	counts := make([]int, len(letterClasses))
	total := 0
	count := func(s string) { total += countLetters(s, counts) }
	v.humanText(m, "manifest_fields", count)
	for _, st := range stages.Items {
		v.humanText(st, "stage_fields", count)
	}
	cfg := v.doc.LanguageScriptCheck
	if total == 0 || total < cfg.MinLetters {
		return
	}
	expected := expectedClasses(lang.Script)
	for i, c := range letterClasses {
		if slices.Contains(expected, c.code) {
			continue
		}
		if float64(counts[i])/float64(total) >= cfg.Dominance {
			if lang := m.Child("language"); lang != nil {
				v.at(lang, "language-script-mismatch", "/manifest/language", nil, tag, c.en, c.zh)
			}
			return
		}
	}
}

// countLetters adds the letters of s per class (in letterClasses order) to
// counts and returns how many letters it saw. Inline code and URLs are
// skipped: their Latin letters say nothing about the language of the prose
// around them.
func countLetters(s string, counts []int) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c == '`' || c == 'h' {
			if skip := codeOrURL(s[i:]); skip > 0 {
				i += skip
				continue
			}
		}
		if c < utf8.RuneSelf {
			i++
			if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				n++
				counts[0]++ // letterClasses[0] is Latin
			}
			continue
		}
		ch, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if !unicode.IsLetter(ch) {
			continue
		}
		n++
		for c, cl := range letterClasses {
			if unicode.Is(cl.table, ch) || cl.extra != nil && unicode.Is(cl.extra, ch) {
				counts[c]++
				break
			}
		}
	}
	return n
}

// codeOrURL returns the length of the `inline code` span or URL that s
// starts with, or 0.
func codeOrURL(s string) int {
	switch {
	case s[0] == '`':
		if end := strings.IndexByte(s[1:], '`'); end >= 0 {
			return end + 2
		}
	case strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://"):
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			return len(s)
		}
		return end
	}
	return 0
}

// humanText calls fn with every human-facing string under obj, following the
// field lists' refs.
func (v *validation) humanText(obj *jsonpos.Node, ref string, fn func(string)) {
	if obj == nil || obj.Kind != '{' {
		return
	}
	fields, ok := v.idx.human[ref]
	if !ok {
		fields = humanFields(v.doc, ref)
	}
	for _, f := range fields {
		c := obj.Child(f.Name)
		if c == nil {
			continue
		}
		switch {
		case f.HumanFacing && c.Kind == '"':
			fn(c.Str)
		case f.HumanFacing && c.Kind == '[':
			for _, it := range c.Items {
				if it.Kind == '"' {
					fn(it.Str)
				}
			}
		case f.Ref != "" && c.Kind == '{':
			v.humanText(c, f.Ref, fn)
		case f.Ref != "" && c.Kind == '[':
			for _, it := range c.Items {
				v.humanText(it, f.Ref, fn)
			}
		}
	}
}

// humanFields returns the fields of a field list that humanText follows:
// those written in manifest.language and those with a field list of their
// own, in the list's order. The others cannot lead to human-facing text,
// and looking each up in the object cost a search of its members.
func humanFields(d *spec.Document, ref string) []*spec.Field {
	fields, _ := d.FieldList(ref)
	var out []*spec.Field
	for i := range fields {
		if f := &fields[i]; f.HumanFacing || f.Ref != "" {
			out = append(out, f)
		}
	}
	return out
}
