package pipeline

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSymlinks puts links of every kind into a repository on disk and
// builds it through os.DirFS, which follows links anywhere: links that
// leave the sources are errors at their path and nothing they point to is
// published; links inside content/ are published as copies (issue 13:
// a link to /etc/passwd was published).
func TestSymlinks(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	for name, f := range fixture(t) {
		mustWrite(t, filepath.Join(repo, filepath.FromSlash(name)), string(f.Data))
	}
	const secret = "outside-secret-" + "7c1d"
	mustWrite(t, filepath.Join(base, "secret.txt"), secret)
	mustWrite(t, filepath.Join(base, "secret.md"), "---\ntitle: S\ndescription: S\n---\n\n"+secret+"\n")
	mustWrite(t, filepath.Join(repo, ".git", "config"), secret)
	links := []struct {
		link, target string
		wantErr      string // "" when the link is followed
	}{
		{"content/skills/fixture-skill/reference/leak.txt", filepath.Join(base, "secret.txt"), "leaves the repository"},
		{"content/skills/fixture-skill/reference/up.txt", "../../../../../secret.txt", "leaves the repository"},
		{"content/en/docs/outside.md", "../../../../secret.md", "leaves the repository"},
		{"content/skills/fixture-skill/reference/git.txt", "../../../../.git/config", "outside the sources"},
		{"content/skills/fixture-skill/reference/loop-a.txt", "loop-b.txt", "loop"},
		{"content/skills/fixture-skill/reference/loop-b.txt", "loop-a.txt", "loop"},
		{"content/skills/fixture-skill/reference/dangling.txt", "missing.txt", "points at nothing"},
		{"content/skills/fixture-skill/reference/copy.md", "list.md", ""},
	}
	for _, l := range links {
		if err := os.Symlink(l.target, filepath.Join(repo, filepath.FromSlash(l.link))); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	_, err := Render(context.Background(), Config{Content: os.DirFS(repo), BaseURL: "https://example.test"}, dir)
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Render = %v; want an ErrorList", err)
	}
	for _, l := range links {
		var got *Error
		for _, e := range list {
			if e.File == l.link {
				got = e
			}
		}
		switch {
		case l.wantErr == "" && got != nil:
			t.Errorf("link %s -> %s: %v; want it followed", l.link, l.target, got)
		case l.wantErr != "" && (got == nil || !strings.Contains(got.Msg, l.wantErr)):
			t.Errorf("link %s -> %s: error %v; want one saying %q", l.link, l.target, got, l.wantErr)
		}
	}
	filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, _ := os.ReadFile(name); strings.Contains(string(data), secret) {
				t.Errorf("published %s holds a file from outside the sources", name)
			}
		}
		return nil
	})
	if got, want := readFile(t, dir, "skills/fixture-skill/reference/copy.md"), readFile(t, repo, "content/skills/fixture-skill/reference/list.md"); got != want {
		t.Errorf("a link inside content/ published %q; want a copy of its target %q", got, want)
	}

	findings, err := Check(Config{Content: os.DirFS(repo)})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range findings {
		if f.Severity == SeverityError && strings.Contains(f.Msg, "symbolic link") {
			n++
		}
	}
	if want := 7; n != want {
		t.Errorf("Check reported %d symbolic link errors; want %d: %v", n, want, findings)
	}
}
