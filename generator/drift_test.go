package generator

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

// rowNames shows aligned rows as "original | translation", "-" for a missing side.
func rowNames(c *comparison) []string {
	var out []string
	name := func(f *textFile, i int) string {
		if i < 0 {
			return "-"
		}
		return f.secs[i].name()
	}
	for _, r := range c.rows {
		out = append(out, name(c.orig, r.src)+" | "+name(c.tr, r.tr))
	}
	return out
}

// warnings returns the messages of a comparison's warnings as "line: message".
func warnings(c *comparison) []string {
	var out []string
	for _, f := range c.findings {
		if f.Severity == SeverityWarning {
			out = append(out, fmt.Sprintf("%d: %s", f.Line, f.Msg))
		}
	}
	return out
}

func compareStrings(orig, tr string) *comparison {
	return compareTexts(newTextFile("o.md", []byte(orig), 0), newTextFile("t.md", []byte(tr), 0), nil)
}

// TestAlign pairs tricky originals and translations section by section.
func TestAlign(t *testing.T) {
	tests := []struct {
		name     string
		orig, tr string
		rows     []string
		warnings []string
	}{
		{
			name:     "extra section",
			orig:     "Intro `x`.\n\n## Install\n\nRun `make`.\n\n## Use\n\nRun `app`.\n",
			tr:       "介绍 `x`。\n\n## 安装\n\n运行 `make`。\n\n## 附注\n\n随便写写。\n\n## 使用\n\n运行 `app`。\n",
			rows:     []string{"intro | intro", "## Install | ## 安装", "- | ## 附注", "## Use | ## 使用"},
			warnings: []string{`7: extra section "## 附注": the original has no such section`},
		},
		{
			name:     "missing section in the middle",
			orig:     "## A\n\n`a`\n\n## B\n\n`b`\n\n## C\n\n`c`\n",
			tr:       "## 甲\n\n`a`\n\n## 丙\n\n`c`\n",
			rows:     []string{"intro | intro", "## A | ## 甲", "## B | -", "## C | ## 丙"},
			warnings: []string{`1: section "## B" of the original (o.md:5) is missing`},
		},
		{
			name: "reordered sections with ids",
			orig: "## One {#one}\n\nStep 1.\n\n## Two {#two}\n\nStep 2.\n\n## Three\n\nStep 3.\n",
			tr:   "## 二 {#two}\n\n第 2 步。\n\n## 一 {#one}\n\n第 1 步。\n\n## 三\n\n第 3 步。\n",
			rows: []string{"intro | intro", "## One | ## 一", "## Two | ## 二", "## Three | ## 三"},
		},
		{
			name: "headings in Chinese pair by order and level",
			orig: "# Title\n\n## Install\n\nText.\n\n### Details\n\nMore.\n",
			tr:   "# 标题\n\n## 安装\n\n正文。\n\n### 细节\n\n更多。\n",
			rows: []string{"intro | intro", "# Title | # 标题", "## Install | ## 安装", "### Details | ### 细节"},
		},
		{
			name: "code fences of different lengths holding # lines",
			orig: "## Example\n\n````markdown\n```bash\n# not a heading\nmake\n```\n````\n\n## After\n\nDone.\n",
			tr:   "## 示例\n\n`````markdown\n```bash\n# not a heading\nmake\n```\n`````\n\n## 之后\n\n完成。\n",
			rows: []string{"intro | intro", "## Example | ## 示例", "## After | ## 之后"},
		},
		{
			name: "level, code block, inline code, link and number differ",
			orig: "## Run\n\nUse `go` for [docs](/docs/) within 5 minutes.\n\n```sh\ngo test\n```\n",
			tr:   "### 运行\n\n用 `go` 在 3 分钟内读[文档](/other/)。\n\n```sh\ngo vet\n```\n",
			rows: []string{"intro | intro", "## Run | ### 运行"},
			warnings: []string{
				`1: section "### 运行": heading level 3 differs from level 2 of the original (o.md:1)`,
				`1: section "### 运行": link target "/docs/" is in the original (o.md:3) but not in the translation`,
				`1: section "### 运行": number "5" is in the original (o.md:3) but not in the translation`,
				`3: section "### 运行": link target "/other/" is in the translation but not in the original`,
				`3: section "### 运行": number "3" is in the translation but not in the original`,
				`5: section "### 运行": code block 1 differs from the original's (o.md:5)`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := compareStrings(tt.orig, tt.tr)
			if diff := cmp.Diff(tt.rows, rowNames(c)); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.warnings, warnings(c)); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSplitSections checks headings, ids, fences and the intro of a file
// with and without front matter.
func TestSplitSections(t *testing.T) {
	src := "---\ntitle: T\n---\n\nIntro.\n\n## Install {#setup}\n\n```\n# comment\n```\n\n~~~~\n```\n## still code\n~~~~\n    # indented code\n### Closing ###\n#hashtag\n"
	f := newTextFile("x.md", []byte(src), len("---\ntitle: T\n---\n"))
	var got []string
	for _, s := range f.secs {
		got = append(got, fmt.Sprintf("%d %d %q %q", s.Line, s.Level, s.Title, s.ID))
	}
	want := []string{`5 0 "" ""`, `7 2 "Install" "setup"`, `18 3 "Closing" ""`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sections (-want +got):\n%s", diff)
	}
	noFM := newTextFile("y.md", []byte("# Title\n\nText 1.\n"), 0)
	if len(noFM.secs) != 2 || !noFM.secs[0].empty(noFM.Src) || noFM.secs[1].Title != "Title" {
		t.Errorf("without front matter: sections %+v", noFM.secs)
	}
}

func TestNumbersIn(t *testing.T) {
	got := numbersIn("3,600 points, 1.5 days, ５ items, V18, 5, 10 or 20; 1.0.0")
	want := []string{"3600", "1.5", "5", "18", "5", "10", "20", "1.0", "0"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("numbersIn (-want +got):\n%s", diff)
	}
}

// TestStamp checks that stamping writes one comment per paired section,
// keeps every other byte, updates a stale stamp in place and then finds
// nothing left to do.
func TestStamp(t *testing.T) {
	orig := "---\ntitle: T\n---\n\nIntro.\n\n## A\n\nText `a`.\n\n## B\nText `b`.\n"
	tr := "---\ntitle: 题\n---\n\n介绍。\n\n## 甲\n\n正文 `a`。\n\n## 乙\n<!-- source: 00000000 -->\n正文 `b`。"
	c := compareTexts(newTextFile("o.md", []byte(orig), 16), newTextFile("t.md", []byte(tr), 18), nil)
	out, changed, unchanged := stamped(c)
	if changed != 3 || unchanged != 0 {
		t.Errorf("stamped: changed %d, unchanged %d; want 3, 0", changed, unchanged)
	}
	var kept []string
	for line := range strings.Lines(string(out)) {
		if _, ok := parseStamp([]byte(line)); !ok {
			kept = append(kept, line)
		}
	}
	if got, want := strings.Join(kept, ""), strings.Replace(tr, "<!-- source: 00000000 -->\n", "", 1); got != want {
		t.Errorf("stamping changed more than stamps:\n%s", got)
	}
	again := compareTexts(c.orig, newTextFile("t.md", out, 18), nil)
	if _, changed, unchanged := stamped(again); changed != 0 || unchanged != 3 {
		t.Errorf("second stamp: changed %d, unchanged %d; want 0, 3", changed, unchanged)
	}
	if len(again.findings) != 0 {
		t.Errorf("after stamping: findings %v", again.findings)
	}
}

// TestStaleRow changes one English section of a freshly stamped skill and
// checks that exactly that row is marked on both pages and listed by Check.
func TestStaleRow(t *testing.T) {
	fsys := fixture(t)
	files, err := Stamp(fsys, 1, skillsDir+"/fixture-skill/SKILL.zh-CN.md")
	if err != nil || len(files) != 1 {
		t.Fatalf("Stamp = %v, %v", files, err)
	}
	orig := string(fsys[skillsDir+"/fixture-skill/SKILL.md"].Data)
	fsys = withFiles(fsys, map[string]string{
		files[0].File:                         string(files[0].Data),
		skillsDir + "/fixture-skill/SKILL.md": strings.Replace(orig, "| `a` | 1 |", "| `a` | 1 (one) |", 1),
	})
	dir := mustRender(t, fsys)
	for _, page := range []string{"skills/fixture-skill/index.html", "zh-CN/skills/fixture-skill/index.html"} {
		var stale []string
		walk(parse(t, readFile(t, dir, page)), func(n *html.Node) {
			if n.Data == "section" && strings.Contains(attr(n, "class"), "stale") {
				stale = append(stale, attr(n, "id"))
			}
		})
		if diff := cmp.Diff([]string{"table"}, stale); diff != "" {
			t.Errorf("%s: stale rows (-want +got):\n%s", page, diff)
		}
	}
	findings, err := Check(Config{Content: fsys})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range findings {
		if f.Severity == SeverityWarning {
			got = append(got, f.String())
		}
	}
	want := []string{`content/skills/fixture-skill/SKILL.zh-CN.md:26: warning: section "## 表格": the original changed since this was translated`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Check warnings (-want +got):\n%s", diff)
	}
}

// TestSkillChecks covers the front matter rules, a missing translation and
// a link to a sibling that does not exist.
func TestSkillChecks(t *testing.T) {
	skill := func(fm string) string { return fm + "# S\n\nSee [x](reference/x.md).\n" }
	fsys := fstest.MapFS{
		"content/skills/Bad--Name/SKILL.md":      {Data: []byte(skill("---\nname: Bad--Name\ndescription: D\n---\n"))},
		"content/skills/ok/SKILL.md":             {Data: []byte(skill("---\nname: ok\ndescription: D\ncolour: red\n---\n"))},
		"content/skills/ok/SKILL.zh-CN.md":       {Data: []byte(skill("---\nname: ok-zh\ndescription: 说明\n---\n"))},
		"content/skills/ok/reference/x.md":       {Data: []byte("# X\n")},
		"content/skills/no-fm/SKILL.md":          {Data: []byte("# No front matter\n\nSee [y](y.md).\n")},
		"content/skills/long/SKILL.md":           {Data: []byte("---\nname: long\ndescription: " + strings.Repeat("d", 1025) + "\n---\n")},
		"content/skills/no-skill-file/README.md": {Data: []byte("# Not a skill\n")},
	}
	skills, findings := loadSkills(fsys)
	if len(skills) != 4 {
		t.Errorf("loaded %d skills; want 4", len(skills))
	}
	var got []string
	for _, f := range findings {
		got = append(got, f.String())
	}
	slices.Sort(got)
	want := []string{
		`content/skills/Bad--Name/SKILL.md:2: warning: front matter: name "Bad--Name": use lowercase letters, digits and single hyphens, not at the start or end`,
		`content/skills/Bad--Name/SKILL.md:7: error: broken link "reference/x.md": no file reference/x.md in content/skills/Bad--Name`,
		`content/skills/long/SKILL.md:3: warning: front matter: description has 1025 characters; at most 1024`,
		`content/skills/no-fm/SKILL.md:1: warning: front matter: missing front matter: the file must start with a line of ---`,
		`content/skills/no-fm/SKILL.md:1: warning: front matter: name is required`,
		`content/skills/no-fm/SKILL.md:1: warning: front matter: description is required`,
		`content/skills/no-fm/SKILL.md:3: error: broken link "y.md": no file y.md in content/skills/no-fm`,
		`content/skills/no-skill-file: warning: no SKILL.md: the folder is not published`,
		`content/skills/ok/SKILL.md:4: warning: front matter: unknown field "colour"`,
		`content/skills/ok/SKILL.zh-CN.md:2: warning: front matter: name "ok-zh" differs from "ok" of SKILL.md: the name is not translated`,
		`content/skills/ok/SKILL.zh-CN.md:2: warning: front matter: name "ok-zh" differs from the folder name "ok"`,
		`content/skills/ok/reference/x.md: info: not translated: add x.zh-CN.md`,
		`content/skills/Bad--Name/SKILL.md: info: not translated: add SKILL.zh-CN.md`,
		`content/skills/long/SKILL.md: info: not translated: add SKILL.zh-CN.md`,
		`content/skills/no-fm/SKILL.md: info: not translated: add SKILL.zh-CN.md`,
	}
	slices.Sort(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

// TestUntranslatedSkill publishes a skill that has neither translation nor
// front matter: the page shows the original alone with a note in the
// site's language; the missing front matter is a warning, not an error.
func TestUntranslatedSkill(t *testing.T) {
	fsys := withFiles(fixture(t), map[string]string{
		"content/skills/solo/SKILL.md": "# Solo\n\nJust the original, `solo`.\n\n## More\n\nText.\n",
	})
	dir, res, err := render(t, fsys)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	if !strings.Contains(res.Warnings.Error(), "content/skills/solo/SKILL.md:1: front matter: name is required") {
		t.Errorf("warnings do not report the missing name:\n%s", res.Warnings.Error())
	}
	for page, note := range map[string]string{
		"skills/solo/index.html":       "This skill has no Chinese translation yet",
		"zh-CN/skills/solo/index.html": "本技能还没有中文译文",
	} {
		html := readFile(t, dir, page)
		if !strings.Contains(html, note) || strings.Contains(html, `class="cell translation"`) {
			t.Errorf("%s: want the note %q and no translation column", page, note)
		}
	}
	if got := readFile(t, dir, "skills/solo/SKILL.md"); got != string(fsys["content/skills/solo/SKILL.md"].Data) {
		t.Error("the raw SKILL.md is not published byte for byte")
	}
}

// TestBrokenSiblingLink fails the build at the line of a link to a file
// the skill folder does not have, in either language.
func TestBrokenSiblingLink(t *testing.T) {
	fsys := fixture(t)
	zhFile := skillsDir + "/fixture-skill/SKILL.zh-CN.md"
	fsys = withFiles(fsys, map[string]string{zhFile: strings.Replace(string(fsys[zhFile].Data), "(reference/list.md)", "(reference/lists.md)", 1)})
	_, _, err := render(t, fsys)
	want := `content/skills/fixture-skill/SKILL.zh-CN.md:14: broken link "reference/lists.md": no file reference/lists.md in content/skills/fixture-skill`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Render error = %v; want %q", err, want)
	}
}
