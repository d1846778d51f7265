package preview

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestHeaderPatterns(t *testing.T) {
	tests := []struct {
		pattern string
		match   []string
		noMatch []string
	}{
		{"/*", []string{"/", "/a", "/a/b/c.html"}, nil},
		{"/", []string{"/"}, []string{"/a", ""}},
		{"/*/", []string{"/docs/", "/zh-CN/docs/x/"}, []string{"/", "/docs", "/a.html"}},
		{"/*.html", []string{"/404.html", "/zh-CN/404.html"}, []string{"/a.htm", "/a.html/", "/"}},
		{"/protocol/*", []string{"/protocol/x.json", "/protocol/"}, []string{"/protocol", "/p/protocol/x"}},
		{"/protocol/*.json", []string{"/protocol/a.json", "/protocol/a.schema.json"}, []string{"/protocol/a.md", "/a.json"}},
		{"/users/:id/edit", []string{"/users/42/edit"}, []string{"/users/42/x/edit", "/users//edit"}},
	}
	for _, tt := range tests {
		re, _ := compilePattern(tt.pattern, false)
		for _, p := range tt.match {
			if !re.MatchString(p) {
				t.Errorf("header pattern %q does not match %q", tt.pattern, p)
			}
		}
		for _, p := range tt.noMatch {
			if re.MatchString(p) {
				t.Errorf("header pattern %q matches %q", tt.pattern, p)
			}
		}
	}
}

func TestRedirects(t *testing.T) {
	r, err := parseRules(`
[[redirects]]
  from = "/old"
  to = "/new/"
[[redirects]]
  from = "/blog/*"
  to = "/news/:splat"
  status = 302
[[redirects]]
  from = "/u/:user/p/:post"
  to = "/posts/:post?by=:user"
  status = 308
[[redirects]]
  from = "/zh-CN/*"
  to = "/zh-CN/404.html"
  status = 404
[[redirects]]
  from = "/shadowed"
  to = "/other/"
  status = 200
  force = true
`)
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		To     string
		Status int
		OK     bool
	}
	tests := []struct {
		path  string
		force bool
		want  result
	}{
		{"/old", false, result{"/new/", 301, true}},
		{"/old/", false, result{"/new/", 301, true}},
		{"/older", false, result{}},
		{"/blog/2024/post/", false, result{"/news/2024/post/", 302, true}},
		{"/blog", false, result{"/news/", 302, true}},
		{"/u/ann/p/7", false, result{"/posts/7?by=ann", 308, true}},
		{"/zh-CN/nope/", false, result{"/zh-CN/404.html", 404, true}},
		{"/shadowed", false, result{}},
		{"/shadowed", true, result{"/other/", 200, true}},
	}
	for _, tt := range tests {
		to, status, ok := r.redirect(tt.path, tt.force)
		if diff := cmp.Diff(tt.want, result{to, status, ok}); diff != "" {
			t.Errorf("redirect(%q, force=%t) (-want +got):\n%s", tt.path, tt.force, diff)
		}
	}
}

// TestRepoHeaders applies the repository's netlify.toml to a few paths,
// including a header set by several rules (joined, as Netlify does).
func TestRepoHeaders(t *testing.T) {
	data, err := os.ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	r, err := parseRules(string(data) + "\n[[headers]]\n  for = \"/protocol/*\"\n  [headers.values]\n    Vary = \"Origin\"\n[[headers]]\n  for = \"/*.json\"\n  [headers.values]\n    Vary = \"\"\"\n      Accept\n      Accept-Encoding\"\"\"\n")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want map[string]string
	}{
		{"/protocol/pairag-task-publish-v18.json", map[string]string{
			"Access-Control-Allow-Origin": "*", "Content-Type": "application/json; charset=utf-8",
			"Cache-Control": "public, max-age=300", "Vary": "Origin, Accept, Accept-Encoding",
		}},
		{"/assets/site.4a6e1c42df.css", map[string]string{"Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable"}},
		{"/validator/", map[string]string{"Cache-Control": "public, max-age=0, must-revalidate", "Content-Security-Policy": wantCSP}},
	}
	for _, tt := range tests {
		h := http.Header{}
		r.apply(h, tt.path)
		for k, want := range tt.want {
			if got := h.Get(k); got != want {
				t.Errorf("apply(%q): %s = %q; want %q", tt.path, k, got, want)
			}
		}
	}
}

// netlifyError reports whether the status lists an error of netlify.toml
// at a line, containing msg.
func netlifyError(st Status, msg string) bool {
	for _, e := range st.Errors {
		if e.File == "netlify.toml" && e.Line > 0 && strings.Contains(e.Msg, msg) {
			return true
		}
	}
	return false
}

// breakNetlify misspells the first [headers.values]: that block would send
// nothing in production.
func breakNetlify(s string) string {
	return strings.Replace(s, "[headers.values]", "[headers.value]", 1)
}

// TestNetlifyBroken breaks netlify.toml while the preview runs: the
// overlay (status) and the terminal name the line, the headers in force
// stay those of the last good file, and the fix clears the error.
func TestNetlifyBroken(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{})
	name := filepath.Join(p.dir, "netlify.toml")
	orig := readFile(t, name)
	writeFile(t, name, breakNetlify(orig))
	p.until("the netlify.toml error", 60*time.Second, func() bool { return netlifyError(p.status(), `unknown key "headers.value`) })
	if _, h, _ := p.get("/"); h.Get("Content-Security-Policy") != wantCSP {
		t.Errorf("CSP after breaking netlify.toml = %q; want the last good file's", h.Get("Content-Security-Policy"))
	}
	if out := p.out.String(); !strings.Contains(out, "netlify.toml:") || !strings.Contains(out, "previous headers and redirects stay in force") {
		t.Errorf("terminal does not name the error and what is served:\n%s", out)
	}
	writeFile(t, name, orig)
	p.until("the fixed build", 60*time.Second, func() bool { st := p.status(); return st.OK })
}

// TestNetlifyBrokenAtStart: a preview started over a broken netlify.toml
// says, in the overlay and the terminal, that it serves without the
// production headers.
func TestNetlifyBrokenAtStart(t *testing.T) {
	dir := copyRepo(t)
	name := filepath.Join(dir, "netlify.toml")
	writeFile(t, name, breakNetlify(readFile(t, name)))
	p := startPreview(t, dir, Config{})
	if st := p.status(); st.OK || !netlifyError(st, `unknown key "headers.value`) {
		t.Errorf("status = %+v; want the netlify.toml error", st)
	}
	if out := p.out.String(); !strings.Contains(out, "WITHOUT the production headers") {
		t.Errorf("terminal does not say the headers are missing:\n%s", out)
	}
}
