package skills

import (
	"net/url"
	"path"
	"strings"
	"testing"
)

// FuzzSkillLink resolves arbitrary relative links of a skill file: what
// the checks take for a file inside the skill folder is where a browser
// (and an agent) resolving the link against the published file lands, and
// nothing that resolves outside the folder is taken for inside.
func FuzzSkillLink(f *testing.F) {
	for _, seed := range [][2]string{
		{"SKILL.md", "reference/x.md"}, {"reference/a.md", "../SKILL.md"}, {"SKILL.md", "../other/SKILL.md"},
		{"SKILL.md", "reference/../../x"}, {"SKILL.md", "%2e%2e/x"}, {"SKILL.md", "./a%20b.md#top"},
		{"modes/pitch.md", "../reference/x.md?raw=1"}, {"SKILL.md", "//evil.test/x"}, {"SKILL.md", "."},
		{"SKILL.md", "../review/references/x.md"}, {"a/b/c.md", "../../../review/"}, {"SKILL.md", "../../x.md"}, {"SKILL.md", ".."},
	} {
		f.Add(seed[0], seed[1])
	}
	base, _ := url.Parse("https://site.test/skills/s/")
	f.Fuzz(func(t *testing.T, rel, dest string) {
		if rel == "" || path.Clean(rel) != rel || strings.HasPrefix(rel, "../") || rel == ".." || path.IsAbs(rel) || strings.ContainsAny(rel, "\\?#%:") {
			return // not a file of a skill folder
		}
		target, ok := siblingTarget(rel, dest)
		inside := ok && target != "" && !strings.HasPrefix(target, "../") && target != ".."
		from, err := base.Parse(rel)
		if err != nil {
			return
		}
		u, err := url.Parse(dest)
		if err != nil {
			return
		}
		// Browsers read %2e as a dot segment (WHATWG URL); Go's resolver
		// does so for the decoded path.
		got := from.ResolveReference(&url.URL{Path: u.Path})
		lands := got.Host == base.Host && got.Scheme == base.Scheme && strings.HasPrefix(got.Path, base.Path) && len(got.Path) > len(base.Path)
		if inside && (!lands || got.Path != base.Path+target) {
			t.Fatalf("siblingTarget(%q, %q) = %q inside the folder; a browser lands on %s", rel, dest, target, got)
		}
		if sibling, ok := strings.CutPrefix(target, "../"); ok && !strings.HasPrefix(sibling, "../") && sibling != ".." {
			// one level up is the skills folder: a sibling skill's file
			if want := "/skills/" + sibling; got.Path != want {
				t.Fatalf("siblingTarget(%q, %q) = %q; a browser lands on %s, not %s", rel, dest, target, got.Path, want)
			}
		}
		if inside {
			abs := skillLinkURL("s", rel, dest)
			if au, err := url.Parse(abs); err != nil || au.Path != "/skills/s/"+target {
				t.Fatalf("skillLinkURL(%q, %q) = %q; want /skills/s/%s", rel, dest, abs, target)
			}
		}
	})
}
