package outdir

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCheck refuses the output directories a build must not replace
// (issue 13: --out content deleted the sources, --out . the repository)
// and accepts a missing, empty or marked one.
func TestCheck(t *testing.T) {
	repo := t.TempDir()
	for _, name := range []string{"content/en/_index.md", "protocol/x.json", ".git/HEAD", "notes/a.txt", "old/index.html"} {
		mustWrite(t, filepath.Join(repo, name), "keep me")
	}
	if err := WriteMarker(filepath.Join(repo, "old")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(repo, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		out     string
		wantErr string // "" accepted
	}{
		{".", "holds the repository"},
		{"..", "holds the repository"},
		{"content", "holds sources"},
		{"content/public", "holds sources"},
		{"protocol", "holds sources"},
		{".git/public", "holds sources"},
		{"notes", "gen did not write"},
		{"contents", ""}, // a sibling of content/, not inside it
		{"old", ""},
		{"empty", ""},
		{"public", ""},
	}
	for _, tt := range tests {
		err := Check(filepath.Join(repo, tt.out), repo)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("Check(%s) = %v; want nil", tt.out, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("Check(%s) = %v; want an error saying %q", tt.out, err, tt.wantErr)
		}
	}
	if err := Check(filepath.Join(repo, "content"), ""); err == nil {
		t.Error("Check without a root accepted a non-empty directory without a marker")
	}
}

// TestCheckFollowsLinks refuses an output reached through a symbolic
// link to the sources, the repository or .git/, and a repository named
// through a link (issue 25: --out cl/newsite, cl a link to content/,
// wrote the site into the sources). Links that lead elsewhere are fine.
func TestCheckFollowsLinks(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	for _, name := range []string{"content/en/_index.md", "protocol/x.json", ".git/HEAD", "site/keep.txt"} {
		mustWrite(t, filepath.Join(repo, name), "keep me")
	}
	links := map[string]string{
		"cl":      "content",
		"dot":     ".",
		"g":       ".git",
		"abs":     filepath.Join(repo, "protocol"),
		"chain":   "cl",
		"away":    filepath.Join(top, "elsewhere"), // does not exist yet
		"dangle":  "content/new",                   // dangling: a directory the build would create
		"outward": "..",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(repo, name)); err != nil {
			t.Fatal(err)
		}
	}
	repoLink := filepath.Join(top, "repo-link")
	if err := os.Symlink("repo", repoLink); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		out, root string
		wantErr   string // "" accepted
	}{
		{"repo/cl/newsite", "repo", "inside the repository's content/"},
		{"repo/cl", "repo", "inside the repository's content/"},
		{"repo/chain/newsite", "repo", "inside the repository's content/"},
		{"repo/dangle", "repo", "inside the repository's content/"},
		{"repo/dot", "repo", "holds the repository"},
		{"repo/dot/content/x", "repo", "inside the repository's content/"},
		{"repo/g/newsite", "repo", "inside the repository's .git/"},
		{"repo/abs/public", "repo", "inside the repository's protocol/"},
		{"repo/outward", "repo", "holds the repository"},
		{"repo/content/x", "repo-link", "inside the repository's content/"}, // the repository named through a link
		{"repo-link/content/x", "repo", "inside the repository's content/"},
		{"repo-link", "repo", "holds the repository"},
		{"repo/away/public", "repo", ""},
		{"repo/outward/other", "repo", ""}, // a sibling of the repository
		{"repo/public", "repo-link", ""},
	}
	for _, tt := range tests {
		err := Check(filepath.Join(top, tt.out), filepath.Join(top, tt.root))
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("Check(%s, root %s) = %v; want nil", tt.out, tt.root, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("Check(%s, root %s) = %v; want an error saying %q", tt.out, tt.root, err, tt.wantErr)
		case tt.wantErr != "" && tt.out != "repo/content/x" && !strings.Contains(err.Error(), "following symbolic links"):
			t.Errorf("Check(%s) = %v; want it to show where the links lead", tt.out, err)
		}
	}
	loop := filepath.Join(repo, "loop")
	os.Symlink("loop", loop)
	if err := Check(filepath.Join(loop, "x"), repo); err == nil || !strings.Contains(err.Error(), "too many levels") {
		t.Errorf("Check through a link loop = %v; want too many levels of links", err)
	}
}

