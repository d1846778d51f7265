package pipeline

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"pairag.com/portal/generator/markdown"
)

// TestCheckAgreesWithBuild runs gen check and gen build on the same trees:
// every error and warning of the build is one of gen check, and gen check
// reports nothing but those and its notes. (gen check reported 0 errors for
// an English page without its twin and for an unknown front-matter key,
// both of which gen build refuses.)
func TestCheckAgreesWithBuild(t *testing.T) {
	page := "---\ntitle: T\ndescription: D\n---\n\nText.\n"
	tr := "content/skills/" + thirdParty + "/SKILL.zh-CN.md"
	third := withThirdParty(t, fixture(t))
	trees := []struct {
		name  string
		fsys  map[string]string
		third bool
	}{
		{"the fixture", nil, false},
		{"a third-party skill", nil, true},
		{"page without its twin", map[string]string{"content/en/docs/lonely.md": page}, false},
		{"unknown front matter key", map[string]string{"content/en/_index.md": "---\ntitle: T\ndescription: D\ntitel: X\n---\n\nText.\n"}, false},
		{"unknown directive", map[string]string{"content/en/_index.md": "---\ntitle: T\ndescription: D\n---\n\n```protocol\nstage_typos\n```\n"}, false},
		{"broken link", map[string]string{"content/en/404.md": "---\ntitle: T\ndescription: D\n---\n\n[a](/docs/nope/)\n"}, false},
		{"page over the size limit", map[string]string{"content/en/docs/create-task.md": page + strings.Repeat("x", markdown.MaxPageBytes)}, false},
		{"alias in front matter", map[string]string{"content/zh-CN/_index.md": "---\ntitle: &t T\ndescription: *t\n---\n"}, false},
		{"drifted skill translation", map[string]string{tr: strings.Replace(string(third[tr].Data), "\n## ", "\n### ", 1)}, true},
	}
	for _, tt := range trees {
		t.Run(tt.name, func(t *testing.T) {
			base := fixture(t)
			if tt.third {
				base = third
			}
			fsys := withFiles(base, tt.fsys)
			_, res, err := render(t, fsys)
			var built []string
			var list ErrorList
			if err != nil && !errors.As(err, &list) {
				t.Fatalf("Render: %v", err)
			}
			for _, e := range list {
				built = append(built, e.String())
			}
			for _, w := range res.Warnings {
				if w.Msg != noValidatorMsg {
					built = append(built, w.String())
				}
			}
			findings, err := Check(Config{Content: fsys})
			if err != nil {
				t.Fatal(err)
			}
			var checked []string
			for _, f := range findings {
				if f.Severity != SeverityInfo {
					checked = append(checked, f.String())
				}
			}
			slices.Sort(built)
			slices.Sort(checked)
			if diff := cmp.Diff(built, checked); diff != "" {
				t.Errorf("gen build and gen check disagree (-build +check):\n%s", diff)
			}
			if tt.fsys != nil && len(checked) == 0 {
				t.Errorf("gen check found nothing in a tree with a mistake")
			}
		})
	}
}

// countingFS counts the reads of each file of the file system below it.
type countingFS struct {
	fs.FS
	mu    sync.Mutex
	reads map[string]int
}

func (c *countingFS) count(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads[name]++
}

func (c *countingFS) Open(name string) (fs.File, error) {
	c.count(name)
	return c.FS.Open(name)
}

func (c *countingFS) ReadFile(name string) ([]byte, error) {
	c.count(name)
	return fs.ReadFile(c.FS, name)
}

func (c *countingFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(c.FS, name) }
func (c *countingFS) Stat(name string) (fs.FileInfo, error)      { return fs.Stat(c.FS, name) }

// TestCheckReadsGlossaryOnce: gen check takes its notes from the build's
// own comparisons, so the glossary (and every page) is read once. (It
// compared every pair a second time, reading the glossary twice.)
func TestCheckReadsGlossaryOnce(t *testing.T) {
	fsys := &countingFS{FS: withFiles(fixture(t), map[string]string{glossaryFile: "terms:\n  - en: fiat\n    zh-CN: 法币\n"}), reads: map[string]int{}}
	if _, err := Check(Config{Content: fsys}); err != nil {
		t.Fatalf("Check: %v", err)
	}
	for _, name := range []string{glossaryFile, "content/en/_index.md", "content/zh-CN/_index.md"} {
		if n := fsys.reads[name]; n != 1 {
			t.Errorf("Check read %s %d times; want 1", name, n)
		}
	}
}
