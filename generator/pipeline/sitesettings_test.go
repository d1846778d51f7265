package pipeline

import (
	"regexp"
	"strings"
	"testing"
)

// TestSiteSettingsLinks checks that content/site.yaml is the one place the
// repository links come from: with it, every page's footer links the
// repository and its "edit this page" link opens the page's source on the
// configured branch; without it, neither link appears.
func TestSiteSettingsLinks(t *testing.T) {
	const repo = "https://git.example.test/owner/portal"
	links := regexp.MustCompile(`href="(https://git\.example\.test/[^"]*)"`)
	tests := []struct {
		name, yaml string
		want       map[string][]string // page → repository links, in order
	}{
		{"none", "\x00", map[string][]string{"docs/create-task/index.html": nil, "zh-CN/index.html": nil}},
		{"repository", "repository: " + repo + "/\nbranch: dev\n", map[string][]string{
			"docs/create-task/index.html": {repo + "/edit/dev/content/en/docs/create-task.md", repo},
			"zh-CN/index.html":            {repo + "/edit/dev/content/zh-CN/_index.md", repo},
			// each language's skill page edits its own file (the Chinese one opened SKILL.md)
			"skills/fixture-skill/index.html":       {repo + "/edit/dev/content/skills/fixture-skill/SKILL.md", repo},
			"zh-CN/skills/fixture-skill/index.html": {repo + "/edit/dev/content/skills/fixture-skill/SKILL.zh-CN.md", repo},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := mustRender(t, withFiles(fixture(t), map[string]string{siteFile: tt.yaml}))
			for page, want := range tt.want {
				var got []string
				for _, m := range links.FindAllStringSubmatch(readFile(t, dir, page), -1) {
					got = append(got, m[1])
				}
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s links %q; want %q", page, got, want)
				}
			}
		})
	}
}
