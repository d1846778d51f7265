package preview

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pairag.com/portal/generator/preview/netlify"
)

// TestRepoHeaders applies the repository's netlify.toml to a few paths,
// including a header set by several rules (joined, as Netlify does).
func TestRepoHeaders(t *testing.T) {
	data, err := os.ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	r, err := netlify.Parse(string(data) + "\n[[headers]]\n  for = \"/protocol/*\"\n  [headers.values]\n    Vary = \"Origin\"\n[[headers]]\n  for = \"/*.json\"\n  [headers.values]\n    Vary = \"\"\"\n      Accept\n      Accept-Encoding\"\"\"\n")
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
		{"/validator/", map[string]string{"Cache-Control": "public, max-age=0, must-revalidate", "Content-Security-Policy": wantCSP(t)}},
	}
	for _, tt := range tests {
		h := http.Header{}
		r.Apply(h, tt.path)
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
	if _, h, _ := p.get("/"); h.Get("Content-Security-Policy") != wantCSP(t) {
		t.Errorf("CSP after breaking netlify.toml = %q; want the last good file's", h.Get("Content-Security-Policy"))
	}
	if out := p.out.String(); !strings.Contains(out, "netlify.toml:") || !strings.Contains(out, "previous headers and redirects stay in force") {
		t.Errorf("terminal does not name the error and what is served:\n%s", out)
	}
	writeFile(t, name, orig)
	p.until("the fixed build", 60*time.Second, func() bool { st := p.status(); return st.OK })
}

// TestNetlifyEmptiedThenBroken: an editor that truncates netlify.toml
// before writing broken text must not leave the preview without the last
// good file's headers (the empty file in between is not "no rules").
func TestNetlifyEmptiedThenBroken(t *testing.T) {
	p := startPreview(t, copyRepo(t), Config{})
	name := filepath.Join(p.dir, "netlify.toml")
	orig := readFile(t, name)
	writeFile(t, name, "")
	p.until("the empty netlify.toml noticed", 60*time.Second, func() bool { return strings.Contains(p.out.String(), "netlify.toml is empty") })
	writeFile(t, name, breakNetlify(orig))
	p.until("the netlify.toml error", 60*time.Second, func() bool { return netlifyError(p.status(), `unknown key "headers.value`) })
	if _, h, _ := p.get("/"); h.Get("Content-Security-Policy") != wantCSP(t) {
		t.Errorf("CSP after emptying and breaking netlify.toml = %q; want the last good file's", h.Get("Content-Security-Policy"))
	}
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
