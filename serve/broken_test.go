package serve

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestBrokenChange breaks the content in several ways and checks that the
// status reports the error with its file and line while the last good page
// is still served, and that the fix clears it.
func TestBrokenChange(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{})
	tests := []struct {
		name     string
		file     string
		breakIt  func(orig string) string
		wantFile string
		wantLine int // 0: any line
		wantMsg  string
	}{
		{
			name:     "unknown front matter key",
			file:     "content/en/validator.md",
			breakIt:  func(s string) string { return strings.Replace(s, "title:", "titel:", 1) },
			wantFile: "content/en/validator.md", wantLine: 2, wantMsg: `unknown field "titel"`,
		},
		{
			name:     "unclosed front matter",
			file:     "content/zh-CN/validator.md",
			breakIt:  func(s string) string { return strings.Replace(s, "order: 40\n---\n", "order: 40\n", 1) },
			wantFile: "content/zh-CN/validator.md", wantLine: 1, wantMsg: "front matter",
		},
		{
			name:     "broken link",
			file:     "content/en/validator.md",
			breakIt:  func(s string) string { return s + "\nSee [nowhere](/docs/no-such-page/).\n" },
			wantFile: "content/en/validator.md", wantMsg: "/docs/no-such-page/",
		},
		{
			name:     "invalid protocol JSON",
			file:     "protocol/pairag-task-publish-v18.json",
			breakIt:  func(s string) string { return s[:len(s)/2] },
			wantFile: "protocol/pairag-task-publish-v18.json",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p.t = t
			name := filepath.Join(p.dir, tt.file)
			orig := readFile(t, name)
			good := p.page("/validator/")
			writeFile(t, name, tt.breakIt(orig))
			p.next("status", 10*time.Second)

			st := p.status()
			if st.OK || len(st.Errors) == 0 {
				t.Fatalf("status after breaking %s = %+v; want errors", tt.file, st)
			}
			found := false
			for _, e := range st.Errors {
				if e.File == tt.wantFile && (tt.wantLine == 0 || e.Line == tt.wantLine) && strings.Contains(e.Msg, tt.wantMsg) {
					found = true
				}
			}
			if !found {
				t.Errorf("status errors = %+v; want one at %s:%d containing %q", st.Errors, tt.wantFile, tt.wantLine, tt.wantMsg)
			}
			if got := p.page("/validator/"); got != good {
				t.Errorf("/validator/ changed after a failed build; want the last good page")
			}
			if out := p.out.String(); !strings.Contains(out, tt.wantFile+":") || !strings.Contains(out, "still serving the last good site") {
				t.Errorf("terminal output lacks the error:\n%s", out)
			}

			writeFile(t, name, orig)
			p.next("reload", 10*time.Second)
			st = p.status()
			if !st.OK || len(st.Errors) != 0 {
				t.Errorf("status after the fix = %+v; want ok and no errors", st)
			}
		})
	}
}

// TestFirstBuildBroken starts over broken content: a placeholder page with
// the reload script is served (503) until a fix builds the site.
func TestFirstBuildBroken(t *testing.T) {
	dir := copyRepo(t)
	name := filepath.Join(dir, "content/en/validator.md")
	orig := readFile(t, name)
	writeFile(t, name, strings.Replace(orig, "title:", "titel:", 1))
	p := startPreview(t, dir, Config{})

	code, _, body := p.get("/validator/")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, `src="/__gen/reload.js"`) {
		t.Errorf("GET /validator/ before any good build = %d %q; want 503 with the reload script", code, body)
	}
	st := p.status()
	want := []Problem{{File: "content/en/validator.md", Line: 2, Msg: `front matter: unknown field "titel"`}}
	if diff := cmp.Diff(want, st.Errors); diff != "" || st.Site != "" {
		t.Errorf("status errors (-want +got):\n%s site %q", diff, st.Site)
	}
	writeFile(t, name, orig)
	p.next("reload", 10*time.Second)
	if code, _, _ := p.get("/validator/"); code != http.StatusOK {
		t.Errorf("GET /validator/ after the fix = %d; want 200", code)
	}
}