// TestRemoveStale removes what killed builds left beside the output
// (issue 13: 12 kills left 217 MB) and keeps the work of a build still
// running and everything else.
func TestRemoveStale(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "public")
	live := ".public-build-" + strconv.Itoa(os.Getpid()) + "-1" // this process: still running
	stale := []string{".public-build-2147483646-7", ".public-build-2147483646-7-old", ".public-123456", ".public-123456.old"}
	for _, d := range append(stale, live, "unrelated", ".other-build-2147483646-7") {
		mustWrite(t, filepath.Join(parent, d, "index.html"), "x")
	}
	if n := RemoveStale(out); n != len(stale) {
		t.Errorf("RemoveStale = %d; want %d", n, len(stale))
	}
	got := dirNames(t, parent)
	want := []string{".other-build-2147483646-7", live, "unrelated"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("after RemoveStale, %s holds %q; want %q", parent, got, want)
	}
}

// TestBuildCycle goes through a build's steps twice, the first time with
// no output yet: each swap leaves the new site in place, marked, and
// nothing beside it; RemoveTemp removes an unfinished temporary.
func TestBuildCycle(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "public")
	for _, text := range []string{"first", "second"} {
		tmp, err := Temp(out)
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(filepath.Join(tmp, "index.html"), []byte(text)); err != nil {
			t.Fatal(err)
		}
		if err := WriteMarker(tmp); err != nil {
			t.Fatal(err)
		}
		if err := Swap(tmp, out); err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(filepath.Join(out, "index.html")); err != nil || string(got) != text {
			t.Errorf("after the swap, index.html = %q, %v; want %q", got, err, text)
		}
		if err := Check(out, ""); err != nil {
			t.Errorf("Check refuses the output it swapped in: %v", err)
		}
		if got := dirNames(t, parent); len(got) != 1 || got[0] != "public" {
			t.Errorf("after the swap, %s holds %q; want only public", parent, got)
		}
	}
	if info, err := os.Stat(out); err != nil || info.Mode().Perm() != 0o755 {
		t.Errorf("output mode = %v, %v; want 0755", info.Mode(), err)
	}
	if _, err := Temp(out); err != nil {
		t.Fatal(err)
	}
	RemoveTemp(out)
	if got := dirNames(t, parent); len(got) != 1 || got[0] != "public" {
		t.Errorf("after RemoveTemp, %s holds %q; want only public", parent, got)
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

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestWriteParts writes files of many small, some large and empty parts
// and reads back their concatenation.
func TestWriteParts(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("x"), partsChunk+7)
	for i, parts := range [][][]byte{
		nil,
		{[]byte("one")},
		{[]byte("a"), nil, []byte("b"), []byte(",")},
		{big, []byte("tail")},
		{[]byte("head"), big, big[:partsChunk-1], []byte("c"), big[:100]},
		slices.Repeat([][]byte{[]byte("0123456789")}, 100_000),
	} {
		name := filepath.Join(dir, fmt.Sprint(i))
		if err := WriteParts(name, parts...); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if want := bytes.Join(parts, nil); !bytes.Equal(got, want) {
			t.Errorf("parts %d: read back %d bytes; want %d", i, len(got), len(want))
		}
	}
}

// TestLink links within a file system (one inode) and copies across two
// (a preview that moved its builds from tmpfs to disk).
func TestLink(t *testing.T) {
	disk := t.TempDir()
	from := filepath.Join(disk, "a.html")
	mustWrite(t, from, "<p>page</p>")
	dirs := map[string]string{"same file system": disk}
	if shm, err := os.MkdirTemp("/dev/shm", "outdir-link-"); err == nil {
		t.Cleanup(func() { os.RemoveAll(shm) })
		dirs["another file system"] = shm
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			to := filepath.Join(dir, "b.html")
			if err := Link(from, to); err != nil {
				t.Fatalf("Link: %v", err)
			}
			if b, err := os.ReadFile(to); err != nil || string(b) != "<p>page</p>" {
				t.Errorf("linked file = %q, %v; want the original's bytes", b, err)
			}
			a, _ := os.Stat(from)
			b, _ := os.Stat(to)
			if same := os.SameFile(a, b); same != (dir == disk) {
				t.Errorf("SameFile = %t in %s", same, name)
			}
			if err := Link(from, to); err == nil {
				t.Errorf("Link over an existing file succeeded; want an error")
			}
		})
	}
}
