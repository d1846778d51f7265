package pipeline

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestOnePairing: a page and its translation are aligned once, and the
// translation's heading ids, the structure check and the drift findings
// all come from those rows. A section added to, removed from or moved in
// the translation is one warning (the same gen check gives) and moves no
// other anchor; the build does not fail.
func TestOnePairing(t *testing.T) {
	const file = "content/zh-CN/docs/create-task.md"
	createTask := string(fixture(t)[file].Data)
	extra := "## 额外说明\n\n只有译文有这一节。\n\n"
	tests := []struct {
		name, zh string
		finding  string // the one warning about the structure, by its words
	}{
		{"extra section in the middle", strings.Replace(createTask, "## `stage_type` 取值", extra+"## `stage_type` 取值", 1), `extra section "## 额外说明"`},
		{"missing section", cutSection(t, createTask, "## `stage_type` 取值"), "section \"## `stage_type` values\" of the original"},
		{"level differs", strings.Replace(createTask, "## 开始之前", "### 开始之前", 1), "heading level 3 differs from level 2"},
	}
	base := mustRender(t, fixture(t))
	baseIDs := headingIDsOf(readFile(t, base, "zh-CN/docs/create-task/index.html"))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := withFiles(fixture(t), map[string]string{file: tt.zh})
			dir := t.TempDir()
			res, err := Render(context.Background(), Config{Content: fsys, BaseURL: "https://example.test", Log: &strings.Builder{}}, dir)
			if err != nil {
				t.Fatalf("Render failed; a structural difference is a warning: %v", err)
			}
			var build []string
			for _, w := range res.Warnings {
				if w.File == file {
					build = append(build, w.Error())
				}
			}
			if !slices.ContainsFunc(build, func(s string) bool { return strings.Contains(s, tt.finding) }) {
				t.Errorf("build warnings for %s lack %q:\n%s", file, tt.finding, strings.Join(build, "\n"))
			}
			// gen check reads the same files and says the same.
			found, err := Check(Config{Content: fsys})
			if err != nil {
				t.Fatal(err)
			}
			var check []string
			for _, f := range found {
				if f.File == file {
					check = append(check, (&Error{File: f.File, Line: f.Line, Msg: f.Msg}).Error())
				}
			}
			slices.Sort(build)
			slices.Sort(check)
			if !slices.Equal(build, check) {
				t.Errorf("build and gen check disagree:\nbuild:\n%s\ncheck:\n%s", strings.Join(build, "\n"), strings.Join(check, "\n"))
			}
			// Every heading the English page has keeps its id in the translation.
			got := headingIDsOf(readFile(t, dir, "zh-CN/docs/create-task/index.html"))
			for _, id := range baseIDs {
				if !slices.Contains(got, id) && !(tt.name == "missing section" && id == "stage_type-values") {
					t.Errorf("anchor #%s lost; the translation's ids are %v", id, got)
				}
			}
		})
	}
}

// cutSection removes the section that starts with heading, up to the next
// heading of any level.
func cutSection(t *testing.T, src, heading string) string {
	t.Helper()
	i := strings.Index(src, heading+"\n")
	if i < 0 {
		t.Fatalf("no %q", heading)
	}
	j := strings.Index(src[i+len(heading):], "\n#")
	return src[:i] + src[i+len(heading)+j+1:]
}

var headingIDPattern = regexp.MustCompile(`<h[1-6] id="([^"]+)"`)

// headingIDsOf lists the ids of a rendered page's headings.
func headingIDsOf(html string) []string {
	var ids []string
	for _, m := range headingIDPattern.FindAllStringSubmatch(html, -1) {
		ids = append(ids, m[1])
	}
	return ids
}
