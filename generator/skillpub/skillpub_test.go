package skillpub

import (
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"testing"
)

// TestZipRefusesUnsafePaths: a path an installer would reject (absolute,
// "..", ".", empty segment, backslash) is an error, never an entry.
func TestZipRefusesUnsafePaths(t *testing.T) {
	for _, p := range []string{"/etc/passwd", "../x", "a/../../x", "a/./b", "a//b", `a\b`, "", "a/"} {
		if _, err := Zip("s/", []File{{Path: "SKILL.md"}, {Path: p}}); err == nil {
			t.Errorf("Zip(%q) = nil error; want a refusal", p)
		}
	}
	if _, err := Zip("s/", []File{{Path: "SKILL.md"}, {Path: "resources/.zshrc"}, {Path: "a/b..c"}}); err != nil {
		t.Errorf("Zip(safe paths) = %v", err)
	}
}

// TestPublishIndex: a lone SKILL.md is a skill-md entry and every other
// skill an archive; a skill the RFC cannot list is left out of the index
// with a warning naming why, and still gets its archive.
func TestPublishIndex(t *testing.T) {
	md := []File{{Path: "SKILL.md", Data: []byte("---\nname: x\n---\n")}}
	more := append(md, File{Path: "ref.md", Data: []byte("r")})
	tests := []struct {
		name     string
		skills   []Skill
		wantType map[string]string // entries of the index
		wantWarn string
	}{
		{"kinds", []Skill{{Slug: "a", Name: "a", Description: "D", Files: md}, {Slug: "b", Name: "b", Description: "D", Files: more}},
			map[string]string{"a": "skill-md", "b": "archive"}, ""},
		{"bad name", []Skill{{Slug: "Bad Name", Name: "Bad Name", Description: "D", Files: md, Source: "content/skills/Bad Name/SKILL.md"}}, map[string]string{}, `its name "Bad Name" is not`},
		{"double hyphen", []Skill{{Slug: "a--b", Name: "a--b", Description: "D", Files: md}}, map[string]string{}, "single hyphens"},
		{"no description", []Skill{{Slug: "a", Name: "a", Files: md}}, map[string]string{}, "no description"},
		{"too long", []Skill{{Slug: "a", Name: "a", Description: strings.Repeat("é", 1025), Files: md}}, map[string]string{}, "longer than 1024"},
		{"taken", []Skill{{Slug: "a", Name: "a", Description: "D", Files: md}, {Slug: "a2", Name: "a", Description: "D", Files: md}},
			map[string]string{"a": "skill-md"}, "is the skill a's already"},
	}
	for _, tt := range tests {
		out, findings, err := Publish(tt.skills)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		urls := map[string]bool{}
		got := map[string]string{}
		for _, o := range out {
			urls[o.URL] = true
			if o.URL == IndexURL {
				var idx Index
				if err := json.Unmarshal(o.Data, &idx); err != nil {
					t.Fatalf("%s: index: %v", tt.name, err)
				}
				for _, e := range idx.Skills {
					got[e.Name] = e.Type
				}
			}
		}
		if !maps.Equal(got, tt.wantType) {
			t.Errorf("%s: index entries %v; want %v", tt.name, got, tt.wantType)
		}
		for _, s := range tt.skills {
			if !urls[ArchiveURL(s.Slug)] || !urls[ManifestURL(s.Slug)] {
				t.Errorf("%s: no archive or file list for %s: %v", tt.name, s.Slug, urls)
			}
		}
		if !urls[IndexURL] {
			t.Errorf("%s: no index", tt.name)
		}
		var warn string
		for _, f := range findings {
			warn += f.Msg
		}
		if (tt.wantWarn == "") != (warn == "") || !strings.Contains(warn, tt.wantWarn) {
			t.Errorf("%s: warnings %q; want one containing %q", tt.name, warn, tt.wantWarn)
		}
	}
}

// BenchmarkPublish200 makes the artifacts of 200 skills of 20 files of
// 4 KiB each (about the size of the large site): archives, file
// lists and the index.
func BenchmarkPublish200(b *testing.B) {
	var skills []Skill
	for i := range 200 {
		s := Skill{Slug: fmt.Sprintf("skill-%d", i), Name: fmt.Sprintf("skill-%d", i), Description: "A skill."}
		for j := range 20 {
			s.Files = append(s.Files, File{Path: fmt.Sprintf("reference/file-%d.md", j), Data: []byte(strings.Repeat(fmt.Sprintf("line %d of a reference file\n", j), 150))})
		}
		s.Files = append(s.Files, File{Path: "SKILL.md", Data: []byte("---\nname: x\ndescription: y\n---\n")})
		skills = append(skills, s)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := Publish(skills); err != nil {
			b.Fatal(err)
		}
	}
}

// Zip archives files under prefix ("" or "<slug>/") deterministically:
// entries in path order, each deflated (stored when that does not make
// it smaller), dated Epoch, mode 0644 or 0755. A path that is absolute,
// has a ".." or "." segment or a backslash is refused: installers reject
// such archives.
func Zip(prefix string, files []File) ([]byte, error) {
	p, err := newPacker().pack(files)
	if err != nil {
		return nil, err
	}
	return zipPacked(prefix, p)
}
