package pipeline

import (
	"strconv"
	"strings"
	"testing"
)

// TestSkillTranslationFollowsGlossary: a skill's translation that uses a
// wording the glossary says to avoid is a warning at its line, in gen check
// and in the build's warnings alike, as it is on docs pages. (Skills were
// not term-checked: one said 真金 where the glossary says 法币.)
func TestSkillTranslationFollowsGlossary(t *testing.T) {
	const glossary = "terms:\n  - en: fiat\n    zh-CN: 法币\n    avoid_zh-CN: 真金\n"
	tr := "content/skills/" + thirdParty + "/SKILL.zh-CN.md"
	base := withThirdParty(t, fixture(t))
	src := string(base[tr].Data)
	i := strings.Index(src, "\n## ")
	if i < 0 {
		t.Fatalf("%s has no section", tr)
	}
	// the first section's first line of prose gains the avoided wording
	j := i + 1 + strings.Index(src[i+1:], "\n\n") + 2
	src = src[:j] + "真金支付需要 Pro。\n\n" + src[j:]
	line := strings.Count(src[:i+1], "\n") + 1 // term findings name the section, at its heading
	fsys := withFiles(base, map[string]string{tr: src, "content/glossary.yaml": glossary})
	want := tr + ":" + strconv.Itoa(line) + ":"

	findings, err := Check(Config{Content: fsys})
	if err != nil {
		t.Fatal(err)
	}
	var inCheck []string
	for _, f := range findings {
		if strings.Contains(f.Msg, `"真金" is to be avoided`) {
			inCheck = append(inCheck, f.String())
		}
	}
	if len(inCheck) != 1 || !strings.HasPrefix(inCheck[0], want) {
		t.Errorf("gen check: term findings %q; want one at %s", inCheck, want)
	}

	_, res, err := render(t, fsys)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	var inBuild []string
	for _, f := range res.Warnings {
		if strings.Contains(f.Error(), `"真金" is to be avoided`) {
			inBuild = append(inBuild, f.Error())
		}
	}
	if len(inBuild) != 1 || !strings.HasPrefix(inBuild[0], want) {
		t.Errorf("gen build: term warnings %q; want one at %s", inBuild, want)
	}
}
