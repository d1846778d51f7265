// Package synth writes a synthetic bilingual site for build benchmarks: the
// same Markdown feeds gen build (BenchmarkBuild) and Hugo
// (scripts/bench-vs-hugo.sh). Each page has prose, headings, a table, a
// code block that differs from page to page (so no highlighting cache can
// help) and links to other pages' anchors. RandomMarkdown makes page
// bodies of random fragments for the tests that hold two ways of reading
// Markdown to the same result.
package synth

import (
	"fmt"
	"strings"
)

// Pages returns the Markdown files of a site with n pages in all: n/2
// English pages under content/en/ and their Chinese twins under
// content/zh-CN/, keyed by path. The home page and the field reference
// page (with a few protocol directives) are included in the count. The
// numbered pages are left out of the navigation (nav: false).
func Pages(n int) map[string]string { return pages(n, false) }

// NavPages is [Pages] with every page in the navigation: the site whose
// sidebar must not grow with the number of pages.
func NavPages(n int) map[string]string { return pages(n, true) }

func pages(n int, nav bool) map[string]string {
	half := max(n/2, 2)
	files := map[string]string{
		"content/en/_index.md":                   home("Synthetic home", "Benchmark site.", "See [page 1](/docs/p00001/#section-2)."),
		"content/zh-CN/_index.md":                home("合成首页", "基准测试站点。", "参见[第 1 页](/docs/p00001/#section-2)。"),
		"content/en/docs/task-publish-v18.md":    reference("Field reference"),
		"content/zh-CN/docs/task-publish-v18.md": reference("字段参考"),
	}
	for i := 1; i <= half-2; i++ {
		next := i%(half-2) + 1
		files[fmt.Sprintf("content/en/docs/p%05d.md", i)] = page(i, next, english, nav)
		files[fmt.Sprintf("content/zh-CN/docs/p%05d.md", i)] = page(i, next, chinese, nav)
	}
	return files
}

type words struct {
	title, desc, intro, prose, next string
	headings                        [3]string
}

var english = words{
	title:    "Synthetic page %d",
	desc:     "Synthetic page %d of the build benchmark.",
	intro:    "This page describes stage %d of a made-up pipeline. It links to [the next page](/docs/p%05d/#section-3) and uses `inline_code` and **bold text**.",
	prose:    "A stage receives its input in the declared format, does its work within the harness policy and hands its output to the next stage. Acceptance criteria are written so that a reviewer, or a program, can check them without guessing. Budgets keep the context of each agent small enough to stay fast.",
	next:     "Continue with [the next page](/docs/p%05d/) or go back to the [field reference](/docs/task-publish-v18/#stage-types).",
	headings: [3]string{"Overview of stage %d", "Inputs and outputs", "Example code"},
}

var chinese = words{
	title:    "合成页面 %d",
	desc:     "构建基准测试的第 %d 个合成页面。",
	intro:    "本页介绍一条虚构流水线中的第 %d 个阶段。它链接到[下一页](/docs/p%05d/#section-3)，并使用了 `inline_code` 和**粗体文字**。",
	prose:    "每个阶段按声明的格式接收输入，在约束策略的范围内完成工作，再把输出交给下一个阶段。验收标准要写得让审阅者或程序无需猜测就能检查。预算让每个智能体的上下文保持精简，从而保证速度。",
	next:     "继续阅读[下一页](/docs/p%05d/)，或返回[字段参考](/docs/task-publish-v18/#stage-types)。",
	headings: [3]string{"阶段 %d 概述", "输入与输出", "示例代码"},
}

func home(title, desc, body string) string {
	return fmt.Sprintf("---\ntitle: %s\ndescription: %s\norder: 1\n---\n\n%s\n", title, desc, body)
}

// reference is the field reference page: two directives.
func reference(title string) string {
	return fmt.Sprintf("---\ntitle: %s\ndescription: %s\norder: 2\n---\n\n## Stage types {#stage-types}\n\n```protocol\nstage_types\n```\n\n## Limits {#limits}\n\n```protocol\ntier_limits\n```\n", title, title)
}

// WithAnchors adds to the field reference pages of a synthetic site a
// heading for each of anchors they lack, so that gen build publishes the
// site: the caller passes the anchors the validator's findings link to
// (the protocol's table of codes, which this package does not import).
func WithAnchors(files map[string]string, anchors []string) map[string]string {
	for _, lang := range []string{"en", "zh-CN"} {
		name := "content/" + lang + "/docs/task-publish-v18.md"
		var b strings.Builder
		b.WriteString(files[name])
		seen := map[string]bool{"stage-types": true, "limits": true}
		for _, a := range anchors {
			if !seen[a] {
				seen[a] = true
				fmt.Fprintf(&b, "\n## Rule %s {#%s}\n\nWhat the rule checks.\n", a, a)
			}
		}
		files[name] = b.String()
	}
	return files
}

func page(i, next int, w words, nav bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: "+w.title+"\ndescription: "+w.desc+"\norder: %d\n", i, i, i+10)
	if !nav {
		b.WriteString("nav: false\n")
	}
	b.WriteString("---\n\n")
	fmt.Fprintf(&b, w.intro+"\n\n", i, next)
	fmt.Fprintf(&b, "## "+w.headings[0]+" {#section-1}\n\n%s\n\n%s\n\n", i, w.prose, w.prose)
	fmt.Fprintf(&b, "## %s {#section-2}\n\n%s\n\n", w.headings[1], w.prose)
	b.WriteString("| Key | Type | Value |\n| --- | --- | --- |\n")
	for r := 1; r <= 5; r++ {
		fmt.Fprintf(&b, "| `key_%d` | integer | %d |\n", r, i*r)
	}
	fmt.Fprintf(&b, "\n## %s {#section-3}\n\n```go\n%s```\n\n", w.headings[2], code(i))
	fmt.Fprintf(&b, w.next+"\n", next)
	return b.String()
}

// code returns a Go snippet unique to page i.
func code(i int) string {
	return fmt.Sprintf(`package stage%[1]d

import "fmt"

// Stage%[1]d doubles its input and reports it.
func Stage%[1]d(values []int) (sum int) {
	for _, v := range values {
		sum += v * %[1]d
	}
	fmt.Printf("stage %[1]d: %%d\n", sum)
	return sum
}
`, i)
}
