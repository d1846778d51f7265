package preview

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/generator/markdown"
)

// TestSupersededBuild edits a long page, and while that rebuild runs,
// another page: the running build is cancelled and one build serves both
// changes (issue 13: builds take a context and stop when a newer save
// supersedes them).
func TestSupersededBuild(t *testing.T) {
	dir := copyRepo(t)
	para := "Lorem ipsum dolor sit amet, **consectetur** adipiscing elit, `code` sed do [link](/docs/create-task/) tempor.\n\n"
	body := "---\ntitle: Long\ndescription: A long page.\nnav: false\n---\n\n## Section\n\n" + strings.Repeat(para, (markdown.MaxPageBytes-64<<10)/len(para)) // as long as a page may be: a slow rebuild
	for _, lang := range []string{"en", "zh-CN"} {
		writeFile(t, filepath.Join(dir, "content", lang, "long.md"), body)
	}
	p := startPreview(t, dir, Config{})
	work := p.srv.work.Current()
	sites := func() int { m, _ := filepath.Glob(filepath.Join(work, "site-*")); return len(m) }
	before := sites()

	writeFile(t, filepath.Join(dir, "content", "en", "long.md"), body+"First change.\n")
	for deadline := time.Now().Add(60 * time.Second); sites() <= before; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the rebuild did not start within 60 s")
		}
	}
	name := filepath.Join(dir, page)
	writeFile(t, name, readFile(t, name)+"\nSecond change.\n")
	p.until("both changes served", 120*time.Second, func() bool {
		return strings.Contains(p.page("/validator/"), "Second change.") && strings.Contains(p.page("/long/"), "First change.")
	})
	if out := p.out.String(); !strings.Contains(out, "build superseded by a newer change") {
		t.Errorf("the first rebuild was not superseded:\n%s", out)
	}
}
