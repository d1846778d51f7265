package synth

import (
	"fmt"
	"strings"
)

// LongPages returns a site of n pages in all, shaped like a corpus someone
// else wrote: each page is about 640 words of prose (or its Chinese
// translation) in five sections with automatic heading ids, a table, a
// JSON code block that differs from page to page and 3–5 links to other
// pages, their headings and one external site. English pages are under
// content/en/docs/ and their Chinese twins at the same paths under
// content/zh-CN/docs/; the field reference page is that of [Pages].
func LongPages(n int) map[string]string {
	half := max(n/2, 2)
	files := map[string]string{
		"content/en/_index.md":                   home("Working notes", "Notes on the review process.", "Start with [the first note](/docs/n00001/#who-takes-part)."),
		"content/zh-CN/_index.md":                home("工作笔记", "关于评审流程的笔记。", "从[第一篇笔记](/docs/n00001/#who-takes-part)读起。"),
		"content/en/docs/task-publish-v18.md":    reference("Field reference"),
		"content/zh-CN/docs/task-publish-v18.md": reference("字段参考"),
	}
	for i := 1; i <= half-2; i++ {
		files[fmt.Sprintf("content/en/docs/n%05d.md", i)] = longPage(i, half-2, longEnglish)
		files[fmt.Sprintf("content/zh-CN/docs/n%05d.md", i)] = longPage(i, half-2, longChinese)
	}
	return files
}

// prose is one language's text of the long pages.
type prose struct {
	title, desc string
	headings    [5]string
	sentences   []string
	sep         string // between sentences
	links       [5]string
	table       [4]string // column headings
}

var longEnglish = prose{
	title:    "Working note %d",
	desc:     "How the team runs step %d of the review process, with an example request.",
	headings: [5]string{"Why this step exists", "Who takes part", "Settings at a glance", "An example request", "Open questions"},
	sentences: []string{
		"Most of the work in this step happens before anyone writes a line of code, when the team agrees on what done means.",
		"We learned the hard way that a vague goal costs more time later than a long discussion costs now.",
		"The person who opens the request also owns it until it is closed, even when others do most of the work.",
		"Reviewers read the whole change once for its intent and a second time for the details that tend to slip.",
		"When two reviewers disagree, the owner writes down both positions and asks a third person to decide.",
		"Nothing here is meant as a rule for its own sake; each habit answers a mistake we made at least twice.",
		"Small changes move faster, not because they are simpler, but because people are willing to look at them the same day.",
		"A request that waits more than two days is usually waiting for a decision nobody has been asked to make.",
		"Automated checks run on every push and catch the boring problems so that people can talk about the interesting ones.",
		"The checks are allowed to be slow at night but must stay under ten minutes during the working day.",
		"If a check fails for reasons that have nothing to do with the change, the owner files an issue and links it.",
		"We keep the history readable by describing why something changed rather than listing the files that moved.",
		"Newcomers are paired with someone who has done the step before, for at least their first three requests.",
		"It helps to write the summary for a reader who will find it a year from now with no other context.",
		"Some teams prefer a checklist, others a conversation; both work when the expectations are written down somewhere.",
		"The numbers in the table below are defaults, and a request may change them when it explains the reason.",
		"Every exception we grant is recorded, so that a pattern of exceptions can turn into a better default.",
		"Latency matters less than predictability: people plan around a slow step but not around a random one.",
		"We measure the time from opening to merging, and we look at the slowest tenth rather than the average.",
		"The example request below is trimmed from a real one, with names and numbers changed.",
		"Fields that are not needed may be left out, and the service fills them with the defaults from the table.",
		"A request that cannot be parsed is rejected with a message that names the first field it could not read.",
		"Retries are safe because every request carries an identifier that the service remembers for a day.",
		"When in doubt, ask in the shared channel; a short question saves a long revision.",
		"We have not settled how to handle changes that span several teams, and we welcome proposals.",
		"Another open question is how long to keep the records of closed requests before archiving them.",
		"Until those questions are answered, the owner of each request uses judgement and writes down what was decided.",
		"The rest of this note collects what we learned from the last few months of running the process.",
		"Reading the previous note first gives the background that this one assumes.",
		"Tools change often, so this note describes the intent and leaves the commands to the tools' own manuals.",
	},
	sep:   " ",
	links: [5]string{"the previous note", "the next note", "who takes part in the next step", "the field reference", "the JSON specification"},
	table: [4]string{"Setting", "Default", "Range", "Notes"},
}

