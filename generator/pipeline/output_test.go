package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pairag.com/portal/generator/outdir"
)

// TestOutputGuard checks that Build refuses output directories it must not
// replace, and leaves them as they were (issue 13: --out content deleted
// the sources, --out . the repository).
func TestOutputGuard(t *testing.T) {
	repo := t.TempDir()
	for _, name := range []string{"content/en/_index.md", "protocol/x.json", ".git/HEAD", "notes/a.txt"} {
		mustWrite(t, filepath.Join(repo, name), "keep me")
	}
	mustWrite(t, filepath.Join(repo, "old", outdir.MarkerFile), "marker")
	mustWrite(t, filepath.Join(repo, "old", "index.html"), "old site")
	if err := os.MkdirAll(filepath.Join(repo, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		out     string
		wantErr string // "" builds
	}{
		{".", "holds the repository"},
		{"..", "holds the repository"},
		{"content", "holds sources"},
		{"content/public", "holds sources"},
		{"protocol", "holds sources"},
		{".git/public", "holds sources"},
		{"notes", "gen did not write"},
		{"old", ""},
		{"empty", ""},
		{"public", ""},
	}
	for _, tt := range tests {
		t.Run(tt.out, func(t *testing.T) {
			out := filepath.Join(repo, tt.out)
			_, err := Build(context.Background(), Config{Content: fixture(t), Root: repo, OutDir: out})
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Build(--out %s) = %v; want success", tt.out, err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("Build(--out %s) = %v; want an error saying %q", tt.out, err, tt.wantErr)
			case tt.wantErr == "":
				if _, err := os.Stat(filepath.Join(out, outdir.MarkerFile)); err != nil {
					t.Errorf("built site has no %s: %v", outdir.MarkerFile, err)
				}
			}
		})
	}
	for _, name := range []string{"content/en/_index.md", "protocol/x.json", ".git/HEAD", "notes/a.txt"} {
		if got, err := os.ReadFile(filepath.Join(repo, name)); err != nil || string(got) != "keep me" {
			t.Errorf("%s = %q, %v after the refused builds; want it untouched", name, got, err)
		}
	}
}

// TestStaleTemporariesRemoved checks that a build removes what killed
// builds left beside the output (issue 13: 12 kills left 217 MB), keeps
// the work of a build still running, and leaves nothing of its own.
func TestStaleTemporariesRemoved(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "public")
	live := ".public-build-" + strconv.Itoa(os.Getpid()) + "-1" // this process: still running
	stale := []string{".public-build-2147483646-7", ".public-build-2147483646-7-old", ".public-123456", ".public-123456.old"}
	for _, d := range append(stale, live, "unrelated") {
		mustWrite(t, filepath.Join(parent, d, "index.html"), "x")
	}
	if _, err := Build(context.Background(), Config{Content: fixture(t), OutDir: out}); err != nil {
		t.Fatal(err)
	}
	got := dirNames(t, parent)
	want := []string{live, "public", "unrelated"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("after Build, %s holds %q; want %q", parent, got, want)
	}
}

// TestCancelledBuild checks that a cancelled build returns the context's
// error, keeps the previous output and leaves no temporary directory.
func TestCancelledBuild(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "public")
	if _, err := Build(context.Background(), Config{Content: fixture(t), OutDir: out}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Build(ctx, Config{Content: fixture(t), OutDir: out})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Build(cancelled) = %v; want context.Canceled", err)
	}
	if got := dirNames(t, parent); len(got) != 1 || got[0] != "public" {
		t.Errorf("after a cancelled build, %s holds %q; want only public", parent, got)
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Errorf("a cancelled build removed the previous site: %v", err)
	}
}

// TestDiskFullReportedOnce makes every file of a build land on /dev/full,
// which fails each write with ENOSPC, and checks that the build says so
// once, with the directory and the size that did not fit (issue 13: 37
// lines of the same error).
func TestDiskFullReportedOnce(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full on this system")
	}
	good := mustRender(t, fixture(t))
	dir := t.TempDir()
	n, searchFiles := 0, 0
	err := filepath.WalkDir(good, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(good, path)
		target := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		n++
		if strings.HasPrefix(filepath.ToSlash(rel), "assets/search-") || strings.HasPrefix(filepath.ToSlash(rel), "search/") {
			searchFiles++ // the index's files: its first file, shards, texts, typo words; the manifest
		}
		return os.Symlink("/dev/full", target)
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Render(context.Background(), Config{Content: fixture(t), BaseURL: "https://example.test"}, dir)
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("Render onto a full disk = %v; want an ErrorList", err)
	}
	if len(list) != 1 {
		t.Fatalf("Render onto a full disk reported %d errors; want 1:\n%v", len(list), list)
	}
	msg := list[0].Error()
	for _, want := range []string{dir, "no space left on device", " file(s) of "} {
		if !strings.Contains(msg, want) {
			t.Errorf("disk-full error %q lacks %q", msg, want)
		}
	}
	if !regexp.MustCompile(` of [0-9.]+ [KMG]?B`).MatchString(msg) {
		t.Errorf("disk-full error %q does not say how much did not fit", msg)
	}
	// Every file the build wrote counts; the search index, which reads the
	// pages back, is not attempted once pages did not fit.
	var count int
	fmt.Sscanf(msg[strings.Index(msg, "device: ")+len("device: "):], "%d", &count)
	if count < n-searchFiles-4 || count > n {
		t.Errorf("disk-full error counts %d files; the build writes %d", count, n)
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
