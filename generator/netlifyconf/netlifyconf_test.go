package netlifyconf

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, text string
		want       *Config
		err        string
	}{
		{"empty", "", &Config{}, ""},
		{"every part", `
[build]
  command = "go run ./cmd/gen build"
  publish = "public"
  environment = { GO_VERSION = "1.26" }
[[headers]]
  for = "/*"
  [headers.values]
    X-Frame-Options = "DENY"
[[redirects]]
  from = "/old"
  to = "/new"
  force = true
[[redirects]]
  from = "/zh-CN/*"
  to = "/zh-CN/404.html"
  status = 404
`, &Config{
			Build:     Build{Command: "go run ./cmd/gen build", Publish: "public"},
			Headers:   []Header{{For: "/*", Values: map[string]string{"X-Frame-Options": "DENY"}}},
			Redirects: []Redirect{{From: "/old", To: "/new", Force: true}, {From: "/zh-CN/*", To: "/zh-CN/404.html", Status: 404}},
		}, ""},
		{"broken", "[[headers]\n", nil, "line 1:"},
		{"wrong type", "[[redirects]]\n  status = \"404\"\n", nil, "status"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.text)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: Parse = %v; want an error mentioning %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Parse: %v", tt.name, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: Parse (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestReadFileRepository(t *testing.T) {
	c, err := ReadFile("../../netlify.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Build.Publish != "public" || len(c.Headers) == 0 || len(c.Redirects) == 0 {
		t.Errorf("netlify.toml: build %+v, %d header rules, %d redirects; want public and some of each", c.Build, len(c.Headers), len(c.Redirects))
	}
	if _, err := ReadFile("missing.toml"); err == nil || !strings.Contains(err.Error(), "missing.toml") {
		t.Errorf("ReadFile(missing.toml) = %v; want an error naming it", err)
	}
}

// TestParseErrors: what would make production deploy without its headers
// is an error at its line.
func TestParseErrors(t *testing.T) {
	type want struct {
		line int
		msg  string
	}
	tests := []struct {
		name, text string
		want       []want
	}{
		{"syntax", "[build]\n  publish = \"public\"\n[[headers]\n", []want{{3, "expected end of table array name"}}},
		{"type", "[[headers]]\n  for = \"/*\"\n  [headers.values]\n    X-Frame-Options = 1\n", []want{{4, "incompatible types"}}},
		{"misspelt values", "[[headers]]\n  for = \"/*\"\n  [headers.value]\n    X-Frame-Options = \"DENY\"\n", []want{
			{1, `block for "/*" without [headers.values]`}, {3, `unknown key "headers.value"`}}},
		{"misspelt for", "[[headers]]\n  fro = \"/*\"\n  [headers.values]\n    X = \"y\"\n", []want{{1, "without for"}, {2, `unknown key "headers.fro"`}}},
		{"second block", "[[headers]]\n  for = \"/\"\n  [headers.values]\n    X = \"y\"\n\n[[headers]]\n  for = \"/a\"\n", []want{{6, `block for "/a" without [headers.values]`}}},
	}
	for _, tt := range tests {
		_, err := Parse(tt.text)
		var errs Errors
		if !errors.As(err, &errs) {
			t.Errorf("%s: Parse = %v; want Errors", tt.name, err)
			continue
		}
		var got []want
		for _, e := range errs {
			got = append(got, want{e.Line, e.Msg})
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: Parse errors = %v; want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i].line != tt.want[i].line || !strings.Contains(got[i].msg, tt.want[i].msg) {
				t.Errorf("%s: error %d = %v; want line %d containing %q", tt.name, i, got[i], tt.want[i].line, tt.want[i].msg)
			}
		}
	}
}

// TestSandboxed reads the policies of a joined CSP header: a sandbox
// counts only when it lets neither scripts nor the origin back in.
func TestSandboxed(t *testing.T) {
	tests := []struct {
		csp  string
		want bool
	}{
		{"", false},
		{"default-src 'self'", false},
		{"default-src 'self'; script-src 'self', sandbox", true},
		{"sandbox", true},
		{"SANDBOX allow-forms", true},
		{"default-src 'self', sandbox allow-scripts", false},
		{"sandbox allow-same-origin", false},
		{"default-src 'self'; sandbox-ish", false},
	}
	for _, tt := range tests {
		if got := Sandboxed(tt.csp); got != tt.want {
			t.Errorf("Sandboxed(%q) = %v; want %v", tt.csp, got, tt.want)
		}
	}
}

// TestHeadersFor joins the values of a header set by several matching
// rules, as Netlify does; ":name" matches one non-empty segment, so a
// rule for a skill's files never matches its page.
func TestHeadersFor(t *testing.T) {
	c, err := Parse("[[headers]]\n  for = \"/*\"\n  [headers.values]\n    A = \"1\"\n[[headers]]\n  for = \"/skills/:slug/:file\"\n  [headers.values]\n    A = \"2\"\n    B = \"x\"\n")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, a, b string
	}{
		{"/skills/s/viewer.html", "1, 2", "x"},
		{"/skills/s/", "1", ""},
		{"/skills/s/a/b", "1", ""},
		{"/skills/index.html", "1", ""},
	}
	for _, tt := range tests {
		h := c.HeadersFor(tt.path)
		if h["A"] != tt.a || h["B"] != tt.b {
			t.Errorf("HeadersFor(%q) = %v; want A=%q B=%q", tt.path, h, tt.a, tt.b)
		}
	}
}

// ReadFile reads a netlify.toml file.
func ReadFile(name string) (*Config, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	c, err := Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}
