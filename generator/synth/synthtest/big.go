package synthtest

import (
	"fmt"
	"regexp"
	"strings"

	"pairag.com/portal/generator/synth"
)

// bigLinks are the links of the long pages to one another.
var bigLinks = regexp.MustCompile(`/docs/n\d{5}/`)

// BigPage returns one page, in English and in Chinese, made of the bodies
// of k long pages of synth.LongPages one after the other (each with its
// own table and JSON block, so no cache of highlighted code helps), keyed
// by path (content/en/docs/big.md and its twin), under the title and
// description of the first: the input of the benchmarks that grow one
// page 1×, 10× and 100× and look for superlinear cost. Its links to other
// long pages point at itself, so the link check finds them.
func BigPage(k int) map[string]string {
	long := synth.LongPages(2 * (k + 2)) // k pages per language, each one of k
	out := map[string]string{}
	for _, lang := range []string{"en", "zh-CN"} {
		var b strings.Builder
		for i := 1; i <= k; i++ {
			page := long[fmt.Sprintf("content/%s/docs/n%05d.md", lang, i)]
			front, body, _ := strings.Cut(page, "\n---\n")
			if i == 1 {
				b.WriteString("---\n")
				for line := range strings.Lines(front) {
					if strings.HasPrefix(line, "title: ") || strings.HasPrefix(line, "description: ") {
						b.WriteString(line)
					}
				}
				b.WriteString("---\n\n")
			}
			b.WriteString(bigLinks.ReplaceAllString(body, "/docs/big/"))
		}
		out["content/"+lang+"/docs/big.md"] = b.String()
	}
	return out
}
