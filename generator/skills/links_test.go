package skills

import (
	"strings"
	"testing"
)

// TestResolve resolves links as agents do, one shape per row.
func TestResolve(t *testing.T) {
	mk := func(slug string, files ...string) *Skill {
		s := &Skill{Slug: slug, dir: skillsDir + "/" + slug, data: map[string][]byte{}, lfs: map[string]bool{}}
		for _, f := range files {
			s.files = append(s.files, f)
			s.data[f] = nil
		}
		return s
	}
	tidy := mk("tidy", "SKILL.md", "references/api.md", "scripts/run.sh", "references/deep/x.md")
	review := mk("review", "SKILL.md", "references/checklist.md")
	published := map[string]*Skill{"tidy": tidy, "review": review}
	tests := []struct {
		rel, dest string
		broken    bool
		hint      string // in the message
	}{
		{"SKILL.md", "{baseDir}/references/api.md", false, ""},
		{"references/deep/x.md", "{baseDir}/scripts/run.sh", false, ""}, // beside SKILL.md, not beside the file
		{"SKILL.md", "${CLAUDE_SKILL_DIR}/scripts/run.sh", false, ""},
		{"SKILL.md", "$CLAUDE_SKILL_DIR/scripts/run.sh", false, ""},
		{"SKILL.md", "{skill_dir}/references/api.md", false, ""},
		{"SKILL.md", "scripts/", false, ""},
		{"SKILL.md", "references", false, ""},
		{"references/api.md", "./", false, ""},
		{"references/api.md", "../SKILL.md", false, ""},
		{"SKILL.md", "../review/references/checklist.md", false, ""},
		{"references/deep/x.md", "../../../review/SKILL.md", false, ""},
		{"SKILL.md", "../review/", false, ""},
		{"SKILL.md", "https://example.test/x.md", false, ""},
		{"SKILL.md", "#top", false, ""},
		{"SKILL.md", "reference/api.md", true, "did you mean references/api.md?"},
		{"SKILL.md", "{baseDir}/script/run.sh", true, "did you mean scripts/run.sh?"},
		{"SKILL.md", "scripts/run.py", true, "did you mean scripts/run.sh?"},
		{"SKILL.md", "../review/references/checklst.md", true, "did you mean references/checklist.md?"},
		{"SKILL.md", "../other/SKILL.md", true, `no skill "other"`},
		{"SKILL.md", "../../outside.md", true, "out of the skill folder"},
		{"SKILL.md", "${CLAUDE_SKILL_DIR}/../../docs/x.md", true, "out of the skill folder"},
		{"SKILL.md", "completely-different-name.md", true, ""},
		{"SKILL.md", "./api.md", true, "did you mean references/api.md?"},                     // the file name, in another folder
		{"references/deep/x.md", "run.sh", true, "did you mean scripts/run.sh?"},              // from a nested file
		{"SKILL.md", "../review/checklist.md", true, "did you mean references/checklist.md?"}, // in a sibling skill
	}
	for _, tt := range tests {
		_, msg := tidy.resolve(tt.rel, tt.dest, published)
		if (msg != "") != tt.broken || tt.hint != "" && !contains(msg, tt.hint) || tt.hint == "" && contains(msg, "did you mean") {
			t.Errorf("resolve(%q, %q) = %q; want broken %v with %q", tt.rel, tt.dest, msg, tt.broken, tt.hint)
		}
	}
}

// TestIsTemplate tells templates a skill copies from documents it reads.
func TestIsTemplate(t *testing.T) {
	for rel, want := range map[string]bool{
		"templates/report.md": true, "assets/page.html": true, "a/templates/b/c.md": true, "template/SKILL.md": true,
		"page.template.md": true, "config.j2": true, "view.hbs": true, "x.tmpl": true,
		"SKILL.md": false, "references/templates-guide.md": false, "reference/api.md": false, "templating.md": false,
	} {
		if got := IsTemplate(rel); got != want {
			t.Errorf("IsTemplate(%q) = %v; want %v", rel, got, want)
		}
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
