package symlinks

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pairag.com/portal/internal/diag"
)

type findings []*diag.Finding

func (f *findings) Report(x *diag.Finding) { *f = append(*f, x) }

// TestGuard puts links of every kind into a repository on disk and reads
// it through os.DirFS, which follows links anywhere: links that leave the
// sources are errors at their path and cannot be opened or listed; a link
// inside content/ or protocol/ reads as its target (issue 13: a link to
// /etc/passwd was published).
func TestGuard(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	mustWrite(t, filepath.Join(base, "secret.txt"), "secret")
	mustWrite(t, filepath.Join(repo, ".git", "config"), "secret")
	mustWrite(t, filepath.Join(repo, "content", "en", "list.md"), "list")
	mustWrite(t, filepath.Join(repo, "protocol", "p.json"), "{}")
	mustWrite(t, filepath.Join(base, "outdir", "x.txt"), "secret")
	links := []struct {
		link, target string
		wantErr      string // "" when the link is followed
	}{
		{"content/en/leak.txt", filepath.Join(base, "secret.txt"), "leaves the repository"},
		{"content/en/up.txt", "../../../secret.txt", "leaves the repository"},
		{"content/en/git.txt", "../../.git/config", "outside the sources"},
		{"content/en/dir", "../../../outdir", "leaves the repository"},
		{"content/en/loop-a.txt", "loop-b.txt", "loop"},
		{"content/en/loop-b.txt", "loop-a.txt", "loop"},
		{"content/en/dangling.txt", "missing.txt", "points at nothing"},
		{"content/en/copy.md", "list.md", ""},
		{"content/en/chain.md", "copy.md", ""},
		{"content/en/p.json", "../../protocol/p.json", ""},
	}
	for _, l := range links {
		if err := os.Symlink(l.target, filepath.Join(repo, filepath.FromSlash(l.link))); err != nil {
			t.Fatal(err)
		}
	}
	var got findings
	fsys := Guard(os.DirFS(repo), &got)
	for _, l := range links {
		var f *diag.Finding
		for _, x := range got {
			if x.File == l.link {
				f = x
			}
		}
		switch {
		case l.wantErr == "" && f != nil:
			t.Errorf("link %s -> %s: %v; want it followed", l.link, l.target, f)
		case l.wantErr != "" && (f == nil || !strings.Contains(f.Msg, l.wantErr) || f.Severity != diag.SeverityError):
			t.Errorf("link %s -> %s: finding %v; want an error saying %q", l.link, l.target, f, l.wantErr)
		}
		_, err := fs.ReadFile(fsys, l.link)
		if refused := errors.Is(err, fs.ErrPermission); refused != (l.wantErr != "") {
			t.Errorf("reading %s: %v; want refused = %v", l.link, err, l.wantErr != "")
		}
	}
	if _, err := fs.ReadFile(fsys, "content/en/dir/x.txt"); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("reading through a refused link: %v; want fs.ErrPermission", err)
	}
	if data, err := fs.ReadFile(fsys, "content/en/chain.md"); err != nil || string(data) != "list" {
		t.Errorf("a chain of links inside content/ reads %q, %v; want its target", data, err)
	}
	entries, err := fs.ReadDir(fsys, "content/en")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"chain.md", "copy.md", "list.md", "p.json"}; !slices.Equal(names, want) {
		t.Errorf("content/en lists %q; want %q", names, want)
	}
}

// TestGuardWithoutLinks returns a file system without links as it is.
func TestGuardWithoutLinks(t *testing.T) {
	var got findings
	fsys := fstest.MapFS{"content/en/a.md": {Data: []byte("a")}}
	if g, ok := Guard(fsys, &got).(fstest.MapFS); !ok || len(g) != 1 || len(got) != 0 {
		t.Errorf("Guard(a MapFS) = %T with %d findings; want the MapFS itself and none", g, len(got))
	}
}

func mustWrite(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
