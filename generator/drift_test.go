package generator

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
	"golang.org/x/tools/txtar"

	"pairag.com/portal/generator/markdown"
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

// TestDriftCases runs the cases of testdata/drift: each archive holds an
// original (o.md), its translation (t.md), the expected rows and the
// expected findings ("line: severity: message"; notes of never-stamped
// sections left out). With an "accept" file, the translation is stamped
// with --accept first and "accepted" lists the findings after that.
// go test -run TestDriftCases -update rewrites the expectations.
func TestDriftCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/drift/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			get := func(name string) (string, bool) {
				for _, f := range ar.Files {
					if f.Name == name {
						return string(f.Data), true
					}
				}
				return "", false
			}
			orig, _ := get("o.md")
			tr, _ := get("t.md")
			c := compareStrings(orig, tr)
			got := map[string]string{"rows": lines(rowNames(c)), "want": lines(findingLines(c))}
			if _, ok := get("accept"); ok {
				r := stamped(c, true)
				again := compareTexts(c.orig, newTextFile("t.md", r.out, 0), nil)
				got["accepted"] = lines(findingLines(again))
				if r2 := stamped(again, false); !bytes.Equal(r2.out, r.out) {
					t.Errorf("stamping again changed the file:\n%s", r2.out)
				}
			}
			for i, f := range ar.Files {
				g, ok := got[f.Name]
				if !ok {
					continue
				}
				if *update {
					ar.Files[i].Data = []byte(g)
				} else if diff := cmp.Diff(string(f.Data), g); diff != "" {
					t.Errorf("%s (-want +got):\n%s", f.Name, diff)
				}
			}
			if *update {
				if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func lines(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return strings.Join(ss, "\n") + "\n"
}

// findingLines shows a comparison's findings as "line: severity: message",
// leaving out the notes of sections never stamped.
func findingLines(c *comparison) []string {
	var out []string
	for _, f := range c.findings {
		if !strings.Contains(f.Msg, "never stamped") {
			out = append(out, fmt.Sprintf("%d: %s: %s", f.Line, f.Severity, f.Msg))
		}
	}
	return out
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
	r := stamped(c, false)
	out, changed, unchanged := r.out, r.changed, r.unchanged
	if changed != 3 || unchanged != 0 {
		t.Errorf("stamped: changed %d, unchanged %d; want 3, 0", changed, unchanged)
	}
	var kept []string
	for line := range strings.Lines(string(out)) {
		if _, ok := markdown.ParseStamp([]byte(line)); !ok {
			kept = append(kept, line)
		}
	}
	if got, want := strings.Join(kept, ""), strings.Replace(tr, "<!-- source: 00000000 -->\n", "", 1); got != want {
		t.Errorf("stamping changed more than stamps:\n%s", got)
	}
	again := compareTexts(c.orig, newTextFile("t.md", out, 18), nil)
	if r := stamped(again, false); r.changed != 0 || r.unchanged != 3 {
		changed, unchanged := r.changed, r.unchanged
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
	files, err := Stamp(fsys, StampOptions{Workers: 1}, skillsDir+"/fixture-skill/SKILL.zh-CN.md")
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

// TestSkillChecks loads the skills of testdata/skillchecks.txtar and
// compares the findings with its last file.
func TestSkillChecks(t *testing.T) {
	const file = "testdata/skillchecks.txtar"
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range ar.Files[:len(ar.Files)-1] {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	skills, findings := loadSkills(fsys)
	for _, s := range skills {
		for _, c := range s.Pairs {
			findings = append(findings, c.findings...)
		}
	}
	var got []string
	for _, f := range findings {
		if !strings.Contains(f.Msg, "never stamped") {
			got = append(got, f.String())
		}
	}
	slices.Sort(got)
	last := &ar.Files[len(ar.Files)-1]
	if *update {
		last.Data = []byte(lines(got))
		if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(string(last.Data), lines(got)); diff != "" {
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
	if !strings.Contains(res.Warnings.Error(), "content/skills/solo/SKILL.md:1: front matter: name is missing") {
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

// TestAckExpires accepts the differences of a section, then changes the
// translation and the original in turn: either change expires the
// acknowledgements and the differences are warnings again.
func TestAckExpires(t *testing.T) {
	orig := "## Example\n\nRun `pairag demo` with 3 stages.\n\n## Other\n\nText.\n"
	tr := "## 示例\n\n运行 `pairag demo --lang zh` 即可。\n\n## 其他\n\n正文。\n"
	r := stamped(compareStrings(orig, tr), true)
	if len(r.accepted) != 2 {
		t.Fatalf("accepted %d differences; want 2", len(r.accepted))
	}
	acked := string(r.out)
	for name, c := range map[string]*comparison{
		"translation changed": compareStrings(orig, strings.Replace(acked, "即可", "就行", 1)),
		"original changed":    compareStrings(strings.Replace(orig, "with 3", "with  3 demo", 1), acked),
	} {
		var expired int
		for _, f := range c.findings {
			if f.Severity == SeverityWarning && strings.Contains(f.Msg, "expired") {
				expired++
			}
		}
		if expired != 2 {
			t.Errorf("%s: %d expired acknowledgements; want 2:\n%s", name, expired, strings.Join(findingLines(c), "\n"))
		}
	}
	other := compareStrings(orig, strings.Replace(acked, "正文。", "正文，改过。", 1))
	for _, f := range other.findings {
		if f.Severity == SeverityWarning {
			t.Errorf("a change in another section expired an acknowledgement: %v", f)
		}
	}
}

// TestMissingCompanionOnce builds a skill whose original and translation
// both link a missing file several times: the build reports it once, at
// the first link, naming the others.
func TestMissingCompanionOnce(t *testing.T) {
	fsys := withFiles(fixture(t), map[string]string{
		"content/skills/gone/SKILL.md":       "---\nname: gone\ndescription: D\n---\n# Gone\n\nSee [a](reference/a.md) and [a again](reference/a.md#x).\n\n## More\n\n[a](reference/a.md), [b](modes/b.md).\n",
		"content/skills/gone/SKILL.zh-CN.md": "---\nname: gone\ndescription: 说明\n---\n# 没了\n\n见 [a](reference/a.md) 和 [a](reference/a.md#x)。\n\n## 更多\n\n[a](reference/a.md)，[b](modes/b.md)。\n",
	})
	_, _, err := render(t, fsys)
	if err == nil {
		t.Fatal("the build passed with missing files")
	}
	var got []string
	for line := range strings.Lines(err.Error()) {
		if strings.Contains(line, "broken link") {
			got = append(got, strings.TrimSpace(line))
		}
	}
	want := []string{
		`content/skills/gone/SKILL.md:7: broken link "reference/a.md": no file reference/a.md in content/skills/gone (copy it there, or fix the link); also linked from SKILL.md:11, SKILL.zh-CN.md:7, SKILL.zh-CN.md:11`,
		`content/skills/gone/SKILL.md:11: broken link "modes/b.md": no file modes/b.md in content/skills/gone (copy it there, or fix the link); also linked from SKILL.zh-CN.md:11`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("broken links (-want +got):\n%s", diff)
	}
}

// TestMatchInOrderLongSections: a section of 60,000 paragraphs is paired in
// linear memory (the optimal alignment's table would need 28 GB), and the
// greedy pairing still pairs equal lists one to one.
func TestMatchInOrderLongSections(t *testing.T) {
	const n = 60000
	got := matchInOrder(n, n, func(a, b int) float64 {
		if a%7 == b%7 {
			return 1
		}
		return 0
	})
	for a, b := range got {
		if b != a {
			t.Fatalf("matchInOrder paired %d with %d; want %d", a, b, a)
		}
	}
}
