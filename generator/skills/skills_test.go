package skills

import (
	"flag"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the expected findings in testdata")

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
	skills, findings := Load(fsys)
	for _, s := range skills {
		for _, c := range s.pairs {
			findings = append(findings, c.Findings...)
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

func lines(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return strings.Join(ss, "\n") + "\n"
}

// TestSkillBadBytes: a control character or invalid UTF-8 in a skill's
// Markdown, which llms-full.txt would publish, is an error at its line.
func TestSkillBadBytes(t *testing.T) {
	fsys := fstest.MapFS{
		skillsDir + "/demo/SKILL.md":           {Data: []byte("---\nname: demo\ndescription: A demo.\n---\n\n# Demo\x00\n")},
		skillsDir + "/demo/reference/notes.md": {Data: []byte("# Notes\n\nbad \xff byte\n")},
	}
	_, findings := Load(fsys)
	var got []string
	for _, f := range findings {
		if strings.Contains(f.Msg, "control character") || strings.Contains(f.Msg, "invalid UTF-8") {
			got = append(got, f.String())
		}
	}
	slices.Sort(got)
	want := []string{
		skillsDir + "/demo/SKILL.md:6: error: control character U+0000: save the file as UTF-8 text without control characters",
		skillsDir + "/demo/reference/notes.md:3: error: invalid UTF-8 (byte 0xff): save the file as UTF-8 text without control characters",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

// TestThirdPartyChecks loads the third-party look-alikes of
// testdata/thirdparty.txtar: links resolved as agents resolve them give
// no finding, real mistakes get a hint, every problem is a warning or a
// note (never an error), and the skills that cannot be published safely
// are left out by name.
func TestThirdPartyChecks(t *testing.T) {
	const file = "testdata/thirdparty.txtar"
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range ar.Files[:len(ar.Files)-1] {
		fsys[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	skills, findings := Load(fsys)
	var got []string
	for _, f := range findings {
		if f.Severity == "error" {
			t.Errorf("an error in a third-party skill: %v", f)
		}
		if !strings.Contains(f.Msg, "not translated") {
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
	var slugs []string
	for _, s := range skills {
		slugs = append(slugs, s.Slug)
	}
	if want := []string{"bare-record", "review-kit", "tidy-docs"}; !slices.Equal(slugs, want) {
		t.Errorf("published skills %v; want %v", slugs, want)
	}
}
