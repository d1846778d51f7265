// Package langs names the site's two languages, which the protocol's
// messages, the generator's pages and the CLI all speak. English is the
// source language and lives at the root of the site; Simplified Chinese
// lives under /zh-CN/.
package langs

// The languages, by their BCP 47 tags.
const (
	EN = "en"
	ZH = "zh-CN"
)

// All lists the languages, the source language first.
var All = []string{EN, ZH}

// Prefix is the URL prefix of a language's pages: "" for English, /zh-CN
// for Chinese.
func Prefix(l string) string {
	if l == EN {
		return ""
	}
	return "/" + l
}
