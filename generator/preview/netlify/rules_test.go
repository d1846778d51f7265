package netlify

import (
	"testing"

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
	r, err := Parse(`
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
		to, status, ok := r.Redirect(tt.path, tt.force)
		if diff := cmp.Diff(tt.want, result{to, status, ok}); diff != "" {
			t.Errorf("redirect(%q, force=%t) (-want +got):\n%s", tt.path, tt.force, diff)
		}
	}
}
