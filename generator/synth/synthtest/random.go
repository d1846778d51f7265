package synthtest

import (
	"math/rand/v2"
	"strings"
)

// markdownFragments are what RandomMarkdown is made of: every inline
// trigger of goldmark's Linkify (space, *, _, ~, parenthesis, line start),
// emphasis, links, code, numbers in both scripts, escapes, entities, raw
// HTML, CJK text, both kinds of line break, lists, quotes, headings, a
// table and a code block, and pieces of addresses that stop short of one.
var markdownFragments = []string{
	"word", " ", "  ", "\n", "\n\n", "*em*", "**strong**", "_u_", "~~del~~", "~", "(paren)", "(", ")", "[link](/docs/x/)", "[a](#b)",
	"`code`", "3,600", "1.5", "V18", "十二", "百分之五十", "中文，", "。", "\\*", "\\", "&amp;", "&#34;", "<b>", "\\\n", "  \n",
	"\n- item ", "\n1. one ", "\n> quote ", "\n## Heading {#h}\n", "\n### Sub\n", "\n| a | b |\n| - | - |\n| 1 | 2 |\n", "\n```json\n{\"a\": 1}\n```\n",
	"x_y_z", "a*b*c", "ftp", "http", "www", "mailto", "example.com", ":", "//", ".",
}

// RandomMarkdown returns a page body of random fragments, for tests that
// hold two ways of reading Markdown to the same result.
func RandomMarkdown(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(30) {
		b.WriteString(markdownFragments[r.IntN(len(markdownFragments))])
	}
	return b.String()
}
