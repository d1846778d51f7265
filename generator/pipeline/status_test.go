package pipeline

import (
	"strings"
	"testing"

	"pairag.com/portal/generator/translation"
)

// TestTranslations gives each state of the dashboard on the test site: its
// pages are stamped and faithful, its skill has a section whose original
// changed, and the test adds an untranslated page, a drifted one and one
// never stamped.
func TestTranslations(t *testing.T) {
	fsys := withFiles(fixture(t), map[string]string{
		"content/en/docs/new.md":        "---\ntitle: T\ndescription: D\n---\n\nText.\n",
		"content/en/docs/drifted.md":    "---\ntitle: T\ndescription: D\n---\n\nWait 5 minutes.\n",
		"content/zh-CN/docs/drifted.md": "---\ntitle: 题\ndescription: 说明\n---\n\n等待 3 分钟。\n",
		"content/en/docs/fresh.md":      "---\ntitle: T\ndescription: D\n---\n\nWait 5 minutes.\n",
		"content/zh-CN/docs/fresh.md":   "---\ntitle: 题\ndescription: 说明\n---\n\n等待 5 分钟。\n",
	})
	rows, err := Translations(Config{Content: fsys})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]translation.TranslationStatus{}
	for _, r := range rows {
		got[r.Original] = r
	}
	want := map[string]string{
		"content/en/docs/create-task.md":                 translation.StateCurrent,
		"content/en/docs/new.md":                         translation.StateMissing,
		"content/en/docs/drifted.md":                     translation.StateDrift,
		"content/en/docs/fresh.md":                       translation.StateUnstamped,
		"content/skills/fixture-skill/SKILL.md":          translation.StateOutdated,
		"content/skills/fixture-skill/reference/list.md": translation.StateMissing,
	}
	for file, state := range want {
		if got[file].State != state {
			t.Errorf("%s: state %q; want %q (%+v)", file, got[file].State, state, got[file])
		}
	}
	if r := got["content/skills/fixture-skill/SKILL.md"]; len(r.Outdated) != 1 || !strings.HasPrefix(r.Outdated[0], "## ") {
		t.Errorf("outdated sections of the skill: %q; want its one changed section", r.Outdated)
	}
	if r := got["content/en/docs/new.md"]; r.Translation != "content/zh-CN/docs/new.md" {
		t.Errorf("the missing translation belongs at %q", r.Translation)
	}
	if !rows[0].Skill && rows[len(rows)-1].Skill {
		return
	}
	t.Errorf("rows are not pages first, then skills")
}
