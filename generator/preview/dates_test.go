package preview

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/generator"
)

// git runs git in dir with a fixed identity and commit date.
func git(t *testing.T, dir, date string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date, "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

var updated = regexp.MustCompile(`<time datetime="([0-9-]+)">`)

// lastUpdated returns the date a page shows as last updated, or "".
func lastUpdated(html string) string {
	if m := updated.FindStringSubmatch(html); m != nil {
		return m[1]
	}
	return ""
}

// TestServeShowsGitDates checks that the preview shows the date of each
// page's last commit, the same as gen build, and a new one after a commit
// (the rebuild does not serve the old date from its cache).
func TestServeShowsGitDates(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := copyRepo(t)
	git(t, dir, "2025-03-04T12:00:00Z", "init", "-q")
	git(t, dir, "2025-03-04T12:00:00Z", "add", ".")
	git(t, dir, "2025-03-04T12:00:00Z", "commit", "-q", "-m", "first")
	page := filepath.Join(dir, "content/zh-CN/docs/create-task.md")
	writeFile(t, page, readFile(t, page)+"\n")
	git(t, dir, "2025-05-06T12:00:00Z", "commit", "-q", "-am", "second")

	glossary := filepath.Join(dir, "content/en/glossary.md")
	writeFile(t, glossary, readFile(t, glossary)+"\n") // committed later

	out := filepath.Join(t.TempDir(), "public")
	if _, err := generator.Build(context.Background(), generator.Config{Content: os.DirFS(dir), Root: dir, OutDir: out, GitDir: dir}); err != nil {
		t.Fatal(err)
	}
	p := startPreview(t, dir, Config{})
	want := map[string]string{"/docs/create-task/": "2025-03-04", "/zh-CN/docs/create-task/": "2025-05-06", "/zh-CN/glossary/": "2025-03-04"}
	for path, date := range want {
		built := lastUpdated(readFile(t, filepath.Join(out, filepath.FromSlash(path), "index.html")))
		served := lastUpdated(p.page(path))
		if built != date || served != date {
			t.Errorf("%s: gen build shows %q, gen serve %q; want %q", path, built, served, date)
		}
	}

	// A commit, then a change elsewhere that rebuilds: the committed
	// page's date is new although its source has not changed since the
	// last build, so it must not come from the cache.
	git(t, dir, "2025-07-08T12:00:00Z", "commit", "-q", "-am", "third")
	other := filepath.Join(dir, "content/en/docs/stage-types.md")
	writeFile(t, other, readFile(t, other)+"\n")
	p.until("the new date served", 120*time.Second, func() bool {
		return lastUpdated(p.page("/glossary/")) == "2025-07-08"
	})
}
