package drift

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"pairag.com/portal/generator/glossary"
	"pairag.com/portal/internal/diag"
)

// TermFindings is the glossary's part of the drift check: for each pair of
// aligned sections, a glossary term the original uses in its prose whose
// paired Chinese term the translation does not use, and any wording the
// glossary tells translators to avoid. Code, link targets and comments are
// not prose. Avoided wording is a warning, like the rest of drift; a
// missing term is a note, since a translation may rightly say it another
// way (免费版 for "the Free tier"), and the note puts it in front of a
// reviewer without failing gen check --strict.
func TermFindings(c *Comparison, g glossary.Glossary) []diag.Finding {
	if len(g) == 0 {
		return nil
	}
	var out []diag.Finding
	for _, r := range c.Rows {
		if r.Orig < 0 || r.Tr < 0 {
			continue
		}
		o, t := &c.Orig.Secs[r.Orig], &c.Tr.Secs[r.Tr]
		orig := strings.ToLower(prose(string(c.Orig.Src[o.Body:o.End])))
		tr := prose(string(c.Tr.Src[t.Body:t.End]))
		for _, term := range g {
			if term.Avoid != "" && strings.Contains(tr, term.Avoid) {
				out = append(out, diag.Finding{File: c.Tr.Name, Line: t.Line, Severity: diag.SeverityWarning, Msg: fmt.Sprintf("section %q: %q is to be avoided; the glossary's term for %q is %q", t.Name(), term.Avoid, term.EN, term.ZH)})
			}
			if usesTerm(orig, term.EN) && !strings.Contains(tr, term.ZH) {
				out = append(out, diag.Finding{File: c.Tr.Name, Line: t.Line, Severity: diag.SeverityInfo, Msg: fmt.Sprintf("section %q: the original uses %q; the glossary's Chinese term %q is missing (content/glossary.yaml)", t.Name(), term.EN, term.ZH)})
			}
		}
	}
	return out
}

var (
	fencedCode = regexp.MustCompile("(?ms)^ {0,3}(```|~~~).*?^ {0,3}(```|~~~)[^\n]*$")
	inlineCode = regexp.MustCompile("`[^`\n]*`")
	linkTarget = regexp.MustCompile(`\]\([^)]*\)`)
	comment    = regexp.MustCompile(`(?s)<!--.*?-->`)
)

// prose is Markdown without code, link targets and comments.
func prose(md string) string {
	for _, re := range []*regexp.Regexp{fencedCode, inlineCode, linkTarget, comment} {
		md = re.ReplaceAllString(md, " ")
	}
	return md
}

// usesTerm reports whether lower-cased prose holds an English term as whole
// words, in the singular or with a plural s or es.
func usesTerm(prose, term string) bool {
	words := strings.Fields(strings.ToLower(term))
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	re := termPatterns.get(`(?:^|[^\pL\pN_-])` + strings.Join(words, `\s+`) + `(?:s|es)?(?:$|[^\pL\pN_-])`)
	return re.MatchString(prose)
}

// termPatterns caches the compiled pattern of each glossary term.
var termPatterns = &regexpCache{m: map[string]*regexp.Regexp{}}

type regexpCache struct {
	mu sync.Mutex
	m  map[string]*regexp.Regexp
}

func (c *regexpCache) get(pattern string) *regexp.Regexp {
	c.mu.Lock()
	defer c.mu.Unlock()
	re, ok := c.m[pattern]
	if !ok {
		re = regexp.MustCompile(pattern)
		c.m[pattern] = re
	}
	return re
}