var longChinese = prose{
	title:    "工作笔记 %d",
	desc:     "团队如何执行评审流程的第 %d 步，附请求示例。",
	headings: [5]string{"为什么需要这一步", "谁参与", "设置一览", "请求示例", "尚未解决的问题"},
	sentences: []string{
		"这一步的大部分工作发生在任何人写代码之前，也就是团队就“完成”的含义达成一致的时候。",
		"我们吃过亏才明白，目标含糊在后期浪费的时间，远多于现在多讨论一会儿所花的时间。",
		"发起请求的人也负责跟进，直到请求关闭，即使大部分工作由别人完成。",
		"评审者先通读整个改动以理解意图，再读第二遍，检查那些容易被忽略的细节。",
		"两位评审者意见不一时，负责人把双方观点都写下来，并请第三个人做决定。",
		"这里没有哪条是为规则而规则；每个习惯都对应着我们至少犯过两次的错误。",
		"小改动推进得更快，不是因为它们更简单，而是因为大家愿意当天就看。",
		"一个等待超过两天的请求，通常是在等一个没有人被要求去做的决定。",
		"每次推送都会运行自动检查，它们捕捉无聊的问题，让人们可以讨论有意思的问题。",
		"检查在夜间可以慢一些，但在工作时间必须控制在十分钟以内。",
		"如果检查因为与改动无关的原因失败，负责人要提交一个问题并附上链接。",
		"我们描述改动的原因，而不是罗列移动过的文件，以保持历史记录可读。",
		"新人至少在前三个请求中，会与做过这一步的同事结对。",
		"把摘要写给一年后在没有任何背景的情况下读到它的人，会很有帮助。",
		"有的团队喜欢清单，有的喜欢对话；只要期望被写在某个地方，两种方式都行得通。",
		"下表中的数字是默认值，请求可以修改它们，但要说明理由。",
		"我们批准的每个例外都会被记录下来，这样反复出现的例外就能变成更好的默认值。",
		"延迟不如可预测性重要：人们可以围绕一个慢的步骤做计划，却无法围绕一个随机的步骤做计划。",
		"我们统计从发起到合并的时间，并关注最慢的那一成，而不是平均值。",
		"下面的请求示例取自一个真实请求，名称和数字都已修改。",
		"不需要的字段可以省略，服务会用表中的默认值填充。",
		"无法解析的请求会被拒绝，错误信息会指出第一个无法读取的字段。",
		"重试是安全的，因为每个请求都带有一个服务会记住一天的标识符。",
		"拿不准的时候，就在共享频道里问；一个简短的问题能省下一次漫长的修改。",
		"对于跨多个团队的改动该如何处理，我们还没有定论，欢迎提出建议。",
		"另一个尚未解决的问题是，已关闭请求的记录要保留多久才归档。",
		"在这些问题得到回答之前，每个请求的负责人自行判断，并把决定记录下来。",
		"本笔记的其余部分汇总了我们在过去几个月运行这一流程时学到的东西。",
		"先读上一篇笔记，可以了解本篇所假定的背景。",
		"工具变化很快，所以本笔记只描述意图，具体命令请参阅各工具自己的手册。",
	},
	sep:   "",
	links: [5]string{"上一篇笔记", "下一篇笔记", "下一步的参与者", "字段参考", "JSON 规范"},
	table: [4]string{"设置", "默认值", "范围", "说明"},
}

// longPage is page i of m in language p: five sections of about 110 words
// each, the table in the third and the JSON block in the fourth.
func longPage(i, m int, p prose) string {
	prev, next := (i+m-2)%m+1, i%m+1
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: "+p.title+"\ndescription: "+p.desc+"\norder: %d\nnav: false\n---\n\n", i, i, i+10)
	targets := [5]string{
		fmt.Sprintf("/docs/n%05d/", prev),
		fmt.Sprintf("/docs/n%05d/", next),
		fmt.Sprintf("/docs/n%05d/#who-takes-part", next),
		"/docs/task-publish-v18/#stage-types",
		"https://www.rfc-editor.org/rfc/rfc8259",
	}
	nlinks := 3 + i%3
	s := i * 7 // where this page starts in the sentence bank
	for sec, h := range p.headings {
		fmt.Fprintf(&b, "## %s\n\n", h)
		for par := range 2 {
			for k := range 3 {
				if k > 0 {
					b.WriteString(p.sep)
				}
				b.WriteString(p.sentences[(s+sec*6+par*3+k)%len(p.sentences)])
			}
			if l := sec; par == 0 && l < nlinks {
				// One link per section until there are nlinks of them.
				fmt.Fprintf(&b, "%s[%s](%s)", p.sep, p.links[l], targets[l])
			}
			b.WriteString("\n\n")
		}
		switch sec {
		case 2:
			table(&b, i, p)
		case 3:
			jsonBlock(&b, i)
		}
	}
	return b.String()
}

func table(b *strings.Builder, i int, p prose) {
	fmt.Fprintf(b, "| %s | %s | %s | %s |\n| --- | ---: | --- | --- |\n", p.table[0], p.table[1], p.table[2], p.table[3])
	names := []string{"`review_window`", "`max_reviewers`", "`retry_after`", "`archive_days`", "`check_timeout`"}
	for r, name := range names {
		fmt.Fprintf(b, "| %s | %d | 1–%d | %s |\n", name, (i+r)%9+1, (i+r)%9+20, p.headings[r])
	}
	b.WriteString("\n")
}

func jsonBlock(b *strings.Builder, i int) {
	fmt.Fprintf(b, "```json\n"+`{
  "request": "note-%05d",
  "owner": "team-%d",
  "reviewers": ["r%d", "r%d"],
  "settings": {
    "review_window": %d,
    "max_reviewers": %d,
    "retry_after": "%ds",
    "archive": %t
  },
  "labels": ["process", "step-%d"],
  "note": null
}`+"\n```\n\n", i, i%17, i%5, i%7+5, i%9+1, i%4+2, i*3%60, i%2 == 0, i)
}
