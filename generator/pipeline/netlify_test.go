package pipeline

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"pairag.com/portal/generator/netlifyconf"
)

// netlifyConfig is netlify.toml, with the checks of this file.
type netlifyConfig struct{ *netlifyconf.Config }

// readNetlify reads the repository's netlify.toml.
func readNetlify(t *testing.T) netlifyConfig {
	t.Helper()
	data, err := os.ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	c, err := netlifyconf.Parse(string(data))
	if err != nil {
		t.Fatalf("netlify.toml: %v", err)
	}
	return netlifyConfig{c}
}

const wantCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

// TestNetlify checks netlify.toml against what a build produces: every
// published file gets a Content-Type, no header is set twice for one path
// (Netlify would join the values), hashed assets are immutable, protocol
// files allow any origin, and every page carries the CSP.
func TestNetlify(t *testing.T) {
	cfg := readNetlify(t)
	if !strings.Contains(cfg.Build.Command, "go run ./cmd/gen build") || cfg.Build.Publish != "public" {
		t.Errorf("build = %+v; want go run ./cmd/gen build publishing public", cfg.Build)
	}
	dir := mustRender(t, withSkillpubFixture(t, fixture(t), time.Now()))
	for _, p := range publishedPaths(t, dir) {
		h := cfg.headersFor(t, p)
		if h["Content-Type"] == "" && !skillFile.MatchString(p) {
			t.Errorf("%s: no Content-Type rule", p)
		}
		csp := wantCSP
		if skillFile.MatchString(p) {
			csp += ", sandbox" // a second policy: third-party files are inert
		}
		if h["Content-Security-Policy"] != csp || h["X-Content-Type-Options"] != "nosniff" || h["X-Frame-Options"] != "DENY" {
			t.Errorf("%s: security headers %v", p, h)
		}
		if strings.HasPrefix(p, "/protocol/") && h["Access-Control-Allow-Origin"] != "*" {
			t.Errorf("%s: no CORS header", p)
		}
		if hashedAsset.MatchString(p) && !strings.Contains(h["Cache-Control"], "immutable") {
			t.Errorf("%s: hashed asset is not cached as immutable", p)
		}
		if !hashedAsset.MatchString(p) && strings.Contains(h["Cache-Control"], "immutable") {
			t.Errorf("%s: unhashed file cached as immutable", p)
		}
	}
	if h := cfg.headersFor(t, "/docs/create-task/"); h["Cache-Control"] == "" || strings.Contains(h["Cache-Control"], "immutable") {
		t.Errorf("page URL Cache-Control = %q; want a short cache", h["Cache-Control"])
	}
	if h := cfg.headersFor(t, "/validator.wasm"); h["Content-Type"] != "application/wasm" {
		t.Errorf("wasm Content-Type = %q", h["Content-Type"])
	}
	cfg.checkRedirects(t)
}

// skillFile matches the published files of a skill folder, not its page.
var skillFile = regexp.MustCompile(`^/skills/[^/]+/.*[^/]$`)

var hashedAsset = regexp.MustCompile(`^/assets/[a-z-]+\.[0-9a-f]{10}\.(css|js|json)$`)

// publishedPaths lists the URL paths of a build: files, and pages by their
// directory URL as well.
func publishedPaths(t *testing.T, dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		u := "/" + filepath.ToSlash(rel)
		out = append(out, u)
		if path.Base(u) == "index.html" {
			out = append(out, strings.TrimSuffix(u, "index.html"))
		}
		return nil
	})
	return out
}

// headersFor applies the rules as Netlify does: every matching rule
// contributes; a header set by two rules would be joined, which is an error.
func (c netlifyConfig) headersFor(t *testing.T, p string) map[string]string {
	out := map[string]string{}
	for _, h := range c.Headers {
		if !netlifyMatch(h.For, p) {
			continue
		}
		for k, v := range h.Values {
			if _, dup := out[k]; dup {
				if k == "Content-Security-Policy" && v == "sandbox" && skillFile.MatchString(p) {
					out[k] += ", " + v // joined on purpose: two policies, both enforced
					continue
				}
				t.Errorf("%s: %s is set by more than one rule (last %q)", p, k, h.For)
			}
			out[k] = v
		}
	}
	if strings.HasSuffix(p, "/") && out["Content-Type"] == "" {
		out["Content-Type"] = "text/html; charset=utf-8" // Netlify serves index.html as HTML
	}
	return out
}

// netlifyMatch matches a path against a rule as gen serve does: * matches
// any run of characters, slashes included, :name one segment.
func netlifyMatch(pattern, p string) bool {
	re, _ := netlifyconf.Pattern(pattern, false)
	return re.MatchString(p)
}

func (c netlifyConfig) checkRedirects(t *testing.T) {
	for _, r := range c.Redirects {
		if r.From == "/zh-CN/*" && r.To == "/zh-CN/404.html" && r.Status == 404 {
			return
		}
	}
	t.Error("netlify.toml: no redirect /zh-CN/* → /zh-CN/404.html with status 404")
}

// TestBuildChecksNetlify: a netlify.toml that would deploy without its
// headers fails the build at its line; the repository's own passes.
func TestBuildChecksNetlify(t *testing.T) {
	repo, err := os.ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, text string
		wantLine   int
		wantMsg    string // "": no error
	}{
		{"the repository's", string(repo), 0, ""},
		{"syntax", "[build]\n  publish = \"public\"\n[[headers]\n", 3, "expected end of table array name"},
		{"unknown header block", "[[headers]]\n  for = \"/*\"\n  [headers.value]\n    X-Frame-Options = \"DENY\"\n", 3, `unknown key "headers.value"`},
	}
	for _, tt := range tests {
		fsys := fixture(t)
		fsys["netlify.toml"] = &fstest.MapFile{Data: []byte(tt.text)}
		_, _, err := render(t, fsys)
		var list ErrorList
		errors.As(err, &list)
		found := false
		for _, e := range list {
			if e.File == "netlify.toml" {
				if tt.wantMsg == "" {
					t.Errorf("%s: Render error %v; want none for netlify.toml", tt.name, e)
				}
				found = found || e.Line == tt.wantLine && strings.Contains(e.Msg, tt.wantMsg)
			}
		}
		if tt.wantMsg != "" && !found {
			t.Errorf("%s: Render = %v; want an error at netlify.toml:%d containing %q", tt.name, err, tt.wantLine, tt.wantMsg)
		}
	}
}
