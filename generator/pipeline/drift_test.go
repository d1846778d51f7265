package pipeline

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"

	"pairag.com/portal/generator/translation"
)

// TestStaleRow changes one English section of a freshly stamped skill and
// checks that exactly that row is marked on both pages and listed by Check.
func TestStaleRow(t *testing.T) {
	fsys := fixture(t)
	files, err := translation.Stamp(fsys, translation.StampOptions{Workers: 1}, "content/skills/fixture-skill/SKILL.zh-CN.md")
	if err != nil || len(files) != 1 {
		t.Fatalf("Stamp = %v, %v", files, err)
	}
	orig := string(fsys["content/skills/fixture-skill/SKILL.md"].Data)
	fsys = withFiles(fsys, map[string]string{
		files[0].File:                           string(files[0].Data),
		"content/skills/fixture-skill/SKILL.md": strings.Replace(orig, "| `a` | 1 |", "| `a` | 1 (one) |", 1),
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
	zhFile := "content/skills/fixture-skill/SKILL.zh-CN.md"
	fsys = withFiles(fsys, map[string]string{zhFile: strings.Replace(string(fsys[zhFile].Data), "(reference/list.md)", "(reference/lists.md)", 1)})
	_, _, err := render(t, fsys)
	want := `content/skills/fixture-skill/SKILL.zh-CN.md:14: broken link "reference/lists.md": no file reference/lists.md in content/skills/fixture-skill`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Render error = %v; want %q", err, want)
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

func lines(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return strings.Join(ss, "\n") + "\n"
}
